"""Helpers the engine tests share: play a record, and check that an action is refused cleanly."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
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


def names_said(message: str, players: Iterable[str]) -> dict[str, int]:
    """How many times a verdict's message says each player's name (as a whole word): the wall
    shows it in large type, and a verdict names each player once ("Ann called 9 — ... Ann loses
    a life. Ann is in the shit." filled the wall with a long name)."""
    return {name: len(re.findall(rf"\b{re.escape(name)}\b", message)) for name in players}
