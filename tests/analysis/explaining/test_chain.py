"""Contradiction chains: the chain module's bit-mask line logic and cut against a plain one.

:mod:`nonostudio.analysis.explaining.chain` replays a trial breadth first on row and column
masks, keeps its line steps as masks until a dead end, and cuts the chain with masks of the kept
cells (all for speed: the chains are most of a trace's time).  The reference here does the same
on lists of cells, one cell at a time, with the line solver's list interface
(``solve_cells``), as the module did before; every chain, chained contradiction and shortest
chain must come out the same, link for link and cell for cell, on random puzzles (at the fixed
point of line logic, where probe steps start) and on the grids a real trace probes at.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.catalogue.techniques import CONTRADICTION
from nonostudio.analysis.explaining.chain import (
    DeepRefutation,
    Link,
    Results,
    Solved,
    chain_premises,
    deep_refutation,
    refutation_chain,
    shortest_chain,
)
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.analysis.tracing.trace_fallbacks import CHAIN_CANDIDATES
from nonostudio.core.formats import read_all
from nonostudio.core.gridstate import Contradiction, GridState, LineCache
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.puzzle import Puzzle, clues_of_grid

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from refutations import refuted  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"

Grid = list[list[int]]


# --- the reference: lists of cells, one cell at a time ---------------------------------------


def _line(puzzle: Puzzle, state: Grid, key: tuple[str, int]) -> tuple[list[int], list[int]]:
    axis, i = key
    if axis == "row":
        return list(puzzle.rows[i]), list(state[i])
    return list(puzzle.cols[i]), [row[i] for row in state]


def _cell(key: tuple[str, int], p: int) -> tuple[int, int]:
    return (key[1], p) if key[0] == "row" else (p, key[1])


def ref_propagate(
    puzzle: Puzzle,
    state: Grid,
    origin: dict[tuple[int, int], int],
    links: list[Link],
    start: list[tuple[str, int]],
    limit: int,
) -> bool | None:
    queue = deque(start)
    queued = set(queue)
    while queue:
        if len(links) >= limit:
            return None
        key = queue.popleft()
        queued.discard(key)
        hints, cells = _line(puzzle, state, key)
        out = solve_cells(hints, cells)
        if out is None:
            links.append(Link(key, {}))
            return True
        new = {p: v for p, v in enumerate(out) if cells[p] == UNKNOWN and v != UNKNOWN}
        if not new:
            continue
        links.append(Link(key, new))
        for p, v in new.items():
            r, c = _cell(key, p)
            state[r][c] = v
            origin[(r, c)] = len(links) - 1
            other = ("column", c) if key[0] == "row" else ("row", r)
            if other not in queued:
                queued.add(other)
                queue.append(other)
    return False


def ref_needed(
    puzzle: Puzzle,
    grid: Grid,
    links: list[Link],
    origin: dict[tuple[int, int], int],
    v0: int,
    given: set[int] = frozenset(),  # type: ignore[assignment]
) -> dict[int, set[int]]:
    needed: dict[int, set[int]] = {len(links) - 1: set()}
    for k in range(len(links) - 1, -1, -1):
        if k not in needed or k in given:
            continue
        link = links[k]
        hints, base = _line(puzzle, grid, link.line)
        chain: dict[int, tuple[int, int]] = {}
        for p in range(len(base)):
            cell = _cell(link.line, p)
            j = origin.get(cell)
            if j is not None and j < k:
                along = cell[1] if j >= 0 and links[j].line[0] == "row" else cell[0]
                chain[p] = (v0 if j < 0 else links[j].cells[along], j)

        def still(
            kept: set[int],
            link: Link = link,
            base: list[int] = base,
            hints: list[int] = hints,
            chain: dict[int, tuple[int, int]] = chain,
            targets: set[int] = needed[k],
        ) -> bool:
            cells = list(base)
            for q in kept:
                cells[q] = chain[q][0]
            out = solve_cells(hints, cells)
            if link.dead:
                return out is None
            return out is not None and all(out[q] == link.cells[q] for q in targets)

        kept = set(chain)
        groups: dict[int, set[int]] = {}
        for p, (_, j) in chain.items():
            groups.setdefault(j, set()).add(p)
        for j in sorted(groups, key=lambda j: (j in needed, -j)):
            if j >= 0 and still(kept - groups[j]):
                kept -= groups[j]
        for p in sorted(kept):
            if still(kept - {p}):
                kept.discard(p)
        for p in kept:
            j = chain[p][1]
            if j >= 0:
                cell = _cell(link.line, p)
                needed.setdefault(j, set()).add(cell[1] if links[j].line[0] == "row" else cell[0])
    return needed


def ref_cut(links: list[Link], needed: dict[int, set[int]]) -> list[Link]:
    out = []
    for k in sorted(needed):
        link = links[k]
        out.append(link if link.dead else Link(link.line, {p: link.cells[p] for p in needed[k]}))
    return out


def ref_chain(puzzle: Puzzle, grid: Grid, r: int, c: int, v: int, limit: int) -> list[Link] | None:
    state = [list(row) for row in grid]
    state[r][c] = v
    origin = {(r, c): -1}
    links: list[Link] = []
    if not ref_propagate(puzzle, state, origin, links, [("row", r), ("column", c)], limit):
        return None
    return ref_cut(links, ref_needed(puzzle, grid, links, origin, v))


def ref_deep(
    puzzle: Puzzle, grid: Grid, r: int, c: int, v: int, budget: list[int], limit: int = 400
) -> DeepRefutation | None:
    state = [list(row) for row in grid]
    state[r][c] = v
    origin = {(r, c): -1}
    links: list[Link] = []
    if ref_propagate(puzzle, state, origin, links, [("row", r), ("column", c)], limit) is not False:
        return None
    first = len(links)
    for r2, row in enumerate(state):
        for c2, value in enumerate(row):
            if value != UNKNOWN:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return None
            branches = []
            for v2 in (FILLED, CROSSED):
                s2 = [list(x) for x in state]
                s2[r2][c2] = v2
                o2 = {**origin, (r2, c2): first}
                l2 = [*links, Link(("row", r2), {c2: v2})]
                lines = [("row", r2), ("column", c2)]
                if not ref_propagate(puzzle, s2, o2, l2, lines, limit + first):
                    break
                branches.append((l2, ref_needed(puzzle, grid, l2, o2, v, {first})))
            if len(branches) < 2:
                continue
            used: dict[int, set[int]] = {}
            for _, needed in branches:
                for k, cells in needed.items():
                    if k < first:
                        used.setdefault(k, set()).update(cells)
            tails = [ref_cut(ls, {k: s for k, s in ns.items() if k > first}) for ls, ns in branches]
            return DeepRefutation(ref_cut(links, used), (r2, c2), tails[0], tails[1])
    return None


RefTrial = tuple[int, tuple[int, int, int, list[Link]]] | None


def ref_trials(puzzle: Puzzle, grid: Grid, found: list[tuple[int, int, int]]) -> list[RefTrial]:
    """Each assumption's trial followed to its dead end (within 400 line steps): the line steps
    before it and the assumption with its chain (None: no dead end)."""
    out: list[RefTrial] = []
    for r, c, v in found:
        state = [list(row) for row in grid]
        state[r][c] = v
        origin = {(r, c): -1}
        links: list[Link] = []
        if ref_propagate(puzzle, state, origin, links, [("row", r), ("column", c)], 400):
            chain = ref_cut(links, ref_needed(puzzle, grid, links, origin, v))
            out.append((len(links) - 1, (r, c, v, chain)))
        else:
            out.append(None)
    return out


def ref_shortest(trials: list[RefTrial]) -> tuple[int, int, int, list[Link]] | None:
    """The shortest chain's rule on :func:`ref_trials`: the first assumption's chain, taken at
    once with 3 links or fewer; then the others' dead ends in order of the line steps before
    them (ties: reading order), the shortest chain so far kept (ties: the first assumption),
    none taken 3.5 L line steps or more in once a chain of L links is found (12 at least),
    none after a chain of 3 links or fewer."""
    ended = [(-1 if i == 0 else t[0], i, t[1]) for i, t in enumerate(trials) if t is not None]
    best = None
    bound = 400.0
    for steps, i, found_chain in sorted(ended, key=lambda e: (e[0], e[1])):
        if steps >= bound:
            break
        if best is None or len(found_chain[3]) < len(best[1][3]):
            best = (i, found_chain)
        elif len(found_chain[3]) == len(best[1][3]) and i < best[0]:
            best = (i, found_chain)
        else:
            continue
        if len(found_chain[3]) <= 3:
            break
        bound = max(12, 3.5 * len(found_chain[3]))
    return None if best is None else best[1]


# --- grids where probe steps start -----------------------------------------------------------


def stuck_puzzles(count: int, seed: int) -> list[tuple[Puzzle, Grid]]:
    """Random puzzles (6x6 to 9x8) with their grids at the fixed point of line logic, where
    line logic leaves at least six cells undecided."""
    return [(puzzle, grid) for puzzle, grid, _ in stuck_solved(count, seed)]


def stuck_solved(count: int, seed: int) -> list[tuple[Puzzle, Grid, np.ndarray]]:
    """:func:`stuck_puzzles` with the picture each puzzle was made from (a solution, which the
    grid lies within)."""
    rng = random.Random(seed)
    out: list[tuple[Puzzle, Grid, np.ndarray]] = []
    while len(out) < count:
        h, w = rng.randint(6, 9), rng.randint(6, 8)
        solution = np.array(
            [[1 if rng.random() < 0.55 else 0 for _ in range(w)] for _ in range(h)], dtype=np.int8
        )
        rows, cols = clues_of_grid(solution)
        puzzle = Puzzle(rows, cols)
        state = GridState(puzzle)
        state.propagate()
        grid = [[state.get(r, c) for c in range(w)] for r in range(h)]
        if sum(row.count(UNKNOWN) for row in grid) >= 6:
            out.append((puzzle, grid, solution))
    return out


@pytest.mark.parametrize("shared", [False, True])
def test_chains_and_chained_contradictions_match_the_plain_reference(shared: bool) -> None:
    # shared: the chains' line results also come from (and go to) a solver state's line cache,
    # filled first by depth-1 trials on the same grid, as in a trace.
    chains = deep = 0
    for puzzle, grid in stuck_puzzles(8, seed=5):
        lines: LineCache = {}
        cache: Results = Solved(lines) if shared else {}
        if shared:
            state = GridState(puzzle, lines)
            for r, row in enumerate(grid):
                for c, v in enumerate(row):
                    if v != UNKNOWN:
                        state.set_cell(r, c, v)
            for r, c, assumed in [(r, c, FILLED) for r in range(puzzle.height) for c in (0, 1)]:
                if grid[r][c] == UNKNOWN:
                    trial = state.copy()
                    trial.set_cell(r, c, assumed)
                    with contextlib.suppress(Contradiction):
                        trial.propagate(rows={r}, cols={c})
            before = len(lines)
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v != UNKNOWN:
                    continue
                for assumed in (FILLED, CROSSED):
                    for limit in (2, 5, 400):
                        got = refutation_chain(puzzle, grid, r, c, assumed, limit, cache)
                        assert got == ref_chain(puzzle, grid, r, c, assumed, limit)
                        chains += got is not None
                    for budget in (1, 6, 60):
                        mine, theirs = [budget], [budget]
                        got_deep = deep_refutation(puzzle, grid, r, c, assumed, cache, mine)
                        assert got_deep == ref_deep(puzzle, grid, r, c, assumed, theirs)
                        assert mine == theirs
                        deep += got_deep is not None
        if shared:
            assert before and len(lines) > before  # read from and added to
    # Both kinds are exercised (and many chains are cut short by the limits).
    assert chains > 50 and deep > 5, (chains, deep)


def test_chained_contradictions_given_a_solution_match_the_plain_reference() -> None:
    # Given a solution the grid lies within, second cells held by it (for a first cell that
    # agrees with it) or by a second cell's fixed point are passed over untried: the same
    # answers and the same budget left as trying every one.
    deep = held = 0
    for puzzle, grid, picture in stuck_solved(4, seed=5):
        solution = (
            [sum(1 << c for c, v in enumerate(row) if v) for row in picture],
            [sum(1 << c for c, v in enumerate(row) if not v) for row in picture],
        )
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v != UNKNOWN:
                    continue
                for assumed in (FILLED, CROSSED):
                    for budget in (2, 12):
                        mine, theirs = [budget], [budget]
                        got = deep_refutation(puzzle, grid, r, c, assumed, {}, mine, 400, solution)
                        assert got == ref_deep(puzzle, grid, r, c, assumed, theirs)
                        assert mine == theirs
                        deep += got is not None
                        held += picture[r][c] == (assumed == FILLED)
    assert deep > 5 and held > 50, (deep, held)


@pytest.mark.parametrize("sample", ["webpbn-00023-edge.non", "webpbn-00027-bucks.non"])
def test_shortest_chains_on_a_trace_s_probe_grids_match_the_reference(sample: str) -> None:
    # The grids the tracer probed at, every refuted assumption on them in reading order: the
    # shortest chain of the first few, and each one's chain at the limits shortest_chain uses.
    ((_, puzzle),) = read_all(SAMPLES / sample)
    trace = rule_trace(puzzle, [])
    probes = [i for i, step in enumerate(trace.steps) if step.kind == "probe"]
    assert len(probes) >= 2
    for index in probes[:6]:
        grid = [[int(v) for v in row] for row in trace.grid_after(index)]
        found = refuted(puzzle, grid)
        assert found
        trials = ref_trials(puzzle, grid, found[:40])
        for (r, c, assumed), trial in zip(found[:40], trials, strict=True):
            expected = ref_chain(puzzle, grid, r, c, assumed, 12)
            assert refutation_chain(puzzle, grid, r, c, assumed, 12) == expected
            expected = None if trial is None else trial[1][3]
            assert refutation_chain(puzzle, grid, r, c, assumed, 400) == expected
        for most in (1, 8, 32):
            best = ref_shortest(trials[:most])
            pulled: list[tuple[int, int, int]] = []

            def candidates(found=found, pulled=pulled):  # type: ignore[no-untyped-def]
                for item in found:
                    pulled.append(item)
                    yield item

            assert shortest_chain(puzzle, grid, candidates(), most) == best
            # No assumption past the first ``most`` is asked for (each costs a trial).
            assert len(pulled) <= most


def nearest_first(found: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The assumptions by their distance from the first one's cell in steps along rows and
    columns, those at one distance in the order found."""
    r0, c0, _ = found[0]
    return sorted(found, key=lambda a: abs(a[0] - r0) + abs(a[1] - c0))


