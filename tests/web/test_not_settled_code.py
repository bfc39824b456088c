"""A call refused because the camera has not seen the dice settle carries a code, "not_settled",
beside its words: the phone's Mia hint ("tick blind raise") keys on it. It matched the table's
exact words, so rewording the refusal would have dropped the hint without a failing test."""

from __future__ import annotations

import re
from pathlib import Path

from device.table import NOT_SETTLED
from web.services import DiceNotSettled

from .conftest import AUTH, start

CONTROL_JS = Path(__file__).resolve().parents[2] / "web" / "static" / "control.js"
MIA = {"game": "mia", "players": ["Ann", "Bob", "Cy"]}


def _declare(client, by: str, call: str, **flags: object):
    return client.post("/api/actions", json={"by": by, "do": "declare", "call": call, **flags},
                       headers=AUTH)


def test_a_mia_call_before_the_dice_settled_is_refused_with_the_not_settled_code(camera_client,
                                                                                  camera_table):
    start(camera_client, MIA)
    r = _declare(camera_client, "Ann", "54")             # the round's first call: nothing sealed
    assert r.status_code == 409
    assert r.get_json() == {"error": NOT_SETTLED, "code": "not_settled"}
    camera_table.seal([5, 4], None)
    assert _declare(camera_client, "Ann", "54").status_code == 200
    r = _declare(camera_client, "Bob", "61", blind=False)   # said to be rolled, not seen settled
    assert r.status_code == 409
    assert r.get_json() == {"error": NOT_SETTLED, "code": "not_settled"}


def test_a_kuriki_call_before_the_dice_settled_carries_the_code_too(camera_client):
    start(camera_client)
    r = _declare(camera_client, "Ann", "9")
    assert r.status_code == 409 and r.get_json()["code"] == "not_settled"


def test_no_code_when_the_camera_is_lost_or_for_other_refusals(camera_client, camera_table):
    """Lost, the table refuses a blind raise as well, so the phone must not tell to tick it."""
    start(camera_client, MIA)
    camera_table.seal([5, 4], None)
    assert _declare(camera_client, "Ann", "54").status_code == 200
    r = camera_client.post("/api/actions", json={"by": "Cy", "do": "pull"}, headers=AUTH)
    assert r.status_code == 409 and "code" not in r.get_json()     # not Cy's turn: the rules'
    camera_table.set_camera_status("lost", "no frame for 5 s")
    r = _declare(camera_client, "Bob", "61", blind=False)
    assert r.status_code == 409
    assert r.get_json()["error"].startswith(NOT_SETTLED) and "code" not in r.get_json()


def test_the_control_page_hints_on_the_code_not_on_the_words() -> None:
    script = CONTROL_JS.read_text(encoding="utf-8")
    assert DiceNotSettled.code == "not_settled"
    assert re.search(r"\.code\s*===\s*\"not_settled\"", script), \
        "control.js keys the Mia blind-raise hint on the refusal's code"
    assert NOT_SETTLED not in script, "control.js still matches the table's words"
