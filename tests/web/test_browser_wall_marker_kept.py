"""Every card keeps its life marker (the score pad's star, a player's lives at a glance) where its
name fits without it at most a little smaller. At six players "Annabelle" and "Maximilian" hid
their stars to stand 54 px rather than about 46-51, and Annabelle's came back when the turn moved
on and its ▶ went: a wall whose stars come and go with the turn. A 40-letter name still takes the
marker's room (test_browser_wall_crowd_readable.py).
Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, open_wall, served, wait_for_laid  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

SIX = ["Annabelle", "Fitzgerald", "Cyrano de Bergerac", "Bob", "Maximilian", "Jo"]

# Each card: its marker's drawn size and its name's, and whether the name is whole (not cut
# with "…", within the card).
MARKERS = """() => [...document.querySelectorAll('#sb-players .player')].map((card) => {
    const marker = card.querySelector('.marker').getBoundingClientRect();
    const name = card.querySelector('.name');
    const box = card.getBoundingClientRect(), r = name.getBoundingClientRect();
    return { name: card.dataset.name, marker: [marker.width, marker.height],
             namePx: parseFloat(getComputedStyle(name).fontSize),
             whole: name.textContent.replace('\u25b6', '').trim() === card.dataset.name
                    && r.left >= box.left - 1 && r.right <= box.right + 1 }; })"""


def _cards(board, shot: str) -> list[dict]:
    wait_for_laid(board)
    board.screenshot(path=str(SHOTS / shot))
    return board.evaluate(MARKERS)


def test_every_card_at_six_keeps_its_star_as_the_turn_goes_round(served, browser):
    url, table = served
    table.start_game({"game": "kuriki", "players": SIX, "options": {"lives": 5}})
    board, errors = open_wall(browser, url)
    board.wait_for_selector('.player.to-act[data-name="Annabelle"]')
    first = _cards(board, "wall-markers-six-annabelle.png")
    table.act({"by": "Annabelle", "do": "declare", "call": "double-4"})
    board.wait_for_selector('.player.to-act[data-name="Fitzgerald"]')
    second = _cards(board, "wall-markers-six-fitzgerald.png")
    for cards in (first, second):
        assert [c["name"] for c in cards] == SIX
        for card in cards:
            assert min(card["marker"]) > 100, f"{card['name']}'s life marker is not shown: {card}"
            assert card["whole"], card
        # (The names still read across the room: none under 80% of the 54 px the short ones stand.)
        assert all(c["namePx"] >= 0.8 * 54 for c in cards), cards
    assert errors == []
