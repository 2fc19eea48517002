"""Contradictions a person can follow: a refutation as a short chain of line steps.

A probe step decides a cell because assuming the other value makes line logic reach a dead end.
:func:`refutation_chain` replays that trial line by line (breadth first from the assumed cell,
each line solved exactly), keeps only the line steps the dead end depends on, and returns them
as :data:`Link` s; :func:`shortest_chain` picks, among the refuted assumptions it is given, the
one with the fewest line steps.  :func:`chain_premises` turns a chain into the premises of a
step (``suppose``, then ``forced`` line by line, then ``dead``), which a checker can replay by
brute force, and :func:`chain_text` into a sentence:
"suppose row 5, column 7 is filled → row 5 (3 1): cells 8–9 are empty → column 9 (6) has no room
for its clue; so it is empty".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.explaining.move_line import cell_ranges_text
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.puzzle import Puzzle

LineKey = tuple[str, int]


@dataclass(frozen=True)
class Link:
    """One line step of a chain: the line and the cells it decides (``{position: value}``,
    positions along the line); ``cells`` is empty for the dead end (the line has no room)."""

    line: LineKey
    cells: dict[int, int]

    @property
    def dead(self) -> bool:
        return not self.cells


Solved = dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None]


def _solve(hints: Sequence[int], cells: Sequence[int], cache: Solved) -> tuple[int, ...] | None:
    key = (tuple(hints), tuple(cells))
    if key not in cache:
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = solve_cells(hints, cells)
    return cache[key]


def _propagate(
    puzzle: Puzzle,
    state: list[list[int]],
    origin: dict[tuple[int, int], int],
    links: list[Link],
    start: Iterable[LineKey],
    cache: Solved,
    limit: int,
) -> bool | None:
    """Line logic from the lines ``start``, breadth first, recording each line step in
    ``links`` and which link decided each cell in ``origin``: True at a dead end (the dead line
    last in ``links``), False at a fixed point, None past ``limit`` links."""
    queue: deque[LineKey] = deque(start)
    queued = set(queue)
    while queue:
        if len(links) >= limit:
            return None
        key = queue.popleft()
        queued.discard(key)
        axis, index = key
        hints = puzzle.rows[index] if axis == "row" else puzzle.cols[index]
        cells = state[index] if axis == "row" else [row[index] for row in state]
        out = _solve(hints, cells, cache)
        if out is None:
            links.append(Link(key, {}))
            return True
        new = {p: v for p, v in enumerate(out) if cells[p] == UNKNOWN and v != UNKNOWN}
        if not new:
            continue
        links.append(Link(key, new))
        for p, v in new.items():
            rr, cc = (index, p) if axis == "row" else (p, index)
            state[rr][cc] = v
            origin[(rr, cc)] = len(links) - 1
            other: LineKey = ("column", cc) if axis == "row" else ("row", rr)
            if other not in queued:
                queued.add(other)
                queue.append(other)
    return False


def refutation_chain(
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    r: int,
    c: int,
    assumed: int,
    limit: int = 400,
    cache: Solved | None = None,
) -> list[Link] | None:
    """The line steps by which assuming ``(r, c) = assumed`` on ``grid`` reaches a dead end,
    only those the dead end depends on, in order, the dead line last (None: line logic does
    not refute the assumption within ``limit`` line steps)."""
    cache = {} if cache is None else cache
    state = [list(row) for row in grid]
    state[r][c] = assumed
    origin: dict[tuple[int, int], int] = {(r, c): -1}  # cell -> the link that decided it
    links: list[Link] = []
    if not _propagate(puzzle, state, origin, links, [("row", r), ("column", c)], cache, limit):
        return None
    return _cut(links, _needed(links, origin, puzzle, grid, assumed, cache))


def _cut(links: list[Link], needed: dict[int, set[int]]) -> list[Link]:
    """The needed links, each with only its needed cells (the dead line as it is)."""
    return [
        links[k]
        if links[k].dead
        else Link(links[k].line, {p: links[k].cells[p] for p in needed[k]})
        for k in sorted(needed)
    ]


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
    cache: Solved,
    budget: list[int],
    limit: int = 400,
) -> DeepRefutation | None:
    """A chained contradiction refuting ``(r, c) = assumed`` on ``grid`` where line logic
    alone does not: the first cell (reading order) of the grid line logic then reaches whose
    both values line logic refutes.  ``budget`` (a one-item list) counts down the second cells
    tried; None when there is none within it."""
    state = [list(row) for row in grid]
    state[r][c] = assumed
    origin: dict[tuple[int, int], int] = {(r, c): -1}
    links: list[Link] = []
    start = [("row", r), ("column", c)]
    if _propagate(puzzle, state, origin, links, start, cache, limit) is not False:
        return None  # refuted by line logic alone (or too long to follow)
    first = len(links)
    for r2, row in enumerate(state):
        for c2, value in enumerate(row):
            if value != UNKNOWN:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return None
            branches = []
            for v in (FILLED, CROSSED):
                s2 = [list(x) for x in state]
                s2[r2][c2] = v
                o2 = dict(origin)
                o2[(r2, c2)] = first
                l2 = [*links, Link(("row", r2), {c2: v})]  # the second supposition
                lines = [("row", r2), ("column", c2)]
                if not _propagate(puzzle, s2, o2, l2, lines, cache, limit + first):
                    break
                branches.append((l2, _needed(l2, o2, puzzle, grid, assumed, cache, {first})))
            if len(branches) < 2:
                continue
            used: dict[int, set[int]] = {}
            for _, needed in branches:
                for k, cells in needed.items():
                    if k < first:
                        used.setdefault(k, set()).update(cells)
            tails = [
                _cut(ls, {k: cells for k, cells in ns.items() if k > first}) for ls, ns in branches
            ]
            return DeepRefutation(_cut(links, used), (r2, c2), tails[0], tails[1])
    return None


def _needed(
    links: list[Link],
    origin: dict[tuple[int, int], int],
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    v0: int,
    cache: Solved,
    given: frozenset[int] | set[int] = frozenset(),
) -> dict[int, set[int]]:
    """The chain cut down to what the dead end needs, from the last link back: of the cells the
    chain decided on a link's line before it, keep only those (one by one, greedily) without
    which the link no longer decides its needed cells (the dead line: no longer has no room);
    the links that decided a kept cell need it.  Returns the needed cells (positions along its
    line) of each needed link; a link in ``given`` (a second supposition) needs nothing."""
    needed: dict[int, set[int]] = {len(links) - 1: set()}
    for k in range(len(links) - 1, -1, -1):
        if k not in needed or k in given:
            continue
        axis, index = links[k].line
        hints = puzzle.rows[index] if axis == "row" else puzzle.cols[index]
        size = puzzle.width if axis == "row" else puzzle.height
        base = list(grid[index]) if axis == "row" else [row[index] for row in grid]
        chain_cells: dict[int, tuple[int, int]] = {}  # position -> (value, link or -1)
        for p in range(size):
            cell = (index, p) if axis == "row" else (p, index)
            j = origin.get(cell)
            if j is not None and j < k:
                value = v0 if j < 0 else links[j].cells[_along(links[j].line, cell)]
                chain_cells[p] = (value, j)
        targets = needed[k]

        def still(
            without: set[int],
            kept: set[int],
            base: list[int] = base,
            chain_cells: dict[int, tuple[int, int]] = chain_cells,
            hints: Sequence[int] = hints,
            link: Link = links[k],
            targets: set[int] = targets,
        ) -> bool:
            """Whether the link still decides its needed cells (the dead line still has no
            room) with only the chain cells ``kept`` less ``without``."""
            cells = list(base)
            for q in kept - without:
                cells[q] = chain_cells[q][0]
            out = _solve(hints, cells, cache)
            if link.dead:
                return out is None
            return out is not None and all(out[q] == link.cells[q] for q in targets)

        kept = set(chain_cells)
        # Fewest links: first try doing without each link's cells at once (links the chain
        # does not need yet first, the latest first), then without single cells.
        groups: dict[int, set[int]] = {}
        for p, (_, j) in chain_cells.items():
            groups.setdefault(j, set()).add(p)
        for j in sorted(groups, key=lambda j: (j in needed, -j)):
            if j >= 0 and still(groups[j], kept):
                kept -= groups[j]
        for p in sorted(kept):
            if still({p}, kept):
                kept.discard(p)
        for p in kept:
            j = chain_cells[p][1]
            if j >= 0:
                cell = (index, p) if axis == "row" else (p, index)
                needed.setdefault(j, set()).add(_along(links[j].line, cell))
    return needed


def _along(line: LineKey, cell: tuple[int, int]) -> int:
    """The position of ``(row, column)`` along a line through it."""
    return cell[1] if line[0] == "row" else cell[0]


SHORT = 3
"""A chain of this many line steps or fewer is taken at once."""


def shortest_chain(
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    candidates: Iterable[tuple[int, int, int]],
    most: int = 24,
    cache: Solved | None = None,
) -> tuple[int, int, int, list[Link]] | None:
    """Among refuted assumptions ``(r, c, assumed)`` (the first ``most`` of them), the one
    whose chain has the fewest line steps (ties: the first), with its chain.  Once a chain of
    L line steps is found, a later assumption is followed for at most 3 L line steps before
    its dead end (past that its chain seldom comes out shorter; the work stays bounded)."""
    best: tuple[int, int, int, list[Link]] | None = None
    for k, (r, c, assumed) in enumerate(candidates):
        if k >= most:
            break
        limit = 400 if best is None else max(12, 3 * len(best[3]))
        chain = refutation_chain(puzzle, grid, r, c, assumed, limit, cache)
        if chain is not None and (best is None or len(chain) < len(best[3])):
            best = (r, c, assumed, chain)
            if len(chain) <= SHORT:  # short enough to follow: look no further
                break
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


def chain_text(puzzle: Puzzle, r: int, c: int, assumed: int, chain: Sequence[Link]) -> str:
    """The chain in words (without the step's line and technique name)."""
    was = "filled" if assumed == FILLED else "empty"
    other = "empty" if assumed == FILLED else "filled"
    parts = [f"if this cell were {was}", *_links_text(puzzle, chain)]
    return " → ".join(parts) + f"; so it is {other}"


def _links_premises(chain: Sequence[Link]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for link in chain:
        axis, index = link.line
        if link.dead:
            claim = {"claim": "no_room", "axis": axis, "index": index}
            out.append({"say": "dead", "claims": [claim], "cells": []})
        else:
            claim = {"claim": "forced", "axis": axis, "index": index}
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


def _links_text(puzzle: Puzzle, chain: Sequence[Link]) -> list[str]:
    """Each link in words; links in a row on lines of the same kind that decide the same cells
    along them are said once (``columns 8, 9: cell 2 empty``)."""
    parts: list[str] = []
    group: list[int] = []  # indices of the lines of the group being said
    said = ""
    axis = ""
    for link in chain:
        if link.dead:
            where = line_name(*link.line).lower()
            parts.append(f"{where} would have no room for {_clue(puzzle, link.line)}")
            group = []
            continue
        cells = _cells(link.cells)
        if group and link.line[0] == axis and cells == said:
            group.append(link.line[1])
            names = ", ".join(str(i + 1) for i in group)
            parts[-1] = f"{axis}s {names}: {cells}"
            continue
        axis, said, group = link.line[0], cells, [link.line[1]]
        parts.append(f"{line_name(*link.line).lower()}: {cells}")
    return parts


def deep_text(puzzle: Puzzle, r: int, c: int, assumed: int, deep: DeepRefutation) -> str:
    """A chained contradiction in words."""
    was = "filled" if assumed == FILLED else "empty"
    other = "empty" if assumed == FILLED else "filled"
    r2, c2 = deep.second
    first = " → ".join([f"if this cell were {was}", *_links_text(puzzle, deep.first)])
    filled = " → ".join(_links_text(puzzle, deep.filled))
    empty = " → ".join(_links_text(puzzle, deep.empty))
    return (
        f"{first}; then row {r2 + 1}, column {c2 + 1} could be neither filled ({filled}) nor "
        f"empty ({empty}); so it is {other}"
    )


def chain_lines(chain: Sequence[Link]) -> tuple[LineKey, ...]:
    """The lines of a chain, in order (for drawing)."""
    return tuple(link.line for link in chain)
