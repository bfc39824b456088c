"""Real-browser tests of what clumsy players do at the table: double taps, two phones at once,
long names on the wall. Same Chromium and fixtures as test_browser.py."""

from __future__ import annotations

import pytest

from web.services import DiceNotSettled

from .conftest import PIN
from .test_browser import SHOTS, SMALL_PHONE, Table_, browser, open_pages, served, served_camera, verdict_overflow, wait_for_laid  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def settle(page) -> None:
    """Wait until the page has no change on its way (every tap answered and shown)."""
    page.wait_for_selector('#app:not([data-busy="1"])', state="attached")
    page.wait_for_load_state("networkidle")


def fill_new_game(page, game: str, players: str) -> None:
    """The phone's new-game form filled in (not sent): ``game`` and one player per line."""
    page.select_option("#ng-game", game)
    page.fill("#ng-players", players)


def test_a_double_tap_sends_a_foul_an_undo_and_a_keep_once(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    phone.declare("Ann", "9")
    phone.verb("Bob", "pass")
    settle(page)

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
    settle(page)
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
    settle(page)
    page.dblclick('#ctl-actions button[data-do="declare"][data-call="9"]')
    settle(page)
    phone.turn("Bob")
    assert page.is_hidden("#ctl-error"), page.inner_text("#ctl-error")
    assert errors == []


def runs_off(page, selector: str) -> float:
    """How far the element's text runs past the right edge of the stage, in pixels (at most 0
    when it can all be read)."""
    return page.evaluate("""(sel) => { const el = document.querySelector(sel);
        const stage = document.getElementById('sb-stage').getBoundingClientRect();
        const range = document.createRange(); range.selectNodeContents(el);
        const right = Math.max(...[...range.getClientRects()].map((r) => r.right));
        return Math.max(right - stage.right, el.scrollWidth - el.clientWidth); }""", selector)


@pytest.mark.parametrize("players", [3, 8])
def test_the_verdict_word_and_long_names_stay_on_the_wall(served, browser, players):
    url, table = served
    boards = [browser.new_page(viewport=size) for size in
              ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})]
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"       # 40 letters, no space
    names = [long_name, "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]
    table.start_game({"game": "mia", "players": names})
    table.act({"by": long_name, "do": "declare", "call": "21"})
    table.act({"by": "Bob", "do": "accept"})
    for board in boards:
        board.goto(url + "/")
        board.wait_for_selector("#verdict.outcome-accepted")
        assert board.inner_text("#verdict .word") == "ACCEPTED"
        assert runs_off(board, "#verdict .word") <= 0, "ACCEPTED is cut off at the stage's edge"
        assert runs_off(board, "#verdict .said") <= 0
        assert runs_off(board, "#verdict .message") <= 0
    # The long name wins (Kurikis knock the others out): the biggest thing on the wall.
    table.start_game({"game": "kuriki", "players": names, "options": {"lives": 1}}, replace=True)
    while not table.public_state()["over"]:
        table.act({"by": long_name, "do": "declare", "call": "kuriki", "dice": [1, 2]})
    state = table.public_state()
    assert state["over"]
    for board in boards:
        board.wait_for_selector("#winner")
        assert runs_off(board, "#winner .word") <= 0, f"{state['winner']}'s name runs off the wall"
        assert board.evaluate("() => { const s = document.getElementById('sb-stage');"
                              " return s.scrollHeight <= s.clientHeight; }")


def test_long_names_push_nothing_off_the_stage(served, browser):
    """Deceit, eight players with long names: an 11 naming one, answered for by another. The
    wall shows who answers and this round's calls, nothing cut off below the stage."""
    url, table = served
    names = ["Ann", "Bartholomew-Maximilian Fitzgerald", "Cyrano de Bergerac", "Dörte Ünal",
             "Ferdinand von Zeppelin Jr.", "Eve", "Gus", "Hal"]
    table.start_game({"game": "deceit", "players": names})
    table.act({"by": "Ann", "do": "declare", "call": "54"})
    table.act({"by": names[1], "do": "declare", "call": "11", "target": "Cyrano de Bergerac"})
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720}):
        board = browser.new_page(viewport=size)
        board.goto(url + "/")
        board.wait_for_selector(".answers-line .target")
        assert board.evaluate("() => { const s = document.getElementById('sb-stage');"
                              " return s.scrollHeight - s.clientHeight; }") <= 1, size
        assert board.evaluate("""() => { const s = document.getElementById('sb-stage').getBoundingClientRect();
            const chips = [...document.querySelectorAll('.calls .call-chip')];
            return chips.length === 2 && chips.every((c) => c.getBoundingClientRect().bottom <= s.bottom); }"""), size


def test_two_phones_a_pull_half_entered_on_one_is_put_away_when_the_other_pulls(served, browser):
    url, table = served
    board, first, errors = open_pages(browser, url)
    _, second, more_errors = open_pages(browser, url)
    first.new_game_of("mia", ["Ann", "Bob", "Cy"])
    table.act({"by": "Ann", "do": "declare", "call": "54"})
    second.verb("Bob", "pull")                  # the second phone starts entering the dice...
    second.page.click('#ctl-entry button.face[data-die="0"][data-face="5"]')
    first.verb("Bob", "pull")                   # ...the first phone lifts the cup
    first.dice(5, 4)
    second.turn("Cy")
    second.page.wait_for_selector("#ctl-entry", state="hidden")
    assert second.page.locator("#entry-send").count() == 0
    assert errors == [] and more_errors == []


def test_a_deceit_payment_says_what_the_winner_gains(served, browser):
    url, table = served
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "11", "target": "Cy"})
    table.act({"by": "Cy", "do": "pull", "dice": [3, 4]})      # a lie: Ann pays Cy two chips
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector("#verdict .losses")
    assert board.inner_text("#verdict .losses .loss") == "Ann loses 2 chips"
    assert board.inner_text("#verdict .losses .gain") == "Cy gains 2 chips"


def test_eight_players_on_a_small_wall_every_card_shows_its_tags(served, browser):
    """1280x720, eight players on one life each: the one who answers, passed and is in the shit
    carries three tags; none is cut off at the card's foot, nor the name at its top."""
    url, table = served
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table.start_game({"game": "kuriki", "players": names, "options": {"lives": 1}})
    table.act({"by": "Ann", "do": "declare", "call": "double-6"})
    table.act({"by": "Bob", "do": "pass"})
    table.act({"by": "Cy", "do": "pass"})
    board = browser.new_page(viewport={"width": 1280, "height": 720})
    board.goto(url + "/")
    board.wait_for_selector('.player.answers[data-name="Cy"] .tag-passed')
    clipped = board.evaluate("""() => [...document.querySelectorAll('.player')].filter((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll('.name, .tag')].some((el) => {
          const r = el.getBoundingClientRect();
          return r.top < box.top - 1 || r.bottom > box.bottom + 1; });
      }).map((card) => card.dataset.name)""")
    assert clipped == []


