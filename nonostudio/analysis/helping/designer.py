"""Designer checks: where a rule set (and then line logic) gets stuck on a puzzle, and single-cell
edits of a drawn picture that make its puzzle unique, or line-solvable, each verified by the
complete solver.

Edits are looked for where they can matter: cells of the region line logic cannot decide first,
then cells by increasing distance from it.  The search is bounded (a time limit and a count of
edits), reports progress and honours ``should_stop``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

import numpy as np

from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.counts import count, number
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.language.ast import Rule

__all__ = [
    "Edit",
    "EditSearch",
    "StuckRegion",
    "DesignFindings",
    "stuck_region",
    "uniqueness_edits",
    "line_solvable_edits",
    "find_edits",
    "check_design",
    "summary_text",
    "MAX_EDITS",
]


MAX_EDITS = 5


@dataclass(frozen=True)
class StuckRegion:
    """The cells the rule set decides (``rules_grid``) and those line logic then decides
    (``logic_grid``); UNKNOWN marks the cells still undecided in each."""

    rules_grid: np.ndarray
    logic_grid: np.ndarray
    stopped: bool = False
    """The rules were stopped (their time limit, or ``should_stop``) before they got stuck:
    ``rules_grid`` is what they had decided so far, so more may be theirs to decide."""

    @property
    def rules_stuck(self) -> np.ndarray:
        """Boolean mask of the cells the rule set alone leaves undecided."""
        return self.rules_grid == UNKNOWN

    @property
    def logic_stuck(self) -> np.ndarray:
        """Boolean mask of the cells the rule set and line logic together leave undecided."""
        return self.logic_grid == UNKNOWN


def _following(progress: ProgressCallback) -> ProgressCallback:
    """``progress`` told what the rule trace is doing, as a phrase of the designer checks."""
    return lambda fraction, message: progress(fraction, f"following the rules: {message}")


def _line_logic(puzzle: Puzzle, grid: np.ndarray) -> np.ndarray:
    state = GridState.from_grid(puzzle, grid)
    try:
        state.propagate()
    except Contradiction as exc:
        raise InconsistentPuzzleError(
            "the puzzle has no solution: line logic reaches a contradiction"
        ) from exc
    return state.to_grid()


def stuck_region(
    puzzle: Puzzle,
    rules: Sequence[Rule],
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    time_limit: float | None = None,
) -> StuckRegion:
    """Where ``rules`` get stuck on ``puzzle``, and where line logic gets stuck after them.
    ``progress(fraction of cells decided, "following the rules: step N: technique")`` is told
    as the rules go (on webpbn-sized 200x200 puzzles they take minutes); ``should_stop()``
    returning True, or ``time_limit`` seconds passing (None: no limit), ends them early, the
    region then being where they had got to (``stopped``).

    Raises InconsistentPuzzleError when the puzzle has no solution.
    """
    said = None if progress is None else _following(progress)
    stop = should_stop
    if time_limit is not None:
        deadline = time.perf_counter() + time_limit

        def stop() -> bool:
            return time.perf_counter() > deadline or (
                should_stop is not None and bool(should_stop())
            )

    trace = rule_trace(puzzle, rules, fallback=False, progress=said, should_stop=stop)
    rules_grid = trace.grid_after(len(trace.steps))
    return StuckRegion(rules_grid, _line_logic(puzzle, rules_grid), trace.interrupted)


@dataclass(frozen=True)
class Edit:
    """Set the picture's cell (row, col) to ``value``; ``verdict`` is the complete solver's
    verdict on the edited picture's puzzle."""

    row: int
    col: int
    value: int
    verdict: Verdict

    def describe(self) -> str:
        action = "fill" if self.value == FILLED else "empty"
        return f"{action} row {self.row + 1}, column {self.col + 1} ({self.verdict.label})"

    def apply(self, picture: np.ndarray) -> np.ndarray:
        """A copy of ``picture`` with this edit made."""
        out = np.array(picture, dtype=np.int8)
        out[self.row, self.col] = self.value
        return out


@dataclass
class EditSearch:
    """The edits found, the original puzzle's verdict and how far the search got."""

    verdict: Verdict
    edits: list[Edit] = field(default_factory=list)
    candidates: int = 0
    tried: int = 0
    stopped: bool = False  # the time limit or should_stop() ended the search early

    @property
    def complete(self) -> bool:
        """True when every candidate cell was tried (or enough edits were found)."""
        return not self.stopped

    @property
    def looked_at_all(self) -> bool:
        """True when every candidate cell was tried: the edits found are all there are.  False
        when the search stopped at its count of edits (:data:`MAX_EDITS`), its time limit or
        ``should_stop``, so that more edits may exist."""
        return not self.stopped and self.tried >= self.candidates


def _picture(picture: np.ndarray) -> np.ndarray:
    g = np.asarray(picture)
    if g.ndim != 2 or 0 in g.shape:
        raise ValueError(f"a picture is a non-empty 2-D grid, not an array of shape {g.shape}")
    return np.where(g == FILLED, FILLED, CROSSED).astype(np.int8)


