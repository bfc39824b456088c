"""Real-browser tests of what clumsy players do at the table: double taps, two phones at once,
long names on the wall. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import Table_, browser, open_pages, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def settle(page) -> None:
    """Wait until the page has no change on its way (every tap answered)."""
    page.wait_for_load_state("networkidle")


def test_a_double_tap_sends_a_foul_an_undo_and_a_keep_once(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    phone.declare("Ann", "9")
    phone.verb("Bob", "pass")

    page.select_option("#foul-player", "Ann")
    page.dblclick("#foul-send")
    settle(page)
    ann = next(p for p in table.public_state()["players"] if p["name"] == "Ann")
    assert ann["fouls"] == 1, "one double tap on Foul fined Ann twice"
    assert table.public_state()["pot"] == 0.25

    page.dblclick("#undo")
    settle(page)
    state = table.public_state()
    assert [p["fouls"] for p in state["players"]] == [0, 0, 0]
    assert state["passed"] == ["Bob"], "one double tap on Undo took back the pass too"

    phone.new_game_of("farkel", ["Ann", "Bob"])
    phone.verb("Ann", "roll")
    phone.dice(1, 1, 1, 5, 2, 3)
    page.dblclick('#ctl-actions button[data-do="keep"][data-dice="1"]')
    settle(page)
    state = table.public_state()
    assert state["set_aside"] == [1] and state["turn_total"] == 100, state
    assert errors == []


def test_a_double_tap_on_a_call_shows_no_refusal(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    phone.turn("Ann")
    page.dblclick('#ctl-actions button[data-do="declare"][data-call="9"]')
    settle(page)
    phone.turn("Bob")
    assert page.is_hidden("#ctl-error"), page.inner_text("#ctl-error")
    assert errors == []
