"""Contradictions a person can follow: a refutation as a short chain of line steps.

A probe step decides a cell because assuming the other value makes line logic reach a dead end.
:func:`refutation_chain` replays that trial line by line (breadth first from the assumed cell,
each line solved exactly), keeps only the line steps the dead end depends on, and returns them
as :data:`Link` s; :func:`shortest_chain` picks, among the refuted assumptions it is given, the
one with the fewest line steps.  :func:`chain_premises` turns a chain into the premises of a
step (``suppose``, then ``forced`` line by line, then ``dead``), which a checker can replay by
brute force, and :func:`chain_text` into short sentences (links on lines of one kind in a row
share one, the dead end and the conclusion have their own): "suppose this cell were filled. Then
row 5: cells 8–9 empty. Then column 9 could not match its clue, 6. So this cell is empty".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from itertools import islice
from typing import Any

from nonostudio.analysis.explaining.move_line import cell_ranges_text
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.premise_text import then_sentence
from nonostudio.core.gridstate import GridMasks, LineCache, grid_masks
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.linesolver import solve_masks
from nonostudio.core.puzzle import Puzzle

LineKey = tuple[str, int]


@dataclass(frozen=True)
class Link:
    """One line step of a chain: the line and the cells it decides (``{position: value}``,
    positions along the line); ``cells`` is empty for the dead end (the line has no room).
    ``more``: the step decided other cells too, which the chain does not use (its cells are
    those the rest of the chain needs); it changes the words, not which chain it is (links
    compare without it)."""

    line: LineKey
    cells: dict[int, int]
    more: bool = field(default=False, compare=False)

    @property
    def dead(self) -> bool:
        return not self.cells


Results = dict[int, tuple[int, int] | None]
"""The line solver's results in chains, by line and masks (:func:`_key`): the line's filled
and crossed cells after deduction, or None when it has no room for its clue."""


class Solved(Results):
    """:data:`Results` that also look in (and add to) a solver state's line cache, ``shared``,
    on a miss: a trace's probe trials and its chains meet many of the same line states."""

    def __init__(self, shared: LineCache) -> None:
        super().__init__()
        self.shared = shared
        self.moves = Moves()  # (the trials' steps worked out from these results)


Masks = GridMasks

_MISSING = (-1, -1)
_CACHE_LIMIT = 200_000  # line results kept; then they are dropped and computed again


State = tuple[list[int], list[int]]
"""A trial's grid: the filled, then the crossed cells of each line (rows first, then columns) as
masks along it."""


def _state(masks: Masks) -> State:
    """A grid's masks as a trial's (new lists)."""
    return masks[0] + masks[2], masks[1] + masks[3]


def _copy(state: State) -> State:
    return state[0][:], state[1][:]


