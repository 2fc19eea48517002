"""The architecture holds (docs/architecture.md): nothing outside nonostudio/gui/ imports Qt,
the layers core < rules < analysis < learn < (cli | gui) < entry points hold with no
exception, and inside the GUI the screens stay independent of each other (the import-linter
contracts in pyproject.toml, run here and tested against planted violations)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
    gui_qt = [
        n
        for p in (PACKAGE / "gui").rglob("*.py")
        for _, n in _imports(p)
        if n.startswith("PySide6")
    ]
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


REPO = PACKAGE.parent
LINT = (
    "import sys; from importlinter.cli import lint_imports_command; "
    "sys.argv[0] = 'lint-imports'; lint_imports_command()"
)


def _lint_imports(root: Path, config: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports over the ``nonostudio`` package found first on ``root``."""
    return subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", str(config)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=root,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)},
    )


def test_the_layers_contract_holds():
    result = _lint_imports(REPO, REPO / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 3 kept, 0 broken." in result.stdout


def _planted(tmp_path: Path, relative: str, text: str) -> subprocess.CompletedProcess[str]:
    """lint-imports on a copy of the package with ``text`` added to the module ``relative``."""
    shutil.copytree(
        PACKAGE, tmp_path / "nonostudio", ignore=shutil.ignore_patterns("__pycache__", "_resources")
    )
    target = tmp_path / "nonostudio" / relative
    target.write_text(
        (target.read_text(encoding="utf-8") if target.exists() else "") + text, encoding="utf-8"
    )
    return _lint_imports(tmp_path, REPO / "pyproject.toml")


# (module the import is planted in, the planted text, what lint-imports must name)
PLANTED_BREAKS = {
    "a layer importing upwards": (
        "rules/language/tokens.py",
        "\nimport nonostudio.analysis.tracing.trace\n",
        "nonostudio.rules.language.tokens -> nonostudio.analysis.tracing.trace",
    ),
    "the cli importing the gui": (
        "cli/convert.py",
        "\nfrom nonostudio.gui.common import render\n",
        "nonostudio.cli.convert -> nonostudio.gui.common.render",
    ),
    "a module outside every layer": (
        "stray.py",
        "import nonostudio.core.puzzle\n",
        "nonostudio.stray",
    ),
    "one gui screen importing another": (
        "gui/solve/view.py",
        "\nimport nonostudio.gui.rules.browser\n",
        "nonostudio.gui.solve.view -> nonostudio.gui.rules.browser",
    ),
    "a shared gui part importing a screen": (
        "gui/common/theme.py",
        "\nimport nonostudio.gui.window.main_window\n",
        "nonostudio.gui.common.theme -> nonostudio.gui.window.main_window",
    ),
    "qt below the gui": (
        "analysis/explaining/narrate.py",
        "\nimport PySide6.QtCore\n",
        "nonostudio.analysis.explaining.narrate -> PySide6",
    ),
}


@pytest.mark.parametrize("broken", PLANTED_BREAKS)
def test_the_contract_catches(tmp_path, broken: str):
    relative, text, named = PLANTED_BREAKS[broken]
    result = _planted(tmp_path, relative, text)
    assert result.returncode != 0
    assert named in result.stdout


BAD_CALLBACK = """
from nonostudio.core.progress import report_count


def on_progress(done: int) -> None:
    print("progress")


report_count(on_progress, 1, 2, "working")
"""


def test_mypy_catches_a_progress_callback_of_the_wrong_shape(tmp_path):
    """The type check CI runs (``[tool.mypy]``) is strict enough to refuse a progress callback
    that does not take ``(fraction, message)``, and accepts one that does."""
    import importlib.util
    import os

    import pytest

    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CI"):  # CI installs the dev group: missing there is a failure
            pytest.fail("mypy is not installed")
        pytest.skip("mypy is not installed (pip install --group dev)")
    bad = tmp_path / "bad_callback.py"
    bad.write_text(BAD_CALLBACK, encoding="utf-8")
    good = tmp_path / "good_callback.py"
    good.write_text(BAD_CALLBACK.replace("done: int", "fraction: float, message: str"), "utf-8")
    command = [sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml")]
    command += ["--cache-dir", str(tmp_path / "cache")]
    refused = subprocess.run([*command, str(bad)], capture_output=True, text=True, cwd=REPO)
    assert refused.returncode == 1
    assert 'Argument 1 to "report_count" has incompatible type' in refused.stdout
    accepted = subprocess.run([*command, str(good)], capture_output=True, text=True, cwd=REPO)
    assert accepted.returncode == 0, accepted.stdout
