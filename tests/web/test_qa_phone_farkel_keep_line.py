"""QA, Farkel from a 390 px phone: the keep buttons.

A keep of two dice or more wrapped its dice onto a second line inside the button ("keep" and a
die, another die under them). Each keep now reads on one line, the word and its dice, inside its
button and the screen. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SMALL_PHONE, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

# Per keep button: its dice count, how many lines its word and dice take (distinct tops, a few
# pixels apart at most on one line), and whether it stays inside the button and the screen.
LINES = """() => [...document.querySelectorAll('#ctl-actions button[data-do="keep"]')].map((b) => {
  const box = b.getBoundingClientRect();
  const dice = [...b.querySelectorAll('svg.die')].map((d) => d.getBoundingClientRect());
  const range = document.createRange();
  range.selectNodeContents(b);
  const word = [...range.getClientRects()].filter((r) => r.width > 0);
  const mids = [...dice, ...word].map((r) => (r.top + r.bottom) / 2);
  const inside = dice.every((d) => d.left >= box.left - 0.5 && d.right <= box.right + 0.5);
  return {dice: dice.length, spread: Math.max(...mids) - Math.min(...mids), inside,
          right: box.right};
})"""


@pytest.mark.parametrize("roll", [[1, 5, 2, 3, 4, 6], [1, 1, 5, 5, 2, 3], [1, 1, 1, 1, 5, 5]])
def test_each_farkel_keep_reads_on_one_line(served, browser, roll):
    url, table = served
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    table.act({"by": "Ann", "do": "roll", "dice": roll})
    phone.turn("Ann")
    page.wait_for_selector('#ctl-actions button[data-do="keep"]')
    keeps = page.evaluate(LINES)
    assert any(k["dice"] >= 2 for k in keeps), keeps
    for k in keeps:
        assert k["spread"] < 12, keeps          # one line: the word and every die side by side
        assert k["inside"], keeps
        assert k["right"] <= 390, keeps
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert errors == []
