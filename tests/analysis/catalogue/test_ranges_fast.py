"""The fast clue ranges (bit masks, remembered answers, cached runs) give exactly what the plain
start-by-start definitions give: :class:`PlainRanges` below is the ranges' code as it was before
they were made fast, and every technique's move and witnesses, made with it and with the fast
ranges, must be equal on many line states, random ones and ones a real trace passes through."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from nonostudio.analysis.catalogue import technique_moves as tm
from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.analysis.explaining import premises
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN


class PlainRanges:
    """The reference: each clue's starts tested one by one, read from the cells as they are."""

    def __init__(self, clues: tuple[int, ...], cells: Sequence[int], *, boxes: bool) -> None:
        self.clues = clues
        self.cells = cells
        self.n = n = len(cells)
        self.boxes = boxes
        run = [0] * (n + 1)
        for s in range(n - 1, -1, -1):
            run[s] = run[s + 1] + 1 if cells[s] != CROSSED else 0
        self.run = run
        self.lo: list[int] = []
        self.hi: list[int] = []

    def allowed(self, i: int, s: int) -> bool:
        h = self.clues[i]
        if s < 0 or s + h > self.n or self.run[s] < h:
            return False
        if self.boxes:
            cells = self.cells
            if (s > 0 and cells[s - 1] == FILLED) or (s + h < self.n and cells[s + h] == FILLED):
                return False
        return True

    def pack(self) -> bool:
        k = len(self.clues)
        self.lo = [0] * k
        self.hi = [self.n] * k
        return self.tighten()

    def tighten(self) -> bool:
        clues, lo, hi = self.clues, self.lo, self.hi
        k = len(clues)
        changed = True
        while changed:
            changed = False
            edge = 0
            for i in range(k):
                s = max(lo[i], edge)
                while s <= hi[i] and not self.allowed(i, s):
                    s += 1
                if s > hi[i]:
                    return False
                if s != lo[i]:
                    lo[i] = s
                    changed = True
                edge = s + clues[i] + 1
            edge = self.n
            for i in range(k - 1, -1, -1):
                s = min(hi[i], edge - clues[i])
                while s >= lo[i] and not self.allowed(i, s):
                    s -= 1
                if s < lo[i]:
                    return False
                if s != hi[i]:
                    hi[i] = s
                    changed = True
                edge = s - 1
        return True

    def starts(self, i: int) -> list[int]:
        return [s for s in range(self.lo[i], self.hi[i] + 1) if self.allowed(i, s)]

    def reach(self) -> list[bool]:
        covered = [False] * self.n
        for i, h in enumerate(self.clues):
            for s in self.starts(i):
                covered[s : s + h] = [True] * h
        return covered

    def covered_bits(self) -> int:  # (the moves' reach, as bits)
        return sum(1 << c for c, covered in enumerate(self.reach()) if covered)

    def fits(self, i: int, start: int, end: int) -> bool:  # (small_gap's test, as it was)
        return any(start <= s and s + self.clues[i] <= end for s in self.starts(i))

    def candidates(self, start: int, end: int) -> list[int]:
        return [
            i
            for i, h in enumerate(self.clues)
            if h >= end - start
            and any(
                self.allowed(i, s)
                for s in range(max(self.lo[i], end - h), min(self.hi[i], start) + 1)
            )
        ]

    def owned_by(self, i: int, start: int, end: int) -> bool:
        h = self.clues[i]
        self.lo[i] = max(self.lo[i], end - h)
        self.hi[i] = min(self.hi[i], start)
        return self.lo[i] <= self.hi[i]


def plain_runs(cells: Sequence[int], value: int) -> list[tuple[int, int]]:
    """The reference runs: worked out on every call."""
    return tm._maximal_runs([c == value for c in cells])


