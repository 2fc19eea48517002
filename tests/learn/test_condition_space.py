"""The condition space synthesis searches: every atom is true on the specification's instance and
means on every instance what its condition says (read by the vectorised evaluator), no two atoms
are true on the same instances, and no comparison or unique condition of the search space that
tells some instance apart is missing (one true on the same instances, no dearer, stands for it)."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.learn.mining.pool import Instances, all_states
from nonostudio.learn.synthesis.enumerate import (
    DEFAULT_OPTIONS,
    LITERALS,
    OPS,
    ConditionSpace,
    allowed_vectors,
    coefficient_vectors,
    compare_of,
)
from nonostudio.learn.synthesis.vector_eval import cond_truth
from nonostudio.rules.language.ast import (
    Arbitrary,
    Binding,
    Compare,
    Cond,
    Constant,
    ElementType,
    Unique,
    variables,
)
from nonostudio.rules.language.cost import cond_cost

H, B, G = ElementType.HINT, ElementType.BLOCK, ElementType.GAP
PATTERN_SETS = [
    (Binding("h", Arbitrary(H)), Binding("g", Arbitrary(G))),
    (Binding("h", Constant(H, 0)), Binding("b", Arbitrary(B))),
]


def _search_space(inst: Instances) -> list[tuple[Cond, int]]:
    """Every comparison (up to three terms) and unique condition (up to two) the space draws on,
    with its cost."""
    atoms = inst.exprs
    vectors = [
        v
        for v in allowed_vectors(coefficient_vectors(len(atoms), 3), atoms, DEFAULT_OPTIONS)
        if any(v)
    ]
    out: list[tuple[Cond, int]] = []
    for v in vectors:
        for c in LITERALS:
            for op in OPS:
                cond = compare_of(v, c, op, list(atoms))
                out.append((cond, cond_cost(cond)))
                if op == "=" or sum(map(abs, v)) > 2:
                    continue
                for b in inst.bindings:
                    if isinstance(b.pattern, Arbitrary) and b.name in variables(cond):
                        node = Unique(b.name, cond)
                        out.append((node, cond_cost(node)))
    return out


@pytest.mark.parametrize("bindings", PATTERN_SETS, ids=["h,g arbitrary", "hint 0, block"])
def test_condition_atoms_mean_what_they_say_and_none_is_missing(
    bindings: tuple[Binding, ...],
) -> None:
    inst = Instances(bindings, list(all_states(5)))
    space_conds = _search_space(inst)
    for i0 in (0, len(inst) // 3, len(inst) - 1):
        space = ConditionSpace(inst, i0)
        assert len(space.atoms) == len(space.truth) == len(space.costs) > 10
        rows: dict[bytes, int] = {}
        for a, atom in enumerate(space.atoms):
            truth = cond_truth(atom.cond, inst)
            assert np.array_equal(space.truth[a], truth), atom.cond
            assert truth[i0] and not truth.all(), atom.cond
            assert space.costs[a] == atom.cost == cond_cost(atom.cond)
            assert space.special[a] == (not isinstance(atom.cond, Compare))
            assert truth.tobytes() not in rows, "two atoms true on the same instances"
            rows[truth.tobytes()] = a
        for cond, price in space_conds:
            truth = cond_truth(cond, inst)
            if truth[i0] and not truth.all():
                found = rows.get(truth.tobytes())
                assert found is not None, f"{cond} is missing"
                assert space.costs[found] <= price, (cond, space.atoms[found].cond)
