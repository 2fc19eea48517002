"""A puzzle string with a clue typed as nothing (a ':' at the end, or one typed twice): legal
(an empty field is an empty line: core/formats/strings.py), but it opened silently as another
puzzle (the Duck with a trailing ':' in its columns: a unique 9-wide puzzle).  The dialog says
it once, pointing at it; OK again opens it as typed, and a string without one opens at once."""

from __future__ import annotations

from nonostudio.core.formats import read_any_text
from nonostudio.gui.dialogs.paste import PasteDialog, marked_text

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


def _dialog(qtbot, text: str) -> PasteDialog:
    dialog = PasteDialog(lambda typed: read_any_text(typed.strip()), text)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_trailing_separator_is_said_once_then_opens_as_typed(qtbot) -> None:
    dialog = _dialog(qtbot, DUCK + ":")
    dialog.accept()
    assert dialog.isVisible() and dialog.puzzle() is None
    assert dialog.message.text() == (
        "Column 9 is typed as nothing (after the last ':' of the columns) and reads as an "
        "empty column, making 9 columns. Press OK again to open it so, or type 0 there, or "
        "delete the ':' typed too many."
    )
    assert marked_text(dialog.edit) == ":"  # the separator before it
    dialog.accept()  # OK again: as typed
    opened = dialog.puzzle()
    assert not dialog.isVisible() and opened is not None and len(opened.cols) == 9


def test_a_separator_typed_twice_is_said_and_a_correction_opens(qtbot) -> None:
    dialog = _dialog(qtbot, DUCK.replace("6:1,5", "6::1,5"))
    dialog.accept()
    assert dialog.isVisible()
    assert dialog.message.text().startswith(
        "Row 6 is typed as nothing (between two ':' of the rows)"
    )
    assert marked_text(dialog.edit) == "::"
    dialog.edit.setPlainText(DUCK)
    dialog.accept()
    opened = dialog.puzzle()
    assert not dialog.isVisible() and opened is not None and len(opened.rows) == 9


def test_a_string_without_an_empty_field_opens_at_once(qtbot) -> None:
    dialog = _dialog(qtbot, DUCK.replace("6:1,5", "6:0:1,5"))  # an empty row typed as 0
    dialog.accept()
    assert not dialog.isVisible() and dialog.puzzle() is not None
