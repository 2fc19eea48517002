"""The typo search of a colour puzzle: the problem named (a clue too long, a colour whose totals
differ, no solution and where line logic breaks, several solutions) and the single edit that
undoes a typo found and ranked first, for each kind of typo, on a small flag with one picture;
the sentence about a broken line checked against every arrangement of its clue; ``check`` on
colour files shows the problem and the likely fix."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from colour_red_blue import COLS, PALETTE, ROWS

from nonostudio.analysis.typos.colour_edits import RECOLOUR, clue_words, colour_candidate_edits
from nonostudio.analysis.typos.colour_finder import (
    ColourBrokenLine,
    find_colour_typos,
    propagate,
)
from nonostudio.analysis.typos.finder import MULTIPLE, NO_SOLUTION, TOO_LONG, UNEQUAL_TOTALS
from nonostudio.cli import main
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import ColourClues, line_clue
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.solver import Verdict


def test_the_flag_is_unique_by_line_logic() -> None:
    assert solve_colour(ROWS, COLS, len(PALETTE)).verdict is Verdict.UNIQUE_LINE


def _with(clues: ColourClues, index: int, clue: tuple[tuple[int, int], ...]) -> ColourClues:
    return tuple(clue if i == index else c for i, c in enumerate(clues))


def _first_fix(rows: ColourClues, cols: ColourClues) -> tuple[ColourClues, ColourClues]:
    report = find_colour_typos(PALETTE, rows, cols, time_limit=20)
    assert report.complete
    best = report.offered(1)[0]
    assert best.unique and best.confidence > 0
    return best.edit.apply(rows, cols)


def test_a_changed_number_is_found_and_the_colour_totals_named() -> None:
    (n, c), *rest = ROWS[1]
    typed = _with(ROWS, 1, ((n + 1, c), *rest))
    report = find_colour_typos(PALETTE, typed, COLS)
    assert report.problem_kind == UNEQUAL_TOTALS
    assert "red (r): row clues fill" in report.problem
    assert _first_fix(typed, COLS) == (ROWS, COLS)
    assert report.offered(1)[0].edit.line_name == "row 2"


def test_a_mistyped_colour_letter_is_recoloured_back() -> None:
    clue = COLS[2]
    j = next(k for k, (_, c) in enumerate(clue) if c == 1)
    n, _ = clue[j]
    typed = _with(COLS, 2, (*clue[:j], (n, 2), *clue[j + 1 :]))
    report = find_colour_typos(PALETTE, ROWS, typed)
    assert report.problem_kind == UNEQUAL_TOTALS
    assert "red" in report.problem and "blue" in report.problem
    best = report.offered(1)[0]
    assert best.edit.kind == RECOLOUR and best.edit.line_name == "column 3"
    assert best.edit.apply(ROWS, typed) == (ROWS, COLS)


def test_a_dropped_and_an_added_item_are_put_right() -> None:
    dropped = _with(ROWS, 3, ROWS[3][1:])
    assert _first_fix(dropped, COLS) == (ROWS, COLS)
    added = _with(COLS, 0, ((1, 1), *COLS[0]))
    assert _first_fix(ROWS, added) == (ROWS, COLS)


def test_swapped_items_are_swapped_back_with_equal_totals() -> None:
    clue = ROWS[4]
    typed = _with(ROWS, 4, (clue[1], clue[0], *clue[2:]))
    assert typed != ROWS
    report = find_colour_typos(PALETTE, typed, COLS)
    assert report.problem_kind in (NO_SOLUTION, MULTIPLE)
    assert _first_fix(typed, COLS) == (ROWS, COLS)


def test_a_clue_too_long_for_its_line_is_named_and_only_edits_touching_it_tried() -> None:
    (n, c), *rest = ROWS[0]
    typed = _with(ROWS, 0, ((n + 6, c), *rest))
    report = find_colour_typos(PALETTE, typed, COLS)
    assert report.problem_kind == TOO_LONG
    assert report.problem.startswith("row 1: the clue") and "the row has only 6" in report.problem
    assert all(("row", 0) in s.edit.lines for s in report.suggestions)
    assert _first_fix(typed, COLS) == (ROWS, COLS)


def test_every_edit_tried_evens_each_colour_s_totals() -> None:
    (n, c), *rest = ROWS[2]
    typed = _with(ROWS, 2, ((n + 2, c), *rest))
    edits = colour_candidate_edits(typed, COLS, PALETTE)
    assert edits
    for edit in edits:
        rows, cols = edit.apply(typed, COLS)
        for colour in (1, 2):
            rsum = sum(k for clue in rows for k, x in clue if x == colour)
            csum = sum(k for clue in cols for k, x in clue if x == colour)
            assert rsum == csum


def _arrangements(clue: tuple[tuple[int, int], ...], n: int) -> list[tuple[int, ...]]:
    return [
        cells
        for cells in itertools.product(range(len(PALETTE)), repeat=n)
        if line_clue(cells) == clue
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_broken_line_sentence_is_true(seed: int) -> None:
    """Where line logic stops a puzzle with no solution: no arrangement of the line's clue fits
    the cell sets line logic had left it, and the crossing lines it names are those that
    narrowed its cells."""
    import random

    rng = random.Random(seed)
    rows = list(ROWS)
    i = rng.randrange(len(rows))
    clue = list(rows[i])
    j = rng.randrange(len(clue))
    clue[j], clue[-1] = clue[-1], clue[j]
    rows[i] = tuple(clue)
    cols = list(COLS)
    k = rng.randrange(len(cols) - 1)
    cols[k], cols[k + 1] = cols[k + 1], cols[k]
    grid, broken = propagate(tuple(rows), tuple(cols), len(PALETTE))
    if broken is None:
        return  # this typo leaves a puzzle line logic does not contradict
    assert isinstance(broken, ColourBrokenLine)
    text = broken.text(PALETTE)
    assert text.startswith(f"{broken.axis} {broken.index + 1} cannot hold ")
    n = len(cols) if broken.axis == "row" else len(rows)
    assert len(broken.cells) == n
    fitting = [
        cells
        for cells in _arrangements(broken.clue, n)
        if all(broken.cells[k] >> colour & 1 for k, colour in enumerate(cells))
    ]
    assert not fitting  # no arrangement of the clue fits the cells line logic left the line
    assert solve_colour_line(broken.clue, broken.cells, len(PALETTE)) is None
    if broken.crossing:
        other = "column" if broken.axis == "row" else "row"
        assert f" once {other}" in text and "narrowed its cells" in text
        assert all(1 <= c <= n and broken.cells[c - 1] != 7 for c in broken.crossing)
    else:  # nothing crossing narrowed it: the clue cannot be laid in the line at all
        assert not _arrangements(broken.clue, n) and text.endswith(clue_words(broken.clue, PALETTE))


def _g_file(tmp_path: Path, name: str, rows: ColourClues, cols: ColourClues) -> Path:
    """An Olšák ``.g`` file of these clues, written as a typist would type it."""
    lines = ["typed", "#d", "   0:   #FFFFFF   white", "   r:r   #D62728   red"]
    lines += ["   b:b   #1F77B4   blue", ": rows"]
    lines += [clue_words(c, PALETTE) for c in rows] + [": columns"]
    lines += [clue_words(c, PALETTE) for c in cols]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_check_names_a_colour_typo_of_unequal_totals_and_of_no_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` on colour files: the mistyped number of a file whose colour totals differ (the
    reader refuses it) and the swapped items of one with no solution, each with its fix first;
    ``--json`` gives the same suggestions."""
    (n, c), *rest = ROWS[1]
    changed = _g_file(tmp_path, "changed.g", _with(ROWS, 1, ((n + 1, c), *rest)), COLS)
    clue = ROWS[4]
    swapped = _g_file(tmp_path, "swapped.g", _with(ROWS, 4, (clue[1], clue[0], *clue[2:])), COLS)
    assert main(["check", str(changed), str(swapped)]) == 2  # the first cannot be read
    out = capsys.readouterr().out
    first = out.split("changed.g: Each colour's row and column totals")[1]
    fix = f"1. row 2: {n + 1}{PALETTE[c].char} \u2192 {n}{PALETTE[c].char}"
    assert fix in first.split("swapped.g:")[0]
    second = out.split("swapped.g: ")[-1]
    assert second.startswith(("No solution", "More than one picture"))
    assert f"1. row 5: swap {clue_words(clue[1:2], PALETTE)} and" in second
    assert main(["check", "--json", str(changed)]) == 2
    (row,) = json.loads(capsys.readouterr().out)
    assert row["suggestions"][0]["line"] == "row 2" and row["suggestions"][0]["kind"] == "change"


def test_solve_names_a_colour_typo_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``solve`` on a colour file whose totals differ gives the likely fix with the error."""
    (n, c), *rest = ROWS[1]
    changed = _g_file(tmp_path, "changed.g", _with(ROWS, 1, ((n + 1, c), *rest)), COLS)
    assert main(["solve", str(changed)]) == 2
    out = capsys.readouterr().out
    assert f"1. row 2: {n + 1}{PALETTE[c].char} \u2192 {n}{PALETTE[c].char}" in out
