"""Widening unique conditions: the candidate conjuncts, the pool-level search, and the proved
widening synthesis and the export apply.

The pool-level claims are checked with the interpreter and the exact line solver on every line,
not with the numpy machinery the search itself uses.
"""

from __future__ import annotations

import time
from itertools import product
from pathlib import Path

import pytest

from nonostudio.core.line import FILLED, Line
from nonostudio.core.linesolver import solve_text
from nonostudio.learn.choosing.export import ChoiceSettings, choose_rules
from nonostudio.learn.mining.pool import Instances, all_states
from nonostudio.learn.mining.specs import canonical_transitions, specifications
from nonostudio.learn.synthesis import climb, polish
from nonostudio.learn.synthesis.polish import MAX_TERMS, candidate_forms, widenings, with_conjunct
from nonostudio.learn.synthesis.synth import simplify, synthesize, widen
from nonostudio.rules.language.ast import (
    Compare,
    Constant,
    ElementType,
    Rule,
    Unique,
    conjuncts,
    variables,
)
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.mirror import mirrored
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.tidy import tidy, unpinned
from nonostudio.rules.measuring.coverage import load_transitions
from nonostudio.rules.proving.prover import AT_ONCE, prove

# Force maximum as learning found it (shipped learned rule 2 before widening).
FORCE_MAX = parse_rule(
    """
    def fm:
      with h = arbitrary(hint) and g = arbitrary(gap):
      if size(h) + size(h) > size(g) and (g is unique where size(g) >= size(h)):
      then fill(true, start(g) + size(g) - size(h), start(g) + size(h))
""",
    "test",
)
# A learned first-hint rule whose proofs are fast (shipped learned rule 3 before widening).
FIRST_HINT = parse_rule(
    (
        "\n"
        "    def first:\n"
        "      with h0 = arbitrary(hint) and b = arbitrary(block):\n"
        "      if 0 >= start(h0) and start(b) + size(b) > size(h0)"
        " and (h0 is unique where size(h0) >= size(b)):\n"
        "      then fill(false, start(h0), start(b) + size(b) - size(h0))\n"
    ),
    "test",
)
BIG_HINT = parse_rule(
    """
    def big:
      with h = arbitrary(hint):
      if lowest_end_cell(h) > highest_start_cell(h):
      then fill(true, highest_start_cell(h), lowest_end_cell(h))
""",
    "test",
)


def _set_and_right(rule: Rule, max_length: int) -> tuple[int, bool]:
    """Interpreter and line solver on every valid line up to ``max_length`` cells: the
    (line, cell) pairs ``rule``'s fills set, and whether every fill is forced."""
    cells, right = 0, True
    for pl in all_states(max_length):
        line = Line.parse(pl.hints, pl.text)
        deduced = solve_text(pl.hints, pl.text)
        assert deduced is not None  # every pool line has a solution
        new: set[int] = set()
        for f in apply_rule(rule, line, flipped=False):
            char = "O" if f.value == FILLED else "x"
            if not (0 <= f.start < f.end <= pl.n) or any(deduced[c] != char for c in f.cells()):
                right = False
                continue
            new |= {c for c in f.cells() if pl.text[c] == "-"}
        cells += len(new)
    return cells, right


def test_candidate_forms_use_the_unique_element_and_at_most_max_terms_atoms() -> None:
    forms = candidate_forms(5, frozenset({3, 4}))
    rows = {tuple(r) for r in forms.tolist()}
    assert len(rows) == len(forms)  # no form twice
    for r in rows:
        assert set(r) <= {-1, 0, 1} and 1 <= sum(map(abs, r)) <= MAX_TERMS
        assert r[3] or r[4]
    # Every signed sum of 1..MAX_TERMS atoms touching an own atom is there.
    expected = sum(
        1
        for r in product((-1, 0, 1), repeat=5)
        if 1 <= sum(map(abs, r)) <= MAX_TERMS and (r[3] or r[4])
    )
    assert len(rows) == expected


