"""hardware.md's wiring against the code: a bar owner wires the box from that page alone."""

from __future__ import annotations

import dataclasses
import inspect
import re
import tomllib
from pathlib import Path

from device import settings as S
from device.controls import DEFAULT_PINS, ControlPanel

REPO = Path(__file__).resolve().parents[2]
HARDWARE = (REPO / "hardware.md").read_text(encoding="utf-8")
PINS = {S.key_of(f): f.default for f in dataclasses.fields(S.PinSettings)}


def test_the_wiring_table_gives_the_settings_defaults_and_their_header_pins() -> None:
    rows = re.findall(r"^\| [^|]+ \| [^|]+ \| GPIO(\d+) \(`(\w+)`\) \| (\d+) \|$", HARDWARE, re.M)
    assert {key for _, key, _ in rows} == {k for k, v in PINS.items() if isinstance(v, int)}
    for bcm, key, header in rows:
        assert PINS[key] == int(bcm), key
        assert S.HEADER_TO_BCM[int(header)] == int(bcm), key     # the physical pin of that GPIO
    # Every ground named is a ground pin of the 40-pin header, and 3V3 is pin 1 or 17.
    grounds = {6, 9, 14, 20, 25, 30, 34, 39}
    for header in re.findall(r"^\| [^|]+ \| [^|]+ \| GND \| (\d+) \|$", HARDWARE, re.M):
        assert int(header) in grounds
    assert re.search(r"^\| KY-040 \"\+\" .*\| 3V3[^|]*\| (1|17) \|$", HARDWARE, re.M)


def test_the_settings_example_is_the_defaults() -> None:
    block = re.search(r"```toml\n(\[pins\]\n.*?)```", HARDWARE, re.S)
    assert block and tomllib.loads(block.group(1))["pins"] == PINS
    assert {("pass" if k == "pass_" else k): v for k, v in DEFAULT_PINS.items()} == PINS
    panel_defaults = {k: p.default for k, p in inspect.signature(ControlPanel.__init__).parameters.items()
                      if k not in ("self", "pin_factory")}
    assert {("pass" if k == "pass_" else k): v for k, v in panel_defaults.items()} == PINS
    words = " ".join(HARDWARE.split())
    assert f"`bounce_time = {PINS['bounce_time']}` s" in words and f"`hold_time = {PINS['hold_time']}` s" in words


def test_every_game_s_controls_are_in_the_table() -> None:
    from device.console import BUTTON_VERBS
    from engine.core import GAMES

    table = re.search(r"^\| game \| dial, then Declare \| Pass \| Pull \| push the dial \|\n(.*?)\n\n",
                      HARDWARE, re.S | re.M)
    assert table
    rows = {r.split("|")[1].strip(): [c.strip() for c in r.split("|")[2:-1]]
            for r in table.group(1).splitlines()[1:]}
    titles = {"kuriki": "Kuriki", "mia": "Mia", "deceit": "Deceit", "farkel": "Farkel",
              "liars": "Chinese liar's dice"}
    assert set(BUTTON_VERBS) <= set(GAMES) and set(titles) == set(BUTTON_VERBS)
    for game, verbs in BUTTON_VERBS.items():
        _, pass_, pull, push = rows[titles[game]]
        # A button the console does not use in a game is "not used" there, and only then.
        assert (verbs["pass"] is None) == (pass_ == "not used"), game
        assert (verbs["pull"] is None) == (pull == "not used"), game
        assert ("foul" in GAMES[game].verbs) == push.startswith("charges a foul"), game
