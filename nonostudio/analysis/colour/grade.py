"""The grade of a colour puzzle, on the black-and-white tiers.

:func:`colour_grade` reads the colour trace (:func:`nonostudio.analysis.colour.trace.colour_trace`)
and orders puzzles by a key, which the score and the label follow:

1. whether the puzzle **needs colour reasoning**: one colour at a time (each colour's clues as a
   black-and-white line, lines passing each other the sets of colours still possible, to a fixed
   point: :func:`one_colour_cells`) leaves cells undecided, so some cell must be narrowed to a set
   of colours by looking at several colours at once.  A puzzle that needs it ranks above every
   puzzle solvable one colour at a time, whatever their tiers (the product's definition of a
   harder colour puzzle);
2. then the **tier of the hardest move the trace needs** (a per-colour step has its
   black-and-white technique's tier, a colour technique its own, a search step tier 8; a puzzle
   with several solutions or none is tier 8), as for black and white
   (:data:`nonostudio.analysis.grades.difficulty.TIER_TEXT`);
3. then whether it **needs pencil marks**: lines passing each other only decided cells get stuck
   (:func:`pencil_cells`);
4. then the effort: steps per cell, the share of cells the colour techniques decide, narrowing
   steps (steps that decide no cell but pencil out colours), touching pairs (consecutive clue
   items of different colours), colours and size, weighted by :class:`ColourWeights`.

The score places that key on the black-and-white scale: the puzzles solvable one colour at a
time score below :data:`COLOUR_REASONING_START`, those that need colour reasoning from it on; in
each part every tier has a band (:data:`ONE_COLOUR_BANDS`, :data:`COLOUR_REASONING_BANDS`), the
upper half of a band for puzzles that need pencil marks, and the effort fills the rest of its
half without reaching its end.  So the order is the key's by definition, not by a weight.  The
label follows the black-and-white thresholds on the score: solvable one colour at a time is at
most Medium, colour reasoning at least Medium.  A puzzle with several solutions keeps tier 8 in
the order, but its words give no tier or hardest step (the trace's search only picks one of the
pictures): they say several pictures fit and what reasoning decides before its first search step
(:attr:`ColourFeatures.before_search`), as the black-and-white words do.  Everything is
deterministic for a puzzle (the time limit and a cancel aside).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from nonostudio.analysis.colour.projection import lift, project, projected_move
from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, ColourTrace, colour_trace
from nonostudio.analysis.grades.difficulty import DEFAULT_WEIGHTS, LABELS, TIER_TEXT, TIERS
from nonostudio.analysis.grades.grade_text import several_pictures_text
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import count, number
from nonostudio.core.progress import ProgressCallback, StopCallback

#: Where the scores of puzzles that need colour reasoning start: every puzzle solvable one colour
#: at a time scores below it (Beginner to Medium on the black-and-white label thresholds 8, 18,
#: 35, 55), every puzzle that needs colour reasoning at or above it (Medium to Expert).
COLOUR_REASONING_START = 28.0

#: Each tier's score band ``(start, end)`` for a puzzle solvable one colour at a time: tier 1 is
#: Easy, tiers 2–8 Medium (tiers 6–8 cannot happen: one colour at a time is line logic, so such a
#: puzzle needs no contradiction or search; their bands keep the score total).
ONE_COLOUR_BANDS: tuple[tuple[float, float], ...] = (
    (0.0, 8.0),
    (8.0, 18.0),
    (18.0, 22.0),
    (22.0, 23.0),
    (23.0, 24.0),
    (24.0, 26.0),
    (26.0, 27.0),
    (27.0, 27.5),
    (27.5, COLOUR_REASONING_START),
)

#: Each tier's score band for a puzzle that needs colour reasoning: tier 1 Medium, tiers 2–5
#: Hard, tiers 6–8 Expert (tier 0 cannot happen: its steps are one colour at a time).
COLOUR_REASONING_BANDS: tuple[tuple[float, float], ...] = (
    (COLOUR_REASONING_START, 28.5),
    (28.5, 35.0),
    (35.0, 42.0),
    (42.0, 46.0),
    (46.0, 50.0),
    (50.0, 55.0),
    (55.0, 65.0),
    (65.0, 75.0),
    (75.0, 100.0),
)


def band_of(tier: int, needs_colour_reasoning: bool) -> tuple[float, float]:
    """The score band of a tier, for puzzles that need colour reasoning or not."""
    return (COLOUR_REASONING_BANDS if needs_colour_reasoning else ONE_COLOUR_BANDS)[tier]


#: The effort at which the effort fills half of its part of the band.
EFFORT_HALF = 20.0


@dataclass(frozen=True)
class ColourWeights:
    """The weights of the effort (which orders puzzles only within the same answer to the two
    colour questions and the same tier; one place to tune them)."""

    steps_per_cell: float = 4.0
    colour_cell_share: float = 25.0
    narrowing_steps: float = 0.5  # × log2(1 + narrowing steps)
    touching_pairs: float = 0.25  # × log2(1 + touching pairs)
    colours: float = 1.0  # × (colours − 1)
    size: float = 2.0  # × log2(cells / 100), at least 0


COLOUR_WEIGHTS = ColourWeights()


@dataclass(frozen=True)
class ColourFeatures:
    """What a colour grade is computed from."""

    cells: int
    colours: int
    touching_pairs: int
    steps: int
    per_colour_steps: int
    colour_steps: int
    search_steps: int
    narrowing_steps: int
    cells_per_colour: int
    """Cells decided by per-colour steps (a b&w technique on one colour)."""
    cells_colour: int
    """Cells decided by colour techniques."""
    cells_search: int
    """Cells decided by search steps (guesses)."""
    hardest_technique: str | None
    solutions: str
    pencil_cells: int = 0
    """Cells line logic leaves undecided when lines pass each other only decided cells (not
    the sets of colours still possible): more than 0 when the puzzle needs pencil marks."""
    one_colour_cells: int = 0
    """Cells one colour at a time leaves undecided (each colour's clues as a black-and-white
    line, lines passing each other sets of colours): more than 0 when the puzzle needs colour
    reasoning."""
    before_search: ColourFeatures | None = None
    """On a puzzle with several solutions, the features of the trace's steps before its first
    search step (:func:`before_search`): what reasoning decides before it stops (the search only
    picks one of the pictures); None otherwise."""

    @property
    def not_unique(self) -> bool:
        """Several pictures fit the clues."""
        return self.solutions == "multiple"

    @property
    def needs_colour_reasoning(self) -> bool:
        """One colour at a time is not enough (see :func:`one_colour_cells`)."""
        return self.one_colour_cells > 0

    @property
    def needs_search(self) -> bool:
        """One colour at a time is not enough and the colour techniques move nothing after it:
        only search decides the cells it leaves (saying "it needs colour reasoning" would be
        false)."""
        return self.needs_colour_reasoning and self.colour_steps == 0 and self.search_steps > 0

    @property
    def needs_pencil_marks(self) -> bool:
        """Lines passing only decided cells get stuck (see :func:`pencil_cells`)."""
        return self.pencil_cells > 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ColourGrade:
    """A colour puzzle's difficulty."""

    tier: int
    score: float
    label: str
    features: ColourFeatures
    explanation: str
    seconds: float
    timed_out: bool = False
    cancelled: bool = False
    reason: str = ""
    """Why the colour solver gave up on its own, when that left the grade undecided (a SAT
    formula too large for the memory budget); empty otherwise."""

    @property
    def hardest_technique(self) -> str | None:
        return self.features.hardest_technique

    @property
    def key(self) -> tuple[bool, int, bool, float]:
        """What orders grades: colour reasoning, tier, pencil marks, then the score (which
        follows the same order)."""
        f = self.features
        return (f.needs_colour_reasoning, self.tier, f.needs_pencil_marks, self.score)

    def to_json(self) -> dict[str, Any]:
        return {
            "tier": self.tier,
            "score": self.score,
            "label": self.label,
            "hardest_technique": self.features.hardest_technique,
            "needs_colour_reasoning": self.features.needs_colour_reasoning,
            "needs_pencil_marks": self.features.needs_pencil_marks,
            "explanation": self.explanation,
            "seconds": round(self.seconds, 6),
            "features": self.features.to_json(),
        }


