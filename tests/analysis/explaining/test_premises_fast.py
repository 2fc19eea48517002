"""The witness searches' short cuts give exactly the claims the plain searches give.

Grading traces every step with its words, and the reasons of a step (what keeps the other clues
off a block, the chains of bounds behind them) are searched again and again on each line.
``premises.FAST`` turns on the short cuts: a start's cause remembered per line state, each
clue's chain worked out once per bounds search (not again inside the chains of the clues
beyond it), a candidate chain that already costs as much as the best one found not followed
further, a what-keeps-them-off reason given up as soon as its bounds pass ``SOLE_WEIGHT``, the
reach of the stated bounds remembered while they stay as they are, and a held box's position
asked before its holders.  Off, every one is worked out in full; every technique's witnesses
(says, claims, cells, parts) must be equal either way, on random lines (whole lines and parts
of lines) and on the line states of a real puzzle solved by the techniques.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nonostudio.analysis.catalogue.technique_moves import open_gaps, wall_ranges
from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.analysis.explaining import premises
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN

WITNESSED = [t for t in CATALOGUE if t.witness is not None and t.scope == "line"]
SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "samples"


def _found(
    technique: Any, hints: tuple[int, ...], cells: list[int], offset: int, co: int, sub: bool
) -> list[tuple[Any, ...]]:
    found = technique.witnesses(hints, cells, offset, co, sub=sub)
    return [(w.say, w.claims, w.cells, w.part) for w in found]


def _both(
    technique: Any,
    hints: tuple[int, ...],
    cells: list[int],
    offset: int = 0,
    co: int = 0,
    sub: bool = False,
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The technique's witnesses with the short cuts and without them."""
    fast = _found(technique, hints, cells, offset, co, sub)
    premises.FAST = False
    try:
        plain = _found(technique, hints, cells, offset, co, sub)
    finally:
        premises.FAST = True
    return fast, plain


def _random_line(rng: random.Random, n: int) -> tuple[tuple[int, ...], list[int]]:
    """A random solution's clue (many short blocks: long chains of bounds) with some of its
    cells known."""
    density = rng.choice((0.45, 0.6, 0.75))
    solution = [FILLED if rng.random() < density else CROSSED for _ in range(n)]
    hints, run = [], 0
    for v in [*solution, CROSSED]:
        if v == FILLED:
            run += 1
        elif run:
            hints.append(run)
            run = 0
    known = rng.uniform(0.1, 0.7)
    return tuple(hints), [v if rng.random() < known else UNKNOWN for v in solution]


def test_fast_witnesses_equal_the_plain_ones_on_random_lines() -> None:
    rng = random.Random(4958)
    checked = reasons = 0
    for _ in range(260):
        n = rng.randint(8, 30)
        hints, cells = _random_line(rng, n)
        sub = rng.random() < 0.2
        offset, co = (rng.randint(1, 5), rng.randint(1, 3)) if sub else (0, 0)
        for technique in WITNESSED:
            fast, plain = _both(technique, hints, cells, offset, co, sub)
            assert fast == plain, (technique.id, hints, cells, sub)
            checked += len(fast)
            reasons += sum(c["claim"] in ("sole_holder", "kept_off") for w in fast for c in w[1])
    # (the lines exercise the searches: many witnesses, some with what keeps clues off)
    assert checked > 1000 and reasons > 30, (checked, reasons)


def _line_states(path: Path) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """Each line's states as the techniques solve the puzzle, line after line, technique after
    technique (the easiest first), each state before a technique decides cells on it."""
    puzzle = parse_puzzle_arg(str(path))
    h, w = puzzle.height, puzzle.width
    grid = [[UNKNOWN] * w for _ in range(h)]
    lines = [("row", i, tuple(c)) for i, c in enumerate(puzzle.rows)]
    lines += [("column", j, tuple(c)) for j, c in enumerate(puzzle.cols)]
    changed = True
    while changed:
        changed = False
        for axis, i, hints in lines:
            cells = grid[i][:] if axis == "row" else [grid[r][i] for r in range(h)]
            for technique in WITNESSED:
                after = list(technique.apply(hints, cells))
                if after != cells:
                    yield hints, cells
                    cells = after
                    changed = True
                    break
            for p, v in enumerate(cells):
                if axis == "row":
                    grid[i][p] = v
                else:
                    grid[p][i] = v


@pytest.mark.parametrize("name", ["jwilk-007-vulture.non", "webpbn-00027-bucks.non"])
def test_fast_witnesses_equal_the_plain_ones_on_a_real_puzzles_lines(name: str) -> None:
    states = list(_line_states(SAMPLE / name))
    assert len(states) > 100
    reasons = 0
    for hints, cells in states:
        for technique in WITNESSED:
            fast, plain = _both(technique, hints, cells)
            assert fast == plain, (name, technique.id, hints, cells)
            reasons += sum(c["claim"] in ("sole_holder", "kept_off") for w in fast for c in w[1])
    assert reasons > 10, reasons


def test_small_gaps_fit_is_an_allowed_start_inside_the_gap() -> None:
    """Small gap asks ``Ranges.fits`` whether a clue fits a gap: the same answer as listing the
    clue's allowed starts and looking for one whose cells lie inside it (what it did)."""
    rng = random.Random(2958)
    gaps = fitting = 0
    for _ in range(400):
        hints, cells = _random_line(rng, rng.randint(4, 30))
        r = wall_ranges(hints, cells)
        if r is None:
            continue
        for gs, ge in open_gaps(cells):
            for i, h in enumerate(hints):
                listed = any(gs <= s and s + h <= ge for s in r.starts(i))
                assert r.fits(i, gs, ge) == listed, (hints, cells, gs, ge, i)
                gaps += 1
                fitting += listed
    assert gaps > 1000 and 0 < fitting < gaps, (gaps, fitting)