def test_a_refused_new_game_can_be_sent_again_at_once(served, browser):
    """The double-tap guard swallows a quick second tap only after a tap that was taken."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    fill_new_game(page, "mia", "Ann\nAnn")
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#ctl-error:not([hidden])")
    assert "names must differ" in page.inner_text("#ctl-error")
    page.fill("#ng-players", "Ann\nBob")
    page.click('#new-game button[type="submit"]')
    phone.turn("Ann")
    assert table.public_state()["game"] == "mia"


def test_the_phone_says_when_it_lost_the_table_and_recovers_after_a_restart(tmp_path, browser):
    """The server restarts mid-game (power cut, update): the phone says it is out of touch, a tap
    meanwhile says the table cannot be reached, and when the table is back the page catches up
    and the stale message goes."""
    import waitress

    from device.events import EventBus
    from device.store import Store
    from device.table import Table
    from web import create_app
    from web.sessions import UnlockedSessions

    from .serving import serve

    def up(port: int = 0):
        store = Store(tmp_path / "data")
        table = Table(store, EventBus(), has_camera=False)
        # As dicetable run does, the unlocked phones are kept in the data directory: in memory
        # (create_app's default) a restart locks every phone.
        app = create_app(table, pin=PIN, secret_key=b"browser-test-key-0123456789abcdef",
                         test_config={"SSE_HEARTBEAT_SECONDS": 0.5},
                         sessions=UnlockedSessions(tmp_path / "data" / "unlocked_sessions.json"))
        servers = []

        def create(a):
            servers.append(waitress.create_server(a, host="127.0.0.1", port=port, threads=8))
            return servers[0]

        got, stop = serve(app, on_stop=lambda: table.note("closing"), create=create)

        def down() -> None:
            stop()
            # A process that ends closes its connections; this thread's server leaves them open.
            for channel in list(servers[0]._map.values()):
                channel.close()
            store.close()
        return got, table, down

    port, table, down = up()
    url = f"http://127.0.0.1:{port}"
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    page.wait_for_selector('#app[data-live="1"]')
    assert page.is_hidden("#ctl-offline")
    down()
    page.wait_for_selector("#ctl-offline:not([hidden])")
    page.click('#ctl-actions button[data-do="declare"][data-call="9"]')
    page.wait_for_selector("#ctl-error:not([hidden])")
    assert "cannot be reached" in page.inner_text("#ctl-error")

    _, table, down = up(port)
    try:
        table.act({"by": "Ann", "do": "declare", "call": "8"})     # from the other phone
        phone.turn("Bob")
        page.wait_for_selector("#ctl-offline", state="hidden")
        assert page.is_hidden("#ctl-error")
        phone.verb("Bob", "pass")                                    # the same session still works
        phone.turn("Cy")
        assert table.public_state()["passed"] == ["Bob"]
    finally:
        down()


def test_back_after_a_wrong_pin_and_the_right_one_is_the_table_page(served, browser):
    url, table = served
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url + "/table")
    page.fill("#pin", "9999")
    page.click(".pin-form button")
    page.wait_for_selector(".card .ctl-error")
    assert "wrong PIN" in page.inner_text(".card .ctl-error")
    page.fill("#pin", PIN)
    page.click(".pin-form button")
    page.wait_for_selector("#new-game")
    page.go_back()                    # was Chrome's "Confirm Form Resubmission" (ERR_CACHE_MISS)
    page.wait_for_selector('#app[data-ready="1"]')
    assert page.url == url + "/table"
    assert page.locator("#new-game").count() == 1      # the session from the right PIN holds
    page.reload()
    page.wait_for_selector("#new-game")


def test_a_blind_raise_toggle_is_not_left_on_for_the_next_player(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game_of("mia", ["Ann", "Bob", "Cy"])
    phone.declare("Ann", "54")
    phone.turn("Bob")
    page.check('#ctl-actions input[data-flag="blind"]')
    phone.declare("Bob", "61")
    phone.turn("Cy")
    assert table.public_state()["blind"] is True
    assert not page.is_checked('#ctl-actions input[data-flag="blind"]')
    phone.declare("Cy", "62")
    phone.turn("Ann")
    assert table.public_state()["calls"][-1] == {"by": "Cy", "call": "62", "blind": False}
    assert errors == []


def test_a_mia_call_with_the_blind_toggle_off_is_a_roll_not_a_blind_raise(served_camera, browser):
    """At a camera table Bob, who rolled, would tap 61 before the camera has seen his dice settle:
    with "blind raise (no roll)" unticked that is a roll, so the table refuses it, the dice not
    settled. It took the call for a blind raise, judged at the pull on the dice Ann left. The
    phone now holds the call until they have settled (the table's refusal stays the guard)."""
    url, table = served_camera
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game_of("mia", ["Ann", "Bob", "Cy"])
    table.seal([5, 4], None)
    phone.declare("Ann", "54")
    phone.turn("Bob")
    assert not page.is_checked('#ctl-actions input[data-flag="blind"]')
    assert page.is_disabled('#ctl-actions button[data-do="declare"][data-call="61"]')
    with pytest.raises(DiceNotSettled):            # the table's guard, for a tap that gets through
        table.act({"by": "Bob", "do": "declare", "call": "61", "blind": False})
    state = table.public_state()
    assert state["call"] == "54" and state["to_act"] == "Bob", "a call with blind unticked went in blind"
    table.seal([6, 1], None)          # the camera sees Bob's dice settle: the call goes in
    phone.declare("Bob", "61")
    phone.turn("Cy")
    assert table.public_state()["calls"][-1] == {"by": "Bob", "call": "61", "blind": False}
    assert errors == []


def test_a_mia_call_before_the_dice_settled_says_how_to_raise_blind(served_camera, browser):
    """Bob, who meant to raise without rolling, finds 61 held with "blind raise (no roll)"
    unticked: the phone says the dice are settling and how to raise blind; where no blind raise
    may be made (the round's first call) it says only that they are settling."""
    url, table = served_camera
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game_of("mia", ["Ann", "Bob", "Cy"])
    page.wait_for_selector("#ctl-settling")         # nothing under the cup seen yet, no call to raise
    assert page.inner_text("#ctl-settling") == "not rolled yet: roll, then declare once the dice settle under the cup"
    table.dice_stirred()                            # the camera sees Ann's dice roll
    page.wait_for_selector('#ctl-settling:has-text("dice settling…")')
    assert page.inner_text("#ctl-settling") == "dice settling…"
    assert page.is_disabled('#ctl-actions button[data-do="declare"][data-call="54"]')
    table.seal([5, 4], None)
    phone.declare("Ann", "54")
    phone.turn("Bob")                               # Bob has not rolled (he meant not to)
    assert page.inner_text("#ctl-settling") == ('not rolled yet: roll, then declare once the dice settle under '
                                                'the cup (to raise without rolling, tick "blind raise (no roll)")')
    table.dice_stirred()                            # ... or he picks the cup up after all
    page.wait_for_selector('#ctl-settling:has-text("dice settling…")')
    assert page.inner_text("#ctl-settling") == 'dice settling… (to raise without rolling, tick "blind raise (no roll)")'
    assert page.is_disabled('#ctl-actions button[data-do="declare"][data-call="61"]')
    assert table.public_state()["call"] == "54"
    page.check('#ctl-actions input[data-flag="blind"]')   # as told
    assert page.locator("#ctl-settling").count() == 0
    phone.declare("Bob", "61")
    phone.turn("Cy")
    assert table.public_state()["calls"][-1] == {"by": "Bob", "call": "61", "blind": True}
    assert errors == []


def test_a_refusal_goes_once_the_game_has_moved_on(served_camera, browser):
    """Ann taps roll before the camera has sent her Farkel roll: "the dice have not settled on
    the tray yet". The roll then comes in, and the phone went on saying so over the dice rolled
    and the keep buttons, until the next tap."""
    url, table = served_camera
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game_of("farkel", ["Ann", "Bob"])
    phone.verb("Ann", "roll")
    page.wait_for_selector("#ctl-error:not([hidden])")
    assert "not settled" in page.inner_text("#ctl-error")
    table.act({"by": "Ann", "do": "roll", "dice": [1, 5, 2, 3, 4, 6]}, from_device=True)
    page.wait_for_selector('#ctl-actions button[data-do="keep"]')
    page.wait_for_selector("#ctl-error", state="hidden", timeout=5000)
    assert errors == []


def test_a_camera_table_offers_no_kuriki_call(served_camera, browser):
    """With a camera a Kuriki is shown, not called: the referee declares a 1-2 itself (it never
    seals one), so the phone's Kuriki button was refused at every tap ("a Kuriki is shown, not
    called ..."). A table without a camera still offers it."""
    url, table = served_camera
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    page.wait_for_selector('#ctl-actions button[data-do="declare"][data-call="double-6"]')
    assert page.locator('#ctl-actions button[data-call="kuriki"]').count() == 0
    table.act({"by": "Ann", "do": "declare", "call": "kuriki", "dice": [1, 2]}, from_device=True)
    page.wait_for_selector("#ctl-verdict.outcome-kuriki")
    phone.turn("Ann")
    page.wait_for_selector('#ctl-actions button[data-do="declare"][data-call="double-6"]')
    assert page.locator('#ctl-actions button[data-call="kuriki"]').count() == 0
    assert errors == []


def test_a_table_without_a_camera_offers_the_kuriki_call(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    phone.declare("Ann", "kuriki")
    phone.dice(1, 2)
    phone.page.wait_for_selector("#ctl-verdict.outcome-kuriki")
    assert errors == []


@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}])
def test_farkel_with_eight_players_shows_the_roll_big(served, browser, size):
    """The roll is what the room watches: with five players or more it was squeezed behind its
    label to under 4 vh dice (10 vh with fewer players)."""
    url, table = served
    names = ["Annabelle", "Bob", "Cyrano de Bergerac", "Dee", "Eve", "Fitzgerald", "Gus", "Hank"]
    table.start_game({"game": "farkel", "players": names})
    table.act({"by": "Annabelle", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]})
    board = browser.new_page(viewport=size)
    board.goto(url + "/")
    board.wait_for_selector("#app.many #best-keep")
    sizes = board.evaluate("() => [...document.querySelectorAll('.farkel-row svg.die')]"
                           ".map((d) => d.getBoundingClientRect().width / innerHeight * 100)")
    assert len(sizes) == 7 and min(sizes) >= 5, sizes              # six rolled, one best keep
    assert board.evaluate("() => { const s = document.getElementById('sb-stage');"
                          " return s.scrollHeight <= s.clientHeight + 1; }")


