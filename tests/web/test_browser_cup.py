"""Real-browser tests of the phone at a camera table's cup: the virtual table's Next Guy takes
the cup (tap roll) before anything is rolled for him, and a call waits, said, for the dice to
settle under the cup. Same Chromium and fixtures as test_browser.py; the referee's part (the
camera sees the dice settle) is played by ``table.seal``."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, open_pages, served_camera  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

NOT_ROLLED = "not rolled yet: roll, then declare once the dice settle under the cup"


def test_the_virtual_table_s_next_guy_taps_roll_to_take_the_cup(served_camera, browser):
    # Before, the virtual table rolled for the Next Guy as soon as a call was made, and a 1-2 was
    # declared a Kuriki for him though he never took the cup. Now it waits for him to tap roll.
    url, table = served_camera
    table.virtual = True
    SHOTS.mkdir(parents=True, exist_ok=True)
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    table.seal([6, 4], None)                      # Ann's roll, a fresh one, rolled on its own
    phone.declare("Ann", "9")
    phone.turn("Bob")
    page.wait_for_selector('#ctl-note:has-text("Bob: tap roll to take the cup")')
    roll = page.locator('#ctl-actions button[data-do="roll"]')
    assert roll.inner_text().replace("\n", " ") == "roll take the cup"
    assert table.public_state()["take_cup"] is True
    page.screenshot(path=str(SHOTS / "cup-01-take-the-cup.png"), full_page=True)
    phone.verb("Bob", "roll")
    page.wait_for_selector('#ctl-note:has-text("Bob takes the cup and rolls: declare once the dice settle")')
    assert table.cup_taken() and table.session.log[-1]["do"] == "declare"      # nothing recorded
    assert page.locator('#ctl-actions button[data-do="roll"]').count() == 0
    table.seal([5, 5], None)                      # the camera sees Bob's dice settle
    phone.declare("Bob", "double-5")
    phone.turn("Cy")
    last = table.session.log[-1]
    assert (last["by"], last["do"], last["call"]) == ("Bob", "declare", "double-5")
    assert errors == []


def test_a_call_waits_said_for_the_dice_to_settle_under_the_cup(served_camera, browser):
    # A call tapped in the seconds before the camera saw the dice settle was refused with "the
    # dice have not settled under the cup yet", and nothing on the phone said so beforehand.
    url, table = served_camera
    SHOTS.mkdir(parents=True, exist_ok=True)
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    page.wait_for_selector("#ctl-settling")
    # Nobody has rolled yet (the camera saw no dice stir): it says so, not "dice settling…".
    assert page.inner_text("#ctl-settling") == NOT_ROLLED
    calls = page.locator('#ctl-actions button[data-do="declare"]')
    assert calls.count() > 0 and all(calls.nth(i).is_disabled() for i in range(calls.count()))
    state = table.public_state()
    assert state["dice_settled"] is False and state["dice_rolled"] is False
    table.dice_stirred()                           # the camera sees Ann's dice roll
    page.wait_for_selector('#ctl-settling:has-text("dice settling…")')
    assert page.inner_text("#ctl-settling") == "dice settling…"
    assert all(calls.nth(i).is_disabled() for i in range(calls.count()))
    page.screenshot(path=str(SHOTS / "cup-02-dice-settling.png"))
    table.seal([6, 4], None)                       # the camera sees Ann's dice settle
    page.wait_for_selector("#ctl-settling", state="detached")
    assert table.public_state()["dice_settled"] is True
    assert all(calls.nth(i).is_enabled() for i in range(calls.count()))
    page.screenshot(path=str(SHOTS / "cup-03-dice-settled.png"))
    phone.declare("Ann", "9")
    phone.turn("Bob")                              # Bob has not rolled: his calls wait again
    page.wait_for_selector("#ctl-settling")
    assert page.inner_text("#ctl-settling") == NOT_ROLLED
    assert table.public_state()["dice_settled"] is False
    assert errors == []
