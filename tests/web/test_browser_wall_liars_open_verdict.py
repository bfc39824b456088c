"""Liar's dice: an open's verdict on the wall with a 40-letter name, read from across a bar room.
At a camera table, eight hands, the caller a 40-letter name (it answered for the call, lost the
die, calls next and has a hand: written four times over), the verdict ran off the stage's foot:
the photo cut at the bottom edge, who lost and the message off the wall. Who lost and why is what
the room looks at then: it stays on the stage, whole, at its size; what matters less gives way
(the photo, evidence only, first; at eight hands the banner, which says whether the camera was
sure, stays), the hands only as far as their dice still read.
Same Chromium and fixtures as test_browser.py and test_browser_wall_liars_banner.py."""

from __future__ import annotations

import json
import os

import pytest

from .test_browser import browser, served, served_camera, wait_for_laid  # noqa: F401  (fixtures)
from .test_browser_wall_liars_banner import NAMES, hands_photo, open_wall, wait_for_photo

pytestmark = pytest.mark.browser

# Forty letters: in three words, and one word with no space.
SPACED = "Bartholomew Fitzwilliam Featherstonehaug"
LONG = "Wolfeschlegelsteinhausenbergerdorffvoral"

# Every part of the verdict and every hand on the stage (and the screen), none over another; no
# part of the verdict cut by a box that hides what runs past it (the message, the stage, the
# verdict); the sizes of who lost, the message, the hands' names and dice as seen (font size
# times any zoom), the photo's box.
PARTS = ['#verdict .verdict-head', '#verdict .said', '#evidence-banner', '#verdict .hands', '#verdict #evidence',
         '#verdict .losses', '#verdict .message']
# (What matters less than who lost may be left out: the photo, the banner, the call's line.)
MAY_GO = {'#verdict .said', '#evidence-banner', '#verdict #evidence'}
MEASURE = """() => {
    const stage = document.getElementById('sb-stage').getBoundingClientRect();
    // (Without a camera there is no banner or photo: neither is on the page.)
    const there = %s.filter((sel) => document.querySelector(sel) !== null);
    const shown = there.filter((sel) => document.querySelector(sel).getClientRects().length > 0);
    const out = there.filter((sel) => !shown.includes(sel));
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const parts = shown.map(box);
    const inside = parts.every((r) => r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1
                                      && r.left >= stage.left - 1 && r.right <= stage.right + 1);
    const overlaps = [];
    parts.forEach((a, i) => parts.forEach((b, j) => {
      if (i < j && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        overlaps.push([shown[i], shown[j]]); }));
""" % json.dumps(PARTS) + """
    const seen = (el) => { let zoom = 1;
      for (let e = el; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
      return parseFloat(getComputedStyle(el).fontSize) * zoom; };
    const stageEl = document.getElementById('sb-stage');
    const onScreen = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    const hands = [...document.querySelectorAll('#verdict .hand')].map((h) => h.getBoundingClientRect());
    const handsInside = hands.every((r) => r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1
                                           && r.left >= stage.left - 1 && r.right <= stage.right + 1);
    // Cut: any element of the verdict (or text in it) running past a box between it and the
    // stage (the stage included) that hides its overflow.
    const cut = [];
    const clips = (el) => { const o = getComputedStyle(el); return o.overflowX !== 'visible' || o.overflowY !== 'visible'; };
    const check = (r, from, what) => {
      if (r.width === 0 && r.height === 0) return;
      for (let a = from; a; a = a.parentElement) {
        if (clips(a)) { const c = a.getBoundingClientRect();
          if (r.top < c.top - 1 || r.bottom > c.bottom + 1 || r.left < c.left - 1 || r.right > c.right + 1) {
            cut.push(what + ' in ' + (a.id || a.className)); return; } }
        if (a === stageEl) return;
      }
    };
    document.querySelectorAll('#verdict *').forEach((el) => check(el.getBoundingClientRect(), el.parentElement, el.tagName + '.' + (el.className.baseVal ?? el.className)));
    const walk = document.createTreeWalker(document.getElementById('verdict'), NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const range = document.createRange(); range.selectNodeContents(t);
      [...range.getClientRects()].forEach((r) => check(r, t.parentElement, 'text "' + t.data.slice(0, 20) + '"'));
    }
    const m = document.querySelector('#verdict .message');
    const v = document.getElementById('verdict');
    return {inside, overlaps, handsInside, cut, parts, out, classes: v.className, messageText: m.textContent,
            screen: parts.every(onScreen) && hands.every(onScreen),
            stageWhole: stageEl.scrollHeight <= stageEl.clientHeight + 1,
            verdictWhole: v.scrollHeight <= v.clientHeight + 1, messageWhole: m.scrollHeight <= m.clientHeight + 1,
            losses: seen(document.querySelector('#verdict .losses .loss')), lossText: document.querySelector('#verdict .losses').textContent,
            message: seen(m), hand: seen(document.querySelector('#verdict .hand span')),
            die: document.querySelector('#verdict .hand svg.die').getBoundingClientRect().height,
            name: seen(document.querySelector('#next-up .who-next')), hands: hands.length}; }"""


