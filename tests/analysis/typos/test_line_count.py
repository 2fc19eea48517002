"""A whole clue line left out or typed twice (every later line shifted): the finder names the
place, and each fix it names is checked against the complete solver on real puzzles with a line
removed or doubled; the .non reader keeps the clues of a section one line short or long."""

from __future__ import annotations

import pytest

from nonostudio.analysis.typos import find_typos
from nonostudio.analysis.typos.lines import DOUBLED, EXTRA, MISSING, fixes_text, line_count_fixes
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import read_file
from nonostudio.core.formats.non import read as read_non
from nonostudio.core.formats.non import write as write_non
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.core.solver import Verdict, solve

SAMPLES = ("number-loom-too-much-weather.non", "webpbn-26167-bloop-bloop.non")


def _sample(name: str) -> Puzzle:
    return read_file(samples_dir() / name).without_goal()


def _check(fixes, truth: Puzzle) -> None:
    """Each fix is true (its clues make exactly one picture, said by the complete solver, and
    line-solvable only when line logic alone solves them), and the true clues are among them
    (with the other kinds: a row left out also leaves the columns' total the larger, as a
    column typed twice does)."""
    for fix in fixes:
        verdict = solve(Puzzle(fix.rows, fix.cols)).verdict
        assert verdict.is_unique, fix.text()
        assert fix.line_solvable == (verdict is Verdict.UNIQUE_LINE), fix.text()
    assert (truth.rows, truth.cols) in {(f.rows, f.cols) for f in fixes}
    # (a clue put back beside an equal line: the same clues at either place, said once)
    assert len({(f.rows, f.cols) for f in fixes}) == len(fixes)


#: Each sample's rows on one side, its columns on the other (every line of both, in 1 s).
HALVES = [(SAMPLES[0], "row"), (SAMPLES[1], "column")]
OTHER_HALVES = [(SAMPLES[0], "column"), (SAMPLES[1], "row")]


@pytest.mark.parametrize(("name", "axis"), HALVES)
def test_each_line_left_out_is_found_and_every_fix_is_true(name: str, axis: str) -> None:
    truth = _sample(name)
    lines = truth.rows if axis == "row" else truth.cols
    for k in range(len(lines)):
        short = (*lines[:k], *lines[k + 1 :])
        rows, cols = (short, truth.cols) if axis == "row" else (truth.rows, short)
        fixes, complete = line_count_fixes(rows, cols)
        assert complete
        _check(fixes, truth)


@pytest.mark.parametrize(("name", "axis"), OTHER_HALVES)
def test_each_line_typed_twice_is_found_and_every_fix_is_true(name: str, axis: str) -> None:
    truth = _sample(name)
    lines = truth.rows if axis == "row" else truth.cols
    for k in range(len(lines)):
        if not lines[k]:
            continue  # an empty line typed twice leaves equal totals: no single shift
        long = (*lines[: k + 1], *lines[k:])
        rows, cols = (long, truth.cols) if axis == "row" else (truth.rows, long)
        fixes, complete = line_count_fixes(rows, cols)
        assert complete
        _check(fixes, truth)


def test_the_finder_names_the_missing_line_in_words() -> None:
    """Bike with row 8 left out: no single edit mends it ('No single edit of one clue makes the
    puzzle unique (27 tried)' before); the row is named with its clue.  (The whole search on
    these clues, with the two typos looked for after, takes 1.7 s: test_cli_typos runs it on
    Dancer.)"""
    bike = read_file(samples_dir() / "jwilk-038-bike.non")
    rows = (*bike.rows[:7], *bike.rows[8:])
    fixes, complete = line_count_fixes(rows, bike.cols)
    assert complete
    assert fixes_text(fixes) == (
        "Row clues: 19 lines; one seems to be missing after row 7: with 3 3 2 1 1 (or 3 3 1 1 2) "
        "put in as row 8, the clues (20 rows, 20 columns) make one picture."
    )
    report = find_typos(rows, bike.cols, time_limit=10, size=(20, 20))
    assert report.as_dict()["line_fixes"][0]["clue"] == "3 3 2 1 1"
    doubled, _ = line_count_fixes((*bike.rows[:8], *bike.rows[7:]), bike.cols)
    assert fixes_text(doubled) == (
        "Row clues: 21 lines; row 8's clue 3 3 2 1 1 seems to be typed twice (rows 8 and 9): "
        "without one of them, the clues (20 rows, 20 columns) make one picture."
    )


