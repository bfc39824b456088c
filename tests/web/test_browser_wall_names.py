"""The player to act on the wall, read from across a bar room: a name too long for one line at a
size read at five metres goes onto two lines (three at a big table), as big as they fit, never
under 5 vh (54 px at 1080 lines), also when a big table's verdict is shrunk to fit the stage.
Shrunk onto one line, a 40-letter name stood 12-38 px high.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import browser, dice_photo, open_wall, served_camera, verdict_overflow, wait_for_laid, wait_for_photo  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

# Forty letters, no space to break at; and forty characters in three words.
LONG = "Wolfeschlegelsteinhausenbergerdorffvoral"
SPACED = "Bartholomew Fitzwilliam Featherstonehaug"
FEW = ["Ann", "Bob", "Cy"]
MANY = ["Ann", "Bob", "Cyrano", "Dee", "Everett", "Fitzgerald", "Gus"]

# The name as seen: its font size times the zoom the wall's fitting gave it or its stage (px),
# the lines it is laid out on, its text (as read: without the soft hyphens a word broken across
# lines is given, see test_browser_wall_hyphen.py), and whether all of it is on the stage, uncut.
SEEN = """(sel) => {
    const el = document.querySelector(sel);
    let zoom = 1;
    for (let e = el; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const stage = document.getElementById('sb-stage').getBoundingClientRect();
    const text = range.getBoundingClientRect();
    return { px: parseFloat(getComputedStyle(el).fontSize) * zoom, lines, text: el.textContent.replaceAll('\u00ad', ''),
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
    wait_for_laid(board)                             # (what is fitted once the photo is in)
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


# The lines a name is laid out on, as seen: its letters grouped by the line each stands on.
LINES = """(sel) => {
    const el = document.querySelector(sel);
    const text = el.firstChild, range = document.createRange(), lines = [];
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const y = range.getBoundingClientRect().top;
      if (top === null || Math.abs(y - top) > 3) lines.push('');
      top = y;
      lines[lines.length - 1] += text.data[i];
    }
    return lines.map((l) => l.trim()); }"""

# A name of several words at the verdict's corner: with eight players it stood on five lines at
# 54 px, broken inside its words ('Bartholom' / 'ew', 'Feathersto' / 'nehaug'); with four on four
# ('Featherstoneh' / 'aug'). It breaks between its words only, on at most two lines where the
# stage is wide enough (three at eight players and more, whose stage is narrower: two would take
# it under 54 px), and goes under the big word when the corner cannot hold it so. A name with one
# word too long for a line is shrunk until that word fits, not broken.
ONE_LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff Sam"
CROWD = MANY + ["Hal", "Ivy", "Jo", "Kim"]


@pytest.mark.parametrize("name, others, least, most_lines", [
    (SPACED, FEW, 60, 2), (SPACED, MANY, 54, 3), (SPACED, CROWD, 54, 3), (ONE_LONG_WORD, MANY, 20, 2)],
    ids=["four", "eight", "twelve", "one-long-word"])
def test_a_name_of_words_next_breaks_between_its_words(served_camera, browser, name, others, least, most_lines):
    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": ["Zed", name, *others[1:]], "options": {"lives": 5}})
    table.seal([5, 4], dice_photo("IMG_20191208_112648"))
    table.act({"by": "Zed", "do": "declare", "call": "double-6"})
    table.act({"by": name, "do": "pull"})             # a lie: Zed loses a life, the name rolls next
    board.wait_for_selector("#verdict.outcome-lie #next-up .who-next")
    wait_for_photo(board)
    wait_for_laid(board)
    seen = board.evaluate(SEEN, "#next-up .who-next")
    lines = board.evaluate(LINES, "#next-up .who-next")
    assert seen["text"] == name
    # Whole words on each line, the words in their order.
    assert [w for line in lines for w in line.split()] == name.split(), lines
    assert len(lines) <= most_lines, lines
    assert seen["px"] >= least, f"the next player's name stands {seen['px']:.1f} px high at 1080 lines: {lines}"
    assert seen["inside"] and not seen["cut"], seen
    # Beside the big word or under it, nothing over anything, the verdict's last line on the wall.
    laid = board.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
        const range = document.createRange();
        range.selectNodeContents(document.querySelector('#next-up .who-next'));
        return {name: box(range), word: box(document.querySelector('#verdict .word')),
                parts: [...document.getElementById('verdict').children].map(box)}; }""")
    name_box, word = laid["name"], laid["word"]
    assert word["right"] <= name_box["left"] + 1 or word["bottom"] <= name_box["top"] + 1, laid
    for above, below in zip(laid["parts"], laid["parts"][1:]):
        assert above["bottom"] <= below["top"] + 1, laid
    assert verdict_overflow(board) <= 0
    assert errors == []


@pytest.mark.parametrize("others", [MANY, CROWD], ids=["eight", "twelve"])
def test_a_name_of_words_to_act_breaks_between_its_words(served_camera, browser, others):
    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": [SPACED, *others], "options": {"lives": 5}})
    board.wait_for_selector(f'#app[data-to-act="{SPACED}"] .turn .who-acts')
    seen = board.evaluate(SEEN, ".turn .who-acts")
    lines = board.evaluate(LINES, ".turn .who-acts")
    assert [w for line in lines for w in line.split()] == SPACED.split(), lines
    assert len(lines) <= 3 and seen["px"] >= 54, (seen, lines)
    assert seen["inside"] and not seen["cut"], seen
    assert errors == []
