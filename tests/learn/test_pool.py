"""Instance pools: joining the instances of several line lists equals building them at once."""

from __future__ import annotations

import numpy as np

from nonostudio.learn.pool import Instances, all_states, pool_line
from nonostudio.rules.ast import Arbitrary, Binding, Constant, ElementType, Singleton


def _same(a: Instances, b: Instances) -> None:
    assert a.lines == b.lines and a.exprs == b.exprs
    for x, y in ((a.atoms, b.atoms), (a.line, b.line), (a.n, b.n), (a.known, b.known)):
        assert np.array_equal(x, y)
    for d1, d2 in ((a.index, b.index), (a.extreme, b.extreme), (a.forced, b.forced)):
        assert d1.keys() == d2.keys() and all(np.array_equal(d1[k], d2[k]) for k in d1)
    # Group numbers may differ; what matters is which instances share a group.
    for k in a.group:
        pairs = {(int(x), int(y)) for x, y in zip(a.group[k], b.group[k], strict=True)}
        assert len({x for x, _ in pairs}) == len(pairs) == len({y for _, y in pairs})


def test_concatenated_instances_equal_one_build() -> None:
    lines = list(all_states(4))
    head = [pool_line((2, 1), "--x-O-"), pool_line((3,), "-O----")]
    tail = [pool_line((1, 1, 1), "-----x-")]
    for bindings in [
        (Binding("h", Arbitrary(ElementType.HINT)), Binding("g", Arbitrary(ElementType.GAP))),
        (Binding("h0", Constant(ElementType.HINT, 0)), Binding("b", Singleton(ElementType.BLOCK))),
        (Binding("h", Arbitrary(ElementType.HINT)), Binding("b", Arbitrary(ElementType.BLOCK)),
         Binding("g1", Constant(ElementType.GAP, 1))),
    ]:
        whole = Instances(bindings, head + lines + tail)
        joined = Instances.concat([Instances(bindings, head), Instances(bindings, lines),
                                   Instances(bindings, tail)])
        assert len(whole) > 0
        _same(whole, joined)
        # A part without instances (the pattern cannot bind there) joins as nothing.
        empty = Instances(bindings, [pool_line((1,), "x-")] if len(bindings) == 3 else [])
        _same(Instances.concat([whole, empty]), Instances(bindings, whole.lines + empty.lines))
