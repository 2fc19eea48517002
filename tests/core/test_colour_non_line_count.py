"""A colour ``.non`` whose rows section is one clue line short (a line left out) or long (a line
typed twice) keeps what the black-and-white reader keeps for the typo finder (the colour clues
as read, the declared size, where each clue was read, the text fields), so that ``check`` and
``solve`` name the colour line put back or dropped, looking only for those that give the
declared size (``find_colour_typos(..., size=)``, as ``find_typos``).  Before, the reader raised
the bare error naming the line and ``check`` said nothing more.

The puzzle is built here from an 8x8 two-colour picture (one picture, line-solvable)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.analysis.typos import find_colour_typos
from nonostudio.console import main
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, line_clue
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.formats import colour_non
from nonostudio.core.formats.non import LineCountError

PICTURE = """\
.rr..gg.
rrrrgggg
.rr..gg.
..rgg...
.ggrr...
gg..rrr.
g.....rr
gggrrrrr"""


def picture_puzzle() -> ColourPuzzle:
    """The picture's puzzle, its clues counted from the cells (not by the reader)."""
    grid = [[".rg".index(c) for c in line] for line in PICTURE.split("\n")]
    palette = Palette((WHITE, Colour("red", "#cc0000", "r"), Colour("green", "#00aa00", "g")))
    rows = tuple(line_clue(r) for r in grid)
    cols = tuple(line_clue(list(c)) for c in zip(*grid, strict=True))
    return ColourPuzzle(palette, rows, cols, goal=None, title="Bows")


def mistyped_text(row: int, doubled: bool) -> str:
    """The puzzle's ``.non`` text with row ``row`` (1-based) left out or typed twice."""
    lines = colour_non.write(picture_puzzle()).split("\n")
    at = lines.index("rows") + row
    if doubled:
        lines.insert(at, lines[at])
    else:
        del lines[at]
    return "\n".join(lines)


def _error(text: str) -> InconsistentPuzzleError:
    with pytest.raises(InconsistentPuzzleError) as caught:
        colour_non.read(text, "bows.non")
    return caught.value


def test_a_row_left_out_keeps_the_colour_clues_and_the_size() -> None:
    puzzle = picture_puzzle()
    error = _error(mistyped_text(4, doubled=False))
    assert isinstance(error, LineCountError) and error.size == (8, 8)
    assert "expected 8 row clues after 'rows'" in str(error)  # (said as before)
    assert error.colour_clues is not None
    palette, rows, cols = error.colour_clues
    assert isinstance(palette, Palette)
    assert [c.rgb for c in palette.colours] == [c.rgb for c in puzzle.palette.colours]
    assert rows == puzzle.rows[:3] + puzzle.rows[4:] and cols == puzzle.cols
    assert error.meta is not None and error.meta["title"] == "Bows"
    assert error.clue_lines is not None and len(error.clue_lines) == 15
    assert error.with_source("x.non").colour_clues == error.colour_clues
    assert getattr(error.with_source("x.non"), "size", None) == (8, 8)
    # the colour typo finder puts row 4 back, the picture's clues exactly
    report = find_colour_typos(palette, rows, cols, time_limit=10)
    (fix,) = report.line_fixes
    assert (fix.rows, fix.cols) == (puzzle.rows, puzzle.cols)
    assert "with 1r 2g put in as row 4" in fix.text()


def test_a_row_typed_twice_keeps_the_colour_clues_and_the_size() -> None:
    puzzle = picture_puzzle()
    error = _error(mistyped_text(6, doubled=True))
    assert isinstance(error, LineCountError) and error.size == (8, 8)
    assert "a surplus clue line" in str(error)
    assert error.colour_clues is not None
    palette, rows, cols = error.colour_clues
    assert rows == puzzle.rows[:6] + puzzle.rows[5:] and cols == puzzle.cols
    assert isinstance(palette, Palette)
    report = find_colour_typos(palette, rows, cols, time_limit=10)
    assert [(f.rows, f.cols) for f in report.line_fixes] == [(puzzle.rows, puzzle.cols)]


def test_another_error_after_a_short_section_is_said_as_before() -> None:
    """A bad ``color`` line in a file a row short: the section's error, as it was."""
    text = mistyped_text(4, doubled=False).replace("color r #cc0000", "color r #zz0000")
    with pytest.raises(PuzzleError) as caught:
        colour_non.read(text, "bows.non")
    assert not isinstance(caught.value, InconsistentPuzzleError)
    assert "expected 8 row clues after 'rows'" in str(caught.value)


def test_check_names_the_colour_row_left_out(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bows.non"
    path.write_text(mistyped_text(4, doubled=False))
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert "expected 8 row clues after 'rows'" in out
    assert "one seems to be missing after row 3: with 1r 2g put in as row 4" in out
    assert "Row clues: 7 lines for a height of 8." in out  # (searched with the declared size)


def test_the_declared_size_keeps_only_the_line_fixes_of_that_size() -> None:
    """Row 3 typed twice: without the size, a column put back (9x9 clues, one picture too) is
    offered beside the row dropped; with it, only the row dropped (the picture's clues)."""
    puzzle = picture_puzzle()
    error = _error(mistyped_text(3, doubled=True))
    assert isinstance(error, LineCountError) and error.colour_clues is not None
    palette, rows, cols = error.colour_clues
    assert isinstance(palette, Palette)
    loose = find_colour_typos(palette, rows, cols, time_limit=10)
    assert any((len(f.cols), len(f.rows)) == (9, 9) for f in loose.line_fixes)
    sized = find_colour_typos(palette, rows, cols, time_limit=10, size=error.size)
    assert [(f.rows, f.cols) for f in sized.line_fixes] == [(puzzle.rows, puzzle.cols)]
    assert sized.problem == "Row clues: 9 lines for a height of 8."
    assert not sized.suggestions  # (no single edit of a clue is looked for)


def test_a_heading_a_line_early_is_said_as_found() -> None:
    """The 'columns' heading a line early (rows a line short, columns a line long): the colour
    search moves no line across, so the rows' error is said as found, with no line fix that
    cannot be (the black-and-white reader keeps both sections for its finder)."""
    lines = colour_non.write(picture_puzzle()).split("\n")
    heading, last_row = lines.index("columns"), lines.index("rows") + 8
    text = "\n".join([*lines[:last_row], "columns", lines[last_row], *lines[heading + 1 :]])
    with pytest.raises(PuzzleError) as caught:
        colour_non.read(text, "bows.non")
    assert "expected 8 row clues after 'rows' (line 7), found only 7" in str(caught.value)
    assert not isinstance(caught.value, LineCountError)