def touching_pairs(puzzle: ColourPuzzle) -> int:
    """Consecutive clue items of different colours, over every row and column."""
    return sum(
        1
        for clue in (*puzzle.rows, *puzzle.cols)
        for a, b in zip(clue, clue[1:], strict=False)
        if a[1] != b[1]
    )


def _undecided(grid: list[list[int]]) -> int:
    return sum(1 for row in grid for x in row if x & (x - 1))


def pencil_cells(puzzle: ColourPuzzle, *, crossing_sets: bool = False) -> int:
    """Cells the exact colour line solver, run to a fixed point, leaves undecided when each line
    is given only the decided cells of the grid (every other cell unknown), as a player who
    writes down no pencil marks sees it.

    With ``crossing_sets`` a cell also keeps the intersection of the sets its row and its column
    left it (lines still see only decided cells), so a cell whose row says "red or blue" and
    whose column "red or white" is decided red: that counts 456 cells on acorn.g, the figure the
    colour notes measured, against 1,482 without (on spaceShuttle.g and look_sharp.xml the
    two agree: 655 and 247)."""
    ncolours = len(puzzle.palette)
    full = puzzle.used_mask
    grid = [[full] * len(puzzle.cols) for _ in puzzle.rows]

    def decided(x: int) -> int:
        return x if x and not x & (x - 1) else full

    changed = True
    while changed:
        changed = False
        for rows, clues in ((True, puzzle.rows), (False, puzzle.cols)):
            for i, clue in enumerate(clues):
                line = grid[i] if rows else [row[i] for row in grid]
                out = solve_colour_line(clue, tuple(decided(x) for x in line), ncolours)
                if out is None:
                    return _undecided(grid)
                for j, x in enumerate(out):
                    r, c = (i, j) if rows else (j, i)
                    kept = grid[r][c] & x if crossing_sets else x if not x & (x - 1) else 0
                    if kept and kept != grid[r][c]:
                        grid[r][c] = kept
                        changed = True
    return _undecided(grid)


