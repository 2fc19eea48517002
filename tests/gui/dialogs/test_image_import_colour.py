"""Image import in colour mode: k colours chosen in the dialog, the quantising done by the core in
the worker pool, a colour puzzle whose palette is the quantised colours; the black-and-white mode
is the default and gives what it always gave; the window opens the result in the colour editor."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRect, QSettings, QThreadPool
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.formats.image import grid_from_pixels
from nonostudio.core.formats.quantise import colour_puzzle_from_pixels
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.render_colour import render_colour_image
from nonostudio.gui.dialogs.image_import import (
    MIN_PREVIEW_CELL,
    ImageImportDialog,
    image_to_pixels,
)


def flag_image() -> QImage:
    """24 x 24 pixels: a red band (144 pixels), a blue block (108), on white."""
    image = QImage(24, 24, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.fillRect(QRect(3, 2, 18, 8), QColor("#c81e1e"))
    painter.fillRect(QRect(6, 12, 12, 9), QColor("#1414a0"))
    painter.end()
    return image


@pytest.fixture
def dialog(qtbot: QtBot) -> ImageImportDialog:
    dlg = ImageImportDialog()
    qtbot.addWidget(dlg)
    yield dlg
    dlg.done(0)
    assert QThreadPool.globalInstance().waitForDone(10000)


def ok(dialog: ImageImportDialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_black_and_white_is_the_default_and_unchanged(dialog: ImageImportDialog) -> None:
    image = flag_image()
    dialog.set_image(image, "flag")
    assert not dialog.is_colour() and not dialog.colours_spin.isVisibleTo(dialog)
    expected = grid_from_pixels(image_to_pixels(image), 24, 24, threshold=0.5)
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, Puzzle)
    assert puzzle == Puzzle.from_grid(expected, title="flag")


def test_colour_mode_gives_the_cores_quantised_puzzle(
    qtbot: QtBot, dialog: ImageImportDialog
) -> None:
    image = flag_image()
    dialog.set_image(image, "flag")
    dialog.set_colour_mode(3)
    assert dialog.colours_spin.isVisibleTo(dialog) and not dialog.threshold.isVisibleTo(dialog)
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=10000)
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, ColourPuzzle) and ok(dialog).isEnabled()
    assert puzzle == colour_puzzle_from_pixels(image_to_pixels(image), 24, 24, 3, title="flag")
    assert [c.rgb for c in puzzle.palette.colours] == ["#ffffff", "#c81e1e", "#1414a0"]
    preview = dialog.colour_preview.pixmap().toImage()
    cells = [render_colour_image(puzzle, True, c) for c in range(MIN_PREVIEW_CELL, 25)]
    assert any(preview == c.convertToFormat(preview.format()) for c in cells)  # as printed
    assert "2 colours on white" in dialog.message.text()
    # a smaller grid and two colours: a new preview replaces the old
    dialog.colours_spin.setValue(2)
    assert dialog.puzzle() is None and not ok(dialog).isEnabled()  # while it is computed
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=10000)
    assert len(dialog.puzzle().palette) == 2
    dialog.set_colour_mode(None)
    assert isinstance(dialog.puzzle(), Puzzle)


def test_white_background_choice(qtbot: QtBot, dialog: ImageImportDialog) -> None:
    image = QImage(10, 10, QImage.Format.Format_RGB32)
    image.fill(QColor("#78b4f0"))
    dialog.set_image(image, "sky")
    dialog.background_box.setCurrentIndex(1)  # White
    dialog.set_colour_mode(2)
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=10000)
    puzzle = dialog.puzzle()
    assert puzzle.palette.background.rgb == "#ffffff"
    assert all(v == 1 for row in puzzle.goal for v in row)  # the sky is a colour, not background


def test_import_image_opens_a_colour_picture_in_the_colour_editor(
    qtbot: QtBot, tmp_path, monkeypatch
) -> None:
    from nonostudio.gui.dialogs import image_import
    from nonostudio.gui.window.main_window import MainWindow

    picture = colour_puzzle_from_pixels(image_to_pixels(flag_image()), 8, 8, 3, title="flag")
    monkeypatch.setattr(image_import.ImageImportDialog, "exec", lambda self: 1)
    monkeypatch.setattr(image_import.ImageImportDialog, "puzzle", lambda self: picture)
    library = Library(tmp_path / "l.sqlite")
    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    try:
        window.files.import_image()
        assert window.files.is_colour() and window.colour_editor.puzzle() == picture
        assert window.files.is_modified()
        window.files.set_modified(False)
    finally:
        window.cancel_background()
        library.close()
    assert np.array(picture.goal).shape == (8, 8)
