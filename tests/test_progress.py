"""The one progress protocol (``nonostudio.core.progress``): its helpers, and a static check that
every ``progress``/``on_progress`` parameter in nonostudio is typed with it, so the shapes
``(int, int)``, ``(str)`` and friends cannot come back unnoticed."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from nonostudio.core.progress import (
    ProgressCallback,
    StopCallback,
    fraction_of,
    report_count,
    sub_range,
)

# One xdist worker runs this module (``--dist loadgroup``): its module fixture is made once, and
# the module is handed out among the first units.
pytestmark = pytest.mark.xdist_group("test_progress")


PACKAGE = Path(__file__).resolve().parent.parent / "nonostudio"
NAMES = {"progress", "on_progress"}
# (file, function) whose progress parameter may keep another shape, and why.  Each entry must
# still exist: one whose parameter was converted or removed fails the test, to be dropped here.
ALLOWED: dict[tuple[str, str], str] = {}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


Parameter = tuple[Path, str, ast.arg]  # the module, the function, the parameter
Assigned = tuple[Path, int, str]  # the module, the line, the name assigned at its top level


def _progress_parameters(tree: ast.Module, path: Path) -> list[Parameter]:
    """Every parameter named ``progress``/``on_progress`` of a ``def`` in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs]:
                if arg.arg in NAMES:
                    found.append((path, node.name, arg))
    return found


def _assigned(tree: ast.Module, path: Path) -> list[Assigned]:
    """Every name ``tree`` assigns at its top level (``x = …`` or ``x: T = …``)."""
    found = []
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        found += [(path, node.lineno, t.id) for t in targets if isinstance(t, ast.Name)]
    return found


@pytest.fixture(scope="module")
def package_scan() -> tuple[list[Parameter], list[Assigned]]:
    """The progress parameters and the top-level assignments of every module of nonostudio,
    each module parsed once for both static checks here (parsing is most of their time)."""
    parameters: list[Parameter] = []
    assigned: list[Assigned] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        parameters += _progress_parameters(tree, path)
        assigned += _assigned(tree, path)
    return parameters, assigned


def _is_protocol(module: object, annotation: ast.expr) -> bool:
    """Whether a name in ``annotation`` is, in ``module``, the protocol's own object (an alias
    such as ``gui.workers.Progress`` counts when it *is* ``ProgressCallback``; a look-alike
    ``Callable[[float, str], None]`` of the module's own does not)."""
    return any(
        isinstance(node, ast.Name) and getattr(module, node.id, None) is ProgressCallback
        for node in ast.walk(annotation)
    )


@pytest.mark.slow
def test_every_progress_parameter_is_a_progress_callback(
    package_scan: tuple[list[Parameter], list[Assigned]],
) -> None:
    params = package_scan[0]
    # The check sees the code base: prover, coverage, optimiser, runner, solver, GUI workers…
    files = {path.relative_to(PACKAGE.parent).as_posix() for path, _, _ in params}
    assert {
        "nonostudio/rules/proving/prover.py",
        "nonostudio/rules/measuring/coverage.py",
        "nonostudio/learn/choosing/optimize.py",
        "nonostudio/learn/choosing/report.py",
        "nonostudio/gui/common/workers.py",
        "nonostudio/analysis/tracing/trace.py",
        "nonostudio/learn/running/runner.py",
        "nonostudio/core/solver.py",
    } <= files
    wrong, allowed_seen = [], set()
    for path, function, arg in params:
        where = (path.relative_to(PACKAGE.parent).as_posix(), function)
        if where in ALLOWED:
            allowed_seen.add(where)
            continue
        text = ast.unparse(arg.annotation) if arg.annotation is not None else "no annotation"
        module = importlib.import_module(_module_name(path))
        if arg.annotation is None or not _is_protocol(module, arg.annotation):
            wrong.append(f"{where[0]}:{arg.lineno} {function}({arg.arg}: {text})")
    assert wrong == [], "progress parameters not typed with core.progress.ProgressCallback"
    assert allowed_seen == set(ALLOWED), "an allowed exception is gone: drop it from ALLOWED"


@pytest.mark.slow
def test_no_module_defines_its_own_progress_or_stop_alias(
    package_scan: tuple[list[Parameter], list[Assigned]],
) -> None:
    """``ProgressCallback``/``StopCallback`` are assigned in core/progress.py only (elsewhere
    they are imported), so a second, drifting definition cannot appear."""
    assigned = package_scan[1]
    # The scan sees top-level assignments, the protocol's own among them.
    assert (PACKAGE / "core" / "progress.py", "ProgressCallback") in {
        (p, n) for p, _, n in assigned
    }
    own = [
        f"{path.relative_to(PACKAGE.parent)}:{lineno} {name}"
        for path, lineno, name in assigned
        if path != PACKAGE / "core" / "progress.py" and name in {"ProgressCallback", "StopCallback"}
    ]
    assert own == []


def test_the_gui_aliases_are_the_protocol() -> None:
    workers = importlib.import_module("nonostudio.gui.common.workers")
    assert workers.Progress is ProgressCallback and workers.ShouldStop is StopCallback


def test_fraction_of_and_report_count() -> None:
    assert fraction_of(3, 4) == 0.75 and fraction_of(0, 0) == 1.0
    assert fraction_of(5, 4) == 1.0 and fraction_of(-1, 4) == 0.0  # clamped, never outside
    seen: list[tuple[float, str]] = []
    report_count(lambda f, m: seen.append((f, m)), 1, 8, "one of eight")
    report_count(None, 1, 8, "nobody listens")  # no callback: nothing happens, no error
    assert seen == [(0.125, "one of eight")]


def test_sub_range_maps_a_stage_into_the_whole() -> None:
    seen: list[tuple[float, str]] = []
    stage = sub_range(lambda f, m: seen.append((f, m)), 0.5, 0.75)
    assert stage is not None
    for fraction in (0.0, 0.5, 1.0, 1.5, -0.5):
        stage(fraction, "stage")
    assert [f for f, _ in seen] == [0.5, 0.625, 0.75, 0.75, 0.5]
    assert all(m == "stage" for _, m in seen)
    assert sub_range(None, 0.0, 1.0) is None


@pytest.mark.parametrize(
    "bad",
    [
        "def f(progress): pass",
        "from collections.abc import Callable\ndef f(progress: Callable[[float, str], None]): pass",
    ],
)
def test_the_static_check_catches_an_untyped_or_look_alike_parameter(bad: str) -> None:
    """The check itself: a parameter without the protocol's type is caught."""
    namespace: dict[str, object] = {}
    exec(compile(bad, "<bad>", "exec"), namespace)  # noqa: S102 - fixed test source
    module = type("Module", (), namespace)
    (function,) = [n for n in ast.parse(bad).body if isinstance(n, ast.FunctionDef)]
    annotation = function.args.args[0].annotation
    assert annotation is None or not _is_protocol(module, annotation)
    good = ast.parse("def f(progress: ProgressCallback | None): pass").body[0]
    protocol_module = type("Module", (), {"ProgressCallback": ProgressCallback})
    assert _is_protocol(protocol_module, good.args.args[0].annotation)


def test_per_percent_tells_each_whole_percent_once() -> None:
    from nonostudio.core.progress import per_percent

    heard: list[float] = []
    report = per_percent(lambda f, _m: heard.append(f))
    for step in range(1001):
        report(step / 1000, f"step {step}")
    assert [int(100 * f) for f in heard] == list(range(101))  # each whole percent, once
    assert heard[0] == 0.0 and heard[-1] == 1.0