def one_colour_line(
    clue: Sequence[tuple[int, int]], cells: Sequence[int], ncolours: int
) -> tuple[int, ...]:
    """A colour line after every colour's projection (:func:`.projection.project`) has been
    solved by the exact black-and-white line solver, over and over until none narrows it."""
    out = tuple(cells)
    while True:
        before = out
        for colour in range(1, ncolours):
            hints, bw = project(clue, out, colour)
            out = lift(out, colour, bw, projected_move("line_solver", hints, bw))
        if out == before:
            return out


def one_colour_cells(puzzle: ColourPuzzle) -> int:
    """Cells left undecided by one colour at a time: each line's colours solved by
    :func:`one_colour_line`, lines passing each other the sets of colours still possible (a
    cell that cannot be red is empty on red's line), to a fixed point.  0 when the puzzle is
    solvable one colour at a time (every black-and-white technique on one colour's clues)."""
    return _undecided(one_colour_grid(puzzle))


def one_colour_grid(puzzle: ColourPuzzle) -> list[list[int]]:
    """The cell sets (bit masks of palette indices) one colour at a time reaches (see
    :func:`one_colour_cells`); where a cell would lose its last colour (the puzzle has no
    solution) the sets reached until then."""
    ncolours = len(puzzle.palette)
    full = puzzle.used_mask
    grid = [[full] * len(puzzle.cols) for _ in puzzle.rows]
    dirty = [("row", i) for i in range(len(puzzle.rows))]
    dirty += [("column", i) for i in range(len(puzzle.cols))]
    pending = set(dirty)
    while dirty:
        axis, i = dirty.pop(0)
        pending.discard((axis, i))
        rows = axis == "row"
        line = grid[i] if rows else [row[i] for row in grid]
        out = one_colour_line((puzzle.rows if rows else puzzle.cols)[i], line, ncolours)
        for j, (old, new) in enumerate(zip(line, out, strict=True)):
            if new != old:
                if not new:
                    return grid  # no colour left: the puzzle has no solution
                r, c = (i, j) if rows else (j, i)
                grid[r][c] = new
                cross = ("column", j) if rows else ("row", j)
                if cross not in pending:
                    pending.add(cross)
                    dirty.append(cross)
    return grid


