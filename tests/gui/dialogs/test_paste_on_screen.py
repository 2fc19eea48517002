"""Paste Puzzle String stays on the screen when the likely typos appear under the text: it
grew downwards by the list's height, and on a 720-pixel screen its Open with this fix and OK
buttons went past the bottom edge (seen under Xvfb at 1280x720)."""

from __future__ import annotations

from PySide6.QtCore import QThreadPool

from nonostudio.core.formats import read_file
from nonostudio.core.samples import samples_dir
from nonostudio.gui.dialogs.paste import PasteDialog
from nonostudio.gui.window.file_commands import read_puzzle_text


def _string(rows, cols) -> str:
    def part(lines) -> str:
        return ":".join(",".join(map(str, line)) or "0" for line in lines)

    return f"{part(rows)}-{part(cols)}"


def test_the_suggestions_keep_the_dialog_on_the_screen(qtbot) -> None:
    puzzle = read_file(samples_dir() / "jwilk-007-vulture.non")
    rows = list(puzzle.rows)
    rows[6] = (4, 3, 6, 1, 1)  # row 7 is 3 3 6 1 1
    dialog = PasteDialog(read_puzzle_text, _string(rows, puzzle.cols))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    screen = dialog.screen()
    assert screen is not None
    free = screen.availableGeometry()
    # Placed low, as a dialog centred on a main window of a short screen is.
    dialog.move(dialog.x(), free.bottom() - dialog.frameGeometry().height() - 20)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
    assert dialog.typos.list.count() > 0
    frame = dialog.frameGeometry()
    assert free.top() <= frame.top() and frame.bottom() <= free.bottom(), (frame, free)
    for button in (dialog.typos.apply_button, dialog.ok_button):
        bottom = button.mapToGlobal(button.rect().bottomLeft()).y()
        assert bottom <= free.bottom(), (button.text(), bottom, free)
    assert dialog.edit.height() > 0 and dialog.typos.list.height() > 0
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_the_suggestions_do_not_move_ok(qtbot) -> None:
    # seen under Xvfb: the list appearing grew the dialog, OK jumped from y=431 to y=696 at
    # 1280x720 (371 -> 576 at 1024x600) under the pointer.  The room is reserved from the start.
    dialog = PasteDialog(read_puzzle_text, "1:1-1:2")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    before = dialog.size(), dialog.ok_button.mapToGlobal(dialog.ok_button.rect().topLeft())
    typos = dialog.typos  # as a finished search shows ten two-line suggestions and a note
    typos.show()
    typos.list.addItems([f"row {k}: 3 3 6 1 1 -> 4 3 6 1 1, " + "words " * 20 for k in range(10)])
    typos.list.show()
    typos.note.setText("What the percentages are. " * 6)
    for widget in (typos.note, typos.apply_button, typos.show_all_button):
        widget.show()
    typos.reportReady.emit(None)
    qtbot.wait(10)
    after = dialog.size(), dialog.ok_button.mapToGlobal(dialog.ok_button.rect().topLeft())
    assert after == before
    lines = dialog.edit.fontMetrics().lineSpacing()
    assert dialog.edit.height() >= 3 * lines and typos.list.height() >= 5 * lines
    screen = dialog.screen()
    assert screen is not None
    assert dialog.frameGeometry().height() <= screen.availableGeometry().height()
