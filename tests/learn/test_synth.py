"""Rule synthesis: rules found cover their specification and are proved sound; patterns are
generalised when that stays sound; hopeless specifications end at once; cancellation is prompt."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.learn.mining.pool import Instances
from nonostudio.learn.mining.specs import Specification, specifications
from nonostudio.learn.synthesis import candidates, verify
from nonostudio.learn.synthesis.synth import (
    pattern_sets,
    simplify,
    synthesize,
    synthesize_constant_level,
)
from nonostudio.learn.synthesis.synth_run import Run, SpecRun
from nonostudio.rules.language.ast import (
    Arbitrary,
    Binding,
    Constant,
    ElementType,
    Rule,
    Singleton,
    conjuncts,
)
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.language.tidy import tidy
from nonostudio.rules.measuring.coverage import Transition, coverage, load_transitions
from nonostudio.rules.proving.prover import AT_ONCE, ProofResult, prove
from nonostudio.rules.ruleset import load_rule_set

H, B, G = ElementType.HINT, ElementType.BLOCK, ElementType.GAP


def _spec(
    hints: tuple[int, ...],
    before: str,
    value: int,
    start: int,
    end: int,
    patterns: tuple[Binding, ...],
) -> Specification:
    t = Transition(hints, before, before)  # ``after`` is not read by synthesis
    return Specification(t, patterns, value, start, end)


def _covers(rule: Rule, spec: Specification) -> bool:
    line = Line.parse(spec.transition.hints, spec.transition.before)
    return any(
        f.value == spec.value and f.start <= spec.start and spec.end <= f.end
        for f in apply_rule(rule, line, flipped=False)
    )


@pytest.mark.slow
def test_big_hint_is_found_generalised_covering_and_sound(anchors: Path) -> None:
    # (3) ---- : cells 1 and 2 are filled whatever the placement (control rule 5, big hint:
    # docs/rule-language.md §7).
    spec = _spec((3,), "----", FILLED, 1, 3, (Binding("h", Singleton(H)),))
    result = synthesize(spec, budget_s=60)
    assert result.status == "found", result
    rule = result.rule
    assert rule is not None and _covers(rule, spec)
    # The singleton climbs to arbitrary: the rule is sound for any hint.
    assert [b.pattern for b in rule.bindings] == [Arbitrary(H)]
    assert result.cost is not None and result.cost <= 40
    proof = prove(rule, 30, strategy=AT_ONCE)
    assert proof.sound is True
    # As general as the control rule: it fires on a long line the pool never saw ...
    fills = apply_rule(rule, Line.parse((8,), "-" * 10), flipped=False)
    assert any(f.value == FILLED and f.start <= 2 and 8 <= f.end for f in fills)
    # ... and sets every (state, cell) pair big hint sets on the paper's test set.
    control = next(r for r in load_rule_set("control").rules if r.name == "big_hint")
    transitions = load_transitions(anchors / "butler" / "testing-set.json")
    wanted = coverage([control], transitions).cells_by_rule["big_hint"]
    assert wanted
    assert wanted <= coverage([rule], transitions).cells_by_rule[rule.name]


@pytest.mark.slow
def test_rules_with_cells_cover_and_reprove() -> None:
    # (2) x-O-- : the block at 2 with a gap of 4 cells forces crossing the far end (cell 4).
    transition = Transition((2,), "x-O--", "x-OOx")  # not read beyond hints/before
    spec = Specification(
        transition, (Binding("h", Singleton(H)), Binding("b", Singleton(B))), CROSSED, 4, 5
    )
    result = synthesize(spec, budget_s=60)
    assert result.status == "found", result
    rule = result.rule
    assert rule is not None and _covers(rule, spec)
    assert prove(rule, 30, strategy=AT_ONCE).sound is True
    assert result.candidates_tried >= 1 and result.prover_calls >= 1


@pytest.mark.slow
def test_mined_specifications_give_sound_covering_rules() -> None:
    for spec in [
        s for s in specifications(Transition((3, 1), "-----", "OOOxO"), 2) if len(s.patterns) == 2
    ][:1]:
        result = synthesize(spec, budget_s=60)
        assert result.status == "found", (spec.key, result)
        rule = result.rule
        assert rule is not None and _covers(rule, spec)
        assert prove(rule, 30, strategy=AT_ONCE).sound is True


def test_hint_only_specification_that_needs_cells_ends_at_once() -> None:
    # (2) --O : cell 0 is crossed only because of the filled cell; hints alone cannot say so.
    spec = _spec((2,), "--O", CROSSED, 0, 1, (Binding("h", Singleton(H)),))
    start = time.monotonic()
    result = synthesize(spec, budget_s=60)
    assert result.status == "exhausted" and result.rule is None
    assert time.monotonic() - start < 1.0


def test_pattern_sets_climb_the_lattice_most_general_first() -> None:
    spec = _spec(
        (3, 1), "-----", FILLED, 0, 3, (Binding("h0", Constant(H, 0)), Binding("g", Singleton(G)))
    )
    sets = pattern_sets(spec)
    assert [b.pattern for b in sets[0]] == [Arbitrary(H), Arbitrary(G)]
    assert [b.pattern for b in sets[-1]] == [Constant(H, 0), Singleton(G)]
    # constant(h, 0) has two levels, singleton(gap) three.
    assert len(sets) == 6
    assert {tuple(b.pattern for b in s) for s in sets} >= {(Constant(H, 0), Constant(G, 0))}


def test_cancellation_stops_within_a_second() -> None:
    # The cancel lands mid-run for certain: the caller asks to stop on the run's tenth poll,
    # while the climb is still searching its first pattern set (no rule is proved before the
    # climb ends).  Uncancelled, this specification takes seconds (the next test's budget of
    # 0.05 s ends it as a timeout, not a rule).
    spec = _spec(
        (1, 1, 1),
        "-------",
        CROSSED,
        1,
        2,
        (Binding("h0", Constant(H, 0)), Binding("g", Singleton(G)), Binding("h1", Constant(H, 1))),
    )
    polls = 0
    cancelled_at: list[float] = []

    def should_stop() -> bool:
        nonlocal polls
        polls += 1
        if polls == 10:
            cancelled_at.append(time.monotonic())
        return polls >= 10

    result = synthesize(spec, budget_s=120, should_stop=should_stop)
    ended = time.monotonic()
    assert cancelled_at, "the run never polled should_stop ten times"
    assert result.status == "cancelled" and result.rule is None, result
    assert ended - cancelled_at[0] < 1.0
    assert result.seconds < 5.0 and result.prover_calls == 0


def test_budget_is_a_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "PROOFS", {})  # no verdict remembered from another test
    spec = _spec(
        (1, 1, 1),
        "-------",
        CROSSED,
        1,
        2,
        (Binding("h0", Constant(H, 0)), Binding("g", Singleton(G)), Binding("h1", Constant(H, 1))),
    )
    result = synthesize(spec, budget_s=0.05)
    assert result.status == "timeout" and result.rule is None, result
    assert result.seconds < 1.5


def _simplify(text: str) -> Rule:
    return simplify(parse_rule(text), max_length=12, budget_s=120)


def _control(name: str) -> Rule:
    return next(r for r in load_rule_set("control").rules if r.name == name)


@pytest.mark.slow
def test_simplification_drops_an_implied_conjunct() -> None:
    # Force maximum with ``size(g) >= size(h)`` added: the unique condition already implies it.
    rule = _simplify("""def fm:
      with h = arbitrary(hint) and g = arbitrary(gap):
      if size(g) >= size(h) and (g is unique where size(g) >= size(h)) and
         size(h) + size(h) > size(g):
      then fill(true, start(g) + size(g) - size(h), start(g) + size(h))""")
    fm = _control("force_maximum")
    assert set(conjuncts(rule.condition)) == set(conjuncts(fm.condition))
    assert rule.bindings == fm.bindings and rule.action == fm.action
    assert prove(rule, 12).sound


def test_simplified_rules_are_written_in_their_cheapest_equivalent_form() -> None:
    # Force maximum as run 7 stored it (cost 32): nothing can go, but the fill's end is
    # rewritten to share its first term with the start, as the control rule writes it (28).
    rule = _simplify("""def fm:
      with h = arbitrary(hint) and g = arbitrary(gap):
      if size(h) + size(h) > size(g) and (g is unique where size(g) >= size(h)):
      then fill(true, start(g) + size(g) - size(h), size(h) + start(g))""")
    fm = _control("force_maximum")
    assert rule.action == fm.action and cost(rule) == cost(fm) == 28
    assert tidy(rule) == rule


@pytest.mark.slow
def test_simplification_drops_unused_bindings_and_pins_an_index_condition() -> None:
    # Big hint with a gap bound for nothing: the gap goes.
    rule = _simplify("""def bh:
      with h = arbitrary(hint) and g = arbitrary(gap):
      if lowest_end_cell(h) > highest_start_cell(h):
      then fill(true, highest_start_cell(h), lowest_end_cell(h))""")
    big = _control("big_hint")
    assert (rule.bindings, rule.condition, rule.action) == (big.bindings, big.condition, big.action)
    # "h is the hint of index 0" written as a unique condition is the pattern constant(hint, 0).
    rule = _simplify("""def left:
      with h = arbitrary(hint) and g0 = constant(gap, 0):
      if size(h) > size(g0) and (h is unique where 0 >= start(h)):
      then fill(false, start(g0), start(g0) + size(g0))""")
    assert rule.bindings == (Binding("h", Constant(H, 0)), Binding("g0", Constant(G, 0)))
    assert conjuncts(rule.condition) == [
        parse_rule("""def x:
      with h = arbitrary(hint) and g0 = constant(gap, 0):
      if size(h) > size(g0):
      then fill(false, 0, 1)""").condition
    ]


def test_simplification_keeps_every_conjunct_a_rule_needs() -> None:
    for name in ("big_hint", "force_maximum", "punctuate_maximum", "cross_small_gap_min"):
        rule = _control(name)
        assert _simplify(format_rule(rule)) == rule, name
    # Mercury binds the first gap and never uses it (a line with a block has a gap): only the
    # binding goes, and the original's ``0 + size(h0)`` and ``start(b0) - 0`` are written tidy.
    mercury = _control("mercury")
    rule = _simplify(format_rule(mercury))
    assert rule.bindings == mercury.bindings[:2]
    assert (rule.condition, rule.action) == (tidy(mercury).condition, tidy(mercury).action)
    assert tidy(mercury).condition != mercury.condition
    # Edge fill's ``size(h0) - 1 > start(b)`` follows from ``size(h0) > start(b) + size(b)``.
    edge = _control("edge_fill")
    rule = _simplify(format_rule(edge))
    assert conjuncts(rule.condition) == conjuncts(tidy(edge).condition)[1:]
    assert (rule.bindings, rule.action) == (edge.bindings, tidy(edge).action)


def test_a_proof_over_its_time_is_given_up_not_kept_and_the_search_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verify, "PROOF_SECONDS", 0.0)
    monkeypatch.setattr(verify, "PROOFS", {})
    run = Run.for_budget(60, None, 30)
    verdict = verify.proved(_control("force_maximum"), run)  # needs seconds at 30 cells
    assert verdict.sound is False and verdict.counterexample is None
    assert run.proofs_given_up == 1 and not run.stopped()


@pytest.mark.slow
def test_a_more_productive_rule_of_less_general_patterns_is_kept_beside_the_most_general(
    anchors: Path,
) -> None:
    # (3) -O---- : cell 2 is filled (hint 0 holds the first block). The climb ends at two
    # arbitrary patterns; the first hint and first block give a rule that sets more cells.
    spec = _spec(
        (3,), "-O----", FILLED, 2, 3, (Binding("h", Singleton(H)), Binding("b", Singleton(B)))
    )
    result = synthesize(spec, budget_s=120)
    assert result.status == "found" and result.alternatives, result
    main = result.rule
    assert main is not None
    assert all(isinstance(b.pattern, Arbitrary) for b in main.bindings)
    transitions = load_transitions(anchors / "butler" / "testing-set.json")
    for alt in result.alternatives:
        assert alt.name != main.name and _covers(alt, spec)
        assert prove(alt, 30, strategy=AT_ONCE).sound is True
        assert any(isinstance(b.pattern, Constant) for b in alt.bindings)
    # Every cell the documented edge fill sets on the paper's test set, one of them sets too.
    edge = next(r for r in load_rule_set("control").rules if r.name == "edge_fill")
    wanted = coverage([edge], transitions).cells_by_rule[edge.name]
    assert wanted
    assert any(
        wanted <= coverage([alt], transitions).cells_by_rule[alt.name]
        for alt in result.alternatives
    )
    # The result records them after the rule itself.
    texts = result.to_json()
    assert texts["rule"] == format_rule(main)
    assert texts["rules"] == [format_rule(a) for a in result.alternatives]


def test_a_cover_loses_the_atoms_later_ones_made_redundant() -> None:
    import numpy as np

    # Rows: atoms; columns: wrong instances each atom excludes.
    excludes = np.array(
        [
            [True, False, False],  # 0: the first wrong instance only
            [False, True, True],  # 1: the other two
            [True, True, True],
        ]
    )  # 2: all three
    costs = np.array([3, 5, 9])
    assert candidates.irredundant((0, 2), excludes, costs) == (2,)  # 2 alone still excludes all
    assert candidates.irredundant((0, 1), excludes, costs) == (0, 1)  # each is needed
    # Of two atoms that each suffice, the costlier goes.
    assert candidates.irredundant(
        (1, 2), np.array([[True] * 3, [True] * 3, [True] * 3]), costs
    ) == (1,)


@pytest.mark.slow
def test_the_narrow_search_of_a_skipped_specification_stays_at_the_constant_level(
    anchors: Path,
) -> None:
    # (2 1) --O-O- : cell 0 is crossed (the first block belongs to the first hint, which cannot
    # reach back to cell 0).  Its full search climbs to arbitrary patterns; the narrow search a
    # learning run gives the specification when it would skip it keeps hint 0 and block 0, and
    # finds the rule that sets every cell the documented mercury sets on the paper's test set.
    spec = _spec(
        (2, 1),
        "--O-O-",
        CROSSED,
        0,
        1,
        (Binding("h0", Constant(H, 0)), Binding("b0", Constant(B, 0))),
    )
    result = synthesize_constant_level(spec, budget_s=60)
    assert result.status == "found" and not result.alternatives, result
    rule = result.rule
    assert rule is not None
    assert [b.pattern for b in rule.bindings] == [Constant(H, 0), Constant(B, 0)]
    assert rule.name.endswith("_c") and _covers(rule, spec)
    assert prove(rule, 30, strategy=AT_ONCE).sound is True
    transitions = load_transitions(anchors / "butler" / "testing-set.json")
    mercury = next(r for r in load_rule_set("control").rules if r.name == "mercury")
    wanted = coverage([mercury], transitions).cells_by_rule[mercury.name]
    assert wanted and wanted <= coverage([rule], transitions).cells_by_rule[rule.name]
    # Singletons are read as constant(t, 0): (3) O---- with the only hint and block.
    spec = _spec(
        (3,), "O----", FILLED, 1, 3, (Binding("h", Singleton(H)), Binding("b", Singleton(B)))
    )
    rule = synthesize_constant_level(spec, budget_s=60).rule
    assert rule is not None and _covers(rule, spec)
    assert all(isinstance(b.pattern, Constant) and b.pattern.index == 0 for b in rule.bindings)


@pytest.mark.slow
def test_a_rule_wrong_on_a_seven_cell_line_is_refuted_without_z3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verify, "PROOFS", {})
    # Never fires on the check pool (lines up to 6 cells); wrong on 7 cells, e.g. (1) -------.
    wrong = parse_rule(
        "def wrong:\n  with h = arbitrary(hint):\n  if line_size >= 7:\n  then fill(true, 0, 1)"
    )
    assert verify.on_check_pool(wrong, Run.for_budget(60, None, 30))[0] == []
    run = Run.for_budget(60, None, 30)
    lines = verify.refuting_lines(wrong, run)
    assert lines and all(pl.n == verify.VERIFY_LENGTH for pl in lines)
    for pl in lines:  # the rule fires there, and the line's deduction does not fill cell 0
        assert apply_rule(wrong, Line.parse(pl.hints, pl.text), flipped=False)
        assert not pl.forced_filled & 1
    verdict = verify.proved(wrong, run)
    assert verdict.sound is False and run.prover_calls == 0
    # A sound rule still goes to z3 and is proved (up to SHORT_PROOF_LENGTH cells, then 30).
    big_hint = _control("big_hint")
    assert verify.refuting_lines(big_hint, run) == []
    assert verify.proved(big_hint, run).sound and run.prover_calls == 2


def test_remembered_instance_pools_drop_the_least_recently_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verify, "POOLS", {})
    monkeypatch.setitem(verify.POOLS_KEPT, verify.ACTIVE_LENGTH, 2)
    run = Run.for_budget(60, None, 30)
    a, b, c = ((Binding("x", Arbitrary(t)),) for t in ElementType)
    first = verify.all_lines_instances(a, verify.ACTIVE_LENGTH, run)
    verify.all_lines_instances(b, verify.ACTIVE_LENGTH, run)
    assert verify.all_lines_instances(a, verify.ACTIVE_LENGTH, run) is first  # a is used again
    verify.all_lines_instances(c, verify.ACTIVE_LENGTH, run)  # full: b, the least recent, goes
    assert list(verify.POOLS[verify.ACTIVE_LENGTH]) == [a, c]
    assert verify.all_lines_instances(a, verify.ACTIVE_LENGTH, run) is first
    assert len(first) > 0 and first.bindings == a


def test_a_proof_given_up_keyed_by_start_is_asked_again_keyed_by_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    asked: list[bool] = []

    def fake_prove(rule: Rule, max_length: int, **kwargs: Any) -> ProofResult:
        if max_length == verify.SHORT_PROOF_LENGTH:  # the short proof first: sound on short lines
            return ProofResult(rule.name, True, max_length, 0.0)
        asked.append(kwargs["strategy"].by_end)
        return ProofResult(rule.name, True if kwargs["strategy"].by_end else None, max_length, 0.0)

    monkeypatch.setattr(verify, "prove", fake_prove)
    monkeypatch.setattr(verify, "PROOFS", {})
    run = Run.for_budget(60, None, 30)
    assert verify.proved(_control("force_maximum"), run).sound is True
    assert asked == [False, True] and run.proofs_given_up == 0 and run.prover_calls == 3


@pytest.mark.slow
def test_a_search_with_proofs_builds_no_round_the_search_without_proofs_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The climb searches a pattern set without proofs, then with them: the rounds they share
    # (same pools) are built once per specification, and the rule found is the same as alone.
    spec = _spec(
        (3,), "-O----", FILLED, 2, 3, (Binding("h", Singleton(H)), Binding("b", Singleton(B)))
    )
    bindings = (Binding("h", Arbitrary(H)), Binding("b", Arbitrary(B)))
    built: list[int] = []
    real = candidates.ranked_candidates

    def counted(
        run: SpecRun, b: tuple[Binding, ...], inst: Instances
    ) -> list[candidates.Candidate]:
        built.append(len(inst.lines))
        return real(run, b, inst)

    monkeypatch.setattr(candidates, "ranked_candidates", counted)
    alone = candidates.search(SpecRun.searching(spec, 120), bindings)
    rounds_alone = len(built)
    built.clear()
    run = SpecRun.searching(spec, 120)
    assert candidates.search(run, bindings, proved=False) is not None
    assert len(built) >= 1
    assert candidates.search(run, bindings) == alone is not None
    assert len(built) == rounds_alone


@pytest.mark.slow
def test_a_rule_wrong_only_on_longer_lines_is_refuted_by_the_short_proof(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Four hints need seven cells, where the last cell is always filled; on eight it need not
    # be.  z3 is asked about lines up to SHORT_PROOF_LENGTH cells first, and a refutation there
    # ends the proof; a sound rule is then proved for every line up to 30 cells.
    from nonostudio.learn.mining.pool import pool_line

    rule = parse_rule(
        "def last_cell:\n"
        "  with h1 = constant(hint, 1) and h3 = constant(hint, 3) and"
        " g0 = constant(gap, 0):\n"
        "  if true:\n"
        "  then fill(true, line_size - 1, line_size)\n"
    )
    asked: list[int] = []
    real = verify.prove

    def counted(r: Rule, n: int, **k: Any) -> ProofResult:
        asked.append(n)
        return real(r, n, **k)

    monkeypatch.setattr(verify, "prove", counted)
    monkeypatch.setattr(verify, "PROOFS", {})
    run = Run.for_budget(60, None, 30)
    result, refuting = verify.verdict(rule, run)
    assert refuting == []  # no line of seven cells refutes it
    assert result.sound is False and asked == [verify.SHORT_PROOF_LENGTH]
    ce = result.counterexample
    assert ce is not None and 7 < len(ce.cells) <= verify.SHORT_PROOF_LENGTH
    line = pool_line(tuple(ce.hints), ce.cells)
    assert line is not None
    assert verify.check_pool_failures(rule, Instances(rule.bindings, [line]))[0] == [0]
    asked.clear()
    assert verify.verdict(_control("full_hint"), run)[0].sound is True
    assert asked == [verify.SHORT_PROOF_LENGTH, 30]