def before_search(trace: ColourTrace) -> ColourTrace:
    """The reasoning part of ``trace``: its steps before the first search step (the whole trace
    when it has none), as :func:`nonostudio.analysis.grades.grade_text.before_search` for black
    and white."""
    stop = next((i for i, step in enumerate(trace.steps) if step.kind == GUESS), None)
    if stop is None:
        return trace
    return replace(trace, steps=trace.steps[:stop], verdict="undecided", grid=[])


def features_of(trace: ColourTrace, *, fixed_points: bool = True) -> ColourFeatures:
    """The features of a colour trace (a cancelled trace's without the two fixed points, which
    are 0: its grade says Undecided and nothing about them; so too without ``fixed_points``)."""
    puzzle = trace.puzzle
    fixed = fixed_points and not trace.cancelled
    decided = trace.cells_by_kind()
    hardest = max(trace.steps, key=lambda s: s.tier, default=None)
    features = ColourFeatures(
        cells=len(puzzle.rows) * len(puzzle.cols),
        colours=puzzle.used_mask.bit_count() - 1,  # the colours the clues use
        touching_pairs=touching_pairs(puzzle),
        steps=len(trace.steps),
        per_colour_steps=sum(1 for s in trace.steps if s.kind == PER_COLOUR),
        colour_steps=sum(1 for s in trace.steps if s.kind == COLOUR),
        search_steps=sum(1 for s in trace.steps if s.kind == GUESS),
        narrowing_steps=sum(1 for s in trace.steps if all(a & (a - 1) for *_, a in s.cells)),
        cells_per_colour=decided[PER_COLOUR],
        cells_colour=decided[COLOUR],
        cells_search=decided[GUESS],
        hardest_technique=None if hardest is None else hardest.technique,
        solutions=trace.solutions if trace.verdict != "undecided" else "undecided",
        pencil_cells=pencil_cells(puzzle) if fixed else 0,
        one_colour_cells=one_colour_cells(puzzle) if fixed else 0,
    )
    if trace.solutions == "multiple" and trace.verdict != "undecided":
        part = features_of(before_search(trace), fixed_points=False)
        part = replace(
            part,
            solutions="multiple",
            pencil_cells=features.pencil_cells,
            one_colour_cells=features.one_colour_cells,
        )
        features = replace(features, before_search=part)
    return features


def tier_of(trace: ColourTrace) -> int:
    """The tier of the hardest step (tier 8 when the puzzle has several solutions or none)."""
    if trace.solutions in ("multiple", "none") or trace.verdict == "no solution":
        return TIERS - 1
    return max((s.tier for s in trace.steps), default=0)


def effort(f: ColourFeatures, w: ColourWeights = COLOUR_WEIGHTS) -> float:
    """The weighted effort features (0 or more): what orders puzzles of one tier whose answers
    to the two colour questions are the same."""
    return (
        w.steps_per_cell * f.steps / f.cells
        + w.colour_cell_share * f.cells_colour / f.cells
        + w.narrowing_steps * math.log2(1 + f.narrowing_steps)
        + w.touching_pairs * math.log2(1 + f.touching_pairs)
        + w.colours * max(0, f.colours - 1)
        + w.size * max(0.0, math.log2(f.cells / 100))
    )


def colour_score(tier: int, f: ColourFeatures, w: ColourWeights = COLOUR_WEIGHTS) -> float:
    """The band of the tier for the puzzle's answer to colour reasoning (:func:`band_of`), its
    upper half when the puzzle needs pencil marks, and the effort in that half
    (``e / (e + EFFORT_HALF)`` of it, never all); rounded down to 0.01, so that rounding never
    lifts a score into the next part of the scale."""
    start, end = band_of(tier, f.needs_colour_reasoning)
    half = (end - start) / 2
    e = effort(f, w)
    total = start + (half if f.needs_pencil_marks else 0.0) + half * e / (e + EFFORT_HALF)
    return math.floor(total * 100) / 100


