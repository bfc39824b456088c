"""A 40-letter name with no space in the history on a phone (the players' statistics, a game's
players and its winner): too long for a card's line, the page's overflow-wrap broke it between
any two letters with nothing to say so ('...bergerd' / 'orffvoral'), where the wall and the phone
break it with a hyphen. Broken now by the same code (common.js, test_browser_wall_hyphen): with a
hyphen at each line's end, only where its syllables meet, never within three letters of its ends.
Names that fit are not touched. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)
from .test_browser_small_phone import PHONES
from .test_browser_wall_hyphen import BROKEN, LONG, SYLLABLES

pytestmark = pytest.mark.browser


def history(browser, url: str, size: dict):
    page = browser.new_page(viewport=size, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/history")
    page.wait_for_selector("table.games td")
    return page, errors


def long_names_broken(page) -> list[list[str]]:
    """Every broken word on the page broken at a hyphen, no piece shorter than three letters, the
    long name only where its syllables meet; the long name's pieces, each time it is broken."""
    words = page.evaluate(BROKEN, ["main", "main"])["words"]
    for word in words:
        assert all(word["cutAtShy"]), f"broken between two letters with no hyphen: {word['pieces']}"
        assert all(len(p) >= 3 for p in word["pieces"]), word
    names = [w["pieces"] for w in words if "".join(w["pieces"]) == LONG]
    for pieces in names:
        cuts = [sum(len(p) for p in pieces[:i]) for i in range(1, len(pieces))]
        assert set(cuts) <= SYLLABLES, f"broken where no syllables meet: {'-/'.join(pieces)}"
    return names


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_a_40_letter_name_in_the_history_is_broken_with_a_hyphen(served, browser, size):
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", LONG], "options": {"lives": 1}})
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 1]})
    table.act({"by": LONG, "do": "pull"})                     # a lie caught: the long name wins
    table.start_game({"game": "mia", "players": ["Dee", LONG, "Zoë Smith-Jones"]})
    page, errors = history(browser, url, size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-hyphen-{size['width']}.png"), full_page=True)
    # Broken in the statistics, in each game's players and as the winner: four times at least.
    assert len(long_names_broken(page)) >= 4
    # The names that fit carry no soft hyphen; the page is no wider than the phone.
    for name in ("Ann", "Dee", "Zoë Smith-Jones"):
        assert "\u00ad" not in page.locator(f'table.games .one-name:text-is("{name}")').first.text_content()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    assert errors == []


def test_a_name_broken_once_the_phone_turns_is_broken_with_a_hyphen(served, browser):
    # Turned sideways the history is a table whose names stay on one line (it scrolls sideways);
    # held upright the long name no longer fits its card.
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", LONG], "options": {"lives": 1}})
    page, errors = history(browser, url, {"width": 844, "height": 390})
    assert long_names_broken(page) == []
    page.set_viewport_size(PHONES[0])
    page.wait_for_function("() => document.querySelector('table.games').textContent.includes('\\u00ad')")
    assert len(long_names_broken(page)) >= 2
    assert errors == []
