"""Prover tests: the control rules proved, broken variants refuted with checked counterexamples,
and the prover's verdict against brute force over every valid line of up to 7 cells."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace
from functools import cache

import pytest
import z3
from broken_rules import BROKEN, CONTROL, HINT, add, cmp, rule, sub

from nonostudio.core.line import FILLED, Line, clue_of
from nonostudio.core.linesolver import solve_text
from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Arith,
    Compare,
    Cond,
    Constant,
    ElementType,
    Expr,
    Fill,
    HighestStartCell,
    LineSize,
    Lit,
    LowestEndCell,
    Maximal,
    Minimal,
    Rule,
    Singleton,
    Size,
    Start,
    TrueCond,
    Unique,
)
from nonostudio.rules.language.interpreter import apply_rule, is_valid_fill
from nonostudio.rules.proving.prover import (
    AT_ONCE,
    PER_LENGTH,
    Counterexample,
    ProofStrategy,
    prove,
)
from nonostudio.rules.proving.symbolic import SymbolicRule
from nonostudio.rules.ruleset import load_rule_set

# ---- brute force: every valid line, its maximal transition, and a rule's first wrong fill -------


@cache
def valid_lines(max_length: int) -> list[tuple[Line, str]]:
    """Every valid line of 1 … max_length cells (each solution with each set of known cells),
    with its maximal transition."""
    seen: dict[tuple[tuple[int, ...], str], str] = {}
    for n in range(1, max_length + 1):
        for bits in range(1 << n):
            solution = [(bits >> c) & 1 for c in range(n)]
            hints = clue_of(solution)
            for known in range(1 << n):
                cells = "".join(
                    ("O" if solution[c] else "x") if (known >> c) & 1 else "-" for c in range(n)
                )
                if (hints, cells) not in seen:
                    deduced = solve_text(hints, cells)
                    assert deduced is not None  # built from a solution: never contradictory
                    seen[hints, cells] = deduced
    return [(Line.parse(h, c), deduced) for (h, c), deduced in seen.items()]


@cache  # the same rules are checked against each proof form: brute force once a rule
def first_wrong_length(r: Rule, max_length: int) -> int | None:
    """The length of the shortest line on which the rule (forward) emits a wrong fill."""
    shortest = None
    for line, deduced in valid_lines(max_length):
        if shortest is not None and line.size >= shortest:
            continue
        for fill in apply_rule(r, line, flipped=False):
            char = "O" if fill.value == FILLED else "x"
            if not is_valid_fill(fill, line) or any(deduced[c] != char for c in fill.cells()):
                shortest = line.size
                break
    return shortest


def check_counterexample(r: Rule, ce: Counterexample) -> None:
    """The counterexample holds, checked without trusting the prover's own confirmation."""
    line = Line.parse(ce.hints, ce.cells)
    assert ce.fill in apply_rule(r, line, flipped=False)
    if not is_valid_fill(ce.fill, line):
        assert ce.witness == ""
        return
    assert len(ce.witness) == line.size
    assert clue_of(1 if ch == "O" else 0 for ch in ce.witness) == ce.hints
    assert all(c == "-" or c == w for c, w in zip(ce.cells, ce.witness, strict=True))
    char = "O" if ce.fill.value == FILLED else "x"
    assert any(ce.witness[c] != char for c in ce.fill.cells())


# The prover's forms: one query per length, one for every length at once, and that one asked of
# the fast solver (which learning uses).
# The query at once is asked with runs keyed by their first cell and by their last, each alone
# here (``prove`` picks one by ``keyed_by_end`` by default), so both encodings meet brute force,
# with either solver (the shipped rules' proofs use each at-once way: the proof record).
FORM_IDS = {
    "per-length": PER_LENGTH,
    "at-once": ProofStrategy(at_once=True, by_end=False),
    "at-once-by-end": ProofStrategy(at_once=True, by_end=True),
    "at-once-fast": ProofStrategy(at_once=True, fast=True, by_end=False),
    "at-once-fast-by-end": ProofStrategy(at_once=True, fast=True, by_end=True),
}
FORMS = list(FORM_IDS.values())


# ---- the control rules ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_every_control_rule_is_sound_up_to_12_cells(form: ProofStrategy) -> None:
    rules = load_rule_set("control").rules
    assert len(rules) == 14
    for r in rules:
        result = prove(r, 12, strategy=form)
        assert result.sound is True, (r.name, result.counterexample)
        assert result.max_length == 12 and result.counterexample is None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["full_hint", "big_hint", "cross_small_gap_singleton"])
