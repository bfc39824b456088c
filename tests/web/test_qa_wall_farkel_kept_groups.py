"""QA, the wall at Farkel: the kept dice after hot dice.

The "kept" row ran every die of the turn together: after hot dice (all six kept) and one more
keep it showed seven dice while the player held one of six, with no break between the rolls.
Each hot dice round now stands apart (smaller, under "hot dice"), and the round being played
after it. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import browser, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

GROUPS = """() => [...document.querySelectorAll('#kept .kept-group')].map((g) => {
  const r = g.getBoundingClientRect();
  return {dice: g.querySelectorAll('svg.die').length, hot: g.classList.contains('hot'),
          words: g.innerText.trim().toLowerCase(), left: r.left, right: r.right};
})"""


def total(board, text: str) -> None:
    board.wait_for_function(f"() => (document.getElementById('turn-total') || {{}}).textContent === '{text}'")


def test_hot_dice_starts_a_new_group_of_kept_dice(served, browser):
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 5, 2]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1]})
    table.act({"by": "Ann", "do": "roll", "dice": [5, 5, 1]})
    table.act({"by": "Ann", "do": "keep", "dice": [5, 5, 1]})
    total(board, "500")
    # All six kept: hot dice, said over them.
    groups = board.evaluate(GROUPS)
    assert [(g["dice"], g["hot"], g["words"]) for g in groups] == [(6, True, "hot dice")]
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]})
    table.act({"by": "Ann", "do": "keep", "dice": [1]})
    total(board, "600")
    groups = board.evaluate(GROUPS)
    assert [(g["dice"], g["hot"]) for g in groups] == [(6, True), (1, False)]
    assert groups[1]["left"] > groups[0]["right"] + 10          # a visible break between them
    assert groups[1]["right"] <= 1920
    # Before the next keep: the roll of five, the six and the one still apart.
    table.act({"by": "Ann", "do": "roll", "dice": [2, 3, 4, 6, 5]})
    total(board, "600")
    board.wait_for_selector("#best-keep")
    assert [(g["dice"], g["hot"]) for g in board.evaluate(GROUPS)] == [(6, True), (1, False)]


def test_a_high_stakes_turn_s_first_round_is_the_dice_it_took_over(served, browser):
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 0, "high_stakes": True}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 5, 2, 3, 4, 6]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 5]})
    table.act({"by": "Ann", "do": "bank"})
    # Bob takes Ann's four dice, keeps them all (hot dice), then rolls six and keeps a 5.
    table.act({"by": "Bob", "do": "roll", "high_stakes": True, "dice": [1, 1, 1, 5]})
    table.act({"by": "Bob", "do": "keep", "dice": [1, 1, 1, 5]})
    table.act({"by": "Bob", "do": "roll", "dice": [5, 2, 3, 4, 6, 6]})
    table.act({"by": "Bob", "do": "keep", "dice": [5]})
    total(board, "550")
    assert [(g["dice"], g["hot"]) for g in board.evaluate(GROUPS)] == [(4, True), (1, False)]
