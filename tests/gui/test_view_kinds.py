"""The panels and views shared by black and white and colour (the designer panel, the grading
panel, the Solve view's trace) take what differs between them as a kind object when made: a
kind that is missing, or misses a behaviour, is refused when the widget is made (and by mypy),
not met later as a half-made widget."""

from __future__ import annotations

import dataclasses
import inspect
import re
import textwrap
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from nonostudio.gui.editor.designer_checks import DesignerPanelBase, DesignKind
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.panels.grading import GradeKind, GradingPanel
from nonostudio.gui.solve.trace_view import SolveKind, TraceView

REPO = Path(__file__).resolve().parents[2]


class _NoApply:
    """A designer kind without ``apply``: it cannot make an edit."""

    check_tip = "tip"

    def checks(self) -> str:
        return "Nothing to check."

    def shown(self, findings: object) -> object:
        return findings


def test_a_designer_panel_refuses_a_kind_that_misses_a_behaviour(qtbot: QtBot) -> None:
    grid = GridView()
    qtbot.addWidget(grid)
    assert not isinstance(_NoApply(), DesignKind)
    with pytest.raises(TypeError, match=r"needs a DesignKind .*apply.*not _NoApply"):
        DesignerPanelBase(grid, _NoApply())  # type: ignore[arg-type]


def test_a_grading_panel_and_a_solve_view_refuse_to_be_made_without_their_kind() -> None:
    with pytest.raises(TypeError, match="kind"):
        GradingPanel(None, delay_ms=1, time_limit=1.0)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="needs a GradeKind, not dict"):
        GradingPanel(None, kind={}, delay_ms=1, time_limit=1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="kind"):
        TraceView(None)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="needs a SolveKind, not GradeKind"):
        TraceView(None, kind=GradeKind(job=lambda: None, show=print, timed_out=bool))  # type: ignore[arg-type]


def test_a_kind_cannot_be_made_without_every_behaviour() -> None:
    with pytest.raises(TypeError, match="show"):
        GradeKind(job=lambda: None)  # type: ignore[call-arg]
    for missing in dataclasses.fields(SolveKind):
        others = {f.name: print for f in dataclasses.fields(SolveKind) if f is not missing}
        with pytest.raises(TypeError, match=missing.name):
            SolveKind(**others)


def test_a_grading_panel_runs_its_kinds_job_and_shows_only_its_result(qtbot: QtBot) -> None:
    """The base starts the kind's job after the pause and hands the kind the result."""
    shown: list[object] = []
    panel = GradingPanel(
        None,
        kind=GradeKind(job=lambda: lambda _progress, _stop: 42, show=shown.append, timed_out=bool),
        delay_ms=1,
        time_limit=1.0,
    )
    qtbot.addWidget(panel)
    panel._timer.start()
    qtbot.waitUntil(lambda: shown == [42] and not panel.is_busy())
    nothing = GradingPanel(
        None,
        kind=GradeKind(job=lambda: None, show=shown.append, timed_out=bool),
        delay_ms=1,
        time_limit=1.0,
    )
    qtbot.addWidget(nothing)
    nothing._timer.start()
    qtbot.waitUntil(lambda: not nothing._timer.isActive())
    assert not nothing.is_busy() and shown == [42]


@pytest.mark.slow
def test_mypy_finds_a_missing_behaviour(tmp_path: Path) -> None:
    """The kinds are typed: a kind missing a behaviour is a type error, found before running."""
    api = pytest.importorskip("mypy.api", reason="mypy (the dev extra) is not installed")
    snippet = tmp_path / "kinds_snippet.py"
    no_apply = inspect.getsource(_NoApply)  # the class the test above makes a panel with
    snippet.write_text(
        textwrap.dedent(
            """\
            from PySide6.QtGui import QUndoStack

            from nonostudio.gui.editor.designer_checks import DesignerPanelBase
            from nonostudio.gui.grid.view import GridView
            from nonostudio.gui.panels.grading import GradeKind
            from nonostudio.gui.solve.trace_view import SolveKind

            """
        )
        + f"\n{no_apply}\n"
        + textwrap.dedent(
            """\
            DesignerPanelBase(GridView(), _NoApply())
            GradeKind(job=lambda: None, timed_out=bool)
            SolveKind(
                start_trace=print,
                show=print,
                update_actions=print,
                drop_hint=print,
                player_stack=QUndoStack,
                solvable_by_hand=bool,
                set_grid_editable=print,
                cancel=print,
                forget_trace=print,
                start_soon=print,
            )
            """
        )
    )
    out, err, status = api.run(["--config-file", str(REPO / "pyproject.toml"), str(snippet)])
    assert status == 1, out + err
    lines = snippet.read_text().splitlines()
    panel, grade, solve = (
        next(n for n, line in enumerate(lines, 1) if line.startswith(call))
        for call in ("DesignerPanelBase(", "GradeKind(", "SolveKind(")
    )
    errors: dict[int, str] = {}
    for m in re.finditer(r"kinds_snippet\.py:(\d+): error: (.*)", out):
        errors[int(m[1])] = errors.get(int(m[1]), "") + m[2]
    assert 'expected "DesignKind"' in errors.get(panel, ""), out
    assert 'argument "show" in call to "GradeKind"' in errors.get(grade, ""), out
    assert 'argument "solved_words" in call to "SolveKind"' in errors.get(solve, ""), out
    assert sorted(errors) == [panel, grade, solve], out  # the snippet is otherwise well typed
    assert "apply" in out  # mypy names the missing member
