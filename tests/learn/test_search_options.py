"""Search options of a learning run: the DSL constructs synthesis may use and the cost weights it
ranks candidates by — honoured by the condition space, the fill forms, widening and synthesis,
stored with a run and bound into its workers."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from nonostudio.core.line import FILLED
from nonostudio.learn.mining.pool import Instances, all_states
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.running.work import narrow_synthesis_work, synthesis_work, works_for
from nonostudio.learn.synthesis.enumerate import (
    CONSTRUCTS,
    EXTENSIONS,
    ConditionSpace,
    SearchOptions,
    fill_forms,
)
from nonostudio.learn.synthesis.synth import synthesize
from nonostudio.rules.language.ast import (
    Arbitrary,
    Binding,
    Constant,
    ElementType,
    HighestStartCell,
    LineSize,
    LowestEndCell,
    Maximal,
    Minimal,
    Node,
    Singleton,
    Total,
    Unique,
    variables,
    walk,
)
from nonostudio.rules.language.cost import CostWeights, cond_cost, cost, expr_cost
from nonostudio.rules.measuring.coverage import Transition
from nonostudio.rules.proving.prover import AT_ONCE, prove

H, G = ElementType.HINT, ElementType.GAP
BINDINGS = (Binding("h", Arbitrary(H)), Binding("g", Arbitrary(G)))
GEOMETRY = (LowestEndCell, HighestStartCell)


@pytest.fixture(scope="module")
def instances() -> Instances:
    return Instances(BINDINGS, all_states(5))


def _nodes(node: Node) -> list[Node]:
    return list(walk(node))


def test_defaults_search_everything_and_describe_as_nothing(instances: Instances) -> None:
    options = SearchOptions()
    assert options.is_default() and options.describe() == ""
    assert SearchOptions.from_json(None) == options == SearchOptions.from_json(options.to_json())
    space = ConditionSpace(instances, 0)
    kinds = {type(a.cond) for a in space.atoms}
    assert {Unique, Maximal}.issubset(kinds) or {Unique, Minimal}.issubset(kinds)
    assert any(isinstance(n, GEOMETRY) for a in space.atoms for n in _nodes(a.cond))


def test_a_construct_left_out_is_in_no_condition_atom_nor_fill(instances: Instances) -> None:
    options = SearchOptions(frozenset(CONSTRUCTS))
    space = ConditionSpace(instances, 0, options=options)
    assert space.atoms, "comparisons of starts and sizes remain"
    for atom in space.atoms:
        assert not isinstance(atom.cond, Unique | Maximal | Minimal), atom.cond
        assert not any(isinstance(n, (*GEOMETRY, LineSize)) for n in _nodes(atom.cond)), atom
    forms = fill_forms(instances.exprs, options=options)
    assert forms and not any(
        isinstance(n, (*GEOMETRY, LineSize)) for f in forms for n in _nodes(f.expr)
    )
    assert len(forms) < len(fill_forms(instances.exprs))


@pytest.mark.slow
def test_weights_cost_the_atoms_and_forms(instances: Instances) -> None:
    weights = CostWeights(geometry=30, unique=9, operator=2)
    space = ConditionSpace(instances, 0, options=SearchOptions(weights=weights))
    assert any(atom.cost != cond_cost(atom.cond) for atom in space.atoms)
    for atom in space.atoms:
        assert atom.cost == cond_cost(atom.cond, weights)
    for form in fill_forms(instances.exprs, options=SearchOptions(weights=weights)):
        assert form.cost == expr_cost(form.expr, weights)


@pytest.mark.slow
def test_synthesis_without_the_hint_geometry_finds_another_sound_rule() -> None:
    # (3) ---- → cells 1-2 filled: big hint, which the default search writes with the geometry.
    spec = Specification(
        Transition((3,), "----", "-OO-"), (Binding("h", Singleton(H)),), FILLED, 1, 3
    )
    default = synthesize(spec, budget_s=60)
    assert default.rule is not None
    assert any(isinstance(n, GEOMETRY) for n in _nodes(default.rule))
    options = SearchOptions(frozenset({"geometry"}), CostWeights(line_size=5))
    result = synthesize(spec, budget_s=60, options=options)
    assert result.status == "found" and result.rule is not None
    assert not any(isinstance(n, GEOMETRY) for n in _nodes(result.rule))
    assert prove(result.rule, 30, strategy=AT_ONCE).sound is True
    # The result's cost is the run's measure: the rule costed by the run's weights.
    assert result.cost == cost(result.rule, options.weights) != cost(result.rule)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"without": ["unique", "loops"]}, "unknown DSL construct 'loops'"),
        ({"without": "unique"}, "'without' must be a list"),
        ({"weights": {"geometry": -1}}, "cost weight geometry must be a whole number from 0 to 99"),
        ({"weights": {"geometry": 2.5}}, "cost weight geometry must be a whole number"),
        ({"weights": {"colour": 3}}, "unknown cost weight 'colour'"),
        ({"with": ["totals", "loops"]}, "unknown DSL extension 'loops'"),
        ({"with": "totals"}, "'with' must be a list"),
        ([1, 2], "search options must be an object"),
    ],
)
def test_bad_stored_options_are_named(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SearchOptions.from_json(data)


def test_a_run_with_options_binds_them_into_picklable_workers() -> None:
    assert works_for({}) == (synthesis_work, narrow_synthesis_work)
    assert works_for({"search": SearchOptions().to_json()}) == (
        synthesis_work,
        narrow_synthesis_work,
    )
    options = SearchOptions(frozenset({"unique"}), CostWeights(geometry=3))
    work, narrow = works_for({"search": options.to_json()})
    for bound in (work, narrow):
        again = pickle.loads(pickle.dumps(bound))
        assert SearchOptions.from_json(again.keywords["search"]) == options
    assert (
        options.describe() == "without unique; cost weights geometry 3 (the others the original's)"
    )


@pytest.mark.slow
def test_widening_uses_only_the_allowed_atoms() -> None:
    from nonostudio.learn.synthesis.polish import widenings
    from nonostudio.rules.language.parser import parse_rule

    force_max = parse_rule(
        """
        def fm:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if size(h) + size(h) > size(g) and (g is unique where size(g) >= size(h)):
          then fill(true, start(g) + size(g) - size(h), start(g) + size(h))
    """,
        "test",
    )
    pool = Instances(force_max.bindings, all_states(6))
    found = widenings(force_max, pool, limit=20)
    assert any(isinstance(n, GEOMETRY) for w in found for n in _nodes(w.conjunct))
    narrowed = widenings(
        force_max, pool, limit=20, options=SearchOptions(frozenset({"geometry", "line_size"}))
    )
    assert narrowed, "conjuncts over starts and sizes still widen force maximum"
    for w in narrowed:
        assert not any(isinstance(n, (*GEOMETRY, LineSize)) for n in _nodes(w.conjunct)), w


@pytest.mark.slow
def test_the_export_widens_with_the_search_options_of_the_runs(anchors: Path) -> None:
    from nonostudio.learn.choosing.export import ChoiceSettings, choose_rules, common_options
    from nonostudio.rules.language.parser import parse_rule
    from nonostudio.rules.measuring.coverage import load_transitions

    force_max = parse_rule(
        """
        def fm:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if size(h) + size(h) > size(g) and (g is unique where size(g) >= size(h)):
          then fill(true, start(g) + size(g) - size(h), start(g) + size(h))
    """,
        "test",
    )
    narrow = SearchOptions(frozenset({"geometry", "line_size"}))
    assert common_options([{"search": narrow.to_json()}] * 2) == narrow
    assert common_options([{"search": narrow.to_json()}, {}]) == SearchOptions()
    assert common_options([{"search": {"without": ["loops"]}}]) == SearchOptions()
    assert common_options([]) == SearchOptions()
    transitions = load_transitions(anchors / "butler" / "testing-set.json")[:300]
    choice = choose_rules(
        [force_max], transitions, ChoiceSettings(widen_chosen=True, search=narrow, prove_length=12)
    )
    (widened,) = choice.chosen.rules
    assert choice.widened == 1 and widened.condition != force_max.condition
    assert not any(isinstance(n, (*GEOMETRY, LineSize)) for n in _nodes(widened.condition))
    # Each widening step was proved up to prove_length (12 here, 30 by default) cells.
    assert prove(widened, 12, strategy=AT_ONCE).sound is True


# ---- totals: beyond the paper's DSL, searched only when a run asks for them ------------------

TOTALS = SearchOptions(extensions=frozenset({"totals"}))


def _has_total(node: Node) -> bool:
    return any(isinstance(n, Total) for n in _nodes(node))


def test_totals_are_searched_only_when_asked_and_only_in_conditions(instances: Instances) -> None:
    assert set(EXTENSIONS) == {"totals"}
    assert not any(_has_total(a.cond) for a in ConditionSpace(instances, 0).atoms)
    counted = ConditionSpace(instances, 0, options=TOTALS)
    with_totals = [a.cond for a in counted.atoms if _has_total(a.cond)]
    assert with_totals
    # A count is compared with counts and the line's length only, never inside unique.
    for cond in with_totals:
        assert not isinstance(cond, Unique) and not variables(cond), cond
    # Totals are counts, not cells: no fill range is built from them, searched or not.
    for options in (SearchOptions(), TOTALS):
        assert not any(_has_total(f.expr) for f in fill_forms(instances.exprs, options=options))
    assert fill_forms(instances.exprs, options=TOTALS) == fill_forms(instances.exprs)


def test_an_extension_is_stored_described_and_bound_into_workers() -> None:
    assert not TOTALS.is_default() and TOTALS.describe() == "with totals"
    assert TOTALS.to_json() == {"without": [], "weights": {}, "with": ["totals"]}
    assert "with" not in SearchOptions().to_json()  # runs stored before extensions read the same
    assert SearchOptions.from_json(TOTALS.to_json()) == TOTALS
    work, _ = works_for({"search": TOTALS.to_json()})
    assert SearchOptions.from_json(pickle.loads(pickle.dumps(work)).keywords["search"]) == TOTALS


@pytest.mark.slow
@pytest.mark.parametrize(
    ("transition", "binding", "start", "end"),
    [
        # No clues: every cell is empty.  The paper's DSL cannot say "no clues".
        (Transition((), "---", "xxx"), Binding("g", Singleton(G)), 0, 3),
        # Both clues placed: the cell before the first block is empty.
        (Transition((1, 1), "-O-O-", "xOxOx"), Binding("b0", Constant(ElementType.BLOCK, 0)), 0, 1),
    ],
)
def test_synthesis_with_totals_learns_a_counting_rule_the_paper_cannot(
    transition: Transition, binding: Binding, start: int, end: int
) -> None:
    spec = Specification(transition, (binding,), 1 - FILLED, start, end)
    assert synthesize(spec, budget_s=60).rule is None
    result = synthesize(spec, budget_s=60, options=TOTALS)
    assert result.status == "found" and result.rule is not None
    assert _has_total(result.rule.condition)
    assert prove(result.rule, 30, strategy=AT_ONCE).sound is True
