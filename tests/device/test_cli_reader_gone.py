"""A command whose output's reader stops reading (`dicetable export 3 | dicetable replay - | head`).

Found replaying the records of the games played from the phone: `dicetable replay REC | head -c
300` printed the standings cut short and then a Python traceback ending in "BrokenPipeError:
[Errno 32] Broken pipe". The reader gone, the command stops quietly, as `cat` does, with the
status a shell gives a command stopped so (128 + SIGPIPE).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_replay_into_a_closed_pipe_says_nothing(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    record.write_text(json.dumps({"game": "mia", "players": ["Ann", "Bob"]}) + "\n", encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "device.cli", "replay", str(record)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()            # the reader is gone before the standings are written
    error = child.stderr.read().decode()
    code = child.wait(timeout=120)
    assert "Traceback" not in error and error == "", error
    assert code == 141