def test_some_control_rules_are_sound_up_to_30_cells(name: str) -> None:
    r = next(r for r in load_rule_set("control").rules if r.name == name)
    assert prove(r, 30).sound is True


@pytest.mark.slow
def test_the_trees_the_broken_variants_start_from_are_sound() -> None:
    for r in CONTROL:
        assert prove(r, 8).sound is True, r.name


# ---- broken rules -----------------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
@pytest.mark.parametrize("broken", BROKEN, ids=[r.name for r in BROKEN])
def test_broken_rule_is_refuted_with_a_counterexample(broken: Rule, form: ProofStrategy) -> None:
    result = prove(broken, 12, strategy=form)
    assert result.sound is False
    ce = result.counterexample
    assert ce is not None
    check_counterexample(broken, ce)
    # Lengths are tried in order (at once: below the last counterexample's length until none is
    # left), so the counterexample is as short as any.
    assert len(ce.cells) == first_wrong_length(broken, 7)


def test_there_are_enough_distinct_broken_variants() -> None:
    assert len(BROKEN) >= 15
    assert len({(r.bindings, r.condition, r.action) for r in BROKEN}) == len(BROKEN)


def test_counterexample_for_a_fill_past_the_line_end_has_no_witness() -> None:
    r = rule("past the end", {"h": Singleton(HINT)}, TrueCond(), True, 0, add(LineSize(), 1))
    ce = prove(r, 5).counterexample
    assert ce is not None and ce.witness == "" and ce.fill.end == len(ce.cells) + 1


@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_a_rule_that_is_only_wrong_on_long_lines_is_refuted_there(form: ProofStrategy) -> None:
    # Crossing cell 9 is sound until a line is long enough for a hint to reach it.
    r = rule("late", {"h": Singleton(HINT)}, TrueCond(), False, 9, 10)
    short = prove(r, 9, strategy=form)
    ce = short.counterexample
    assert short.sound is False and ce is not None
    assert len(ce.cells) <= 9 and ce.witness == ""  # out of range at n ≤ 9
    guarded = rule("late", {"h": Singleton(HINT)}, cmp(">", LineSize(), 9), False, 9, 10)
    assert prove(guarded, 9, strategy=form).sound is True
    ce = prove(guarded, 11, strategy=form).counterexample
    assert ce is not None and len(ce.cells) == 10
    check_counterexample(guarded, ce)


# ---- differential: random rules against brute force --------------------------------------------

TYPES = list(ElementType)


class RandomTerms:
    """Random expressions and condition atoms over a rule's bindings."""

    def __init__(self, rng: random.Random, bindings: dict) -> None:
        self.rng = rng
        self.names = list(bindings)
        self.hints = [n for n, p in bindings.items() if p.type is ElementType.HINT]

    def expr(self, depth: int) -> Expr:
        rng = self.rng
        choice = rng.randrange(7 if depth else 5)
        if choice == 0:
            return Lit(rng.choice([-1, 0, 1, 2]))
        if choice == 1:
            return LineSize()
        if choice in (2, 3):
            return (Start, Size)[choice - 2](rng.choice(self.names))
        if choice == 4:
            if self.hints:
                lowest = rng.choice([True, False])  # drawn before the hint, as always
                hint = rng.choice(self.hints)
                return LowestEndCell(hint) if lowest else HighestStartCell(hint)
            return Size(rng.choice(self.names))
        return Arith(rng.choice("+-"), self.expr(depth - 1), self.expr(depth - 1))

    def compare(self) -> Compare:
        return Compare(self.rng.choice(["=", ">=", ">"]), self.expr(1), self.expr(1))

    def atom(self) -> Cond:
        choice = self.rng.randrange(8)
        if choice == 5:
            maximal = self.rng.choice([True, False])
            name = self.rng.choice(self.names)
            return Maximal(name) if maximal else Minimal(name)
        if choice == 6:
            return Unique(self.rng.choice(self.names), self.compare())
        return self.compare()


