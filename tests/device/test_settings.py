"""device.settings: the TOML schema, its errors, dump, and calibrate's [vision] writer."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from device import settings as S
from device.settings import SettingsError, load
from tests.conftest import Syncs

REPO = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_a_file() -> None:
    s = load(None)
    assert s.server.port == 8000 and s.server.host == "0.0.0.0"
    assert s.table.pin == "0000" and s.camera.source == "auto" and s.camera.view == "bottom"
    assert s.pins.pass_ == 27 and s.pins.bounce_time == 0.05
    assert s.vision.tray is None
    assert s.data.path == Path("~/.local/share/dicetable").expanduser()


def test_file_then_overrides(tmp_path: Path) -> None:
    path = write(tmp_path, '[server]\nport = 8100\nhost = "127.0.0.1"\n[pins]\npass = 4\n'
                 '[camera]\nsource = "opencv:1"\n')
    s = load(path, {"server.port": 9000, "camera": {"source": "none"}, "table.pin": None})
    assert s.server.port == 9000 and s.server.host == "127.0.0.1"
    assert s.pins.pass_ == 4 and s.camera.source == "none" and s.table.pin == "0000"


def test_wrong_type_names_file_key_and_problem(tmp_path: Path) -> None:
    path = write(tmp_path, '[pins]\ndeclare = "x"\n')
    with pytest.raises(SettingsError) as info:
        load(path)
    assert str(info.value) == f'{path}: [pins] declare: must be a whole number (got "x")'


@pytest.mark.parametrize("text, expected", [
    ('[pins]\nfoo = 3\n', "[pins] foo: unknown key"),
    ('[pinz]\ndeclare = 3\n', "[pinz]: unknown section"),
    ('[server]\nport = 70000\n', "[server] port: must be at most 65535"),
    ('[server]\nport = true\n', "[server] port: must be a whole number"),
    # Passed, then `dicetable run` said "cannot listen on :8000:  is neither an address nor a
    # name" and exited 1, which the service restarts every 3 s for ever.
    ('[server]\nhost = ""\n', "[server] host: must be an address or a name"),
    ('[server]\nhost = "0.0.0.0 "\n', "[server] host: must be an address or a name"),
    ('[table]\npin = 1234\n', '[table] pin: must be text in quotes'),
    ('[table]\npin = "12 34"\n', "[table] pin: must be a PIN without spaces"),
    ('[camera]\nsource = "webcam"\n', "[camera] source: must be auto, none, picamera2"),
    # "none" and a line break passed: no camera was opened, yet the table refused dice entered
    # by hand ("with a camera the dice come from the camera"), so no game could be played.
    ('[camera]\nsource = "none\\n"\n', "[camera] source: must be auto, none, picamera2"),
    ('[camera]\nview = "side"\n', "[camera] view: must be one of bottom, top"),
    # Past the systemd watchdog's 30 s the service is restarted before the wall says anything.
    ('[camera]\nread_timeout = 30\n', "[camera] read_timeout: must be at most 20.0"),
    ('[pins]\nbounce_time = "fast"\n', "[pins] bounce_time: must be a number"),
    ('[pins]\npull = 17\n', "[pins] pull: GPIO 17 is already used by declare"),
    ('[vision]\ntray = [1, 2, 3]\n', "[vision] tray: must be [x, y, width, height]"),
    ('[vision]\ntray = [1, 2, 0, 3]\n', "[vision] tray: the tray's width and height"),
    ('server = 3\n', "[server] must be a section"),
    # TOML spells these; every check passes a NaN, and an infinite or NaN exposure is a cup
    # the watcher never sees lifted.
    ('[vision]\nexposure = nan\n', "[vision] exposure: must be a finite number"),
    ('[vision]\nexposure = inf\n', "[vision] exposure: must be a finite number"),
    ('[vision]\ndie_size = nan\n', "[vision] die_size: must be a finite number"),
    ('[pins]\nhold_time = nan\n', "[pins] hold_time: must be a finite number"),
    ('[pins]\nbounce_time = nan\n', "[pins] bounce_time: must be a finite number"),
    # An empty path is the directory dicetable happens to be started from.
    ('[data]\ndir = ""\n', "[data] dir: must name a directory"),
    ('[data]\ndir = "  "\n', "[data] dir: must name a directory"),
    # TOML can spell a NUL; no path can hold one: `dicetable run` died with a traceback.
    ('[data]\ndir = "/srv/dice\\u0000"\n', "[data] dir: must not hold a NUL character"),
])
def test_bad_values_are_refused_clearly(tmp_path: Path, text: str, expected: str) -> None:
    with pytest.raises(SettingsError, match=expected.replace("[", r"\[").replace("]", r"\]")):
        load(write(tmp_path, text))


def test_unparsable_toml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[server]\nport = 8000\nhost = \n')
    with pytest.raises(SettingsError, match=r"not valid TOML: .*line 3"):
        load(path)


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="no such config file"):
        load(tmp_path / "nope.toml")
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SettingsError, match="not a text file"):
        load(path)


def test_bad_override_is_named(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match=r"command line: \[camera\] source"):
        load(None, {"camera.source": "carrier-pigeon"})


def test_dump_round_trips_and_documents_every_key() -> None:
    s = load(None, {"server.port": 8123, "vision": {"tray": [1, 2, 30, 40], "die_size": 48.5}})
    text = S.dump(s)
    again = tomllib.loads(text)
    assert again["server"]["port"] == 8123 and again["pins"]["pass"] == 27
    assert again["vision"] == {"tray": [1, 2, 30, 40], "die_size": 48.5}
    for item in S.describe():
        assert item["doc"] in text
    path_settings = S.load(None, {k: v for k, v in again.items()})
    assert path_settings == s


def test_calibrate_writes_vision_and_keeps_the_rest(tmp_path: Path) -> None:
    original = '# my table\n[server]\nport = 8001  # not the default\n\n[vision]\ntray = [0, 0, 9, 9]\n' \
               'die_size = 10.0\n\n[table]\npin = "4321"\n'
    path = write(tmp_path, original)
    S.write_vision(path, {"tray": (10, 20, 300, 200), "die_size": 47.5, "exposure": 131.0})
    text = path.read_text()
    assert "# my table" in text and "port = 8001  # not the default" in text
    s = load(path)
    assert s.vision.tray == [10, 20, 300, 200] and s.vision.die_size == 47.5
    assert s.server.port == 8001 and s.table.pin == "4321"
    assert text.count("[vision]") == 1


def test_a_calibration_that_cannot_be_put_in_place_leaves_the_config_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The new file is written beside the old and renamed over it: a rename that fails (a full or
    # read-only disk) must leave the old config whole and no config.toml.tmp behind.
    import os

    original = '[table]\npin = "4321"\n'
    path = write(tmp_path, original)

    def no_room(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(SettingsError, match="cannot write it: No space left on device"):
        S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": 3.0})
    assert path.read_text() == original
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_calibration_is_synced_to_the_disk_with_its_directory(
        tmp_path: Path, fsyncs: Syncs) -> None:
    # Renamed into place but its directory not synced, a calibration could be lost to a power cut
    # right after it (the old config back, or none for one just made).
    path = tmp_path / "config.toml"
    S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": 3.0})
    assert fsyncs.kinds == ["file", "dir"]
    assert load(path).vision.die_size == 3.0


def test_calibrate_creates_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "config.toml"
    S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": 3.0})
    assert load(path).vision.tray == [1, 1, 5, 5]


@pytest.mark.parametrize("text", ['[server\nport = 1\n', '[pins]\ndeclare = "x"\n',
                                  'vision.tray = [0, 0, 5, 5]\n'])
def test_calibrate_never_overwrites_a_file_it_cannot_keep(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(SettingsError):
        S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": 3.0})
    assert path.read_text() == text


def test_calibrate_refuses_bad_calibration_values(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    with pytest.raises(SettingsError, match="die_size"):
        S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": "big"})


def test_docs_configuration_matches_the_schema() -> None:
    doc = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert doc == S.markdown(), "regenerate: python3 -m device.settings > docs/configuration.md"


def test_a_file_saved_with_a_byte_order_mark_is_read_and_calibrated(tmp_path: Path) -> None:
    # Windows Notepad saves UTF-8 with a BOM: such a config stopped dicetable with "not valid
    # TOML: Invalid statement (at line 1, column 1)", which names nothing the owner can see.
    path = tmp_path / "config.toml"
    path.write_bytes(b'\xef\xbb\xbf[table]\r\npin = "4321"\r\n')
    assert load(path).table.pin == "4321"
    S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": 3.0})
    s = load(path)
    assert s.table.pin == "4321" and s.vision.tray == [1, 1, 5, 5]


@pytest.mark.parametrize("text, expected", [
    ('pin = "4321"\n[server]\nport = 8001\n', 'pin: a key before any [section] header; put it under [table]'),
    ('colour = "red"\n', "colour: a key before any [section] header; keys go under one of the "
                         "sections: server, data, table, camera, pins, vision"),
])
def test_a_key_outside_any_section_is_told_so(tmp_path: Path, text: str, expected: str) -> None:
    # It was called an unknown section ("[pin]: unknown section"), a header the file never has.
    path = write(tmp_path, text)
    with pytest.raises(SettingsError) as info:
        load(path)
    assert str(info.value) == f"{path}: {expected}"


def test_calibrate_keeps_the_file_s_permissions_and_its_symlink(tmp_path: Path) -> None:
    # The file holds the table PIN: one kept private (chmod 600) came back readable by everyone
    # (0644, the new file's umask), and a config that was a symlink was replaced by a plain file,
    # leaving the file it pointed to (the one read) uncalibrated.
    import os
    import stat

    path = write(tmp_path, '[table]\npin = "9876"\n')
    os.chmod(path, 0o600)
    S.write_vision(path, {"tray": [1, 1, 5, 5], "die_size": 3.0})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and load(path).vision.die_size == 3.0
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    S.write_vision(link, {"tray": [2, 2, 5, 5], "die_size": 4.0})
    assert link.is_symlink() and load(path).vision.die_size == 4.0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and load(path).table.pin == "9876"


@pytest.mark.parametrize("text, expected", [
    # The owner moved Declare to GPIO 22; the message blamed pull, a key not in the file.
    ('[pins]\ndeclare = 22\n', "[pins] declare: GPIO 22 is already used by pull (its default); "
                               "every button needs its own pin"),
    ('[pins]\nencoder_button = 5\n', "[pins] encoder_button: GPIO 5 is already used by encoder_a "
                                     "(its default); every button needs its own pin"),
    ('[pins]\npull = 17\n', "[pins] pull: GPIO 17 is already used by declare (its default); "
                            "every button needs its own pin"),
    ('[pins]\ndeclare = 4\npull = 4\n', "[pins] pull: GPIO 4 is already used by declare; "
                                        "every button needs its own pin"),
])
def test_a_pin_used_twice_is_blamed_on_the_key_in_the_file(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(SettingsError) as info:
        load(path)
    assert str(info.value) == f"{path}: {expected}"


@pytest.mark.parametrize("text, expected", [
    # hardware.md's table gives both numbers: the header's (physical) one is an easy mistake.
    ('[pins]\nencoder_a = 29\n', "[pins] encoder_a: must be a BCM GPIO number from 0 to 27, not "
                                 "a header pin: header pin 29 is GPIO 5, written 5 (got 29)"),
    ('[pins]\npull = 40\n', "[pins] pull: must be a BCM GPIO number from 0 to 27, not a header "
                            "pin: header pin 40 is GPIO 21, written 21 (got 40)"),
    ('[pins]\npull = 39\n', "[pins] pull: must be a BCM GPIO number from 0 to 27 (hardware.md "
                            "gives each control's) (got 39)"),
    ('[pins]\ndeclare = -1\n', "[pins] declare: must be a BCM GPIO number from 0 to 27 "
                               "(hardware.md gives each control's) (got -1)"),
])
def test_a_pin_that_does_not_exist_says_pins_are_bcm_numbers(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(SettingsError) as info:
        load(path)
    assert str(info.value) == f"{path}: {expected}"


def _virtual_table_keeps_a_round(data: Path) -> None:
    """The virtual table keeps a liar's dice round's hands where dicetable run tells it."""
    from device.camera import RoundRoll, SampleTable
    from device.runtime import VIRTUAL_HANDS

    camera = SampleTable(fps=0, dice=lambda: RoundRoll(10, ("1", 1), called=True),
                         keep=data / VIRTUAL_HANDS)
    try:
        for _ in range(3):
            camera.read()
    finally:
        camera.close()


def test_docs_configuration_names_every_file_the_table_keeps_in_its_data_directory(
        tmp_path: Path) -> None:
    """The page listed the settings only: unlocked_sessions.json, secret_key and the rest of what
    `dicetable run` keeps in [data] dir were named nowhere but in the code (web/README.md aside).
    The files are made here by the code that makes them, so a new one must be listed too."""
    import os

    from device.cli import SESSIONS_NAME, _lock_data_dir, _secret_key
    from device.store import Store
    from web.sessions import UnlockedSessions

    data = tmp_path / "data"
    lock = _lock_data_dir(data)
    store = Store(data)
    try:
        store.add_photo(b"\xff\xd8 not really a jpeg \xff\xd9")
        _secret_key(data)
        UnlockedSessions(data / SESSIONS_NAME).unlock(60.0)
        _virtual_table_keeps_a_round(data)
        kept = sorted(p.name + ("/" if p.is_dir() else "") for p in data.iterdir())
    finally:
        store.close()
        os.close(lock)
    assert {"dicetable.sqlite3", "photos/", "secret_key", "unlocked_sessions.json"} <= set(kept)
    doc = S.markdown()
    assert "\n## The data directory\n" in doc
    section = doc.split("\n## The data directory\n", 1)[1].split("\n## ", 1)[0]
    for name in kept:
        assert f"`{name}`" in section, f"{name} is kept in the data directory but not described"
