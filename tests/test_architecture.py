"""The import rules of docs/architecture.md, checked on the source (every import, also those
inside functions): web gets its services passed in and imports neither device nor vision;
engine is pure rules (nothing of ours, no I/O); vision knows no game and no table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
OURS = {"engine", "vision", "device", "web"}
# Modules that read or write files, sockets or processes: the rules must not need them.
IO_MODULES = {"os", "io", "pathlib", "shutil", "tempfile", "sqlite3", "socket", "subprocess",
              "glob", "fcntl", "logging", "sys"}


def _imports(package: str) -> dict[str, set[str]]:
    """Each top-level module imported by the package's files -> the files importing it."""
    found: dict[str, set[str]] = {}
    for path in sorted((REPO / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue        # relative imports stay inside the package
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(str(path.relative_to(REPO)))
    return found


@pytest.mark.parametrize(("package", "forbidden"), [
    ("web", {"device", "vision"}),
    ("engine", (OURS - {"engine"}) | IO_MODULES),
    ("vision", {"engine", "device", "web"}),
])
def test_a_package_imports_only_what_the_architecture_allows(package: str, forbidden: set[str]) -> None:
    broken = {name: sorted(files) for name, files in _imports(package).items() if name in forbidden}
    assert broken == {}, f"{package} imports what docs/architecture.md forbids: {broken}"


def test_the_check_sees_imports_inside_functions() -> None:
    # device imports web lazily in functions (device.cli); the check must see such imports.
    assert "device/cli.py" in _imports("device")["web"]
