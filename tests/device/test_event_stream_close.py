"""A page closing its event stream (/api/events) is a normal event: the server says nothing above
DEBUG about it, while other requests' lines are kept as they were."""

from __future__ import annotations

import logging
import socket
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.cli import _ClosedEventStreamFilter, _create_server
from device.events import EventBus
from device.store import Store
from device.table import Table
from tests.web.serving import serve
from web import create_app

CLOSED = "Client disconnected while serving /api/events"


class Recorder(logging.Handler):
    """Keeps the records that reach the "waitress" logger (its own and its children's), and sets
    ``seen`` once one says ``text``: the test waits on that, not on time."""

    def __init__(self, text: str) -> None:
        super().__init__(logging.DEBUG)
        self.text = text
        self.records: list[logging.LogRecord] = []
        self.seen = threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        if record.getMessage() == self.text:
            self.seen.set()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, EventBus]]:
    """The app on the server `dicetable run` makes (device.cli), its loop in a thread."""
    store, bus = Store(tmp_path / "data"), EventBus()
    # A short heartbeat: the stream wakes often, so it soon sees that its client has gone.
    app = create_app(Table(store, bus, has_camera=False), pin="4711",
                     test_config={"SSE_HEARTBEAT_SECONDS": 0.02})
    port, stop = serve(app, on_stop=lambda: bus.publish("state", {"game": None}),
                       create=lambda app: _create_server(app, "127.0.0.1", 0))
    try:
        yield port, bus
    finally:
        stop()
        store.close()


def _open_events(port: int) -> socket.socket:
    """GET /api/events, read up to the first event (the stream is being served)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: dicetable\r\nAccept: text/event-stream\r\n\r\n")
    received = b""
    while b"event: state" not in received:
        chunk = sock.recv(4096)
        assert chunk, f"the server closed the stream before its first event: {received!r}"
        received += chunk
    assert received.startswith(b"HTTP/1.1 200 ")
    return sock


@pytest.mark.parametrize("how", ["closed", "reset"])
def test_a_closed_event_stream_logs_nothing_above_debug(
        served: tuple[int, EventBus], caplog: pytest.LogCaptureFixture, how: str) -> None:
    port, bus = served
    caplog.set_level(logging.DEBUG, logger="waitress")    # so the quieted line is still seen
    recorder = Recorder(CLOSED)
    logging.getLogger("waitress").addHandler(recorder)
    try:
        sock = _open_events(port)
        # Only what the close brings counts: while its 48 worker threads are still starting,
        # waitress warns "Task queue depth is 1" of the stream's own request (a loaded host).
        opened = len(recorder.records)
        if how == "reset":      # a phone dropping off the Wi-Fi, a killed browser: RST, not FIN
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
        # waitress reaches its "client disconnected" line once the stream has ended: wait for it.
        assert recorder.seen.wait(timeout=20), "the stream never noticed that its client had gone"
    finally:
        logging.getLogger("waitress").removeHandler(recorder)
    assert bus.subscriber_count == 0     # the stream ended (its subscription closed) before that
    closing = recorder.records[opened:]
    assert [r.levelname for r in closing if r.getMessage() == CLOSED] == ["DEBUG"]
    assert not [r for r in closing if r.levelno > logging.DEBUG], [r.getMessage() for r in closing]


def _record(message: str, level: int, name: str = "waitress") -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, None, None)


@pytest.mark.parametrize(("message", "level"), [
    ("Client disconnected while serving /history", logging.INFO),       # another path
    ("Client disconnected while serving /api/state", logging.INFO),
    ("Exception while serving /api/events", logging.ERROR),             # a real error
    ("Socket error", logging.ERROR),
])
def test_other_lines_are_left_as_they_were(message: str, level: int) -> None:
    record = _record(message, level)
    assert _ClosedEventStreamFilter().filter(record) is True
    assert record.levelno == level and record.levelname == logging.getLevelName(level)


def test_the_closed_stream_line_is_dropped_unless_debug_is_on(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="waitress")
    record = _record(CLOSED, logging.INFO)
    assert _ClosedEventStreamFilter().filter(record) is False
    assert record.levelno == logging.DEBUG
    caplog.set_level(logging.DEBUG, logger="waitress")
    assert _ClosedEventStreamFilter().filter(_record(CLOSED, logging.INFO)) is True
