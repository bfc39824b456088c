"""Real-browser tests: Debian's Chromium through Playwright plays Kuriki from the control page
while a second page shows the scoreboard update live. Screenshots of each stage (1920x1080) go
to out/screenshots/ (gitignored)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from device.events import EventBus
from device.store import Store
from device.table import Table
from web import create_app

from .serving import serve

from .conftest import PIN

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "out" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str:
    path = os.environ.get("DICETABLE_CHROMIUM") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail(f"Chromium not found at {path}: install Debian's chromium package "
                    "(scripts/test does) or set DICETABLE_CHROMIUM")
    return path


def serve_table(data_dir: Path, *, has_camera: bool) -> Iterator[tuple[str, Table]]:
    """The app around a fresh Table, on waitress in a thread, on a free loopback port."""
    store = Store(data_dir)
    table = Table(store, EventBus(), has_camera=has_camera)
    app = create_app(table, pin=PIN, secret_key=b"browser-test-key-0123456789abcdef",
                     test_config={"SSE_HEARTBEAT_SECONDS": 0.5})
    port, stop = serve(app, on_stop=lambda: table.note("closing"))
    try:
        yield f"http://127.0.0.1:{port}", table
    finally:
        stop()
        store.close()


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[str, Table]]:
    yield from serve_table(tmp_path / "data", has_camera=False)


@pytest.fixture
def browser(playwright_session: Playwright, chromium: list[Browser]) -> Iterator[Browser]:
    """The session's Chromium (launched by the first test that asks: launched for each test, it
    took a good part of the browser tests' time; again if it died). Every context and page a test
    opened is closed after it, so the next test starts without its cookies, storage or pages
    (each new_page has a context of its own)."""
    if not chromium or not chromium[0].is_connected():
        chromium[:] = [playwright_session.chromium.launch(executable_path=chromium_path(),
                                                          args=CHROMIUM_ARGS, headless=True)]
    b = chromium[0]
    try:
        yield b
    finally:
        for context in b.contexts:
            context.close()


class Table_:
    """The phone at the table."""

    # The page while no change of its own is on the way: a tap while one is (data-busy="1" on
    # #app) is dropped by the double-tap guard. The event stream can say who is to act before
    # the answer to the page's own change is in (a new game, a call), so each tap waits for both.
    IDLE = ':not([data-busy="1"])'

    def __init__(self, page) -> None:
        self.page = page

    def idle(self) -> None:
        self.page.wait_for_selector(f"#app{self.IDLE}")

    def turn(self, name: str) -> None:
        self.page.wait_for_selector(f'#app[data-to-act="{name}"]{self.IDLE}')

    def declare(self, by: str, call: str) -> None:
        self.turn(by)
        self.page.click(f'#ctl-actions button[data-do="declare"][data-call="{call}"]')

    def verb(self, by: str, verb: str) -> None:
        self.turn(by)
        self.page.click(f'#ctl-actions button[data-do="{verb}"]')

    def dice(self, *faces: int) -> None:
        for i, face in enumerate(faces):
            self.page.click(f'#ctl-entry button.face[data-die="{i}"][data-face="{face}"]')
        self.idle()
        self.page.click("#entry-send")
        self.page.wait_for_selector("#ctl-entry", state="hidden")

    def start(self) -> None:
        """Tap Start game, and with a game in play tap its confirmation too."""
        self.idle()
        self.page.click('#new-game button[type="submit"]')
        if self.page.get_attribute("#ng-start", "data-armed") == "1":
            self.page.click("#ng-start")          # (enabled once a double tap's time is past)

    def new_game_of(self, game: str, players: list[str]) -> None:
        self.page.select_option("#ng-game", game)
        self.page.fill("#ng-players", "\n".join(players))
        self.start()
        self.turn(players[0])

    def new_game(self, players: list[str], lives: int, stake: float = 0) -> None:
        self.page.select_option("#ng-game", "kuriki")
        self.page.fill("#ng-players", "\n".join(players))
        self.page.fill("#opt-lives", str(lives))
        self.page.fill("#opt-stake", str(stake))
        self.start()
        self.turn(players[0])


def test_kuriki_from_the_control_page_with_a_live_scoreboard(served, browser):
    url, table = served
    SHOTS.mkdir(parents=True, exist_ok=True)
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    phone_page = browser.new_page(viewport={"width": 412, "height": 915})
    errors: list[str] = []
    for page in (board, phone_page):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"]')
    board.wait_for_selector("#sb-live:not(.down)")

    def shot(name: str) -> None:
        board.screenshot(path=str(SHOTS / f"{name}.png"))

    shot("01-no-game")

    # The phone: read-only until the PIN is entered.
    phone_page.goto(url + "/table")
    assert phone_page.locator("#ctl-actions").count() == 0
    phone_page.fill("#pin", PIN)
    phone_page.click(".pin-form button")
    phone_page.wait_for_selector('#app[data-ready="1"] #new-game')
    phone = Table_(phone_page)

    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    board.wait_for_selector('.player[data-name="Cy"][data-lives="5"]')
    assert board.locator(".player.to-act").get_attribute("data-name") == "Ann"
    assert board.locator('.player[data-name="Ann"] svg.star line').count() == 4   # a + for five lives
    shot("02-new-game")

    phone.declare("Ann", "double-4")
    board.wait_for_selector('#app[data-call="double-4"]')
    assert board.inner_text("#call") == "Walnuts"
    shot("03-call")

    phone.verb("Bob", "pass")
    board.wait_for_selector('.player.answers[data-name="Bob"] .tag-passed')
    board.wait_for_selector('.player[data-name="Ann"] .tag-roller')
    board.wait_for_selector('.player.to-act[data-name="Cy"]')
    shot("04-passed")

    phone.verb("Cy", "pull")
    phone.dice(6, 3)
    board.wait_for_selector("#verdict.outcome-lie")
    board.wait_for_selector('.player[data-name="Bob"][data-lives="4"]')
    assert board.inner_text("#verdict .word") == "LIE"
    assert "Bob loses 1 life" in board.inner_text("#verdict .losses")
    assert board.locator('.player[data-name="Bob"] svg.star circle.spot').count() == 1
    shot("05-lie")

    phone.declare("Cy", "kuriki")
    phone.dice(1, 2)
    board.wait_for_selector("#verdict.outcome-kuriki")
    board.wait_for_selector('.player[data-name="Cy"][data-kurikis="1"] svg.crown')
    board.wait_for_selector('.player[data-name="Ann"][data-lives="4"]')
    shot("06-kuriki")

    phone_page.select_option("#foul-player", "Ann")
    phone_page.select_option("#foul-kind", "peek")
    phone_page.click("#foul-send")
    board.wait_for_selector('.player[data-name="Ann"][data-fouls="1"] svg.fowl')
    assert board.inner_text("#pot") == "0.25"
    phone_page.screenshot(path=str(SHOTS / "phone-control.png"), full_page=True)
    phone_page.click("#undo")
    board.wait_for_selector('.player[data-name="Ann"][data-fouls="0"]')

    phone.declare("Cy", "9")
    board.wait_for_selector('#app[data-call="9"]')
    table.set_camera_status("lost", "the camera cannot see the tray")
    board.wait_for_selector("#camera-lost")
    shot("07-camera-lost")
    table.set_camera_status("none")
    board.wait_for_selector("#camera-lost", state="detached")

    # A second, short game to the end: the Tarted player and the winner.
    assert phone_page.is_visible("#ng-warning")
    phone.new_game(["Ann", "Bob", "Cy"], lives=2, stake=1)
    board.wait_for_selector('.player[data-name="Ann"][data-lives="2"]')
    phone.declare("Ann", "double-4")
    phone.verb("Bob", "pass")
    phone.verb("Cy", "pull")
    phone.dice(6, 3)
    board.wait_for_selector('.player.shit[data-name="Bob"]')
    phone.declare("Cy", "kuriki")
    phone.dice(1, 2)
    phone.declare("Cy", "9")
    phone.verb("Ann", "pull")
    phone.dice(6, 3)
    board.wait_for_selector("#verdict.outcome-truth")
    board.wait_for_selector('.player.tarted.out[data-name="Ann"]')
    assert board.inner_text("#verdict .word") == "TRUE"
    shot("08-truth-tarted")
    phone.declare("Cy", "5")
    phone.verb("Bob", "pull")
    phone.dice(1, 3)
    phone.declare("Bob", "double-6")
    phone.verb("Cy", "pull")
    phone.dice(2, 3)
    board.wait_for_selector("#winner")
    board.wait_for_selector('.player.winner[data-name="Cy"]')
    assert "Cy" in board.inner_text("#winner") and "3.00" in board.inner_text("#winner")
    shot("09-winner")
    phone_page.wait_for_selector("#ctl-status .winner")
    board.goto(url + "/history")
    board.wait_for_selector("table.games a.download")
    board.screenshot(path=str(SHOTS / "10-history.png"))
    assert errors == []


def play_until(table: Table, seed: int, done) -> dict:
    """Random legal actions (the engine's own) until ``done(state)``; returns that state."""
    import random

    rng = random.Random(seed)
    state = table.public_state()
    for _ in range(500):
        if done(state):
            return state
        action = table.session.game.random_action(rng)
        if action.get("do") == "foul":
            continue
        state = table.act(action)
    raise AssertionError("the wanted moment never came")


# game, header options, the moment to show, the selector that proves the board shows it
OTHER_GAMES = [
    ("mia", {}, lambda s: s["verdict"] is not None and s["call"] is None, "#verdict"),
    ("mia", {}, lambda s: s["call"] is not None and len(s.get("calls", [])) > 1, "#call"),
    ("deceit", {}, lambda s: s["verdict"] is not None and s["call"] is None, "#verdict"),
    ("deceit", {}, lambda s: s.get("target") is not None, ".answers-line .target"),
    ("farkel", {}, lambda s: s.get("phase") == "rolled" and s.get("turn_total", 0) > 0, "#best-keep"),
    ("liars", {}, lambda s: s["call"] is not None, "#call .liars-call"),
    ("liars", {}, lambda s: (s["verdict"] or {}).get("hands") and s["call"] is None, "#verdict .hands"),
]


def test_every_game_has_a_scoreboard_and_controls(served, browser):
    url, table = served
    SHOTS.mkdir(parents=True, exist_ok=True)
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    phone = browser.new_page(viewport={"width": 412, "height": 915})
    errors: list[str] = []
    for page in (board, phone):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    board.goto(url + "/")
    board.wait_for_selector("#sb-live:not(.down)")
    phone.goto(url + "/table")
    phone.fill("#pin", PIN)
    phone.click(".pin-form button")
    phone.wait_for_selector('#app[data-ready="1"] #new-game')
    for n, (game, options, moment, selector) in enumerate(OTHER_GAMES):
        table.start_game({"game": game, "players": ["Ann", "Bob", "Cy", "Dee"], "options": options},
                         replace=True)            # the last game is still in play
        state = play_until(table, seed=n, done=moment)
        board.wait_for_selector(f'#app[data-game="{game}"][data-to-act="{state["to_act"] or ""}"] {selector}')
        board.screenshot(path=str(SHOTS / f"game-{n}-{game}.png"))
        phone.wait_for_selector(f'#app[data-game="{game}"][data-to-act="{state["to_act"] or ""}"]')
        phone.wait_for_selector("#ctl-actions button[data-action]")
        phone.screenshot(path=str(SHOTS / f"phone-{n}-{game}.png"), full_page=False)
        # Every legal action is offered (variants behind a toggle are counted once each way).
        assert phone.locator("#ctl-actions button[data-action]").count() >= 1
    # A big table: two columns of players.
    names = ["Annabelle", "Bob", "Cyrano de Bergerac", "Dee", "Eve", "Fitzgerald", "Gus", "Hank"]
    table.start_game({"game": "kuriki", "players": names, "options": {"lives": 7}}, replace=True)
    play_until(table, seed=1, done=lambda s: s["call"] is not None and s["verdict"] is not None)
    board.wait_for_selector('#app.many .player[data-name="Hank"]')
    assert board.locator('.player[data-name="Hank"] svg.star line').count() == 6
    board.screenshot(path=str(SHOTS / "game-8-players.png"))
    assert errors == []


SHARED_PHOTOS = REPO / ".." / "shared" / "dice-photos" / "byler" / "images"


def dice_photo(name: str) -> bytes:
    path = SHARED_PHOTOS / f"{name}.jpg"
    if not path.exists():
        pytest.fail(f"the shared dice photos are missing: {path} (they live in ../shared/)")
    return path.read_bytes()


@pytest.fixture
def served_camera(tmp_path) -> Iterator[tuple[str, Table]]:
    yield from serve_table(tmp_path / "camera-data", has_camera=True)


SMALL_PHONE = (390, 844)      # a small phone's screen, CSS pixels


def open_pages(browser, url: str, phone: tuple[int, int] = (412, 915)):
    """The wall (1920 x 1080) and the phone page (``phone``: its width and height), the table's
    PIN entered and its script run (a tap before then may find no handler, or send the form the
    browser's own way); and the list the pages' script errors go to."""
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    phone_page = browser.new_page(viewport={"width": phone[0], "height": phone[1]})
    errors: list[str] = []
    for page in (board, phone_page):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    board.goto(url + "/")
    board.wait_for_selector("#sb-live:not(.down)")
    wait_for_streamed(board)
    phone_page.goto(url + "/table")
    phone_page.fill("#pin", PIN)
    phone_page.click(".pin-form button")
    phone_page.wait_for_selector('#app[data-ready="1"] #new-game')
    wait_for_streamed(phone_page, laid=False)
    return board, Table_(phone_page), errors


def open_wall(browser, url: str):
    """The wall alone at 1920 x 1080, ready, and the list its script errors go to."""
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    errors: list[str] = []
    board.on("pageerror", lambda exc: errors.append(str(exc)))
    board.goto(url + "/")
    board.wait_for_selector('#app[data-ready="1"]')
    wait_for_streamed(board)
    return board, errors


def wait_for_photo(board) -> None:
    board.wait_for_function("() => { const i = document.getElementById('evidence');"
                            " return i && i.complete && i.naturalWidth > 0; }")


def wait_for_laid(board: Page) -> None:
    """Wait until the wall has done every fitting pass for what it shows: scoreboard.js sets
    body[data-laid] at the end of a render, or once the photo it waits on has loaded and been
    fitted, and takes it away while a resize's re-render is queued. (Waited on after a selector of
    the state looked for: that render has run by then.)"""
    board.wait_for_function("() => document.body.dataset.laid !== undefined")


def wait_for_streamed(page: Page, *, laid: bool = True) -> None:
    """Wait until the page (the wall, or with ``laid`` False the phone) has taken the live
    stream's first state (body[data-streamed], common.js) and the wall laid out what it shows:
    until then what the page shows may be laid out again under a test's measurements or taps."""
    page.wait_for_function("() => Number(document.body.dataset.streamed || 0) >= 1")
    if laid:
        wait_for_laid(page)


def test_the_stream_s_first_state_as_shown_is_not_laid_out_again(served, browser):
    """CI: a crowd's open measured after the page's first render came back with no box for a
    hand: the stream's first state (the one the page was served with) replaced the stage under
    the test. A state the wall shows already is left as it is; a new one is laid out."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    board, errors = open_wall(browser, url)          # (waits for the stream's first state)
    assert board.get_attribute("body", "data-laid") == "1"
    marker = board.evaluate_handle("() => document.getElementById('sb-stage').firstElementChild")
    assert marker.evaluate("e => e.isConnected")
    table.set_dial("double-4")
    board.wait_for_function("() => Number(document.body.dataset.streamed) >= 2")
    wait_for_laid(board)
    assert int(board.get_attribute("body", "data-laid")) >= 2
    assert not marker.evaluate("e => e.isConnected")       # a new state: the stage laid anew
    assert errors == []


def test_the_phone_leaves_the_stream_s_first_state_as_it_shows_it(served, browser):
    """The phone page laid out the stream's first state (most often the one it was served with)
    again, replacing the action buttons under a thumb on its way to one. A state it shows
    already is left as it is; a new one is laid out."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    _, phone, errors = open_pages(browser, url)      # (waits for the stream's first state)
    page = phone.page
    assert page.get_attribute("body", "data-rendered") == "1"
    button = page.evaluate_handle("() => document.querySelector('#ctl-actions button')")
    assert button.evaluate("e => e.isConnected")
    table.set_dial("double-4")
    page.wait_for_function("() => Number(document.body.dataset.streamed) >= 2")
    assert page.get_attribute("body", "data-rendered") == "2"
    assert not button.evaluate("e => e.isConnected")       # a new state: the actions laid anew
    assert errors == []


def verdict_overflow(board) -> float:
    """How far the verdict's last line (who rolls next) runs past the bottom of its panel or
    the screen, in pixels: at most 0 when the whole verdict can be read."""
    return board.evaluate("() => { const m = document.querySelector('#verdict .message');"
                          " const p = m.parentElement.parentElement.getBoundingClientRect();"
                          " return m.getBoundingClientRect().bottom - Math.min(p.bottom, innerHeight); }")


def test_the_wall_is_laid_out_only_once_the_verdict_s_photo_is_in(served_camera, browser):
    """body[data-laid], what the tests wait on rather than sleeping, is not set while the photo
    the verdict is fitted around is on its way (held here), and is once it is in."""
    url, table = served_camera
    board, errors = open_wall(browser, url)
    held: list = []
    released: list[bool] = []
    board.route("**/api/photos/*", lambda route: route.continue_() if released else held.append(route))
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 5}})
    table.seal([5, 4], dice_photo("IMG_20191208_112648"))
    table.act({"by": "Ann", "do": "declare", "call": "double-6"})
    table.act({"by": "Bob", "do": "pull"})
    board.wait_for_selector("#verdict.outcome-lie #evidence")
    deadline = time.monotonic() + 30
    while not held:                     # (each call to the page hands the route its requests)
        assert time.monotonic() < deadline, "the wall never asked for the photo"
        board.evaluate("0")
    assert board.get_attribute("body", "data-laid") is None
    released.append(True)
    for route in held:
        route.continue_()
    wait_for_photo(board)
    wait_for_laid(board)
    assert errors == []


