"""The image import dialog: threshold a picture into a black-and-white puzzle of a chosen size,
or (colour mode) quantise it into a colour puzzle of at most k colours.

The dialog only adapts: it turns the QImage into a numpy array and lets
:func:`nonostudio.core.formats.image.grid_from_pixels` do the thresholding, or
:func:`nonostudio.core.formats.quantise.colour_puzzle_from_pixels` the quantising (in the worker
pool, the newest request winning), showing the result live with its clues.
"""

from __future__ import annotations

import stat
from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QImage, QImageReader, QPalette, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import TooLarge, read_limited
from nonostudio.core.formats.image import grid_from_pixels, image_size_problem
from nonostudio.core.formats.quantise import (
    MAX_COLOURS,
    MIN_COLOURS,
    Background,
    colour_puzzle_from_pixels,
)
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle, clues_of_grid
from nonostudio.gui.common.render_colour import render_colour_image
from nonostudio.gui.common.workers import CurrentWorker, Progress, ShouldStop
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView

MAX_CELLS = 200
PIXEL_ART_LIMIT = 60  # images this small are taken one pixel per cell
DEFAULT_WIDTH = 30
WORKING_PIXELS = 800  # larger images are scaled down once; cells average far more than a pixel
THUMBNAIL = 220
IMAGE_FILE_BYTES = 256 * 2**20  # most bytes read from a FIFO or device (a file's size is its own)
DEFAULT_COLOURS = 4  # the colour mode's colours, the background included
PREVIEW_CELL = 12  # pixels a cell in the colour preview, first; then as fits the room:
MIN_PREVIEW_CELL, MAX_PREVIEW_CELL = 6, 24  # (it scrolls when even the smallest is too large)
BW, COLOUR = range(2)  # the modes, in the order of the mode box
BACKGROUNDS: tuple[tuple[str, Background], ...] = (
    ("Most common border colour", "border"),
    ("White", "white"),
)


def paper_palette(base: QPalette) -> QPalette:
    """``base`` with a grid's colours set to dark ink on white paper (see render.Colors)."""
    palette = QPalette(base)
    for role, color in (
        (QPalette.ColorRole.Base, QColor(255, 255, 255)),
        (QPalette.ColorRole.AlternateBase, QColor(245, 245, 245)),
        (QPalette.ColorRole.Text, QColor(0, 0, 0)),
        (QPalette.ColorRole.Mid, QColor(160, 160, 160)),
        (QPalette.ColorRole.PlaceholderText, QColor(120, 120, 120)),
    ):
        palette.setColor(role, color)
    return palette


def image_to_pixels(image: QImage) -> np.ndarray:
    """An ``(height, width, 4)`` RGBA ``uint8`` copy of ``image`` (row padding removed)."""
    rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    h, w, stride = rgba.height(), rgba.width(), rgba.bytesPerLine()
    raw = np.frombuffer(rgba.constBits(), dtype=np.uint8, count=stride * h)
    return raw.reshape(h, stride)[:, : w * 4].reshape(h, w, 4).copy()


def image_file_filter() -> str:
    patterns = sorted(
        {f"*.{bytes(fmt.data()).decode()}" for fmt in QImageReader.supportedImageFormats()}
    )
    return f"Images ({' '.join(patterns)});;All files (*)"


