"""The reader's modules keep its design: every tunable threshold is defined in vision/thresholds.py
alone, and the stages read it there at call time (``thresholds.NAME``), so that setting the
attribute on that module (a test's monkeypatch, ``benchmarks/vision_sets.py --variant``) reaches
every stage. A ``from .thresholds import NAME`` would copy the value once, at import, and a
change made afterwards would silently miss that module."""

from __future__ import annotations

import ast
from pathlib import Path

VISION = Path(__file__).resolve().parents[2] / "vision"
# vision.reader and the modules it reads with.
READER_MODULES = ("reader", "thresholds", "reasons", "tray_foreground", "outlines", "pip_faces",
                  "leaning_signs", "scan")


def _tree(module: str) -> ast.Module:
    path = VISION / f"{module}.py"
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _upper_names_defined(tree: ast.Module) -> set[str]:
    """The UPPERCASE names a module assigns at its top level."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name) and n.id.isupper()}
    return names


def _thresholds_imported_by_name(tree: ast.Module) -> list[int]:
    """The lines of every ``from .thresholds import ...`` or ``from vision.thresholds import ...``
    (inside functions too)."""
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and (
        (node.level == 1 and node.module == "thresholds") or (node.level == 0 and node.module == "vision.thresholds")
        or (node.level == 2 and node.module == "thresholds"))]


def test_every_threshold_is_defined_in_thresholds_alone() -> None:
    thresholds = _upper_names_defined(_tree("thresholds"))
    assert len(thresholds) > 100, "vision/thresholds.py should hold the reader's thresholds"
    elsewhere = {module: sorted(thresholds & _upper_names_defined(_tree(module)))
                 for module in READER_MODULES if module != "thresholds"}
    assert all(not names for names in elsewhere.values()), f"thresholds defined again: {elsewhere}"


def test_no_vision_module_imports_a_threshold_by_name() -> None:
    found = {}
    for path in sorted(VISION.rglob("*.py")):
        lines = _thresholds_imported_by_name(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if lines:
            found[str(path.relative_to(VISION.parent))] = lines
    assert found == {}, f"read thresholds as thresholds.NAME, not imported by name: {found}"