def _random_lines(seed: int, count: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Seeded random line states up to 30 cells: mostly a picture's clue with some of its cells
    shown, some with a wrong cell or clue (lines without a solution)."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, 30)
        picture = [int(rng.random() < rng.choice((0.3, 0.55, 0.75))) for _ in range(n)]
        clues = tuple(len(b) for b in "".join(map(str, picture)).split("0") if b)
        shown = rng.random()
        cells = [(FILLED if c else CROSSED) if rng.random() < shown else UNKNOWN for c in picture]
        if rng.random() < 0.15:  # a wrong cell
            cells[rng.randrange(n)] = rng.choice((FILLED, CROSSED))
        if rng.random() < 0.1 and clues:  # a wrong clue
            clues = (*clues[:-1], clues[-1] + rng.randint(1, 3))
        yield clues, tuple(cells)


def _traced_lines() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every line state a tutor's trace of a seeded random 20 x 20 picture passes through."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.tracing.trace import rule_trace
    from nonostudio.core.puzzle import Puzzle
    from nonostudio.rules.ruleset import load_rule_set

    rng = random.Random(58)
    grid = [[int(rng.random() < 0.6) for _ in range(20)] for _ in range(20)]

    def clue(line: Sequence[int]) -> tuple[int, ...]:
        return tuple(len(b) for b in "".join(map(str, line)).split("0") if b)

    puzzle = Puzzle([clue(r) for r in grid], [clue(c) for c in zip(*grid, strict=True)])
    trace = rule_trace(puzzle, load_rule_set(DEFAULT_RULE_SET).rules, max_steps=70)
    state = [[UNKNOWN] * 20 for _ in range(20)]
    out = set()
    for step in trace.steps:  # the lines each step changes, as they are after it
        for r, c, v in step.cells:
            state[r][c] = v
        for r, c, _ in step.cells:
            out.add((puzzle.rows[r], tuple(state[r])))
            out.add((puzzle.cols[c], tuple(row[c] for row in state)))
    return sorted(out)


def _probe(r: Any, rng: random.Random) -> list[object]:
    """What a caller reads of ranges ``r`` while narrowing them and filling cells, in order."""
    seen: list[object] = []
    n = r.n
    clues = r.clues
    fitted = r.pack()
    seen.append(("pack", fitted, list(r.lo), list(r.hi)))
    if not fitted:
        return seen
    for _ in range(3):
        for start in range(n):
            for end in range(start + 1, min(n, start + 6) + 1):
                seen.append(("candidates", start, end, r.candidates(start, end)))
        seen.append(("starts", [r.starts(i) for i in range(len(clues))]))
        seen.append(("reach", r.reach(), r.covered_bits()))
        spans = [(a, b) for a in range(n) for b in range(a + 1, min(n, a + 9) + 1)]
        seen.append(("fits", [r.fits(i, a, b) for i in range(len(clues)) for a, b in spans]))
        seen.append(
            ("allowed", [r.allowed(i, s) for i in range(len(clues)) for s in range(-1, n + 1)])
        )
        # narrow a clue to a block (as a placed clue is), or fill a cell of the list itself
        twin = copy.deepcopy(r)
        if clues and rng.random() < 0.5:
            i = rng.randrange(len(clues))
            s = rng.randrange(n)
            seen.append(("owned", r.owned_by(i, s, min(n, s + clues[i]))))
        elif isinstance(r.cells, list):
            unknown = [p for p, c in enumerate(r.cells) if c == UNKNOWN]
            if unknown:
                r.cells[rng.choice(unknown)] = rng.choice((FILLED, CROSSED))
        seen.append(("tighten", r.tighten(), list(r.lo), list(r.hi)))
        # a deep copy made before is not changed by what was done to the ranges since
        seen.append(("twin", twin.cells == r.cells, list(twin.lo), list(twin.hi)))
        seen.append(("twin tighten", twin.tighten(), twin.candidates(0, 1) if n else []))
    return seen


@pytest.mark.parametrize("boxes", [False, True])
def test_ranges_read_as_the_plain_ranges(boxes: bool) -> None:
    """On 200 random lines (cells as a list or a tuple): packing, candidates for every short
    span, each clue's starts, the cells in reach, the spans each clue fits in and the allowed
    starts, again after narrowing a clue or filling or crossing a cell of the list itself, and
    a deep copy's, all equal, for the first ranges on a line and for the next (packed from the
    caches)."""
    for j, (clues, cells) in enumerate(_random_lines(seed=1, count=200)):
        as_list = j % 2 == 0
        plain = _probe(
            PlainRanges(clues, list(cells) if as_list else cells, boxes=boxes), random.Random(j)
        )
        for _ in range(2):  # the second on the same line: what the first left in the caches
            fast = tm.Ranges(clues, list(cells) if as_list else cells, boxes=boxes)
            assert _probe(fast, random.Random(j)) == plain, (clues, cells)


@pytest.mark.parametrize("boxes", [False, True])
def test_tighten_from_any_bounds_is_the_plain_fixed_point(boxes: bool) -> None:
    """tighten makes one pass each way (a second pass never moves a bound): from random bounds
    (below 0 and past the line too, crossing each other), it answers and leaves ``lo`` and
    ``hi`` as the plain ranges' passes repeated until nothing changes do."""
    rng = random.Random(7)
    for clues, cells in _random_lines(seed=3, count=300):
        n = len(cells)
        lo = [rng.randint(-2, n) for _ in clues]
        hi = [rng.randint(-1, n + 1) for _ in clues]
        plain = PlainRanges(clues, cells, boxes=boxes)
        fast = tm.Ranges(clues, cells, boxes=boxes)
        plain.lo, plain.hi, fast.lo, fast.hi = list(lo), list(hi), list(lo), list(hi)
        fitted = plain.tighten()
        assert fast.tighten() == fitted, (clues, cells, lo, hi)
        if fitted:
            assert (fast.lo, fast.hi) == (plain.lo, plain.hi), (clues, cells, lo, hi)


def test_runs_are_fresh_lists_of_the_cells_as_they_are() -> None:
    cells = [FILLED, FILLED, UNKNOWN, FILLED, CROSSED]
    first = tm.runs(cells, FILLED)
    assert first == [(0, 2), (3, 4)]
    first.append((9, 9))  # a caller's list is its own
    assert tm.runs(tuple(cells), FILLED) == [(0, 2), (3, 4)]
    cells[2] = FILLED  # the same list, changed: its runs now
    assert tm.runs(cells, FILLED) == [(0, 4)]
    assert tm.runs(cells, CROSSED) == [(4, 5)]


def _with_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tm, "Ranges", PlainRanges)
    monkeypatch.setattr(tm, "runs", plain_runs)
    monkeypatch.setattr(premises, "runs", plain_runs)


