"""Real-browser tests of the direction of play on the phone (390 and 360 px): under who is to act,
the way play goes round (the wall's arrows, ↻ clockwise, ↺ counter-clockwise) and who plays
next. The phone showed neither, though play turns round (a believed 2-1 in Deceit, a Kuriki's
reverse) and players go out. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)
from .test_browser_small_phone import PHONES, phone_page, unlock

pytestmark = pytest.mark.browser

# Whether the page scrolls sideways (a line wider than the phone).
SIDEWAYS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def order(page) -> str:
    return " ".join(page.inner_text("#ctl-order").split())


def wait_order(page, text: str) -> None:
    # (Without the soft hyphens a name too long for the line is broken at: test_browser_phone_hyphen.)
    page.wait_for_function("(t) => { const o = document.getElementById('ctl-order');"
                           " return o && o.innerText.replaceAll('\\u00ad', '').split(/\\s+/).join(' ') === t; }", arg=text)


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}px")
def test_the_phone_shows_which_way_play_goes_and_who_is_next_as_a_2_1_turns_it_round(served, browser, size):
    url, table = served
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy", "Dee"]})
    page, errors = phone_page(browser, url, size)
    phone = unlock(page)
    phone.turn("Ann")
    wait_order(page, "↻ clockwise · next: Bob")
    assert page.get_attribute("#ctl-direction", "data-direction") == "clockwise"
    assert page.inner_text("#ctl-next") == "Bob"
    # Right under "Deceit: Ann to act", above the call and the roster.
    assert page.evaluate("() => document.getElementById('ctl-order').previousElementSibling.tagName") == "H1"
    # Ann calls 2-1: whoever believes it turns play round, and Ann is called up again.
    table.act({"by": "Ann", "do": "declare", "call": "21"})
    phone.turn("Bob")
    wait_order(page, "↻ clockwise · believing the 2-1 turns play round ↺: next Ann")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-direction-2-1-{size['width']}.png"))
    # Bob believes it (raises): play goes the other way round, and the phone says it turned.
    table.act({"by": "Bob", "do": "declare", "call": "32"})
    phone.turn("Ann")
    wait_order(page, "↺ counter-clockwise (turned round) · next: Dee")
    assert page.get_attribute("#ctl-direction", "data-direction") == "counter-clockwise"
    page.screenshot(path=str(SHOTS / f"phone-direction-turned-{size['width']}.png"))
    table.act({"by": "Ann", "do": "declare", "call": "41"})
    phone.turn("Dee")
    wait_order(page, "↺ counter-clockwise (turned round) · next: Cy")
    assert not page.evaluate(SIDEWAYS)
    assert errors == []


def test_after_an_11_the_phone_names_who_begins_the_next_round(served, browser):
    """Deceit: Ann calls 11 on Cy. Cy answers it (accept or pull) and either way the round ends:
    the next round begins with the player after Ann, not after Cy."""
    url, table = served
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy", "Dee"]})
    table.act({"by": "Ann", "do": "declare", "call": "11", "target": "Cy"})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn("Cy")
    wait_order(page, "↻ clockwise · next: Bob")
    table.act({"by": "Cy", "do": "accept"})
    phone.turn("Bob")
    assert table.public_state()["to_act"] == "Bob"
    wait_order(page, "↻ clockwise · next: Cy")
    assert errors == []


def test_the_phone_s_next_player_skips_players_out_and_goes_the_chosen_way(served, browser):
    """Mia, counter-clockwise from the start (not turned round): Bob goes out on his first
    life, and the player to act is followed by the next one still in."""
    url, table = served
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy", "Dee"],
                      "options": {"direction": "counter-clockwise", "lives": 1}})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn("Ann")
    wait_order(page, "↺ counter-clockwise · next: Dee")
    assert page.locator("#ctl-order .turned").count() == 0
    table.act({"by": "Ann", "do": "declare", "call": "31", "dice": [3, 1]})
    table.act({"by": "Dee", "do": "declare", "call": "41", "dice": [6, 5]})
    table.act({"by": "Cy", "do": "declare", "call": "42", "dice": [6, 6]})
    table.act({"by": "Bob", "do": "declare", "call": "43", "dice": [3, 2]})
    table.act({"by": "Ann", "do": "pull"})     # Bob's 43 was a 3-2: Bob is out
    state = table.public_state()
    assert [p["name"] for p in state["players"] if p["out"]] == ["Bob"]
    seats = ["Ann", "Dee", "Cy"]               # counter-clockwise, Bob gone
    expected = seats[(seats.index(state["to_act"]) + 1) % 3]
    phone.turn(state["to_act"])
    wait_order(page, f"↺ counter-clockwise · next: {expected}")
    assert errors == []


def test_the_phone_says_who_has_a_turn_left_in_farkel_s_final_round(served, browser):
    """Farkel, partners Ann + Cy against Bob + Dee: Ann banks past the target, and each of the
    other team gets one more turn; Cy, her partner, none. The phone said nothing of it."""
    url, table = served
    table.start_game({"game": "farkel", "players": ["Ann", "Bob", "Cy", "Dee"],
                      "options": {"target": 300, "entry": 0, "partners": "Ann + Cy; Bob + Dee"}})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn("Ann")
    wait_order(page, "↻ clockwise · next: Bob")
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 5, 2]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1]})
    table.act({"by": "Ann", "do": "bank"})
    assert table.public_state()["final_round"] is True
    phone.turn("Bob")
    wait_order(page, "↻ clockwise · next: Dee")        # not Cy: her team reached the target
    table.act({"by": "Bob", "do": "roll", "dice": [2, 3, 4, 6, 2, 3]})   # a farkle
    phone.turn("Dee")
    wait_order(page, "↻ clockwise · the game's last turn")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-direction-farkel-last-turn.png"))
    table.act({"by": "Dee", "do": "roll", "dice": [2, 3, 4, 6, 2, 3]})
    page.wait_for_selector("h1.winner")
    assert page.locator("#ctl-order").count() == 0     # the game is over: nobody plays next
    assert errors == []


def test_a_long_name_next_breaks_inside_the_line_not_past_the_phone(served, browser):
    long = "Wolfeschlegelsteinhausenbergerdorffvoral"    # 40 letters, the longest allowed
    url, table = served
    table.start_game({"game": "mia", "players": ["Ann", long, "Cy"]})
    page, errors = phone_page(browser, url, PHONES[1])
    unlock(page).turn("Ann")
    wait_order(page, f"↻ clockwise · next: {long}")
    assert not page.evaluate(SIDEWAYS)
    box = page.locator("#ctl-order").bounding_box()
    assert box["x"] + box["width"] <= PHONES[1]["width"]
    assert errors == []


def test_ticking_reverse_direction_after_a_kuriki_shows_who_plays_next_the_other_way(served, browser):
    """Kuriki: after his Kuriki Ann keeps the cup and may reverse the direction with her next call
    (the "reverse direction" tick). Ticked, the phone shows who plays next the other way round;
    once her call is made play has turned round, and it says so."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy", "Dee"], "options": {"lives": 5}})
    table.act({"by": "Ann", "do": "declare", "call": "kuriki", "dice": [1, 2]})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn("Ann")
    wait_order(page, "↻ clockwise · next: Bob")
    page.click('#ctl-actions input[data-flag="reverse"]')
    wait_order(page, "↻ clockwise · reversing turns play round ↺: next Dee")
    page.click('#ctl-actions input[data-flag="reverse"]')          # unticked: as before
    wait_order(page, "↻ clockwise · next: Bob")
    page.click('#ctl-actions input[data-flag="reverse"]')
    page.click('#ctl-actions button[data-do="declare"][data-call="double-4"]')
    phone.turn("Dee")
    assert table.session.log[-1].get("reverse") is True
    wait_order(page, "↺ counter-clockwise (turned round) · next: Cy")
    assert errors == []


def test_ticking_bounce_back_shows_the_call_going_back(served, browser):
    """Liar's dice: Bob may bounce Ann's call back to her (two more). Ticked, the phone's next
    player is Ann, not Cy round the table; the call made, Ann is to act and Bob next."""
    url, table = served
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "call", "count": 5, "face": 3})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn("Bob")
    wait_order(page, "↻ clockwise · next: Cy")
    page.click('#ctl-actions input[data-flag="bounce"]')
    wait_order(page, "↻ clockwise · bounced back: next Ann")
    page.click('#ctl-actions button[data-do="call"][data-count="7"][data-face="3"]')
    phone.turn("Ann")
    wait_order(page, "↻ clockwise · next: Bob")
    assert errors == []
