"""A whole colour clue line left out or typed twice (a typist copying from a book): the colour
typo search offers the line put back or dropped, with the clue that goes there, as the
black-and-white search does; before, it said only "No single edit of one clue applies here"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from colour_red_blue import COLS, PALETTE, ROWS

from nonostudio.analysis.typos.colour_edits import clue_words
from nonostudio.analysis.typos.colour_finder import find_colour_typos
from nonostudio.analysis.typos.colour_lines import EXTRA, colour_line_count_fixes
from nonostudio.analysis.typos.edits import MOVE
from nonostudio.analysis.typos.lines import DOUBLED, MISSING
from nonostudio.cli import main
from nonostudio.core.colour.model import ColourClues
from nonostudio.core.colour.solver import solve_colour


def _cut(clues: ColourClues, k: int) -> ColourClues:
    return (*clues[:k], *clues[k + 1 :])


@pytest.mark.parametrize(("axis", "k"), [("row", 0), ("row", 2), ("row", 4), ("column", 3)])
def test_a_line_left_out_is_put_back_with_its_clue(axis: str, k: int) -> None:
    rows, cols = (_cut(ROWS, k), COLS) if axis == "row" else (ROWS, _cut(COLS, k))
    report = find_colour_typos(PALETTE, rows, cols, time_limit=20)
    assert report.complete and not report.top()
    back = [f for f in report.line_fixes if (f.rows, f.cols) == (ROWS, COLS)]
    assert back and back[0].kind == MISSING and back[0].axis == axis
    for fix in report.line_fixes:  # every fix offered makes one picture
        assert solve_colour(fix.rows, fix.cols, len(PALETTE)).verdict.is_unique
    # the words name the place and the clue, where "No single edit ..." stood
    text = report.offered_title()
    clue = (ROWS if axis == "row" else COLS)[k]
    assert f"put in as {axis} {k + 1}" in text
    assert (clue_words(clue, PALETTE) if clue else f"an empty {axis}") in text


def test_a_line_typed_twice_is_dropped() -> None:
    rows = (*ROWS[:2], ROWS[2], *ROWS[2:])
    fixes, complete = colour_line_count_fixes(PALETTE, rows, COLS)
    assert complete
    dropped = [f for f in fixes if f.kind == DOUBLED]
    assert [(f.axis, f.index) for f in dropped] == [("row", 2)]
    assert (dropped[0].rows, dropped[0].cols) == (ROWS, COLS)
    assert "row 3's clue" in dropped[0].text()
    assert "typed twice (rows 3 and 4)" in dropped[0].text()
    for fix in fixes:  # (a column put back fits these 6 rows too: one picture, as said)
        assert solve_colour(fix.rows, fix.cols, len(PALETTE)).verdict.is_unique


def test_no_line_fix_where_the_totals_say_no_line_is_missing() -> None:
    # one number changed: the single edit is the fix, and no line is put back or dropped
    (n, colour), *rest = ROWS[0]
    rows = (((n + 1, colour), *rest), *ROWS[1:])
    report = find_colour_typos(PALETTE, rows, COLS, time_limit=20)
    assert report.top() and not report.line_fixes


def test_an_empty_line_too_many_is_dropped() -> None:
    # a blank line too many in a .g's columns reads as an empty column: totals stay equal, every
    # later column moves on one, the clues have no solution and no single edit mends them
    cols = (*COLS[:4], (), *COLS[4:])
    report = find_colour_typos(PALETTE, ROWS, cols, time_limit=20)
    assert report.complete and not report.top()
    extra = [f for f in report.line_fixes if f.kind == EXTRA]
    assert [(f.axis, f.index) for f in extra] == [("column", 4)]
    assert (extra[0].rows, extra[0].cols) == (ROWS, COLS)
    assert "column 5 is empty and seems to be one too many" in report.offered_title()
    for fix in report.line_fixes:
        assert solve_colour(fix.rows, fix.cols, len(PALETTE)).verdict.is_unique


def test_an_empty_line_too_many_is_said_beside_edits_that_only_move_it() -> None:
    # an empty row 2 too many: exchanging it with row 1 or row 3 makes one picture too, but the
    # grid keeps the extra row; dropping it gives back the puzzle typed from
    rows = (ROWS[0], (), *ROWS[1:])
    report = find_colour_typos(PALETTE, rows, COLS, time_limit=20)
    assert report.top() and all(s.edit.kind == MOVE for s in report.top())
    extra = [f for f in report.line_fixes if f.kind == EXTRA]
    assert [(f.axis, f.index) for f in extra] == [("row", 1)]
    assert (extra[0].rows, extra[0].cols) == (ROWS, COLS)
    title = report.offered_title()
    assert title.startswith("Row clues: 6 lines; row 2 is empty and seems to be one too many")
    assert "Or one of these edits, which keeps the grid's size" in title


def test_check_json_says_a_colour_line_fix_in_colour_letters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the command line's line_fixes_text was the black-and-white words: "(3, 1) (1, 2)"
    lines = ["#d", *(f"{c.char}:{c.char} {c.rgb} {c.name}" for c in PALETTE.colours[1:])]
    lines += [": rows", *(clue_words(c, PALETTE) or "0" for c in _cut(ROWS, 2))]
    lines += [": columns", *(clue_words(c, PALETTE) or "0" for c in COLS)]
    path = tmp_path / "left_out.g"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    main(["check", "--json", str(path)])
    (row,) = json.loads(capsys.readouterr().out)
    text, clue = row["line_fixes_text"], clue_words(ROWS[2], PALETTE)
    assert "put in as row 3" in text and clue in text and "(1, " not in text
    assert clue in [fix["clue"] for fix in row["line_fixes"]]
