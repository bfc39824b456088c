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
from .test_browser_wall_hyphen import BROKEN, LONG, long_name_pieces

pytestmark = pytest.mark.browser


def history(browser, url: str, size: dict, *, mobile: bool = True):
    page = browser.new_page(viewport=size, is_mobile=mobile, has_touch=mobile)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/history")
    page.wait_for_selector("table.games td")
    return page, errors


def long_names_broken(page) -> list[list[str]]:
    """Every broken word on the page broken at a hyphen, no piece shorter than three letters, the
    long name only where its syllables meet; the long name's pieces, each time it is broken."""
    return long_name_pieces(page.evaluate(BROKEN, ["main", "main"])["words"])


def games_with_the_long_name(table) -> None:
    """A Kuriki game the long name wins (a lie caught) and a Mia game in play, with a name that
    fits beside it ('Zoë Smith-Jones')."""
    table.start_game({"game": "kuriki", "players": ["Ann", LONG], "options": {"lives": 1}})
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 1]})
    table.act({"by": LONG, "do": "pull"})
    table.start_game({"game": "mia", "players": ["Dee", LONG, "Zoë Smith-Jones"]})


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_a_40_letter_name_in_the_history_is_broken_with_a_hyphen(served, browser, size):
    url, table = served
    games_with_the_long_name(table)
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
    # A tablet held sideways: the history is a table whose names stay on one line (a name too
    # long for it breaks too, test_a_40_letter_name_in_the_history_on_a_tablet...); held upright
    # a phone's cards are too narrow for the long name.
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", LONG], "options": {"lives": 1}})
    page, errors = history(browser, url, {"width": 1280, "height": 800})
    assert long_names_broken(page) == []
    page.set_viewport_size(PHONES[0])
    page.wait_for_function("() => document.querySelector('table.games').textContent.includes('\\u00ad')")
    assert len(long_names_broken(page)) >= 2
    assert errors == []


# A tablet: the history's tables keep each name on one line, and the 40-letter name made them
# scroll sideways (a 1017-1100 px table in a 652-976 px window). It breaks with a hyphen there
# now, the page no wider than the window; the names that fit are as they were, whole on a line.
@pytest.mark.parametrize("size", [{"width": 700, "height": 1000}, {"width": 1024, "height": 768}],
                         ids=lambda s: f"{s['width']}px")
def test_a_40_letter_name_in_the_history_on_a_tablet_is_broken_with_a_hyphen(served, browser, size):
    url, table = served
    games_with_the_long_name(table)
    page, errors = history(browser, url, size, mobile=False)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-tablet-{size['width']}.png"), full_page=True)
    # The page no wider than the window, both tables no wider than the page, and at 700 px the
    # long name nowhere in the games' table wider than a third of it. (At 700 px the players'
    # eight columns were 755 px wide, 'Zoë Smith-Jones' whole: that table scrolled. Each name
    # is on a line of its own above its figures there now, the long name whole on it:
    # test_browser_history_narrow.)
    wide = page.evaluate("""() => ({page: document.documentElement.scrollWidth,
        tables: [...document.querySelectorAll('main table')].map((t) => [t.scrollWidth, t.parentElement.clientWidth]),
        long: Math.max(...[...document.querySelectorAll('main table.games .one-name')]
          .filter((n) => n.textContent.replace(/\u00ad/g, '').startsWith('Wolfe')).map((n) => n.getBoundingClientRect().width))})""")
    assert wide["page"] <= size["width"], wide
    assert len(wide["tables"]) == 2, wide
    for scroll, client in wide["tables"]:
        assert scroll <= client + 1, wide
    assert size["width"] >= 1000 or wide["long"] <= wide["tables"][1][1] / 3, wide
    assert len(long_names_broken(page)) >= 2
    # The names that fit: no soft hyphen, each on one line.
    lines = page.evaluate("""() => [...document.querySelectorAll('main .one-name')]
        .filter((n) => !n.textContent.replace(/\\u00ad/g, '').startsWith('Wolfe'))
        .map((n) => [n.textContent, n.getClientRects().length, Math.round(n.getBoundingClientRect().height)])""")
    assert lines, lines
    for text, boxes, high in lines:
        assert "\u00ad" not in text and boxes == 1 and high <= 40, (text, boxes, high)
    assert errors == []
