"""The owner is told on the control page (once the PIN is entered) while the PIN is the default."""

from __future__ import annotations

import pytest

from device.events import EventBus
from device.store import Store
from device.table import Table
from web import create_app

from .serving import serve
from .test_browser import SHOTS, browser  # noqa: F401  (fixture)
from .test_browser_small_phone import TEXT_LINES
from .test_control_auth import csrf_of

NOTICE = 'the table PIN is the default 0000, which anyone can guess: set your own as pin = "..."'


def _client(tmp_path, notice: str | None):
    table = Table(Store(tmp_path / "data"), EventBus(), has_camera=False)
    app = create_app(table, pin="0000", secret_key=b"test-secret-key-0123456789abcdef",
                     test_config={"TESTING": True}, pin_notice=notice)
    return app.test_client()


def _log_in(client) -> None:
    token = csrf_of(client.get("/table").data)
    assert client.post("/table/login", data={"pin": "0000", "csrf_token": token}).status_code == 303


def test_the_default_pin_notice_is_shown_to_the_owner_not_to_guests(tmp_path) -> None:
    client = _client(tmp_path, NOTICE)
    shown = b'id="pin-notice"'
    escaped = NOTICE.replace('"', "&#34;").encode()
    assert shown not in client.get("/table").data        # before the PIN: a guest's phone
    assert shown not in client.get("/").data             # the wall
    _log_in(client)
    page = client.get("/table").data
    assert shown in page and escaped in page
    assert shown not in client.get("/").data


def test_no_notice_without_one(tmp_path) -> None:
    client = _client(tmp_path, None)
    _log_in(client)
    assert b'id="pin-notice"' not in client.get("/table").data


@pytest.fixture
def served_default_pin(tmp_path):
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=False)
    app = create_app(table, pin="0000", secret_key=b"browser-test-key-0123456789abcdef",
                     test_config={"SSE_HEARTBEAT_SECONDS": 0.5}, pin_notice=NOTICE)
    port, stop = serve(app, on_stop=lambda: table.note("closing"))
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop()
        store.close()


@pytest.mark.browser
@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 740}],
                         ids=lambda s: f"{s['width']}px")
def test_the_notice_is_one_unmistakable_line_on_a_phone(served_default_pin, browser, size):
    """The whole notice, four lines of amber text in a card, took a fifth of a phone's screen
    above the game. It is one amber line now, a tap opens what to do."""
    page = browser.new_page(viewport=size, is_mobile=True, has_touch=True)
    page.goto(served_default_pin + "/table")
    page.fill("#pin", "0000")
    page.click(".pin-form button")
    page.wait_for_selector("#pin-notice")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pin-notice-{size['width']}.png"))
    notice = page.locator("#pin-notice")
    box = notice.bounding_box()
    assert box["height"] <= 0.07 * size["height"], f"the notice takes {box['height'] / size['height']:.0%} of the screen"
    assert box["y"] + box["height"] <= size["height"] * 0.25       # at the top, seen at once
    head = page.locator("#pin-notice summary")
    assert "default PIN" in head.inner_text() and head.is_visible()
    assert page.locator("#pin-notice .pin-notice-head").evaluate(TEXT_LINES) == 1     # one line
    # Unmistakable: the warning's own colour fills it, dark words on amber, bold.
    style = notice.evaluate("(e) => { const s = getComputedStyle(e), h = getComputedStyle(e.querySelector('summary'));"
                            " return [s.backgroundColor, s.color, h.fontWeight]; }")
    assert style == ["rgb(255, 166, 43)", "rgb(20, 20, 20)", "700"]
    assert notice.get_attribute("role") == "alert"
    # What to do is a tap away, the notice whole.
    assert not page.get_by_text("set your own as").is_visible()
    page.tap("#pin-notice summary")
    page.wait_for_function("() => document.querySelector('#pin-notice').open")
    assert NOTICE in page.inner_text("#pin-notice")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
