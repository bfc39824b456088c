"""Three places where the wall's words stood under what the rest of it is read at from across a
bar room (1920x1080): a 40-letter winner's name on its card at a table of eight (30 px, three
lines beside a marker as wide as ever, WINNER under it; the other cards' 40-letter names stand
32 px and more, test_browser_wall_hyphen.py); the partners' tags at twelve (28.4 px, under the
30 px a crowd card's tags are kept at, test_browser_wall_tags.py); and at twelve a 40-letter
name on the card marked ANSWERS, cut with "…" where every other card breaks it with a hyphen.
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, open_wall, served, wait_for_laid  # noqa: F401  (fixtures)
from .test_browser_partners import CROWD
from .test_browser_wall_hyphen import CARD, check
from .test_browser_wall_tags import CARDS, LONG, TWELVE
from .test_browser_wall_winner_long_name import _kuriki_won, _liars_won

pytestmark = pytest.mark.browser

NAME_ON_CARD = 32        # px: a 40-letter name on its card (test_browser_wall_hyphen.py)
TAG_READ = 30            # px: a crowd card's tags, two or more (test_browser_wall_tags.py)


@pytest.mark.parametrize("game", ["kuriki", "liars"])
def test_a_40_letter_winner_s_card_at_eight_is_read_across_the_room(served, browser, game):
    url, table = served
    board, errors = open_wall(browser, url)
    (_kuriki_won if game == "kuriki" else _liars_won)(table)
    board.wait_for_selector('#app[data-over="1"] #winner .word')
    wait_for_laid(board)
    board.screenshot(path=str(SHOTS / f"wall-winner-card-8-{game}.png"))
    card = board.evaluate(CARD, LONG)
    assert card["text"] == LONG and not card["cut"] and card["lines"] <= 3, card
    assert card["px"] >= NAME_ON_CARD, f"the winner's name stands {card['px']:.1f} px on its card"
    check(board, f'#sb-players .player[data-name="{LONG}"] .name', "#sb-players")
    cards = board.evaluate(CARDS)
    for c in cards:
        assert not c["cut"] and c["zoom"] == 1, c
        assert all(t["px"] >= 40 for t in c["tags"]), c          # (WINNER, OUT: one tag each)
    assert all(c["namePx"] >= 54 for c in cards if c["name"] != LONG), cards
    assert errors == []


def _crowd_wall(served, browser, ready: str, shot: str):
    """The wall at the twelve-seat Farkel partners game (test_browser_partners.CROWD), laid out
    once Lu's tag shows under ``ready``, its screenshot taken: (the page, its errors, its cards)."""
    url, table = served
    table.start_game(CROWD)
    board, errors = open_wall(browser, url)
    board.wait_for_selector(f'{ready} .player[data-name="Lu"] .tag')
    wait_for_laid(board)
    board.screenshot(path=str(SHOTS / shot))
    cards = board.evaluate(CARDS)
    assert len(cards) == 12
    return board, errors, cards


def test_partners_tags_at_twelve_are_read_across_the_room(served, browser):
    board, errors, cards = _crowd_wall(served, browser, '#app[data-ready="1"]', "wall-partners-tags-12.png")
    least = min(t["px"] for c in cards for t in c["tags"])
    assert least >= TAG_READ, f"a tag stands {least:.1f} px at 1080 lines: {cards}"
    for c in cards:
        assert not c["cut"] and c["zoom"] == 1 and c["namePx"] >= 45, c
    assert errors == []


def test_a_40_letter_name_answering_at_twelve_is_whole_on_its_card(served, browser):
    url, table = served
    table.start_game({"game": "kuriki", "players": TWELVE, "options": {"lives": 5}})
    table.act({"by": LONG, "do": "declare", "call": "double-6", "dice": [6, 6]})
    board, errors = open_wall(browser, url)
    board.wait_for_selector(f'.player.answers[data-name="{LONG}"] .tag-answers')
    wait_for_laid(board)
    board.screenshot(path=str(SHOTS / "wall-answers-long-name-12.png"))
    card = board.evaluate(CARD, LONG)
    assert card["text"] == LONG and not card["cut"], card
    assert card["px"] >= NAME_ON_CARD, card
    pieces = check(board, f'#sb-players .player[data-name="{LONG}"] .name', "#sb-players")
    assert 2 <= len(pieces) <= 3, pieces
    cards = board.evaluate(CARDS)
    for c in cards:
        assert not c["cut"] and c["zoom"] == 1, c
        assert all(t["px"] >= TAG_READ for t in c["tags"]), c
    assert all(c["namePx"] >= 45 for c in cards if c["name"] != LONG), cards
    assert errors == []


# The top of the wall as seen: each team chip's and the direction's lines, the strip's and the
# game's name's boxes.
TOP = """() => {
    const lines = (el) => { const r = document.createRange(); r.selectNodeContents(el);
      return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size; };
    const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, right: r.right}; };
    const strip = document.getElementById('team-strip');
    return { chips: [...strip.querySelectorAll('.team-chip')].map((c) => ({ text: c.textContent, lines: lines(c) })),
             dir: lines(document.querySelector('#sb-money .dir')), strip: box(strip),
             game: box(document.getElementById('sb-game')), top: box(document.querySelector('.sb-top')),
             money: box(document.getElementById('sb-money')) }; }"""


def test_a_lone_card_s_tag_at_twelve_partners_is_read_across_the_room(served, browser):
    """Farkel, twelve seats, three teams of partners and four players alone: the top's team strip
    wrapped at its own line height (a chip under the first, "↻" over "clockwise"), took 137 px
    of the wall's height off the cards, and each lone player's one tag, NOT ON THE BOARD, stood
    34.4 px, under the 40 px a card's lone tag is read at (test_browser_wall_tags.py). The strip
    now goes on two lines set close within the height of the game's name, each chip whole, and
    the lone tags keep their 40 px; no other words shrink for it."""
    board, errors, cards = _crowd_wall(served, browser, '#app[data-ready="1"][data-game="farkel"]',
                                       "wall-partners-lone-tag-12.png")
    lone = [c for c in cards if len(c["tags"]) == 1]
    assert [c["name"] for c in lone] == ["Fitzgerald", "Maximilian", "Konstantinos", "Lu"], cards
    for c in lone:
        assert [t["text"] for t in c["tags"]] == ["NOT ON THE BOARD"], c
        assert c["tags"][0]["px"] >= 40, f"a lone tag stands {c['tags'][0]['px']:.1f} px at 1080 lines: {c}"
    for c in cards:
        assert not c["cut"] and c["zoom"] == 1 and c["namePx"] >= 45, c
        assert all(t["px"] >= TAG_READ for t in c["tags"]), c
    top = board.evaluate(TOP)
    # Every chip whole on one line, the direction too; the strip no taller than the game's name
    # beside it (one line, or two set close), and the top no taller than that.
    assert [c["lines"] for c in top["chips"]] == [1, 1, 1] and top["dir"] == 1, top
    game = top["game"]["bottom"] - top["game"]["top"]
    assert top["strip"]["bottom"] - top["strip"]["top"] <= game + 6, top
    assert top["top"]["bottom"] - top["top"]["top"] <= game + 6, top
    # The chips' words no smaller than before (3.6 vh, as the rest of the top's line).
    assert board.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.team-chip')).fontSize)") >= 3.6 * 10.8 - 0.05
    assert errors == []
