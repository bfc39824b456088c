"""A 40-letter name with no space on the wall's stage (the player to act, the next one, a winner, an
open's hands): too long for a line at a size read across the room, it was broken between two
letters with nothing to say so ('Wolfeschlegels' / 'teinhausenber' / 'gerdorffvoral'), read as
three names or a fault. Broken now as a sign-writer would, with a hyphen at each line's end
(at a soft hyphen, which the browser draws as '-' where it breaks a line), never within three
letters of the word's ends, and only where its syllables meet (broken between any two letters
it read 'Wolfesc-' / 'hlegel...'). Names that fit are not touched. On its card the name was cut
with '…' ('Wolfeschlegelstei…'); it now goes on up to three lines there, whole.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, open_wall, served, served_camera, dice_photo, wait_for_laid, wait_for_photo  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

LONG = "Wolfeschlegelsteinhausenbergerdorffvoral"
FEW = ["Ann", "Bob", "Cy"]
MANY = ["Ann", "Bob", "Cyrano", "Dee", "Everett", "Fitzgerald", "Gus"]

# Every word on the stage laid out over more than one line, as seen: the pieces it is cut into
# (its letters grouped by the line each stands on) and whether each cut is at a soft hyphen (the
# browser then draws '-' at the line's end). The text of `sel` without its soft hyphens.
BROKEN = """([sel, root]) => {
    const SHY = '\\u00ad', words = [];
    const walk = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      for (const m of t.data.matchAll(/[\\p{L}\\p{M}\\u00ad]{2,}/gu)) {
        const pieces = [''];
        let top = null, cutAtShy = [], shy = false;
        for (let i = m.index; i < m.index + m[0].length; i++) {
          if (t.data[i] === SHY) { shy = true; continue; }
          const r = document.createRange();
          r.setStart(t, i);
          r.setEnd(t, i + 1);
          // (Its own box, the last: a letter right after a line broken at a soft hyphen also
          // has the hyphen drawn at the line's end, first, on the line before.)
          const rect = [...r.getClientRects()].filter((x) => x.width > 0).pop();
          if (!rect) continue;
          if (top !== null && Math.abs(rect.top - top) > 3) { pieces.push(''); cutAtShy.push(shy); }
          top = rect.top;
          shy = false;
          pieces[pieces.length - 1] += t.data[i];
        }
        if (pieces.length > 1) words.push({ pieces, cutAtShy });
      }
    }
    const el = document.querySelector(sel);
    return { words, text: el.textContent.replaceAll(SHY, '') }; }"""


# Where the name's syllables meet, read aloud: Wol-fe-schle-gel-stein-hau-sen-ber-ger-dorff-vo-ral
# (the letters before each place). Broken anywhere, it was 'Wolfesc-' over 'hlegel...' and
# 'steinhausenb-' over 'ergerdorffvoral', read as other names.
SYLLABLES = {3, 5, 10, 13, 18, 21, 24, 27, 30, 35, 37}


def long_name_pieces(words: list[dict]) -> list[list[str]]:
    """Of the broken ``words`` (BROKEN's): each broken at a hyphen, none within three letters of
    its ends, the long name only where its syllables meet; the long name's pieces, each time it
    is broken (the wall, the phone and the history page check their words so)."""
    for word in words:
        assert all(word["cutAtShy"]), f"broken between two letters with no hyphen: {word['pieces']}"
        assert all(len(p) >= 3 for p in word["pieces"]), word
    pieces = [w["pieces"] for w in words if "".join(w["pieces"]) == LONG]
    for broken in pieces:
        cuts = [sum(len(p) for p in broken[:i]) for i in range(1, len(broken))]
        assert set(cuts) <= SYLLABLES, f"broken where no syllables meet: {'-/'.join(broken)}"
    return pieces


def check(board, sel: str, root: str = "#sb-stage") -> list[str]:
    """The name at ``sel`` whole, every broken word in ``root`` (the stage) as long_name_pieces
    asks; the pieces of the name at ``sel``."""
    seen = board.evaluate(BROKEN, [sel, root])
    assert seen["text"] == LONG, seen
    pieces = long_name_pieces(seen["words"])
    return pieces[0] if pieces else [LONG]


@pytest.mark.parametrize("others", [FEW, MANY], ids=["four", "eight"])
def test_a_40_letter_name_to_act_is_broken_with_a_hyphen(served, browser, others):
    url, table = served
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": [LONG, *others], "options": {"lives": 5}})
    board.wait_for_selector(f'#app[data-to-act="{LONG}"] .turn .who-acts')
    pieces = check(board, ".turn .who-acts")
    assert len(pieces) >= 2, pieces                  # (too long for one line: it is broken)
    board.screenshot(path=str(SHOTS / f"wall-hyphen-to-act-{len(others) + 1}.png"))
    # The other names, which fit, carry no soft hyphen.
    assert board.evaluate("() => [...document.querySelectorAll('#sb-stage *')].some((e) => "
                          "e.childElementCount === 0 && e.textContent.includes('\\u00ad') && "
                          "!e.textContent.replaceAll('\\u00ad', '').includes('Wolfe'))") is False
    assert errors == []


@pytest.mark.parametrize("others", [FEW, MANY], ids=["four", "eight"])
def test_a_40_letter_name_next_after_a_pull_is_broken_with_a_hyphen(served_camera, browser, others):
    url, table = served_camera
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": ["Zed", LONG, *others[1:]], "options": {"lives": 5}})
    table.seal([5, 4], dice_photo("IMG_20191208_112648"))
    table.act({"by": "Zed", "do": "declare", "call": "double-6"})
    table.act({"by": LONG, "do": "pull"})             # a lie: Zed loses a life, LONG rolls next
    board.wait_for_selector("#verdict.outcome-lie #next-up .who-next")
    wait_for_photo(board)
    wait_for_laid(board)                             # (what is fitted once the photo is in)
    pieces = check(board, "#next-up .who-next")
    assert len(pieces) >= 2, pieces
    board.screenshot(path=str(SHOTS / f"wall-hyphen-next-{len(others) + 1}.png"))
    assert errors == []


def test_a_40_letter_winner_is_broken_with_a_hyphen(served, browser):
    url, table = served
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": [LONG, "Bob"], "options": {"lives": 1}})
    table.act({"by": LONG, "do": "declare", "call": "double-6", "dice": [6, 6]})
    table.act({"by": "Bob", "do": "pull"})           # the truth: Bob loses his last life
    assert table.public_state()["winner"] == LONG
    board.wait_for_selector('#app[data-over="1"] #winner .word')
    pieces = check(board, "#winner .word")
    assert len(pieces) >= 2, pieces
    board.screenshot(path=str(SHOTS / "wall-hyphen-winner.png"))
    assert errors == []


def test_a_40_letter_name_beside_its_hand_is_broken_with_a_hyphen(served, browser):
    url, table = served
    names = [LONG, *MANY]
    board, errors = open_wall(browser, url)
    table.start_game({"game": "liars", "players": names})
    table.act({"by": LONG, "do": "call", "count": 10, "face": 3})
    opener = table.public_state()["to_act"]
    table.act({"by": opener, "do": "open", "hands": {n: [1, 3, 3, 5, 6] for n in names}})
    board.wait_for_selector("#verdict.has-hands .hand")
    wait_for_laid(board)
    pieces = check(board, "#verdict .hand span")
    assert len(pieces) >= 2, pieces
    board.screenshot(path=str(SHOTS / "wall-hyphen-hands.png"))
    assert errors == []


# A card's name as seen: its text (without soft hyphens), its size, the lines it is on, whether
# its text runs past its box (it is then cut with "…") or its card's foot.
CARD = """(name) => {
    const card = document.querySelector(`#sb-players .player[data-name="${name}"]`);
    const el = card.querySelector('.name');
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect(), box = el.getBoundingClientRect(), c = card.getBoundingClientRect();
    return { text: el.textContent.replaceAll('\\u00ad', ''), px: parseFloat(getComputedStyle(el).fontSize),
             lines: new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size,
             cut: text.width > box.width + 0.01 || text.right > c.right + 0.5 || text.bottom > c.bottom + 0.5
                  || card.scrollHeight > card.clientHeight + 1 }; }"""


@pytest.mark.parametrize("others", [FEW, MANY, MANY + ["Hal"]], ids=["four", "eight", "nine"])
def test_a_40_letter_name_on_its_card_is_whole(served, browser, others):
    # It was cut to 'Wolfeschlegelstei…' at 31-32 px, on one line; the other names fit theirs.
    url, table = served
    board, errors = open_wall(browser, url)
    table.start_game({"game": "kuriki", "players": [*others, LONG], "options": {"lives": 5}})
    board.wait_for_selector(f'#sb-players .player[data-name="{LONG}"]')
    wait_for_laid(board)
    seen = board.evaluate(CARD, LONG)
    assert seen["text"] == LONG and not seen["cut"], seen
    assert seen["lines"] <= 3 and seen["px"] >= 32, seen           # (cut, it stood 31.8-32.4 px)
    pieces = check(board, f'#sb-players .player[data-name="{LONG}"] .name', "#sb-players")
    assert 2 <= len(pieces) <= 3, pieces
    board.screenshot(path=str(SHOTS / f"wall-hyphen-card-{len(others) + 1}.png"))
    assert errors == []