@lru_cache(maxsize=8)
def _shape(
    height: int, width: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Of each line (rows first, then columns): its length, its bit in a crossing line's masks
    and the first crossing line's number; then a cache key's bits below the masks.  (Tuples:
    every caller shares the cached answer.)"""
    sizes = (width,) * height + (height,) * width
    bits = tuple(1 << i for i in range(height)) + tuple(1 << j for j in range(width))
    bases = (height,) * height + (0,) * width
    return sizes, bits, bases, (height + width).bit_length()


class _Positions(dict[int, tuple[int, ...]]):
    """The positions of a mask's bits, lowest first, by mask (computed once each)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            out.append(low.bit_length() - 1)
        found = self[mask] = tuple(out)
        return found


_POSITIONS = _Positions()


def _key(puzzle: Puzzle, line: int, f: int, x: int) -> int:
    """The cache key of line ``line`` (rows first, then columns) with these masks: one int, the
    line in its low bits."""
    h, w = puzzle.height, puzzle.width
    return ((x << (w if line < h else h)) | f) << (h + w).bit_length() | line


def _solve(puzzle: Puzzle, line: int, f: int, x: int, cache: Results) -> tuple[int, int] | None:
    """The exact line solver on line ``line``'s masks (rows first, then columns), cached."""
    key = _key(puzzle, line, f, x)
    out = cache.get(key, _MISSING)
    if out is _MISSING:
        out = _solved(puzzle, line, f, x, cache, key)
    return out


def _solved(
    puzzle: Puzzle, line: int, f: int, x: int, cache: Results, key: int
) -> tuple[int, int] | None:
    """The exact line solver's result, put in the cache under ``key`` (and in a
    :class:`Solved` cache's shared line cache)."""
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    h = puzzle.height
    shared = cache.shared if isinstance(cache, Solved) else None
    shared_key = (line < h, line if line < h else line - h, f, x)
    out = None if shared is None else shared.get(shared_key)
    if out is None:
        if line < h:
            out = solve_masks(puzzle.rows[line], puzzle.width, f, x)
        else:
            out = solve_masks(puzzle.cols[line - h], h, f, x)
        if shared is not None and out is not None:
            shared[shared_key] = out
    cache[key] = out
    return out


class _Trail:
    """The line steps of a trial as they are made: each step's line (rows first, then
    columns) and the cells it decided along it as masks, filled then crossed (both 0: the dead
    end).  :class:`Link` s are made only for the steps a chain keeps."""

    __slots__ = ("lines", "fills", "crosses")

    def __init__(self) -> None:
        self.lines: list[int] = []
        self.fills: list[int] = []
        self.crosses: list[int] = []

    def copy(self) -> _Trail:
        other = _Trail()
        other.lines, other.fills, other.crosses = self.lines[:], self.fills[:], self.crosses[:]
        return other

    def link(self, puzzle: Puzzle, k: int, positions: int = -1) -> Link:
        """Step ``k`` as a link, with only its cells at ``positions`` (a mask along its line)."""
        line, f, x = self.lines[k], self.fills[k], self.crosses[k]
        cells: dict[int, int] = {}
        new = (f | x) & positions
        while new:
            low = new & -new
            new ^= low
            cells[low.bit_length() - 1] = FILLED if f & low else CROSSED
        h = puzzle.height
        more = bool((f | x) & ~positions)
        return Link(("row", line) if line < h else ("column", line - h), cells, more)


_SAME = (0,)
_DEAD = ()
Move = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A line step as a trial makes it, by the line's masks (:func:`_key`): the line's filled and
crossed cells after it, the cells it decides (masks along the line), the crossing lines of its
new filled cells, of its new crossed cells, and of all its new cells (lowest position first);
:data:`_SAME` when the line solver decides nothing, :data:`_DEAD` when the line has no room."""


class Moves(dict[int, "Move | tuple[int] | tuple[()]"]):
    """The line steps of trials by line and masks (:data:`Move`), worked out once each from the
    line solver's results."""


def _move(
    puzzle: Puzzle, line: int, f: int, x: int, cache: Results, key: int, moves: Moves, base: int
) -> Move | tuple[int] | tuple[()]:
    """The trial's step on line ``line`` with masks ``f``, ``x``, put in ``moves``."""
    if len(moves) > _CACHE_LIMIT:
        moves.clear()
    out = cache.get(key, _MISSING)
    if out is _MISSING:
        out = _solved(puzzle, line, f, x, cache, key)
    move: Move | tuple[int] | tuple[()]
    if out is None:
        move = _DEAD
    elif out[0] == f and out[1] == x:
        move = _SAME
    else:
        new_f, new_x = out[0] ^ f, out[1] ^ x  # (the result holds the line's cells)
        move = (
            out[0],
            out[1],
            new_f,
            new_x,
            tuple(base + p for p in _POSITIONS[new_f]),
            tuple(base + p for p in _POSITIONS[new_x]),
            tuple(base + p for p in _POSITIONS[new_f | new_x]),
        )
    moves[key] = move
    return move


def _moves(cache: Results) -> Moves:
    """The step table kept with a cache (a new one for a plain dict)."""
    return cache.moves if isinstance(cache, Solved) else Moves()


def _propagate(
    puzzle: Puzzle,
    state: State,
    trail: _Trail,
    start: Iterable[int],
    cache: Results,
    limit: int,
    moves: Moves | None = None,
) -> bool | None:
    """Line logic from the lines ``start`` (rows first, then columns), breadth first, recording
    each line step in ``trail``: True at a dead end (the dead line last), False at a fixed point,
    None past ``limit`` steps.  ``moves``: the step table to use (else the cache's)."""
    queue: deque[int] = deque(start)
    queued = bytearray(len(state[0]))
    for line in queue:
        queued[line] = 1
    return _resume(puzzle, state, trail, queue, queued, cache, limit, moves)


def _resume(
    puzzle: Puzzle,
    state: State,
    trail: _Trail,
    queue: deque[int],
    queued: bytearray,
    cache: Results,
    limit: int,
    moves: Moves | None = None,
) -> bool | None:
    """:func:`_propagate` going on from its queue of lines (``queued``: a line's byte is 1 while
    it is in the queue); stopped past ``limit`` steps in all, it can be resumed with a higher
    one and goes on as if it had not stopped."""
    # The masks of a line and its key in the cache are worked out here rather than by calls,
    # and each step (by key) read from a table of steps already made (this loop is most of a
    # trace's time).
    line_f, line_x = state
    sizes, bits, bases, shift = _shape(puzzle.height, puzzle.width)
    if moves is None:
        moves = _moves(cache)
    lines, fills, crosses = trail.lines, trail.fills, trail.crosses
    add_line, add_fill, add_cross = lines.append, fills.append, crosses.append
    steps = len(lines)
    get = moves.get
    pop, push = queue.popleft, queue.append
    while queue:
        if steps >= limit:
            return None
        line = pop()
        queued[line] = 0
        f = line_f[line]
        x = line_x[line]
        key = (((x << sizes[line]) | f) << shift) | line
        move = get(key)
        if move is None:
            move = _move(puzzle, line, f, x, cache, key, moves, bases[line])
        if move is _SAME:
            continue
        if move is _DEAD:
            add_line(line)
            add_fill(0)
            add_cross(0)
            return True
        line_f[line], line_x[line], new_f, new_x, filled, crossed, touched = move  # type: ignore[misc]
        add_line(line)
        add_fill(new_f)
        add_cross(new_x)
        steps += 1
        line_bit = bits[line]
        for other in filled:
            line_f[other] |= line_bit
        for other in crossed:
            line_x[other] |= line_bit
        for other in touched:
            if not queued[other]:
                queued[other] = 1
                push(other)
    return False


def _set(state: State, height: int, r: int, c: int, value: int) -> None:
    """Decide the unknown cell (r, c) in ``state`` (of a puzzle ``height`` rows high)."""
    masks = state[0] if value == FILLED else state[1]
    masks[r] |= 1 << c
    masks[height + c] |= 1 << r


def refutation_chain(
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    r: int,
    c: int,
    assumed: int,
    limit: int = 400,
    cache: Results | None = None,
) -> list[Link] | None:
    """The line steps by which assuming ``(r, c) = assumed`` on ``grid`` reaches a dead end,
    only those the dead end depends on, in order, the dead line last (None: line logic does
    not refute the assumption within ``limit`` line steps)."""
    cache = {} if cache is None else cache
    return _refute(puzzle, grid_masks(grid), r, c, assumed, limit, cache)


def _refute(
    puzzle: Puzzle,
    grid: Masks,
    r: int,
    c: int,
    assumed: int,
    limit: int,
    cache: Results,
    shorter: int | None = None,
) -> list[Link] | None:
    """:func:`refutation_chain` on the grid's masks; when ``shorter`` is given, None also for a
    chain of that many links or more (it is not cut to the end)."""
    state = _state(grid)
    _set(state, puzzle.height, r, c, assumed)
    trail = _Trail()
    if not _propagate(puzzle, state, trail, (r, puzzle.height + c), cache, limit):
        return None
    needed = _needed(puzzle, grid, trail, r, c, assumed, cache, shorter=shorter)
    return None if needed is None else _cut(puzzle, trail, needed)


def _cut(puzzle: Puzzle, trail: _Trail, needed: dict[int, int]) -> list[Link]:
    """The needed steps as links, each with only its needed cells (the dead line as it is)."""
    return [trail.link(puzzle, k, needed[k]) for k in sorted(needed)]


@dataclass(frozen=True)
class DeepRefutation:
    """A chained contradiction: assuming the first cell, line logic decides ``first`` (the line
    steps the rest needs); then the cell ``second`` (row, column) can be neither value:
    assuming it filled reaches a dead end by ``filled``, empty by ``empty``."""

    first: list[Link]
    second: tuple[int, int]
    filled: list[Link]
    empty: list[Link]


def deep_refutation(
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    r: int,
    c: int,
    assumed: int,
    cache: Results,
    budget: list[int],
    limit: int = 400,
    solution: tuple[Sequence[int], Sequence[int]] | None = None,
) -> DeepRefutation | None:
    """A chained contradiction refuting ``(r, c) = assumed`` on ``grid`` where line logic
    alone does not: the first cell (reading order) of the grid line logic then reaches whose
    both values line logic refutes.  ``budget`` (a one-item list) counts down the second cells
    tried; None when there is none within it.

    ``solution``: a solution's filled and crossed cells as row masks, when the grid lies within
    it (only the speed depends on it).  A trial that ends at a fixed point of line logic with no
    dead line, and the solution when the first cell agrees with it, hold no assumption line
    logic refutes from the first cell's grid (line logic from one stays within them: the exact
    line solver is monotone), so the second cells they decide are passed over untried, counted
    as before: the answer and the budget left are those of trying them."""
    base = grid_masks(grid)
    state = _state(base)
    _set(state, puzzle.height, r, c, assumed)
    trail = _Trail()
    h = puzzle.height
    if _propagate(puzzle, state, trail, (r, h + c), cache, limit) is not False:
        return None  # refuted by line logic alone (or too long to follow)
    first = len(trail.lines)
    full = (1 << puzzle.width) - 1
    # The cells of such fixed points (row masks): a second cell with a value there is not
    # refuted that way, so it cannot be the second cell.
    held_f = [0] * h
    held_x = [0] * h
    if solution is not None and (solution[0] if assumed == FILLED else solution[1])[r] >> c & 1:
        held_f, held_x = list(solution[0]), list(solution[1])
    for r2 in range(h):
        unknown = full & ~(state[0][r2] | state[1][r2])
        held = held_f[r2] | held_x[r2]
        if unknown & ~held == 0:  # every cell held: counted, none tried
            count = unknown.bit_count()
            if budget[0] < count:
                budget[0] = -1
                return None
            budget[0] -= count
            continue
        while unknown:
            low = unknown & -unknown
            unknown ^= low
            c2 = low.bit_length() - 1
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if low & held:
                continue  # (a value of it is held: not refuted, so not both)
            trails = []
            for v in (FILLED, CROSSED):
                if (held_f if v == FILLED else held_x)[r2] & low:
                    break  # not refuted: as a trial would find
                s2 = _copy(state)
                _set(s2, h, r2, c2, v)
                t2 = trail.copy()  # then the second supposition, as a step along its row
                t2.lines.append(r2)
                t2.fills.append(low if v == FILLED else 0)
                t2.crosses.append(0 if v == FILLED else low)
                out = _propagate(puzzle, s2, t2, (r2, h + c2), cache, limit + first)
                if not out:
                    if out is False:  # a fixed point with no dead line: its cells are held
                        for i in range(h):
                            held_f[i] |= s2[0][i]
                            held_x[i] |= s2[1][i]
                        held = held_f[r2] | held_x[r2]
                    break
                trails.append(t2)
            if len(trails) < 2:
                continue  # (each branch is cut only once both reach a dead end)
            branches = []
            for t2 in trails:
                needed = _needed(puzzle, base, t2, r, c, assumed, cache, given=first)
                assert needed is not None  # (no bound asked)
                branches.append((t2, needed))
            used: dict[int, int] = {}
            for _, needed in branches:
                for k, cells in needed.items():
                    if k < first:
                        used[k] = used.get(k, 0) | cells
            tails = [
                _cut(puzzle, t, {k: cells for k, cells in ns.items() if k > first})
                for t, ns in branches
            ]
            return DeepRefutation(_cut(puzzle, trail, used), (r2, c2), *tails)
    return None


def _needed(
    puzzle: Puzzle,
    grid: Masks,
    trail: _Trail,
    r: int,
    c: int,
    v0: int,
    cache: Results,
    given: int = -1,
    shorter: int | None = None,
) -> dict[int, int] | None:
    """The chain cut down to what the dead end needs, from the last step back: of the cells the
    trial (from ``(r, c) = v0``) decided on a step's line before it, keep only those (one by one,
    greedily) without which the step no longer decides its needed cells (the dead line: no
    longer has no room); the steps that decided a kept cell need it.  Returns the needed cells
    (a mask of positions along its line) of each needed step; the step ``given`` (a second
    supposition) needs nothing.  None once ``shorter`` steps or more are needed."""
    h = puzzle.height
    lines, fills, crosses = trail.lines, trail.fills, trail.crosses
    needed: dict[int, int] = {len(lines) - 1: 0}
    for k in range(len(lines) - 1, -1, -1):
        if k not in needed or k == given:
            continue
        line = lines[k]
        is_row = line < h
        index = line if is_row else line - h
        f0, x0 = (grid[0][index], grid[1][index]) if is_row else (grid[2][index], grid[3][index])
        # The trial's cells on the line before the step: the step (or -1) that decided each,
        # and their values as masks along the line.
        owner: dict[int, int] = {}
        chain_f = chain_x = 0
        if (r if is_row else c) == index:
            p = c if is_row else r
            owner[p] = -1
            if v0 == FILLED:
                chain_f |= 1 << p
            else:
                chain_x |= 1 << p
        bit = 1 << index
        for j in range(k):
            other = lines[j]
            if other == line:
                f, x = fills[j], crosses[j]
                chain_f |= f
                chain_x |= x
                new = f | x
                while new:
                    low = new & -new
                    new ^= low
                    owner[low.bit_length() - 1] = j
            elif (other < h) != is_row and (fills[j] | crosses[j]) & bit:
                p = other if other < h else other - h
                owner[p] = j
                if fills[j] & bit:
                    chain_f |= 1 << p
                else:
                    chain_x |= 1 << p
        dead = not (fills[k] or crosses[k])
        want_f = needed[k] & fills[k]
        want_x = needed[k] & crosses[k]

        def still(
            kept: int,
            f0: int = f0,
            x0: int = x0,
            chain_f: int = chain_f,
            chain_x: int = chain_x,
            line: int = line,
            dead: bool = dead,
            want_f: int = want_f,
            want_x: int = want_x,
        ) -> bool:
            """Whether the step still decides its needed cells (the dead line still has no
            room) with only the trial's cells ``kept`` (a mask along the line)."""
            out = _solve(puzzle, line, f0 | (chain_f & kept), x0 | (chain_x & kept), cache)
            if dead:
                return out is None
            return out is not None and out[0] & want_f == want_f and out[1] & want_x == want_x

        kept = chain_f | chain_x
        # Fewest steps: first try doing without each step's cells at once (steps the chain
        # does not need yet first, the latest first), then without single cells.
        groups: dict[int, int] = {}
        for p, j in owner.items():
            groups[j] = groups.get(j, 0) | 1 << p
        # A cell that was a step's only one here and could not go with its step cannot go
        # alone later either: fewer cells decide no more (the line solver is exact).
        tried = 0
        for j in sorted(groups, key=lambda j: (j in needed, -j)):
            if j >= 0:
                if still(kept & ~groups[j]):
                    kept &= ~groups[j]
                elif groups[j].bit_count() == 1:
                    tried |= groups[j]
        for p in sorted(owner):
            bit_p = 1 << p
            if kept & bit_p and not tried & bit_p and still(kept & ~bit_p):
                kept &= ~bit_p
        for p in sorted(owner):
            j = owner[p]
            if kept >> p & 1 and j >= 0:
                # The cell's position along step j's line: p on this line, else this line's.
                needed[j] = needed.get(j, 0) | 1 << (p if lines[j] == line else index)
                if shorter is not None and len(needed) >= shorter:
                    return None
    return needed


SHORT = 3
"""A chain of this many line steps or fewer is taken at once."""


ROUND = 4
"""Line steps each trial of :func:`shortest_chain` makes in a round before the next one's."""


def shortest_chain(
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    candidates: Iterable[tuple[int, int, int]],
    most: int = 24,
    cache: Results | None = None,
    masks: Masks | None = None,
) -> tuple[int, int, int, list[Link]] | None:
    """Among refuted assumptions ``(r, c, assumed)`` (the first ``most`` of them), the one
    whose chain has the fewest line steps (ties: the first), with its chain.

    The first one's trial is followed to its dead end (at most 400 line steps): a chain of
    :data:`SHORT` links or fewer is taken at once, and no other assumption is asked for.
    Otherwise the others' trials are followed side by side, a line step each in turn: they
    reach their dead ends in order of their line steps (ties: the first assumption first), and
    once a chain of L links is found, a trial not at its dead end after max(12, 3.5 L) line
    steps is given up (past that its chain seldom comes out shorter; the work stays bounded);
    a chain of :data:`SHORT` links or fewer ends the search.  (In rounds of :data:`ROUND` line
    steps; the trials that reach their dead ends in a round are taken in that order, so the
    rounds change nothing but the work.)  ``masks``: the grid's
    (:func:`~nonostudio.core.gridstate.grid_masks`), when the caller has them."""
    cache = {} if cache is None else cache
    masks = grid_masks(grid) if masks is None else masks
    moves = _moves(cache)
    h = puzzle.height
    rest = islice(candidates, most)
    trials: list[tuple[State, _Trail, deque[int], bytearray]] = []

    def trial(r: int, c: int, assumed: int) -> None:
        state = _state(masks)
        _set(state, h, r, c, assumed)
        queued = bytearray(len(state[0]))
        queued[r] = queued[h + c] = 1
        trials.append((state, _Trail(), deque((r, h + c)), queued))

    best: tuple[int, int, int, list[Link]] | None = None
    first = 0  # the best one's place among the candidates
    bound = 400  # line steps a trial may take before its dead end
    head = next(rest, None)
    if head is None:
        return None
    r, c, assumed = head
    trial(r, c, assumed)
    if _resume(puzzle, *trials[0], cache, bound, moves):
        trail = trials[0][1]
        needed = _needed(puzzle, masks, trail, r, c, assumed, cache)
        assert needed is not None  # (no bound asked)
        best = (r, c, assumed, _cut(puzzle, trail, needed))
        if len(best[3]) <= SHORT:  # short enough to follow: look no further
            return best
        bound = max(12, (7 * len(best[3]) + 1) // 2)  # (fewer than 3.5 L steps)
    items = [head, *rest]
    for r, c, assumed in items[1:]:
        trial(r, c, assumed)
    going = list(range(1, len(items)))
    steps = 0
    while going and steps < bound:
        steps = min(bound, steps + ROUND)
        ended = []
        left = []
        for i in going:
            state, trail, queue, queued = trials[i]
            out = _resume(puzzle, state, trail, queue, queued, cache, steps, moves)
            if out is None:
                left.append(i)
            elif out:
                ended.append((len(trail.lines) - 1, i))
        ended.sort()
        for n, i in ended:
            if n >= bound:
                break
            r, c, assumed = items[i]
            trail = trials[i][1]
            shorter = None if best is None else len(best[3]) + (i < first)
            needed = _needed(puzzle, masks, trail, r, c, assumed, cache, shorter=shorter)
            if needed is None:
                continue
            best, first = (r, c, assumed, _cut(puzzle, trail, needed)), i
            if len(best[3]) <= SHORT:  # short enough to follow: look no further
                return best
            bound = max(12, (7 * len(best[3]) + 1) // 2)  # (fewer than 3.5 L steps)
        going = left
    return best


def chain_premises(r: int, c: int, assumed: int, chain: Sequence[Link]) -> list[dict[str, Any]]:
    """The chain as premises: ``suppose`` the cell, each line ``forced`` (cells, along the line,
    that every arrangement of its clue fitting the chain's grid so far agrees on), the
    ``dead`` line (no arrangement fits)."""
    return [_suppose(r, c, assumed), *_links_premises(chain)]


def _clue(puzzle: Puzzle, key: LineKey) -> str:
    """The line's clue as a dead end names it: ``3 1 2``, or ``its clue`` past three numbers
    (the grid shows it beside the line)."""
    axis, index = key
    hints = [h for h in (puzzle.rows[index] if axis == "row" else puzzle.cols[index]) if h > 0]
    if len(hints) > 3:
        return "its clue"
    return " ".join(map(str, hints)) or "0"


def _cells(cells: dict[int, int]) -> str:
    """``cells 2–3 filled, cell 4 empty``."""
    parts = []
    for value, word in ((FILLED, "filled"), (CROSSED, "empty")):
        ps = sorted(p for p, v in cells.items() if v == value)
        if ps:
            parts.append(f"{'cell' if len(ps) == 1 else 'cells'} {cell_ranges_text(ps, 3)} {word}")
    return ", ".join(parts)


SENTENCE_WORDS = 30
"""Links of a chain on lines of one kind in a row are said in one sentence while their words stay
this many or fewer (a link longer than that is a sentence alone)."""


def _sentences(parts: Sequence[str]) -> str:
    """``parts`` as sentences: each but the first starts with a capital and follows a full stop
    (the step's text ends the last one)."""
    return reduce(then_sentence, parts)


def chain_text(puzzle: Puzzle, r: int, c: int, assumed: int, chain: Sequence[Link]) -> str:
    """The chain in words (without the step's line and technique name), in short sentences:
    the supposition, the links (those on lines of one kind in a row together), the dead end,
    the conclusion: "suppose this cell were filled. Then row 1: cell 9 filled. Then columns 8,
    9: cell 2 empty. Then row 2 could not match its clue. So this cell is empty"."""
    was = "filled" if assumed == FILLED else "empty"
    other = "empty" if assumed == FILLED else "filled"
    then = [f"then {run}" for run in _links_text(puzzle, chain)]
    return _sentences([f"suppose this cell were {was}", *then, f"so this cell is {other}"])


def _links_premises(chain: Sequence[Link]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for link in chain:
        axis, index = link.line
        if link.dead:
            claim = {"claim": "no_room", "axis": axis, "index": index}
            out.append({"say": "dead", "claims": [claim], "cells": []})
        else:
            claim = {"claim": "forced", "axis": axis, "index": index}
            if _some(link):  # the words say these are the cells the chain uses
                claim["used"] = True
            cells = [[p, v] for p, v in sorted(link.cells.items())]
            out.append({"say": "forced", "claims": [claim], "cells": cells})
    return out


def deep_premises(r: int, c: int, assumed: int, deep: DeepRefutation) -> list[dict[str, Any]]:
    """A chained contradiction as premises: ``suppose`` the first cell, its ``forced`` lines,
    then for each value of the second cell a ``branch`` (``suppose`` it) with its ``forced``
    lines and ``dead`` line."""
    r2, c2 = deep.second
    out = [_suppose(r, c, assumed), *_links_premises(deep.first)]
    for value, chain in ((FILLED, deep.filled), (CROSSED, deep.empty)):
        branch = _suppose(r2, c2, value)
        branch["say"] = "branch"
        out += [branch, *_links_premises(chain)]
    return out


def _suppose(r: int, c: int, value: int) -> dict[str, Any]:
    claim = {"claim": "assume", "row": r, "column": c, "value": value}
    return {"say": "suppose", "claims": [claim], "cells": []}


def _some(link: Link) -> bool:
    """Whether the words of ``link`` say its cells are some of those its line decides, the ones
    the chain uses: it decided others too and its list is cut short ("cells 13, 20, 28 and 1
    more"), a count a reader could take for all of them."""
    return link.more and "more" in _cells(link.cells)


def _used_text(link: Link) -> str:
    """``row 25, among the cells it empties: 13, 20, 28 and 1 more, which the chain uses``
    (``… it decides: cells 2–3 filled, cells 5, 7, 9 and 2 more empty, …`` for both values)."""
    where = line_name(*link.line).lower()
    values = set(link.cells.values())
    if len(values) == 1:
        verb = "fills" if values == {FILLED} else "empties"
        listed = cell_ranges_text(sorted(link.cells), 3)
        return f"{where}, among the cells it {verb}: {listed}, which the chain uses"
    return f"{where}, among the cells it decides: {_cells(link.cells)}, which the chain uses"


def _links_text(puzzle: Puzzle, chain: Sequence[Link]) -> list[str]:
    """The links in words, one item a sentence: links in a row on lines of one kind, up to
    :data:`SENTENCE_WORDS` words (``column 11: cell 17 empty; column 12: cell 10 filled, cell 18
    empty``), the dead end alone (``row 12 could not match its clue, 1 7 1``: no arrangement of it
    fits the line, for want of room or because of its filled cells).  Links in a row on
    lines of one kind that decide the same cells along them are said once (``columns 8, 9: cell
    2 empty``)."""
    runs: list[list[str]] = []  # the sentences, as their links' words
    group: list[int] = []  # indices of the lines of the group being said
    said = ""
    axis = ""
    for link in chain:
        if link.dead:
            where = line_name(*link.line).lower()
            clue = _clue(puzzle, link.line)
            said = clue if clue == "its clue" else f"its clue, {clue}"
            runs.append([f"{where} could not match {said}"])
            group, axis = [], ""
            continue
        cells = _cells(link.cells)
        if _some(link):  # (said alone: no other line shares its words)
            cells = _used_text(link)
        if group and link.line[0] == axis and cells == said and not _some(link):
            group.append(link.line[1])
            names = ", ".join(str(i + 1) for i in group)
            runs[-1][-1] = f"{axis}s {names}: {cells}"
            continue
        text = cells if _some(link) else f"{line_name(*link.line).lower()}: {cells}"
        words = sum(len(part.split()) for part in runs[-1]) if runs else 0
        if link.line[0] == axis and words + len(text.split()) <= SENTENCE_WORDS:
            runs[-1].append(text)
        else:
            runs.append([text])
        axis, said, group = link.line[0], cells, [link.line[1]]
    return ["; ".join(run) for run in runs]


def deep_text(puzzle: Puzzle, r: int, c: int, assumed: int, deep: DeepRefutation) -> str:
    """A chained contradiction in words, in short sentences as :func:`chain_text`'s: the first
    supposition and its links, the second cell that could be neither value, each value's links
    to its dead end ("if that cell were filled, then …"), the conclusion."""
    was = "filled" if assumed == FILLED else "empty"
    other = "empty" if assumed == FILLED else "filled"
    r2, c2 = deep.second
    parts = [
        f"suppose this cell were {was}",
        *(f"then {s}" for s in _links_text(puzzle, deep.first)),
    ]
    parts.append(f"then row {r2 + 1}, column {c2 + 1} could be neither filled nor empty")
    for value, chain in (("filled", deep.filled), ("empty", deep.empty)):
        first, *rest = _links_text(puzzle, chain)
        parts += [f"if that cell were {value}, then {first}", *(f"then {s}" for s in rest)]
    return _sentences([*parts, f"so this cell is {other}"])


def chain_lines(chain: Sequence[Link]) -> tuple[LineKey, ...]:
    """The lines of a chain, in order (for drawing)."""
    return tuple(link.line for link in chain)
