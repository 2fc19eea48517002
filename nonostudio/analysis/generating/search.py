"""The generator: local search over pictures for a unique puzzle with a chosen hardest technique.

Each try flips one cell of the current picture (first among the cells the last try points at:
where line logic is stuck, where a harder technique was first needed, where two solutions
differ), scores the new puzzle by the quick estimate (:mod:`~nonostudio.analysis.generating.quick`;
for a grid technique, by the complete solver and the grade once line logic is stuck) and keeps it
when it is no farther from the request (:mod:`~nonostudio.analysis.generating.scoring`), now and
then when it is a little farther; a run that stops improving starts again from a fresh picture.
Only a picture the estimate says is the one is graded with
:func:`~nonostudio.analysis.grades.difficulty.grade`, and the puzzle returned is the grade's match,
checked unique by the complete solver as well.  Deterministic for a seed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES, BY_ID, SEARCH
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.generating.quick import QuickGrader
from nonostudio.analysis.generating.scoring import PER_ORDER, Score, not_unique, quick_score, score
from nonostudio.analysis.generating.start import grid_from_picture, random_grid
from nonostudio.analysis.grades.difficulty import Grade, grade
from nonostudio.core.counts import count
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
from nonostudio.rules.ruleset import RuleSet, load_rule_set

GENERATABLE: tuple[str, ...] = tuple(t.id for t in ALL_TECHNIQUES if t.id != SEARCH)
"""The techniques a puzzle can be generated for (a puzzle needing search is not one to teach)."""
MIN_SIDE = 2
MAX_SIDE = 50
"""Widths and heights :func:`generate` accepts (a try must stay well under a second)."""
DEFAULT_TRIES = 6000
"""Pictures tried at most (a try is a quick estimate, milliseconds; a grade only on a match)."""
PATIENCE = 60
"""Tries without a better picture after which a run starts again from a fresh one."""
TEMPERATURE = 1.5
"""How readily a slightly farther picture is kept: with probability exp(-extra cost / this)."""
SOLVE_SECONDS = 5.0
"""The complete solver's time limit on one try (undecided counts as not unique)."""
PICTURE_NOISE = 0.04
"""The share of cells flipped in a start picture when a run starts again from it."""


class GenerationError(ValueError):
    """A request that cannot be generated: an unknown technique, an impossible size, a bad
    density."""


class NoPuzzleFound(GenerationError):
    """No picture met the request within the tries; ``best`` is the unique puzzle that came
    closest (None when none was unique)."""

    def __init__(self, message: str, best: Generated | None) -> None:
        super().__init__(message)
        self.best = best


class GenerationStopped(Exception):
    """``should_stop()`` ended the search."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle (its goal picture set), its grade and how it was found."""

    puzzle: Puzzle
    grade: Grade
    technique: str
    min_uses: int
    uses: int
    """Steps of the requested technique in the graded trace."""
    tries: int
    restarts: int
    seconds: float
    seed: int

    @property
    def matched(self) -> bool:
        """True when the hardest technique is the one asked for, used often enough."""
        return self.grade.hardest_technique == self.technique and self.uses >= self.min_uses


DENSITIES = {"overlap": 0.72, "small_gap": 0.68, "simple_spaces": 0.68, "punctuate": 0.6}
"""Start densities by technique where the tier's own does not suit it (random 15x15 pictures:
at 0.7 most unique ones need only overlap, at 0.6 punctuate, at 0.55 a fifth need glue)."""
TIER_DENSITIES = {0: 0.8, 1: 0.72, 2: 0.55}
"""Start densities by tier; harder tiers start at :data:`HARD_DENSITY`."""
HARD_DENSITY = 0.53


def default_density(technique_id: str) -> float:
    """The start density that suits a technique: dense pictures give easy puzzles, and below
    half filled most random pictures have several solutions."""
    if technique_id in DENSITIES:
        return DENSITIES[technique_id]
    return TIER_DENSITIES.get(BY_ID[technique_id].tier, HARD_DENSITY)


def check_request(technique_id: str, width: int, height: int, density: float | None) -> None:
    """Raise :class:`GenerationError` naming what is wrong with the request, if anything."""
    if technique_id not in GENERATABLE:
        raise GenerationError(
            f"unknown technique {technique_id!r}; known: {', '.join(GENERATABLE)}"
        )
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise GenerationError(
            f"cannot generate a {width}x{height} puzzle: width and height must be between "
            f"{MIN_SIDE} and {MAX_SIDE}"
        )
    if density is not None and not 0.0 < density < 1.0:
        raise GenerationError(f"density must be between 0 and 1 (exclusive), found {density:g}")