def test_a_game_of_many_lives_draws_no_star_that_hides_a_lost_life(served, browser):
    """Kuriki allows 99 lives; the star has at most 12 arms. Bob on 19 of 20 lives had a star
    with no life lost on it."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 20}})
    table.act({"by": "Ann", "do": "declare", "call": "kuriki", "dice": [1, 2]})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector('.player[data-name="Bob"][data-lives="19"]')
    stars = board.locator('.player[data-name="Bob"] svg.star')
    assert stars.count() == 0 or stars.locator("circle.spot").count() == 1
    assert board.inner_text('.player[data-name="Bob"] .count') == "19"


def test_a_long_name_does_not_widen_the_phone_page(served, browser):
    """A 40-letter name with no space made the control page wider than the phone: the roster,
    the verdict and the foul list ran off its right edge and the page scrolled sideways."""
    url, table = served
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    phone.new_game([long_name, "Bob", "Cy"], lives=5)
    phone.declare(long_name, "9")
    phone.verb("Bob", "pull")
    phone.dice(1, 3)
    page.wait_for_selector("#ctl-verdict")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert errors == []


def test_an_open_on_a_phone_keeps_each_hand_on_its_own_line(served, browser):
    """Entering eight hands at 390 px: a hand's fifth die wrapped alone onto the next line, where
    it read as the first die of the next player's hand."""
    url, table = served
    names = ["Annabelle", "Bob", "Cyrano de Bergerac", "Dee", "Eve", "Fitzgerald", "Gus", "Hank"]
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    phone.new_game_of("liars", names)
    table.act({"by": "Annabelle", "do": "call", "count": 10, "face": 3})
    phone.verb("Bob", "open")
    page.wait_for_selector("#ctl-entry button.cycle")
    rows = page.evaluate("""(names) => names.map((n) => {
        const tops = [...document.querySelectorAll(`#ctl-entry button.cycle[data-name="${n}"]`)]
          .map((b) => Math.round(b.getBoundingClientRect().top));
        return new Set(tops).size; })""", names)
    assert rows == [1] * 8, dict(zip(names, rows))
    # Each hand's row lies below the one before: no die shares a line with another hand's.
    bottoms = page.evaluate("""(names) => names.map((n) => {
        const r = [...document.querySelectorAll(`#ctl-entry button.cycle[data-name="${n}"]`)]
          .map((b) => b.getBoundingClientRect());
        return [Math.min(...r.map((x) => x.top)), Math.max(...r.map((x) => x.bottom))]; })""", names)
    assert all(bottoms[i][1] <= bottoms[i + 1][0] for i in range(7))
    assert errors == []


def test_the_history_fits_a_phone(served, browser):
    """From the phone's History link: the statistics table was three phones wide and the whole
    page scrolled sideways, the nav with it."""
    url, table = served
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"
    table.start_game({"game": "kuriki", "players": [long_name, "Bob"], "options": {"lives": 1}})
    table.act({"by": long_name, "do": "declare", "call": "kuriki", "dice": [1, 2]})
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url + "/history")
    page.wait_for_selector("table.stats td.name")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.locator("table.games a.download").count() == 1


@pytest.mark.parametrize("entry, tagged", [(0, 0), (500, 2)])
def test_not_on_the_board_yet_only_when_there_is_an_entry_score(served, browser, entry, tagged):
    url, table = served
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": entry}})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector('#app[data-game="farkel"] .player[data-name="Bob"]')
    assert board.get_by_text("NOT ON THE BOARD YET").count() == tagged


def test_a_double_tap_on_start_game_starts_one_game(served, browser):
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    fill_new_game(page, "mia", "Ann\nBob")
    page.dblclick('#new-game button[type="submit"]')
    phone.turn("Ann")
    settle(page)
    assert len(table.games()) == 1, "the first game was started and at once abandoned"


def test_two_phones_tapping_undo_take_back_one_action(served, browser):
    """The second phone has not yet seen the first phone's undo when its player taps Undo too:
    only one action is taken back, and that phone says the game moved on."""
    url, table = served
    board, first, errors = open_pages(browser, url)
    _, second, _ = open_pages(browser, url)
    first.new_game(["Ann", "Bob", "Cy"], lives=5)
    first.declare("Ann", "9")
    first.verb("Bob", "pass")
    first.turn("Cy")
    second.page.route("**/api/events", lambda route: route.abort())   # its Wi-Fi lags:
    second.page.reload()                          # it shows Cy to act and hears nothing more
    second.turn("Cy")
    first.page.click("#undo")
    first.turn("Bob")
    second.page.click("#undo")
    second.page.wait_for_selector("#ctl-error:not([hidden])")
    assert "moved on" in second.page.inner_text("#ctl-error")
    state = table.public_state()
    assert state["call"] == "9" and state["to_act"] == "Bob", "two taps took back two actions"
    assert errors == []


