"""QA, Farkel with High Stakes and a stake, from a 390 px phone.

Ann banked 150 with four dice left; Bob, with no points, cannot put up the 100 the stake asks.
The phone offered him a plain roll and nothing else: not the dice on offer, nor why he could not
take them. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_the_phone_says_why_high_stakes_is_not_offered(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 0, "high_stakes": True, "high_stakes_stake": 100}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 5, 2, 3, 4, 6]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 5]})
    table.act({"by": "Ann", "do": "bank"})
    phone.turn("Bob")
    page.wait_for_selector("#ctl-no-stake")
    assert page.inner_text("#ctl-no-stake") == (
        "High Stakes: the 4 dice left for 150 points ask 100 put up; Bob has 0: six dice to roll")
    assert page.locator('#ctl-actions input[data-flag="high_stakes"]').count() == 0
    # Ann, who can put it up, is offered the dice Bob leaves, and the line is not shown.
    table.act({"by": "Bob", "do": "roll", "dice": [1, 1, 1, 2, 3, 4]})
    table.act({"by": "Bob", "do": "keep", "dice": [1, 1, 1]})
    table.act({"by": "Bob", "do": "bank"})
    phone.turn("Ann")
    page.wait_for_selector('#ctl-actions input[data-flag="high_stakes"]')
    assert page.locator("#ctl-no-stake").count() == 0
    assert errors == []