def test_an_empty_row_left_out_is_put_back_as_empty() -> None:
    """The book shows an empty row as nothing: left out, the totals stay equal."""
    rows = ((1,), (), (1,))
    cols = ((1, 1),)
    fixes, _ = line_count_fixes((rows[0], rows[2]), cols)
    assert [(f.kind, f.index, f.clue) for f in fixes] == [(MISSING, 1, ())]
    assert "with an empty row put in as row 2" in fixes[0].text()


def test_a_non_file_a_line_short_or_long_keeps_its_clues_for_the_finder() -> None:
    """The reader's message is as it was; the clues read come with it (the finder had none)."""
    dancer = _sample("webpbn-00001-dancer.non")
    text = write_non(dancer).splitlines()
    start = text.index("rows") + 1
    short = "\n".join(text[: start + 2] + text[start + 3 :])  # row 3 left out
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_non(short, "d.non")
    assert caught.value.message.endswith("found only 9 before this blank line")
    assert caught.value.clues is not None
    rows, cols = caught.value.clues
    assert rows == (*dancer.rows[:2], *dancer.rows[3:]) and cols == dancer.cols
    fixes, _ = line_count_fixes(rows, cols)
    assert (dancer.rows, dancer.cols) in {(f.rows, f.cols) for f in fixes}
    # the last column left out, where the file ends: 'the file ends after 4'
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_non("\n".join(text[: text.index("columns") + 5]), "d.non")
    assert caught.value.message.endswith("the file ends after 4")
    assert caught.value.clues == (dancer.rows, dancer.cols[:4])
    long = "\n".join(text[: start + 4] + [text[start + 3]] + text[start + 4 :])  # row 4 twice
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_non(long, "d.non")
    assert "1 more clue line follows" in caught.value.message
    assert caught.value.clues == ((*dancer.rows[:4], *dancer.rows[3:]), dancer.cols)


def test_clues_too_long_for_their_lines_are_no_doubled_line() -> None:
    """Two equal columns whose sum is the surplus, but the columns too long for the two rows
    (a row left out): dropping a column leaves them too long, which raised from Puzzle (seen in
    bench_typos --lines on a 25x14 Janko puzzle); a row put back fits."""
    fixes, complete = line_count_fixes(((1,), (1,)), ((1, 1), (1, 1)))
    assert complete and {f.kind for f in fixes} <= {MISSING}


def test_with_the_declared_size_only_the_line_count_is_searched() -> None:
    """A file that declares its size: no edit of a clue can mend a count, so none is offered
    (a single edit of 19x20 clues can make them one picture, of another size), and the problem
    is said as the count against the size."""
    bike = read_file(samples_dir() / "jwilk-038-bike.non")
    rows = (*bike.rows[:7], *bike.rows[8:])
    report = find_typos(rows, bike.cols, time_limit=10, size=(20, 20))
    assert report.problem == "Row clues: 19 lines for a height of 20."
    assert not report.suggestions and report.complete
    assert {(len(f.cols), len(f.rows)) for f in report.line_fixes} == {(20, 20)}
    assert (bike.rows, bike.cols) in {(f.rows, f.cols) for f in report.line_fixes}
    # nothing fits: said so, not "no single edit"
    none = find_typos(rows, ((1,),) * 20, time_limit=10, size=(20, 20))
    assert none.no_suggestion_text().startswith("No line put back or dropped makes the clues")


def test_the_count_is_said_once_for_several_places() -> None:
    """Bike's last column left out (where a .non file ends: 'the file ends after 19'): two places
    fit, the count said once ('or column clues: 19 lines; one seems ...' repeated it)."""
    bike = read_file(samples_dir() / "jwilk-038-bike.non")
    report = find_typos(bike.rows, bike.cols[:19], time_limit=10, size=(20, 20))
    assert report.no_suggestion_text() == (
        "Column clues: 19 lines; one seems to be missing after column 18: with 1 4 1 2 put in as "
        "column 19, the clues (20 rows, 20 columns) make one picture; or a column seems to be "
        "missing after column 19: with 8 put in as column 20, the clues (20 rows, 20 columns) "
        "make one picture."
    )


#: The Duck, the format notes' example, 9 rows and 8 columns, as a puzzle string.
DUCK_ROWS = "3:2,1:3,2:2,2:6:1,5:6:1:2"
DUCK_COLS = "1,2:3,1:1,5:7,1:5:3:4:3"


