"""The player to act on the wall, read from across a bar room: a name too long for one line at a
size read at five metres goes onto two lines (three at a big table), as big as they fit, never
under 5 vh (54 px at 1080 lines). Shrunk onto one line, a 40-letter name stood 12-38 px high.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import browser, dice_photo, open_wall, served_camera, verdict_overflow, wait_for_photo  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

# Forty letters, no space to break at; and forty characters in three words.
LONG = "Wolfeschlegelsteinhausenbergerdorffvoral"
SPACED = "Bartholomew Fitzwilliam Featherstonehaug"
FEW = ["Ann", "Bob", "Cy"]
MANY = ["Ann", "Bob", "Cyrano", "Dee", "Everett", "Fitzgerald", "Gus"]

# The name as seen: its font size times the zoom the wall's fitting gave it or its stage (px),
# the lines it is laid out on, its text, and whether all of it is on the stage, uncut.
SEEN = """(sel) => {
    const el = document.querySelector(sel);
    let zoom = 1;
    for (let e = el; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const stage = document.getElementById('sb-stage').getBoundingClientRect();
    const text = range.getBoundingClientRect();
    return { px: parseFloat(getComputedStyle(el).fontSize) * zoom, lines, text: el.textContent,
             inside: text.left >= stage.left - 0.5 && text.right <= stage.right + 0.5
                     && text.top >= stage.top - 0.5 && text.bottom <= stage.bottom + 0.5,
             cut: el.scrollWidth > el.clientWidth + 1 }; }"""


@pytest.mark.parametrize("name, others, least, most_lines", [
    (LONG, FEW, 64, 2), (SPACED, FEW, 64, 2), (LONG, MANY, 54, 3)], ids=["four", "four-three-words", "eight"])
def test_a_40_letter_name_to_act_reads_across_the_room(served_camera, browser, name, others, least, most_lines):
    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": [name, *others], "options": {"lives": 5}})
    board.wait_for_selector(f'#app[data-to-act="{name}"] .turn .who-acts')
    seen = board.evaluate(SEEN, ".turn .who-acts")
    assert seen["text"] == name
    assert seen["px"] >= least, f"the name to act stands {seen['px']:.1f} px high at 1080 lines"
    assert seen["lines"] <= most_lines, seen
    assert seen["inside"] and not seen["cut"], seen
    assert errors == []


# (At a big table the stage may shrink the whole verdict a little to hold it all.)
@pytest.mark.parametrize("others, least", [(FEW, 53.5), (MANY, 45)], ids=["four", "eight"])
def test_a_40_letter_name_next_after_a_pull_reads_across_the_room(served_camera, browser, others, least):
    """The verdict's corner names who plays next: a 40-letter name there stood 23 px high."""
    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": ["Zed", LONG, *others[1:]], "options": {"lives": 5}})
    table.seal([5, 4], dice_photo("IMG_20191208_112648"))
    table.act({"by": "Zed", "do": "declare", "call": "double-6"})
    table.act({"by": LONG, "do": "pull"})             # a lie: Zed loses a life, LONG rolls next
    board.wait_for_selector("#verdict.outcome-lie #next-up .who-next")
    wait_for_photo(board)
    board.wait_for_timeout(300)                      # (what is fitted once the photo is in)
    seen = board.evaluate(SEEN, "#next-up .who-next")
    assert seen["text"] == LONG
    assert seen["px"] >= least, f"the next player's name stands {seen['px']:.1f} px high at 1080 lines"
    assert seen["inside"] and not seen["cut"], seen
    # The big word stays big, and the verdict's last line is still on the wall.
    word = board.evaluate(SEEN, "#verdict .word")
    assert word["px"] >= 100, word
    assert verdict_overflow(board) <= 0
    assert errors == []
