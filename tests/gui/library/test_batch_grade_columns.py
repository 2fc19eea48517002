"""Grade Folder's File column fits the names graded, however the rows come: sized to contents
by Qt's header, it kept the width of the first rows, so a collection's items, graded after a
short name, were all "domi…" (domino_logic.txt#1-Dom to #7-Dom; seen under Xvfb at 1024x600,
/tmp/p7/d03.png)."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from nonostudio.gui.library.batch_grade import BatchGradeDialog
from nonostudio.gui.library.batch_grade_model import (
    EXPLANATION,
    FILE,
    SCORE,
    TIER,
    BatchGradeModel,
)


def _row(name: str, error: str = "") -> dict[str, Any]:
    words = "Expert: the hardest technique it needs is Contradiction (tier 6), 34 times. " * 2
    return {
        "file": name,
        "width": 7,
        "height": 7,
        "tier": 6,
        "label": "Expert",
        "score": 63.64,
        "seconds": 0.379,
        "colours": None,
        "explanation": "" if error else words,
        "error": error,
    }


def test_file_names_show_whole_as_rows_come(qtbot: QtBot) -> None:
    dialog = BatchGradeDialog()
    qtbot.addWidget(dialog)
    dialog.resize(900, 520)
    dialog.show()
    qtbot.waitExposed(dialog)
    error = "bad.non, line 5 (row 2's clue): clue 9 needs 9 cells but the row has only 3"
    dialog.model.append([_row("bad.non", error)])
    qtbot.wait(10)
    names = [f"domino_logic.txt#{k}-Dom" for k in range(1, 8)]
    for name in names:
        dialog.model.append([_row(name)])
        qtbot.wait(1)
    table = dialog.table
    longest = max(table.fontMetrics().horizontalAdvance(name) for name in names)
    qtbot.waitUntil(lambda: table.columnWidth(FILE) >= longest, timeout=1000)
    right = table.columnViewportPosition(EXPLANATION) + table.columnWidth(EXPLANATION)
    assert right <= table.viewport().width() + 1  # the explanation elided, not pushed out


def test_a_colour_row_stopped_at_the_time_limit_shows_no_tier_or_score() -> None:
    """A colour grade stopped at its time limit has no tier or score (None); the table wrote
    the score with '{:.2f}', a TypeError there."""
    model = BatchGradeModel()
    row = _row("acorn.g") | {"tier": None, "score": None, "label": "Undecided", "colours": 4}
    model.append([row])
    assert model.data(model.index(0, TIER)) == "-"
    assert model.data(model.index(0, SCORE)) == "-"