def _outcomes(lines: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[object]:
    """Every line technique's move and witnesses (says, claims, cells) on each line."""
    out: list[object] = []
    for clues, cells in lines:
        for technique in CATALOGUE:
            if technique.scope != "line" or technique.round is None:
                continue
            out.append(technique.move(clues, cells))
            found = technique.witnesses(clues, cells)
            out.append([(w.say, w.claims, w.cells, w.part) for w in found])
    return out


def test_moves_and_witnesses_equal_the_plain_ones_on_random_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """150 random lines: each technique's move and witnesses (claims and cells), made with the
    fast ranges and with the plain ones, are equal."""
    lines = list(_random_lines(seed=2, count=150))
    fast = _outcomes(lines)
    _with_plain(monkeypatch)
    assert _outcomes(lines) == fast


def test_moves_and_witnesses_equal_the_plain_ones_on_a_traced_puzzle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each line state of a real trace (a random 20 x 20 picture, 70 tutor steps): as above."""
    lines = _traced_lines()
    assert len(lines) > 200
    fast = _outcomes(lines)
    _with_plain(monkeypatch)
    assert _outcomes(lines) == fast


def test_caches_of_long_lines_stay_small() -> None:
    """The caches hold about two million cells at most: 2,100 line states of 1,000 cells leave
    no more than 2,000 in the runs' cache, and their runs are right."""
    for j in range(2100):
        cells = [FILLED if j >> (p % 12) & 1 else UNKNOWN for p in range(1000)]
        cells[j % 1000] = CROSSED  # (each line state its own)
        assert tm.runs(cells, CROSSED) == [(j % 1000, j % 1000 + 1)]
        assert len(tm._RUNS) <= 2000