def test_with_conjunct_adds_inside_the_unique_only() -> None:
    extra = parse_rule(
        """
        def x:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if highest_start_cell(h) >= start(g):
          then fill(true, 0, 1)
    """,
        "test",
    ).condition
    assert isinstance(extra, Compare)
    widened = with_conjunct(FORCE_MAX, 1, extra)
    before, after = conjuncts(FORCE_MAX.condition), conjuncts(widened.condition)
    assert after[0] == before[0] and isinstance(after[1], Unique)
    assert isinstance(before[1], Unique)
    assert conjuncts(after[1].cond) == [before[1].cond, extra]
    with pytest.raises(ValueError, match="not a unique"):
        with_conjunct(FORCE_MAX, 0, extra)


def test_widenings_stay_right_and_set_more_on_the_pool() -> None:
    pool = Instances(FORCE_MAX.bindings, list(all_states(5)))
    found = widenings(FORCE_MAX, pool, limit=4)
    assert found and [w.cells for w in found] == sorted((w.cells for w in found), reverse=True)
    base, right = _set_and_right(FORCE_MAX, 5)
    assert right
    for w in found:
        assert w.rule.bindings == FORCE_MAX.bindings and w.rule.action == FORCE_MAX.action
        assert "g" in variables(w.conjunct)
        cells, right = _set_and_right(w.rule, 5)  # independent of the search's arrays
        assert right and cells == w.cells > base
    assert widenings(BIG_HINT, Instances(BIG_HINT.bindings, list(all_states(4)))) == []


def test_widenings_refuse_a_rule_that_is_wrong_on_the_pool() -> None:
    wrong = parse_rule(
        """
        def wrong:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if (g is unique where size(g) >= size(h)):
          then fill(true, start(g), start(g) + size(h))
    """,
        "test",
    )
    with pytest.raises(ValueError, match="fills wrongly"):
        widenings(wrong, Instances(wrong.bindings, list(all_states(4))))


@pytest.mark.slow
def test_widen_proves_each_step_and_makes_force_maximum_more_general() -> None:
    widened = widen(FORCE_MAX, max_length=14)
    assert widened.bindings == FORCE_MAX.bindings and widened.action == FORCE_MAX.action
    (unique,) = [p for p in conjuncts(widened.condition) if isinstance(p, Unique)]
    assert len(conjuncts(unique.cond)) >= 2
    assert prove(widened, 14, strategy=AT_ONCE).sound is True
    before, _ = _set_and_right(FORCE_MAX, 6)
    after, right = _set_and_right(widened, 6)
    assert right and after > before
    # Nothing to widen: the rule comes back as it was.
    assert widen(BIG_HINT, max_length=14) == BIG_HINT


@pytest.mark.slow
def test_synthesis_widens_the_unique_conditions_it_finds() -> None:
    # (2 1) ---OO-- : the block can only be the first hint's, so the cells before it go.  The
    # rule found names the unique hint that can cover the block; the condition search builds
    # unique atoms over one comparison, so a second conjunct inside can only come from widening.
    (spec,) = [
        s
        for t in canonical_transitions(7)
        for s in specifications(t, 2)
        if s.key == "2 1|---OO--|x0-3|h0,b"
    ]
    result = synthesize(spec, budget_s=120, max_length=12)
    assert result.status == "found"
    rule = result.rule
    assert rule is not None
    (unique,) = [p for p in conjuncts(rule.condition) if isinstance(p, Unique)]
    assert len(conjuncts(unique.cond)) >= 2, rule
    assert prove(rule, 12, strategy=AT_ONCE).sound is True
    # Widening again finds nothing more: synthesis went as far as widening goes.
    assert widen(rule, max_length=12) == rule