def test_a_separator_typed_twice_in_the_rows_is_an_empty_row_too_many() -> None:
    """'6::1,5' in the Duck's rows reads as an empty row 6 of its own (an empty field is an
    empty line: legal), 10 rows and no solution; the finder said only 'No single edit of one
    clue makes the puzzle unique (23 tried)' (an empty line is not equal to its neighbour, so
    the doubled-line search skipped it).  The empty line dropped gives the Duck."""
    from nonostudio.core.formats import read_any_text

    duck = read_any_text(f"{DUCK_ROWS}-{DUCK_COLS}")
    typed = read_any_text(f"{DUCK_ROWS.replace('6:1,5', '6::1,5')}-{DUCK_COLS}")
    assert len(typed.rows) == 10 and typed.rows[5] == ()
    report = find_typos(typed.rows, typed.cols, time_limit=10)
    assert [(f.kind, f.axis, f.index) for f in report.line_fixes] == [(EXTRA, "row", 5)]
    assert (report.line_fixes[0].rows, report.line_fixes[0].cols) == (duck.rows, duck.cols)
    assert report.no_suggestion_text() == (
        "Row clues: 10 lines; row 6 is empty and seems to be one too many (a blank line or a "
        "separator typed twice): without it, the clues (9 rows, 8 columns) make one picture, "
        "line-solvable."
    )


def test_an_empty_column_too_many_is_said_before_the_edit_that_moves_it() -> None:
    """'4::3' in the Duck's columns: 9 columns, no solution; the one edit offered was 'columns
    8 and 9: exchange their clues (0 and 3)': unique, but a 9-wide puzzle, not the Duck.  The
    empty column dropped is said first, the edit after it."""
    from nonostudio.core.formats import read_any_text

    duck = read_any_text(f"{DUCK_ROWS}-{DUCK_COLS}")
    typed = read_any_text(f"{DUCK_ROWS}-{DUCK_COLS.replace('4:3', '4::3')}")
    report = find_typos(typed.rows, typed.cols, time_limit=10)
    assert [(f.kind, f.axis, f.index) for f in report.line_fixes] == [(EXTRA, "column", 7)]
    assert (report.line_fixes[0].rows, report.line_fixes[0].cols) == (duck.rows, duck.cols)
    lines = report.text_lines()
    assert lines[1].startswith("Column clues: 9 lines; column 8 is empty and seems to be one too")
    assert lines[1].endswith(
        "Or this edit, which keeps the grid's size (it makes the puzzle unique too):"
    )
    assert "columns 8 and 9: exchange their clues (0 and 3)" in lines[2]


def test_every_empty_line_too_many_said_is_true() -> None:
    """An empty row inserted at each place of the Duck: each EXTRA fix offered leaves clues
    with exactly one picture (the complete solver), dropping an empty line that was typed."""
    from nonostudio.core.formats import read_any_text

    duck = read_any_text(f"{DUCK_ROWS}-{DUCK_COLS}")
    said = 0
    for k in range(len(duck.rows) + 1):
        rows = (*duck.rows[:k], (), *duck.rows[k:])
        fixes, complete = line_count_fixes(rows, duck.cols)
        assert complete
        for fix in fixes:
            if fix.kind == EXTRA:
                said += 1
                assert rows[fix.index] == () and solve(Puzzle(fix.rows, fix.cols)).verdict.is_unique
    assert said >= 9


def test_the_last_column_typed_twice_is_said_before_the_edit_that_empties_it() -> None:
    """The Duck's last column typed twice ('...:4:3:3'): the one edit offered was 'column 9:
    drop the 3 (3 becomes 0)', unique but a 9-wide puzzle with an empty last column (a line
    typed twice at the end is always so mended), not the Duck.  The copy dropped is said first,
    the edit after it."""
    from nonostudio.core.formats import read_any_text

    duck = read_any_text(f"{DUCK_ROWS}-{DUCK_COLS}")
    assert isinstance(duck, Puzzle) and duck.cols[-1] == (3,)
    report = find_typos(duck.rows, (*duck.cols, (3,)), time_limit=10)
    assert [(f.kind, f.axis, f.index) for f in report.line_fixes] == [(DOUBLED, "column", 7)]
    assert (report.line_fixes[0].rows, report.line_fixes[0].cols) == (duck.rows, duck.cols)
    lines = report.text_lines()
    assert lines[1].startswith("Column clues: 9 lines; column 8's clue 3 seems to be typed twice")
    assert "column 9: drop the 3 (3 becomes 0)" in lines[2]


