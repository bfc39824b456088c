"""The winner's screen at a table of eight with a 40-letter name (no space), read from across the
room: the verdict's message under the winner ran off both sides of the stage, cut
'olfeschlegelsteinhausenbergerdorffvo' twice (centred, it was as wide as the name), and the
winner's card cut the name to 'Wolfeschlegels…'. Everything on the stage is now on it, whole, a
word broken only at a hyphen where its syllables meet; the card shows the whole name.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, open_wall, served, wait_for_laid  # noqa: F401  (fixtures)
from .test_browser_wall_hyphen import CARD, LONG, MANY, check

pytestmark = pytest.mark.browser

# Every piece of text on the stage: those whose boxes run past the stage's sides, top or foot
# (what is cut), and each text's size as seen (times any zoom), by the element it is in.
ON_STAGE = """() => {
    const stage = document.getElementById('sb-stage').getBoundingClientRect();
    const walk = document.createTreeWalker(document.getElementById('sb-stage'), NodeFilter.SHOW_TEXT);
    const off = [], sizes = {};
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const r of range.getClientRects()) {
        if (r.width === 0) continue;
        if (r.left < stage.left - 0.5 || r.right > stage.right + 0.5 || r.top < stage.top - 0.5 || r.bottom > stage.bottom + 0.5)
          off.push(t.data.slice(0, 40));
      }
      let zoom = 1;
      for (let e = t.parentElement; e; e = e.parentElement) zoom *= parseFloat(e.style.zoom || 1);
      sizes[t.parentElement.classList[0] || t.parentElement.tagName] = parseFloat(getComputedStyle(t.parentElement).fontSize) * zoom;
    }
    return { off, sizes }; }"""


def _kuriki_won(table) -> None:
    """Eight players with one life each: the 40-letter name declares boxcars truly, each next
    player pulls and is out, until the name alone is left."""
    table.start_game({"game": "kuriki", "players": [LONG, *MANY], "options": {"lives": 1}})
    while not table.public_state()["over"]:
        table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "double-6", "dice": [6, 6]})
        table.act({"by": table.public_state()["to_act"], "do": "pull"})


def _liars_won(table) -> None:
    """Eight players with one life each: every open finds the call a lie, the caller goes out,
    until the 40-letter name alone is left."""
    table.start_game({"game": "liars", "players": [*MANY, LONG], "options": {"lives": 1}})
    while not table.public_state()["over"]:
        state = table.public_state()
        alive = [p["name"] for p in state["players"] if not p.get("out")]
        caller = state["to_act"]
        if caller == LONG:                  # the name opens: the one before it calls
            table.act({"by": caller, "do": "call", "count": 12, "face": 6})
        else:
            table.act({"by": caller, "do": "call", "count": len(alive) + 8, "face": 6})
        table.act({"by": table.public_state()["to_act"], "do": "open",
                   "hands": {n: [2, 2, 3, 3, 4] for n in alive}})


@pytest.mark.parametrize("game", ["kuriki", "liars"])
def test_the_winner_s_screen_with_a_40_letter_name_and_eight_players(served, browser, game):
    url, table = served
    board, errors = open_wall(browser, url)
    (_kuriki_won if game == "kuriki" else _liars_won)(table)
    assert table.public_state()["winner"] == LONG
    board.wait_for_selector('#app[data-over="1"] #winner .word')
    wait_for_laid(board)
    board.screenshot(path=str(SHOTS / f"wall-winner-long-name-{game}.png"))
    seen = board.evaluate(ON_STAGE)
    assert seen["off"] == [], f"cut at the stage's edge: {seen['off']}"
    pieces = check(board, "#winner .word")
    assert len(pieces) <= 3, pieces
    # (The name as large as before, 48.6 px on three lines: fitted to 30% of its size on one line
    # first, then broken.)
    assert seen["sizes"]["word"] >= 48, seen["sizes"]
    assert seen["sizes"].get("message", 36) >= 36, seen["sizes"]     # (3.4 vh, as before)
    if game == "liars":
        # The hands: the name's dice as large as the other's (they were squeezed beside it).
        dice = board.evaluate("() => [...document.querySelectorAll('#winner .hand')].map((h) => "
                              "Math.min(...[...h.querySelectorAll('svg.die')].map((d) => d.getBoundingClientRect().width)))")
        assert len(dice) == 2 and min(dice) >= 0.99 * max(dice) and min(dice) >= 40, dice
        check(board, "#winner .hand.over span")          # (over its dice: too long beside them)
    card = board.evaluate(CARD, LONG)
    assert card["text"] == LONG and not card["cut"] and card["px"] >= 30, card
    assert errors == []


# The winner's message as seen: its text without soft hyphens, and how many lines it stands on.
MESSAGE = """() => {
    const m = document.querySelector('#winner .message');
    const range = document.createRange();
    range.selectNodeContents(m);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return { text: m.textContent.replaceAll('\\u00ad', ''), lines: tops.size }; }"""


def test_the_winning_pull_names_the_40_letter_winner_once(served, browser):
    """Kuriki's winning pull said 'NOT A LIE! Wolfeschlegel... called Boxcars (6-6) — the dice
    show 6-6. Gus loses a life. Gus is out. Wolfeschlegel... wins!' under the name in big
    letters: the name again twice, six lines at the winner's screen's size. Now each player
    once ('... called Boxcars (6-6) and wins — the dice show 6-6. Gus pulled and is out.'), on
    five lines (the name alone takes more than one)."""
    url, table = served
    board, errors = open_wall(browser, url)
    _kuriki_won(table)
    board.wait_for_selector('#app[data-over="1"] #winner .message')
    wait_for_laid(board)
    board.screenshot(path=str(SHOTS / "wall-winner-long-name-message.png"))
    seen = board.evaluate(MESSAGE)
    assert seen["text"].count(LONG) == 1 and seen["text"].count("Gus") == 1, seen
    assert seen["lines"] <= 5, seen
    assert errors == []
