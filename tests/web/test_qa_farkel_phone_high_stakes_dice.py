"""QA, Farkel with High Stakes, from a 390 px phone: how many dice the roll takes.

Ann banked with three dice left. Bob ticked High Stakes to take them over, and the phone still
said "Turn total 0 · 6 dice to roll" above "roll (High Stakes) 3 dice for 200 points". The count
follows the box: 3 ticked (the dice left, from the state's high_stakes), 6 unticked. Same
Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

BOX = '#ctl-actions input[data-flag="high_stakes"]'


def turn_line(page) -> str:
    return page.inner_text("#ctl-turn").replace("\u00a0", " ")   # ("High Stakes" kept on one line)


def test_the_dice_to_roll_follow_the_high_stakes_box(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0, "high_stakes": True}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 5, 5, 2, 3, 4]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 5, 5]})
    table.act({"by": "Ann", "do": "bank"})
    assert table.public_state()["high_stakes"] == {"dice": 3, "points": 200}
    phone.turn("Bob")
    page.wait_for_selector(BOX)
    assert turn_line(page) == "Turn total 0 · 6 dice to roll"
    page.check(BOX)                     # (the page answers the tick at once: no wait)
    assert turn_line(page) == "Turn total 0 · 3 dice to roll (High Stakes)"
    assert "3 dice for 200 points" in page.inner_text('#ctl-actions button[data-do="roll"]')
    page.uncheck(BOX)
    assert turn_line(page) == "Turn total 0 · 6 dice to roll"
    # Ticked again, the roll takes the three: their entry has three dice.
    page.check(BOX)
    page.click('#ctl-actions button[data-do="roll"]')
    page.wait_for_selector("#ctl-entry .picker")
    assert page.locator("#ctl-entry .picker").count() == 3
    assert errors == []