def random_rule(rng: random.Random, number: int) -> Rule:
    """A random rule: one to three bindings, up to three conjuncts, a fill over them."""
    bindings = {}
    for i in range(rng.randint(1, 3)):
        t = rng.choice(TYPES)
        kind = rng.randrange(3)
        bindings[f"x{i}"] = (Singleton(t), Constant(t, rng.randint(0, 2)), Arbitrary(t))[kind]
    terms = RandomTerms(rng, bindings)
    cond: Cond = TrueCond()
    for _ in range(rng.randint(0, 3)):
        cond = terms.atom() if isinstance(cond, TrueCond) else And(cond, terms.atom())
    return rule(
        f"random {number}", bindings, cond, rng.random() < 0.5, terms.expr(2), terms.expr(2)
    )


def mutated_control(rng: random.Random, number: int) -> Rule:
    """A control rule with one edit: its fill nudged by one cell at either end (often unsound),
    an extra random conjunct (always sound), or one pattern generalised (either)."""
    base = rng.choice(CONTROL)
    bindings, cond, a = base.bindings, base.condition, base.action
    edit = rng.randrange(3)
    if edit == 0:
        start = a.start if rng.random() < 0.5 else add(a.start, rng.choice([-1, 1]))
        end = a.end if rng.random() < 0.5 else sub(a.end, rng.choice([-1, 1]))
        a = Fill(a.value, start, end)
    elif edit == 1:
        cond = And(cond, RandomTerms(rng, {b.name: b.pattern for b in bindings}).atom())
    else:
        i = rng.randrange(len(bindings))
        b = bindings[i]
        general = Arbitrary(b.pattern.type) if not isinstance(b.pattern, Arbitrary) else b.pattern
        bindings = bindings[:i] + (replace(b, pattern=general),) + bindings[i + 1 :]
    return Rule(f"mutant {number}", bindings, cond, a)


@cache
def fires(r: Rule, max_length: int) -> bool:
    return any(apply_rule(r, line, flipped=False) for line, _ in valid_lines(max_length))


def check_against_brute_force(
    rules: list[Rule], form: ProofStrategy, max_length: int = 6
) -> tuple[list[Rule], int]:
    """Prove each rule up to ``max_length`` and check the verdict against brute force, and each
    counterexample (on a shortest wrong line); returns the sound rules and the number refuted."""
    sound, unsound = [], 0
    for r in rules:
        expected = first_wrong_length(r, max_length)
        result = prove(r, max_length, strategy=form)
        assert result.sound is (expected is None), r
        if expected is None:
            sound.append(r)
        else:
            unsound += 1
            assert result.counterexample is not None, r
            check_counterexample(r, result.counterexample)
            assert len(result.counterexample.cells) == expected, r
    return sound, unsound


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_verdicts_match_brute_force_on_random_rules(form: ProofStrategy) -> None:
    rng = random.Random(20170814)
    rules = [random_rule(rng, i) for i in range(50)] + [mutated_control(rng, i) for i in range(30)]
    sound, unsound = check_against_brute_force(rules, form)
    # Both verdicts are exercised, and not only by rules that never fire.
    assert sum(fires(r, 6) for r in sound) >= 8 and unsound >= 20


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_verdicts_match_brute_force_on_seven_cells(form: ProofStrategy) -> None:
    rng = random.Random(7)
    for i in range(10):
        r = mutated_control(rng, i)
        expected = first_wrong_length(r, 7)
        result = prove(r, 7, strategy=form)
        assert result.sound is (expected is None), r
        if expected is not None:
            assert result.counterexample is not None, r
            assert len(result.counterexample.cells) == expected


# ---- the call's contract ----------------------------------------------------------------------


def _assert_progress_protocol(seen: list[tuple[float, str]]) -> None:
    """Every call is ``(fraction in [0, 1], non-empty message)``, fractions never going back."""
    assert seen
    for fraction, message in seen:
        assert isinstance(fraction, float) and 0.0 <= fraction <= 1.0, (fraction, message)
        assert isinstance(message, str) and message.strip(), (fraction, message)
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions)


def test_progress_reports_each_length() -> None:
    seen: list[tuple[float, str]] = []
    result = prove(CONTROL[0], 6, progress=lambda f, m: seen.append((f, m)))
    assert result.sound is True and result.seconds > 0
    _assert_progress_protocol(seen)
    # A start, then one report per length proved: 1/6 … 6/6, each saying how far it got.
    assert seen == [
        (0.0, "proving for lines up to 6 cells"),
        *((n / 6, f"proved for lines up to {n} of 6 cells") for n in range(1, 7)),
    ]


