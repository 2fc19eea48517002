"""Two lines' clues run together (a puzzle string's '17:18' typed '17,18') or one line's clue
cut in two ('2,5,11' typed '2,5:11'): every later line shifted, the totals kept, so no single
edit and no line put back or dropped mends it ('No single edit of one clue makes the totals
equal with every clue fitting').  The true clues are among the fixes, each of which makes one
picture by the complete solver."""

from __future__ import annotations

import pytest

from nonostudio.analysis.typos import find_typos
from nonostudio.analysis.typos.lines import CUT_IN_TWO, RUN_TOGETHER
from nonostudio.analysis.typos.separators import separator_fixes
from nonostudio.console import main
from nonostudio.core.formats import read_file, write_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.core.solver import Verdict, solve


def _sample(name: str) -> Puzzle:
    return read_file(samples_dir() / name).without_goal()


def _mistyped(truth: Puzzle, axis: str, k: int, run_together: bool) -> tuple[tuple, tuple]:
    """``truth``'s clues with lines ``k`` and ``k + 1`` of ``axis`` typed as one, or line ``k``
    cut in two after its first number."""
    lines = list(truth.rows if axis == "row" else truth.cols)
    if run_together:
        lines[k : k + 2] = [lines[k] + lines[k + 1]]
    else:
        lines[k : k + 1] = [lines[k][:1], lines[k][1:]]
    typed = tuple(lines)
    return (typed, truth.cols) if axis == "row" else (truth.rows, typed)


@pytest.mark.parametrize("name", ["jwilk-150-buffalo.non", "webpbn-00001-dancer.non"])
@pytest.mark.parametrize("run_together", [True, False])
def test_the_true_clues_are_among_the_fixes_and_every_fix_is_true(
    name: str, run_together: bool
) -> None:
    truth = _sample(name)
    tried = 0
    for axis in ("row", "column"):
        lines = truth.rows if axis == "row" else truth.cols
        for k in range(len(lines) - 1):
            if not (lines[k] and lines[k + 1]) if run_together else len(lines[k]) < 2:
                continue
            rows, cols = _mistyped(truth, axis, k, run_together)
            fixes, complete = separator_fixes(rows, cols)
            assert complete
            for fix in fixes:
                verdict = solve(Puzzle(fix.rows, fix.cols)).verdict
                assert verdict.is_unique, fix.text()
                assert fix.line_solvable == (verdict is Verdict.UNIQUE_LINE)
            kind = RUN_TOGETHER if run_together else CUT_IN_TWO
            assert (kind, axis, k, truth.rows, truth.cols) in {
                (f.kind, f.axis, f.index, f.rows, f.cols) for f in fixes
            }
            tried += 1
            if tried == 6:
                return


def test_the_finder_offers_them_for_the_command_line_only() -> None:
    """Said in words naming the lines; not offered by default (the editor, a line per clue,
    cannot make them)."""
    buffalo = _sample("jwilk-150-buffalo.non")
    rows, cols = _mistyped(buffalo, "row", 13, run_together=True)  # 17 and 18: 17 18
    report = find_typos(rows, cols, time_limit=10, separators=True)
    assert [(f.rows, f.cols) for f in report.line_fixes] == [(buffalo.rows, buffalo.cols)]
    assert report.no_suggestion_text() == (
        "Row 14's clue 17 18 seems to be two rows' clues run together: with 17 as row 14 and "
        "18 as row 15, the clues (20 rows, 25 columns) make one picture, line-solvable."
    )
    assert not find_typos(rows, cols, time_limit=10).line_fixes
    rows, cols = _mistyped(buffalo, "column", 8, run_together=False)  # 1 3 3 1: 1 and 3 3 1
    report = find_typos(rows, cols, time_limit=10, separators=True)
    assert (buffalo.rows, buffalo.cols) in {(f.rows, f.cols) for f in report.line_fixes}
    assert (
        "Columns 9 and 10 (1 and 3 3 1) seem to be one column's clue cut in two: with 1 3 3 "
        "1 as column 9" in report.no_suggestion_text()
    )


def test_check_says_it_for_a_puzzle_string(capsys: pytest.CaptureFixture[str]) -> None:
    buffalo = _sample("jwilk-150-buffalo.non")
    typed = write_text(buffalo, "string").strip().replace(":17:18:", ":17,18:", 1)
    main(["check", typed])
    out = capsys.readouterr().out
    assert "Row 14's clue 17 18 seems to be two rows' clues run together" in out


@pytest.mark.parametrize("run_together", [True, False])
def test_a_non_file_a_line_short_or_long_so_gets_the_fix(run_together: bool) -> None:
    """A .non row's clue typed over two lines (the rows a line long) or two rows' on one (a line
    short): 'No line put back or dropped makes the clues one picture'; with the declared size
    the fix that gives it is offered (for the command line: not by default)."""
    bike = _sample("jwilk-038-bike.non")
    k = next(i for i, c in enumerate(bike.rows) if len(c) > 1 and bike.rows[i + 1])
    rows, cols = _mistyped(bike, "row", k, run_together)
    report = find_typos(rows, cols, time_limit=10, size=(20, 20), separators=True)
    kind = RUN_TOGETHER if run_together else CUT_IN_TWO
    assert (kind, bike.rows, bike.cols) in {(f.kind, f.rows, f.cols) for f in report.line_fixes}
    assert {(len(f.cols), len(f.rows)) for f in report.line_fixes} == {(20, 20)}
    plain = find_typos(rows, cols, time_limit=10, size=(20, 20))
    assert kind not in {f.kind for f in plain.line_fixes}
