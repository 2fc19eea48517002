"""Start-up of ``nonostudio-cli check``: the subcommand imports only what it uses.

``check`` on a small ``.non`` puzzle, with or without a goal picture, must import only the
modules that read that one format and solve it: no other format reader, no worker-pool machinery,
not numpy (a small goal picture is checked as text, a verdict is read without building a grid),
nor the learning, rules, analysis or GUI layers, z3 or python-sat.  ``python -X importtime`` then
says what nonostudio's own imports cost, which must stay well below what numpy's import alone
costs (the figures behind it: docs/design/cli.md, "Start-up").
"""

from __future__ import annotations

import json
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
# What ``check`` on one ``.non`` file needs: the command line, the .non reader and the solver's
# line logic and search (the SAT stage is imported when it runs).
CHECK_NEEDS = {
    "nonostudio",
    "nonostudio.console",
    "nonostudio.cli",
    "nonostudio.cli.app",
    "nonostudio.cli.common",
    "nonostudio.cli.check",
    "nonostudio.cli.batch",
    "nonostudio.core",
    "nonostudio.core.atomic",
    "nonostudio.core.errors",
    "nonostudio.core.line",
    "nonostudio.core.lookalike",  # (a table: the readers name a letter typed for a digit)
    "nonostudio.core.puzzle",
    "nonostudio.core.formats",
    "nonostudio.core.formats._common",
    "nonostudio.core.formats._files",
    "nonostudio.core.formats._registry",
    "nonostudio.core.formats.detect",
    "nonostudio.core.formats.non",
    "nonostudio.core.solver",
    "nonostudio.core.gridstate",
    "nonostudio.core.linesolver",
    "nonostudio.core.progress",
    "nonostudio.core.search",
}
# Standard-library packages only the worker pool (several files with --jobs), other formats or
# other subcommands use.
CHECK_AVOIDS = (
    "numpy",
    "multiprocessing",
    "concurrent",
    "socket",
    "xml",
    "zipfile",
    "lzma",
    *LAZY,
)
# Runs ``nonostudio-cli ARGS`` in this process, as the console script does, then prints the
# modules it loaded (those the interpreter's start-up loaded left out) as one JSON line on stderr.
_MODULES_AFTER = """
import sys
before = set(sys.modules)
sys.argv = ["nonostudio-cli", *sys.argv[1:]]
from nonostudio.console import cli
code = cli()
import json
print(json.dumps({"code": code, "modules": sorted(set(sys.modules) - before)}), file=sys.stderr)
"""


def _env() -> dict[str, str]:
    return os.environ | {
        "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
    }


def _modules_after(*args: str) -> set[str]:
    """The modules ``nonostudio-cli ARGS`` loads, run in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _MODULES_AFTER, *args],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["code"] == 0, done.stderr[-2000:]
    return set(report["modules"])


def _importtime(*args: str, module: bool = True) -> dict[str, int]:
    """Module name -> cumulative import time in µs, from a fresh ``python -X importtime`` of
    ``-m nonostudio ARGS`` (or of ``-c ARGS`` without ``module``); the key
    "nonostudio (top level)" sums the package's top-level imports (a module loaded through
    importlib.import_module, as the subcommand's and the format reader's are, is not listed
    itself, only what it imports)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *(("-m", "nonostudio") if module else ("-c",)), *args],
        cwd=REPO,
        env=_env(),
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
def dancer() -> Path:
    """Dancer (the bundled sample): 5x10, a goal picture, line-solvable."""
    return REPO / "resources" / "samples" / "webpbn-00001-dancer.non"


@pytest.fixture(scope="module")
def dancer_without_goal(dancer: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = "".join(
        line for line in dancer.read_text().splitlines(True) if not line.startswith("goal")
    )
    assert text != dancer.read_text()
    target = tmp_path_factory.mktemp("startup") / "dancer.non"
    target.write_text(text)
    return target


@pytest.fixture(scope="module")
def check_imports(dancer: Path) -> dict[str, int]:
    return _importtime("check", str(dancer))


def _outside(loaded: set[str]) -> tuple[list[str], list[str]]:
    """nonostudio modules loaded beyond CHECK_NEEDS, and packages of CHECK_AVOIDS loaded."""
    extra = sorted(m for m in loaded if m.startswith("nonostudio") and m not in CHECK_NEEDS)
    avoided = sorted(m for m in loaded if m.split(".")[0] in CHECK_AVOIDS or m.startswith(LAZY))
    return extra, avoided


def test_check_without_a_goal_loads_only_what_it_needs(dancer_without_goal):
    loaded = _modules_after("check", str(dancer_without_goal))
    assert "nonostudio.core.solver" in loaded and "nonostudio.core.formats.non" in loaded
    assert _outside(loaded) == ([], [])


def test_check_with_a_small_goal_loads_no_more(dancer):
    loaded = _modules_after("check", str(dancer))
    assert _outside(loaded) == ([], [])


def test_the_module_lists_can_fail(dancer, tmp_path):
    # Converting to XML reads the goal and writes with the XML module: both lists catch that.
    loaded = _modules_after("convert", str(dancer), str(tmp_path / "dancer.xml"))
    extra, avoided = _outside(loaded)
    assert "nonostudio.core.formats.pbn_xml" in extra and "numpy" in avoided and "xml" in avoided


def test_check_loads_no_layer_it_does_not_use(check_imports):
    assert "nonostudio.cli" in check_imports and "nonostudio.core.solver" in check_imports
    loaded = sorted(name for name in check_imports if name.startswith(LAZY))
    assert loaded == []


def test_check_imports_cost_less_than_numpy_alone(dancer):
    # Best of three of each, interleaved.  Measured (2 cores under a load of 6-7): nonostudio's
    # own imports for ``check`` 37-60 ms, 0.25-1.2x numpy's import alone (47-210 ms, by far the
    # more sensitive to load); with numpy loaded among them they were 2.5-2.9x.
    own, numpy = [], []
    for _ in range(3):
        own.append(_importtime("check", str(dancer))["nonostudio (top level)"])
        numpy.append(_importtime("import numpy", module=False)["numpy"])
    assert min(own) < 1.5 * min(numpy), f"nonostudio {own} µs vs numpy {numpy} µs"


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
