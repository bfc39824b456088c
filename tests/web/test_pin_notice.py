"""The owner is told on the control page (once the PIN is entered) while the PIN is the default."""

from __future__ import annotations

from device.events import EventBus
from device.store import Store
from device.table import Table
from web import create_app

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