def test_the_fitted_wall_is_fitted_again_when_the_screen_changes_size(served, browser):
    """A kiosk browser paints at one size, then goes full screen: ACCEPTED, fitted to the first
    size in pixels, stayed that small."""
    url, table = served
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "21"})
    table.act({"by": "Bob", "do": "accept"})
    board = browser.new_page(viewport={"width": 1280, "height": 720})
    board.goto(url + "/")
    board.wait_for_selector("#verdict.outcome-accepted")
    size = "() => parseFloat(getComputedStyle(document.querySelector('#verdict .word')).fontSize)"
    small = board.evaluate(size)
    board.set_viewport_size({"width": 1920, "height": 1080})
    board.wait_for_function(f"() => ({size})() > {small} * 1.3")
    assert runs_off(board, "#verdict .word") <= 0


def test_a_phone_whose_session_is_gone_asks_for_the_pin_again(served, browser):
    """The PIN was changed and the table restarted (here: the phone's cookie is gone): a tap
    used to answer with talk of X-Table-PIN headers, the dead buttons still on show."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    # "Ann to act" can come on the event stream before the phone has the answers to its own new
    # game (the POST, then the state it asks for). Each answer used to bring the session cookie
    # again (no longer: the cookie is sent only when the session changes), so cleared before they
    # landed, the session came back and the tap was taken. The cookie still goes once the last of
    # them is in: the phone is done with its new game.
    with page.expect_request_finished(lambda request: request.url.endswith("/api/state")):
        phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    page.context.clear_cookies()
    page.click('#ctl-actions button[data-do="declare"][data-call="9"]')
    page.wait_for_selector("#pin")
    assert page.locator("#ctl-actions").count() == 0
    assert table.public_state()["call"] is None


def test_too_many_wrong_pins_keeps_the_pin_form(served, browser):
    """Past ten wrong PINs the phone got a bare error page at /table/login, whose reload sent
    the wrong PIN once more."""
    url, table = served
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url + "/table")
    for _ in range(11):
        page.fill("#pin", "9999")
        # Each answer page loaded, its script run (which puts /table in the address): the error
        # shows before that, and from the second PIN on the last page's error was there already.
        with page.expect_event("load"):
            page.click(".pin-form button")
        page.wait_for_selector(".card .ctl-error")
    assert "too many wrong PINs" in page.inner_text(".card .ctl-error")
    assert page.url == url + "/table"
    assert page.locator("#pin").count() == 1


def test_with_eight_players_the_stage_crowns_stay_big(served, browser):
    """Five players or more shrink the cards' crowns; the winner's crown and the Kuriki moment's
    shrank with them, to a 4 vh mark over a 20 vh name. (Big again, they must still fit.)"""
    url, table = served
    ann = "Bartholomew-Maximilian Fitzgerald"
    names = [ann, "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table.start_game({"game": "kuriki", "players": names, "options": {"lives": 2, "stake": 5}})
    table.act({"by": ann, "do": "declare", "call": "kuriki", "dice": [1, 2]})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    crown = "(sel) => document.querySelector(sel).getBoundingClientRect().height / innerHeight * 100"
    board.wait_for_selector("#verdict.outcome-kuriki")
    assert board.evaluate(crown, ".crown-moment svg.crown") >= 7
    while not table.public_state()["over"]:
        table.act({"by": ann, "do": "declare", "call": "kuriki", "dice": [1, 2]})
    board.wait_for_selector("#winner")
    assert board.evaluate(crown, "#winner svg.crown") >= 12
    # On a 720p wall the long name and the long last message fit round the crown: nothing cut
    # off at the top (the centred stage overflowed upwards, out of reach of any fitting).
    small = browser.new_page(viewport={"width": 1280, "height": 720})
    small.goto(url + "/")
    small.wait_for_selector("#winner")
    assert small.evaluate(crown, "#winner svg.crown") >= 8
    assert small.evaluate("""() => { const s = document.getElementById('sb-stage').getBoundingClientRect();
        return [...document.getElementById('winner').children].every((el) => {
          const r = el.getBoundingClientRect(); return r.top >= s.top - 1 && r.bottom <= s.bottom + 1; }); }""")


def test_a_slow_answer_does_not_put_an_older_state_back_on_the_phone(served, browser):
    """The phone starts a game and asks for its state; before that answer comes, the event
    stream brings a newer one (another phone declared). The late answer used to be shown over
    it: the phone went back to Ann to act, the pull it needed gone."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    held = []

    def hold(route):
        held.append((route, route.fetch()))      # answered now, delivered later
        # The handler runs while the test waits on the page, and its fetch takes as long as the
        # table takes to answer: it says on the page when the answer is in, for the test to wait
        # on. (One round trip to the page was given it, too few on a loaded machine.)
        page.evaluate("() => { window.heldStateAnswers = (window.heldStateAnswers || 0) + 1; }")

    page.route("**/api/state", hold)
    fill_new_game(page, "kuriki", "Ann\nBob\nCy")
    page.click('#new-game button[type="submit"]')
    phone.turn("Ann")                                     # from the event stream
    page.wait_for_function("() => window.heldStateAnswers === 1")
    route, answer = held[0]
    assert len(held) == 1 and answer.json()["to_act"] == "Ann"       # the older state, held
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    phone.turn("Bob")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 0      # else the wait below proves nothing
    route.fulfill(response=answer)
    page.wait_for_function("() => window.scrollY === 0")  # the new game's handling is done
    assert page.get_attribute("#app", "data-to-act") == "Bob"
    assert page.locator('#ctl-actions button[data-do="pull"]').count() == 1
    assert errors == []


def test_a_liars_call_of_any_legal_count_can_be_made_on_the_phone(served, browser):
    """Eight players hold 40 dice: the phone offered only the six lowest counts of each face
    (ten to fifteen), so twelve 5s after eleven 5s, or any call above fifteen, needed a typed
    record line. A count stepper now reaches every legal count, with a thumb at 390 px."""
    url, table = served
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    phone.new_game_of("liars", names)
    table.act({"by": "Ann", "do": "call", "count": 11, "face": 5})
    phone.turn("Bob")
    page.wait_for_selector('#call-count[data-count="11"]')
    # At eleven only sixes raise eleven 5s: the other faces are greyed, not offered.
    assert page.locator('#ctl-actions button[data-do="call"][data-count="11"]').count() == 1
    assert page.locator('#ctl-actions button[data-count="11"][data-face="6"]').count() == 1
    assert page.locator("#ctl-actions button.face-btn:disabled").count() == 4
    page.click('#ctl-actions button.step[data-step="1"]')
    page.click('#ctl-actions button[data-do="call"][data-count="12"][data-face="5"]')
    phone.turn("Cy")
    assert table.public_state()["call_detail"] == {"count": 12, "face": 5, "zhai": False}

    # Up to the table's top: every count the rules allow, one tap at a time.
    top = max(a["count"] for a in table.public_state()["legal"] if a["do"] == "call")
    assert top > 20
    up = page.locator('#ctl-actions button.step[data-step="1"]')
    for _ in range(top - 12):
        up.click()
    page.wait_for_selector(f'#call-count[data-count="{top}"]')
    assert up.is_disabled()
    for selector in ('#ctl-actions button.step', '#ctl-actions button.face-btn'):
        sizes = page.evaluate("(sel) => [...document.querySelectorAll(sel)].map((b) => {"
                              " const r = b.getBoundingClientRect(); return [r.width, r.height]; })", selector)
        assert sizes and all(w >= 48 and h >= 48 for w, h in sizes), sizes
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.click(f'#ctl-actions button[data-do="call"][data-count="{top}"][data-face="2"]')
    phone.turn("Dee")
    assert table.public_state()["call_detail"] == {"count": top, "face": 2, "zhai": False}
    assert errors == []


