"""The ``dicetable`` command: run, read, calibrate, replay, export, config."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def _cmd_replay(args: argparse.Namespace) -> int:
    from engine.errors import LineError
    from engine.record import replay

    try:
        with open(args.file, encoding="utf-8") as fh:
            session = replay(fh)
    except OSError as exc:
        print(f"dicetable replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"dicetable replay: {args.file} is not a text file", file=sys.stderr)
        return 2
    except LineError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(session.game.standings()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dicetable", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("replay", help="apply a game record and print the standings as JSON")
    p.add_argument("file", help="a game record (JSON Lines)")
    p.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
