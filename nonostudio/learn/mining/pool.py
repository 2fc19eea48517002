"""Concrete lines for rule synthesis: a pool of valid line states with their deductions, and the
bound instances of a pattern set on them as numpy arrays.

Synthesis checks a candidate rule against many concrete lines at once: an *instance* is one line
with one binding of every pattern; the value of each *atom* (``start(x)``, ``size(x)``,
``lowest_end_cell(h)``, ``highest_start_cell(h)``, ``line_size``) on every instance is one column
of an integer matrix, so a linear expression over the atoms is one matrix-vector product and a
fill's correctness on every instance a few vector operations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from nonostudio.core.line import FILLED
from nonostudio.core.linesolver import masks_text, solve_masks, text_masks
from nonostudio.rules.language import ast
from nonostudio.rules.language.interpreter import Element, LineView


@dataclass(frozen=True, slots=True)
class PoolLine:
    """A valid line state and its maximal transition as bit masks (bit i = cell i)."""

    hints: tuple[int, ...]
    text: str
    known: int
    forced_filled: int
    forced_crossed: int

    @property
    def n(self) -> int:
        return len(self.text)


def pool_line(hints: tuple[int, ...], text: str) -> PoolLine | None:
    """The pool entry of a line state, or None when the line has no solution."""
    filled, crossed = text_masks(text)
    target = solve_masks(hints, len(text), filled, crossed)
    if target is None:
        return None
    return PoolLine(tuple(hints), text, filled | crossed, target[0], target[1])


def _hints_of(mask: int, n: int) -> tuple[int, ...]:
    bits = format(mask, f"0{n}b")[::-1] if n else ""
    return tuple(len(run) for run in bits.split("0") if run)


@lru_cache(maxsize=8)
def all_states(max_length: int) -> tuple[PoolLine, ...]:
    """Every valid line state of 1 … ``max_length`` cells (each (hints, cells) once)."""
    out: list[PoolLine] = []
    for n in range(1, max_length + 1):
        seen: set[tuple[tuple[int, ...], int, int]] = set()
        for solution in range(1 << n):
            hints = _hints_of(solution, n)
            for known in range(1 << n):
                key = (hints, solution & known, known & ~solution)
                if key in seen:
                    continue
                seen.add(key)
                line = pool_line(hints, masks_text(n, key[1], key[2]))
                if line is not None:
                    out.append(line)
    return tuple(out)


# The atoms of the whole line, before those of the bindings: line_size, then the totals (which
# only a search with the ``totals`` extension uses; left out, they leave its order unchanged).
LINE_ATOMS: tuple[ast.Expr, ...] = (
    ast.LineSize(),
    ast.Total(ast.ElementType.HINT),
    ast.Total(ast.ElementType.BLOCK),
    ast.Total(ast.ElementType.GAP),
)


def atom_exprs(bindings: tuple[ast.Binding, ...]) -> list[ast.Expr]:
    """The atoms expressions can use under ``bindings``: :data:`LINE_ATOMS`, then each binding's.

    A hint bound by a singleton or a constant pattern counted from the start has a fixed index,
    so its ``start`` is a literal and left out.
    """
    out: list[ast.Expr] = list(LINE_ATOMS)
    for b in bindings:
        p = b.pattern
        if p.type is ast.ElementType.HINT:
            if isinstance(p, ast.Arbitrary) or (isinstance(p, ast.Constant) and p.index < 0):
                out.append(ast.Start(b.name))
            out += [ast.Size(b.name), ast.LowestEndCell(b.name), ast.HighestStartCell(b.name)]
        else:
            out += [ast.Start(b.name), ast.Size(b.name)]
    return out


def _candidates(
    view: LineView, pattern: ast.Singleton | ast.Constant | ast.Arbitrary
) -> list[Element]:
    lst = {
        ast.ElementType.HINT: view.hints,
        ast.ElementType.BLOCK: view.blocks,
        ast.ElementType.GAP: view.gaps,
    }[pattern.type]
    match pattern:
        case ast.Arbitrary():
            return list(lst)
        case ast.Singleton():
            return list(lst) if len(lst) == 1 else []
        case ast.Constant():
            return list(lst[pattern.index : pattern.index + 1 or None])


@lru_cache(maxsize=1 << 16)
def _view(hints: tuple[int, ...], text: str) -> LineView:
    """A pool line's view, built once per process (pool lines recur in every pattern set's
    instances; the views are only read)."""
    return LineView.of_text(hints, text)


def _atom_value(expr: ast.Expr, env: dict[str, Element], view: LineView) -> int:
    match expr:
        case ast.LineSize():
            return view.n
        case ast.Start():
            return env[expr.var].start
        case ast.Size():
            return env[expr.var].size
        case ast.LowestEndCell():
            return view.lowest_end[env[expr.var].index]
        case ast.HighestStartCell():
            return view.highest_start[env[expr.var].index]
        case _:
            raise ValueError(f"{expr} is not an atom of a bound element")


@lru_cache(maxsize=1 << 16)
def _line_atoms(hints: tuple[int, ...], text: str) -> tuple[int, ...]:
    """The values of :data:`LINE_ATOMS` on a line."""
    view = _view(hints, text)
    return view.n, view.total_hint, view.total_block, view.total_gap


@lru_cache(maxsize=1 << 18)
def _bound(
    hints: tuple[int, ...], text: str, pattern: ast.Singleton | ast.Constant | ast.Arbitrary
) -> tuple[list[tuple[int, ...]], list[int], list[bool], list[bool]]:
    """The elements ``pattern`` binds on a line: their atoms' values in :func:`atom_exprs` order
    (after ``line_size``), their positions in their list, and whether each is maximal / minimal."""
    view = _view(hints, text)
    name = _TYPE_NAME[pattern.type]
    top, bottom = getattr(view, f"max_{name}"), getattr(view, f"min_{name}")
    elements = _candidates(view, pattern)
    exprs = _own_atoms(pattern)
    values = [tuple(_atom_value(x, {"x": e}, view) for x in exprs) for e in elements]
    return (
        values,
        [e.index for e in elements],
        [e.size >= top for e in elements],
        [e.size <= bottom for e in elements],
    )


@lru_cache(maxsize=64)
def _own_atoms(pattern: ast.Singleton | ast.Constant | ast.Arbitrary) -> tuple[ast.Expr, ...]:
    """The atoms one binding of ``pattern`` (named ``x``) adds after :data:`LINE_ATOMS`."""
    return tuple(atom_exprs((ast.Binding("x", pattern),))[len(LINE_ATOMS) :])


def _bound_on_lines(
    bindings: tuple[ast.Binding, ...], lines: Sequence[PoolLine], poll: Callable[[], None] | None
) -> tuple[
    list[list[tuple[int, ...]]],
    list[list[int]],
    list[list[bool]],
    list[list[bool]],
    list[list[int]],
]:
    """Per binding, the elements it binds on every line, concatenated line after line (see
    :func:`_bound`), and how many it binds on each line."""
    values: list[list[tuple[int, ...]]] = [[] for _ in bindings]
    index: list[list[int]] = [[] for _ in bindings]
    tops: list[list[bool]] = [[] for _ in bindings]
    bottoms: list[list[bool]] = [[] for _ in bindings]
    counts: list[list[int]] = [[] for _ in bindings]
    for li, pl in enumerate(lines):
        if poll is not None and li % 256 == 0:
            poll()  # may raise to abandon a long build (cancellation)
        for j, b in enumerate(bindings):
            v, ix, t, bo = _bound(pl.hints, pl.text, b.pattern)
            values[j] += v
            index[j] += ix
            tops[j] += t
            bottoms[j] += bo
            counts[j].append(len(ix))
    return values, index, tops, bottoms, counts


class Instances:
    """Every binding of ``bindings`` on every line of ``lines``, as arrays.

    ``atoms[i, a]`` is atom ``a``'s value on instance ``i``; ``line[i]`` its line's position in
    ``lines``; ``n``, ``known``, ``forced[value]`` its line's length and masks;
    ``extreme[(name, 'max'|'min')]`` whether the bound element is maximal / minimal;
    ``index[name]`` the bound element's position in its list; ``group[name]`` numbers instances
    that agree on every binding but ``name`` (for ``unique``).
    """

    def __init__(
        self,
        bindings: tuple[ast.Binding, ...],
        lines: Sequence[PoolLine],
        poll: Callable[[], None] | None = None,
    ) -> None:
        self.bindings = bindings
        self.exprs = atom_exprs(bindings)
        k = len(bindings)
        values, index, tops, bottoms, counts = _bound_on_lines(bindings, lines, poll)
        # Instances are the bindings' product on each line, in itertools.product order (the first
        # binding varies slowest): instance r of a line picks element (r // stride_j) % count_j.
        c = np.array(counts, dtype=np.int64).reshape(k, len(lines))
        per_line = c.prod(axis=0)
        self.line = np.repeat(np.arange(len(lines), dtype=np.int64), per_line)
        r = np.arange(len(self.line), dtype=np.int64) - np.repeat(
            np.cumsum(per_line) - per_line, per_line
        )
        local = [np.empty(0, dtype=np.int64)] * k  # each instance's choice on its line
        chosen = [np.empty(0, dtype=np.int64)] * k  # ... as a position in values[j]
        stride = np.ones(len(lines), dtype=np.int64)
        for j in reversed(range(k)):
            local[j] = (r // np.repeat(stride, per_line)) % np.repeat(np.maximum(c[j], 1), per_line)
            chosen[j] = local[j] + np.repeat(np.cumsum(c[j]) - c[j], per_line)
            stride = stride * c[j]
        whole = np.array([_line_atoms(pl.hints, pl.text) for pl in lines], dtype=np.int64).reshape(
            len(lines), len(LINE_ATOMS)
        )
        n_of_line = whole[:, 0]  # LINE_ATOMS starts with line_size
        columns = [whole[self.line]]
        for j, b in enumerate(bindings):
            width = len(_own_atoms(b.pattern))
            table = np.array(values[j], dtype=np.int64).reshape(len(values[j]), width)
            columns.append(table[chosen[j]])
        self.lines = list(lines)
        self.atoms = np.concatenate(columns, axis=1)
        self.index, self.extreme, self.group = {}, {}, {}
        for j, b in enumerate(bindings):
            self.index[b.name] = np.array(index[j], dtype=np.int64)[chosen[j]]
            self.extreme[(b.name, "max")] = np.array(tops[j], dtype=bool)[chosen[j]]
            self.extreme[(b.name, "min")] = np.array(bottoms[j], dtype=bool)[chosen[j]]
            # Instances of one line agreeing on every other binding; numbered in order of first
            # appearance, which is the keys' sorted order.
            key = self.line.copy()
            for m in range(k):
                if m != j:
                    key = key * _GROUP_RADIX + local[m]
            self.group[b.name] = np.unique(key, return_inverse=True)[1].reshape(-1)
        self.n = n_of_line[self.line]
        masks = np.array(
            [[pl.known, pl.forced_filled, pl.forced_crossed] for pl in lines], dtype=np.int64
        ).reshape(len(lines), 3)
        self.known = masks[self.line, 0]
        self.forced = {FILLED: masks[self.line, 1], 1 - FILLED: masks[self.line, 2]}
        self._reach_tables: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # see _reach

    def __len__(self) -> int:
        return len(self.line)

    @classmethod
    def concat(cls, parts: list[Instances]) -> Instances:
        """The instances of the parts' lines, in order, as if built over all those lines at once
        (each part over the same bindings)."""
        out = cls.__new__(cls)
        first = parts[0]
        out.bindings, out.exprs = first.bindings, first.exprs
        out.lines = [pl for p in parts for pl in p.lines]
        offsets = np.cumsum([0] + [len(p.lines) for p in parts[:-1]])
        out.atoms = np.concatenate([p.atoms for p in parts])
        out.line = np.concatenate([p.line + off for p, off in zip(parts, offsets, strict=True)])
        out.index = {k: np.concatenate([p.index[k] for p in parts]) for k in first.index}
        out.extreme = {k: np.concatenate([p.extreme[k] for p in parts]) for k in first.extreme}
        out.group = {}
        for k in first.group:
            shifted, base = [], 0
            for p in parts:  # a group never spans lines: number each part's groups after the last
                shifted.append(p.group[k] + base)
                base += int(p.group[k].max()) + 1 if len(p.group[k]) else 0
            out.group[k] = np.concatenate(shifted)
        out.n = np.concatenate([p.n for p in parts])
        out.known = np.concatenate([p.known for p in parts])
        out.forced = {v: np.concatenate([p.forced[v] for p in parts]) for v in first.forced}
        out._reach_tables = {}
        return out

    def new_cells(self, fires: np.ndarray, s: np.ndarray, e: np.ndarray) -> int:
        """How many (line, cell) pairs the fills ``[s, e)`` set on the instances where they fire
        (a rule's generality on a pool: docs/design/learning.md, "Synthesis", step 4)."""
        idx = np.nonzero(fires)[0]
        if len(idx) == 0:
            return 0
        s_c, e_c = _shift(s[idx]), _shift(e[idx])
        cells = ((np.int64(1) << e_c) - (np.int64(1) << s_c)) & ~self.known[idx]
        lines = self.line[idx]  # instances are ordered by line
        starts = np.flatnonzero(np.diff(lines, prepend=-1))
        per_line = np.bitwise_or.reduceat(cells, starts)
        return int(np.bitwise_count(per_line).sum())

    def fill_status(
        self, value: int, s: np.ndarray, e: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Per instance: is ``fill(value, s, e)`` wrong; is it productive (sound and sets an unknown
        cell).  ``s`` and ``e`` are vectors over the instances, or matrices with one column per
        fill (``s`` may be one column for every column of ``e``).

        A fill inside the line is right when its cells up to ``e`` are all forced to ``value``:
        ``e`` is at most the first cell from ``s`` on that is not (:meth:`_reach`); it is
        productive when the first unknown cell from ``s`` on lies before ``e``.  (Table lookups:
        the bit masks of every fill's cells took twice as long.)
        """
        reach, unknown = self._reach(value)
        rows = np.arange(len(self.line))
        vector = s.ndim == 1
        n = self.n if vector else self.n[:, None]
        if not vector:
            rows = rows[:, None]
        at = np.minimum(np.maximum(s, 0), reach.shape[1] - 1)
        right = (s >= 0) & (s < e) & (e <= n) & (e <= reach[rows, at])
        productive = right & (unknown[rows, at] < e)
        return ~right, productive

    def _reach(self, value: int) -> tuple[np.ndarray, np.ndarray]:
        """Per instance and cell c: the first cell from c on not forced to ``value`` (the line's
        length at most), and the first unknown cell from c on (64 when none)."""
        tables = self._reach_tables
        if value not in tables:
            width = max((pl.n for pl in self.lines), default=0) + 1
            rows = [
                _reach_row(
                    pl.n,
                    pl.forced_filled if value == FILLED else pl.forced_crossed,
                    pl.known,
                    width,
                )
                for pl in self.lines
            ]
            per_line = np.array(rows, dtype=np.int64).reshape(len(self.lines), 2, width)
            tables[value] = (per_line[self.line, 0], per_line[self.line, 1])
        return tables[value]


@lru_cache(maxsize=1 << 16)
def _reach_row(
    n: int, forced: int, known: int, width: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:meth:`Instances._reach` of one line: ``width`` cells of each table."""
    reach, unknown = [n] * width, [64] * width
    for c in range(n - 1, -1, -1):
        reach[c] = reach[c + 1] if forced >> c & 1 else c
        unknown[c] = c if not known >> c & 1 else unknown[c + 1]
    return tuple(reach), tuple(unknown)


def _shift(x: np.ndarray) -> np.ndarray:
    """``x`` clamped to 0…62, a safe shift of an int64 one (np.clip took three times as long)."""
    return np.minimum(np.maximum(x, 0), 62)


_GROUP_RADIX = 64  # more than the elements of one type on any line learning builds instances on
_TYPE_NAME = {
    ast.ElementType.HINT: "hint",
    ast.ElementType.BLOCK: "block",
    ast.ElementType.GAP: "gap",
}
