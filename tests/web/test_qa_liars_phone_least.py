"""QA, liar's dice from a 390 px phone: the round's lowest first calls.

Four players: the wall said "at least 6 × · 5 × zhai · 4 × 1s"; the phone showed the stepper at
six with the faces 2-6 and nothing else: four 1s, the lowest call of all, was behind the zhai
box, and nothing said so. Both now say the first of them as the table does: "6× any face".
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_the_phone_says_the_lowest_first_calls_until_a_call_stands(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy", "Dee"]})
    phone.turn("Ann")
    page.wait_for_selector("#ctl-least")
    assert page.inner_text("#ctl-least").replace("\xa0", " ") == (
        "First call at least 6× any face · 5× zhai · 4× 1s (1s and zhai: tick zhai)")
    # Each call whole on its line: "6×" says what of, as the table says it (six of any face, 1s
    # wild: "6×" stood with nothing after it).
    assert page.inner_text("#ctl-least b").replace("\xa0", " ") == "6× any face"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # As it says: ticked, the stepper goes down to four, and the 1 calls four 1s.
    page.check('#ctl-actions input[data-flag="zhai"]')
    page.click('#ctl-actions button[data-do="call"][data-count="4"][data-face="1"]')
    phone.turn("Bob")
    assert page.locator("#ctl-least").count() == 0          # a call stands: it raises that
    assert table.public_state()["call_detail"] == {"count": 4, "face": 1, "zhai": True}
    assert errors == []
