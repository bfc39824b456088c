"""web/README.md names the public state's keys that Farkel partners, High Stakes' stake and
Deceit's rounds add (and they are in the state, so the README cannot name keys long gone)."""

from __future__ import annotations

from pathlib import Path

from engine.record import Session

README = Path(__file__).resolve().parents[2] / "web" / "README.md"


def test_the_readme_names_the_state_keys_of_partners_the_stake_and_rounds() -> None:
    farkel = Session({"game": "farkel", "players": ["Ann", "Bob", "Cy", "Dee"],
                      "options": {"partners": [["Ann", "Cy"], ["Bob", "Dee"]], "entry": 0,
                                  "high_stakes": True, "high_stakes_stake": 100}})
    for action in ({"by": "Ann", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]},
                   {"by": "Ann", "do": "keep", "dice": [1]}, {"by": "Ann", "do": "bank"}):
        farkel.apply(action)
    deceit = Session({"game": "deceit", "players": ["Ann", "Bob"], "options": {"rounds": 3}})
    f, d = farkel.game.public_state(), deceit.game.public_state()
    assert {"teams", "winners"} <= set(f) and "team" in f["players"][0]
    assert f["high_stakes"]["stake"] == 100 and (d["round"], d["rounds"]) == (1, 3)
    state_row = next(line for line in README.read_text(encoding="utf-8").splitlines()
                     if line.startswith("| `GET /api/state`"))
    for key in ("teams", "winners", "team", "high_stakes.stake", "round", "rounds"):
        assert f"`{key}`" in state_row, key
