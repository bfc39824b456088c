"""Real-browser tests of Mia and Deceit as they are played from a phone (390 px) with the wall
(1920x1080) watching: what each page says while a Mia or an 11 stands, and after a pull. Same
Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from .test_browser import SHOTS, browser, served  # noqa: F401  (fixtures)
from .test_browser_small_phone import PHONES, phone_page, unlock

pytestmark = pytest.mark.browser

WALL = {"width": 1920, "height": 1080}


def wall_page(browser, url: str):
    page = browser.new_page(viewport=WALL)
    page.goto(url + "/")
    page.wait_for_selector('#app[data-ready="1"]')
    return page


def test_the_player_an_11_names_is_as_big_on_the_wall_as_the_words_around_it(served, browser):
    """Deceit: "1-1 names Cy: accept or pull". Cy, the one who must answer now, was drawn smaller
    than the words around it (Farkel's '.target' line size), hard to read across the bar."""
    url, table = served
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "11", "target": "Cy"})
    wall = wall_page(browser, url)
    wall.wait_for_selector(".answers-line .target")
    sizes = wall.evaluate("""() => { const t = document.querySelector('.answers-line .target');
        return [parseFloat(getComputedStyle(t).fontSize), parseFloat(getComputedStyle(t.parentElement).fontSize)]; }""")
    SHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=str(SHOTS / "deceit-11-wall.png"))
    assert wall.inner_text(".answers-line:has(.target)") == "1-1 names Cy: accept or pull"
    assert sizes[0] >= sizes[1], f"the named player is {sizes[0]} px in a {sizes[1]} px line"


@pytest.mark.parametrize("game, setup, accept, pull", [
    ("deceit", [{"by": "Ann", "do": "declare", "call": "11", "target": "Cy"}],
     "pay Ann 1 chip", "2 chips to whoever is wrong"),
    ("mia", [{"by": "Ann", "do": "declare", "call": "42"}, {"by": "Bob", "do": "declare", "call": "21"}],
     "lose 1 life", "2 lives to whoever is wrong"),
], ids=["deceit-11", "mia"])
def test_the_phone_says_who_an_11_names_and_what_accept_and_pull_cost(served, browser, game, setup, accept, pull):
    """A standing 11 (Deceit) or Mia: the phone said only "Call: 1-1 (11) · Ann answers for it"
    (not whom the 11 names: that player must answer it) and offered bare "accept" and "pull",
    though both cost other than every other call (accepting pays 1; a pull costs 2)."""
    url, table = served
    table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
    for action in setup:
        table.act(action)
    who = table.public_state()["to_act"]
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.turn(who)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-accept-phone.png"))
    if game == "deceit":
        assert "Call: 1-1 (11) on Cy · Ann answers for it" in page.inner_text("#ctl-status .call")
    labels = {b: page.inner_text(f'#ctl-actions button[data-do="{b}"]').split("\n") for b in ("accept", "pull")}
    assert labels == {"accept": ["accept", accept], "pull": ["pull", pull]}
    # A tap still sends the plain verb.
    page.click('#ctl-actions button[data-do="accept"]')
    page.wait_for_selector("#ctl-verdict")
    assert table.public_state()["verdict"]["outcome"] == "accepted"
    assert errors == []


def test_the_phone_says_a_verdict_is_the_last_round_s_once_the_next_call_stands(served, browser):
    """After a pull the next round began and its calls were made, but the phone kept showing
    "TRUE! Bob called 53 ... Cy pulled and loses a life" under the header, as if it had just
    happened (the wall says "Last round:"). It is marked as the last round's once a call stands."""
    url, table = served
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "42"})
    page, errors = phone_page(browser, url, PHONES[0])
    phone = unlock(page)
    phone.verb("Bob", "pull")
    phone.dice(6, 5)
    verdict = page.locator("#ctl-verdict")
    assert verdict.inner_text().startswith("TRUE!")           # the news: not marked
    assert "past" not in verdict.get_attribute("class")
    phone.declare("Cy", "31")
    phone.turn("Ann")
    page.wait_for_selector("#ctl-verdict.past")
    assert verdict.inner_text().startswith("Last round: TRUE! Ann called 42")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "mia-last-round-phone.png"))
    styles = verdict.evaluate("""(v) => [getComputedStyle(v).color, getComputedStyle(document.querySelector('#ctl-status .call')).color]""")
    assert styles[0] != styles[1], "the last round's verdict looks like the news"
    assert errors == []


def test_the_wall_says_a_standing_mia_is_accepted_or_pulled_and_what_each_costs(served, browser):
    """Mia: Ann calls Mia. Nothing beats it: Bob may only accept it (1 life) or pull it (2 lives to
    whoever is wrong). The wall showed the call and "Ann answers for it" only, as for any call,
    while Deceit's 11 says "1-1 names Cy: accept or pull"."""
    url, table = served
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    wall = wall_page(browser, url)
    table.act({"by": "Ann", "do": "declare", "call": "42"})
    wall.wait_for_selector(".answers-line b")
    assert wall.locator("#mia-stands").count() == 0            # an ordinary call: nothing said
    table.act({"by": "Bob", "do": "declare", "call": "21"})
    wall.wait_for_selector("#mia-stands")
    assert wall.inner_text("#mia-stands") == "Mia stands: accept (1 life) or pull (2 lives)"
    assert wall.inner_text(".who-acts") == "Cy"
    size = wall.evaluate("() => parseFloat(getComputedStyle(document.getElementById('mia-stands')).fontSize)")
    assert size >= 40, size                                     # read across the room
    assert wall.evaluate("() => { const s = document.getElementById('sb-stage'); return s.scrollHeight <= s.clientHeight; }")
    assert wall.locator("#mia-stands .whole").evaluate_all(
        "(els) => els.map((e) => new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size)") == [1, 1]
    SHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=str(SHOTS / "mia-stands-wall.png"))
    table.act({"by": "Cy", "do": "accept"})
    wall.wait_for_selector("#verdict")
    assert wall.locator("#mia-stands").count() == 0


def test_the_wall_says_a_believed_2_1_turned_play_round(served, browser):
    """Deceit: Ann calls 2-1, Bob believes it (raises to 32): play turns round at once and Ann,
    who has just called, is to act again. The wall said nothing of it but the small direction in
    its corner, and the room saw Ann called up again for no reason it could see."""
    url, table = served
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"]})
    wall = wall_page(browser, url)
    table.act({"by": "Ann", "do": "declare", "call": "21"})
    wall.wait_for_selector(".answers-line b")
    assert wall.locator("#turned-round").count() == 0
    table.act({"by": "Bob", "do": "declare", "call": "32"})
    assert table.public_state()["to_act"] == "Ann"
    wall.wait_for_selector("#turned-round")
    assert wall.inner_text("#turned-round") == "Bob believed the 2-1: play turns round, ↺ counter-clockwise"
    assert wall.evaluate("() => parseFloat(getComputedStyle(document.getElementById('turned-round')).fontSize)") >= 40
    SHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=str(SHOTS / "deceit-2-1-believed-wall.png"))
    table.act({"by": "Ann", "do": "declare", "call": "41"})    # the next call: old news, not said
    wall.wait_for_function("() => !document.getElementById('turned-round')")
    # Believed with an 11: the named player acts, the wall says so; no more words crowd the stage.
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"]}, replace=True)
    table.act({"by": "Ann", "do": "declare", "call": "21"})
    table.act({"by": "Bob", "do": "declare", "call": "11", "target": "Cy"})
    wall.wait_for_selector(".answers-line .target")
    assert wall.locator("#turned-round").count() == 0
