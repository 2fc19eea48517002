"""Pictures of colour puzzles: every clue number on a box of its colour in the text colour chosen
for contrast, the solution in the palette's colours, PNG, SVG and PDF; formats without colours
refuse a colour puzzle by name; the command line draws colour pictures too."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from nonostudio.console import main as console_main
from nonostudio.core.colour.model import (
    BLACK,
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.contrast import text_colour
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import write_file, write_text
from nonostudio.gui.common.export import export_picture
from nonostudio.gui.common.render_colour import colour_layout

PALETTE = Palette((WHITE, BLACK, Colour("yellow", "#ffdd00", "y"), Colour("navy", "#000080", "n")))
GOAL = ((2, 2, 3), (1, 0, 3), (2, 1, 1))
CELL = 24


@pytest.fixture(autouse=True)
def _app(qapp) -> None:
    """Fonts and images need the application object."""


def puzzle(goal: bool = True) -> ColourPuzzle:
    rows, cols = clues_of_colour_grid(GOAL)
    return ColourPuzzle(PALETTE, rows, cols, title="three", goal=GOAL if goal else None)


def png(tmp_path: Path, *, with_solution: bool) -> QImage:
    path = tmp_path / "p.png"
    export_picture(puzzle(), path, with_solution=with_solution, cell=CELL)
    image = QImage(str(path))
    assert not image.isNull()
    return image


def colours_in(image: QImage, rect) -> set[str]:
    return {
        image.pixelColor(x, y).name()
        for x in range(rect.left() + 2, rect.right() - 1)
        for y in range(rect.top() + 2, rect.bottom() - 1)
    }


def test_clue_numbers_are_on_boxes_of_their_colour_in_the_contrast_text(tmp_path: Path) -> None:
    image = png(tmp_path, with_solution=False)
    layout = colour_layout(puzzle(), CELL)
    p = puzzle()
    assert (image.width(), image.height()) == (layout.size().width(), layout.size().height())
    for clues, box in ((p.rows, layout.row_clue_box), (p.cols, layout.col_clue_box)):
        for line, clue in enumerate(clues):
            for k, (_n, colour) in enumerate(reversed(clue)):
                rgb = PALETTE[colour].rgb
                rect = box(line, k)
                seen = colours_in(image, rect)
                assert rgb in seen, (line, k, rgb)  # the box is filled with its colour
                assert text_colour(rgb) in seen, (line, k)  # the number is in the text colour
                other = "#ffffff" if text_colour(rgb) == "#000000" else "#000000"
                if other != rgb:
                    assert other not in seen, (line, k)  # not in the other one


def test_the_solution_is_drawn_in_the_palette_colours(tmp_path: Path) -> None:
    layout = colour_layout(puzzle(), CELL)
    solved = png(tmp_path, with_solution=True)
    for r, row in enumerate(GOAL):
        for c, value in enumerate(row):
            centre = layout.cell_rect(r, c).center()
            assert solved.pixelColor(centre) == QColor(PALETTE[value].rgb)
    blank = png(tmp_path, with_solution=False)
    assert blank.pixelColor(layout.cell_rect(0, 0).center()) == QColor("#ffffff")


def test_svg_and_pdf_are_written(tmp_path: Path) -> None:
    export_picture(puzzle(), tmp_path / "p.svg", with_solution=True)
    svg = (tmp_path / "p.svg").read_text(encoding="utf-8")
    for colour in PALETTE.colours[1:]:
        assert colour.rgb in svg
    export_picture(puzzle(), tmp_path / "p.pdf", with_solution=False)
    assert (tmp_path / "p.pdf").read_bytes().startswith(b"%PDF")


def test_the_solution_of_a_puzzle_without_one_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError, match="no solution picture"):
        export_picture(puzzle(goal=False), tmp_path / "p.png", with_solution=True)
    assert not (tmp_path / "p.png").exists()


@pytest.mark.parametrize("fmt", ["string", "tatham"])
def test_formats_without_colours_refuse_a_colour_puzzle(fmt: str) -> None:
    with pytest.raises(PuzzleError, match="format has no colours"):
        write_text(puzzle(), fmt)


def test_convert_draws_a_colour_picture_solving_it_first(tmp_path: Path, capsys) -> None:
    source = tmp_path / "three.xml"
    write_file(puzzle(goal=False), source, with_solution=False)
    target = tmp_path / "three.png"
    assert console_main(["convert", str(source), str(target)]) == 0
    out, err = capsys.readouterr()
    assert "3 colours, with its solution" in out and "found by solving it" in err
    image = QImage(str(target))
    layout = colour_layout(puzzle(), 20)
    assert image.pixelColor(layout.cell_rect(0, 2).center()) == QColor("#000080")


def test_export_picture_from_the_colour_editor(qtbot, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from nonostudio.core.library import Library
    from nonostudio.gui.window.document import Document
    from nonostudio.gui.window.main_window import MainWindow

    library = Library(tmp_path / "l.sqlite")
    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    try:
        window.files.show_puzzle(puzzle(), Document())
        target = tmp_path / "from-editor.png"
        assert window.files.export_to(target, with_solution=True)  # (drew the b&w editor before)
        image = QImage(str(target))
        layout = colour_layout(window.files.current_puzzle(), 20)
        assert image.pixelColor(layout.cell_rect(0, 0).center()) == QColor("#ffdd00")
    finally:
        window.cancel_background()
        library.close()