def test_camera_table_shows_the_evidence_photo(served_camera, browser):
    """With a camera the page sends no dice; the verdict shows the photo sealed under the cup."""
    url, table = served_camera
    SHOTS.mkdir(parents=True, exist_ok=True)
    board, phone, errors = open_pages(browser, url)
    table.set_preview_source(lambda: dice_photo("IMG_20191208_112645"))
    phone.page.click("#preview-card summary")
    phone.page.wait_for_function("() => { const i = document.getElementById('preview');"
                                 " return !i.hidden && i.complete && i.naturalWidth > 0; }")
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    # The referee's part: the camera saw 6-4 settle under Ann's cup.
    table.seal([6, 4], dice_photo("IMG_20191208_112648"))
    board.wait_for_selector(".cup")
    phone.declare("Ann", "double-4")
    board.wait_for_selector('#app[data-call="double-4"] .cup')
    phone.page.click("#preview-refresh")       # during a live point: refused, said why
    phone.page.wait_for_selector('#preview-message:has-text("no camera preview while a game is played")')
    assert phone.page.is_hidden("#preview")
    board.screenshot(path=str(SHOTS / "cam-01-sealed-call.png"))
    phone.verb("Bob", "pull")            # no dice entry with a camera: the table has them
    board.wait_for_selector("#verdict.outcome-lie #evidence")
    wait_for_photo(board)
    board.screenshot(path=str(SHOTS / "cam-02-lie-photo.png"))
    assert verdict_overflow(board) <= 0
    # A 1-2 is not sealed: the referee declares the Kuriki itself, with its photo.
    phone.turn("Bob")
    table.act({"by": "Bob", "do": "declare", "call": "kuriki", "dice": [2, 1]}, from_device=True,
              photo=dice_photo("IMG_20191208_112714"))
    board.wait_for_selector("#verdict.outcome-kuriki #evidence")
    wait_for_photo(board)
    board.wait_for_selector('.player[data-name="Bob"][data-kurikis="1"]')
    board.screenshot(path=str(SHOTS / "cam-03-kuriki-photo.png"))
    # A truth with the photo: the longest verdict, its message three lines at 1080p.
    table.seal([5, 5], dice_photo("IMG_20191208_112714"))
    phone.declare("Bob", "double-5")
    board.wait_for_selector('#app[data-call="double-5"] .cup')
    to_act = board.get_attribute("#app", "data-to-act")
    phone.verb(to_act, "pull")
    board.wait_for_selector("#verdict.outcome-truth #evidence")
    wait_for_photo(board)
    board.screenshot(path=str(SHOTS / "cam-04-truth-photo.png"))
    assert "rolls again" in board.inner_text("#verdict .message")
    assert verdict_overflow(board) <= 0
    assert errors == []


