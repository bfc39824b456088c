"""A 40-letter name with no space on the phone's control page (the player to act, the roster, the
verdict): too long for a phone's line, the page's overflow-wrap broke it between any two letters
with nothing to say so ('...bergerd' / 'orffvoral'). Broken now as the wall breaks it
(test_browser_wall_hyphen, the same code in common.js): with a hyphen at each line's end, only
where its syllables meet, never within three letters of its ends. Names that fit are not touched.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)
from .test_browser_small_phone import PHONES, phone_page, unlock
from .test_browser_wall_hyphen import BROKEN, LONG, long_name_pieces

pytestmark = pytest.mark.browser


def broken_words(page) -> list[dict]:
    """Every word on the page laid out over more than one line: its pieces (one a line) and
    whether each cut is at a soft hyphen (drawn '-' at the line's end)."""
    return page.evaluate(BROKEN, ["#ctl-to-act", "#app"])["words"]


def check(page) -> int:
    """Every broken word on the page broken at a hyphen, no piece shorter than three letters,
    the long name only where its syllables meet; how many times the long name is broken."""
    return len(long_name_pieces(broken_words(page)))


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_a_40_letter_name_on_the_phone_is_broken_with_a_hyphen_where_syllables_meet(served, browser, size):
    url, table = served
    table.start_game({"game": "kuriki", "players": [LONG, "Bob", "Cy"], "options": {"lives": 2}})
    page, errors = phone_page(browser, url, size)
    phone = unlock(page)
    phone.turn(LONG)
    # To act: the page's head, the actions' head and the roster each have the name, too long
    # for a line there.
    assert page.evaluate("() => document.getElementById('ctl-to-act').textContent.replaceAll('\\u00ad', '')") == LONG
    assert check(page) >= 3
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-hyphen-to-act-{size['width']}.png"), full_page=True)
    # A verdict naming him: the page is written anew, the name broken with hyphens again.
    table.act({"by": LONG, "do": "declare", "call": "9", "dice": [1, 3]})
    phone.turn("Bob")
    table.act({"by": "Bob", "do": "pull"})            # a lie: the long name is in the shit
    page.wait_for_selector("#ctl-verdict")
    verdict = page.evaluate("() => document.getElementById('ctl-verdict').textContent.replaceAll('\\u00ad', '')")
    assert verdict.startswith(f"LIE! {LONG} called 9, loses a life and is in the shit"), verdict
    assert check(page) >= 2                           # the verdict and the roster
    # The short names, which fit, carry no soft hyphen; the page is no wider than the phone.
    assert "\u00ad" not in page.inner_text(".roster li[data-name='Bob']")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    page.screenshot(path=str(SHOTS / f"phone-hyphen-verdict-{size['width']}.png"), full_page=True)
    assert errors == []


def test_a_name_broken_once_the_phone_turns_is_broken_with_a_hyphen(served, browser):
    # Held upright the name may fit where, the phone turned, it does not (and the other way).
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Bob", LONG, "Cy"], "options": {"lives": 2}})
    page, errors = phone_page(browser, url, {"width": 844, "height": 390})
    unlock(page).turn("Bob")
    page.set_viewport_size(PHONES[1])
    page.wait_for_function("() => document.querySelector('.roster').textContent.includes('\\u00ad')")
    assert check(page) >= 1
    assert errors == []
