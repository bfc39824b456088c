"""The ``dicetable`` command: run, read, calibrate, replay, export, config."""

from __future__ import annotations

import argparse
import json
import logging
import os
import secrets
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.errors import json_text

log = logging.getLogger("dicetable")


def _cmd_replay(args: argparse.Namespace) -> int:
    import io

    from engine.errors import LineError
    from engine.record import replay

    stdin = args.file == "-"            # `dicetable export 3 | dicetable replay -`
    name = "standard input" if stdin else args.file

    class NotText(Exception):
        """Line ``args[0]`` holds bytes that are not UTF-8, or a NUL."""

    def lines(fh: Any) -> Any:
        for n, line in enumerate(fh, start=1):
            try:
                line.encode("utf-8")        # the bytes surrogateescape kept undecoded fail here
            except UnicodeEncodeError:
                raise NotText(n) from None
            if "\0" in line:               # no JSON holds one; an SQLite file's first line does
                raise NotText(n)
            # Without its line break: a line cut short is told where it breaks off, not
            # "column 1" of the break the parser ran into.
            yield line.rstrip("\r\n")

    try:
        # A BOM (Windows Notepad) is no error; bytes not UTF-8 are told by their line.
        fh = (io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", errors="surrogateescape")
              if stdin else open(args.file, encoding="utf-8-sig", errors="surrogateescape"))
        try:
            session = replay(lines(fh))
        finally:
            fh.detach() if stdin else fh.close()        # standard input is left open
    except OSError as exc:
        print(f"dicetable replay: cannot read {name}: {exc.strerror}", file=sys.stderr)
        return 2
    except NotText as exc:
        if exc.args[0] == 1:        # a picture, a database: no record at all
            print(f"dicetable replay: {name} is not a text file", file=sys.stderr)
            return 2
        print(f"{name}: line {exc.args[0]}: holds bytes that are not text (a damaged line?)", file=sys.stderr)
        return 1
    except LineError as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(session.game.standings()))
    return 0


# -- settings from the config file and the flags ----------------------------------------------

# Exit status of `dicetable run` for a set-up a restart cannot fix (the dice reader's face model
# missing or broken, a part of the install missing, a data file it cannot write, a database that
# is damaged or not dicetable's, a file where the data directory goes, a port below
# 1024 without root's privileges): sysexits' EX_CONFIG, which the systemd unit
# lists in RestartPreventExitStatus so it stops instead of restarting forever. A bad config file
# or flag exits 2 (listed there too); a crash exits 1 and is restarted.
EX_CONFIG = 78


class UserError(Exception):
    """A problem the user can fix; printed as one line, exit status ``code``."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _port_number(text: str) -> int:
    """--port: a TCP port, refused by argparse (usage and one line, exit 2) when it is not one."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{json_text(text)} is not a port number (1 to 65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (1 to 65535)")
    return port


def _add_config_flags(p: argparse.ArgumentParser, *, run_flags: bool) -> None:
    p.add_argument("--config", metavar="FILE",
                   help="the TOML config file (default: $DICETABLE_CONFIG, else "
                        "~/.config/dicetable/config.toml if it exists)")
    p.add_argument("--data", metavar="DIR", help="directory of the game database and photos "
                                                 "(default: [data] dir, else ~/.local/share/dicetable)")
    if run_flags:
        p.add_argument("--port", type=_port_number,
                       help="TCP port (default: [server] port, else 8000)")
        p.add_argument("--host", help="address to listen on (default: [server] host, else 0.0.0.0)")
        p.add_argument("--camera", metavar="SOURCE",
                       help="auto | none | picamera2 | opencv:N | replay:PATH "
                            "(default: [camera] source, else auto)")
        p.add_argument("--pin", help="the table PIN for changing anything from a page or the API "
                                     "(default: [table] pin, else 0000)")


def _config_path(args: argparse.Namespace) -> Path | None:
    from device.settings import default_config_path

    if getattr(args, "config", None):
        return Path(args.config).expanduser()
    return default_config_path()