MEASURED_AT_MOST = 2500      # layouts to fit an open's verdict (body[data-measured])


def shoot(board, name: str) -> None:
    where = os.environ.get("DICETABLE_SHOTS")
    if where:
        board.screenshot(path=os.path.join(where, name))


def open_lost_by(url, table, browser, names):
    """The first player calls the lowest call of 1s and the next opens: every hand is 6 5 4 2 2,
    no 1 among them, so the caller lost. The wall once the photo is in and the verdict fitted."""
    hands = {n: [6, 5, 4, 2, 2] for n in names}
    photo = hands_photo(len(names))
    table.set_hands_source(lambda: hands, photo=lambda read: photo if read == hands else None)
    board, errors = open_wall(browser, url)
    table.start_game({"game": "liars", "players": names})
    ones = min((a for a in table.public_state()["legal"] if a["do"] == "call" and a["face"] == 1),
               key=lambda a: a["count"])
    table.act(ones)
    table.act({"by": table.public_state()["to_act"], "do": "open"})
    board.wait_for_selector("#verdict.has-hands #evidence", state="attached")   # (shown or left out)
    wait_for_photo(board)
    wait_for_laid(board)                      # (what is cut and fitted once the photo is in)
    return board, errors


# Who lost at least as large as fitHands ever leaves it (4.4 vh at 70% with five players or
# more, 33.3 px at 1080 lines), the message its least (2.8 vh at 60%, 18.1 px); the hands' dice
# as test_browser's open of many hands asks (2.5 vh, 27 px), their names at fitHands' least
# (40% of 4 vh, 17.3 px); the next player's name 54 px (test_browser_wall_names).
@pytest.mark.parametrize("name, players", [(SPACED, 8), (LONG, 8), (SPACED, 12), (LONG, 12), (LONG, 4)],
                         ids=["eight-words", "eight-one-word", "twelve-words", "twelve-one-word", "four-one-word"])
def test_an_open_s_verdict_stays_on_the_wall_with_a_40_letter_name(served_camera, browser, name, players):
    url, table = served_camera
    names = [name, *NAMES[1:players]]
    board, errors = open_lost_by(url, table, browser, names)
    verdict = table.public_state()["verdict"]
    assert verdict["outcome"] == "lie" and verdict["losses"] == {name: 1}, verdict
    shoot(board, f"open-verdict-{players}-{'words' if ' ' in name else 'word'}.png")
    laid = board.evaluate(MEASURE)
    print(f"\n{players} {name}: out {laid['out']}, {laid['classes']}; who lost {laid['losses']:.1f} px, message "
          f"{laid['message']:.1f}, dice {laid['die']:.1f}, hand names {laid['hand']:.1f}, next {laid['name']:.1f}")
    assert set(laid["out"]) <= MAY_GO, laid["out"]
    if players <= 8:
        assert "#evidence-banner" not in laid["out"], laid["out"]
    assert laid["messageText"].replace("\u00ad", "") == verdict["message"]
    assert laid["lossText"].replace("\u00ad", "").startswith(name), laid["lossText"]
    assert laid["inside"] and laid["handsInside"] and laid["screen"], laid
    assert laid["overlaps"] == [], laid
    assert laid["cut"] == [], laid["cut"]
    assert laid["stageWhole"] and laid["verdictWhole"] and laid["messageWhole"], laid
    assert laid["hands"] == players
    # Each size found by halving its steps, not step by step: twelve hands were measured 9,520
    # times (a layout of every hand each), the wall hung 20-30 s before it showed the verdict,
    # and at a busy table this test gave up waiting for it.
    measured = int(board.get_attribute("body", "data-measured"))
    assert 0 < measured <= MEASURED_AT_MOST, measured
    assert laid["losses"] >= 0.7 * 4.4 * 10.8 - 0.05, f"who lost stands {laid['losses']:.1f} px high at 1080 lines"
    assert laid["message"] >= 0.6 * 2.8 * 10.8 - 0.05, f"the message stands {laid['message']:.1f} px high"
    assert laid["die"] >= 0.025 * 1080, laid
    assert laid["hand"] >= 0.4 * 4 * 10.8 - 0.05, laid
    assert laid["name"] >= 54 - 0.05, laid
    assert errors == []