def test_the_pull_that_ends_the_game_shows_its_dice_and_photo_under_the_winner(served_camera, browser):
    # The game's last pull was judged, but the winner's screen took the verdict's place: the
    # deciding dice and their photo were never on the wall, only "the dice show 6-3" in small.
    url, table = served_camera
    board, phone, errors = open_pages(browser, url)
    for size, players in [({"width": 1920, "height": 1080}, ["Ann", "Bob"]),
                          ({"width": 1280, "height": 720}, ["Ann", "Bob", "Cy", "Dee", "Eve"])]:
        board.set_viewport_size(size)
        table.start_game({"game": "kuriki", "players": players, "options": {"lives": 1}})
        for puller in players[1:]:
            table.seal([6, 3], dice_photo("IMG_20191208_112648"))
            roller = table.public_state()["to_act"]
            table.act({"by": roller, "do": "declare", "call": "double-4"})
            table.act({"by": table.public_state()["to_act"], "do": "pull"})
        assert table.public_state()["over"]
        board.wait_for_selector("#winner #final-evidence #evidence")
        wait_for_photo(board)
        shown = board.eval_on_selector_all("#winner .shown svg.die", "(ds) => ds.map((d) => d.getAttribute('aria-label'))")
        assert shown == ["6", "3"]
        board.screenshot(path=str(SHOTS / f"winner-with-photo-{size['height']}.png"))
        # All of it on the stage: the name, the dice, the photo and the verdict's words.
        fits = board.evaluate("""() => { const stage = document.getElementById('sb-stage').getBoundingClientRect();
            return ['#winner .word', '#winner .shown', '#evidence', '#winner .message'].map((sel) => {
              const r = document.querySelector(sel).getBoundingClientRect();
              return r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1 && r.left >= stage.left - 1 && r.right <= stage.right + 1; }); }""")
        assert fits == [True, True, True, True], (size, fits)
    # A game won with no dice shown (an accepted Mia) has no photo row.
    table.start_game({"game": "mia", "players": ["Ann", "Bob"], "options": {"lives": 1}})
    table.seal([2, 1], dice_photo("IMG_20191208_112714"))
    table.act({"by": "Ann", "do": "declare", "call": "21"})
    table.act({"by": "Bob", "do": "accept"})
    board.wait_for_selector('#app[data-game="mia"] #winner')
    assert board.locator("#final-evidence").count() == 0
    assert errors == []