def test_a_contradiction_step_looks_around_the_first_refuted_assumption() -> None:
    # Each contradiction step of a trace is the plain reference's shortest chain among the first
    # CHAIN_CANDIDATES assumptions refuted from scratch, taken nearest the first one in reading
    # order, link for link (so a hint from any grid on the way names the same).
    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00023-edge.non")
    trace = rule_trace(puzzle, [])
    steps = 0
    for index, step in enumerate(trace.steps):
        if step.technique != CONTRADICTION:
            continue
        grid = [[int(v) for v in row] for row in trace.grid_after(index)]
        found = nearest_first(refuted(puzzle, grid))[:CHAIN_CANDIDATES]
        best = ref_shortest(ref_trials(puzzle, grid, found))
        ((r, c, value),) = step.cells
        assert best is not None and best[:3] == (r, c, CROSSED if value == FILLED else FILLED)
        assert list(step.premises) == chain_premises(*best)
        steps += 1
    assert steps >= 10, steps


def test_shortest_chains_follow_the_trials_side_by_side() -> None:
    # Owl's third probe grid (the same whichever rule chose the two probes before it): the
    # trials followed one by one (the rule before) took row 1, column 18 (5 links); side by
    # side, the trial of row 1, column 25 ends first with 5 links, and row 1, column 18's
    # trial is given up after 3.5 x 5 line steps.
    ((_, puzzle),) = read_all(SAMPLES / "jwilk-091-owl.non")
    trace = rule_trace(puzzle, [])
    index = [i for i, step in enumerate(trace.steps) if step.kind == "probe"][2]
    grid = [[int(v) for v in row] for row in trace.grid_after(index)]
    found = refuted(puzzle, grid, 32)[:32]
    trials = ref_trials(puzzle, grid, found)
    for most in (16, 32):
        assert shortest_chain(puzzle, grid, iter(found), most) == ref_shortest(trials[:most])