def test_a_name_with_a_comma_is_one_player(served, browser):
    """The form asks for one name a line, but split on commas too: "Smith, John" became two
    players, Smith and John."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    assert "one per line" in page.inner_text('label:has(#ng-players)')
    phone.new_game_of("mia", ["Smith, John", "Ann"])
    assert [p["name"] for p in table.public_state()["players"]] == ["Smith, John", "Ann"]
    page.wait_for_selector('#ctl-status li[data-name="Smith, John"]')
    assert errors == []


def in_view(page, selector: str) -> bool:
    return page.evaluate("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                         " return r.top >= 0 && r.bottom <= innerHeight; }", selector)


def test_the_verdict_comes_into_view_after_the_dice_are_sent(served, browser):
    """The pull's dice are entered at the foot of the phone; once sent, the phone stayed
    scrolled down there and the verdict, at the top, was out of view."""
    url, table = served
    names = ["Annabelle", "Bob", "Cyrano de Bergerac", "Dee", "Eve", "Fitzgerald", "Gus", "Hank"]
    board, phone, errors = open_pages(browser, url, phone=SMALL_PHONE)
    page = phone.page
    phone.new_game(names, lives=5)
    phone.declare("Annabelle", "9")
    phone.verb("Bob", "pull")
    page.wait_for_selector("#ctl-entry button.face")
    page.evaluate("() => document.getElementById('entry-send').scrollIntoView({ block: 'end' })")
    assert page.evaluate("() => window.scrollY") > 0
    phone.dice(6, 3)
    page.wait_for_selector("#ctl-verdict.outcome-truth")
    settle(page)
    assert in_view(page, "#ctl-verdict"), page.evaluate("() => window.scrollY")

    # Liar's dice: eight hands entered for the open, the verdict likewise shown.
    phone.new_game_of("liars", names)
    table.act({"by": "Annabelle", "do": "call", "count": 10, "face": 3})
    phone.verb("Bob", "open")
    for name in names:
        for i in range(5):
            page.click(f'#ctl-entry button.cycle[data-name="{name}"][data-i="{i}"]')
    page.click("#entry-send")
    page.wait_for_selector('#ctl-verdict:has-text("Bob opened")')
    settle(page)
    assert in_view(page, "#ctl-verdict"), page.evaluate("() => window.scrollY")
    assert errors == []


def test_long_names_on_the_cards_shrink_before_they_are_cut(served, browser):
    """Cut at once with "…", two long names that begin alike were one name on the wall
    (Bartholomew-Fitzgerald and Bartholomew-Featherstone both "Bartholo…")."""
    url, table = served
    names = ["Ann", "Bartholomew-Fitzgerald", "Bartholomew-Featherstone", "Cy"]
    table.start_game({"game": "kuriki", "players": names})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"] .player[data-name="Cy"]')
    fits = """(name) => { const el = document.querySelector(`.player[data-name="${name}"] .name`);
        return [el.scrollWidth <= el.clientWidth + 1, parseFloat(getComputedStyle(el).fontSize) / innerHeight * 100]; }"""
    for name in names[1:3]:
        whole, size = board.evaluate(fits, name)
        assert whole, f"{name} is cut on its card"
        assert size >= 2.85, f"{name} shrank to {size:.2f}vh"        # 40% of 7.2vh: still read from afar
    whole, size = board.evaluate(fits, "Ann")
    assert whole and size > 7, "a short name keeps its size"
    # Twelve players: a 40-letter name is cut rather than shrunk past what is read from afar.
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoral"
    table.start_game({"game": "kuriki", "players": [long_name] + [f"P{i}" for i in range(11)]},
                     replace=True)
    board.wait_for_selector(f'.player[data-name="{long_name}"]')
    whole, size = board.evaluate(fits, long_name)
    assert size >= 2.75, f"{long_name} shrank to {size:.2f}vh"


# The words of a text node (matched by a regular expression) that the browser broke across
# lines: each word's rectangles, measured with a Range, stand on more than one line.
_WORDS_BROKEN = """((text, words) => [...text.textContent.matchAll(words)].flatMap((m) => {
          const range = document.createRange();
          range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return tops.size > 1 ? [m[0] + ' is broken'] : []; }))"""


@pytest.mark.parametrize("size", [{"width": 412, "height": 915}, {"width": 360, "height": 800},
                                  {"width": 320, "height": 640}])
def test_a_call_s_name_is_never_broken_inside_a_word_on_a_phone(served, browser, size):
    # On a 412 px phone Kuriki's "Walnuts" button read "Walnut" over "s".
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    page.set_viewport_size(size)
    broken = """() => [...document.querySelectorAll('#ctl-actions .call-btn')].flatMap((button) => {
        const text = button.firstChild;                      // the call's name, before its <small>
        const out = button.scrollWidth > button.clientWidth + 1 ? [button.textContent + ' overflows'] : [];
        return out.concat(""" + _WORDS_BROKEN + """(text, /[^\\s-]+/g)); })"""
    for game, players in [("kuriki", ["Ann", "Bob"]), ("mia", ["Ann", "Bob"]), ("deceit", ["Ann", "Bob"])]:
        table.start_game({"game": game, "players": players}, replace=True)
        phone.turn("Ann")
        page.wait_for_selector("#ctl-actions .call-btn")
        assert page.evaluate(broken) == [], (game, size)
    assert errors == []


def test_a_bidi_override_in_a_name_turns_nothing_else_backwards(served, browser, monkeypatch):
    # "\u202eBob Smith" (a right-to-left override) turned the rest of every line naming him
    # backwards: "efil 1 sesol htimS boB" on the wall, the whole verdict after his name too.
    # A new game refuses such a name now; one stored before that resumes with it, as here.
    monkeypatch.setattr("device.table._check_names_are_seen", lambda players: None)
    url, table = served
    board, phone, errors = open_pages(browser, url)
    bob = "\u202eBob Smith"
    table.start_game({"game": "kuriki", "players": ["Ann", bob, "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "walnuts"})
    table.act({"by": bob, "do": "pass"})
    table.act({"by": "Cy", "do": "pull", "dice": [6, 3]})
    board.wait_for_selector("#verdict.outcome-lie")
    phone.page.wait_for_selector("#ctl-verdict")
    message = "passed on to Bob Smith, who loses a life — the dice show 6-3. Cy pulled and rolls."
    for page, selector in [(board, "#verdict .message"), (phone.page, "#ctl-verdict")]:
        text = page.inner_text(selector)
        assert message in text and "\u202e" not in text, text
    assert board.inner_text("#verdict .loss") == "Bob Smith loses 1 life"
    assert "\u202e" not in board.inner_text("#sb-players") + phone.page.inner_text(".roster")
    # The phone still acts for him by his name as it is.
    phone.page.select_option("#foul-player", bob)
    phone.page.click("#foul-send")
    phone.page.wait_for_function("() => document.querySelector('.roster li:nth-child(2) .fouls')")
    assert table.public_state()["players"][1]["fouls"] == 1
    assert errors == []


def test_the_history_on_a_phone_keeps_each_name_on_one_line(served, browser):
    # "Ann 🎲" and 李雷 were each broken over two lines of the squeezed columns: "Ann" / "🎲",
    # "李" / "雷", as if they were more players.
    url, table = served
    names = ["Ann 🎲", "李雷", "Zoë Smith-Jones"]
    table.start_game({"game": "kuriki", "players": names, "options": {"lives": 1}})
    for _ in range(2):
        table.act({"by": names[0], "do": "declare", "call": "kuriki", "dice": [1, 2]})
    page = browser.new_page(viewport={"width": 412, "height": 915})
    page.goto(url + "/history")
    page.wait_for_selector("table.games td")
    lines = page.evaluate("""() => [...document.querySelectorAll('table td, table b, table .player')].flatMap((cell) =>
        [...cell.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE || n.classList?.contains('one-name'))
          .map((n) => { const r = document.createRange(); r.selectNodeContents(n);
            return [n.textContent, new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size]; })
          .filter(([text]) => text.trim()))""")
    for name in names:
        shown = [count for text, count in lines if text == name]
        assert shown and all(count == 1 for count in shown), (name, lines)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 412


def test_a_record_line_typed_with_a_phone_s_smart_quotes_is_sent(served, browser):
    # An iPhone types “ ” for ": every line typed on it was "that is not valid JSON", and the
    # box also capitalised its first letter and offered spelling fixes.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob’s Mate"]})
    phone.turn("Ann")
    page.click("details.card summary:has-text('Send a record line')")
    for name, value in [("autocapitalize", "off"), ("autocorrect", "off"), ("spellcheck", "false")]:
        assert page.get_attribute("#raw-line", name) == value
    page.fill("#raw-line", "{“by”: “Ann”, “do”: “declare”, “call”: “9”}")
    page.click("#raw-form button")
    phone.turn("Bob’s Mate")
    assert table.public_state()["call"] == "9"
    page.fill("#raw-line", "{“by”: “Bob’s Mate”, “do”: “pull”, “dice”: [4, 5]}")   # its ’ is kept
    page.click("#raw-form button")
    page.wait_for_selector("#ctl-verdict")
    assert table.public_state()["verdict"]["outcome"] == "truth"
    page.fill("#raw-line", "{by: Ann}")
    page.click("#raw-form button")
    page.wait_for_selector("#ctl-error:not([hidden])")
    assert page.inner_text("#ctl-error").startswith("that is not valid JSON: ")
    assert errors == []


@pytest.mark.parametrize("size", [{"width": 412, "height": 915}, {"width": 360, "height": 800},
                                  {"width": 320, "height": 640}])
def test_the_new_game_options_names_are_never_broken_inside_a_word_on_a_phone(served, browser, size):
    # On a 412 px phone the options read "directi" over "on", "trut" over "h", "sequen" over
    # "tial": the page's break-anywhere (meant for 40-letter names) reached the options' names.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    page.set_viewport_size(size)
    broken = """() => [...document.querySelectorAll('#ng-options label.opt > span')].flatMap((span) => {
        const text = span.firstChild;
        const out = """ + _WORDS_BROKEN + """(text, /\\S+/g);
        const label = span.parentElement.getBoundingClientRect();
        for (const el of span.parentElement.children) {
          if (el.getBoundingClientRect().right > label.right + 1) out.push(span.textContent + ' overflows');
        }
        return out; })"""
    games = [o["value"] for o in page.eval_on_selector_all("#ng-game option", "(os) => os.map((o) => ({value: o.value}))")]
    assert {"kuriki", "mia", "deceit", "farkel", "liars"} <= set(games)
    for game in games:
        page.select_option("#ng-game", game)
        page.wait_for_selector("#ng-options label.opt")
        assert page.evaluate(broken) == [], (game, size)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    assert errors == []


def test_the_verdict_on_the_wall_says_who_plays_next(served, browser):
    # After a pull the verdict fills the stage until the next call, and nothing on it said
    # whose turn it was: Mia's and Deceit's words name the loser, not who rolls next, and only
    # a card's frame across the room told.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "54"})
    board.wait_for_selector('#app[data-to-act="Bob"] #call')
    assert board.locator("#next-up").count() == 0          # a call stands: "to act" says it
    table.act({"by": "Bob", "do": "pull", "dice": [6, 3]})
    board.wait_for_selector("#verdict.outcome-truth #next-up")
    assert table.public_state()["to_act"] == "Cy"
    assert board.inner_text("#next-up .who-next") == "Cy"
    # A long name next, with eight players and a three-line message: all of it on the stage.
    long = "Bartholomew-Maximilian Fitzgerald-Smythe"
    names = ["Ann", long, "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table.start_game({"game": "deceit", "players": names}, replace=True)
    table.act({"by": "Ann", "do": "declare", "call": "11", "target": long})
    table.act({"by": long, "do": "pull", "dice": [6, 3]})
    # (The Mia game's verdict had a #next-up too: wait for Deceit's, laid out.)
    board.wait_for_selector('#app[data-game="deceit"] #verdict #next-up')
    wait_for_laid(board)
    assert board.inner_text("#next-up .who-next") == long == table.public_state()["to_act"]
    assert runs_off(board, "#next-up") <= 0 and runs_off(board, "#verdict .word") <= 0
    assert verdict_overflow(board) <= 0
    board.screenshot(path=str(SHOTS / "verdict-next-up-8.png"))
    assert errors == []


def test_farkel_s_turn_shows_on_the_phone_and_the_wall_says_when_it_is_enough_to_get_in(served, browser):
    # The phone showed neither the roll nor the turn total: its holder picked keeps and banked
    # without them. The wall said "needs 500 to get on the board" under a turn total of 600.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 5, 5, 5, 2, 3]})
    page.wait_for_selector("#ctl-turn .turn-dice")
    assert page.eval_on_selector_all("#ctl-turn .turn-dice svg.die", "(ds) => ds.map((d) => d.getAttribute('aria-label'))") \
        == ["1", "5", "5", "5", "2", "3"]
    assert board.inner_text("#entry-line") == "needs 500 to get on the board"
    table.act({"by": "Ann", "do": "keep", "dice": [1, 5, 5, 5]})
    page.wait_for_selector('#ctl-turn:has-text("2 dice to roll")')
    assert page.inner_text("#ctl-turn") == "Turn total 600 · 2 dice to roll"
    board.wait_for_selector('#turn-total:has-text("600")')
    assert board.inner_text("#entry-line") == "enough to get on the board: bank it to count"
    table.act({"by": "Ann", "do": "bank"})
    page.wait_for_selector('#app[data-to-act="Bob"] #ctl-turn')
    assert page.inner_text("#ctl-turn") == "Turn total 0 · 6 dice to roll"
    assert board.inner_text("#entry-line") == "needs 500 to get on the board"
    assert errors == []


def test_the_wall_says_so_in_words_when_it_has_lost_the_table(served, browser):
    # With the table gone (the Pi restarting, the Wi-Fi down) the wall kept the last state up
    # as if the game went on; only a dot in its corner turned red.
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"]')
    board.wait_for_selector("#sb-live:not(.down)")
    assert board.is_hidden("#sb-offline")
    board.route("**/api/events", lambda route: route.abort())
    board.reload()              # the page comes, its event stream does not
    board.wait_for_selector('#app[data-ready="1"]')
    board.wait_for_selector("#sb-live.down")
    board.wait_for_selector("#sb-offline:visible", timeout=15000)
    assert board.inner_text("#sb-offline").startswith("Table lost: reconnecting")
    box = board.eval_on_selector("#sb-offline", "(el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, parseFloat(getComputedStyle(el).fontSize)]; }")
    assert 0 <= box[0] < box[1] <= 1080 and box[2] >= 0.04 * 1080      # read across the room
    board.screenshot(path=str(SHOTS / "wall-offline.png"))
    board.unroute("**/api/events")
    board.wait_for_selector("#sb-live:not(.down)", timeout=15000)
    assert board.is_hidden("#sb-offline")


@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}])
def test_a_liars_call_keeps_its_count_on_one_line_beside_its_die_with_many_players(served, browser, size):
    # With eight players (the narrower stage) "ten 1s zhai" read "10" over "×", the die and
    # ZHAI beside them; with the tag the row ran past the stage.
    url, table = served
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table.start_game({"game": "liars", "players": names})
    board = browser.new_page(viewport=size)
    board.goto(url + "/")
    for count, face, zhai in [(10, 1, True), (11, 6, True), (14, 6, False)]:
        by = table.public_state()["to_act"]
        table.act({"by": by, "do": "call", "count": count, "face": face, "zhai": zhai})
        board.wait_for_selector(f'#app[data-to-act="{table.public_state()["to_act"]}"] .liars-call')
        laid = board.evaluate("""() => { const c = document.querySelector('.liars-call');
            const big = c.querySelector('.call-big'); const range = document.createRange(); range.selectNodeContents(big);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            const stage = document.getElementById('sb-stage').getBoundingClientRect();
            const right = Math.max(...[...c.children].map((el) => el.getBoundingClientRect().right));
            return {lines: tops.size, text: big.textContent, overflow: c.scrollWidth - c.clientWidth, past: right - stage.right}; }""")
        assert laid["lines"] == 1 and laid["text"] == f"{count} ×", laid
        assert laid["overflow"] <= 1 and laid["past"] <= 0, (size, count, zhai, laid)
        assert board.locator(".liars-call .tag-zhai").count() == (1 if zhai else 0)
    board.screenshot(path=str(SHOTS / f"liars-many-{size['height']}.png"))


def test_ticking_zhai_shows_the_zhai_calls_from_their_lowest(served, browser):
    # Eight players: the plain calls start at ten, the zhai ones at eight 1s. Ticking zhai kept
    # the stepper at ten, and a tap on 1 called ten 1s. A count the player stepped to is kept.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]})
    phone.turn("Ann")
    count = lambda: page.get_attribute("#call-count", "data-count")      # noqa: E731
    assert count() == "10"
    page.check('#ctl-actions input[data-flag="zhai"]')
    page.wait_for_selector('#call-count[data-count="8"]')
    page.click('#ctl-actions button[data-step="1"]')
    assert count() == "9"
    page.uncheck('#ctl-actions input[data-flag="zhai"]')
    assert count() == "10"                     # nine is not a plain call here: the lowest is
    page.check('#ctl-actions input[data-flag="zhai"]')
    page.click('#ctl-actions button[data-step="1"]')
    page.click('#ctl-actions button[data-do="call"][data-face="1"]')
    phone.turn("Bob")
    assert table.public_state()["call_detail"] == {"count": 11, "face": 1, "zhai": True}
    assert errors == []


def test_after_a_game_the_new_game_form_offers_the_rematch(served, browser):
    # The game over, the phone's form was empty (after any reload): the owner picked the game
    # again and typed every name again for the rematch. It is filled in now, but only once the
    # game is over: a form filled in while a game is in play would end it at one stray tap.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    players = ["Ann", "Bob", "Zoë Smith-Jones"]
    table.start_game({"game": "kuriki", "players": players,
                      "options": {"lives": 1, "stake": 2, "kuriki_reverses": True, "direction": "counter-clockwise"}})
    phone.turn("Ann")
    assert page.input_value("#ng-players") == ""          # in play: nothing filled in
    page.reload()
    phone.turn("Ann")
    assert page.input_value("#ng-players") == ""
    while not table.public_state()["over"]:
        table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "kuriki", "dice": [1, 2]})
    page.wait_for_selector(".ctl-status h1.winner")
    page.wait_for_function("() => document.getElementById('ng-players').value !== ''")
    assert page.input_value("#ng-game") == "kuriki"
    assert page.input_value("#ng-players").split("\n") == players
    assert page.input_value("#opt-lives") == "1" and float(page.input_value("#opt-stake")) == 2
    assert page.is_checked("#opt-kuriki_reverses")
    assert page.input_value("#opt-direction") == '"counter-clockwise"'
    page.reload()                                          # a reload offers it too
    page.wait_for_function("() => document.getElementById('ng-players').value !== ''")
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector(f'#app[data-to-act="Ann"][data-game="kuriki"]')
    state = table.public_state()
    assert not state["over"] and [p["name"] for p in state["players"]] == players
    assert state["options"]["lives"] == 1 and state["options"]["stake"] == 2
    assert state["options"]["kuriki_reverses"] is True and state["direction"] == "counter-clockwise"
    # A form the owner has started to fill in is left alone.
    table.start_game({"game": "mia", "players": ["Ann", "Bob"], "options": {"lives": 1}}, replace=True)
    phone.turn("Ann")
    page.fill("#ng-players", "Cy\nDee")
    table.act({"by": "Ann", "do": "declare", "call": "21", "dice": [2, 1]})
    table.act({"by": "Bob", "do": "accept"})
    page.wait_for_selector(".ctl-status h1.winner")
    assert page.input_value("#ng-players") == "Cy\nDee"
    assert errors == []


def test_the_wall_tells_liars_dice_players_the_lowest_opening_call(served, browser):
    # A round opens with at least n 1s, n+1 zhai or n+2 plain (n players still in): only the
    # phone's stepper knew, and players calling out loud opened too low and were refused.
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 1}})
    board.wait_for_selector("#opening-minimum")
    assert board.inner_text("#opening-minimum") == "first call at least 5 × any face · 4 × zhai · 3 × 1s"
    assert board.inner_text(".turn .label").lower() == "first call"
    table.act({"by": "Ann", "do": "call", "count": 5, "face": 3})
    table.act({"by": "Bob", "do": "open", "hands": {"Ann": [2, 2, 4, 4, 6], "Bob": [2, 2, 4, 4, 6],
                                                    "Cy": [2, 2, 4, 4, 6]}})
    # Ann is out: two players, so the next round opens lower; the verdict says it by the next name.
    board.wait_for_selector("#verdict #next-up #opening-minimum")
    assert board.inner_text("#opening-minimum") == "at least 4 × any face · 3 × zhai · 2 × 1s"
    assert table.public_state()["minimums"] == {"ones": 2, "zhai": 3, "plain": 4}
    table.start_game({"game": "liars", "players": ["Ann", "Bob"], "options": {"opening_minimum": "none"}},
                     replace=True)
    board.wait_for_selector('#app[data-to-act="Ann"] .callbox.fresh')
    assert board.locator("#opening-minimum").count() == 0
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]}, replace=True)
    board.wait_for_selector('#app[data-game="mia"] .callbox.fresh')
    assert board.inner_text(".callbox.fresh .call-big") == "Fresh roll"


def test_the_phone_shows_what_the_table_asks_for(served, browser):
    # The referee's notes ("I cannot read the dice: show them again", "I see 2 dice but 6 are
    # to be rolled") were on the wall only: the phone in hand answered a tap on roll with "the
    # dice have not settled" and nothing about why.
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    phone.turn("Ann")
    assert page.locator("#ctl-note").count() == 0
    table.note("I see 2 dice but 6 are to be rolled: roll all six")
    page.wait_for_selector("#ctl-note")
    assert page.inner_text("#ctl-note") == "I see 2 dice but 6 are to be rolled: roll all six"
    board.wait_for_selector('.alert-note:has-text("roll all six")')       # as on the wall
    table.note(None)
    page.wait_for_selector("#ctl-note", state="detached")
    assert errors == []


def test_farkel_s_last_die_to_roll_is_one_die(served, browser):
    # "1 dice to roll" on the wall.
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 5, 3]})
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1, 5, 5]})
    board.wait_for_selector("#dice-left")
    assert board.inner_text("#dice-left") == "1 die to roll"
    table.undo()
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1, 5]})
    board.wait_for_selector('#dice-left:has-text("2 dice")')
    assert board.inner_text("#dice-left") == "2 dice to roll"


def test_a_past_verdict_s_line_says_its_word_once(served, browser):
    # "last: LIE LIE! Ann called 42 …", "last: FOUL FOUL! Cy: peek …", "TRUE NOT A LIE! …",
    # "FARKEL FARKEL: Ann rolled …": the outcome's word was put before a message that starts
    # with it.
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    table.act({"by": "Bob", "do": "pull", "dice": [6, 4]})
    table.act({"by": table.public_state()["to_act"], "do": "declare", "call": "8"})
    board.wait_for_selector('#app[data-call="8"] .last-verdict')
    assert board.inner_text(".last-verdict") == \
        "Last round: NOT A LIE! Ann called 9 and rolls again — the dice show 6-4. Bob pulled and loses a life."
    table.act({"by": "Cy", "do": "foul", "kind": "peek"})
    board.wait_for_selector('.last-verdict:has-text("peek")')
    # (A foul is this round's, not the last: test_qa_wall_foul_this_round.)
    assert board.inner_text(".last-verdict") == "FOUL! Cy: peek, 1 foul; 0.25 into the foul pot."
    assert board.inner_text(".last-verdict b") == "FOUL!"
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]}, replace=True)
    table.act({"by": "Ann", "do": "roll", "dice": [2, 2, 3, 3, 4, 6]})
    table.act({"by": "Bob", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]})
    board.wait_for_selector('#app[data-game="farkel"] .last-verdict.outcome-farkel')
    assert board.inner_text(".last-verdict").startswith("Last turn: FARKEL: Ann rolled ")
    table.act({"by": "Bob", "do": "keep", "dice": [1]})
    table.act({"by": "Bob", "do": "roll", "dice": [5, 5, 5, 2, 3]})
    table.act({"by": "Bob", "do": "keep", "dice": [5, 5, 5]})
    table.act({"by": "Bob", "do": "bank"})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]})
    board.wait_for_selector('.last-verdict.outcome-banked')
    assert board.inner_text(".last-verdict") == "Last turn: BANKED Bob banks 600: 600 in all."


def test_starting_a_game_over_one_in_play_needs_a_second_deliberate_tap(served, browser):
    """Start game while a game was in play ended it at once, with only a warning above the
    button, and an ended game cannot be resumed: one tipsy tap lost the bar's game. The first
    tap now asks "End the current game and start?"; a double tap does not answer it."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    first = table.public_state()["game_id"]
    phone.turn("Bob")
    fill_new_game(page, "mia", "Ann\nBob")
    page.dblclick("#ng-start")
    page.wait_for_selector('#ng-start[data-armed="1"]')
    assert page.inner_text("#ng-start") == "End the current game and start?"
    settle(page)
    assert table.public_state()["game_id"] == first and table.public_state()["call"] == "9"
    page.locator("#ng-start").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "phone-confirm-new-game.png"))
    page.wait_for_selector("#ng-start:not([disabled])")
    page.screenshot(path=str(SHOTS / "phone-confirm-new-game-ready.png"))
    button = page.locator("#ng-start").bounding_box()
    assert button["width"] <= 412 and button["x"] >= 0           # the whole question on screen
    page.click("#ng-start")                                       # the deliberate second tap
    page.wait_for_selector('#app[data-game="mia"][data-to-act="Ann"]')
    assert [g["status"] for g in table.games()] == ["live", "abandoned"]
    assert page.inner_text("#ng-start") == "Start game"

    # Asked and not answered: after a few seconds the button is Start game again, and the game
    # in play goes on.
    second = table.public_state()["game_id"]
    page.reload()                        # (a tap on Start just after one is a double tap's half)
    phone.turn("Ann")
    fill_new_game(page, "kuriki", "Ann\nBob")
    page.click("#ng-start")
    page.wait_for_selector('#ng-start[data-armed="1"]')
    page.wait_for_selector('#ng-start:not([data-armed])', timeout=10_000)
    assert page.inner_text("#ng-start") == "Start game"
    settle(page)
    assert table.public_state()["game_id"] == second
    assert errors == []


