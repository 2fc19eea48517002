"""Image import: QImage to pixels, thresholding through the core, size and aspect, bad files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from nonostudio.core.line import CROSSED, FILLED
from nonostudio.gui.dialogs.image_import import ImageImportDialog, image_to_pixels


def _image(
    width: int, height: int, dark: QRect, fmt: QImage.Format = QImage.Format.Format_RGB32
) -> QImage:
    image = QImage(width, height, fmt)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.fillRect(dark, QColor("black"))
    painter.end()
    return image


@pytest.fixture
def dialog(qtbot: QtBot) -> ImageImportDialog:
    dlg = ImageImportDialog()
    qtbot.addWidget(dlg)
    return dlg


def test_pixels_respect_row_padding(qapp: QApplication) -> None:
    # RGB888 rows of 5 pixels are 15 bytes, padded to 16: the padding must not shift pixels.
    image = _image(5, 3, QRect(4, 0, 1, 3), QImage.Format.Format_RGB888)
    assert image.bytesPerLine() != image.width() * 3
    pixels = image_to_pixels(image)
    assert pixels.shape == (3, 5, 4)
    assert (pixels[:, 4, :3] == 0).all() and (pixels[:, :4, :3] == 255).all()


def test_pixel_art_is_taken_one_pixel_per_cell(dialog: ImageImportDialog) -> None:
    dialog.set_image(_image(8, 6, QRect(2, 1, 3, 4)), "blob")
    assert (dialog.width_spin.value(), dialog.height_spin.value()) == (8, 6)
    assert dialog.file_label.text() == "8\u00d76 pixel image"
    grid = dialog.grid()
    expected = np.full((6, 8), CROSSED, dtype=np.int8)
    expected[1:5, 2:5] = FILLED
    assert np.array_equal(grid, expected)
    puzzle = dialog.puzzle()
    assert puzzle.title == "blob" and puzzle.rows[1] == (3,) and puzzle.cols[0] == ()
    assert dialog.preview.clues() == (puzzle.rows, puzzle.cols)


def test_invert_and_threshold(dialog: ImageImportDialog) -> None:
    dialog.set_image(_image(4, 4, QRect(0, 0, 2, 4)))
    assert (dialog.grid()[:, :2] == FILLED).all()
    dialog.invert.setChecked(True)
    assert (dialog.grid()[:, 2:] == FILLED).all() and (dialog.grid()[:, :2] == CROSSED).all()
    dialog.invert.setChecked(False)
    # Cells half black, half white (lightness 0.5) flip with the threshold.
    dialog.set_grid_size(1, 1)
    dialog.threshold.setValue(40)
    assert dialog.grid()[0, 0] == CROSSED
    dialog.threshold.setValue(60)
    assert dialog.grid()[0, 0] == FILLED


def test_large_image_keeps_aspect(dialog: ImageImportDialog) -> None:
    dialog.set_image(_image(400, 200, QRect(0, 0, 200, 200)))
    assert (dialog.width_spin.value(), dialog.height_spin.value()) == (30, 15)
    dialog.width_spin.setValue(20)
    assert dialog.height_spin.value() == 10
    assert (dialog.grid()[:, :10] == FILLED).all() and (dialog.grid()[:, 10:] == CROSSED).all()
    dialog.keep_aspect.setChecked(False)
    dialog.height_spin.setValue(3)
    assert dialog.width_spin.value() == 20 and dialog.grid().shape == (3, 20)


def test_load_file_and_bad_file(dialog: ImageImportDialog, tmp_path: Path) -> None:
    ok_button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert dialog.puzzle() is None and not ok_button.isEnabled()
    bad = tmp_path / "broken.png"
    bad.write_bytes(b"not a picture")
    assert not dialog.load_file(bad)
    assert dialog.message.text().startswith("broken.png:")
    assert dialog.puzzle() is None
    good = tmp_path / "heart.png"
    assert _image(10, 10, QRect(3, 3, 4, 4)).save(str(good))
    assert dialog.load_file(good)
    assert dialog.puzzle().title == "heart" and ok_button.isEnabled()
    assert dialog.file_label.text() == "heart.png"


def test_the_preview_draws_filled_cells_dark_in_a_dark_scheme(
    qtbot: QtBot, qapp: QApplication
) -> None:
    from nonostudio.gui.common.theme import apply_theme

    apply_theme(qapp, "dark")
    try:
        dlg = ImageImportDialog()
        qtbot.addWidget(dlg)
        dlg.set_image(_image(6, 6, QRect(0, 0, 3, 6)))
        dlg.show()
        qtbot.waitExposed(dlg)
        picture = dlg.preview.grab().toImage()
        filled = picture.pixelColor(dlg.preview.cell_rect(2, 1).center())
        empty = picture.pixelColor(dlg.preview.cell_rect(2, 4).center())
        assert qapp.palette().base().color().lightness() < 100  # the scheme is dark…
        assert filled.lightness() < 80 and empty.lightness() > 180  # …the picture is not
    finally:
        apply_theme(qapp, "system")