def colour_label(tier: int, score: float, f: ColourFeatures) -> str:
    """As for black and white: ``Not unique`` / ``No solution`` / ``Undecided`` when that is what
    is known, ``Beginner`` at tier 0, at least ``Expert`` at tier 8, else by the score."""
    if f.solutions == "multiple":
        return "Not unique"
    if f.solutions == "none":
        return "No solution"
    if f.solutions == "undecided":
        return "Undecided"
    if tier == 0:
        return LABELS[0]
    return LABELS[-1] if tier == TIERS - 1 else DEFAULT_WEIGHTS.label(score)


def reasoning_words(f: ColourFeatures) -> tuple[str, str]:
    """Where the first part of the order puts the puzzle, in short words for a panel: a sentence
    and the value of a "Colour reasoning" row, on the same conditions as the explanation (a
    puzzle with no solution or only search decides is not said to be solvable one colour at a
    time, or to need colour reasoning).  The count in the value is what one colour at a time
    leaves, said as such: beside "Colour reasoning" a bare "(400 cells left)" read as what colour
    reasoning leaves, which may be 4."""
    if f.solutions == "undecided" and f.one_colour_cells:
        # (counted to its fixed point whatever the time limit; a bare count beside "Colour
        # reasoning" read as what colour reasoning leaves)
        left_words = count(f.one_colour_cells, "cell")
        # (not "so it needs colour reasoning or search": a puzzle no picture fits needs
        # neither, and grading stopped before telling whether one does)
        return (
            f"One colour at a time leaves {left_words} undecided; grading stopped before "
            "telling whether colour reasoning or search finishes it, or whether any picture "
            "fits.",
            f"not known: one colour at a time leaves {left_words} (grading stopped)",
        )
    if f.solutions == "undecided":
        return "Not known whether it needs colour reasoning: grading stopped.", "not known"
    if f.solutions == "none":
        return (
            "No solution: neither solvable one colour at a time nor by colour reasoning.",
            "no solution",
        )
    left = f.one_colour_cells
    if f.not_unique:
        # no reasoning finishes it: saying it "needs search" (or colour reasoning) would say
        # search solves it, when the search only picks one of the pictures
        return (
            f"One colour at a time leaves {left} cells undecided; several pictures fit, so no "
            f"reasoning can finish it.",
            f"cannot finish it: several pictures fit (one colour at a time leaves {left} cells)",
        )
    if f.needs_search:
        return (
            f"Needs search: one colour at a time leaves {left} cells undecided and the colour "
            f"techniques find nothing more; ranked above every puzzle solvable one colour at a "
            f"time.",
            f"finds nothing: search needed (one colour at a time leaves {left} cells)",
        )
    if f.needs_colour_reasoning:
        return (
            "Needs colour reasoning: ranked above every puzzle solvable one colour at a time.",
            f"needed: one colour at a time leaves {left} cells",
        )
    return (
        "Solvable one colour at a time: ranked below every puzzle that needs colour reasoning.",
        "not needed",
    )


def _not_unique_explanation(f: ColourFeatures, part: ColourFeatures) -> str:
    """Several pictures fit: no tier or hardest step (the trace's search only picked one
    picture); what reasoning decides before it stops (``part``, the steps before the first
    search step)."""
    decided = part.cells_per_colour + part.cells_colour
    split = (
        f" Of those, {part.cells_per_colour} one colour at a time and {part.cells_colour} by "
        f"colour techniques."
        if decided
        else ""
    )
    return (
        f"{several_pictures_text(decided, f.cells)}{split} Looking at one colour at a time, "
        f"without colour techniques, leaves {f.one_colour_cells} cells undecided."
    )


