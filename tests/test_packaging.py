"""The editable install scripts/bootstrap makes (pip install -e .) is quiet: a fresh clone's first
./scripts/run printed setuptools' "BuildBackendWarning: Editable installation. ... Please be
careful with folders in your working directory with the same name as your package", because the
packages' place was left unsaid and setuptools installed an import finder of its own (and warned
of it) rather than a plain .pth file."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ["engine", "vision", "device", "web"]


def test_the_packages_are_said_to_lie_at_the_top_of_the_checkout():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["package-dir"] == {"": "."}
    assert all((REPO / name / "__init__.py").is_file() for name in PACKAGES)


def test_the_editable_install_is_a_plain_pth_file_and_says_nothing(tmp_path):
    """The build backend's own editable hook, as pip calls it, on a skeleton of the checkout
    (pyproject.toml, README.md and the packages' __init__.py files): no warning, no finder."""
    pytest.importorskip("setuptools", minversion="77")      # what pyproject.toml builds with
    for name in ["pyproject.toml", "README.md"]:
        shutil.copy(REPO / name, tmp_path / name)
    for name in PACKAGES:
        (tmp_path / name).mkdir()
        shutil.copy(REPO / name / "__init__.py", tmp_path / name / "__init__.py")
    out = tmp_path / "dist"
    done = subprocess.run(
        [sys.executable, "-W", "always", "-c",
         f"from setuptools import build_meta; print(build_meta.build_editable({str(out)!r}))"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Editable installation" not in done.stderr and "BuildBackendWarning" not in done.stderr, done.stderr
    wheel = out / done.stdout.strip().splitlines()[-1]
    names = zipfile.ZipFile(wheel).namelist()
    assert "__editable__.dicetable-0.1.0.pth" in names
    assert not [n for n in names if "finder" in n], names
