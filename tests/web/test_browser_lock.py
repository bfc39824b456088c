"""Lock on the phone stays locked, whatever answers were still on their way (Chromium through
Playwright, as tests/web/test_browser.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from flask import request

from device.events import EventBus
from device.store import Store
from device.table import Table
from web import create_app

from .conftest import PIN
from .serving import serve
from .test_browser import browser  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser


class Holds:
    """Holds the next request to a method and path until told: the server has it (with the
    cookie it came with, its PIN checked) but answers only once released, as a busy table would.
    (Held before its PIN is checked, a request answered after Lock is refused: Lock revokes the
    session on the server at once.)"""

    def __init__(self) -> None:
        self._held: dict[tuple[str, str], tuple[threading.Event, threading.Event]] = {}
        self._lock = threading.Lock()

    def hold(self, method: str, path: str) -> tuple[threading.Event, threading.Event]:
        """(arrived, release) for the next such request."""
        pair = threading.Event(), threading.Event()
        with self._lock:
            self._held[(method, path)] = pair
        return pair

    def release_all(self) -> None:
        with self._lock:
            pairs, self._held = list(self._held.values()), {}
        for _, release in pairs:
            release.set()

    def before_request(self) -> None:
        with self._lock:
            pair = self._held.pop((request.method, request.path), None)
        if pair is not None:
            arrived, release = pair
            arrived.set()
            release.wait(10)


@pytest.fixture
def held(tmp_path) -> Iterator[tuple[str, Table, Holds]]:
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=False)
    app = create_app(table, pin=PIN, secret_key=b"browser-test-key-0123456789abcdef",
                     test_config={"SSE_HEARTBEAT_SECONDS": 0.5})
    holds = Holds()
    act = table.act

    def busy_act(action, **kwargs):     # the view has checked the PIN; the table is busy
        holds.before_request()
        return act(action, **kwargs)

    table.act = busy_act
    port, stop = serve(app, on_stop=lambda: table.note("closing"))
    try:
        yield f"http://127.0.0.1:{port}", table, holds
    finally:
        holds.release_all()
        stop()
        store.close()


def test_an_answer_that_comes_after_lock_does_not_unlock_the_phone_again(held, browser):
    """The table page is open in two tabs of the phone's browser (one cookie for both). A call
    tapped in one is still unanswered when Lock is tapped in the other: the call's answer came
    after the Lock's and brought back the session as it was when the call left, PIN and all, so
    the phone was unlocked again for whoever picked it up next. (In the tab that locks, its own
    answers still on their way are dropped as its locked page comes.)"""
    url, table, holds = held
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 5}})
    phone = browser.new_context(viewport={"width": 412, "height": 915})
    locking, other = phone.new_page(), phone.new_page()
    locking.goto(url + "/table")
    locking.fill("#pin", PIN)
    locking.click(".pin-form button")
    other.goto(url + "/table")                   # unlocked too: the same cookie
    for page in (locking, other):
        page.wait_for_selector('#app[data-ready="1"][data-to-act="Ann"] #ctl-actions')

    call_arrived, call_go = holds.hold("POST", "/api/actions")
    other.click('#ctl-actions button[data-do="declare"][data-call="7"]')
    assert call_arrived.wait(5), "the call reached the table"
    locking.click('nav form[action="/table/logout"] button')
    locking.wait_for_selector("#pin")
    with other.expect_response(lambda r: r.url.endswith("/api/actions")) as answer:
        call_go.set()
    assert answer.value.status == 200            # the call was made before Lock: it stands
    answer.value.finished()
    assert table.public_state()["call"] == "7"

    locking.reload()
    locking.wait_for_selector('#app[data-ready="1"]')
    assert locking.get_attribute("#app", "data-authorised") == "0", "the late answer undid the Lock"
    assert locking.locator("#pin").count() == 1
    # The other tab still shows the buttons; its next tap is refused and it asks for the PIN.
    other.click('#ctl-actions button[data-do="pass"]')
    other.wait_for_selector("#pin")
    assert table.public_state()["passed"] == []
    phone.close()