def _settings(args: argparse.Namespace, *, missing_ok: bool = False) -> Any:
    """The settings; ``missing_ok``: a config file not there yet gives the defaults (calibrate,
    which makes the file)."""
    from device.settings import SettingsError, load

    path = _config_path(args)
    if missing_ok and path is not None and not path.exists():
        path = None
    flags = {"server.port": "port", "server.host": "host", "data.dir": "data",
             "camera.source": "camera", "table.pin": "pin"}
    overrides = {key: getattr(args, flag, None) for key, flag in flags.items()}
    try:
        return load(path, overrides)
    except SettingsError as exc:
        message = str(exc)
        for key, flag in flags.items():     # a flag is named as it was typed, and what it sets
            section, _, name = key.partition(".")
            message = message.replace(f"command line: [{section}] {name}:",
                                      f"--{flag} ([{section}] {name}):", 1)
        raise UserError(message, code=2) from None


def _open_table(settings: Any, events: Any = None, *, has_camera: bool | None = None,
                resume: bool = True) -> Any:
    from device.events import EventBus
    from device.store import Store, StoreError
    from device.table import Table

    try:
        store = Store(settings.data.path)
    except StoreError as exc:       # the file itself, not the disk: a restart cannot mend it
        raise UserError(str(exc), code=EX_CONFIG if exc.lasting else 1) from None
    return Table(store, events if events is not None else EventBus(),
                 has_camera=(settings.camera.source != "none") if has_camera is None else has_camera,
                 photo_limit_bytes=settings.data.photo_limit_mb * 1_000_000, resume=resume)


# -- dicetable config / export -----------------------------------------------------------------

