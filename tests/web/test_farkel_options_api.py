"""Farkel's partners and High Stakes stake options go through the API as any option does: the
header's options are passed to the engine unchanged."""

from __future__ import annotations

from .conftest import AUTH, act, start

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
PARTNERS = {"game": "farkel", "players": PLAYERS,
            "options": {"partners": [["Ann", "Cy"], ["Bob", "Dee"]], "target": 1000}}


def turn(client, by: str, dice: list[int], kept: list[int]) -> dict:
    act(client, {"by": by, "do": "roll", "dice": dice})
    act(client, {"by": by, "do": "keep", "dice": kept})
    return act(client, {"by": by, "do": "bank"})


def test_a_farkel_game_with_partners_over_the_api(client):
    start(client, PARTNERS)
    state = client.get("/api/state").get_json()
    assert state["game"] == "farkel" and state["options"]["partners"] == [["Ann", "Cy"], ["Bob", "Dee"]]
    assert [t["name"] for t in state["teams"]] == ["Ann & Cy", "Bob & Dee"]
    state = turn(client, "Ann", [1, 1, 1, 1, 2, 3], [1, 1, 1, 1])       # Ann & Cy reach 1000
    assert state["final_round"] and state["to_act"] == "Bob"
    state = turn(client, "Bob", [5, 5, 5, 2, 3, 4], [5, 5, 5])
    assert state["to_act"] == "Dee"                                     # Cy is skipped
    assert {p["name"]: p["team"] for p in state["players"]}["Dee"] == "Bob & Dee"
    assert [t["score"] for t in state["teams"]] == [1000, 500]
    state = act(client, {"by": "Dee", "do": "roll", "dice": [2, 2, 3, 3, 4, 6]})
    assert state["over"] and state["winner"] == "Ann & Cy" and state["winners"] == ["Ann", "Cy"]


def test_a_bad_partners_option_is_400_with_the_engine_message(client):
    header = {**PARTNERS, "options": {"partners": [["Ann", "Zed"]]}}
    r = client.post("/api/games", json=header, headers=AUTH)
    assert r.status_code == 400 and "Zed" in r.get_json()["error"] and "partners" in r.get_json()["error"]


def test_the_new_game_forms_empty_text_box_means_no_partners(client):
    # The control page sends an option it has no input for as the text of a text box.
    start(client, {"game": "farkel", "players": ["Ann", "Bob"], "options": {"partners": ""}})
    state = client.get("/api/state").get_json()
    assert state["game"] == "farkel" and "teams" not in state


def test_the_catalogue_offers_the_new_options(client):
    games = {g["name"]: g for g in client.get("/api/catalogue").get_json()["games"]}
    options = {o["name"]: o for o in games["farkel"]["options"]}
    assert options["partners"]["default"] == [] and options["high_stakes_stake"]["default"] == 0


def test_a_stake_without_the_points_is_409(client):
    start(client, {"game": "farkel", "players": ["Ann", "Bob"],
                   "options": {"high_stakes": True, "high_stakes_stake": 1000}})
    state = turn(client, "Ann", [5, 5, 5, 1, 2, 3], [5, 5, 5, 1])
    assert state["high_stakes"] == {"dice": 2, "points": 600, "stake": 1000}
    body = act(client, {"by": "Bob", "do": "roll", "dice": [1, 3], "high_stakes": True}, status=409)
    assert "High Stakes asks 1,000 put up" in body["error"]


def test_after_a_restart_the_phone_is_told_how_to_choose_high_stakes_on_the_virtual_table(tmp_path):
    # The device restarts while Bob is offered High Stakes on the virtual table: the phone's
    # state said nothing of how to choose (the note came back only with the next change in the
    # game), so Bob was left waiting for a roll that the virtual table waits for him to ask.
    from device.events import EventBus
    from device.store import Store
    from device.table import Table

    from .conftest import make_app

    store = Store(tmp_path / "virtual")
    table = Table(store, EventBus(), has_camera=True)
    table.virtual = True
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 0, "high_stakes": True}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}, from_device=True)
    table.act({"by": "Ann", "do": "keep", "dice": [1]})
    table.act({"by": "Ann", "do": "bank"})
    store.close()
    store = Store(tmp_path / "virtual")              # the restart
    try:
        table = Table(store, EventBus(), has_camera=True)
        table.virtual = True                         # as dicetable run tells it once the camera opens
        state = make_app(table).test_client().get("/api/state").get_json()
        assert state["high_stakes"]["dice"] == 5 and state["to_act"] == "Bob"
        assert state["note"].startswith("Bob: tap roll with High Stakes ticked")
    finally:
        store.close()