@pytest.mark.parametrize("names, size", [
    (["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"], {"width": 1920, "height": 1080}),
    (["Ann", "Bob"], {"width": 1280, "height": 720})], ids=["eight-1080", "two-720"])
def test_a_liars_open_at_a_camera_table_shows_the_photo_of_the_cups_beside_the_hands(served_camera, browser,
                                                                                      names, size):
    """An open is judged on every hand the camera read: the wall shows the hands and the photo
    of the frame they were read from, captioned for the cups (not "under the cup"), and the
    whole verdict, eight hands and all, fits the screen."""
    url, table = served_camera
    hands = {n: [6, 5, 4, 2, 2] for n in names}
    table.set_hands_source(lambda: hands, photo=lambda read: dice_photo("IMG_20191208_112648") if read == hands else None)
    board, phone, errors = open_pages(browser, url)
    board.set_viewport_size(size)
    table.start_game({"game": "liars", "players": names})
    table.act(next(a for a in table.public_state()["legal"] if a["do"] == "call"))
    phone.verb(table.public_state()["to_act"], "open")      # the phone sends no hands: the camera has them
    board.wait_for_selector("#verdict.has-hands #evidence")
    wait_for_photo(board)
    assert board.inner_text("#verdict figcaption") == "under the cups"
    # The hands and the photo shrink until the verdict's words show whole, the photo loaded.
    board.wait_for_function("() => { const m = document.querySelector('#verdict .message');"
                            " return m.scrollHeight <= m.clientHeight + 1; }", timeout=5000)
    assert board.eval_on_selector_all("#verdict .hand span", "(s) => s.map((e) => e.textContent)") == names
    assert verdict_overflow(board) <= 0
    board.screenshot(path=str(SHOTS / f"cam-05-liars-open-photo-{len(names)}-{size['height']}.png"))
    assert errors == []