def test_starting_a_game_over_one_that_could_not_be_resumed_needs_the_second_tap_too(tmp_path, browser):
    """An unfinished game whose record could not be resumed at startup was no game in play: Start
    abandoned it at once. The phone says so and asks, as over a game in play."""
    from device.store import Store

    from .test_browser import serve_table

    store = Store(tmp_path / "data")
    gid = store.new_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]})
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "kuriki", "dice": [6, 3]})
    store.close()
    served_here = serve_table(tmp_path / "data", has_camera=False)
    url, table = next(served_here)
    try:
        assert table.public_state()["unresumed"] == gid
        board, phone, errors = open_pages(browser, url)
        page = phone.page
        page.wait_for_selector("#ng-unresumed:not([hidden])")
        assert page.inner_text("#ng-unresumed-id") == gid and page.is_hidden("#ng-warning")
        fill_new_game(page, "mia", "Ann\nBob")
        page.click("#ng-start")
        page.wait_for_selector('#ng-start[data-armed="1"]')
        assert page.inner_text("#ng-start") == "End the current game and start?"
        settle(page)
        assert [g["status"] for g in table.games()] == ["live"]
        page.wait_for_selector("#ng-start:not([disabled])")
        page.click("#ng-start")                                   # the deliberate second tap
        page.wait_for_selector('#app[data-game="mia"][data-to-act="Ann"]')
        assert [(g["id"], g["status"]) for g in table.games()][1] == (gid, "abandoned")
        assert page.is_hidden("#ng-unresumed") and page.is_hidden("#ctl-error")
        assert errors == []
    finally:
        served_here.close()


