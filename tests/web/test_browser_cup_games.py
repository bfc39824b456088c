"""Real-browser tests of Mia and Deceit as they are played from a phone (390 px) with the wall
(1920x1080) watching: what each page says while a Mia or an 11 stands, and after a pull. Same
Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)
from .test_browser_small_phone import PHONES, phone_page, unlock

pytestmark = pytest.mark.browser

WALL = {"width": 1920, "height": 1080}


def wall_page(browser, url: str):
    page = browser.new_page(viewport=WALL)
    page.goto(url + "/")
    page.wait_for_selector('#app[data-ready="1"]')
    return page


def test_the_player_an_11_names_is_as_big_on_the_wall_as_the_words_around_it(served, browser):
    """Deceit: "1-1 names Cy: accept or pull". Cy, the one who must answer now, was drawn smaller
    than the words around it (Farkel's '.target' line size), hard to read across the bar."""
    url, table = served
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "11", "target": "Cy"})
    wall = wall_page(browser, url)
    wall.wait_for_selector(".answers-line .target")
    sizes = wall.evaluate("""() => { const t = document.querySelector('.answers-line .target');
        return [parseFloat(getComputedStyle(t).fontSize), parseFloat(getComputedStyle(t.parentElement).fontSize)]; }""")
    SHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=str(SHOTS / "deceit-11-wall.png"))
    assert wall.inner_text(".answers-line:has(.target)") == "1-1 names Cy: accept or pull"
    assert sizes[0] >= sizes[1], f"the named player is {sizes[0]} px in a {sizes[1]} px line"
