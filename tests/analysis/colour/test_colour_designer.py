"""Designer checks for colour puzzles (no Qt): the cells one colour at a time and colour line
logic leave, and single-cell edits (a cell painted another colour) that make a picture's puzzle
unique or line-solvable, each edit's verdict checked by brute force over every picture."""

from __future__ import annotations

import itertools
import time

from nonostudio.analysis.colour.designer import (
    check_colour_design,
    colour_edits,
    colour_stuck_region,
    colour_summary_text,
)
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.solver import Verdict

RED, BLUE = Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")
PALETTE = Palette((WHITE, RED, BLUE))


def _of(picture) -> ColourPuzzle:  # type: ignore[no-untyped-def]
    return ColourPuzzle(PALETTE, *clues_of_colour_grid(picture))


def solutions(picture, ncolours: int = 3) -> int:  # type: ignore[no-untyped-def]
    """How many pictures of the same size have the same clues (brute force)."""
    h, w = len(picture), len(picture[0])
    clues = clues_of_colour_grid(picture)
    return sum(
        1
        for cells in itertools.product(range(ncolours), repeat=h * w)
        if clues_of_colour_grid([cells[r * w : (r + 1) * w] for r in range(h)]) == clues
    )


def test_stuck_region_one_colour_at_a_time_then_line_logic() -> None:
    # red and blue touch in every line: one colour at a time decides nothing, the colour line
    # solver every cell
    crossed = colour_stuck_region(_of([[1, 2], [2, 1]]))
    assert crossed.one_colour_stuck.all() and not crossed.logic_stuck.any()
    assert crossed.verdict is Verdict.UNIQUE_LINE
    apart = colour_stuck_region(_of([[1, 0, 2], [1, 0, 2]]))
    assert not apart.one_colour_stuck.any() and not apart.logic_stuck.any()


def test_edits_make_a_picture_with_several_solutions_unique() -> None:
    picture = ((1, 0, 0), (0, 1, 0), (0, 0, 2))  # the two reds can swap corners
    assert solutions(picture) == 2
    search = colour_edits(picture, PALETTE, max_edits=3)
    assert search.verdict is Verdict.MULTIPLE and search.edits
    for edit in search.edits:
        edited = edit.apply(picture)
        cells = zip(sum(edited, ()), sum(picture, ()), strict=True)
        assert sum(a != b for a, b in cells) == 1  # one cell painted another colour
        assert solutions(edited) == 1, edit
        assert edit.verdict.is_unique
    findings = check_colour_design(_of(picture), picture)
    words = findings.summary()
    assert f"{len(findings.edits)} single-cell edits make it unique" in words
    assert findings.edits[0].describe(PALETTE).startswith("paint row ")


def test_a_unique_line_solvable_picture_needs_no_edit() -> None:
    picture = ((1, 2), (2, 1))
    findings = check_colour_design(_of(picture), picture)
    assert findings.edits == [] and findings.search is not None
    assert findings.search.verdict is Verdict.UNIQUE_LINE
    assert findings.summary() == (
        "One colour at a time gets stuck with 4 cells undecided (shaded): they need colour "
        "reasoning; line logic with the colours each cell may still be then finishes. "
        "The puzzle is unique and line-solvable: no edit needed."
    )


def test_cells_colour_reasoning_cannot_decide_are_not_said_to_need_it() -> None:
    """Seen on r0001.xml (several solutions): "One colour at a time gets stuck with 8 cells
    undecided: they need colour reasoning; line logic with the colours ... then leaves 8" —
    colour line logic decided none of the 8, so they need search, not colour reasoning. The
    words say how many colour line logic decides, and call only those colour reasoning."""
    # one colour, two pictures (a diagonal either way): nothing decides any cell
    none = check_colour_design(_of([[1, 0], [0, 1]]), None)
    assert int(none.region.one_colour_stuck.sum()) == int(none.region.logic_stuck.sum()) == 4
    assert "need colour reasoning" not in none.summary()
    assert none.summary().startswith(
        "One colour at a time gets stuck with 4 cells undecided (shaded); line logic with the "
        "colours each cell may still be decides none of them: 4 are left (hatched)."
    )
    # two colours: colour line logic decides 4 of the 8 cells one colour at a time leaves
    some = check_colour_design(_of([[1, 0, 2], [0, 1, 2], [0, 2, 1]]), None)
    one, logic = int(some.region.one_colour_stuck.sum()), int(some.region.logic_stuck.sum())
    assert (one, logic) == (8, 4)
    assert "then decides 4 of them (they need colour reasoning) and leaves 4 (hatched)." in (
        some.summary()
    )


def test_clues_without_a_picture_get_no_edits_and_say_so() -> None:
    findings = check_colour_design(_of([[1, 0, 2], [1, 0, 2]]), None)
    assert findings.search is None
    assert findings.summary() == (
        "One colour at a time decides every cell: no colour reasoning needed. These clues have "
        "no picture to edit, so no single-cell edit is suggested."
    )


def test_the_edit_search_stops_when_asked() -> None:
    picture = tuple(tuple((r + c) % 2 for c in range(12)) for r in range(12))  # many solutions
    started = time.monotonic()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    search = colour_edits(picture, PALETTE, should_stop=stop)
    assert time.monotonic() - started < 5 and (search.stopped or not search.edits)


def test_a_count_of_one_is_said_in_the_singular() -> None:
    """'then decides 1 of them (they need colour reasoning)' and '1 are left' (review): the
    verb follows the count."""
    import numpy as np

    from nonostudio.analysis.colour.designer import ColourStuckRegion, colour_summary_text

    def region(one: int, logic: int) -> ColourStuckRegion:
        cells = np.zeros(10, dtype=bool)
        stuck = cells.copy()
        cells[:one] = True
        stuck[:logic] = True
        return ColourStuckRegion(cells, stuck, Verdict.MULTIPLE)

    assert "decides 1 of them (it needs colour reasoning) and leaves 4" in colour_summary_text(
        region(5, 4), None
    )
    assert "decides none of them: 1 is left (hatched)." in colour_summary_text(region(1, 1), None)
    assert "1 cell undecided (shaded): it needs colour" in colour_summary_text(region(1, 0), None)


def test_a_search_stopped_at_its_count_of_edits_says_at_least() -> None:
    """'3 single-cell edits make it unique' after the search stopped at its third: there may be
    more, so it says 'At least 3'; a search that tried every cell gives the count as it is."""
    picture = ((1, 0, 0), (0, 1, 0), (0, 0, 2))  # the two reds can swap corners
    region = colour_stuck_region(_of(picture))
    stopped = colour_edits(picture, PALETTE, max_edits=1)
    assert len(stopped.edits) == 1 and stopped.tried < stopped.candidates
    assert "At least 1 single-cell edit makes it unique" in colour_summary_text(region, stopped)
    every = colour_edits(picture, PALETTE, max_edits=100)
    assert every.tried == every.candidates
    words = colour_summary_text(region, every)
    assert f"{len(every.edits)} single-cell edits make it unique (numbered" in words
    assert "At least" not in words
