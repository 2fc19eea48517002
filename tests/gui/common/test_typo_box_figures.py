"""The typo list says what its percentages are, and that more edits were found than it lists
(with a button to list them all): five edits at 9 % each used to hide eleven others unsaid."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QThreadPool
from pytestqt.qtbot import QtBot

from nonostudio.gui.common.typo_box import SHOWN, TypoBox

# A 15x15 picture typed with one clue wrong: the row clues fill 98 cells, the columns 97.  Sixteen
# single edits make it unique, five of them (9 % each) likelier than the rest.
ROWS_TEXT = "2:1,1:3:5:7:9:11:9:2,5:2,5:5,2:5,2:5,2:15:0"
COLS_TEXT = "1,1:2,1:1,1:9:10:5,4:6,4:12:8,1:7,1:10:9:1,1:1:1"


def _clues(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(n) for n in line.split(",") if n != "0") for line in text.split(":")]


ROWS, COLS = _clues(ROWS_TEXT), _clues(COLS_TEXT)


@pytest.fixture
def box(qtbot: QtBot) -> Iterator[TypoBox]:
    widget = TypoBox()
    qtbot.addWidget(widget)
    widget.resize(520, 400)
    yield widget
    widget.clear()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_the_percentages_are_explained_and_every_edit_can_be_listed(
    qtbot: QtBot, box: TypoBox
) -> None:
    with qtbot.waitSignal(box.reportReady, timeout=20000) as blocker:
        box.search(ROWS, COLS)
    report = blocker.args[0]
    found = report.top(100)
    assert len(found) > SHOWN  # the case seen: more edits than the list shows
    texts = [box.list.item(i).text() for i in range(box.list.count())]
    assert len(texts) == SHOWN and all("% likely, " in t for t in texts)
    note = box.note.text()
    assert not box.note.isHidden() and "how likely the edit is the typo" in note
    assert f"of the {len(found)} edits found that make the puzzle unique" in note
    assert f"The {SHOWN} likeliest of the {len(found)} are listed" in note
    assert "%" in box.list.item(0).toolTip() and "how likely" in box.list.item(0).toolTip()
    assert not box.show_all_button.isHidden()
    assert box.show_all_button.text() == f"List all {len(found)}"
    qtbot.mouseClick(box.show_all_button, Qt.MouseButton.LeftButton)
    assert box.list.count() == len(found) == len(box.suggestions())
    assert box.show_all_button.isHidden() and "likeliest" not in box.note.text()
    # The last one listed can be chosen and applied like the first.
    box.select(len(found) - 1)
    with qtbot.waitSignal(box.applyRequested) as applied:
        qtbot.mouseClick(box.apply_button, Qt.MouseButton.LeftButton)
    assert applied.args[0] == found[-1].edit
