"""QA, liar's dice from a 390 px phone: raising and bouncing back a zhai call.

Played through: Ann called six 1s (a call of 1s is zhai), bounced back to her. The phone showed
nine (breaking zhai, three more) with the zhai box unticked: the raise everyone makes, seven of
a face zhai, was behind the box. And ticking "bounce back" over a zhai call left no call at all
to tap: the bounce (the call and two more, zhai as it stands) was hidden by the unticked zhai
box. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_after_a_zhai_call_the_phone_offers_zhai_raises_and_the_bounce_back(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy", "Dee"]})
    table.act({"by": "Ann", "do": "call", "count": 5, "face": 3, "zhai": True})
    phone.turn("Bob")
    # The standing call is zhai: so are the raises offered first, from five 4s zhai.
    assert page.is_checked('#ctl-actions input[data-flag="zhai"]')
    page.wait_for_selector('#call-count[data-count="5"]')
    page.click('#ctl-actions button[data-do="call"][data-count="5"][data-face="4"]')
    phone.turn("Cy")
    assert table.public_state()["call_detail"] == {"count": 5, "face": 4, "zhai": True}

    # Cy bounces Bob's five 4s zhai back to him: seven 4s zhai, offered once the box is ticked
    # (whatever the zhai box says: the bounce is the standing call's kind).
    page.uncheck('#ctl-actions input[data-flag="zhai"]')
    page.click('#ctl-actions input[data-flag="bounce"]')
    bounce = '#ctl-actions button[data-do="call"][data-count="7"][data-face="4"]'
    page.wait_for_selector(bounce)
    assert page.locator('#ctl-actions button[data-do="call"]:not([disabled])').count() == 1
    page.click(bounce)
    phone.turn("Bob")
    assert table.public_state()["call_detail"] == {"count": 7, "face": 4, "zhai": True}
    assert table.public_state()["answers"] == "Cy"

    # Bob breaks zhai: unticked, the box offers the non-zhai calls, ten (three more) and up.
    assert page.is_checked('#ctl-actions input[data-flag="zhai"]')
    page.uncheck('#ctl-actions input[data-flag="zhai"]')
    page.wait_for_selector('#call-count[data-count="10"]')
    page.click('#ctl-actions button[data-do="call"][data-count="10"][data-face="2"]')
    phone.turn("Cy")
    assert table.public_state()["call_detail"] == {"count": 10, "face": 2, "zhai": False}
    # A non-zhai call standing: the box starts unticked again.
    assert not page.is_checked('#ctl-actions input[data-flag="zhai"]')
    assert errors == []


def test_ticking_bounce_back_over_a_zhai_call_offers_the_bounce(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 1})     # four 1s: zhai
    phone.turn("Bob")
    page.click('#ctl-actions input[data-flag="bounce"]')
    page.wait_for_selector('#ctl-actions button[data-do="call"][data-count="6"][data-face="1"]', timeout=5000)
    page.click('#ctl-actions button[data-do="call"][data-count="6"][data-face="1"]')
    phone.turn("Ann")
    assert table.public_state()["call_detail"] == {"count": 6, "face": 1, "zhai": True}
    assert errors == []
