"""The device's settings: a typed schema read from a TOML file, with command-line overrides.

Each section is a dataclass; each field's default and ``doc`` are the documentation
(docs/configuration.md matches them, and ``dicetable config`` prints them). Every key is
optional; an unknown key, a wrong type or a bad value is refused with :class:`SettingsError`
naming the file, the key and the problem::

    config.toml: [pins] declare: must be a whole number (got "x")

``[vision]`` is written by ``dicetable calibrate`` (:func:`write_vision`): the rest of the file is
kept as the user wrote it, and a file that does not parse is never overwritten.
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import json_text

CONFIG_ENV = "DICETABLE_CONFIG"
DEFAULT_CONFIG = "~/.config/dicetable/config.toml"
DEFAULT_PIN = "0000"             # known to everyone: `dicetable run` warns the owner while it is set


class SettingsError(ValueError):
    """A setting is wrong; the message names the file, the key and the problem."""


def setting(default: Any, doc: str, *, key: str | None = None, choices: tuple[Any, ...] | None = None,
            minimum: float | None = None, maximum: float | None = None,
            check: Callable[[Any], str | None] | None = None, kind: str | None = None) -> Any:
    """One key of the schema: default, documentation and what values it accepts.

    ``kind`` overrides the type taken from the default ("int", "float", "str", "tray")."""
    meta = {"doc": doc, "key": key, "choices": choices, "minimum": minimum, "maximum": maximum,
            "check": check, "kind": kind}
    if isinstance(default, list):
        return field(default_factory=lambda: list(default), metadata=meta)
    return field(default=default, metadata=meta)


CAMERA_SOURCE = re.compile(r"^(auto|none|picamera2|opencv:\d+|replay:.+)$")


def _check_camera_source(value: str) -> str | None:
    if not CAMERA_SOURCE.fullmatch(value):     # match's $ also matches before a final line break
        return "must be auto, none, picamera2, opencv:N (a webcam number) or replay:PATH"
    return None


def _check_pin(value: str) -> str | None:
    if not value or any(ch.isspace() for ch in value):
        return "must be a PIN without spaces, like \"1234\""
    return None


def _check_host(value: str) -> str | None:
    if not value or any(ch.isspace() for ch in value):
        return "must be an address or a name without spaces, like \"0.0.0.0\" (every network)"
    return None


def _check_dir(value: str) -> str | None:
    if not value.strip():
        return "must name a directory, like \"/var/lib/dicetable\""
    if "\0" in value:      # TOML's \u0000: no path can hold it (os.mkdir raises ValueError)
        return "must not hold a NUL character (\\u0000)"
    return None


def _check_tray(value: list[int]) -> str | None:
    if len(value) != 4:
        return "must be [x, y, width, height]"
    if value[2] <= 0 or value[3] <= 0:
        return "the tray's width and height must be more than 0"
    return None


#: The 40-pin header's GPIO pins, by their physical number: the BCM number each one is.
HEADER_TO_BCM = {3: 2, 5: 3, 7: 4, 8: 14, 10: 15, 11: 17, 12: 18, 13: 27, 15: 22, 16: 23, 18: 24,
                 19: 10, 21: 9, 22: 25, 23: 11, 24: 8, 26: 7, 27: 0, 28: 1, 29: 5, 31: 6, 32: 12,
                 33: 13, 35: 19, 36: 16, 37: 26, 38: 20, 40: 21}


def _check_gpio(value: int) -> str | None:
    if 0 <= value <= 27:
        return None
    if value in HEADER_TO_BCM:      # hardware.md's table gives the header's number beside it
        return (f"must be a BCM GPIO number from 0 to 27, not a header pin: header pin {value} "
                f"is GPIO {HEADER_TO_BCM[value]}, written {HEADER_TO_BCM[value]}")
    return "must be a BCM GPIO number from 0 to 27 (hardware.md gives each control's)"


GPIO = {"check": _check_gpio}


@dataclass
class ServerSettings:
    """The web server (scoreboard, control page, API)."""

    host: str = setting("0.0.0.0", "Address to listen on: 0.0.0.0 for every network interface, "
                        "127.0.0.1 for this machine only.", check=_check_host)
    port: int = setting(8000, "TCP port of the scoreboard, control page and API.", minimum=1, maximum=65535)


@dataclass
class DataSettings:
    """Where games and evidence photos are kept."""

    dir: str = setting("~/.local/share/dicetable", "Directory of the game database "
                       "(dicetable.sqlite3), the photos/ of judged pulls and the phones unlocked "
                       "with the PIN (docs/configuration.md lists its files). ~ is your home.",
                       check=_check_dir)
    photo_limit_mb: int = setting(200, "Most megabytes of evidence photos to keep; the oldest are "
                                  "deleted beyond it.", minimum=1)

    @property
    def path(self) -> Path:
        return Path(self.dir).expanduser()


@dataclass
class TableSettings:
    """The table itself."""

    pin: str = setting(DEFAULT_PIN, "The table PIN: needed to change anything from a page or the API "
                       "(header X-Table-PIN). Change it: the default is known to everyone.",
                       check=_check_pin)


@dataclass
class CameraSettings:
    """The camera under the tray."""

    source: str = setting("auto", "auto (the Pi camera, else a webcam, else the sample frames), "
                          "none (dice are entered when the cup is lifted), picamera2, opencv:N "
                          "(webcam number N) or replay:PATH (a folder of images or a video).",
                          check=_check_camera_source)
    view: str = setting("bottom", "bottom: the camera is under the translucent tray and sees the faces "
                        "touching it; top: it looks down on the dice.", choices=("bottom", "top"))
    fps: int = setting(10, "Frames read per second.", minimum=1, maximum=60)
    width: int = setting(640, "Frame width in pixels.", minimum=16, maximum=4096)
    height: int = setting(480, "Frame height in pixels.", minimum=16, maximum=4096)
    read_timeout: float = setting(5.0, "Seconds a frame may take to come; longer (a pulled cable) "
                                  "counts as a lost camera: the wall says so and it is retried.",
                                  minimum=2.0, maximum=20.0)
    open_timeout: float = setting(10.0, "Seconds the camera may take to open; longer (a loose "
                                  "ribbon cable) counts as a camera that would not open: the wall "
                                  "says the camera is lost, the log names it, and it is retried.",
                                  minimum=2.0, maximum=20.0)


@dataclass
class PinSettings:
    """GPIO pins (BCM numbers 0-27, not header pin numbers) of the buttons and the dial; see hardware.md."""

    declare: int = setting(17, "The Declare button.", **GPIO)
    pass_: int = setting(27, "The Pass button.", key="pass", **GPIO)
    pull: int = setting(22, "The Pull button.", **GPIO)
    encoder_a: int = setting(5, "Rotary encoder output A (KY-040 \"CLK\"), which dials the call; if "
                             "the dial runs the wrong way, swap encoder_a and encoder_b.", **GPIO)
    encoder_b: int = setting(6, "Rotary encoder output B (KY-040 \"DT\").", **GPIO)
    encoder_button: int = setting(13, "The encoder's push switch (KY-040 \"SW\"): foul mode, in the "
                                  "games with fouls.", **GPIO)
    bounce_time: float = setting(0.05, "Debounce time of every button and the dial's push switch, "
                                 "seconds.", minimum=0.001, maximum=1.0)
    hold_time: float = setting(1.5, "Hold a button (or push and hold the dial) this many seconds for "
                               "Undo.", minimum=0.2, maximum=10.0)


@dataclass
class VisionSettings:
    """Calibration of the dice reader, written by ``dicetable calibrate``; unset means not calibrated."""

    tray: list[int] | None = setting(None, "The tray in the frame: [x, y, width, height], pixels.",
                                     kind="tray", check=_check_tray)
    die_size: float | None = setting(None, "A die's side in the frame, pixels.", kind="float",
                                     minimum=1.0)
    exposure: float | None = setting(None, "Mean brightness (0-255) of the empty tray at calibration.",
                                     kind="float", minimum=0.0)


@dataclass
class Settings:
    """Every setting of the device, section by section."""

    server: ServerSettings = field(default_factory=ServerSettings)
    data: DataSettings = field(default_factory=DataSettings)
    table: TableSettings = field(default_factory=TableSettings)
    camera: CameraSettings = field(default_factory=CameraSettings)
    pins: PinSettings = field(default_factory=PinSettings)
    vision: VisionSettings = field(default_factory=VisionSettings)


SECTIONS: dict[str, type] = {f.name: f.default_factory for f in dataclasses.fields(Settings)}  # type: ignore[misc]


def key_of(f: dataclasses.Field) -> str:
    """The TOML key of a field (``pass_`` is written ``pass``)."""
    return f.metadata.get("key") or f.name


def _kind(f: dataclasses.Field) -> str:
    if f.metadata.get("kind"):
        return f.metadata["kind"]
    default = f.default
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, float):
        return "float"
    return "str"


def _convert(f: dataclasses.Field, value: Any) -> Any:
    """The value as the field's type, or SettingsError's problem text via ValueError."""
    kind = _kind(f)
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"must be a whole number (got {json_text(value)})")
    elif kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"must be a number (got {json_text(value)})")
        value = float(value)
        if not math.isfinite(value):    # TOML's nan and inf: they would pass every bound below
            raise ValueError(f"must be a finite number (got {json_text(value)})")
    elif kind == "str":
        if not isinstance(value, str):
            raise ValueError(f"must be text in quotes, like \"{f.default}\" (got {json_text(value)})")
    elif kind == "tray":
        if (not isinstance(value, list)
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
            raise ValueError(f"must be [x, y, width, height] in whole pixels (got {json_text(value)})")
        value = list(value)
    meta = f.metadata
    if meta.get("choices") and value not in meta["choices"]:
        raise ValueError(f"must be one of {', '.join(meta['choices'])} (got {json_text(value)})")
    if meta.get("minimum") is not None and value < meta["minimum"]:
        raise ValueError(f"must be at least {meta['minimum']} (got {json_text(value)})")
    if meta.get("maximum") is not None and value > meta["maximum"]:
        raise ValueError(f"must be at most {meta['maximum']} (got {json_text(value)})")
    if meta.get("check"):
        problem = meta["check"](value)
        if problem:
            raise ValueError(f"{problem} (got {json_text(value)})")
    return value


def _section(cls: type, name: str, given: Any, where: str) -> Any:
    if not isinstance(given, Mapping):
        raise SettingsError(f"{where}: [{name}] must be a section (a table), not {json_text(given)}")
    fields = {key_of(f): f for f in dataclasses.fields(cls)}
    values = {}
    for key, value in given.items():
        if key not in fields:
            raise SettingsError(f"{where}: [{name}] {key}: unknown key; [{name}] has: "
                                f"{', '.join(fields)}")
        f = fields[key]
        try:
            values[f.name] = _convert(f, value)
        except ValueError as exc:
            raise SettingsError(f"{where}: [{name}] {key}: {exc}") from None
    return values


def _merge(base: dict[str, dict[str, Any]], data: Mapping[str, Any], where: str) -> None:
    for name, given in data.items():
        if name not in SECTIONS and not isinstance(given, Mapping):    # `pin = ...` above [table]
            homes = [s for s, cls in SECTIONS.items()
                     if name in {key_of(f) for f in dataclasses.fields(cls)}]
            raise SettingsError(f"{where}: {name}: a key before any [section] header; "
                                + (f"put it under [{homes[0]}]" if homes else
                                   f"keys go under one of the sections: {', '.join(SECTIONS)}"))
        if name not in SECTIONS:
            raise SettingsError(f"{where}: [{name}]: unknown section; the sections are: "
                                f"{', '.join(SECTIONS)}")
        base.setdefault(name, {}).update(_section(SECTIONS[name], name, given, where))


def _nest(overrides: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Accept {"server.port": 8001} or {"server": {"port": 8001}}; None values are ignored."""
    out: dict[str, dict[str, Any]] = {}
    for k, v in overrides.items():
        if isinstance(v, Mapping):
            for kk, vv in v.items():
                if vv is not None:
                    out.setdefault(k, {})[kk] = vv
        elif v is not None:
            section, _, key = k.partition(".")
            out.setdefault(section, {})[key] = v
    return out


