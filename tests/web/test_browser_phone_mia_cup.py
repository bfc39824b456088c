"""Real-browser test of Mia on the virtual table, played from a phone (390 px): the next player
takes the cup (taps roll) before anything is rolled for him, as Kuriki's Next Guy does
(test_browser_cup.py); until then he may instead raise blind on the dice as they lie, or pull.
Same Chromium and fixtures as test_browser.py; the referee's part (the camera sees the dice
settle under the cup) is played by ``table.seal``."""

from __future__ import annotations

import json

import pytest

from .test_browser import SHOTS, browser, served_camera  # noqa: F401  (fixtures)
from .test_browser_small_phone import PHONES, phone_page, unlock

pytestmark = pytest.mark.browser

CALLS = '#ctl-actions button[data-do="declare"]'


def calls_enabled(page) -> list[bool]:
    calls = page.locator(CALLS)
    return [calls.nth(i).is_enabled() for i in range(calls.count())]


def test_the_phone_s_mia_player_takes_the_cup_before_anything_is_rolled_for_him(served_camera, browser):
    url, table = served_camera
    table.virtual = True
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.new_game_of("mia", ["Ann", "Bob", "Cy"])
    table.seal([4, 1], None)                      # Ann's roll settles under the cup
    phone.declare("Ann", "41")
    phone.turn("Bob")

    # Bob: nothing is rolled for him. He may take the cup, raise blind on Ann's dice, or pull.
    page.wait_for_selector('#ctl-note:has-text("Bob: tap roll to take the cup")')
    assert page.inner_text("#ctl-note") == ("Bob: tap roll to take the cup and roll (at the buttons, "
                                            "press Declare), or raise blind on the dice as they lie, or pull")
    roll = page.locator('#ctl-actions button[data-do="roll"]')
    assert roll.count() == 1 and roll.inner_text().replace("\n", " ") == "roll take the cup"
    assert page.locator('#ctl-actions button[data-do="pull"]').count() == 1
    assert page.locator('#ctl-actions input[data-flag="blind"]').count() == 1
    assert page.inner_text("#ctl-settling").startswith("no dice under the cup yet: tap roll to take the cup")
    assert calls_enabled(page) and not any(calls_enabled(page))   # his calls wait for his roll
    state = table.public_state()
    assert state["take_cup"] is True and state["dice_settled"] is False
    page.screenshot(path=str(SHOTS / "phone-mia-01-take-the-cup.png"), full_page=True)

    phone.verb("Bob", "roll")                     # "take the cup"
    page.wait_for_selector('#ctl-note:has-text("Bob takes the cup and rolls")')
    assert page.inner_text("#ctl-note") == "Bob takes the cup and rolls: declare once the dice settle under it"
    assert table.cup_taken()
    last = table.session.log[-1]
    assert (last["by"], last["do"], last["call"]) == ("Ann", "declare", "41")   # nothing recorded
    # Having taken the cup he rolls: no second take, no pull or blind raise on the dice rolled
    # away; his calls wait, said, for his dice to settle.
    phone.turn("Bob")
    page.wait_for_selector('#ctl-actions button[data-do="roll"]', state="detached")
    assert page.locator('#ctl-actions button[data-do="pull"]').count() == 0
    assert page.locator('#ctl-actions input[data-flag="blind"]').count() == 0
    assert page.inner_text("#ctl-settling") == "dice settling…"
    assert calls_enabled(page) and not any(calls_enabled(page))
    state = table.public_state()
    assert state["take_cup"] is False and state["to_act"] == "Bob"
    # The dice under the cup never leave the table before the pull: no die is in the state the
    # phone is sent.
    sent = page.evaluate("() => fetch('/api/state', { credentials: 'same-origin' }).then((r) => r.text())")
    assert '"dice"' not in sent and '"dice"' not in json.dumps(state)
    page.screenshot(path=str(SHOTS / "phone-mia-02-cup-taken.png"), full_page=True)

    table.seal([5, 2], None)                      # the camera sees Bob's dice settle
    page.wait_for_selector("#ctl-settling", state="detached")
    assert all(calls_enabled(page))
    assert page.locator('#ctl-actions button[data-do="declare"][data-call="41"]').count() == 0   # he must beat 41
    phone.declare("Bob", "52")
    phone.turn("Cy")
    last = table.session.log[-1]
    assert (last["by"], last["do"], last["call"], last["dice"]) == ("Bob", "declare", "52", [5, 2])
    assert last.get("blind") is not True
    # ... and Cy in turn takes the cup, or raises blind, or pulls.
    page.wait_for_selector('#ctl-note:has-text("Cy: tap roll to take the cup")')
    assert page.locator('#ctl-actions button[data-do="roll"]').count() == 1
    assert errors == []