def test_progress_at_once_and_on_a_refuted_rule() -> None:
    seen: list[tuple[float, str]] = []
    assert prove(CONTROL[0], 6, strategy=AT_ONCE, progress=lambda f, m: seen.append((f, m))).sound
    _assert_progress_protocol(seen)
    assert seen[0][0] == 0.0 and seen[-1] == (1.0, "proved for lines up to 6 of 6 cells")
    seen.clear()
    pair_dropped = next(r for r in BROKEN if r.name == "full hint pair 2 / condition dropped")
    result = prove(pair_dropped, 7, progress=lambda f, m: seen.append((f, m)))
    assert result.sound is False and result.counterexample is not None
    assert len(result.counterexample.cells) == 4
    _assert_progress_protocol(seen)
    # The lengths below the counterexample's were proved and said so; nothing reads "done".
    assert seen[1:] == [(n / 7, f"proved for lines up to {n} of 7 cells") for n in (1, 2, 3)]


def test_should_stop_interrupts_a_long_proof() -> None:
    force_maximum = CONTROL[-1]
    began = time.perf_counter()
    result = prove(force_maximum, 30, should_stop=lambda: time.perf_counter() - began > 0.3)
    assert result.sound is None and result.counterexample is None
    assert time.perf_counter() - began < 2.0


def test_proofs_run_in_parallel_threads() -> None:
    results: dict[str, bool | None] = {}
    picks = [CONTROL[4], BROKEN[0], CONTROL[13], BROKEN[-1]]

    def run(r: Rule) -> None:
        results[r.name] = prove(r, 10).sound

    threads = [threading.Thread(target=run, args=(r,)) for r in picks]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {
        picks[0].name: True,
        picks[1].name: False,
        picks[2].name: True,
        picks[3].name: False,
    }


def test_geometry_of_a_block_is_rejected() -> None:
    bad = rule("bad", {"b": Arbitrary(ElementType.BLOCK)}, TrueCond(), True, 0, LowestEndCell("b"))
    with pytest.raises(ValueError, match="not a hint"):
        prove(bad, 4)


@pytest.mark.parametrize("fast", [False, True], ids=["default-solver", "fast-solver"])
def test_should_stop_interrupts_a_proof_at_once(fast: bool) -> None:
    force_maximum = next(r for r in load_rule_set("control").rules if r.name == "force_maximum")
    began = time.perf_counter()
    result = prove(
        force_maximum,
        30,
        strategy=ProofStrategy(at_once=True, fast=fast),
        should_stop=lambda: time.perf_counter() - began > 0.2,
    )
    assert result.sound is None and time.perf_counter() - began < 1.5


@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_a_stop_asked_before_z3_starts_is_not_lost(form: ProofStrategy) -> None:
    # The stop arrives while the query is still being built: the interrupt must still land
    # (it was lost once, and the proof then ran to its end, seconds past a learning budget).
    force_maximum = next(r for r in load_rule_set("control").rules if r.name == "force_maximum")
    began = time.perf_counter()
    result = prove(force_maximum, 30, strategy=form, should_stop=lambda: True)
    assert result.sound is None and time.perf_counter() - began < 1.5


@pytest.mark.slow
def test_at_once_agrees_with_per_length_on_the_control_rules_at_20_cells() -> None:
    for r in load_rule_set("control").rules:
        if r.name == "force_maximum":
            continue  # the slowest by far; proved at 30 cells in test_shipped_rules
        assert prove(r, 20, strategy=AT_ONCE).sound is True, r.name


def test_a_stop_while_a_counterexample_is_read_ends_the_proof_quietly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # z3 found a counterexample just as the proof's time ran out: the watcher interrupts the
    # context while the model is being read, and z3 raises 'canceled' from the model's eval.
    # That is a stopped proof (verdict None), not an error that ends the whole synthesis.
    from nonostudio.rules.proving import prover

    asked = threading.Event()
    real = prover.confirm

    def slow_confirm(rule: Rule, encoded: SymbolicRule, model: z3.ModelRef) -> Counterexample:
        asked.set()
        time.sleep(0.3)  # the watcher interrupts the context meanwhile
        return real(rule, encoded, model)

    monkeypatch.setattr(prover, "confirm", slow_confirm)
    broken = BROKEN[0]
    result = prove(broken, 10, strategy=AT_ONCE, should_stop=asked.is_set)
    assert asked.is_set() and result.sound is None