def test_a_line_typed_twice_is_said_beside_a_changed_number_that_also_fits() -> None:
    """The Dancer with its row 2 (2 1) typed twice: 'column 5: add a 3' alone was offered (the
    11-row clues it leaves make one picture too); the row typed twice, which gives back the
    Dancer, was not looked for, since an edit was found.  Now it is, first."""
    dancer = _sample("webpbn-00001-dancer.non")
    rows = (*dancer.rows[:2], *dancer.rows[1:])
    report = find_typos(rows, dancer.cols, time_limit=10)
    assert [(f.kind, f.axis, f.index) for f in report.line_fixes] == [(DOUBLED, "row", 1)]
    _check(report.line_fixes, dancer)
    assert [s.edit.text() for s in report.top()] == ["column 5: add a 3 (2 1 becomes 2 3 1)"]
    assert report.text_lines()[1].startswith("Row clues: 11 lines; row 2's clue 2 1 seems to be")


@pytest.mark.parametrize("name", SAMPLES)
def test_a_line_across_the_dash_is_taken_back_and_every_fix_is_true(name: str) -> None:
    """A puzzle string's '-' one clue early (the last row typed as the first column) or late
    (the first column as the last row): each side a line off, no edit or line put back mends
    it.  The true clues are among the fixes, each of which makes one picture."""
    from nonostudio.analysis.typos.lines import MOVED, moved_fixes

    truth = _sample(name)
    early = (truth.rows[:-1], (truth.rows[-1], *truth.cols))
    late = ((*truth.rows, truth.cols[0]), truth.cols[1:])
    for (rows, cols), axis in ((early, "row"), (late, "column")):
        fixes, complete = moved_fixes(rows, cols)
        assert complete
        _check(fixes, truth)
        assert [
            (f.kind, f.axis) for f in fixes if (f.rows, f.cols) == (truth.rows, truth.cols)
        ] == [(MOVED, axis)]
        report = find_typos(rows, cols, time_limit=10)
        assert (truth.rows, truth.cols) in {(f.rows, f.cols) for f in report.line_fixes}


@pytest.mark.parametrize("late", [False, True])
def test_a_non_file_whose_columns_heading_is_a_line_off_offers_the_line_moved_back(
    late: bool,
) -> None:
    """The 'columns' heading one line early (the last row under it: rows a line short, columns
    a line long) or late (the first column under 'rows'): the reader's error is the first
    section's, as before, and now keeps the clues, and the finder moves the line back across
    (before, the second section's surplus dropped the clues: no typo search)."""
    dancer = _sample("webpbn-00001-dancer.non")
    text = write_non(dancer).splitlines()
    heading = text.index("columns")
    last_row = text.index("rows") + dancer.height
    if late:
        typed = [*text[: heading - 1], text[heading + 1], "columns", *text[heading + 2 :]]
        words = "a surplus clue line: the 'rows' section (line 9) already has its 10 clues"
        read_as = ((*dancer.rows, dancer.cols[0]), dancer.cols[1:])
    else:
        typed = [*text[:last_row], "columns", text[last_row], *text[heading + 1 :]]
        words = "expected 10 row clues after 'rows' (line 9), found only 9 before 'columns'"
        read_as = (dancer.rows[:-1], (dancer.rows[-1], *dancer.cols))
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_non("\n".join(typed), "d.non")
    assert words in caught.value.message
    assert caught.value.clues == read_as
    report = find_typos(*read_as, time_limit=10, size=(dancer.width, dancer.height))
    assert [(f.rows, f.cols) for f in report.line_fixes] == [(dancer.rows, dancer.cols)]
    assert (
        report.line_fixes[0]
        .text()
        .startswith(
            "column 1's clue 2 1 seems typed as row 11" if late else "row 10's clue 2 seems typed"
        )
    )


def test_a_declared_size_mistyped_is_said_when_the_lines_as_typed_make_one_picture() -> None:
    """'width 21' over Bike's 20 columns: only an empty column put back at either end was
    offered; the problem now says the lines as typed make one picture (the complete solver's
    verdict), and is as before where they do not."""
    bike = _sample("jwilk-038-bike.non")
    report = find_typos(bike.rows, bike.cols, time_limit=10, size=(21, 20))
    assert report.problem.startswith("Column clues: 20 lines for a width of 21.")
    assert solve(bike).verdict is Verdict.UNIQUE_SEARCH  # (so "one picture", not line-solvable)
    assert report.problem.endswith(
        " The clues as typed (20 rows, 20 columns) make one picture: the width typed 21 for 20?"
    )
    rows = (*bike.rows[:7], *bike.rows[8:])  # a row left out: no picture as typed
    assert find_typos(rows, bike.cols, time_limit=10, size=(20, 20)).problem == (
        "Row clues: 19 lines for a height of 20."
    )
