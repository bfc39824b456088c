"""Liar's dice on the wall after an open: the next round's lowest first call ("at least 6 × any
face · 5 × zhai · 4 × 1s") and who makes it. Until someone calls, the verdict is the only place
the wall shows it; under the big word's corner it stood 23.8 px high at 1080 lines, unread across
the room. It now stands at least 36 px (3.4 vh), on the verdict's head line, the hands' dice kept
at least 48 px with two to four hands, nothing cut or overlapping with up to twelve hands.
(It stood on one line in the corner with up to four players while it said "at least 6 × ·": with
the face said, "6 × any face", it is too long for the corner beside the big word at 36 px, and
goes on two there, each call whole, the lowest on the first line.)
Same Chromium and fixtures as test_browser.py and test_browser_wall_liars_banner.py."""

from __future__ import annotations

import os

import pytest

from .test_browser import browser, served, served_camera, wait_for_laid  # noqa: F401  (fixtures)
from .test_browser_wall_liars_banner import NAMES, _laid_out, hands_photo, open_with_photo

pytestmark = pytest.mark.browser

LONG = "Bartholomew Fitzwilliam Featherstonehaug"

# The parts of the verdict, each on the stage and none over another; the minimum's and its
# label's font sizes as seen (times any zoom), the hands' dice, the message's size and whether
# it shows whole, and whether the minimum's text is cut inside its box.
MEASURE = _laid_out(['#verdict .verdict-head .word', '#next-up .who-next', '#next-up .label', '#opening-minimum',
                     '#verdict .said', '#verdict .hands', '#verdict .losses', '#verdict .message']) + """
    const seen = (el) => { let zoom = 1;
      for (let e = el; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
      return parseFloat(getComputedStyle(el).fontSize) * zoom; };
    const least = document.getElementById('opening-minimum');
    const m = document.querySelector('#verdict .message');
    const range = document.createRange();
    range.selectNodeContents(least);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    // (Each of its three parts whole on a line: broken between them only.)
    const whole = [...least.querySelectorAll('.nowrap')].every((p) => {
      const rr = document.createRange(); rr.selectNodeContents(p);
      return new Set([...rr.getClientRects()].map((r) => Math.round(r.top))).size === 1; });
    const photo = document.querySelector('#verdict #evidence');
    const p = photo && photo.getBoundingClientRect();
    const extra = [];
    if (p) parts.forEach((a, i) => { if (a.left < p.right - 1 && p.left < a.right - 1 && a.top < p.bottom - 1 && p.top < a.bottom - 1) extra.push(i); });
    const banner = document.getElementById('evidence-banner');
    const b = banner && banner.getBoundingClientRect();
    if (b) parts.forEach((a, i) => { if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) extra.push(100 + i); });
    // (The text on its first line.)
    const firstTop = Math.round(range.getClientRects()[0].top);
    const walker = document.createTreeWalker(least, NodeFilter.SHOW_TEXT);
    let first = '';
    for (let t = walker.nextNode(); t; t = walker.nextNode()) for (let i = 0; i < t.length; i++) {
      const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
      const box = [...r.getClientRects()].find((x) => x.width > 0);
      if (box && Math.abs(box.top - firstTop) <= 3) first += t.data[i];
    }
    first = first.replace(/\u00a0/g, ' ').trim();
    return {inside, overlaps, extra, least: seen(least), label: seen(document.querySelector('#next-up .label')), first,
            lines, whole, text: least.textContent.replace(/\\u00a0/g, ' '),
            cut: least.scrollWidth > least.clientWidth + 1 || least.scrollHeight > least.clientHeight + 1,
            die: document.querySelector('#verdict .hand svg.die').getBoundingClientRect().height,
            message: seen(m), messageWhole: m.scrollHeight <= m.clientHeight + 1,
            name: seen(document.querySelector('#next-up .who-next'))}; }"""


def shoot(board, name: str) -> None:
    where = os.environ.get("DICETABLE_SHOTS")
    if where:
        board.screenshot(path=os.path.join(where, name))


def check(board, players: int, least_die: float, most_lines: int = 0) -> dict:
    laid = board.evaluate(MEASURE)
    assert laid["text"].startswith("at least"), laid
    assert laid["least"] >= 36, f"the lowest first call stands {laid['least']:.1f} px high at 1080 lines"
    assert laid["label"] >= 36, f"'next to call' stands {laid['label']:.1f} px high at 1080 lines"
    # At most two lines, each call whole on its line: all three on one, or the lowest ("at least
    # 6 × any face") on the first and the other two on the next.
    assert laid["lines"] <= (most_lines or 2) and laid["whole"] and not laid["cut"], laid
    assert laid["first"] == (laid["text"] if laid["lines"] == 1 else laid["text"].split(" · ")[0] + " ·"), laid
    assert laid["first"].startswith("at least ") and " × any face" in laid["first"], laid
    assert laid["inside"] and laid["overlaps"] == [] and laid["extra"] == [], laid
    assert laid["messageWhole"], laid
    assert laid["name"] >= 54 - 0.05, laid
    assert laid["die"] >= least_die, laid
    return laid


# A camera table: the open's banner above the hands and the photo beside them.
# The hands' dice no smaller than before (px at 1080 lines; at least 48 with two to four hands).
# (Eight: 32.3, was 32.5. The open's message says each name once, then "the caller", "the opener":
# with eight three-letter names it is some 18 letters longer and takes a third small line, and
# the dice give 0.1 px for it; with a 40-letter name it is much shorter.)
@pytest.mark.parametrize("players, least_die", [(2, 55), (4, 50), (8, 32.3), (12, 0.025 * 1080)],
                         ids=["two", "four", "eight", "twelve"])
def test_the_next_round_s_lowest_first_call_reads_across_the_room(served_camera, browser, players, least_die):
    url, table = served_camera
    board, errors = open_with_photo(url, table, browser, NAMES[:players], hands_photo(players))
    shoot(board, f"camera-{players}.png")
    check(board, players, least_die)
    assert errors == []


# No camera: the hands sent with the open, no photo.
# (The call was true: the opener, Bob, loses and calls next; the big word, TRUE, is wider than LIE.
# A 40-letter name next goes under the big word, the lowest call with it; its dice were 40 and
# 25.9 px before (eight hands: the least fitHands gives them), and are no smaller.)
@pytest.mark.parametrize("players, least_die, bob", [(2, 64, "Bob"), (4, 64, "Bob"), (8, 50, "Bob"), (12, 34.5, "Bob"),
                                                     (4, 40, LONG), (8, 25.9, LONG)],
                         ids=["two", "four", "eight", "twelve", "four-long-name", "eight-long-name"])
def test_the_lowest_first_call_reads_across_the_room_without_a_camera(served, browser, players, least_die, bob):
    url, table = served
    names = [bob if n == "Bob" else n for n in NAMES[:players]]
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "liars", "players": names})
    table.act({"by": "Ann", "do": "call", "count": players + 2, "face": 3})
    table.act({"by": bob, "do": "open", "hands": {n: [1, 3, 3, 5, 6] for n in names}})
    board.wait_for_selector("#verdict.has-hands #opening-minimum")
    wait_for_laid(board)
    shoot(board, f"hands-{players}{'' if bob == 'Bob' else '-long'}.png")
    assert board.inner_text("#next-up .who-next") == bob
    check(board, players, least_die)
