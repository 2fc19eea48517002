"""Designer checks for a colour puzzle: where one colour at a time (and then colour line logic)
gets stuck, and single-cell edits of a painted picture (a cell painted another palette colour)
that make its puzzle unique, or line-solvable, each verified by the colour solver.

The colour counterpart of :mod:`nonostudio.analysis.helping.designer`: there the rule set is the
first reasoning and line logic the second; here the first is one colour at a time (every
black-and-white technique on each colour's clues, :func:`.grade.one_colour_grid`), so the cells
it leaves are the ones that need colour reasoning, and the second the exact colour line solver
with the sets of colours passed between lines (the colour solver's line logic).  Edits are
looked for where they can matter — the cells line logic leaves undecided first, then by distance
from them, each trying every other colour of the palette — within a time limit and a count,
with progress and ``should_stop``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from nonostudio.analysis.colour.grade import one_colour_grid
from nonostudio.analysis.helping.designer import (
    EDIT_GOALS,
    MAX_EDITS,
    candidate_cells,
    edits_text,
)
from nonostudio.core.colour.model import ColourClues, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.colour.solver import ColourSolveResult, solve_colour
from nonostudio.core.counts import count, number
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.solver import Verdict

__all__ = [
    "ColourDesignFindings",
    "ColourEdit",
    "ColourEditSearch",
    "ColourStuckRegion",
    "check_colour_design",
    "colour_edits",
    "colour_stuck_region",
    "colour_summary_text",
]

Picture = Sequence[Sequence[int]]


def _undecided(grid: Sequence[Sequence[int]]) -> np.ndarray:
    """A boolean mask of the cells whose set holds more than one colour."""
    return np.array([[bool(x & (x - 1)) for x in row] for row in grid], dtype=bool)


@dataclass(frozen=True)
class ColourStuckRegion:
    """The cells one colour at a time leaves undecided (``one_colour_stuck``: they need colour
    reasoning) and those colour line logic leaves undecided (``logic_stuck``, within them)."""

    one_colour_stuck: np.ndarray
    logic_stuck: np.ndarray
    verdict: Verdict


def colour_stuck_region(
    puzzle: ColourPuzzle,
    *,
    time_limit: float | None = None,
    should_stop: StopCallback | None = None,
) -> ColourStuckRegion:
    """Where one colour at a time gets stuck on ``puzzle``, where colour line logic does, and the
    colour solver's verdict (within ``time_limit`` seconds)."""
    found = solve_colour(
        puzzle.rows, puzzle.cols, puzzle.ncolours, time_limit=time_limit, should_stop=should_stop
    )
    return ColourStuckRegion(
        _undecided(one_colour_grid(puzzle)), _undecided(found.grid), found.verdict
    )


@dataclass(frozen=True)
class ColourEdit:
    """Paint the picture's cell (row, col) palette colour ``colour``; ``verdict`` is the colour
    solver's verdict on the edited picture's puzzle."""

    row: int
    col: int
    colour: int
    verdict: Verdict

    def describe(self, palette: Palette) -> str:
        return (
            f"paint row {self.row + 1}, column {self.col + 1} {palette[self.colour].name} "
            f"({self.verdict.label})"
        )

    def apply(self, picture: Picture) -> tuple[tuple[int, ...], ...]:
        """A copy of ``picture`` with this edit made."""
        rows = [list(row) for row in picture]
        rows[self.row][self.col] = self.colour
        return tuple(tuple(row) for row in rows)


@dataclass
class ColourEditSearch:
    """The edits found, the picture's own verdict and how far the search got."""

    verdict: Verdict
    edits: list[ColourEdit] = field(default_factory=list)
    candidates: int = 0
    tried: int = 0
    stopped: bool = False  # the time limit or should_stop() ended the search early


def _accepts(goal: str, verdict: Verdict) -> bool:
    return verdict.is_unique if goal == "unique" else verdict is Verdict.UNIQUE_LINE


