"""QA, the wall at Farkel: the kept dice roll by roll.

The "kept" row was grouped only at hot dice: a pair of 1s kept from one roll and a 5 from the next
ran together as "1 1 5", and nobody across the room could tell what each roll had set aside. Each
roll's keep now stands apart (a gap and a rule between), within its round of six, from the
state's ``kept_rolls``. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, open_wall, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

ROLLS = """() => [...document.querySelectorAll('#kept .kept-group')].map((g) => ({
  hot: g.classList.contains('hot'),
  rolls: [...g.querySelectorAll('.kept-roll')].map((r) => [...r.querySelectorAll('svg.die')].map((d) => {
    const b = d.getBoundingClientRect();
    return {left: b.left, right: b.right, height: b.height};
  })),
}))"""


def total(board, text: str) -> None:
    board.wait_for_function(f"() => (document.getElementById('turn-total') || {{}}).textContent === '{text}'")


def test_each_roll_s_keep_stands_apart_on_the_wall(served, browser):
    url, table = served
    board, errors = open_wall(browser, url)
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 2, 3, 4, 6]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1]})
    table.act({"by": "Ann", "do": "roll", "dice": [5, 2, 3, 4]})
    table.act({"by": "Ann", "do": "keep", "dice": [5]})
    total(board, "250")
    groups = board.evaluate(ROLLS)
    assert [(g["hot"], [len(r) for r in g["rolls"]]) for g in groups] == [(False, [2, 1])]
    pair, five = groups[0]["rolls"]
    within = pair[1]["left"] - pair[0]["right"]
    between = five[0]["left"] - pair[1]["right"]
    assert between > within + 15, (within, between)        # the break reads from across the room
    assert pair[0]["height"] >= 80                          # full-size dice: the round in play
    # The last three dice all kept (two keeps from that roll: one keep of it): hot dice. Then
    # a 1 from the next six.
    table.act({"by": "Ann", "do": "roll", "dice": [5, 1, 5]})
    table.act({"by": "Ann", "do": "keep", "dice": [5, 1]})
    table.act({"by": "Ann", "do": "keep", "dice": [5]})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]})
    table.act({"by": "Ann", "do": "keep", "dice": [1]})
    total(board, "550")
    SHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SHOTS / "farkel-kept-rolls.png"))
    groups = board.evaluate(ROLLS)
    assert [(g["hot"], [len(r) for r in g["rolls"]]) for g in groups] == [(True, [2, 1, 3]), (False, [1])]
    assert board.inner_text("#kept .kept-group.hot small").strip().lower() == "hot dice"
    assert not errors