def read_toml(path: Path) -> dict[str, Any]:
    """The file's TOML as a dict; SettingsError for a missing, unreadable or unparsable file."""
    try:
        text = path.read_text(encoding="utf-8-sig")     # a BOM (Windows Notepad) is no error
    except FileNotFoundError:
        raise SettingsError(f"{path}: no such config file") from None
    except UnicodeDecodeError:
        raise SettingsError(f"{path}: not a text file") from None
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read it: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: not valid TOML: {exc}") from None


def load(path: Path | str | None, overrides: Mapping[str, Any] | None = None) -> Settings:
    """Defaults, then the TOML file (if any), then the overrides (command-line flags)."""
    values: dict[str, dict[str, Any]] = {}
    if path is not None:
        path = Path(path)
        _merge(values, read_toml(path), str(path))
    if overrides:
        _merge(values, _nest(overrides), "command line")
    settings = Settings(**{name: SECTIONS[name](**values.get(name, {})) for name in SECTIONS})
    _check_whole(settings, str(path) if path is not None else "settings", set(values.get("pins", {})))
    return settings


def _check_whole(settings: Settings, where: str, given: Collection[str] = ()) -> None:
    """Checks across keys: every GPIO pin used once. ``given``: the [pins] fields set in the
    file (or on the command line); a clash with a default is blamed on the key that was set."""
    used: dict[int, dataclasses.Field] = {}
    for f in dataclasses.fields(PinSettings):
        if _kind(f) != "int":
            continue
        pin = getattr(settings.pins, f.name)
        if pin in used:
            named, other = f, used[pin]
            if named.name not in given and other.name in given:
                named, other = other, named
            default = " (its default)" if other.name not in given and named.name in given else ""
            raise SettingsError(f"{where}: [pins] {key_of(named)}: GPIO {pin} is already used by "
                                f"{key_of(other)}{default}; every button needs its own pin")
        used[pin] = f


