"""The typo finder: each kind of typo on real and small puzzles, its verdicts against the complete
solver, the contradiction in words against a brute-force line check, progress and cancel."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.typos import (
    ADD,
    CHANGE,
    DROP,
    MOVE,
    SPLIT,
    SWAP,
    broken_line,
    contradiction_text,
    find_typos,
)
from nonostudio.analysis.typos.edits import candidate_edits
from nonostudio.analysis.typos.finder import (
    MULTIPLE,
    NO_SOLUTION,
    TOO_LONG,
    UNEQUAL_TOTALS,
    Suggestion,
    _first_of_two,
)
from nonostudio.core.formats import read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.core.solver import Verdict, solve

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from sentence_checker import arrangements  # noqa: E402  (the independent brute-force checker)

FACE = """
..####..
.#....#.
#.#..#.#
#......#
#.#..#.#
#..##..#
.#....#.
..####..
"""


def face() -> Puzzle:
    grid = np.array([[ch == "#" for ch in line] for line in FACE.split()], dtype=np.int8)
    return Puzzle.from_grid(grid).without_goal()


@pytest.fixture(scope="module")
def vulture() -> Puzzle:
    return read_file(samples_dir() / "jwilk-007-vulture.non").without_goal()


def _with_row(puzzle: Puzzle, index: int, clue: tuple[int, ...]) -> list[tuple[int, ...]]:
    rows = list(puzzle.rows)
    rows[index] = clue
    return rows


def test_preconditions(vulture: Puzzle) -> None:
    assert solve(vulture).verdict is Verdict.UNIQUE_LINE
    assert solve(face()).verdict is Verdict.UNIQUE_SEARCH


def test_a_number_typed_too_high_is_found_first(vulture: Puzzle) -> None:
    # Row 7 is 3 3 6 1 1; typed 4 3 6 1 1, the totals differ by one.
    rows = _with_row(vulture, 6, (4, 3, 6, 1, 1))
    report = find_typos(rows, vulture.cols)
    assert report.problem_kind == UNEQUAL_TOTALS
    assert "Row clues fill" in report.problem
    top = report.top(3)
    assert len(top) == 1  # the only edit that makes the puzzle unique
    best = top[0]
    assert best.edit.kind == CHANGE
    assert best.edit.apply(tuple(rows), vulture.cols) == (vulture.rows, vulture.cols)
    assert best.edit.text() == "row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1)"
    assert best.verdict is Verdict.UNIQUE_LINE and best.line_solvable
    assert best.confidence == pytest.approx(1.0)
    data = best.as_dict()
    assert data["line"] == "row 7" and data["before"] == "4 3 6 1 1"
    assert data["after"] == "3 3 6 1 1" and data["verdict"] == "unique_line"
    assert set(data) >= {"line", "kind", "before", "after", "verdict", "line_solvable"}


def test_confidences_share_the_unique_edits(vulture: Puzzle) -> None:
    # Row 1 typed 8 for 7: several single edits make a unique puzzle; the true one is among them.
    report = find_typos(_with_row(vulture, 0, (8,)), vulture.cols)
    unique = [s for s in report.suggestions if s.unique]
    assert len(unique) > 1
    assert sum(s.confidence for s in unique) == pytest.approx(1.0)
    assert any(s.edit.after == ((7,),) and s.edit.index == 0 for s in unique)
    assert all(s.confidence == 0 for s in report.suggestions if not s.unique)


@pytest.mark.parametrize("index", [0, 2, 5])
def test_every_verdict_agrees_with_the_complete_solver(index: int) -> None:
    """The shared line cache and the incremental SAT solver (selectors, blocking clauses that
    hold for one edited puzzle only) decide each edited puzzle as the complete solver does."""
    puzzle = face()
    clue = puzzle.rows[index]
    rows = _with_row(puzzle, index, (clue[0] + 1, *clue[1:]))
    report = find_typos(rows, puzzle.cols)
    assert report.complete and report.suggestions
    for s in report.suggestions:
        expected = solve(Puzzle(*s.edit.apply(tuple(rows), puzzle.cols))).verdict
        assert s.verdict is expected, s.edit.text()
        assert s.line_solvable == (expected is Verdict.UNIQUE_LINE)
    assert any(
        s.edit.apply(tuple(rows), puzzle.cols) == (puzzle.rows, puzzle.cols) and s.unique
        for s in report.suggestions
    )


def test_a_dropped_number_is_added_back() -> None:
    puzzle = face()
    rows = _with_row(puzzle, 5, (1, 1))  # row 6 is 1 2 1: the 2 was left out
    report = find_typos(rows, puzzle.cols)
    fix = [s for s in report.top(10) if s.edit.lines == (("row", 5),)]
    assert fix and fix[0].edit.kind == ADD and fix[0].edit.after == ((1, 2, 1),)
    assert fix[0].edit.text() == "row 6: add a 2 (1 1 becomes 1 2 1)"


def test_an_added_number_is_dropped(vulture: Puzzle) -> None:
    rows = _with_row(vulture, 16, (1, 3, 3, 2, 1))  # row 17 is 1 3 3 2: a 1 typed too many
    report = find_typos(rows, vulture.cols)
    kinds = {(s.edit.kind, s.edit.index, s.edit.after) for s in report.top(10)}
    assert (DROP, 16, ((1, 3, 3, 2),)) in kinds


def test_swapped_neighbours_are_swapped_back(vulture: Puzzle) -> None:
    rows = _with_row(vulture, 5, (4, 3, 7, 5))  # row 6 is 3 4 7 5
    report = find_typos(rows, vulture.cols)
    assert report.problem_kind == NO_SOLUTION
    assert report.problem.startswith("No solution: row 6 cannot hold 4 3 7 5 once columns ")
    best = report.top(1)[0]
    assert best.edit.kind == SWAP
    assert best.edit.text() == "row 6: swap 4 and 3 (4 3 7 5 becomes 3 4 7 5)"
    # With equal totals no number can change alone: only swaps and moves are tried.
    assert {e.kind for e in candidate_edits(tuple(rows), vulture.cols)} == {SWAP, MOVE}


@pytest.mark.parametrize(
    ("sample", "axis", "index", "typed"),
    [
        ("webpbn-00006-cat.non", "row", 4, (13,)),  # 1 3 typed 13: totals 163 / 154
        ("number-loom-too-much-weather.non", "row", 0, (22, 2)),  # 2 2 2: too long, 22 -> 4 fits
        ("webpbn-00023-edge.non", "column", 3, (22,)),  # 2 2 typed 22: too long for 11
    ],
)
def test_two_numbers_typed_without_a_space_are_split(
    sample: str, axis: str, index: int, typed: tuple[int, ...]
) -> None:
    """A missing space ("13" for "1 3") is the likeliest fix, and it gives the book's clues back;
    the finder tried no split before, and offered none (cat) or a wrong change (22 2 -> 4 2)."""
    book = read_file(samples_dir() / sample).without_goal()
    rows, cols = list(book.rows), list(book.cols)
    (rows if axis == "row" else cols)[index] = typed
    report = find_typos(rows, cols)
    best = report.top(1)[0]
    assert best.edit.kind == SPLIT and best.unique
    assert best.edit.apply(tuple(rows), tuple(cols)) == (book.rows, book.cols)
    assert best.verdict is solve(book).verdict
    assert ", a space left out (" in best.edit.text()


def test_a_split_names_its_number_and_keeps_a_zero_whole() -> None:
    edit = candidate_edits(((1, 13),), ((1,),) * 5 + ((),) * 2)
    split = [e for e in edit if e.kind == SPLIT]
    assert [e.after for e in split] == [((1, 1, 3),)]
    assert split[0].text() == "row 1: 13 \u2192 1 3, a space left out (1 13 becomes 1 1 3)"
    # 10 is never "1 0", and 101 only "10 1": a part does not start with 0.
    tens = candidate_edits(((101,),), ((1,),) * 11 + ((),))
    assert [e.after for e in tens if e.kind == SPLIT] == [((10, 1),)]


def test_a_clue_on_the_neighbouring_line_is_moved_back(vulture: Puzzle) -> None:
    rows = list(vulture.rows)
    rows[7], rows[8] = rows[8], rows[7]
    report = find_typos(rows, vulture.cols)
    best = report.top(1)[0]
    assert best.edit.kind == MOVE
    assert best.edit.line_name == "rows 8 and 9"
    assert best.edit.apply(tuple(rows), vulture.cols) == (vulture.rows, vulture.cols)


def test_several_solutions_are_named(vulture: Puzzle) -> None:
    # Two empty rows in a 3x3 with a symmetric clue: several pictures, no single edit helps
    # unless it breaks the tie.
    report = find_typos([(1,), (1,), ()], [(1,), (1,), ()])
    assert report.problem_kind == MULTIPLE
    for s in report.suggestions:
        assert s.verdict is solve(Puzzle(*s.edit.apply(((1,), (1,), ()), ((1,), (1,), ())))).verdict


def test_a_clue_too_long_for_its_line() -> None:
    rows = [(4,), (1,), (1,)]  # 3 wide: the 4 cannot fit
    cols = [(1,), (1,), (2,)]
    report = find_typos(rows, cols)
    assert report.problem_kind == TOO_LONG
    assert report.problem == "row 1: the clue 4 needs 4 cells but the row has only 3."
    assert report.candidates > 0
    assert all(("row", 0) in s.edit.lines for s in report.suggestions)
    fix = [s for s in report.suggestions if s.edit.after == ((2,),)]
    assert len(fix) == 1 and fix[0].edit.kind == CHANGE
    assert fix[0].verdict is solve(Puzzle(((2,), (1,), (1,)), tuple(cols))).verdict


def test_every_candidate_balances_the_totals(vulture: Puzzle) -> None:
    rows = _with_row(vulture, 3, (3, 4, 3, 2, 5))
    edits = candidate_edits(tuple(rows), vulture.cols)
    assert {e.kind for e in edits} <= {CHANGE, ADD, DROP}
    for e in edits:
        new_rows, new_cols = e.apply(tuple(rows), vulture.cols)
        assert sum(map(sum, new_rows)) == sum(map(sum, new_cols))


def test_a_unique_puzzle_has_nothing_to_find(vulture: Puzzle) -> None:
    report = find_typos(vulture.rows, vulture.cols)
    assert not report.needs_fixing and report.suggestions == []


def test_the_contradiction_is_true_of_its_line(vulture: Puzzle) -> None:
    rows = _with_row(vulture, 5, (4, 3, 7, 5))
    puzzle = Puzzle(tuple(rows), vulture.cols)
    broken = broken_line(puzzle)
    assert broken is not None and (broken.axis, broken.index) == ("row", 5)
    # The claim: no arrangement of the clue fits the cells the crossing lines placed ...
    assert arrangements(broken.clue, broken.cells) == []
    # ... and the crossing lines named are exactly those with a cell decided in the line.
    text = contradiction_text(puzzle)
    assert text is not None and text == broken.text()
    assert text.startswith("row 6 cannot hold 4 3 7 5 once columns ")
    placed = [i + 1 for i, cell in enumerate(broken.cells) if cell != -1]
    assert text.endswith(" are placed") and str(placed[0]) in text
    assert contradiction_text(vulture) is None


def test_contradiction_words_name_one_crossing_line() -> None:
    # Column 1 needs two cells in a row but row 2 is empty.
    puzzle = Puzzle(((1,), (), (1,)), ((2,), (), ()))
    assert contradiction_text(puzzle) == "column 1 cannot hold 2 once row 2 is placed"
    broken = broken_line(puzzle)
    assert broken is not None and arrangements(broken.clue, broken.cells) == []


def test_progress_and_cancel(vulture: Puzzle) -> None:
    rows = _with_row(vulture, 6, (4, 3, 6, 1, 1))
    fractions: list[float] = []
    report = find_typos(rows, vulture.cols, progress=lambda f, m: fractions.append(f))
    assert fractions and fractions[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in fractions) and fractions == sorted(fractions)
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 5

    stopped = find_typos(rows, vulture.cols, should_stop=stop)
    assert stopped.cancelled and not stopped.complete
    assert stopped.examined < report.examined
    assert "stopped" in stopped.text_lines()[-1]


def test_text_lines(vulture: Puzzle) -> None:
    report = find_typos(_with_row(vulture, 6, (4, 3, 6, 1, 1)), vulture.cols)
    lines = report.text_lines()
    assert lines[0] == report.problem
    assert lines[2] == (
        "  1. row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1): unique, line-solvable, "
        "confidence 100%"
    )


def test_two_typos_offer_the_first_then_the_second(vulture: Puzzle) -> None:
    rows = _with_row(vulture, 6, (4, 3, 6, 1, 1))  # row 7 is 3 3 6 1 1
    rows[5] = (4, 3, 7, 5)  # and row 6 is 3 4 7 5
    report = find_typos(rows, vulture.cols)
    assert report.top(3) == []  # no single edit makes it unique
    # Both typos' edits may be the first of two (the change, and the swap, which keeps the
    # totals), and together they are the one pair that makes the puzzle unique.
    firsts = {s.edit.text(): s for s in report.first_of_two(10)}
    first = firsts["row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1)"]
    assert first.one_more_typo and first.as_dict()["one_more_typo"] is True
    assert "row 6: swap 4 and 3 (4 3 7 5 becomes 3 4 7 5)" in firsts
    (pair,) = report.offered(3)
    assert pair.is_pair and pair.confidence == pytest.approx(1.0)
    assert pair.edit.apply(tuple(rows), vulture.cols) == (vulture.rows, vulture.cols)
    assert report.pairs_text() in report.text_lines()
    # An edit marked so really leaves a puzzle that one more left-out line makes solvable:
    # here the second typo's line, row 6.
    rows2, cols2 = first.edit.apply(tuple(rows), vulture.cols)
    assert solve(Puzzle(rows2, cols2)).verdict is Verdict.NO_SOLUTION
    then = find_typos(rows2, cols2)
    best = then.top(1)[0]
    assert best.edit.kind == SWAP and best.edit.apply(rows2, cols2) == (vulture.rows, vulture.cols)
    # Edits not marked leave a puzzle that one left-out line does not mend: here only the two
    # typos' own edits are marked, of hundreds tried.
    others = [s for s in report.suggestions if s.verdict is Verdict.NO_SOLUTION]
    marked = {s.edit.text() for s in others if s.one_more_typo}
    assert len(others) > 100 and marked == set(firsts) == {first.edit.text(), *firsts}
    assert len(marked) == 2


def test_two_numbers_one_too_high_are_both_offered(vulture: Puzzle) -> None:
    # Row 7 is 3 3 6 1 1 and column 5 starts with 5: both typed one too high, so the totals are
    # equal again and no single edit can mend the clues.
    rows = _with_row(vulture, 6, (4, 3, 6, 1, 1))
    cols = list(vulture.cols)
    cols[4] = (cols[4][0] + 1, *cols[4][1:])
    report = find_typos(rows, cols)
    assert report.problem_kind == NO_SOLUTION and report.top(3) == []
    offered = {(s.edit.line_name, s.edit.after) for s in report.first_of_two(2)}
    assert offered == {("row 7", ((3, 3, 6, 1, 1),)), ("column 5", (vulture.cols[4],))}
    # Either one first leaves a puzzle with one typo, found as a single edit.
    first = report.first_of_two(1)[0]
    rows2, cols2 = first.edit.apply(tuple(rows), tuple(cols))
    then = find_typos(rows2, cols2)
    assert then.top(1)[0].edit.apply(rows2, cols2) == (vulture.rows, vulture.cols)


def test_two_typos_are_found_as_a_pair_that_makes_the_puzzle_unique() -> None:
    # Scardy Cat (20x20, line-solvable) typed with row 7's 7 as 6 and column 16's 6 as 5: the
    # totals agree again and no single edit mends the clues.
    cat = read_file(samples_dir() / "webpbn-00006-cat.non").without_goal()
    assert cat.rows[6] == (1, 7, 1, 1) and cat.cols[15] == (6,)
    rows = _with_row(cat, 6, (1, 6, 1, 1))
    cols = list(cat.cols)
    cols[15] = (5,)
    report = find_typos(rows, cols)
    assert report.problem_kind == NO_SOLUTION and report.top(3) == []
    pairs = report.pairs(len(report.suggestions))
    assert report.offered(3) == pairs[:3]
    # The true pair is among them, and every pair offered really makes the puzzle unique (the
    # complete solver, apart from the finder's incremental one).
    assert any(p.edit.apply(tuple(rows), tuple(cols)) == (cat.rows, cat.cols) for p in pairs)
    for pair in pairs:
        assert pair.is_pair and len(pair.edit.lines) == 2
        assert solve(Puzzle(*pair.edit.apply(tuple(rows), tuple(cols)))).verdict.is_unique
    assert sum(p.confidence for p in pairs) == pytest.approx(1.0)
    # Where to look in the book: every line of a pair, the two mistyped ones among them.
    lines = report.pair_lines()
    assert "rows 7" in lines and "16" in lines.split("column")[1]
    text = report.text_lines()
    assert text[2] == report.pairs_text() and text[3].startswith("  1. ") and "together" in text[3]
    data = pairs[0].as_dict()
    assert data["kind"] == "pair" and [e["line"] for e in data["edits"]] == data["line"].split(
        " and "
    )


def test_a_cancel_stops_the_two_typo_pass_too(vulture: Puzzle) -> None:
    # The first-of-two pass asks, for each edit left without a solution, whether one more line
    # left out mends it: a cancel must end it before the next question, as it ends the others.
    rows = _with_row(vulture, 6, (4, 3, 6, 1, 1))
    edits = candidate_edits(tuple(rows), vulture.cols)[:3]
    found = [Suggestion(e, Verdict.NO_SOLUTION, False, 1.0) for e in edits]
    asked: list[object] = []

    class Decider:
        def one_more_typo(self, edit: object, limit: float, should_stop: object) -> bool:
            asked.append(edit)
            return True

    out = _first_of_two(found, Decider(), None, lambda: True, None)  # type: ignore[arg-type]
    assert asked == [] and out == found
    out = _first_of_two(found, Decider(), None, None, None)  # type: ignore[arg-type]
    assert len(asked) == 3 and all(s.one_more_typo for s in out)


def test_a_swap_report_counts_one_line_in_the_singular() -> None:
    """'Row clues: 1 lines for a height of 3' said of a one-column puzzle's swapped sections."""
    import time

    from nonostudio.analysis.typos.finder import _swap_report

    report = _swap_report(((1,),), ((1,), (0,), (0,)), (1, 3), time.perf_counter(), None, None)
    assert report.problem.startswith(
        "Row clues: 1 line for a height of 3; column clues: 3 lines for a width of 1"
    ), report.problem
