"""Concrete lines for rule synthesis: a pool of valid line states with their deductions, and the
bound instances of a pattern set on them as numpy arrays.

Synthesis checks a candidate rule against many concrete lines at once: an *instance* is one line
with one binding of every pattern; the value of each *atom* (``start(x)``, ``size(x)``,
``lowest_end_cell(h)``, ``highest_start_cell(h)``, ``line_size``) on every instance is one column
of an integer matrix, so a linear expression over the atoms is one matrix-vector product and a
fill's correctness on every instance a few vector operations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np

from nonostudio.core.line import FILLED
from nonostudio.core.linesolver import masks_text, solve_masks, text_masks
from nonostudio.rules.ast import (
    Arbitrary,
    Binding,
    Constant,
    ElementType,
    Expr,
    HighestStartCell,
    LineSize,
    LowestEndCell,
    Singleton,
    Size,
    Start,
)
from nonostudio.rules.interpreter import Element, LineView


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


def atom_exprs(bindings: tuple[Binding, ...]) -> list[Expr]:
    """The atoms expressions can use under ``bindings``, line_size first.

    A hint bound by a constant or singleton pattern has a fixed index, so its ``start`` is a
    literal and left out.
    """
    out: list[Expr] = [LineSize()]
    for b in bindings:
        p = b.pattern
        if p.type is ElementType.HINT:
            if isinstance(p, Arbitrary):
                out.append(Start(b.name))
            out += [Size(b.name), LowestEndCell(b.name), HighestStartCell(b.name)]
        else:
            out += [Start(b.name), Size(b.name)]
    return out


def _candidates(view: LineView, pattern: Singleton | Constant | Arbitrary) -> list[Element]:
    lst = {ElementType.HINT: view.hints, ElementType.BLOCK: view.blocks,
           ElementType.GAP: view.gaps}[pattern.type]
    if isinstance(pattern, Arbitrary):
        return list(lst)
    if isinstance(pattern, Singleton):
        return list(lst) if len(lst) == 1 else []
    return list(lst[pattern.index:pattern.index + 1])


def _atom_value(expr: Expr, env: dict[str, Element], view: LineView) -> int:
    if isinstance(expr, LineSize):
        return view.n
    e = env[expr.var]
    if isinstance(expr, Start):
        return e.start
    if isinstance(expr, Size):
        return e.size
    if isinstance(expr, LowestEndCell):
        return view.lowest_end[e.index]
    return view.highest_start[e.index]


class Instances:
    """Every binding of ``bindings`` on every line of ``lines``, as arrays.

    ``atoms[i, a]`` is atom ``a``'s value on instance ``i``; ``line[i]`` its line's position in
    ``lines``; ``n``, ``known``, ``forced[value]`` its line's length and masks;
    ``extreme[(name, 'max'|'min')]`` whether the bound element is maximal / minimal;
    ``index[name]`` the bound element's position in its list; ``group[name]`` numbers instances that agree on every binding but ``name`` (for ``unique``).
    """

    def __init__(self, bindings: tuple[Binding, ...], lines: list[PoolLine],
                 poll: Callable[[], None] | None = None) -> None:
        self.bindings = bindings
        self.exprs = atom_exprs(bindings)
        rows: list[list[int]] = []
        line_ix: list[int] = []
        ext: dict[tuple[str, str], list[bool]] = {
            (b.name, kind): [] for b in bindings for kind in ("max", "min")}
        group_keys: dict[str, list[tuple[int, ...]]] = {b.name: [] for b in bindings}
        index: dict[str, list[int]] = {b.name: [] for b in bindings}
        for li, pl in enumerate(lines):
            if poll is not None and li % 256 == 0:
                poll()  # may raise to abandon a long build (cancellation)
            view = LineView.of_text(pl.hints, pl.text)
            options = [_candidates(view, b.pattern) for b in bindings]
            for combo in product(*options):
                env = {b.name: e for b, e in zip(bindings, combo, strict=True)}
                rows.append([_atom_value(x, env, view) for x in self.exprs])
                line_ix.append(li)
                for b, e in zip(bindings, combo, strict=True):
                    index[b.name].append(e.index)
                    name = _TYPE_NAME[b.pattern.type]
                    ext[(b.name, "max")].append(e.size >= getattr(view, f"max_{name}"))
                    ext[(b.name, "min")].append(e.size <= getattr(view, f"min_{name}"))
                    group_keys[b.name].append(
                        (li,) + tuple(o.index for o, c in zip(combo, bindings, strict=True)
                                      if c.name != b.name))
        self.lines = lines
        self.atoms = np.array(rows, dtype=np.int64).reshape(len(rows), len(self.exprs))
        self.line = np.array(line_ix, dtype=np.int64)
        self.index = {k: np.array(v, dtype=np.int64) for k, v in index.items()}
        self.extreme = {k: np.array(v, dtype=bool) for k, v in ext.items()}
        self.group = {}
        for name, keys in group_keys.items():
            ids: dict[tuple[int, ...], int] = {}
            self.group[name] = np.array([ids.setdefault(k, len(ids)) for k in keys], dtype=np.int64)
        n = np.array([pl.n for pl in lines], dtype=np.int64)
        self.n = n[self.line] if len(lines) else n
        masks = np.array([[pl.known, pl.forced_filled, pl.forced_crossed] for pl in lines],
                         dtype=np.int64).reshape(len(lines), 3)
        self.known = masks[self.line, 0]
        self.forced = {FILLED: masks[self.line, 1], 1 - FILLED: masks[self.line, 2]}

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
        return out

    def fill_status(self, value: int, s: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per instance: is ``fill(value, s, e)`` wrong; is it productive (sound and sets an unknown
        cell).  ``s`` and ``e`` are vectors over the instances, or matrices with one column per
        fill."""
        n = self.n if s.ndim == 1 else self.n[:, None]
        known = self.known if s.ndim == 1 else self.known[:, None]
        forced = self.forced[value] if s.ndim == 1 else self.forced[value][:, None]
        inside = (0 <= s) & (s < e) & (e <= n)
        s_c = np.clip(s, 0, 62)
        e_c = np.clip(e, 0, 62)
        cells = np.where(inside, (np.int64(1) << e_c) - (np.int64(1) << s_c), 0)
        wrong = ~inside | ((cells & ~forced) != 0)
        productive = ~wrong & ((cells & ~known) != 0)
        return wrong, productive


_TYPE_NAME = {ElementType.HINT: "hint", ElementType.BLOCK: "block", ElementType.GAP: "gap"}