def generate(
    technique_id: str,
    width: int,
    height: int,
    seed: int = 0,
    *,
    density: float | None = None,
    picture: np.ndarray | None = None,
    min_uses: int = 1,
    tries: int = DEFAULT_TRIES,
    rule_set: RuleSet | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> Generated:
    """A unique ``width`` x ``height`` puzzle whose hardest technique is ``technique_id``, used
    at least ``min_uses`` times, graded with ``rule_set`` (default: the studio's).

    The search starts from a random picture of ``density`` (default: :func:`default_density`)
    or from ``picture`` (a grid or pixels, fitted to the size) and tries at most ``tries``
    pictures.  Raises :class:`GenerationError` for a bad request, :class:`NoPuzzleFound` when no
    try met it and :class:`GenerationStopped` when ``should_stop()`` ended the search.
    """
    check_request(technique_id, width, height, density)
    if min_uses < 1:
        raise GenerationError(f"uses must be at least 1, found {min_uses}")
    started = time.perf_counter()
    rules = rule_set if rule_set is not None else load_rule_set(DEFAULT_RULE_SET)
    rng = np.random.default_rng(seed)
    fill = density if density is not None else default_density(technique_id)
    base = None if picture is None else grid_from_picture(picture, width, height)

    def fresh(run: int) -> np.ndarray:
        if base is None:
            return random_grid(rng, width, height, fill)
        if run == 0:
            return base.copy()
        flips = rng.random(base.shape) < PICTURE_NOISE
        return np.where(flips, FILLED + CROSSED - base, base).astype(np.int8)

    line_target = BY_ID[technique_id].scope == "line"
    estimates = QuickGrader()

    def stop_here() -> None:
        if should_stop is not None and should_stop():
            raise GenerationStopped("generation stopped")

    def evaluate(grid: np.ndarray) -> tuple[Score, Grade | None]:
        puzzle = Puzzle.from_grid(grid).without_goal()
        if line_target:  # the cheap estimate first: grade only the likely ones
            quick = quick_score(estimates.grade(puzzle), technique_id)
            if quick.cost > 0:
                return quick, None
        elif not estimates.stuck_cells(puzzle):  # line logic solves it: too easy
            return Score(PER_ORDER, (), True, 0), None
        else:  # a grid technique and line logic is stuck: unique, and how hard?
            solved = solve(puzzle, time_limit=SOLVE_SECONDS, should_stop=should_stop)
            stop_here()
            if not solved.verdict.is_unique:
                return not_unique(solved.solution, solved.alternate), None
        graded = grade(puzzle, rules, should_stop=should_stop)
        stop_here()
        return score(graded, technique_id, min_uses), graded

    def confirmed(grid: np.ndarray, graded: Grade) -> bool:
        """The complete solver agrees the puzzle graded unique is unique."""
        solved = solve(Puzzle.from_grid(grid).without_goal(), time_limit=SOLVE_SECONDS)
        stop_here()
        return solved.verdict.is_unique

    best: tuple[float, np.ndarray, Grade, Score] | None = None  # the closest graded picture
    nearest: tuple[float, np.ndarray] | None = None  # the closest picture line logic solves
    restarts = 0
    grid = fresh(0)
    current, graded = evaluate(grid)
    run_best, since = current.cost, 0
    for done in range(1, tries + 1):
        stop_here()
        report_count(progress, done, tries, f"try {done} of {tries}")
        if graded is not None and current.unique and (best is None or current.cost < best[0]):
            if current.cost > 0 or confirmed(grid, graded):
                best = (current.cost, grid.copy(), graded, current)
                if current.cost == 0:
                    break
        elif graded is None and current.unique and (nearest is None or current.cost < nearest[0]):
            nearest = (current.cost, grid.copy())
        if done == tries:
            break
        if since >= PATIENCE:
            restarts += 1
            grid = fresh(restarts)
            current, graded = evaluate(grid)
            run_best, since = current.cost, 0
            continue
        candidate = grid.copy()
        r, c = _pick(rng, current, width, height)
        candidate[r, c] = FILLED + CROSSED - candidate[r, c]
        after, after_grade = evaluate(candidate)
        extra = after.cost - current.cost
        if extra <= 0 or rng.random() < math.exp(-extra / TEMPERATURE):
            grid, current, graded = candidate, after, after_grade
        if current.cost < run_best:
            run_best, since = current.cost, 0
        else:
            since += 1
    if nearest is not None and (best is None or best[0] > 0):
        # No match: the closest unique picture is graded, to say how close it came.
        near_grade = grade(Puzzle.from_grid(nearest[1]).without_goal(), rules)
        near_score = score(near_grade, technique_id, min_uses)
        if best is None or near_score.cost < best[0]:
            best = (near_score.cost, nearest[1], near_grade, near_score)
    seconds = time.perf_counter() - started
    found = None
    if best is not None:
        _, grid, graded, kept = best
        found = Generated(
            Puzzle.from_grid(grid, title=f"{BY_ID[technique_id].name}, seed {seed}"),
            graded,
            technique_id,
            min_uses,
            kept.uses,
            done,
            restarts,
            seconds,
            seed,
        )
    if found is None or not found.matched:
        closest = "none was unique" if found is None else _closest_words(found)
        raise NoPuzzleFound(
            f"no {width}x{height} puzzle with hardest technique {technique_id} used at least "
            f"{count(min_uses, 'time')} found in {count(done, 'try', 'tries')} (seed {seed}); "
            f"{closest}",
            found,
        )
    return found


def _closest_words(found: Generated) -> str:
    """How close the unique puzzle nearest the request came: its hardest technique, and how
    often it uses the technique asked for (``found.uses`` counts that one, not the hardest)."""
    asked, hardest = found.technique, found.grade.hardest_technique
    uses = count(found.uses, "time")
    if hardest == asked:
        return f"the closest uses {asked} {uses}"
    used = f"uses {asked} {uses}" if found.uses else f"does not use {asked}"
    if hardest is None:
        return f"the closest needs no technique and {used}"
    return f"the closest's hardest technique is {hardest}, and it {used}"


def _pick(rng: np.random.Generator, current: Score, width: int, height: int) -> tuple[int, int]:
    """The cell to flip: one the grade points at (seven times in ten), else any."""
    if current.hot and rng.random() < 0.7:
        r, c = current.hot[int(rng.integers(len(current.hot)))]
        return r, c
    return int(rng.integers(height)), int(rng.integers(width))