def colour_edits(
    picture: Picture,
    palette: Palette,
    *,
    logic_stuck: np.ndarray | None = None,
    max_edits: int = MAX_EDITS,
    time_limit: float = 10.0,
    solve_time_limit: float = 2.0,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> ColourEditSearch:
    """Up to ``max_edits`` single-cell edits of a painted ``picture`` (rows of palette indices)
    that make its puzzle unique when it has several solutions, or line-solvable when it is
    unique but needs search; nothing is searched otherwise (or when the solver cannot decide
    the picture's puzzle within ``solve_time_limit`` seconds).  ``logic_stuck`` is the mask of
    cells line logic leaves undecided on the picture's puzzle (computed when not given)."""
    rows, cols = clues_of_colour_grid(picture)
    ncolours = len(palette)

    def solved(rows_: ColourClues, cols_: ColourClues) -> ColourSolveResult:
        return solve_colour(
            rows_, cols_, ncolours, time_limit=solve_time_limit, should_stop=should_stop
        )

    first = solved(rows, cols)
    goal = EDIT_GOALS.get(first.verdict)
    out = ColourEditSearch(first.verdict, stopped=first.cancelled)
    if goal is None:
        return out
    region = _undecided(first.grid) if logic_stuck is None else logic_stuck
    cells = candidate_cells(region)
    out.candidates = len(cells)
    deadline = time.perf_counter() + time_limit
    for r, c in cells:
        for colour in range(ncolours):
            if colour == picture[r][c]:
                continue
            if len(out.edits) >= max_edits:
                return out
            if time.perf_counter() > deadline or (should_stop is not None and should_stop()):
                out.stopped = True
                return out
            edit = ColourEdit(r, c, colour, Verdict.UNDECIDED)
            found = solved(*clues_of_colour_grid(edit.apply(picture)))
            if _accepts(goal, found.verdict):
                out.edits.append(ColourEdit(r, c, colour, found.verdict))
                break  # one colour a cell is enough: the next cell
        out.tried += 1
        if progress is not None:
            progress(
                out.tried / len(cells),
                f"looking for edits: tried {number(out.tried)} of {count(len(cells), 'cell')}, "
                f"{count(len(out.edits), 'edit')} found",
            )
    return out


@dataclass(frozen=True)
class ColourDesignFindings:
    """What the colour designer checks found: where solving gets stuck, and (for a painted
    picture) the edits that would help (None when there is no picture to edit)."""

    region: ColourStuckRegion
    search: ColourEditSearch | None
    palette: Palette

    @property
    def edits(self) -> list[ColourEdit]:
        return [] if self.search is None else list(self.search.edits)

    def summary(self) -> str:
        return colour_summary_text(self.region, self.search)


def check_colour_design(
    puzzle: ColourPuzzle,
    picture: Picture | None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    *,
    time_limit: float = 10.0,
) -> ColourDesignFindings:
    """The stuck region of ``puzzle`` and, for a painted ``picture`` (its clues are
    ``puzzle``'s), the edits of :func:`colour_edits` within ``time_limit`` seconds."""
    region = colour_stuck_region(puzzle, time_limit=time_limit, should_stop=should_stop)
    search = None
    if picture is not None:
        search = colour_edits(
            picture,
            puzzle.palette,
            logic_stuck=region.logic_stuck,
            time_limit=time_limit,
            progress=progress,
            should_stop=should_stop,
        )
    return ColourDesignFindings(region, search, puzzle.palette)


def colour_summary_text(region: ColourStuckRegion, search: ColourEditSearch | None) -> str:
    """The findings in words."""
    one_left = int(region.one_colour_stuck.sum())
    logic_left = int(region.logic_stuck.sum())
    if region.verdict is Verdict.NO_SOLUTION:
        parts = ["No picture fits the clues."]
    elif one_left == 0:
        parts = ["One colour at a time decides every cell: no colour reasoning needed."]
    elif logic_left == 0:
        parts = [
            f"One colour at a time gets stuck with {count(one_left, 'cell')} undecided (shaded): "
            f"{'it needs' if one_left == 1 else 'they need'} colour reasoning; line logic with "
            "the colours each cell may still be then finishes."
        ]
    elif logic_left < one_left:
        parts = [
            f"One colour at a time gets stuck with {count(one_left, 'cell')} undecided (shaded); "
            "line logic with the colours each cell may still be then decides "
            f"{number(one_left - logic_left)} of them "
            f"({'it needs' if one_left - logic_left == 1 else 'they need'} colour reasoning) and "
            f"leaves {number(logic_left)} (hatched)."
        ]
    else:  # colour reasoning decides none of them: "they need colour reasoning" would be false
        parts = [
            f"One colour at a time gets stuck with {count(one_left, 'cell')} undecided (shaded); "
            "line logic with the colours each cell may still be decides none of them: "
            f"{number(logic_left)} {'is' if logic_left == 1 else 'are'} left (hatched)."
        ]
    if search is None:
        if region.verdict is not Verdict.NO_SOLUTION:
            parts.append(
                "These clues have no picture to edit, so no single-cell edit is suggested."
            )
        return " ".join(parts)
    every = search.tried >= search.candidates  # (not stopped at the first MAX_EDITS)
    found = edits_text(search.verdict, len(search.edits), search.stopped, every)
    if found not in parts:  # "No picture fits the clues." is said once
        parts.append(found)
    return " ".join(parts)