def _explanation(
    tier: int, f: ColourFeatures, names: dict[str, str], reason: str = "", stopped: str = "stopped"
) -> str:
    """The grade in words; ``stopped`` says how an undecided grade ended without a ``reason``
    of the solver's ("stopped at the time limit (0.3 s)", "was cancelled")."""
    if f.solutions == "undecided" and reason:
        return f"Undecided: grading stopped after {count(f.steps, 'step')} ({reason})."
    if f.solutions == "undecided":
        return f"Undecided: grading {stopped} after {count(f.steps, 'step')}."
    if f.solutions == "none":
        return "No solution: no picture fits every clue."
    if f.not_unique and f.before_search is not None:
        return _not_unique_explanation(f, f.before_search)
    if f.colours == 0:  # a blank puzzle (File > New Colour Puzzle): no cell can take a colour
        return (
            f"Nothing to solve: every clue is empty, so all {f.cells} cells are the "
            "background, with no step."
        )
    hardest = names.get(f.hardest_technique or "", "nothing")
    several = "Not unique: the puzzle has several solutions. " if f.solutions == "multiple" else ""
    if f.needs_search:
        # no colour technique moved: "it needs colour reasoning" would be false (a puzzle of one
        # colour with two solutions said it)
        colour = (
            f"Looking at one colour at a time, without colour techniques, leaves "
            f"{f.one_colour_cells} cells undecided, and the colour techniques find nothing "
            f"more: it needs search, so it ranks above every puzzle solvable one colour at a "
            f"time."
        )
    elif f.needs_colour_reasoning:
        colour = (
            f"Looking at one colour at a time, without colour techniques, leaves "
            f"{f.one_colour_cells} cells undecided: it needs colour reasoning, so it ranks above "
            f"every puzzle solvable one colour at a time."
        )
    else:
        colour = (
            "Looking at one colour at a time solves it without colour techniques, so it ranks "
            "below every puzzle that needs colour reasoning."
        )
    pencil = (
        f"passing only decided cells leaves {f.pencil_cells} undecided (pencil marks needed)"
        if f.needs_pencil_marks
        else "no pencil marks needed"
    )
    return several + (
        f"{colour} Tier {tier} ({TIER_TEXT[tier]}): the hardest step is {hardest}; {pencil}. "
        f"{count(f.colours, 'colour')}, {count(f.touching_pairs, 'touching pair')} of clues, "
        f"{count(f.narrowing_steps, 'narrowing step')}; of {count(f.cells, 'cell')}, the trace "
        f"(the easiest step it finds each time) decided {number(f.cells_per_colour)} one colour "
        f"at a time, {number(f.cells_colour)} by colour techniques, {number(f.cells_search)} by "
        "search."
    )


def colour_grade(
    puzzle: ColourPuzzle,
    *,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    memory_budget: int | None = None,
) -> ColourGrade:
    """Grade a colour puzzle (see the module docstring) within ``time_limit`` seconds;
    ``progress(fraction, message)`` is called as the trace decides cells, ``should_stop()``
    returning True cancels it (the grade is then ``Undecided`` with ``cancelled`` set);
    ``memory_budget`` is the bytes the colour solver's SAT formula may take (None: its default).
    """
    started = time.monotonic()
    trace = colour_trace(
        puzzle,
        time_limit=time_limit,
        progress=progress,
        should_stop=should_stop,
        memory_budget=memory_budget,
    )
    f = features_of(trace)
    tier = tier_of(trace)
    score = colour_score(tier, f)
    names = {s.technique: s.technique_name for s in trace.steps}
    reason = (trace.reason or "") if trace.verdict == "undecided" else ""
    # which of the two ended it is known: "(time limit or cancelled)" left the reader to guess
    if trace.cancelled:
        stopped = "was cancelled"
    elif time_limit is not None:
        stopped = f"stopped at the time limit ({time_limit:g} s)"
    else:
        stopped = "stopped"
    return ColourGrade(
        tier,
        score,
        colour_label(tier, score, f),
        f,
        _explanation(tier, f, names, reason, stopped),
        time.monotonic() - started,
        timed_out=trace.verdict == "undecided" and not trace.cancelled,
        cancelled=trace.cancelled,
        reason=reason,
    )
