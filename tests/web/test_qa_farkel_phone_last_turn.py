"""QA, Farkel from a 390 px phone: the last turn's verdict during the next player's turn.

Played through: Ann banked 150, and all through Bob's turn (his High Stakes choice, his rolls,
his keeps) the phone showed "Ann banks 150: 150 in all." under his name as if it were his news;
liar's dice says "Last round:" once a call stands, Farkel, which has no call, never did. Same
Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_the_phone_says_the_verdict_is_the_last_turn_s(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0, "target": 1000}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 5, 2, 3, 4, 6]})   # a straight: 1500
    table.act({"by": "Ann", "do": "keep", "dice": [5]})
    table.act({"by": "Ann", "do": "bank"})
    phone.turn("Bob")
    page.wait_for_selector("#ctl-verdict.past")
    assert page.inner_text("#ctl-verdict").startswith("Last turn: Ann banks 50")
    table.act({"by": "Bob", "do": "roll", "dice": [2, 2, 3, 3, 4, 6]})     # a farkle
    phone.turn("Ann")
    page.wait_for_selector('#ctl-verdict.past:has-text("FARKEL")')
    assert page.inner_text("#ctl-verdict").startswith("Last turn: FARKEL: Bob rolled")
    # The game over, its last verdict is the news, not a past turn's.
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 1, 1, 1, 1]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1, 1, 1, 1]})
    table.act({"by": "Ann", "do": "bank"})                                # past 1,000: Bob's last turn
    table.act({"by": "Bob", "do": "roll", "dice": [2, 2, 3, 3, 4, 6]})
    assert table.public_state()["over"]
    page.wait_for_selector("#ctl-status h1.winner")
    assert page.locator("#ctl-verdict.past").count() == 0
    assert page.inner_text("#ctl-verdict").startswith("FARKEL: Bob rolled")
    assert errors == []
