"""Liar's dice: the banner of an open's photo on the wall, read from across a bar room. The
photo of every hand (the frame the hands were read from) carries its banner's words
(device.evidence) as a cup game's does, and the verdict gives them; the wall showed the photo
beside the hands with its banner in it, its words 4-11 px high at 1080 lines. It writes them
large above the hands and the photo, as for a pull's photo (test_browser_wall_banner.py), and
shows the photo without the banner's rows. Measured on the screenshot, as a person would see it.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from device.evidence import evidence_jpeg
from vision.annotate import BOTTOM_NOTE
from vision.reading import Die, Reading, Status, View

from .test_browser import browser, dice_photo, open_wall, served_camera, verdict_overflow, wait_for_laid, wait_for_photo  # noqa: F401  (fixtures)
from .test_browser_wall_banner import banner_letters, stage_shot

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
HAND = [6, 5, 4, 2, 2]


def hands_photo(players: int, status: Status = Status.OK) -> bytes:
    """The photo of the hands as the referee makes it at an open: a 640x480 frame of the tray,
    every die read (five a hand) outlined and valued, the banner above, its words carried."""
    square = cv2.imdecode(np.frombuffer(dice_photo("IMG_20191208_112648"), np.uint8), cv2.IMREAD_COLOR)
    frame = np.ascontiguousarray(square[80:560, :640])
    dice = tuple(Die(v, 40.0 + 60 * (i % 10), 60.0 + 90 * (i // 10), 30.0, 0.99)
                 for i, v in enumerate(HAND * players))
    reason = "a die leans: read from its side" if status is not Status.OK else None
    jpeg = evidence_jpeg(frame, Reading(status, dice, view=View.BOTTOM, reason=reason), quality=90)
    assert jpeg is not None
    return jpeg


def open_with_photo(url, table, browser, names, photo):
    """A liar's dice round at a camera table: a call, then the open (the hands and their photo
    from the camera), the wall showing the verdict once the photo is in and fitted."""
    hands = {n: list(HAND) for n in names}
    table.set_hands_source(lambda: hands, photo=lambda read: photo if read == hands else None)
    board, errors = open_wall(browser, url)
    table.start_game({"game": "liars", "players": names})
    table.act(next(a for a in table.public_state()["legal"] if a["do"] == "call"))
    table.act({"by": table.public_state()["to_act"], "do": "open"})
    board.wait_for_selector("#verdict.has-hands #evidence")
    wait_for_photo(board)
    wait_for_laid(board)                      # (what is cut and fitted once the photo is in)
    return board, errors


def _laid_out(selectors: list[str]) -> str:
    """The start of a function for ``page.evaluate``: ``parts``, the boxes of ``selectors`` in
    order; ``inside``, whether each lies on the stage; ``overlaps``, the pairs that overlap."""
    return """() => {
    const stage = document.getElementById('sb-stage').getBoundingClientRect();
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const parts = %s.map(box);
    const inside = parts.every((r) => r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1
                                      && r.left >= stage.left - 1 && r.right <= stage.right + 1);
    const overlaps = [];
    parts.forEach((a, i) => parts.forEach((b, j) => {
      if (i < j && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        overlaps.push([i, j]); }));
""" % json.dumps(selectors)


# The whole verdict on the stage, none of it over another part: its head, the call, the banner,
# the hands, the photo, who lost and the message (whole, not cut at the verdict's foot).
LAID = _laid_out(['#verdict .verdict-head', '#verdict .said', '#evidence-banner', '#verdict .hands',
                  '#verdict #evidence', '#verdict .losses', '#verdict .message']) + """
    const m = document.querySelector('#verdict .message');
    const die = document.querySelector('#verdict .hand svg.die').getBoundingClientRect();
    return {inside, overlaps, banner: parts[2], hands: parts[3], photo: parts[4],
            messageWhole: m.scrollHeight <= m.clientHeight + 1, die: die.height}; }"""


# The banner's first line said short ("OK: 40 dice read"): every value read, which the hands
# show large, by player. (It reads "OK: 6 6 5 5 ..." in full where that fits.)
def short_head(line: str) -> str:
    word, values = line.split(":", 1)
    return f"{word}: {len(values.split())} dice read"


# The next player's name as seen (its font size times any zoom), px at 1080 lines.
NEXT_PX = """() => { const el = document.querySelector('#next-up .who-next');
    let zoom = 1;
    for (let e = el; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
    return parseFloat(getComputedStyle(el).fontSize) * zoom; }"""


# Two to four hands: as large as a pull's banner (its letters 3.6 vh, 39 px at 1080 lines).
# Eight hands: forty values, four lines of the stage: at full size they left the hands no room,
# and the banner gave way with them (the hands first, to half their size), 30 px. Its first line
# is said short there, and the banner keeps its size. Twelve hands (a camera table): sixty values
# on five lines, the banner at its least and the message cut at the verdict's foot; said short,
# the whole verdict fits, the banner at 60%.
@pytest.mark.parametrize("players, head_least, more_least", [(2, 36, 20), (4, 36, 20), (8, 36, 20), (12, 22, 12)],
                         ids=["two", "four", "eight", "twelve"])
def test_an_open_s_photo_banner_reads_across_the_room(served_camera, browser, players, head_least, more_least):
    url, table = served_camera
    names = NAMES[:players]
    board, errors = open_with_photo(url, table, browser, names, hands_photo(players))
    banner = table.public_state()["verdict"]["banner"]
    assert banner["lines"][1] == BOTTOM_NOTE and banner["ok"] is True
    shot, box = stage_shot(board)
    head, more, _ = banner_letters(shot)
    assert head >= head_least, f"the open's banner ('OK: 6 6 5 5 ...') stands {head:.0f} px high at 1080 lines"
    assert more >= more_least, f"the open's banner's 'seen from below: ...' stands {more:.0f} px high"
    # Its words as the verdict gives them, written as text in the banner's green.
    strip = board.evaluate("""() => { const b = document.getElementById('evidence-banner');
        return {head: b.querySelector('.banner-head').textContent, more: b.querySelector('.banner-more').textContent,
                colour: getComputedStyle(b).backgroundColor}; }""")
    head_line = banner["lines"][0] if players <= 4 else short_head(banner["lines"][0])
    assert [strip["head"], strip["more"]] == [head_line, banner["lines"][1]]
    assert strip["colour"] == "rgb(60, 200, 60)"
    # Above the hands and the photo, nothing overlapping, all of it on the stage.
    laid = board.evaluate(LAID)
    assert laid["inside"] and laid["overlaps"] == [], laid
    assert laid["banner"]["bottom"] <= min(laid["hands"]["top"], laid["photo"]["top"]) + 1, laid
    assert laid["messageWhole"], laid
    # The hands' dice still read across the room (as test_browser's open of many hands).
    assert laid["die"] >= 0.025 * 1080, laid
    # The photo beside the hands shows the tray alone: 640 x 480 under the banner's rows.
    photo = board.evaluate("""() => { const img = document.getElementById('evidence');
        const r = img.getBoundingClientRect();
        return {cut: img.classList.contains('cut'), ratio: r.width / r.height}; }""")
    assert photo["cut"] and abs(photo["ratio"] - 640 / 480) < 0.06, photo
    assert verdict_overflow(board) <= 0
    assert board.eval_on_selector_all("#verdict .hand span", "(s) => s.map((e) => e.textContent)") == names
    # Who calls next, at least 5 vh (54 px at 1080 lines) as after a pull: it stood 47.5 px.
    assert board.evaluate(NEXT_PX) >= 54 - 0.05
    assert errors == []


def test_an_unsure_open_s_banner_is_amber_and_says_why(served_camera, browser):
    url, table = served_camera
    board, errors = open_with_photo(url, table, browser, NAMES[:3], hands_photo(3, Status.UNSURE))
    strip = board.evaluate("""() => { const b = document.getElementById('evidence-banner');
        return b && {text: b.innerText, colour: getComputedStyle(b).backgroundColor}; }""")
    assert strip is not None, "no banner written above the hands"
    assert strip["text"].startswith("UNSURE: 6 6 6 5 5 5") and "a die leans" in strip["text"], strip
    assert strip["colour"] == "rgb(255, 170, 0)"
    assert board.evaluate(LAID)["overlaps"] == []
    assert errors == []


def test_an_open_s_photo_kept_before_its_banner_s_words_were_shows_whole(served_camera, browser):
    """A photo with no banner words: shown as it is, its own banner and all, nothing written."""
    url, table = served_camera
    board, errors = open_with_photo(url, table, browser, NAMES[:4], dice_photo("IMG_20191208_112648"))
    assert table.public_state()["verdict"]["banner"] is None
    shown = board.evaluate("""() => { const img = document.getElementById('evidence');
        return {strip: document.querySelectorAll('.evidence-banner').length, cut: img.classList.contains('cut')}; }""")
    assert shown == {"strip": 0, "cut": False}, shown
    assert errors == []


# The winner's screen after the open that ends the game: the open's banner written above its
# hands and photo as on its verdict, and the winner's name, what the room looks for, kept large:
# they give way for it. The photo whole (its banner in it) beside the hands, the name stood 49 px
# high at 1080 lines with two players; with the banner written above them, 41 px with eight.
WINNER_LAID = _laid_out(['#winner svg.crown', '#winner .word', '#winner .wins', '#winner #evidence-banner',
                         '#final-hands', '#winner #evidence', '#winner .message']) + """
    const word = document.querySelector('#winner .word');
    let zoom = 1;
    for (let e = word; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
    const img = document.getElementById('evidence');
    return {inside, overlaps, parts, name: parseFloat(getComputedStyle(word).fontSize) * zoom,
            lines: Math.round(word.getBoundingClientRect().height / parseFloat(getComputedStyle(word).lineHeight)),
            die: document.querySelector('#final-hands svg.die').getBoundingClientRect().height,
            cut: img.classList.contains('cut'), text: word.textContent}; }"""


@pytest.mark.parametrize("players", [2, 8], ids=["two", "eight"])
def test_the_winner_s_name_stays_large_over_the_deciding_open_s_banner(served_camera, browser, players):
    url, table = served_camera
    names = NAMES[:players]
    alive = lambda: {p["name"]: list(HAND) for p in table.public_state()["players"] if not p["out"]}  # noqa: E731
    table.set_hands_source(alive, photo=lambda read: hands_photo(len(read)))
    board, errors = open_wall(browser, url)
    table.start_game({"game": "liars", "players": names, "options": {"lives": 1}})
    while not table.public_state()["over"]:
        table.act(next(a for a in table.public_state()["legal"] if a["do"] == "call"))
        table.act({"by": table.public_state()["to_act"], "do": "open"})
    board.wait_for_selector("#winner #final-hands")
    wait_for_photo(board)
    wait_for_laid(board)
    banner = table.public_state()["verdict"]["banner"]
    name = board.evaluate("""() => { const word = document.querySelector('#winner .word');
        let zoom = 1;
        for (let e = word; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
        return {text: word.textContent, px: parseFloat(getComputedStyle(word).fontSize) * zoom}; }""")
    assert name["text"] == table.public_state()["winner"]
    assert name["px"] >= 64, f"the winner's name stands {name['px']:.1f} px high at 1080 lines"
    assert board.locator("#winner #evidence-banner").count() == 1, "the open's banner is not written above its hands"
    laid = board.evaluate(WINNER_LAID)
    assert laid["lines"] == 1, laid
    assert laid["inside"] and laid["overlaps"] == [], laid
    # The banner's words written above the hands and the photo, which shows the tray alone.
    strip = board.evaluate("() => document.getElementById('evidence-banner').innerText")
    assert strip.split("\n")[-1] == banner["lines"][1], strip
    banner_box, hands, photo = laid["parts"][3], laid["parts"][4], laid["parts"][5]
    assert banner_box["bottom"] <= min(hands["top"], photo["top"]) + 1, laid
    assert laid["cut"], laid
    shot, _ = stage_shot(board)
    head, more, _ = banner_letters(shot)
    assert head >= 28 and more >= 16, (head, more)
    # The hands' dice still read across the room.
    assert laid["die"] >= 0.025 * 1080, laid
    assert errors == []
