"""scripts/bootstrap installs into .venv once, and again only when pyproject.toml changes: a
restart of ./scripts/run does not run pip (nor print its page of output) every time."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _fake_repo(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the bootstrap script beside a pyproject.toml, with a .venv whose python only
    writes down how it was called (no network, no install)."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "bootstrap", tmp_path / "scripts" / "bootstrap")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    calls = tmp_path / "calls.log"
    python = bin_dir / "python"
    python.write_text(f'#!/usr/bin/env bash\necho "$*" >> "{calls}"\n', encoding="utf-8")
    dicetable = bin_dir / "dicetable"
    dicetable.write_text("#!/usr/bin/env bash\n", encoding="utf-8")
    for script in (python, dicetable, tmp_path / "scripts" / "bootstrap"):
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return tmp_path, calls


def _bootstrap(repo: Path, *extras: str) -> None:
    # A dpkg that says every Debian package is there (and a chromium): nothing is apt-get
    # installed here.
    fake_bin = repo / "fake-bin"
    fake_bin.mkdir(exist_ok=True)
    for name in ("dpkg", "chromium"):
        tool = fake_bin / name
        tool.write_text("#!/usr/bin/env bash\nexit 0\n", encoding="utf-8")
        tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    env = {**os.environ, "PATH": f"{fake_bin}:{os.environ.get('PATH', '/usr/bin:/bin')}"}
    subprocess.run(["bash", str(repo / "scripts" / "bootstrap"), *extras], check=True, env=env,
                   capture_output=True, timeout=60)


def test_pip_runs_once_then_only_when_pyproject_changes(tmp_path: Path) -> None:
    repo, calls = _fake_repo(tmp_path)
    _bootstrap(repo)
    first = calls.read_text(encoding="utf-8").splitlines()
    assert any("install -q -e ." in line for line in first), first
    _bootstrap(repo)
    assert calls.read_text(encoding="utf-8").splitlines() == first, "pip ran again with nothing changed"
    _bootstrap(repo, "dev")                          # other extras: installed once too
    with_dev = calls.read_text(encoding="utf-8").splitlines()
    assert any("install -q -e .[dev]" in line for line in with_dev[len(first):])
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "2"\n', encoding="utf-8")
    _bootstrap(repo)
    assert len(calls.read_text(encoding="utf-8").splitlines()) > len(with_dev), "a changed pyproject reinstalls"
