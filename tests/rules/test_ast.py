"""The syntax tree's one way to walk it: children, map_children, walk, variables, Named nodes."""

from __future__ import annotations

import dataclasses
import pickle
import typing

import pytest
from hypothesis import given, settings
from rule_strategies import rules

from nonostudio.rules.language import ast
from nonostudio.rules.language.cost import DEFAULT_WEIGHTS, CostWeights, cost
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.printer import format_rule

HINT, GAP = ast.ElementType.HINT, ast.ElementType.GAP

BIG_GAP = parse_rule("""def big_gap:
  with h = constant(hint, 0) and g = arbitrary(gap):
  if (g is unique where size(g) >= size(h)) and maximal(g):
  then fill(true, start(g) + size(g) - size(h), start(g) + size(h))""")


def _node_classes(alias: object) -> set[type]:
    return set(typing.get_args(alias))


def test_walk_is_pre_order_over_every_child() -> None:
    kinds = [type(n).__name__ for n in ast.walk(BIG_GAP)]
    assert kinds == [
        "Rule",
        "Binding",
        "Constant",
        "Binding",
        "Arbitrary",
        "And",
        "Unique",
        "Compare",
        "Size",
        "Size",
        "Maximal",
        "Fill",
        "Arith",
        "Arith",
        "Start",
        "Size",
        "Size",
        "Arith",
        "Start",
        "Size",
    ]
    assert ast.children(ast.Lit(3)) == () and ast.children(ast.Maximal("g")) == ()
    assert ast.variables(BIG_GAP) == {"h", "g"}
    unique = ast.conjuncts(BIG_GAP.condition)[0]
    assert isinstance(unique, ast.Unique) and ast.variables(unique) == {"g", "h"}  # inside too


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(rules())
def test_map_children_rebuilds_the_same_tree_and_walks_every_node(rule: ast.Rule) -> None:
    def same(node: ast.Node) -> ast.Node:
        return ast.map_children(node, same)

    rebuilt = ast.map_children(rule, same)
    assert rebuilt == rule and format_rule(rebuilt) == format_rule(rule)
    assert [n for n in ast.walk(rebuilt)] == [n for n in ast.walk(rule)]


def test_map_children_rewrites_only_what_the_pass_handles() -> None:
    def bigger(node: ast.Node) -> ast.Node:  # every size(x) becomes size(x) + 1
        if isinstance(node, ast.Size):
            return ast.Arith("+", node, ast.Lit(1))
        return ast.map_children(node, bigger)

    out = ast.map_children(BIG_GAP, bigger)
    assert format_rule(out).splitlines()[2:] == [
        "  if (g is unique where size(g) + 1 >= size(h) + 1) and maximal(g):",
        "  then fill(true, start(g) + (size(g) + 1) - (size(h) + 1), start(g) + (size(h) + 1))",
    ]
    assert out.bindings == BIG_GAP.bindings and out.name == BIG_GAP.name


def test_named_nodes_compare_by_class_and_name_and_stay_immutable() -> None:
    start, size = ast.Start("x"), ast.Size("x")
    nodes: list[ast.Named] = [start, size, ast.Maximal("x"), ast.Minimal("x")]
    assert len(set(nodes)) == 4  # a Start is no Size, a Maximal no Minimal, of the same name
    assert start == ast.Start("x") and hash(start) == hash(ast.Start("x"))
    assert repr(start) == "Start(var='x')" and ast.Unique("x", ast.TrueCond()).var == "x"
    assert not hasattr(start, "__dict__")  # slots, as every other node
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.var = "y"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(BIG_GAP)) == BIG_GAP  # learning workers receive rules
    named = {
        cls
        for cls in _node_classes(ast.Expr) | _node_classes(ast.Cond)
        if issubclass(cls, ast.Named)
    }
    assert named == {
        ast.Start,
        ast.Size,
        ast.LowestEndCell,
        ast.HighestStartCell,
        ast.Maximal,
        ast.Minimal,
        ast.Unique,
    }
    assert set(ast.CALL_WORDS) == named - {ast.Unique}


def test_every_kind_of_node_has_a_weight() -> None:
    kinds = _node_classes(ast.Pattern) | _node_classes(ast.Expr) | _node_classes(ast.Cond)
    assert set(DEFAULT_WEIGHTS.by_node) == kinds
    heavy = CostWeights(unique=5)
    assert heavy.changed() == {"unique": 5}  # the table is no weight of its own
    assert pickle.loads(pickle.dumps(heavy)) == heavy and heavy.by_node[ast.Unique] == 5
    assert cost(BIG_GAP, heavy) == cost(BIG_GAP) + 3
