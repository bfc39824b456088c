"""Helpers the engine tests share: play a record, and check that an action is refused cleanly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.record import Session, replay


def as_line(item: str | dict[str, Any]) -> str:
    return item if isinstance(item, str) else json.dumps(item)


def play(header: str | dict[str, Any], *actions: str | dict[str, Any]) -> Session:
    """Replay a record given as a header and actions (JSON text or dicts), line by line."""
    return replay([as_line(header)] + [as_line(a) for a in actions])


def snapshot(session: Session) -> tuple[str, str, list[dict[str, Any]]]:
    return (json.dumps(session.game.public_state(), sort_keys=True),
            json.dumps(session.game.legal_actions(), sort_keys=True), list(session.log))


def assert_refused(session: Session, action: str | dict[str, Any], error: type[Exception],
                   *fragments: str) -> str:
    """The action is refused with ``error`` naming every fragment, and nothing changed."""
    before = snapshot(session)
    with pytest.raises(error) as info:
        session.apply(json.loads(as_line(action)))
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message
    assert snapshot(session) == before
    return message
