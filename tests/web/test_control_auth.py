"""The control page: PIN form, session cookie, CSRF; read-only without the PIN."""

from __future__ import annotations

import errno
import os
import re

from flask import Flask

from .conftest import KURIKI, PIN, make_app, start


def csrf_of(html: bytes) -> str:
    m = re.search(rb'<meta name="csrf-token" content="([^"]+)">', html)
    assert m, "the control page carries a CSRF token"
    return m.group(1).decode()


def log_in(client) -> str:
    page = client.get("/table")
    token = csrf_of(page.data)
    r = client.post("/table/login", data={"pin": PIN, "csrf_token": token})
    assert r.status_code == 303 and r.headers["Location"].endswith("/table")
    return token


def test_control_page_without_the_pin_is_read_only(client):
    r = client.get("/table")
    assert r.status_code == 200
    assert b'data-authorised="0"' in r.data
    assert b'name="pin"' in r.data
    assert b'id="ctl-actions"' not in r.data and b'id="new-game"' not in r.data


def test_login_sets_a_strict_http_only_session(client):
    token = csrf_of(client.get("/table").data)
    r = client.post("/table/login", data={"pin": PIN, "csrf_token": token})
    cookie = r.headers["Set-Cookie"]
    assert "dicetable_session=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    page = client.get("/table")
    assert b'data-authorised="1"' in page.data and b'id="new-game"' in page.data
    assert b'value="kuriki"' in page.data    # the game catalogue in the new-game form


def test_wrong_pin_on_the_form(client):
    token = csrf_of(client.get("/table").data)
    r = client.post("/table/login", data={"pin": "0000", "csrf_token": token})
    assert r.status_code == 401 and b"wrong PIN" in r.data
    assert b'data-authorised="0"' in client.get("/table").data


def test_login_form_needs_its_csrf_token(client):
    client.get("/table")
    r = client.post("/table/login", data={"pin": PIN})
    assert r.status_code == 401 and b"form expired" in r.data
    assert b'data-authorised="0"' in client.get("/table").data


def test_session_changes_need_the_csrf_header(client):
    token = log_in(client)
    r = client.post("/api/games", json=KURIKI)
    assert r.status_code == 401 and "CSRF" in r.get_json()["error"]
    r = client.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 401
    r = client.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": token})
    assert r.status_code == 201
    r = client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "7"},
                    headers={"X-CSRF-Token": token})
    assert r.status_code == 200 and r.get_json()["call"] == "7"
    r = client.post("/api/undo", headers={"X-CSRF-Token": token})
    assert r.status_code == 200 and r.get_json()["call"] is None


def test_another_browser_without_the_session_cannot_act(app, client):
    token = log_in(client)
    stranger = app.test_client()
    r = stranger.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": token})
    assert r.status_code == 401


def test_the_session_ends_when_the_pin_changes(table, client):
    token = log_in(client)
    other = make_app(table, TABLE_PIN="9999").test_client()
    # Same secret key, so the cookie is valid, but it proves the old PIN only.
    other.set_cookie("dicetable_session", client.get_cookie("dicetable_session").value)
    r = other.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": token})
    assert r.status_code == 401


def test_logout(client):
    token = log_in(client)
    r = client.post("/table/logout", data={"csrf_token": token})
    assert r.status_code == 303
    assert b'data-authorised="0"' in client.get("/table").data
    assert client.post("/api/undo", headers={"X-CSRF-Token": token}).status_code == 401


def test_logout_needs_csrf(client):
    log_in(client)
    assert client.post("/table/logout").status_code == 401
    assert b'data-authorised="1"' in client.get("/table").data


def test_preview_with_the_session(camera_client, camera_table):
    log_in(camera_client)
    camera_table.set_preview_source(lambda: b"\xff\xd8jpeg")
    r = camera_client.get("/api/preview")
    assert r.status_code == 200 and r.data == b"\xff\xd8jpeg"


def test_control_page_shows_the_game(client):
    log_in(client)
    start(client)
    page = client.get("/table")
    assert b'"game": "kuriki"' in page.data
    assert b'"to_act": "Ann"' in page.data


def test_preview_panel_only_at_a_camera_table(client, camera_client):
    log_in(camera_client)
    assert b'id="preview-card"' in camera_client.get("/table").data
    log_in(client)
    assert b'id="preview-card"' not in client.get("/table").data


def test_answers_that_change_no_session_send_no_cookie(client):
    """Only the PIN form, Lock and a first visit set the session cookie: an answer that sent it
    again would carry the session as it was when its request left."""
    token = log_in(client)
    answers = [client.get("/table"), client.get("/api/state"),
               client.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": token}),
               client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "7"},
                           headers={"X-CSRF-Token": token})]
    assert [r.status_code for r in answers] == [200, 200, 201, 200]
    assert [r.headers.get("Set-Cookie") for r in answers] == [None] * 4


