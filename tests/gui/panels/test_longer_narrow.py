"""The offer of a longer run never makes a narrow dock's panel wider than the dock: at 1024x600
the Check dock showed "Keep checking, up to 1 mi", the panel grown wider than its scroll area
when the button appeared; its words now go on two lines, broken after the comma."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from pictures import HOUSE
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.analysis.grades.difficulty import grade
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.common.dock_scroll import scrolled
from nonostudio.gui.panels import check, difficulty
from nonostudio.gui.panels.check import CheckPanel
from nonostudio.gui.panels.difficulty import DifficultyPanel


def _check_out_of_time(*args: object) -> SolveResult:
    unknown = np.full((HOUSE.height, HOUSE.width), -1, np.int8)
    return SolveResult(Verdict.UNDECIDED, unknown, seconds=0.5, timed_out=True)


def _grade_out_of_time(puzzle: object, rule_set: object, *rest: object, **kw: object) -> object:
    return grade(puzzle, rule_set, time_limit=0.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "module", "job", "fake", "doing"),
    [
        (CheckPanel, check, "check_puzzle", _check_out_of_time, "checking"),
        (DifficultyPanel, difficulty, "grade_puzzle", _grade_out_of_time, "grading"),
    ],
    ids=["check", "difficulty"],
)
def test_the_offer_keeps_to_a_narrow_dock(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    make: Callable[..., QWidget],
    module: object,
    job: str,
    fake: Callable[..., object],
    doing: str,
) -> None:
    monkeypatch.setattr(module, job, fake)
    panel = make(delay_ms=1)
    area = scrolled(panel)
    qtbot.addWidget(area)
    area.show()
    narrow = area.minimumSizeHint().width()  # as narrow as the dock may be
    area.resize(narrow, 700)
    button: QPushButton = panel.longer_button  # type: ignore[attr-defined]
    try:
        panel.set_puzzle(HOUSE)  # type: ignore[attr-defined]
        qtbot.waitUntil(button.isVisible, timeout=10000)
        assert area.minimumSizeHint().width() == narrow  # the dock is not made wider
        qtbot.waitUntil(lambda: "\n" in button.text())
        assert button.text() == f"Keep {doing},\nup to 1 minute"
        assert panel.width() <= area.viewport().width()  # nothing under the dock's edge
        assert button.geometry().right() < panel.width()
    finally:
        panel.cancel()  # type: ignore[attr-defined]
        assert QThreadPool.globalInstance().waitForDone(10000)
