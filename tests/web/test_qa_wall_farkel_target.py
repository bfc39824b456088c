"""QA, the wall at Farkel: the target line.

It said "first to 1,000", as if reaching it won; it only starts the final round, in which every
other player has one last turn. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import browser, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def targets(board) -> list[str]:
    return [t.replace("\xa0", " ") for t in board.locator(".target").all_inner_texts()]


def test_the_wall_says_the_target_only_starts_the_last_turns(served, browser):
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0, "target": 1000}})
    board.wait_for_selector('#app[data-to-act="Ann"] #turn-total')
    assert "target 1,000: then one last turn each" in targets(board)
    assert not any("first to" in t for t in targets(board))
    line = board.locator("#farkel-target")
    assert line.evaluate("e => e.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(e).fontSize)")
    # Ann reaches it: the others' last turns, and the line says FINAL ROUND beside it.
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 1, 1, 2, 3]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1, 1]})
    table.act({"by": "Ann", "do": "bank"})
    board.wait_for_selector('#app[data-to-act="Bob"] .final')
    assert any(t.startswith("target 1,000: then one last turn each · FINAL ROUND")
               for t in targets(board)), targets(board)