# (Not eight hands of three-letter names: there the hands were left at 65%, 42 px, the message
# at 19.7 px, and both stay so; two columns would take the dice down to 27 px for it.)
# Two to four hands: the message shrank with the hands to 25.3 px at four (19.4 px with a
# 40-letter name, the dice 27.2 px); held at 28 px on the normal stage the dice would go under
# the 50 px test_browser_wall_liars_next_call asks of four hands. The stage is widened for it,
# the dice no smaller than their floors (50 px with four short names, as next_call asks; two and
# three hands no smaller than before: 55 px).
@pytest.mark.parametrize("name, players, least_die",
                         [("Ann", 12, 27), (LONG, 8, 27), (LONG, 12, 27), ("Ann", 8, 27),
                          ("Ann", 4, 50), (LONG, 4, 27), ("Ann", 3, 55), ("Ann", 2, 55)],
                         ids=["twelve", "eight-one-word", "twelve-one-word", "eight", "four", "four-one-word",
                              "three", "two"])
def test_a_crowded_open_s_message_is_read_across_the_room(served_camera, browser, name, players, least_die):
    """Eight hands or more: the message (why the caller lost, every hand's count) shrank with the
    hands to 60% of its size, 18.1 px at 1080 lines, while the stage's right half stood empty
    beside the hands. Now at least 28 px, the hands two by two across the stage (widened for
    them at eight), their dice still 2.5 vh at least, who lost and the next player at their
    sizes. Two to four hands likewise (the stage widened for them where needed), their dice no
    smaller than ``least_die``."""
    url, table = served_camera
    names = [name, *NAMES[1:players]]
    board, errors = open_lost_by(url, table, browser, names)
    shoot(board, f"open-message-{players}-{'long' if name == LONG else 'short'}.png")
    laid = board.evaluate(MEASURE)
    print(f"\n{players} {name}: out {laid['out']}, {laid['classes']}; who lost {laid['losses']:.1f} px, message "
          f"{laid['message']:.1f}, dice {laid['die']:.1f}, hand names {laid['hand']:.1f}, next {laid['name']:.1f}")
    assert_read_across_the_room(laid, least_die)
    assert set(laid["out"]) <= MAY_GO, laid["out"]
    assert errors == []


def assert_read_across_the_room(laid: dict, least_die: float) -> None:
    """An open as MEASURE laid it out: the message at least 28 px at 1080 lines, the dice at least
    ``least_die``, who lost and the next player at their sizes, nothing outside, over another or
    cut."""
    assert laid["message"] >= 28, f"the message stands {laid['message']:.1f} px high at 1080 lines"
    assert laid["die"] >= least_die, laid
    assert laid["losses"] >= 0.7 * 4.4 * 10.8 - 0.05, laid
    assert laid["name"] >= 54 - 0.05, laid
    assert laid["inside"] and laid["handsInside"] and laid["screen"] and laid["overlaps"] == [], laid
    assert laid["cut"] == [] and laid["stageWhole"] and laid["messageWhole"], laid


def open_without_camera(url, browser, table, names, call, hands):
    """A liar's dice open with no camera: Ann calls ``call``, Bob opens and sends ``hands`` (the
    same for every player). The wall once the verdict is fitted."""
    board, errors = open_wall(browser, url)
    table.start_game({"game": "liars", "players": names})
    table.act({"by": "Ann", "do": "call", **call})
    table.act({"by": "Bob", "do": "open", "hands": {n: list(hands) for n in names}})
    board.wait_for_selector("#verdict.has-hands #opening-minimum")
    wait_for_laid(board)
    return board, errors


# Eight hands with no camera: the message shrank with the hands to 23.9 px at 1080 lines (18.4 px
# where each hand "counts nothing": the longest message), the stage's right of the hands empty.
# Held at 28 px in one column the dice went from 51 to 45 px; the stage is widened for it, and
# the dice keep what they had (test_browser_wall_liars_next_call: 50 px at least; 39.5 px where
# the hands count nothing).
@pytest.mark.parametrize("call, hands, least_die", [({"count": 10, "face": 3}, [1, 3, 3, 5, 6], 50),
                                                    ({"count": 9, "face": 3, "zhai": True}, [1, 2, 3, 4, 6], 39.5)],
                         ids=["eight", "eight-counting-nothing"])
def test_a_crowded_open_s_message_is_read_across_the_room_without_a_camera(served, browser, call, hands, least_die):
    url, table = served
    names = NAMES[:8]
    board, errors = open_without_camera(url, browser, table, names, call, hands)
    shoot(board, f"open-message-8-no-camera-{'nothing' if call.get('zhai') else 'counted'}.png")
    laid = board.evaluate(MEASURE)
    print(f"\n8 no camera {hands}: {laid['classes']}; message {laid['message']:.1f} px, dice {laid['die']:.1f}, "
          f"who lost {laid['losses']:.1f}, hand names {laid['hand']:.1f}, next {laid['name']:.1f}")
    assert_read_across_the_room(laid, least_die)
    assert laid["out"] == [], laid["out"]
    assert errors == []
