"""A small thread-safe event bus between the device and the web layer.

The device publishes; each open scoreboard (a Server-Sent Events stream) subscribes and gets its
own queue. A slow subscriber never blocks the referee: when its queue is full the oldest event
is dropped, since every event carries the whole public state anyway.
"""

from __future__ import annotations

import itertools
import queue
import threading
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str                      # "state", "verdict", "kuriki", "camera", "dial", ...
    data: dict[str, Any] = field(default_factory=dict)
    id: int = 0


class Subscription:
    """One listener's queue. Iterate with :meth:`get`; close when done."""

    def __init__(self, bus: "EventBus", maxsize: int) -> None:
        self._bus = bus
        self._queue: queue.Queue[Event] = queue.Queue(maxsize=maxsize)
        self.closed = False

    def put(self, event: Event) -> None:
        while True:
            try:
                self._queue.put_nowait(event)
                return
            except queue.Full:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    pass

    def get(self, timeout: float | None = None) -> Event | None:
        """The next event, or None after ``timeout`` seconds with nothing new."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self.closed = True
        self._bus._unsubscribe(self)

    def __enter__(self) -> "Subscription":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EventBus:
    def __init__(self, *, maxsize: int = 64) -> None:
        self._lock = threading.Lock()
        self._subs: list[Subscription] = []
        self._ids = itertools.count(1)
        self._maxsize = maxsize

    def subscribe(self) -> Subscription:
        sub = Subscription(self, self._maxsize)
        with self._lock:
            self._subs.append(sub)
        return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            if sub in self._subs:
                self._subs.remove(sub)

    @property
    def subscriber_count(self) -> int:
        with self._lock:
            return len(self._subs)

    def publish(self, kind: str, data: dict[str, Any] | None = None) -> Event:
        event = Event(kind=kind, data=dict(data or {}), id=next(self._ids))
        with self._lock:
            subs = list(self._subs)
        for sub in subs:
            sub.put(event)
        return event
