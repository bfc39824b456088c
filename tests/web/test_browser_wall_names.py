"""The player to act on the wall, read from across a bar room: a name too long for one line at a
size read at five metres goes onto two lines (three at a big table), as big as they fit, never
under 5 vh (54 px at 1080 lines), also when a big table's verdict is shrunk to fit the stage.
Shrunk onto one line, a 40-letter name stood 12-38 px high.
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


# Eight players: the verdict was shrunk whole to hold the long name (to 90%, under a pull's banner
# to 80%), the name with it, 49 px (43 px) at 1080 lines; its head (the big word and the name)
# now keeps its size and the rest of the verdict gives way. The photo as the referee keeps it
# carries its banner's words (written large above the dice); one kept before has none.
@pytest.mark.parametrize("others, banner", [(FEW, False), (MANY, False), (FEW, True), (MANY, True)],
                         ids=["four", "eight", "four-banner", "eight-banner"])
def test_a_40_letter_name_next_after_a_pull_reads_across_the_room(served_camera, browser, others, banner):
    """The verdict's corner names who plays next: a 40-letter name there stood 23 px high."""
    from vision.reading import View

    from .test_browser_wall_banner import evidence_photo

    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": ["Zed", LONG, *others[1:]], "options": {"lives": 5}})
    table.seal([5, 4], evidence_photo(View.BOTTOM) if banner else dice_photo("IMG_20191208_112648"))
    table.act({"by": "Zed", "do": "declare", "call": "double-6"})
    table.act({"by": LONG, "do": "pull"})             # a lie: Zed loses a life, LONG rolls next
    board.wait_for_selector("#verdict.outcome-lie #next-up .who-next")
    wait_for_photo(board)
    board.wait_for_timeout(300)                      # (what is fitted once the photo is in)
    assert board.locator("#evidence-banner").count() == (1 if banner else 0)
    seen = board.evaluate(SEEN, "#next-up .who-next")
    assert seen["text"] == LONG
    assert seen["px"] >= 54, f"the next player's name stands {seen['px']:.1f} px high at 1080 lines"
    assert seen["inside"] and not seen["cut"], seen
    # The big word stays big, and the verdict's last line is still on the wall.
    word = board.evaluate(SEEN, "#verdict .word")
    assert word["px"] >= 100, word
    assert verdict_overflow(board) <= 0
    # Nothing over anything: the name beside the big word, the rest of the verdict under them,
    # each part under the one before, all on the stage.
    laid = board.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
        const stage = box(document.getElementById('sb-stage'));
        const range = document.createRange();
        range.selectNodeContents(document.querySelector('#next-up .who-next'));
        return {stage, name: box(range), word: box(document.querySelector('#verdict .word')),
                parts: [...document.getElementById('verdict').children].map(box)}; }""")
    name, word, parts = laid["name"], laid["word"], laid["parts"]
    assert word["right"] <= name["left"] + 1 or word["bottom"] <= name["top"] + 1, laid
    for above, below in zip(parts, parts[1:]):
        assert above["bottom"] <= below["top"] + 1, laid
    assert parts[-1]["bottom"] <= laid["stage"]["bottom"] + 1, laid
    assert errors == []
