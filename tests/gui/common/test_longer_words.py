"""The note a stopped longer run adds ("The longer grade was stopped.") is put after what the
screen showed before and taken off again by one button, whichever screen shows it (the Check
panel, the Difficulty panels; a label of rich text parts it with ``<br>``): stopped, started
and stopped again, the note is there once, and what was shown before comes back whole."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from nonostudio.gui.common.longer import LongerButton


@pytest.mark.parametrize("sep", [" ", "<br>"])
@pytest.mark.parametrize("before", ["", "Stopped at the time limit of 10 s."])
def test_the_stopped_note_is_added_once_and_taken_off_whole(
    qtbot: QtBot, before: str, sep: str
) -> None:
    button = LongerButton("grading", "grade", "the grade shown before stays")
    qtbot.addWidget(button)
    note = button.stopped_text()
    shown = before
    for _ in range(3):  # started (what was shown kept), stopped (kept, and the note)
        kept = button.without_stopped(shown, sep)
        assert kept == before
        shown = button.with_stopped(kept, sep)
        assert shown.count(note) == 1 and shown.endswith(note)
        assert shown == (f"{before}{sep}{note}" if before else note)
