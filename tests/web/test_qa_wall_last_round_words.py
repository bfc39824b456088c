"""QA, the wall (1920 x 1080) and the phone side by side: a past verdict under the next call.

The wall headed it "last: NOT A LIE! Ann called 9 ..." while the phone in hand said "Last round:"
(Farkel's "Last turn:", and there the wall's line had no heading at all): two boards, two ways
of saying one thing. The wall now says the phone's words. Same Chromium and fixtures as
test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

LINE = "#sb-stage .last-verdict"


def test_the_wall_heads_the_last_round_s_verdict_as_the_phone_does(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    table.act({"by": "Bob", "do": "pull", "dice": [6, 4]})
    table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "8"})
    board.wait_for_selector(f'#app[data-call="8"] {LINE}')
    line = board.inner_text(LINE)
    assert line == "Last round: NOT A LIE! Ann called 9 and rolls again — the dice show 6-4. Bob pulled and loses a life."
    # The heading on one line, not in the stage's capitals, apart from the verdict's bold word.
    assert board.inner_text(f"{LINE} .past-label") == "Last round:"
    assert board.inner_text(f"{LINE} b") == "NOT A LIE!"
    # The phone's heading, word for word.
    phone.page.wait_for_selector("#ctl-verdict.past")
    assert phone.page.inner_text("#ctl-verdict .label") == "Last round:"
    assert phone.page.inner_text("#ctl-verdict") == line
    assert errors == []


def test_the_wall_heads_farkel_s_last_turn_as_the_phone_does(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0, "target": 1000}})
    table.act({"by": "Ann", "do": "roll", "dice": [2, 2, 3, 3, 4, 6]})      # a farkle: Bob's turn
    table.act({"by": "Bob", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]})      # under way: the farkle is past
    board.wait_for_selector(f'#app[data-game="farkel"] {LINE}.outcome-farkel')
    line = board.inner_text(LINE)
    assert line.startswith("Last turn: FARKEL: Ann rolled "), line
    assert board.inner_text(f"{LINE} .past-label") == "Last turn:"
    phone.page.wait_for_selector('#ctl-verdict.past:has-text("FARKEL")')
    assert phone.page.inner_text("#ctl-verdict .label") == "Last turn:"
    assert phone.page.inner_text("#ctl-verdict") == line
    assert errors == []
