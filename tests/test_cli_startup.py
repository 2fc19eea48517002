"""Start-up of ``nonostudio-cli check``: the subcommand imports only what it uses.

``python -X importtime`` lists every module a process imports with its cumulative time.  ``check``
on a small puzzle must not load the learning, rules, analysis or GUI layers, z3 or python-sat
(the SAT stage imports its backend when it runs), and what nonostudio adds on top of numpy must
cost less than three times numpy itself in the same process (the figures behind it:
docs/design/cli.md, "Start-up").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LAZY = (
    "nonostudio.learn",
    "nonostudio.rules",
    "nonostudio.analysis",
    "nonostudio.gui",
    "z3",
    "pysat",
    "PySide6",
)


def _importtime(*args: str) -> dict[str, int]:
    """Module name -> cumulative import time in µs, from a fresh ``python -X importtime``; the
    key "nonostudio (top level)" sums the package's top-level imports (a module loaded through
    importlib.import_module, as the subcommand's is, is not listed itself, only what it imports)."""
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
    }
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "nonostudio", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    times = {}
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line[len("import time:") :].split("|")
            if cumulative.strip().isdigit():
                times[name.strip()] = int(cumulative)
                if name.startswith(" nonostudio"):  # one space: imported at the top level
                    times["nonostudio (top level)"] = times.get("nonostudio (top level)", 0) + int(
                        cumulative
                    )
    assert times, done.stderr[-2000:]
    return times


@pytest.fixture(scope="module")
def check_imports(anchors: Path) -> dict[str, int]:
    puzzle = anchors / "puzzles" / "picross-solver" / "webpbn" / "webpbn-00001-dancer.non"
    return _importtime("check", str(puzzle))


def test_check_loads_no_layer_it_does_not_use(check_imports):
    assert "nonostudio.cli" in check_imports and "nonostudio.core.solver" in check_imports
    loaded = sorted(name for name in check_imports if name.startswith(LAZY))
    assert loaded == []


def test_check_imports_cost_a_small_multiple_of_numpy(check_imports):
    # Measured: nonostudio's own imports for ``check`` are 0.4-1.6x numpy's (numpy's import is
    # the more sensitive to load and disk cache); with every subcommand's layers, as before, 5x.
    own = check_imports["nonostudio (top level)"] - check_imports["numpy"]
    assert own < 3 * check_imports["numpy"], (
        f"nonostudio {own} µs vs numpy {check_imports['numpy']} µs"
    )


def test_help_still_lists_every_subcommand():
    done = subprocess.run(
        [sys.executable, "-m", "nonostudio", "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    for name in (
        "solve",
        "check",
        "convert",
        "formats",
        "samples",
        "rules",
        "explain",
        "grade",
        "learn",
    ):
        assert f"    {name} " in done.stdout or f"    {name}\n" in done.stdout, name