@pytest.mark.slow
def test_the_export_widens_the_chosen_rules_and_chooses_again(anchors: Path) -> None:
    transitions = load_transitions(anchors / "butler" / "testing-set.json")[:600]
    plain = choose_rules([FIRST_HINT, BIG_HINT], transitions)
    choice = choose_rules([FIRST_HINT, BIG_HINT], transitions, ChoiceSettings(widen_chosen=True))
    assert choice.widened == 1 and plain.widened == 0
    first = next(r for r in choice.chosen.rules if r.name == "first")
    assert first != FIRST_HINT and prove(first, 30, strategy=AT_ONCE).sound is True
    gained = dict(zip([r.name for r in choice.chosen.rules], choice.chosen.gains, strict=True))
    before = dict(zip([r.name for r in plain.chosen.rules], plain.chosen.gains, strict=True))
    assert choice.chosen.coverage > plain.chosen.coverage
    assert gained["first"] + gained.get("big", 0) > before["first"] + before.get("big", 0)


def test_a_rule_whose_unique_ranges_over_the_last_hint_is_kept_and_can_be_exported(
    anchors: Path,
) -> None:
    # A mirror image's unique can range over constant(hint, -1).  The check pool enumerates the
    # other hints of an arbitrary pattern only, and no condition on an arbitrary hint says "the
    # last", so simplifying and widening keep such a rule as it is (they used to raise).
    last = mirrored(tidy(FIRST_HINT))
    assert last is not None and last.bindings[0].pattern == Constant(ElementType.HINT, -1)
    assert any(
        isinstance(u, Unique) and u.var == last.bindings[0].name for u in conjuncts(last.condition)
    )
    assert simplify(last, max_length=12) == tidy(last)
    assert widen(last, max_length=12) == tidy(last)
    # So an export that simplifies and widens a pool holding mirror images (a shipped set) works.
    transitions = load_transitions(anchors / "butler" / "testing-set.json")[:300]
    choice = choose_rules(
        [last],
        transitions,
        ChoiceSettings(simplify_chosen=True, widen_chosen=True, prove_length=12),
    )
    assert [r.name for r in choice.chosen.rules] == [last.name] and choice.chosen.gains[0] > 0


@pytest.mark.slow
def test_a_rule_whose_unique_ranges_over_a_constant_hint_is_widened_and_simplified() -> None:
    # tidy binds FIRST_HINT's h0 as constant(hint, 0); the check pool enumerates the other hints
    # of a unique only for an arbitrary pattern, so widening and simplifying read it unpinned.
    pinned = tidy(FIRST_HINT)
    assert pinned.bindings[0].pattern == Constant(ElementType.HINT, 0)
    assert unpinned(pinned) != pinned and tidy(unpinned(pinned)) == pinned
    widened = widen(pinned, max_length=14)
    assert widened == tidy(widen(FIRST_HINT, max_length=14)) != pinned
    assert widened.bindings[0].pattern == Constant(ElementType.HINT, 0)
    assert prove(widened, 14, strategy=AT_ONCE).sound is True
    before, _ = _set_and_right(pinned, 6)
    after, right = _set_and_right(widened, 6)
    assert right and after > before
    assert simplify(pinned, max_length=14) == pinned  # nothing it stays sound without


@pytest.mark.slow
def test_widening_ends_before_the_budget_and_keeps_the_rule_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def endless(rule, pool, *, limit, poll, options):  # a widening that would never finish
        while True:
            poll()
            time.sleep(0.01)

    monkeypatch.setattr(polish, "widenings", endless)
    monkeypatch.setattr(polish, "WIDENED", {})
    (spec,) = [
        s
        for t in canonical_transitions(7)
        for s in specifications(t, 2)
        if s.key == "2 1|---OO--|x0-3|h0,b"
    ]
    budget = 8.0
    result = synthesize(spec, budget_s=budget, max_length=12)
    assert result.status == "found" and result.rule is not None
    # A learning run counts a specification over its budget as a budget hit.
    assert result.seconds < budget - climb.EXTRAS_MARGIN + 1.0
    (unique,) = [p for p in conjuncts(result.rule.condition) if isinstance(p, Unique)]
    assert len(conjuncts(unique.cond)) == 1  # the search's own unique: nothing was widened