def default_config_path() -> Path | None:
    """$DICETABLE_CONFIG, else ~/.config/dicetable/config.toml when it exists."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env).expanduser()
    p = Path(DEFAULT_CONFIG).expanduser()
    return p if p.exists() else None


# -- writing TOML -----------------------------------------------------------------------------

def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        escaped = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in escaped)
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def _section_text(name: str, section: Any, *, with_docs: bool) -> list[str]:
    lines = []
    if with_docs:
        lines.append(f"# {(type(section).__doc__ or '').strip()}")
    lines.append(f"[{name}]")
    for f in dataclasses.fields(section):
        value = getattr(section, f.name)
        if with_docs:
            lines.append(f"# {f.metadata['doc']}")
        if value is None:
            lines.append(f"# {key_of(f)} = (not set)")
        else:
            lines.append(f"{key_of(f)} = {_toml_value(value)}")
    return lines


def dump(settings: Settings, *, with_docs: bool = True) -> str:
    """The settings as a TOML file (with each key's documentation as comments)."""
    out: list[str] = []
    for name in SECTIONS:
        if out:
            out.append("")
        out.extend(_section_text(name, getattr(settings, name), with_docs=with_docs))
    return "\n".join(out) + "\n"


HEADER_LINE = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]?\s*(#.*)?$")


def write_vision(path: Path | str, vision: Mapping[str, Any]) -> None:
    """Store a calibration in the file's [vision] section, keeping everything else as it was.

    The file is created when missing. A file that does not parse, or whose [vision] cannot be
    replaced line by line, is left untouched (SettingsError)."""
    path = Path(path)
    given = {k: (list(v) if isinstance(v, tuple) else v) for k, v in dict(vision).items() if v is not None}
    new_vision = _section(VisionSettings, "vision", given, "calibration")
    if path.exists():
        old = read_toml(path)
        text = path.read_text(encoding="utf-8-sig")
    else:
        old, text = {}, ""
    # Drop the old [vision] block (its header up to the next header), then append the new one.
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        m = HEADER_LINE.match(line)
        if m:
            skipping = m.group(1).strip().strip("\"'") == "vision"
        if not skipping:
            kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    section = VisionSettings(**new_vision)
    block = _section_text("vision", section, with_docs=False)
    new_text = "\n".join(kept + ([""] if kept else []) + ["# written by dicetable calibrate"] + block) + "\n"
    # Check the result says exactly what it should before replacing the file.
    try:
        parsed = tomllib.loads(new_text)
    except tomllib.TOMLDecodeError:
        parsed = None
    expected = {k: v for k, v in old.items() if k != "vision"}
    expected["vision"] = {key_of(f): getattr(section, f.name) for f in dataclasses.fields(section)
                          if getattr(section, f.name) is not None}
    if parsed != expected:
        raise SettingsError(f"{path}: [vision] is written in a way calibrate cannot replace "
                            "(e.g. as dotted keys or an inline table); the file was left untouched: "
                            "remove the vision settings from it and calibrate again")
    _check_sections(parsed, str(path))
    real = Path(os.path.realpath(path))     # a symlinked config: the file it points to is written
    from web.durable import write_durably     # here: `dicetable config` need not load the web app

    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        # The file holds the PIN: one already there keeps its mode and owner, as private as it was.
        st = real.stat() if real.exists() else None
        write_durably(real, new_text.encode("utf-8"),
                      mode=None if st is None else st.st_mode & 0o7777,
                      owner=None if st is None else (st.st_uid, st.st_gid))
    except OSError as exc:      # the old file stays as it was, no config.toml.tmp left
        raise SettingsError(f"{path}: cannot write it: {exc.strerror or exc}") from None


def _check_sections(data: Mapping[str, Any], where: str) -> None:
    _merge({}, data, where)


def describe() -> list[dict[str, Any]]:
    """Every key with its section, default and documentation (for docs/configuration.md)."""
    out = []
    for name, cls in SECTIONS.items():
        for f in dataclasses.fields(cls):
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
            out.append({"section": name, "key": key_of(f), "default": default,
                        "doc": f.metadata["doc"], "section_doc": (cls.__doc__ or "").strip()})
    return out


# What `dicetable run` keeps in [data] dir, for docs/configuration.md. The names are the code's
# (device.store, device.cli, web.sessions); tests/device/test_settings.py makes the files with that
# code and fails on any not listed here.
DATA_FILES: tuple[tuple[str, str], ...] = (
    ("`dicetable.sqlite3`", "The game store (SQLite): every game, its header and its append-only "
     "log of actions, the dice sealed under the cup (so a power cut resumes them), whether the "
     "camera saw the dice stir since the last action (so an undo after a power cut still takes "
     "back the roll under way), whether the player to act took the cup on the virtual table (so "
     "after a power cut he still holds it) and the list of evidence photos. `/history`, the statistics and "
     "`dicetable export` read it."),
    ("`dicetable.sqlite3-wal`, `dicetable.sqlite3-shm`", "SQLite's write-ahead log and its index, "
     "beside the database while it is open: changes not yet copied into it are there, so they "
     "belong with it."),
    ("`photos/`", "The evidence photos of judged pulls, one JPEG each, named by its id; past "
     "`photo_limit_mb` the oldest are deleted. A `.tmp` there is a photo being written (one a power "
     "cut left is deleted at the next start)."),
    ("`secret_key`", "The key that signs the phones' session cookie (random, made at the first "
     "run, readable by its owner only), so a PIN entry outlasts a restart. Deleted or changed, "
     "every phone is locked. Damaged (shorter than a key) or unreadable, a new key is made in "
     "its place at the next start, and the log says so. A `secret_key.tmp` is the key being "
     "written."),
    ("`unlocked_sessions.json`", "The phones unlocked with the table PIN: a digest of each one's "
     "session id (never the id) and when it expires (31 days after the PIN), so a restart neither "
     "locks an unlocked phone nor unlocks one locked with Lock. Damaged or lost, every phone is "
     "locked, never unlocked."),
    ("`virtual-hands.json`", "Only on the virtual table (no camera: the sample frames): which "
     "roll each liar's dice round's hands landed as, so a power cut does not re-roll the hands "
     "sealed under the cups (the dice on a real tray stay where they lie). Readable by its owner "
     "only, never served. Deleted, a restart rolls the round in play anew. A "
     "`virtual-hands.json.tmp` is it being written."),
    ("`dicetable.lock`", "Holds the process id of the `dicetable run` using the directory, locked "
     "while it runs: a second table on the same directory is refused."),
)


def markdown() -> str:
    """docs/configuration.md, generated from the schema."""
    lines = ["# Configuration", "",
             "`dicetable run` reads a TOML file: `--config FILE`, else `$DICETABLE_CONFIG`, else",
             "`~/.config/dicetable/config.toml` if it exists. Every key is optional; command-line flags",
             "(`--port`, `--host`, `--data`, `--camera`, `--pin`) override the file. An unknown key, a",
             "wrong type or a bad value stops `dicetable` with one line naming the key, e.g.",
             "`dicetable: config.toml: [pins] declare: must be a whole number (got \"x\")` (exit status 2).",
             "`dicetable config` prints the effective settings as TOML. `[vision]` is written by",
             "`dicetable calibrate`, which keeps the rest of the file as it is.",
             "",
             "This page is generated from `device/settings.py` (`python3 -m device.settings > "
             "docs/configuration.md`).", ""]
    current = None
    for item in describe():
        if item["section"] != current:
            current = item["section"]
            lines += ["", f"## [{current}]", "", item["section_doc"], "",
                      "| key | default | what it is |", "| --- | --- | --- |"]
        default = "(not set)" if item["default"] is None else f"`{_toml_value(item['default'])}`"
        lines.append(f"| `{item['key']}` | {default} | {item['doc']} |")
    lines += ["", "## The data directory", "",
              "`[data] dir` (`--data`; on the Raspberry Pi `/var/lib/dicetable`, set in",
              "`systemd/dicetable.service`) holds everything the table keeps. The settings are not",
              "there: they are in the config file above.", "",
              "| file | what it is |", "| --- | --- |"]
    lines += [f"| {name} | {what} |" for name, what in DATA_FILES]
    lines += ["", "## Example", "", "```toml", dump(Settings(), with_docs=False).rstrip(), "```", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(), end="")
