"""Instance pools: every binding's atoms, extremes and groups agree with the interpreter's
reading of the line; joining the instances of several line lists equals building them at once."""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import product
from typing import Any

import numpy as np
import pytest

from nonostudio.core.line import Line
from nonostudio.learn.mining.pool import Instances, PoolLine, all_states, pool_line
from nonostudio.rules.language.ast import (
    Arbitrary,
    Binding,
    Constant,
    ElementType,
    Maximal,
    Minimal,
    Singleton,
)
from nonostudio.rules.language.interpreter import elements, eval_cond, eval_expr

_PATTERNS = (
    [Arbitrary(t) for t in ElementType]
    + [Singleton(t) for t in ElementType]
    + [Constant(t, i) for t in ElementType for i in (0, 1, 2)]
)


def _bound(line: Line, pattern: Arbitrary | Singleton | Constant) -> list:
    found = elements(line, pattern.type)
    if isinstance(pattern, Arbitrary):
        return found
    if isinstance(pattern, Singleton):
        return found if len(found) == 1 else []
    return found[pattern.index : pattern.index + 1]


@pytest.mark.slow
def test_instances_are_every_binding_read_as_the_interpreter_reads_it() -> None:
    rng = random.Random(5)
    lines = [pl for pl in all_states(6) if pl.n >= 3]
    for _ in range(30):
        bindings = tuple(
            Binding(f"x{i}", rng.choice(_PATTERNS)) for i in range(rng.choice((1, 2, 3)))
        )
        sample = rng.sample(lines, 60)
        inst = Instances(bindings, sample)
        rows: list[tuple[int, list[int], dict[str, tuple[int, bool, bool]]]] = []
        groups: dict[str, list[tuple[int, ...]]] = {b.name: [] for b in bindings}
        for li, pl in enumerate(sample):
            line = Line.parse(pl.hints, pl.text)
            for combo in product(*(_bound(line, b.pattern) for b in bindings)):
                env = {b.name: e for b, e in zip(bindings, combo, strict=True)}
                rows.append(
                    (
                        li,
                        [eval_expr(x, env, line) for x in inst.exprs],
                        {
                            b.name: (
                                env[b.name].index,
                                eval_cond(Maximal(b.name), env, line),
                                eval_cond(Minimal(b.name), env, line),
                            )
                            for b in bindings
                        },
                    )
                )
                for b in bindings:
                    groups[b.name].append(
                        (li, *(env[o.name].index for o in bindings if o.name != b.name))
                    )
        assert len(inst) == len(rows)
        for i, (li, atoms, per) in enumerate(rows):
            assert inst.line[i] == li and inst.atoms[i].tolist() == atoms
            for name, (index, top, bottom) in per.items():
                assert inst.index[name][i] == index
                assert inst.extreme[(name, "max")][i] == top
                assert inst.extreme[(name, "min")][i] == bottom
        for name, keys in groups.items():  # same group exactly when the other elements agree
            pairs = set(zip(keys, inst.group[name].tolist(), strict=True))
            assert len({k for k, _ in pairs}) == len(pairs) == len({g for _, g in pairs})


def _same_arrays(d1: Mapping[Any, np.ndarray], d2: Mapping[Any, np.ndarray]) -> None:
    assert d1.keys() == d2.keys() and all(np.array_equal(d1[k], d2[k]) for k in d1)


def _same(a: Instances, b: Instances) -> None:
    assert a.lines == b.lines and a.exprs == b.exprs
    for x, y in ((a.atoms, b.atoms), (a.line, b.line), (a.n, b.n), (a.known, b.known)):
        assert np.array_equal(x, y)
    _same_arrays(a.index, b.index)
    _same_arrays(a.extreme, b.extreme)
    _same_arrays(a.forced, b.forced)
    # Group numbers may differ; what matters is which instances share a group.
    for k in a.group:
        pairs = {(int(x), int(y)) for x, y in zip(a.group[k], b.group[k], strict=True)}
        assert len({x for x, _ in pairs}) == len(pairs) == len({y for _, y in pairs})


def _line(hints: tuple[int, ...], text: str) -> PoolLine:
    line = pool_line(hints, text)
    assert line is not None, text
    return line


def test_concatenated_instances_equal_one_build() -> None:
    lines = list(all_states(4))
    head = [_line((2, 1), "--x-O-"), _line((3,), "-O----")]
    tail = [_line((1, 1, 1), "-----x-")]
    for bindings in [
        (Binding("h", Arbitrary(ElementType.HINT)), Binding("g", Arbitrary(ElementType.GAP))),
        (Binding("h0", Constant(ElementType.HINT, 0)), Binding("b", Singleton(ElementType.BLOCK))),
        (
            Binding("h", Arbitrary(ElementType.HINT)),
            Binding("b", Arbitrary(ElementType.BLOCK)),
            Binding("g1", Constant(ElementType.GAP, 1)),
        ),
    ]:
        whole = Instances(bindings, head + lines + tail)
        joined = Instances.concat(
            [Instances(bindings, head), Instances(bindings, lines), Instances(bindings, tail)]
        )
        assert len(whole) > 0
        _same(whole, joined)
        # A part without instances (the pattern cannot bind there) joins as nothing.
        empty = Instances(bindings, [_line((1,), "x-")] if len(bindings) == 3 else [])
        _same(Instances.concat([whole, empty]), Instances(bindings, whole.lines + empty.lines))


def _solutions(hints: tuple[int, ...], text: str) -> list[str]:
    """Every full line agreeing with ``text`` whose runs of filled cells are ``hints``."""
    out = []
    for cells in product("xO", repeat=len(text)):
        full = "".join(cells)
        if all(k == "-" or k == c for k, c in zip(text, full, strict=True)) and tuple(
            len(r) for r in full.split("x") if r
        ) == tuple(hints):
            out.append(full)
    return out


def test_fill_status_agrees_with_every_solution_of_the_line() -> None:
    # Wrong: the fill leaves the line, is empty, or some solution disagrees on one of its cells;
    # productive: right and one of its cells unknown.  Vectors, and one start column against
    # several end columns, as synthesis asks.
    rng = random.Random(7)
    lines = [pl for pl in all_states(5) if rng.random() < 0.3]
    inst = Instances((Binding("h", Arbitrary(ElementType.HINT)),), lines)
    sols = {pl: _solutions(pl.hints, pl.text) for pl in lines}
    nrng = np.random.default_rng(3)
    for value, char in ((1, "O"), (0, "x")):
        s = nrng.integers(-2, 7, len(inst))
        ends = nrng.integers(-2, 8, (len(inst), 4))
        wrong, productive = inst.fill_status(value, s[:, None], ends)
        assert wrong.shape == productive.shape == ends.shape
        for col in range(ends.shape[1]):
            one = inst.fill_status(value, s, ends[:, col])
            assert (one[0] == wrong[:, col]).all() and (one[1] == productive[:, col]).all()
        for i in range(len(inst)):
            pl = lines[int(inst.line[i])]
            for col in range(ends.shape[1]):
                a, b = int(s[i]), int(ends[i, col])
                right = 0 <= a < b <= pl.n and all(
                    sol[c] == char for sol in sols[pl] for c in range(a, b)
                )
                assert wrong[i, col] == (not right)
                assert productive[i, col] == (right and "-" in pl.text[a:b])
    assert productive.any() and (~wrong).any()