def test_start_tapped_before_the_page_s_script_is_in_starts_the_game(served, browser):
    """The form is on the screen before the page's script has loaded (a slow phone, a busy
    table): Start tapped then sent the form the browser's own way, reloading the page with the
    names gone and no game started (CI's eight-hand liar's dice waited 30 s for a turn that never
    came). Start is off until the script is in; the tap then starts the game."""
    url, table = served
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url + "/table")
    held: list = []                          # the unlocked page's script, held back
    page.route("**/static/control.js*", lambda route: held.append(route))
    page.fill("#pin", PIN)
    page.click(".pin-form button")
    page.wait_for_selector("#new-game")
    fill_new_game(page, "liars", "Ann\nBob\nCy")
    assert page.is_disabled("#ng-start") and page.is_disabled("#raw-send")
    page.evaluate("() => document.getElementById('ng-start').click()")   # a tap on it: nothing
    assert table.public_state()["game"] is None
    assert page.input_value("#ng-players") == "Ann\nBob\nCy"            # the page was not reloaded
    for route in held:
        route.continue_()
    page.click("#ng-start")                  # (Playwright waits for it to be enabled)
    page.wait_for_selector('#app[data-to-act="Ann"]')
    assert table.public_state()["game"] == "liars"
    assert page.is_enabled("#raw-send")