def test_the_open_that_ends_a_liars_game_shows_its_hands_under_the_winner(served, browser):
    # As with a cup game's last pull: the winner's screen took the place of the deciding open's
    # verdict, and its hands were never on the wall, only "there are 3 (Bob 1, Cy 2)" in small.
    url, table = served
    board = browser.new_page()
    board.goto(url + "/")
    for size, names in [({"width": 1920, "height": 1080}, ["Ann", "Bob"]),
                        ({"width": 1280, "height": 720}, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"])]:
        board.set_viewport_size(size)
        table.start_game({"game": "liars", "players": names, "options": {"lives": 1}})
        while not table.public_state()["over"]:
            state = table.public_state()
            call = next(a for a in state["legal"] if a["do"] == "call")
            table.act(call)
            opener = table.public_state()["to_act"]
            alive = [p["name"] for p in table.public_state()["players"] if not p["out"]]
            table.act({"by": opener, "do": "open", "hands": {n: [6, 6, 4, 3, 2] for n in alive}})
        last = table.public_state()["verdict"]["hands"]
        # (Waited for by its names: the first game's winner screen is still up until the wall
        # hears of the second game's end, and a bare selector matched it: CI, 2026-12-03.)
        board.wait_for_function("""(names) => [...document.querySelectorAll(
            '#app[data-game="liars"] #winner #final-hands .hand')].map((h) => h.querySelector('span').textContent)
            .join() === names""",
                                arg=",".join(last))
        shown = board.eval_on_selector_all("#final-hands .hand", """(hs) => hs.map((h) => [h.querySelector('span').textContent,
            [...h.querySelectorAll('svg.die')].map((d) => Number(d.getAttribute('aria-label')))])""")
        assert shown == [[n, h] for n, h in last.items()], shown
        fits = board.evaluate("""() => { const stage = document.getElementById('sb-stage').getBoundingClientRect();
            return ['#winner .word', '#final-hands', '#winner .message'].map((sel) => {
              const r = document.querySelector(sel).getBoundingClientRect();
              return r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1 && r.left >= stage.left - 1 && r.right <= stage.right + 1; }); }""")
        assert fits == [True, True, True], (size, fits)
        board.screenshot(path=str(SHOTS / f"liars-winner-hands-{size['height']}.png"))


def test_farkel_and_liars_from_the_control_page(served, browser):
    url, table = served
    SHOTS.mkdir(parents=True, exist_ok=True)
    board, phone, errors = open_pages(browser, url)
    page = phone.page

    # Farkel, after a roll-off for who starts.
    page.select_option("#ng-game", "farkel")
    page.fill("#ng-players", "Ann\nBob\nCy")
    page.click("#ng-rolloff")
    assert "rolls first" in page.inner_text("#ng-rolloff-result")
    order = page.input_value("#ng-players").split("\n")
    assert sorted(order) == ["Ann", "Bob", "Cy"]
    first = order[0]
    page.click('#new-game button[type="submit"]')
    phone.verb(first, "roll")
    phone.dice(1, 5, 2, 3, 3, 3)
    board.wait_for_selector('#best-keep')
    assert "450" in board.inner_text("#best-keep")
    page.click('#ctl-actions button[data-do="keep"][data-dice="1,3,3,3,5"]')
    board.wait_for_selector('#turn-total:text("450")')
    phone.verb(first, "roll")
    phone.dice(5)
    page.click('#ctl-actions button[data-do="keep"][data-dice="5"]')
    board.wait_for_selector('#turn-total:text("500")')
    phone.verb(first, "bank")
    board.wait_for_selector(f'.player[data-name="{first}"][data-score="500"]')
    board.screenshot(path=str(SHOTS / "farkel-banked.png"))

    # Liar's dice: a call, then the open with every hand entered on the phone.
    phone.new_game_of("liars", ["Ann", "Bob"])
    phone.turn("Ann")
    page.click('#ctl-actions button[data-do="call"]')
    board.wait_for_selector("#call .liars-call")
    phone.verb("Bob", "open")
    for name in ("Ann", "Bob"):
        for i in range(5):
            page.click(f'#ctl-entry button.cycle[data-name="{name}"][data-i="{i}"]')
    page.click("#entry-send")
    board.wait_for_selector("#verdict .hands")
    assert board.locator("#verdict .hand").count() == 2
    board.screenshot(path=str(SHOTS / "liars-open.png"))
    assert errors == []


def test_the_phone_shows_farkel_s_best_keep_as_the_wall_does(served, browser):
    """The player choosing a keep holds the phone: its best keep was shown on the wall only."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game_of("farkel", ["Ann", "Bob"])
    phone.verb("Ann", "roll")
    phone.dice(1, 5, 2, 3, 3, 3)
    board.wait_for_selector("#best-keep")
    page.wait_for_selector("#ctl-best-keep")
    wall = board.locator("#best-keep")
    line = page.locator("#ctl-best-keep")
    assert line.locator(".label").text_content() == wall.locator(".label").text_content() == "best keep"
    assert line.locator(".pts").text_content() == wall.locator(".pts").text_content() == "450"
    faces = lambda el: [int(d) for d in el.locator("svg.die").evaluate_all("ds => ds.map((d) => d.getAttribute('aria-label'))")]
    assert faces(line) == faces(wall) == [1, 3, 3, 3, 5]
    page.click('#ctl-actions button[data-do="keep"][data-dice="1,3,3,3,5"]')
    board.wait_for_selector('#turn-total:text("450")')
    page.wait_for_selector("#ctl-best-keep", state="detached")     # kept: no roll to keep from
    assert errors == []


def test_the_phone_names_a_kuriki_roll_as_the_verdict_does(served, browser):
    """QA: the phone's call line said "The Mime (5-5)" and the verdict "double-5"."""
    url, table = served
    board, phone, errors = open_pages(browser, url)
    page = phone.page
    phone.new_game(["Ann", "Bob", "Cy"], lives=5)
    phone.declare("Ann", "double-5")
    page.wait_for_selector("#ctl-status .call")
    assert page.inner_text("#ctl-status .call").startswith("Call: The Mime (5-5)")
    board.wait_for_selector('#app[data-call="double-5"]')
    assert board.inner_text("#call") == "The Mime"
    phone.verb("Bob", "pull")
    phone.dice(6, 3)
    page.wait_for_selector("#ctl-verdict")
    assert page.inner_text("#ctl-verdict").startswith(
        "LIE! Ann called The Mime (5-5) and loses a life — the dice show 6-3.")
    board.wait_for_selector("#verdict")
    assert "The call: The Mime (5-5)" in board.inner_text("#verdict .said")
    assert "Ann called The Mime (5-5)" in board.inner_text("#verdict .message")
    assert errors == []


def test_the_wall_names_a_dialled_kuriki_roll_with_its_flag_too(served, browser):
    """QA: the wall named a dialled "double-4" Walnuts, but showed "double-4 reverse" as it was:
    the hardware dial's label with a flag after the call."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    table.set_dial("double-4")
    board.wait_for_selector('.dial b:text-is("Walnuts")')
    table.set_dial("double-4 reverse")
    board.wait_for_selector('.dial b:text-is("Walnuts reverse")')
    table.set_dial("9 reverse")                 # a call with no name keeps its number
    board.wait_for_selector('.dial b:text-is("9 reverse")')


@pytest.mark.parametrize("players", [8, 12])
def test_a_liars_open_of_many_hands_fits_the_wall(served, browser, players):
    # The seed plays liar's dice with eight; the wall must still show every hand and who lost.
    url, table = served
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"][:players]
    table.start_game({"game": "liars", "players": names})
    table.act({"by": "Ann", "do": "call", "count": players + 2, "face": 3})
    table.act({"by": "Bob", "do": "open", "hands": {n: [1, 3, 3, 5, 6] for n in names}})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector("#verdict .hands")
    wait_for_streamed(board)
    stage = board.locator("#sb-stage").bounding_box()
    assert stage is not None
    shown = ["#verdict .word", "#verdict .losses", "#verdict .message"] + \
        [f'#verdict .hand:nth-child({i + 1})' for i in range(players)]
    for selector in shown:
        box = board.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] >= stage["y"] and box["y"] + box["height"] <= stage["y"] + stage["height"], selector
    # Still dice a room can read: no smaller than the players' life markers' spots.
    die = board.locator("#verdict .hand svg.die").first.bounding_box()
    assert die is not None and die["height"] >= 0.025 * 1080


def test_a_liars_open_whose_long_message_fills_the_verdict_still_fits(served, browser):
    # Eight hands of five different dice: each "counts nothing", said in the verdict's message,
    # which then runs past the verdict's own height before the stage's: the hands shrink for it.
    url, table = served
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table.start_game({"game": "liars", "players": names})
    table.act({"by": "Ann", "do": "call", "count": 9, "face": 3, "zhai": True})
    table.act({"by": "Bob", "do": "open", "hands": {n: [1, 2, 3, 4, 6] for n in names}})
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")
    board.wait_for_selector("#verdict .hands")
    wait_for_streamed(board)
    assert "counts nothing" in board.locator("#verdict .message").inner_text()
    verdict = board.locator("#verdict").bounding_box()
    message = board.locator("#verdict .message").bounding_box()
    assert verdict is not None and message is not None
    assert message["y"] + message["height"] <= verdict["y"] + verdict["height"] + 1


def test_in_the_shit_is_kuriki_s_word_other_games_say_last_life(served, browser):
    """'In the shit' is Kuriki's slang (the seed's score pad) for a player on a last life: Mia
    and liar's dice showed it too. There a player on a last life is marked 'LAST LIFE'."""
    url, table = served
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(url + "/")

    def tags(name: str) -> list[str]:
        return board.locator(f'.player[data-name="{name}"] .tag').all_inner_texts()

    for game in ("mia", "liars"):
        table.start_game({"game": game, "players": ["Ann", "Bob"], "options": {"lives": 1}}, replace=True)
        board.wait_for_selector(f'#app[data-game="{game}"] .player[data-name="Bob"]')
        assert tags("Bob") == ["LAST LIFE"], game
        assert board.locator('.player.last-life[data-name="Bob"]').count() == 1, game
        assert board.locator(".tag-shit, .player.shit").count() == 0, game
        board.screenshot(path=str(SHOTS / f"last-life-{game}.png"))
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 1}}, replace=True)
    board.wait_for_selector('#app[data-game="kuriki"] .player[data-name="Bob"]')
    assert tags("Bob") == ["IN THE SHIT"]
    assert board.locator('.player.shit.last-life[data-name="Bob"]').count() == 1
    assert board.locator(".tag-last").count() == 0