def test_a_late_answer_to_a_request_sent_before_lock_does_not_unlock_the_phone_again(app, client):
    """The phone sends a change (or asks for the state), and Lock is tapped before the answer
    comes: that answer must not bring back the session that had the PIN."""
    token = log_in(client)
    before_lock = client.get_cookie("dicetable_session").value
    assert client.post("/table/logout", data={"csrf_token": token}).status_code == 303
    # The request that left before Lock, carrying the cookie of then, answered only now.
    in_flight = app.test_client()
    in_flight.set_cookie("dicetable_session", before_lock)
    late = in_flight.get("/api/state")
    assert late.status_code == 200
    # A browser stores the cookie an answer sets, however late it comes.
    if "Set-Cookie" in late.headers:
        client.set_cookie("dicetable_session", in_flight.get_cookie("dicetable_session").value)
    assert b'data-authorised="0"' in client.get("/table").data, "the late answer unlocked it again"


def copy_of(client, app):
    """Another browser holding a copy of ``client``'s cookie as it is now (another tab's jar, a
    cookie copied out of the phone)."""
    other = app.test_client()
    other.set_cookie("dicetable_session", client.get_cookie("dicetable_session").value)
    return other


def test_lock_locks_every_copy_of_the_unlocked_cookie(app, client):
    """Lock only cleared the cookie of the browser that tapped it: the session is signed, not
    stored, so a copy of the unlocked cookie went on changing the game after Lock."""
    token = log_in(client)
    copy = copy_of(client, app)
    assert copy.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": token}).status_code == 201
    assert client.post("/table/logout", data={"csrf_token": token}).status_code == 303
    r = copy.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "7"},
                  headers={"X-CSRF-Token": token})
    assert r.status_code == 401
    assert b'data-authorised="0"' in copy.get("/table").data
    assert copy.get("/api/state").get_json()["call"] is None
    # Unlocking again gives a new session: the old copy stays locked, the phone is unlocked.
    token = log_in(client)
    assert b'data-authorised="1"' in client.get("/table").data
    assert copy.post("/api/undo", headers={"X-CSRF-Token": token}).status_code == 401


def test_lock_on_one_phone_leaves_another_phone_unlocked(app, client):
    mine, theirs = log_in(client), app.test_client()
    their_token = log_in(theirs)
    assert client.post("/table/logout", data={"csrf_token": mine}).status_code == 303
    assert theirs.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": their_token}).status_code == 201


def test_a_restart_neither_locks_an_unlocked_phone_nor_unlocks_a_locked_one(table, tmp_path):
    """`dicetable run` keeps the unlocked sessions in the data directory, beside the cookie's key."""
    from web import create_app
    from web.sessions import UnlockedSessions

    def started() -> Flask:
        return create_app(table, pin=PIN, secret_key=b"test-secret-key-0123456789abcdef",
                          test_config={"TESTING": True},
                          sessions=UnlockedSessions(tmp_path / "unlocked_sessions.json"))

    before = started()
    phone, locked = before.test_client(), before.test_client()
    token, locked_token = log_in(phone), log_in(locked)
    copy = copy_of(locked, before)
    assert locked.post("/table/logout", data={"csrf_token": locked_token}).status_code == 303
    after = started()
    phone_now, copy_now = copy_of(phone, after), copy_of(copy, after)
    assert b'data-authorised="1"' in phone_now.get("/table").data
    assert phone_now.post("/api/games", json=KURIKI, headers={"X-CSRF-Token": token}).status_code == 201
    assert b'data-authorised="0"' in copy_now.get("/table").data
    r = copy_now.post("/api/undo", headers={"X-CSRF-Token": locked_token})
    assert r.status_code == 401
    kept = (tmp_path / "unlocked_sessions.json").read_text()
    assert phone.get_cookie("dicetable_session").value not in kept     # no cookie in the file


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_pin_entry_or_lock_the_table_cannot_save_says_so_on_the_control_page(table, tmp_path,
                                                                                monkeypatch):
    """unlocked_sessions.json not written: the PIN form says the phone was not unlocked (it was,
    until a restart), and Lock says it holds only until a restart (it said nothing)."""
    from web import create_app
    from web.sessions import UnlockedSessions

    kept = tmp_path / "phones"
    kept.mkdir()
    app = create_app(table, pin=PIN, secret_key=b"test-secret-key-0123456789abcdef",
                     test_config={"TESTING": True},
                     sessions=UnlockedSessions(kept / "unlocked_sessions.json"))
    phone, other = app.test_client(), app.test_client()
    token, other_token = log_in(phone), csrf_of(other.get("/table").data)
    with monkeypatch.context() as broken:
        broken.setattr(os, "replace", _disk_full)
        r = other.post("/table/login", data={"pin": PIN, "csrf_token": other_token})
        assert r.status_code == 503
        assert b"not unlocked" in r.data and b"No space left on device" in r.data
        assert b'data-authorised="0"' in r.data
        assert b'data-authorised="0"' in other.get("/table").data
        r = phone.post("/table/logout", data={"csrf_token": token})
        assert r.status_code == 503
        assert b"could not save the Lock" in r.data and b"restart" in r.data
        assert b'data-authorised="0"' in r.data
    assert b'data-authorised="0"' in phone.get("/table").data
    assert phone.post("/api/undo", headers={"X-CSRF-Token": token}).status_code == 401
    assert [p.name for p in kept.iterdir()] == ["unlocked_sessions.json"]     # no .tmp left
