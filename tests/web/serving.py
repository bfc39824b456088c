"""Serve a WSGI app with waitress on a free loopback port in a thread, and stop it cleanly."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Flask

from web import stop_streams


def serve(app: Flask, on_stop: Callable[[], None], threads: int = 8,
          create: Callable[[Flask], Any] | None = None) -> tuple[int, Callable[[], None]]:
    """Start serving; returns the port and a function that stops the server.

    ``on_stop`` must wake the open event streams (publish any event) once they are told to end.
    ``create``: makes the waitress server for the app on a free loopback port (default: plain
    ``waitress.create_server``).
    """
    import waitress

    server = (create(app) if create is not None
              else waitress.create_server(app, host="127.0.0.1", port=0, threads=threads))
    stopping = threading.Event()

    def loop() -> None:
        # waitress's own run() loops until its sockets vanish under it; this loop can be told.
        while not stopping.is_set():
            server.asyncore.loop(timeout=0.05, map=server._map, count=1)

    thread = threading.Thread(target=loop, daemon=True, name="waitress-loop")
    thread.start()

    def stop() -> None:
        stop_streams(app)
        on_stop()
        server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
        stopping.set()
        thread.join(timeout=5)
        server.close()

    return server.effective_port, stop