# Whether the last word of the verdict's "… Bob answered for it" sits on a line of its own.
IT_ALONE = """() => { const said = document.querySelector('#verdict .said');
    const text = [...said.querySelectorAll('b')].pop().nextSibling, words = text.textContent;
    const top = (word) => { const r = document.createRange(), i = words.lastIndexOf(word);
        r.setStart(text, i); r.setEnd(text, i + word.length); return Math.round(r.getClientRects()[0].top); };
    return top('it') !== top('for'); }"""


@pytest.mark.parametrize("size", [{"width": 1220, "height": 1080}, {"width": 820, "height": 720}],
                         ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_verdict_s_words_are_not_left_with_a_lone_it(served, browser, size):
    """"The call: The Mime (5-5) · Bob answered for it" left "it" alone on its last line (and
    "(5-" over "5)"): the verdict's words are balanced now."""
    url, table = served
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 5}})
    table.act({"by": "Ann", "do": "declare", "call": "double-5", "dice": [6, 1]})
    table.act({"by": "Bob", "do": "pass"})
    table.act({"by": "Cy", "do": "pull"})
    board = browser.new_page(viewport=size)
    board.goto(url + "/")
    board.wait_for_selector("#verdict .said")
    assert board.inner_text("#verdict .said") == "The call: The Mime (5-5) · Bob answered for it"
    SHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SHOTS / f"verdict-balanced-{size['width']}.png"))
    assert not board.evaluate(IT_ALONE), "'it' alone on the last line"
    assert board.locator("#verdict .said .nowrap").count() == 2     # the call, its dice, each whole