def candidate_cells(region: np.ndarray) -> list[tuple[int, int]]:
    """Every cell, those in ``region`` (a boolean mask) first, then by increasing Manhattan
    distance from it; row-major among equals.  An empty region gives no candidates."""
    inside = np.argwhere(region)
    if not len(inside):
        return []
    h, w = region.shape
    rr, cc = np.mgrid[0:h, 0:w]
    dist = np.full((h, w), h + w, dtype=np.int64)
    for r, c in inside:
        np.minimum(dist, np.abs(rr - r) + np.abs(cc - c), out=dist)
    order = np.lexsort((cc.ravel(), rr.ravel(), dist.ravel()))
    return [(int(i // w), int(i % w)) for i in order]


def _search(
    picture: np.ndarray,
    accept: Callable[[Puzzle], Verdict | None],
    verdict: Verdict,
    region: np.ndarray,
    max_edits: int,
    time_limit: float,
    progress: ProgressCallback | None,
    should_stop: StopCallback | None,
) -> EditSearch:
    out = EditSearch(verdict)
    cells = candidate_cells(region)
    out.candidates = len(cells)
    deadline = time.perf_counter() + time_limit
    for r, c in cells:
        if len(out.edits) >= max_edits:
            break
        if time.perf_counter() > deadline or (should_stop is not None and should_stop()):
            out.stopped = True
            break
        edited = picture.copy()
        edited[r, c] = CROSSED if picture[r, c] == FILLED else FILLED
        found = accept(Puzzle.from_grid(edited))
        out.tried += 1
        if found is not None:
            out.edits.append(Edit(r, c, int(edited[r, c]), found))
        if progress is not None:
            progress(
                out.tried / len(cells),
                f"tried {number(out.tried)} of {count(len(cells), 'cell')}, "
                f"{count(len(out.edits), 'edit')} found",
            )
    return out


def _makes_unique(
    candidate: Puzzle, solve_time_limit: float, should_stop: StopCallback | None
) -> Verdict | None:
    result = solve(candidate, time_limit=solve_time_limit, should_stop=should_stop)
    return result.verdict if result.verdict.is_unique else None


def _makes_line_solvable(
    candidate: Puzzle, solve_time_limit: float, should_stop: StopCallback | None
) -> Verdict | None:
    state = GridState(candidate)
    state.propagate()  # a picture's own clues never contradict
    if not state.is_solved():
        return None
    result = solve(candidate, time_limit=solve_time_limit, should_stop=should_stop)
    return result.verdict if result.verdict is Verdict.UNIQUE_LINE else None


class EditOptions(TypedDict, total=False):
    """How an edit search may run: at most ``max_edits`` edits (default :data:`MAX_EDITS`),
    ``time_limit`` seconds in all (10), ``solve_time_limit`` seconds a candidate (2), with
    ``progress`` and ``should_stop``."""

    max_edits: int
    time_limit: float
    solve_time_limit: float
    progress: ProgressCallback | None
    should_stop: StopCallback | None


def _edits_from(
    picture: np.ndarray,
    start: Verdict,
    accept: Callable[[Puzzle, float, StopCallback | None], Verdict | None],
    *,
    max_edits: int = MAX_EDITS,
    time_limit: float = 10.0,
    solve_time_limit: float = 2.0,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> EditSearch:
    """Search edits of ``picture`` only when its own puzzle's verdict is ``start``."""
    pic = _picture(picture)
    puzzle = Puzzle.from_grid(pic)
    first = solve(puzzle, time_limit=solve_time_limit, should_stop=should_stop)
    if first.verdict is not start:
        return EditSearch(first.verdict, stopped=first.cancelled)
    region = _line_logic(puzzle, np.full(pic.shape, UNKNOWN, dtype=np.int8)) == UNKNOWN
    return _search(
        pic,
        lambda candidate: accept(candidate, solve_time_limit, should_stop),
        first.verdict,
        region,
        max_edits,
        time_limit,
        progress,
        should_stop,
    )


def uniqueness_edits(picture: np.ndarray, **options: Unpack[EditOptions]) -> EditSearch:
    """Up to ``max_edits`` single-cell edits of a drawn ``picture`` whose puzzle (its clues) has
    exactly one solution.  Nothing is searched when the picture's puzzle is already unique or
    when the solver cannot decide it within ``solve_time_limit`` seconds."""
    return _edits_from(picture, Verdict.MULTIPLE, _makes_unique, **options)


def line_solvable_edits(picture: np.ndarray, **options: Unpack[EditOptions]) -> EditSearch:
    """Up to ``max_edits`` single-cell edits of a drawn ``picture`` whose puzzle line logic
    solves (verified by the complete solver: ``unique, line-solvable``).  Nothing is searched
    when the picture's puzzle is already line-solvable or is not unique."""
    return _edits_from(picture, Verdict.UNIQUE_SEARCH, _makes_line_solvable, **options)


# --- the designer's policy: which search to run, and the findings in words ----------------------


def find_edits(
    picture: np.ndarray,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> EditSearch:
    """Edits making the picture's puzzle unique, or (when it is unique but needs search)
    line-solvable."""
    search = uniqueness_edits(picture, progress=progress, should_stop=should_stop)
    if search.verdict is Verdict.UNIQUE_SEARCH:
        search = line_solvable_edits(picture, progress=progress, should_stop=should_stop)
    return search


@dataclass(frozen=True)
class DesignFindings:
    """What the designer checks found: where solving gets stuck, and (for a drawn picture) the
    edits that would help (None when there is no picture to edit)."""

    region: StuckRegion
    search: EditSearch | None

    @property
    def edits(self) -> list[Edit]:
        return [] if self.search is None else list(self.search.edits)

    def summary(self) -> str:
        return summary_text(self.region, self.search)


#: Seconds the Designer Checks give the rules (the edit search has its own 10 s, as the colour
#: designer's checks have): on 200x200 Gargantua the rules ran ~230 s before.
RULES_TIME_LIMIT = 10.0


def check_design(
    puzzle: Puzzle,
    rules: Sequence[Rule],
    picture: np.ndarray | None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    *,
    time_limit: float | None = RULES_TIME_LIMIT,
) -> DesignFindings:
    """The stuck region of ``rules`` on ``puzzle`` (the rules stopped after ``time_limit``
    seconds, None: none) and, for a drawn ``picture``, the edits of :func:`find_edits`.
    Raises InconsistentPuzzleError when the puzzle has no solution."""
    region = stuck_region(puzzle, rules, progress, should_stop, time_limit)
    search = None if picture is None else find_edits(picture, _looking(progress), should_stop)
    return DesignFindings(region, search)


def _looking(progress: ProgressCallback | None) -> ProgressCallback | None:
    """``progress`` told of the edit search, as a phrase of the designer checks."""
    if progress is None:
        return None
    return lambda fraction, message: progress(fraction, f"looking for edits: {message}")


_NO_EDIT_NEEDED = {
    Verdict.UNIQUE_LINE: "The puzzle is unique and line-solvable: no edit needed.",
    Verdict.NO_SOLUTION: "No picture fits the clues.",
}
#: What an edit must make of the puzzle, by the picture's own verdict.
EDIT_GOALS = {Verdict.MULTIPLE: "unique", Verdict.UNIQUE_SEARCH: "line-solvable"}


#: The rules decide every cell in their own order (line by line, as stuck_region works them);
#: the grade takes the easiest step first and may count steps beyond the rules there, so this
#: says which order it means, where "The rules alone decide every cell" beside the Difficulty
#: panel's "it also takes four steps beyond the rules" read as a contradiction.
ALL_BY_RULES = (
    "The rules alone decide every cell in their own order, line by line (the grade's "
    "easiest-first order can take steps beyond them)."
)


def summary_text(region: StuckRegion, search: EditSearch | None) -> str:
    """The findings in words."""
    rules_left = int(region.rules_stuck.sum())
    logic_left = int(region.logic_stuck.sum())
    if region.stopped:
        parts = [
            f"The rules were stopped at their time limit with {count(rules_left, 'cell')} "
            "undecided so far (shaded; they may decide more given longer); line logic "
            + (f"then leaves {number(logic_left)} (hatched)." if logic_left else "then finishes.")
        ]
    elif rules_left == 0:
        parts = [ALL_BY_RULES]
    else:
        parts = [
            f"The rules get stuck with {count(rules_left, 'cell')} undecided (shaded); line logic "
            + (f"then leaves {number(logic_left)} (hatched)." if logic_left else "then finishes.")
        ]
    if search is None:
        # Line logic deciding every cell (it is sound, and a puzzle with no solution raises
        # in stuck_region) leaves nothing an edit is looked for (EDIT_GOALS) to do.
        parts.append(
            _NO_EDIT_NEEDED[Verdict.UNIQUE_LINE]
            if logic_left == 0
            else "Draw the picture to get suggested edits."
        )
        return " ".join(parts)
    parts.append(
        edits_text(search.verdict, len(search.edits), search.stopped, search.looked_at_all)
    )
    return " ".join(parts)


def edits_text(verdict: Verdict, found: int, stopped: bool, looked_at_all: bool = True) -> str:
    """What the edit search of a picture whose puzzle has ``verdict`` found, in a sentence:
    ``found`` edits (numbered on the grid), none (``stopped``: within the time limit), or why
    none is needed or looked for.  ``looked_at_all`` False (the search stopped at its count of
    edits or its time limit before trying every cell) says "at least": there may be more than
    were found.  Black and white and colour alike."""
    goal = EDIT_GOALS.get(verdict)
    if goal is None:
        return _NO_EDIT_NEEDED.get(verdict, "The solver could not decide the puzzle in time.")
    if found and (looked_at_all and not stopped):
        makes = "makes" if found == 1 else "make"
        return f"{count(found, 'single-cell edit')} {makes} it {goal} (numbered on the grid)."
    if found:
        why = "the time limit" if stopped else f"the first {number(found)}"
        return (
            f"At least {count(found, 'single-cell edit')} {'makes' if found == 1 else 'make'} "
            f"it {goal} (numbered on the grid): the search stopped at {why}."
        )
    return f"No single-cell edit makes it {goal}" + (" within the time limit." if stopped else ".")
