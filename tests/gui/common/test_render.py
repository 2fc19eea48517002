"""Picture export: PNG pixels, SVG as XML, PDF header; the same painter the grid view uses."""

from __future__ import annotations

import errno
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.export import export_picture
from nonostudio.gui.common.render import Layout, render_image


def _puzzle() -> Puzzle:
    goal = np.zeros((6, 7), dtype=np.int8)
    goal[0, 0] = 1
    goal[2:5, 3:6] = 1
    return Puzzle.from_grid(goal, title="Block & dot")


def _cell_centre_colour(image: QImage, puzzle: Puzzle, row: int, col: int, cell: int) -> QColor:
    centre = Layout.compute(puzzle.rows, puzzle.cols, cell).cell_rect(row, col).center()
    return image.pixelColor(centre)


def test_png_shows_filled_cells_only_with_solution(qapp: QApplication, tmp_path: Path) -> None:
    puzzle = _puzzle()
    path = tmp_path / "p.png"
    export_picture(puzzle, path, with_solution=True)
    image = QImage(str(path))
    assert not image.isNull()
    assert _cell_centre_colour(image, puzzle, 0, 0, 20).lightness() < 50  # filled: black
    assert _cell_centre_colour(image, puzzle, 3, 4, 20).lightness() < 50
    assert _cell_centre_colour(image, puzzle, 0, 1, 20).lightness() > 200  # empty: white
    blank = render_image(puzzle, with_solution=False, cell=20)
    assert _cell_centre_colour(blank, puzzle, 0, 0, 20).lightness() > 200


def test_image_size_follows_cell_size(qapp: QApplication) -> None:
    puzzle = _puzzle()
    small = render_image(puzzle, with_solution=False, cell=10)
    large = render_image(puzzle, with_solution=False, cell=30)
    assert large.width() > 2 * small.width()
    # The grid itself is 7 cells wide at 30 px, and the clues add to that.
    assert large.width() > 7 * 30


def test_svg_is_xml_with_title(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "p.svg"
    export_picture(_puzzle(), path, with_solution=False)
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    titles = [el.text for el in root.iter() if el.tag.endswith("title")]
    assert titles == ["Block & dot"]


def test_pdf_has_header(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "p.pdf"
    export_picture(_puzzle(), path, with_solution=True)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(data) > 500


def _pdf_text(value: str) -> bytes:
    """How Qt writes a PDF string: UTF-16 big-endian with a byte-order mark."""
    return b"(\xfe\xff" + value.encode("utf-16-be") + b")"


def test_pdf_metadata_names_title_and_author(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "p.pdf"
    puzzle = Puzzle.from_grid(np.eye(3, dtype=np.int8), title="Stairs", author="Ann Example")
    export_picture(puzzle, path, with_solution=False)
    data = path.read_bytes()
    assert b"/Title " + _pdf_text("Stairs") in data
    assert b"/Author " + _pdf_text("Ann Example") in data
    untitled = Puzzle.from_grid(np.eye(3, dtype=np.int8), copyright="2026 Bo")
    export_picture(untitled, path, with_solution=False)
    data = path.read_bytes()
    assert b"/Title " + _pdf_text("Nonogram 3x3") in data
    assert b"/Author " + _pdf_text("2026 Bo") in data


def test_solution_without_goal_is_refused(qapp: QApplication, tmp_path: Path) -> None:
    puzzle = _puzzle().without_goal()
    with pytest.raises(PuzzleError, match="no solution picture"):
        export_picture(puzzle, tmp_path / "p.png", with_solution=True)
    assert not (tmp_path / "p.png").exists()


def test_unknown_suffix_is_refused(qapp: QApplication, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.gif"):
        export_picture(_puzzle(), tmp_path / "p.gif", with_solution=False)


def test_large_numbers_fit(qapp: QApplication) -> None:
    """Two-digit clues must widen the row-clue slots rather than overlap."""
    goal = np.ones((3, 25), dtype=np.int8)
    puzzle = Puzzle.from_grid(goal)
    layout = Layout.compute(puzzle.rows, puzzle.cols, 12)
    assert layout.row_slot_width > 12
    assert layout.grid_left >= layout.margin + layout.row_slot_width


def test_real_puzzle_with_goal_renders(qapp: QApplication, anchors: Path, tmp_path: Path) -> None:
    """A real .non file with its goal: every filled goal cell is dark in the picture."""
    puzzle = read_file(anchors / "puzzles" / "nonogram-db" / "webpbn" / "1.non")
    assert puzzle.goal is not None
    image = render_image(puzzle, with_solution=True, cell=8)
    layout = Layout.compute(puzzle.rows, puzzle.cols, 8)
    assert (image.width(), image.height()) == (layout.size().width(), layout.size().height())
    dark = np.array(
        [
            [
                image.pixelColor(layout.cell_rect(r, c).center()).lightness() < 50
                for c in range(puzzle.width)
            ]
            for r in range(puzzle.height)
        ]
    )
    assert np.array_equal(dark, puzzle.goal == 1)


def test_the_clues_extent_is_worked_out_once_for_the_same_clues() -> None:
    """A grid lays itself out a few times a stroke: a 1000x1000 puzzle's 480,000 clue numbers
    were gone through each time (0.18 s a layout, 0.24-0.40 s of the GUI thread a stroke)."""
    from time import perf_counter

    from nonostudio.gui.common.render import clue_extent

    rows = tuple((1, 2) * 120 for _ in range(1000))
    cols = tuple((3, 1) * 120 + (7,) for _ in range(1000))
    assert clue_extent(rows, cols) == (2, 7, 240, 241)
    start = perf_counter()
    for _ in range(20):
        assert clue_extent(rows, cols) == (2, 7, 240, 241)
    assert perf_counter() - start < 0.05  # (once more, from scratch: about 0.04 s)
    # other clues, even equal ones, and lists (which may change) are looked at anew
    assert clue_extent(rows[:-1] + ((9,),), cols) == (9, 7, 240, 241)
    listed = [[1], [2]]
    assert clue_extent(listed, cols)[0] == 2
    listed.append([5])
    assert clue_extent(listed, cols)[0] == 5


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_a_picture_that_cannot_be_written_says_the_systems_reason(
    qapp: QApplication, tmp_path: Path, suffix: str
) -> None:
    """It was "could not write the PNG file", with no reason (Qt's writers say only whether they
    failed); a folder that is a file stands for a read-only one here (root may write anywhere)."""
    (tmp_path / "file").write_text("")
    path = tmp_path / "file" / f"p{suffix}"
    with pytest.raises(OSError) as caught:
        export_picture(_puzzle(), path, with_solution=False)
    assert caught.value.errno == errno.ENOTDIR
    assert str(caught.value) == f"[Errno {errno.ENOTDIR}] {os.strerror(errno.ENOTDIR)}: '{path}'"