def _cmd_config(args: argparse.Namespace) -> int:
    from device.settings import dump

    print(dump(_settings(args)), end="")
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    from web.services import NotFound, Secret

    from device.store import DB_NAME
    from engine.errors import EngineError
    from engine.record import replay

    settings = _settings(args)
    directory = Path(settings.data.path).expanduser()
    if not (directory / DB_NAME).exists():
        # Opening the store would make an empty database there: a mistyped --data leaves no trace.
        raise UserError(f"there are no games in {directory} (no {DB_NAME} there): is --data right?")
    # Not resumed as the wall would resume the newest game: its warnings are not this game's.
    table = _open_table(settings, has_camera=False, resume=False)
    try:
        text = table.record_including_live(args.game) if args.include_live else table.record(args.game)
    except NotFound as exc:
        raise UserError(str(exc)) from None
    except Secret as exc:
        raise UserError(f"{exc}; at the device, --include-live exports it anyway "
                        "(with the dice still under the cup)") from None
    finally:
        table.store.close()
    try:
        replay(text.split("\n"))      # the lines as written: `dicetable replay` reads the same
    except EngineError as exc:      # exported all the same, as stored: nothing whole is lost
        print(f"dicetable export: game {args.game} is exported as stored, but it does not replay: {exc}",
              file=sys.stderr)
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UserError(f"cannot write {args.output}: {exc.strerror or exc}") from None
        print(f"game {args.game}: {text.count(chr(10))} lines written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


# -- dicetable calibrate ----------------------------------------------------------------------

def _read_images(pictures: dict[str, str]) -> list[Any]:
    """The pictures given as {flag: path}, decoded; a UserError naming what is wrong with each
    bad one, one line apiece (cv2.imdecode: cv2.imread logs its own warning for a missing file)."""
    import cv2
    import numpy as np

    images, problems = [], []
    for flag, path in pictures.items():
        image, p = None, Path(path)
        if not path.strip():
            problem = "an empty path, not a file"
        elif not p.exists():
            problem = "no such file"
        elif p.is_dir():
            problem = "a directory, not a picture"
        else:
            try:
                data = p.read_bytes()
            except OSError as exc:
                problem = f"cannot read it ({exc.strerror or exc})"
            else:
                image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
                problem = "not a picture" if image is None else ""
        if problem:
            problems.append(f"cannot read the image {json_text(path)} ({flag}): {problem}")
        images.append(image)
    if problems:
        raise UserError("\n".join(problems))
    return images


def _grab_frame(camera: Any, prompt: str) -> Any:
    from device.camera import CameraError

    print(prompt, file=sys.stderr, end="", flush=True)
    try:
        input()
    except EOFError:
        raise UserError("calibrate needs Enter pressed at the prompts (or --empty and --dice images)") from None
    try:
        return camera.read()
    except CameraError as exc:
        raise UserError(f"the camera gave no picture: {exc}") from None


def _cmd_calibrate(args: argparse.Namespace) -> int:
    import dataclasses

    from device.settings import DEFAULT_CONFIG, SettingsError, VisionSettings, key_of, write_vision

    settings = _settings(args, missing_ok=True)
    try:
        from vision.calibrate import calibrate
    except ImportError as exc:
        raise UserError(f"the calibration module is not available: {exc}") from None
    if (args.empty is None) != (args.dice is None):
        raise UserError("give both --empty and --dice images, or neither (to use the camera)", code=2)
    if args.empty is not None:
        empty, dice = _read_images({"--empty": args.empty, "--dice": args.dice})
    else:
        from device import camera as cameras
        from device.camera import CameraError

        source = args.camera or settings.camera.source
        if source == "none":
            raise UserError("calibrate needs a camera (or --empty and --dice images)", code=2)
        try:
            camera = cameras.open_camera(source, width=settings.camera.width,
                                         height=settings.camera.height, fps=settings.camera.fps,
                                         timeout=settings.camera.open_timeout)
        except CameraError as exc:
            raise UserError(f"cannot open the camera: {exc}") from None
        if (isinstance(camera, cameras.ReplayCamera)
                and camera.path.resolve() == cameras.SAMPLE_FRAMES.resolve()):
            # "auto" found no camera and fell back on the frames shipped for trying dicetable out:
            # a calibration measured on them would be written into the owner's config.
            camera.close()
            raise UserError("no camera found (see the log line above): calibrate needs the "
                            "table's camera, or --empty and --dice images")
        try:
            empty = _grab_frame(camera, "Clear the tray, then press Enter: ")
            dice = _grab_frame(camera, "Put the dice on the tray, apart, then press Enter: ")
        finally:
            camera.close()
    view = args.view or settings.camera.view
    try:
        result = calibrate(empty, dice, view)
    except ValueError as exc:    # the calibration cannot be made from these pictures
        raise UserError(f"calibration failed: {exc}") from None
    values = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    known = {key_of(f) for f in dataclasses.fields(VisionSettings)}
    left_out = sorted(set(values) - known)
    if left_out:    # [vision] stores what the reader is given back at start-up
        print(f"dicetable calibrate: not stored (not [vision] settings): {', '.join(left_out)}",
              file=sys.stderr)
    values = {k: v for k, v in values.items() if k in known}
    target = _config_path(args) or Path(DEFAULT_CONFIG).expanduser()
    try:
        write_vision(target, values)
    except SettingsError as exc:
        raise UserError(str(exc)) from None
    print(f"calibration written to [vision] in {target}: "
          + ", ".join(f"{k} = {v}" for k, v in values.items() if v is not None))
    return 0


# -- dicetable read ---------------------------------------------------------------------------

def _cmd_read(args: argparse.Namespace) -> int:
    """vision.cli's read, once sure no annotated copy (DIR/<name>.jpg) would be written over one
    of the pictures read, or over another picture's annotated copy."""
    from vision.cli import run_read

    if args.annotate:
        named: dict[Path, str] = {}
        for image in args.images:
            target = Path(args.annotate) / (Path(image).stem + ".jpg")
            try:
                itself = target.exists() and target.samefile(image)
            except OSError:
                itself = False
            if itself:
                raise UserError(f"--annotate would write {target} over the picture {image} itself: "
                                "give --annotate another directory", code=2)
            key = Path(os.path.normcase(os.path.abspath(target)))
            if key in named and not (Path(named[key]).exists() and Path(named[key]).samefile(image)):
                raise UserError(f"--annotate would write both {named[key]} and {image} as {target}: "
                                "read them with separate --annotate directories", code=2)
            named[key] = image
    return run_read(args)


# -- dicetable run ----------------------------------------------------------------------------

SECRET_KEY_NAME = "secret_key"
SECRET_KEY_BYTES = 32


def _secret_key(data_dir: Path) -> bytes:
    """A session-cookie key kept beside the database, so PIN logins survive a restart.

    Made at the first start and written whole or not at all (``web.durable.write_durably``, as
    web.sessions saves its file): a write cut short never leaves a short key. A key file that
    is there but cannot be used (shorter than a key, or unreadable) is replaced by a new key,
    and the log says so: the phones unlocked with the old one must enter the PIN again."""
    path = data_dir / SECRET_KEY_NAME
    damage = None
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        pass                        # the first start
    except OSError as exc:
        damage = f"cannot be read ({exc.strerror or exc})"
    else:
        if len(key) >= SECRET_KEY_BYTES:
            return key
        damage = f"is damaged ({len(key)} bytes, a key is {SECRET_KEY_BYTES})"
    if damage is not None:
        log.warning("the session key %s %s: a new key is made in its place, and every phone must "
                    "enter the PIN again", path, damage)
    from web.durable import write_durably

    key = secrets.token_bytes(SECRET_KEY_BYTES)
    try:
        # Readable by its owner only. A directory that cannot be synced is let pass: at worst a
        # power cut loses a new key, and the phones enter the PIN again.
        write_durably(path, key, mode=0o600, strict_dir_sync=False)
    except OSError as exc:
        log.warning("session key not saved to %s (%s): the file is left as it was; PIN logins "
                    "end at restart", path, exc.strerror or exc)
    return key


LOCK_NAME = "dicetable.lock"
SESSIONS_NAME = "unlocked_sessions.json"   # web.sessions: the phones unlocked with the PIN


def _lock_data_dir(data_dir: Path) -> int:
    """Hold an exclusive lock on the data directory for as long as this process runs (the kernel
    drops it when the process ends, even on SIGKILL or a power cut). Two tables on one database
    would each append to the game from their own copy of it and fork it past resuming."""
    import fcntl

    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(data_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except FileExistsError as exc:      # a file where a directory goes ("File exists")
        raise UserError(f"cannot use the data directory {data_dir}: {exc.filename} is a file, "
                        "not a directory: move it away", code=EX_CONFIG) from None
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename and Path(exc.filename) != data_dir else ""
        raise UserError(f"cannot use the data directory {data_dir}: {where}"
                        f"{exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        os.close(fd)
        raise UserError(f"another dicetable is already running on {data_dir}"
                        f"{f' (pid {holder})' if holder.isdigit() else ''}: stop it first "
                        "(on the Pi: sudo systemctl stop dicetable), or give this one another "
                        "--data directory") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _check_writable(data_dir: Path) -> None:
    """A UserError (EX_CONFIG: a restart cannot mend it) naming the first file of the data
    directory this user cannot write. SQLite opens a database it cannot write read-only: the
    table would run, the watchdog be fed, and every game be refused "the table could not save"
    (a database restored with `sudo cp`, owned by root)."""
    import pwd

    from device.store import DB_NAME, PHOTO_DIR

    for name in ("", DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm", PHOTO_DIR):
        path = data_dir / name if name else data_dir
        if path.exists() and not os.access(path, os.W_OK | (os.X_OK if path.is_dir() else 0)):
            uid = path.stat().st_uid
            try:
                owner = pwd.getpwuid(uid).pw_name
            except KeyError:
                owner = f"uid {uid}"
            raise UserError(f"cannot write {path} (owned by {owner}), so no game could be saved: "
                            f"give it to the user dicetable runs as (on the Pi: sudo chown -R "
                            f"dicetable:dicetable {data_dir})", code=EX_CONFIG)


class _ClosedEventStreamFilter(logging.Filter):
    """Turns waitress's "Client disconnected while serving /api/events" into a DEBUG record.

    A scoreboard or phone page that closes (or reloads) ends its event stream: a normal event,
    yet waitress logs it at INFO, and a bar owner reading the journal takes it for a fault.
    Nothing on our side can avoid the line: however the stream ends once the client has gone,
    waitress then writes the chunked body's last chunk, gets ClientDisconnected, and logs it
    (waitress/channel.py, HTTPChannel.service). Only that exact message on that one path is
    touched: other paths, and real errors (logged as "Exception while serving ..."), are kept.
    """

    MESSAGE = "Client disconnected while serving /api/events"

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and record.getMessage() == self.MESSAGE:
            record.levelno, record.levelname = logging.DEBUG, logging.getLevelName(logging.DEBUG)
            # Handlers (the root's) do not look at the logger's level: drop it unless DEBUG is on.
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


_CLOSED_EVENT_STREAMS = _ClosedEventStreamFilter()


def _create_server(app: Any, host: str, port: int) -> Any:
    """The waitress server for ``app`` on ``host:port`` (bound now: OSError if it cannot be)."""
    import waitress

    # Once per process: addFilter ignores a filter already there.
    logging.getLogger("waitress").addFilter(_CLOSED_EVENT_STREAMS)
    return waitress.create_server(app, host=host, port=port, threads=48, ident="dicetable",
                                  # sets waitress.client_disconnected: a closed page's event
                                  # stream sees it has gone at its next wake-up
                                  channel_request_lookahead=1)


class _Stop(KeyboardInterrupt):
    """Raised in the main thread by SIGTERM/SIGINT to end the server loop. A KeyboardInterrupt, so
    that waitress's loop lets it through its handlers and shuts its worker threads down."""


def _start_watchdog(table: Any, runtime: Any, stop: threading.Event) -> Any:
    """sd_notify READY=1, and WATCHDOG=1 pings while the table answers (systemd Type=notify)."""
    if not os.environ.get("NOTIFY_SOCKET"):
        return None
    import sdnotify

    notifier = sdnotify.SystemdNotifier()
    notifier.notify("READY=1")
    try:
        interval = int(os.environ.get("WATCHDOG_USEC", "0")) / 1_000_000 / 2
    except ValueError:
        interval = 0
    if interval <= 0:
        return notifier

    def ping() -> None:
        while not stop.wait(interval):
            healthy = table.responsive(timeout=interval / 2)
            check = getattr(runtime, "healthy", None)
            if healthy and callable(check):
                healthy = bool(check())
            if healthy:
                notifier.notify("WATCHDOG=1")
            else:
                log.error("the table is not answering: no watchdog ping")

    threading.Thread(target=ping, name="watchdog", daemon=True).start()
    return notifier


class _LateApp:
    """The WSGI app the server is made with before the real one exists. The port is taken first,
    so that a busy port refuses the run before the data directory is made or locked; the real
    app is set before ``server.run()``, and no request is served before that."""

    def __init__(self) -> None:
        self.app: Any = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        return self.app(environ, start_response)


def _listen(settings: Any, app: Any) -> Any:
    """The server, bound to ``[server] host:port`` now; a port it cannot have is a UserError."""
    import errno

    host, port = settings.server.host, settings.server.port
    try:
        return _create_server(app, host, port)
    except OSError as exc:
        code = 1
        if exc.errno == errno.EADDRINUSE:
            reason = (f"port {port} is busy (another program, perhaps another dicetable, is "
                      "listening on it): stop that program, or give this one another --port")
        elif exc.errno == errno.EACCES and port < 1024:     # a restart cannot mend it
            reason, code = (f"{exc.strerror}: a port below 1024 needs root's privileges, which "
                            "dicetable does not have: give it one from 1024 up ([server] port, "
                            "8000 by default)"), EX_CONFIG
        else:
            reason = exc.strerror or str(exc)
        raise UserError(f"cannot listen on {host}:{port}: {reason}", code=code) from None
    except ValueError:  # waitress's answer to a host that getaddrinfo cannot resolve
        raise UserError(f"cannot listen on {host}:{port}: {host} is neither an address nor a name "
                        "this machine can resolve: give another --host (0.0.0.0 listens on every "
                        "network)") from None


def _default_pin_notice(settings: Any, args: argparse.Namespace) -> str | None:
    """What the owner is told while the table PIN is the public default (a config file emptied or
    never changed): logged at start, and shown on the control page once the PIN is entered."""
    from device.settings import DEFAULT_CONFIG, DEFAULT_PIN

    if settings.table.pin != DEFAULT_PIN:
        return None
    path = _config_path(args) or Path(DEFAULT_CONFIG).expanduser()
    return (f"the table PIN is the default {DEFAULT_PIN}, which anyone can guess: set your own as "
            f"pin = \"...\" under [table] in {path} (or with --pin), then restart dicetable")


def _cmd_run(args: argparse.Namespace) -> int:
    settings = _settings(args)
    app = _LateApp()
    server = _listen(settings, app)         # before anything is made in the data directory
    try:
        lock = _lock_data_dir(settings.data.path)
    except BaseException:
        server.close()
        raise
    try:
        _check_writable(settings.data.path)
    except BaseException:
        server.close()
        os.close(lock)
        raise
    try:
        return _serve(settings, server, app, pin_notice=_default_pin_notice(settings, args))
    finally:
        os.close(lock)


def _serve(settings: Any, server: Any, app: _LateApp, *, pin_notice: str | None = None) -> int:
    """Open the table on ``settings``, start the hardware side, and serve until told to stop.
    ``server`` is bound and not yet running; it is closed whatever happens. ``pin_notice``: logged
    once the table runs, and shown on the control page to whoever enters the PIN."""
    from device.events import EventBus
    from web import create_app, stop_streams
    from web.sessions import UnlockedSessions

    events = EventBus()
    try:
        table = _open_table(settings, events)
    except BaseException:
        server.close()
        raise
    try:
        # The key that signs the cookie and the phones unlocked, beside the database: a restart
        # neither locks an unlocked phone nor unlocks one that was locked.
        app.app = create_app(table, pin=settings.table.pin,
                             secret_key=_secret_key(settings.data.path), pin_notice=pin_notice,
                             sessions=UnlockedSessions(Path(settings.data.path) / SESSIONS_NAME))
        runtime = _start_runtime(settings, table, events)
    except BaseException:
        server.close()
        table.store.close()
        raise
    stop = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        # The open event streams (the wall, the phones) each hold a worker thread until their
        # next heartbeat: waitress's shutdown waited five seconds for them and gave up. They end
        # at once now: told to, and woken.
        stop_streams(app.app)
        events.publish("closing")
        raise _Stop()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    notifier = _start_watchdog(table, runtime, stop)
    if pin_notice:      # once it runs: a set-up error that stops it stays the journal's last line
        log.warning("%s", pin_notice)
    log.info("dicetable serving on http://%s:%d (data in %s, camera %s)", settings.server.host,
             settings.server.port, settings.data.path, settings.camera.source)
    try:
        server.run()
    except _Stop:
        pass
    finally:
        for s in previous:      # a second Ctrl-C or SIGTERM must not cut the clean-up short
            signal.signal(s, signal.SIG_IGN)
        log.info("stopping")
        stop.set()
        if notifier is not None:
            notifier.notify("STOPPING=1")
        try:
            server.close()
        except Exception:   # closing a half-closed server must not hide the real exit
            pass
        if runtime is not None:
            runtime.stop()
        table.store.close()
        for s, h in previous.items():
            signal.signal(s, h)
    return 0


def _start_runtime(settings: Any, table: Any, events: Any) -> Any:
    """The camera, buttons and referee (device.runtime, the hardware side)."""
    import importlib

    try:
        runtime = importlib.import_module("device.runtime")
    except ModuleNotFoundError as exc:
        if exc.name != "device.runtime":
            raise
        log.warning("device.runtime is not installed: serving without camera and buttons")
        return None
    from device.camera import CameraError

    try:
        return runtime.start(settings, table, events)
    except runtime.ReaderUnavailable as exc:    # the face model: one line, before any frame is read
        raise UserError(str(exc), code=EX_CONFIG) from None
    except CameraError as exc:     # exit 1: a cable pushed back in, a restart may well work
        raise UserError(f"cannot start the camera: {exc}") from None
    except ImportError as exc:     # a part of the install is missing (e.g. the dice reader)
        raise UserError(f"cannot start the camera and referee: {exc}; "
                        "run with --camera none to enter the dice by hand", code=EX_CONFIG) from None


# -- the parser -------------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dicetable", description="The dice table's referee and scoreboard: run, read, "
                                      "calibrate, replay, export, config.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("run", help="run the table: camera, buttons, referee and the web app")
    _add_config_flags(p, run_flags=True)
    p.set_defaults(func=_cmd_run)

    p = sub.add_parser("config", help="print the effective settings as TOML")
    _add_config_flags(p, run_flags=True)
    p.set_defaults(func=_cmd_config)

    p = sub.add_parser("export", help="write a game's record (JSON Lines)",
                       description="Write a game's record. A game still being played (or abandoned "
                                   "before its end) may hold dice never shown at the table, so it is "
                                   "refused unless --include-live is given (for the owner at the device).")
    p.add_argument("game", help="the game's id (see the history page or GET /api/games)")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.add_argument("--include-live", action="store_true",
                   help="also export a game still being played or abandoned (shows dice never shown)")
    _add_config_flags(p, run_flags=False)
    p.set_defaults(func=_cmd_export)

    p = sub.add_parser("calibrate", help="measure the tray and the dice size; stored in [vision]")
    p.add_argument("--empty", metavar="IMAGE", help="a picture of the empty tray (else the camera)")
    p.add_argument("--dice", metavar="IMAGE", help="a picture of the tray with the dice on it")
    p.add_argument("--view", choices=("bottom", "top"), help="camera view (default: [camera] view)")
    p.add_argument("--camera", metavar="SOURCE", help="camera source (default: [camera] source)")
    p.add_argument("--config", metavar="FILE",
                   help="the config file to read [camera] from and write [vision] into, made if "
                        "missing (default: $DICETABLE_CONFIG, else ~/.config/dicetable/config.toml)")
    p.set_defaults(func=_cmd_calibrate)

    p = sub.add_parser("read", help="read the dice in image files (one JSON line per image)")
    from vision.cli import add_read_arguments
    add_read_arguments(p)
    p.set_defaults(func=_cmd_read)

    p = sub.add_parser("replay", help="apply a game record and print the standings as JSON")
    p.add_argument("file", help="a game record (JSON Lines); - reads it from standard input")
    p.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        code = args.func(args)
        sys.stdout.flush()          # (a pipe's reader gone is found here, not at exit)
        return code
    except UserError as exc:
        for line in str(exc).splitlines():
            print(f"dicetable: {line}", file=sys.stderr)
        return exc.code
    except BrokenPipeError:
        # The output's reader stopped reading (`dicetable replay REC | head`): stop quietly, as
        # cat does, with a shell's status for that (128 + SIGPIPE), not a traceback. What is
        # left unwritten goes nowhere (else Python's flush at exit fails on the pipe again).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