class ImageImportDialog(QDialog):
    """Pick an image, a grid size, and a threshold (black and white) or a number of colours and
    the background (colour); accept to get :meth:`puzzle`."""

    def __init__(
        self, parent: QWidget | None = None, *, image: QImage | None = None, title: str = ""
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import image")
        self._pixels: np.ndarray | None = None
        self._aspect = 1.0
        self._title = title
        self._grid: np.ndarray | None = None
        self._colour_puzzle: ColourPuzzle | None = None
        # the newest colour preview asked for; an older one is cancelled and never heard from
        self._colour_worker = CurrentWorker(
            self, on_result=self._on_colour, on_error=self._on_colour_error
        )
        scroll = self._make_widgets()
        self._lay_out(scroll)
        self.width_spin.valueChanged.connect(self._on_width)
        self.height_spin.valueChanged.connect(self._on_height)
        self.threshold.valueChanged.connect(self._update_preview)
        self.invert.toggled.connect(self._update_preview)
        self.keep_aspect.toggled.connect(self._on_keep_aspect)
        self.mode_box.currentIndexChanged.connect(self._on_mode)
        self.colours_spin.valueChanged.connect(self._update_preview)
        self.background_box.currentIndexChanged.connect(self._update_preview)
        if image is not None:
            self.set_image(image, title)
        else:
            self._update_preview()

    def _make_widgets(self) -> GridScrollArea:
        """The dialog's widgets; returns the scroll area around the preview."""
        self.choose_button = QPushButton("&Choose image\u2026")
        self.choose_button.clicked.connect(self._choose)
        self.file_label = QLabel("No image")
        self.thumbnail = QLabel()
        self.thumbnail.setFixedSize(THUMBNAIL, THUMBNAIL)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.width_spin = QSpinBox(minimum=1, maximum=MAX_CELLS, value=DEFAULT_WIDTH)
        self.width_spin.setAccessibleName("Width")
        self.height_spin = QSpinBox(minimum=1, maximum=MAX_CELLS, value=DEFAULT_WIDTH)
        self.height_spin.setAccessibleName("Height")
        self.keep_aspect = QCheckBox("&Keep aspect ratio")
        self.keep_aspect.setChecked(True)
        self.threshold = QSlider(Qt.Orientation.Horizontal)
        self.threshold.setMinimum(1)
        self.threshold.setMaximum(99)
        self.threshold.setValue(50)
        self.threshold.setAccessibleName("Threshold")
        self.threshold_label = QLabel()
        self.invert = QCheckBox("&Invert (light cells are filled)")
        self.mode_box = QComboBox()
        self.mode_box.addItems(["Black and white", "Colours"])
        self.mode_box.setAccessibleName("Mode")
        self.colours_spin = QSpinBox(
            minimum=MIN_COLOURS, maximum=MAX_COLOURS, value=DEFAULT_COLOURS
        )
        self.colours_spin.setAccessibleName("Colours")
        self.colours_spin.setToolTip(
            f"How many colours the picture is reduced to, the background included "
            f"({MIN_COLOURS} to {MAX_COLOURS})"
        )
        self.background_box = QComboBox()
        self.background_box.addItems([label for label, _ in BACKGROUNDS])
        self.background_box.setAccessibleName("Background")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.preview = GridView()
        self.preview.set_read_only(True)
        self.preview.set_reserve_clue_room(False)
        # Dark cells of the picture are filled cells: the preview is painted as on paper (dark
        # ink on white) in every colour scheme, so in a dark scheme it does not look inverted.
        self.preview.setPalette(paper_palette(self.preview.palette()))
        scroll = GridScrollArea(self.preview)  # the whole preview fits the dialog
        scroll.setMinimumSize(360, 300)
        self.colour_preview = QLabel()  # the quantised picture with its clues, as printed
        self.colour_preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.colour_scroll = QScrollArea()
        self.colour_scroll.setWidgetResizable(True)
        self.colour_scroll.setWidget(self.colour_preview)
        self.colour_scroll.setMinimumSize(360, 300)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        return scroll

    def _lay_out(self, scroll: GridScrollArea) -> None:
        """The options and the thumbnail on the left, the preview on the right, buttons below."""
        threshold_row = QHBoxLayout()
        threshold_row.addWidget(self.threshold, 1)
        threshold_row.addWidget(self.threshold_label)
        size_row = QHBoxLayout()
        size_row.addWidget(self.width_spin)
        size_row.addWidget(QLabel("\u00d7"))
        size_row.addWidget(self.height_spin)
        size_row.addStretch(1)
        form = QFormLayout()
        form.addRow(self.choose_button, self.file_label)
        form.addRow("Cells:", size_row)
        form.addRow("", self.keep_aspect)
        form.addRow("&Mode:", self.mode_box)
        self._threshold_field = QWidget()
        threshold_row.setContentsMargins(0, 0, 0, 0)
        self._threshold_field.setLayout(threshold_row)
        form.addRow("Threshold:", self._threshold_field)
        form.addRow("", self.invert)
        form.addRow("C&olours:", self.colours_spin)
        form.addRow("&Background:", self.background_box)
        self._form = form
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.thumbnail, 0, Qt.AlignmentFlag.AlignHCenter)
        left.addWidget(self.message)
        left.addStretch(1)
        self.previews = QStackedWidget()
        self.previews.addWidget(scroll)
        self.previews.addWidget(self.colour_scroll)
        body = QHBoxLayout()
        body.addLayout(left)
        body.addWidget(self.previews, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self.buttons)
        self._show_mode_rows()

    def _show_mode_rows(self) -> None:
        """The threshold rows in black and white, the colour rows in colour."""
        colour = self.is_colour()
        for widget, shown in (
            (self._threshold_field, not colour),
            (self.invert, not colour),
            (self.colours_spin, colour),
            (self.background_box, colour),
        ):
            self._form.setRowVisible(widget, shown)
        self.previews.setCurrentIndex(COLOUR if colour else BW)

    # --- public API ----------------------------------------------------------------------------

    def set_image(self, image: QImage, title: str = "") -> bool:
        """Use ``image``; returns False (and says why) when it is empty."""
        if image.isNull() or image.width() == 0 or image.height() == 0:
            self._say("The image is empty or could not be read.")
            return False
        small = image
        if max(image.width(), image.height()) > WORKING_PIXELS:
            small = image.scaled(
                WORKING_PIXELS,
                WORKING_PIXELS,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        self._pixels = image_to_pixels(small)
        self._aspect = image.height() / image.width()
        self._title = title
        self.file_label.setText(f"{image.width()}\u00d7{image.height()} pixel image")
        self.thumbnail.setPixmap(
            QPixmap.fromImage(
                image.scaled(
                    THUMBNAIL,
                    THUMBNAIL,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        )
        if image.width() <= PIXEL_ART_LIMIT and image.height() <= PIXEL_ART_LIMIT:
            self.set_grid_size(image.width(), image.height())
        else:
            width = min(DEFAULT_WIDTH, MAX_CELLS)
            self.set_grid_size(width, max(1, round(width * self._aspect)))
        self._update_preview()
        return True

    def load_file(self, path: str | Path) -> bool:
        """Read an image file; returns False (and says why in the dialog) when it cannot.

        A FIFO or device is read here with a bounded wait (Qt's reader would block the window
        for good on a FIFO no program writes to); folders and sockets are refused."""
        path = Path(path)
        try:
            regular = stat.S_ISREG(path.stat().st_mode)
            data = None if regular else read_limited(path, IMAGE_FILE_BYTES)
        except TooLarge:
            self._say(f"{path.name}: more than {IMAGE_FILE_BYTES // 2**20} MB; not read")
            return False
        except (OSError, ValueError) as exc:
            self._say(f"{path.name}: {getattr(exc, 'strerror', None) or exc}")
            return False
        buffer = QBuffer()
        if data is None:
            reader = QImageReader(str(path))
        else:
            buffer.setData(QByteArray(data))
            buffer.open(QIODevice.OpenModeFlag.ReadOnly)
            reader = QImageReader(buffer)
        reader.setAutoTransform(True)
        size = reader.size()  # from the header, before anything is decoded
        problem = image_size_problem(size.width(), size.height(), reader.allocationLimit())
        if problem:
            self._say(f"{path.name}: {problem}")
            return False
        image = reader.read()
        if image.isNull():
            self._say(f"{path.name}: {reader.errorString()}")
            return False
        if not self.set_image(image, path.stem):
            return False
        self.file_label.setText(path.name)
        return True

    def set_grid_size(self, width: int, height: int) -> None:
        for spin, value in ((self.width_spin, width), (self.height_spin, height)):
            blocked = spin.blockSignals(True)
            spin.setValue(min(MAX_CELLS, max(1, value)))
            spin.blockSignals(blocked)
        self._update_preview()

    def grid(self) -> np.ndarray | None:
        """The thresholded picture (FILLED / CROSSED), or None without a usable image."""
        return None if self._grid is None else self._grid.copy()

    def is_colour(self) -> bool:
        """True in colour mode."""
        return self.mode_box.currentIndex() == COLOUR

    def set_colour_mode(self, colours: int | None) -> None:
        """Colour mode with ``colours`` colours (the background included), or black and white
        for None."""
        if colours is not None:
            self.colours_spin.setValue(colours)
        self.mode_box.setCurrentIndex(BW if colours is None else COLOUR)

    def is_busy(self) -> bool:
        """True while a colour preview is being computed."""
        return self._colour_worker.is_running()

    def puzzle(self) -> Puzzle | ColourPuzzle | None:
        """The puzzle whose solution is the thresholded (or, in colour mode, quantised) picture,
        or None without an image (or while the colour preview is being computed)."""
        if self.is_colour():
            return self._colour_puzzle
        if self._grid is None:
            return None
        return Puzzle.from_grid(self._grid, title=self._title)

    def done(self, result: int) -> None:
        self._colour_worker.cancel()
        super().done(result)

    # --- internals -----------------------------------------------------------------------------

    def _choose(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import image", "", image_file_filter())
        if path:
            self.load_file(path)

    def _on_width(self) -> None:
        if self.keep_aspect.isChecked() and self._pixels is not None:
            height = max(1, round(self.width_spin.value() * self._aspect))
            self.set_grid_size(self.width_spin.value(), height)
        else:
            self._update_preview()

    def _on_keep_aspect(self, keep: bool) -> None:
        if keep:
            self._on_width()

    def _on_height(self) -> None:
        if self.keep_aspect.isChecked() and self._pixels is not None:
            width = max(1, round(self.height_spin.value() / self._aspect))
            self.set_grid_size(width, self.height_spin.value())
        else:
            self._update_preview()

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self._refresh_ok()

    def _refresh_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ready = self._colour_puzzle if self.is_colour() else self._grid
        ok.setEnabled(ready is not None)

    def _on_mode(self) -> None:
        self._show_mode_rows()
        self._update_preview()

    def _update_colour_preview(self) -> None:
        """Quantise in the worker pool; a newer request cancels and outdates this one."""
        self._colour_worker.cancel()
        self._colour_puzzle = None
        if self._pixels is None:
            self._say("Choose an image to turn into a puzzle.")
            return
        pixels, title = self._pixels, self._title
        width, height, k = (
            self.width_spin.value(),
            self.height_spin.value(),
            self.colours_spin.value(),
        )
        background = BACKGROUNDS[self.background_box.currentIndex()][1]

        def job(progress: Progress, should_stop: ShouldStop) -> ColourPuzzle:
            return colour_puzzle_from_pixels(
                pixels, width, height, k, background=background, title=title
            )

        self._say(f"Reducing the picture to {k} colours\u2026")
        self._colour_worker.start(job)

    def _on_colour(self, puzzle: ColourPuzzle) -> None:
        self._colour_puzzle = puzzle
        self.colour_preview.setPixmap(QPixmap.fromImage(self._colour_picture(puzzle)))
        names = ", ".join(c.name for c in puzzle.palette.colours[1:]) or "none"
        self._say(
            f"{puzzle.width}\u00d7{puzzle.height} cells, "
            f"{count(len(puzzle.palette) - 1, 'colour')} on {puzzle.palette.background.name}: "
            f"{names}."
        )

    def _colour_picture(self, puzzle: ColourPuzzle) -> QImage:
        """The quantised picture with its clues, as large as fits the preview's room (cells of
        :data:`MIN_PREVIEW_CELL` to :data:`MAX_PREVIEW_CELL` pixels; it scrolls past that)."""
        image = render_colour_image(puzzle, True, PREVIEW_CELL)
        room = self.colour_scroll.viewport().size()
        scale = min(room.width() / image.width(), room.height() / image.height())
        cell = max(MIN_PREVIEW_CELL, min(MAX_PREVIEW_CELL, int(PREVIEW_CELL * scale)))
        return image if cell == PREVIEW_CELL else render_colour_image(puzzle, True, cell)

    def _on_colour_error(self, message: str) -> None:
        self._colour_puzzle = None
        self._say(message)

    def _update_preview(self) -> None:
        self.threshold_label.setText(f"{self.threshold.value()} %")
        if self.is_colour():
            self._update_colour_preview()
            return
        if self._pixels is None:
            self._grid = None
            self._say("Choose an image to turn into a puzzle.")
            return
        width, height = self.width_spin.value(), self.height_spin.value()
        try:
            grid = grid_from_pixels(
                self._pixels,
                width,
                height,
                threshold=self.threshold.value() / 100,
                invert=self.invert.isChecked(),
            )
        except PuzzleError as exc:
            self._grid = None
            self._say(str(exc))
            return
        self._grid = grid
        self.preview.set_clues(*clues_of_grid(grid))
        self.preview.set_cells(np.where(grid == FILLED, FILLED, UNKNOWN))
        filled = int((grid == FILLED).sum())
        self._say(f"{width}\u00d7{height} cells, {filled} filled.")
