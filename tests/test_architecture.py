"""The pure core stays pure: nothing outside nonostudio/gui/ imports Qt (STYLE.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "nonostudio"
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "qtpy")


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def test_no_qt_import_outside_gui():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "gui":
            continue
        for lineno, name in _imports(path):
            if name.split(".")[0] in QT_MODULES:
                offenders.append(f"{rel}:{lineno} imports {name}")
    assert not offenders, "Qt imported outside nonostudio/gui/:\n" + "\n".join(offenders)


def test_the_checker_sees_gui_imports():
    # Guard against a checker that silently finds nothing.
    gui_qt = [n for p in (PACKAGE / "gui").rglob("*.py") for _, n in _imports(p) if n.startswith("PySide6")]
    assert gui_qt


def test_core_packages_import_without_qt():
    code = (
        "import sys, importlib, pkgutil, nonostudio\n"
        "for m in pkgutil.walk_packages(nonostudio.__path__, 'nonostudio.'):\n"
        "    if not m.name.startswith('nonostudio.gui') and not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
