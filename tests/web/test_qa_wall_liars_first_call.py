"""QA, the wall at a liar's dice round before its first call.

The line under "New round" said "open with at least 5 × · …": in liar's dice to open is to
challenge (lift the cups), so the room read it as when the cups may be lifted. It now says
"first call at least …", as the phone does. And it said "at least 6 × · 5 × zhai · 4 × 1s": six of
what, the room could not tell; the non-zhai call is of any face, 1s wild (the seed's "six to
start"), and the line says so. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import re

import pytest

from .test_browser import browser, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_the_wall_says_first_call_not_open(served, browser):
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy", "Dee"]})
    board.wait_for_selector(".callbox.fresh #opening-minimum")
    line = board.inner_text(".callbox.fresh #opening-minimum").replace("\xa0", " ")
    assert line == "first call at least 6 × any face · 5 × zhai · 4 × 1s"
    assert "open" not in board.inner_text(".callbox.fresh").lower()
    # Every count says what of: "6 ×" stood with nothing after it.
    assert re.findall(r"\d+ × (?:any face|zhai|1s)", line) == ["6 × any face", "5 × zhai", "4 × 1s"]
    # The lowest call in bold, whole.
    assert board.inner_text(".callbox.fresh #opening-minimum b").replace("\xa0", " ") == "6 × any face"
