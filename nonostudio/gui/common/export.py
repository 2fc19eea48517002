"""Export a puzzle as a PNG, SVG or PDF picture: black and white painted by
:mod:`nonostudio.gui.common.render`, colour by :mod:`nonostudio.gui.common.render_colour` (this
module joins the two, so neither imports the other).

Only QtGui is used, so pictures can be made headless under a ``QGuiApplication`` (the CLI creates
one offscreen).  A picture is drawn in memory and written as every user file is
(:func:`~nonostudio.core.atomic.write_bytes_atomic`): a failed write says the system's reason
(Qt's writers only say whether they failed), and leaves no half-written picture.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from nonostudio.core.atomic import write_bytes_atomic
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.render import Painting, image_of, painting
from nonostudio.gui.common.render_colour import colour_painting

PICTURE_SUFFIXES = (".png", ".svg", ".pdf")


def _bytes_of(draw: Callable[[QBuffer], None]) -> bytes:
    """The bytes ``draw`` writes to an in-memory device."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    draw(buffer)
    buffer.close()
    return bytes(data.data())


def _png(size: QSize, paint: Painting) -> bytes:
    def draw(buffer: QBuffer) -> None:
        # PySide6's stub types ``format`` as bytes, but the binding accepts only str.
        if not image_of(size, paint).save(buffer, "PNG"):  # type: ignore[call-overload]
            raise OSError("could not make the PNG picture")

    return _bytes_of(draw)


def _svg(size: QSize, title: str, description: str, paint: Painting) -> bytes:
    return _bytes_of(lambda buffer: _draw_svg(buffer, size, title, description, paint))


def _draw_svg(buffer: QBuffer, size: QSize, title: str, description: str, paint: Painting) -> None:
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRect(0, 0, size.width(), size.height()))
    generator.setTitle(title)
    generator.setDescription(description)
    painter = QPainter(generator)
    try:
        paint(painter)
    finally:
        painter.end()


def pdf_title(puzzle: Puzzle | ColourPuzzle) -> str:
    """The title a PDF gets: the puzzle's, or "Nonogram 25x25" for an untitled one."""
    return puzzle.title.strip() or f"Nonogram {puzzle.size_text}"


def pdf_author(puzzle: Puzzle | ColourPuzzle) -> str:
    """The author a PDF names: the puzzle's author, else its copyright holder ('' if neither)."""
    return (puzzle.author or puzzle.copyright).strip()


def _pdf(size: QSize, title: str, author: str, paint: Painting) -> bytes:
    return _bytes_of(lambda buffer: _draw_pdf(buffer, size, title, author, paint))


def _draw_pdf(buffer: QBuffer, size: QSize, title: str, author: str, paint: Painting) -> None:
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setAuthor(author)
    writer.setCreator("nonostudio")
    wide = size.width() > size.height()
    orientation = QPageLayout.Orientation.Landscape if wide else QPageLayout.Orientation.Portrait
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            orientation,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter(writer)
    try:
        area = painter.viewport()
        # The title (and author) printed above the grid, as on a page of a puzzle book.
        heading = QFont()
        heading.setPixelSize(max(8, area.height() // 40))
        painter.setFont(heading)
        header = round(painter.fontMetrics().height() * (2.6 if author else 1.6))
        text_rect = QRect(0, 0, area.width(), header)
        painter.setPen(QColor(0, 0, 0))
        painter.drawText(
            text_rect,
            int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
            title + (f"\n{author}" if author else ""),
        )
        room = QRect(0, header, area.width(), area.height() - header)
        scale = min(room.width() / size.width(), room.height() / size.height())
        painter.translate(
            (room.width() - scale * size.width()) / 2,
            room.top() + (room.height() - scale * size.height()) / 2,
        )
        painter.scale(scale, scale)
        paint(painter)
    finally:
        painter.end()


def export_picture(
    puzzle: Puzzle | ColourPuzzle, path: str | Path, *, with_solution: bool, cell: int = 20
) -> None:
    """Write ``puzzle`` as a ``.png``, ``.svg`` or ``.pdf`` picture (the suffix chooses); a
    colour puzzle with its clue numbers on boxes of their colours
    (:mod:`nonostudio.gui.common.render_colour`).

    Raises ``ValueError`` for another suffix, :class:`PuzzleError` when the solution is asked for
    but the puzzle has none, and ``OSError`` when the file cannot be written.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in PICTURE_SUFFIXES:
        raise ValueError(
            f"{path.name}: cannot export a picture as '{suffix or path.name}' "
            f"(use {', '.join(PICTURE_SUFFIXES)})"
        )
    size, paint = _painting(puzzle, with_solution, cell)
    if suffix == ".png":
        data = _png(size, paint)
    elif suffix == ".svg":
        colours = f", {puzzle.ncolours - 1} colours" if isinstance(puzzle, ColourPuzzle) else ""
        description = f"{puzzle.size_text} nonogram{colours}"
        data = _svg(size, puzzle.title or "Nonogram", description, paint)
    else:
        data = _pdf(size, pdf_title(puzzle), pdf_author(puzzle), paint)
    try:
        write_bytes_atomic(path, data)
    except OSError as exc:  # named by the picture's path, not the temporary file beside it
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None


def _painting(
    puzzle: Puzzle | ColourPuzzle, with_solution: bool, cell: int
) -> tuple[QSize, Painting]:
    """The picture's size and how to paint it (PuzzleError: the solution is asked for but the
    puzzle has none)."""
    if isinstance(puzzle, ColourPuzzle):
        return colour_painting(puzzle, with_solution, cell)
    return painting(puzzle, with_solution, cell)
