"""Every rule the app ships is proved sound for all lines up to 30 cells, afresh on each run.

Nothing is cached: the rule text is read from ``resources/rules/`` and handed to the prover (one
query for all lengths, ``at_once``, the way the proof record names for the rule while its text is
the one recorded), so a change to a rule or to the prover is seen by the next
run.  The proofs (most of this suite's CPU time, so ``slow``: CI runs them, the everyday
``-m "not slow"`` loop does not) run in fresh worker processes (``tests/shipped_proofs.py``),
started when the tests are collected so that they use the core the other tests leave idle; each
distinct rule body is proved once; this module runs last and each rule's test reads its own
verdict.  The fast tests check that machinery on short lines, and the learned file's header for
how it was made.
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest
import shipped_proofs

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.core.linesolver import solve_text
from nonostudio.core.paths import rules_dir
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.proving.proof_record import RECORD_ENV, record_verdicts, rule_hash
from nonostudio.rules.ruleset import load_rule_set

# One xdist worker runs this module (``--dist loadgroup``): the proofs are made once, there.
pytestmark = pytest.mark.xdist_group("shipped_proofs")

SHIPPED = sorted(p.stem for p in rules_dir().glob("*.rules"))
LEARNED = load_rule_set("learned") if "learned" in SHIPPED else None


def test_the_learned_set_is_shipped_with_its_provenance() -> None:
    assert LEARNED is not None, "resources/rules/learned.rules is missing"
    header = LEARNED.header
    for needed in ("Training set", "Budgets", "Time", "Coverage", "proved sound"):
        assert needed in header, f"the learned set's header does not state {needed!r}"
    assert len(LEARNED) > 0
    names = [r.name for r in LEARNED.rules]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_set_parses_with_costs(name: str) -> None:
    rule_set = load_rule_set(name)
    assert len(rule_set) > 0
    assert all(cost(r) > 0 for r in rule_set.rules)


SHIPPED_RULES = [(name, i) for name in SHIPPED for i in range(len(load_rule_set(name)))]


@pytest.fixture(scope="module")
def verdicts() -> dict[shipped_proofs.Key, shipped_proofs.Verdict | BaseException]:
    """Every selected shipped rule's verdict: ``(name, sound, counterexample)``, or the exception
    its proof raised.  The proofs normally started with the session (``conftest.py``); under
    xdist they start here, in the one worker that runs this module (its ``xdist_group``)."""
    found = shipped_proofs.proofs(SHIPPED_RULES).verdicts()
    if os.environ.get(RECORD_ENV):  # a build keeping this run's proofs (proof_record.py)
        record_verdicts(found, 30, Path(os.environ[RECORD_ENV]))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "index"), SHIPPED_RULES, ids=[f"{n}-{i}" for n, i in SHIPPED_RULES]
)
def test_every_shipped_rule_is_proved_sound_up_to_30_cells(
    verdicts: dict[shipped_proofs.Key, shipped_proofs.Verdict | BaseException],
    name: str,
    index: int,
) -> None:
    outcome = verdicts[(name, index)]
    if isinstance(outcome, BaseException):
        raise outcome
    rule_name, sound, counterexample = outcome
    assert rule_name == load_rule_set(name).rules[index].name
    assert sound is True, f"{name} {rule_name}: {counterexample or 'not settled'}"


@pytest.mark.parametrize("name", SHIPPED)
def test_every_example_is_made_by_its_rule_and_forced(name: str) -> None:
    checked = 0
    for entry in load_rule_set(name).entries:
        for ex in entry.examples:
            line = Line.parse(ex.hints, ex.cells)
            value = FILLED if ex.value else CROSSED
            fills = {(f.value, f.start, f.end) for f in apply_rule(entry.rule, line, flipped=False)}
            assert (value, ex.start, ex.end) in fills, (entry.rule.name, ex)
            deduced = solve_text(ex.hints, ex.cells)
            char = "O" if ex.value else "x"
            assert deduced is not None and all(deduced[i] == char for i in range(ex.start, ex.end))
            checked += 1
    assert checked >= len(load_rule_set(name)) // 2


# --- the proofs' machinery, on short lines (fast) ----------------------------------------------


def test_each_distinct_rule_body_is_proved_once_for_every_rule_that_has_it() -> None:
    sets = {name: load_rule_set(name).rules for name in SHIPPED}
    body = {(n, i): shipped_proofs.body(sets[n][i]) for n, i in SHIPPED_RULES}
    groups = shipped_proofs.distinct(SHIPPED_RULES)
    assert sorted(k for keys in groups.values() for k in keys) == sorted(SHIPPED_RULES)
    assert len({body[k] for k in groups}) == len(groups)  # one proof per body
    for first, keys in groups.items():
        assert keys[0] == first
        assert {body[k] for k in keys} == {body[first]}
    # The concise rules that are learned (or control) rules under their own names share a proof.
    shared = [keys for keys in groups.values() if len(keys) > 1]
    assert shared and all({n for n, _ in keys} >= {"concise"} for keys in shared)


def test_a_body_s_verdict_is_each_rule_s_under_its_own_name() -> None:
    big_hint = load_rule_set("control").entry("big_hint").rule
    concise = next(
        i
        for i, r in enumerate(load_rule_set("concise").rules)
        if shipped_proofs.body(r) == shipped_proofs.body(big_hint)
    )
    index = load_rule_set("control").rules.index(big_hint)
    proved = shipped_proofs.prove_shipped("control", index, max_length=8)
    assert proved == (shipped_proofs.body(big_hint), True, "")
    assert shipped_proofs.verdict_of(("control", index), proved) == ("big_hint", True, "")
    assert shipped_proofs.verdict_of(("concise", concise), proved) == (
        load_rule_set("concise").rules[concise].name,
        True,
        "",
    )
    other = shipped_proofs.verdict_of(("control", 0), proved)  # full_hint: another body
    assert isinstance(other, AssertionError) and "another rule" in str(other)


def test_the_proof_pool_proves_in_workers_and_stops() -> None:
    """Proofs in spawned workers (to 6 cells here): one per body, every key's verdict under its
    own name, and the workers ended by ``close``."""
    concise = [k for k in SHIPPED_RULES if k[0] == "concise"][:2]
    shared = next(keys for keys in shipped_proofs.distinct(SHIPPED_RULES).values() if len(keys) > 1)
    keys = [*shared, *concise]
    # The session's own proof pool may be running beside this test (the full suite): its workers
    # are not this pool's.
    before = set(multiprocessing.active_children())
    proofs = shipped_proofs.Proofs(keys, 1, 2, max_length=6)
    assert set(multiprocessing.active_children()) - before  # this pool's workers started
    try:
        found = proofs.verdicts()
    finally:
        proofs.close()
    assert len(proofs.groups) < len(set(keys))
    assert set(found) == set(keys)
    assert set(multiprocessing.active_children()) <= before  # every worker of this pool ended
    for name, index in keys:
        assert found[(name, index)] == (load_rule_set(name).rules[index].name, True, "")


def test_the_proofs_start_longest_first_by_the_record_and_unrecorded_rules_before_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The order the proofs are fed in: by the seconds the build's record holds, longest first;
    a rule the record lacks (changed or new, its time unknown) before every recorded one."""
    from nonostudio.rules.proving import proof_record

    real = proof_record.recorded_proof
    seconds = {}
    for key in SHIPPED_RULES:
        proof = real(key[0], shipped_proofs._rule(key))
        assert proof is not None  # test_proof_record checks the record covers every rule
        seconds[key] = proof.seconds
    order = shipped_proofs._slow_first(SHIPPED_RULES)
    assert sorted(order) == sorted(SHIPPED_RULES)
    assert [seconds[k] for k in order] == sorted(seconds.values(), reverse=True)
    assert seconds[order[0]] > seconds[order[-1]]
    fastest = shipped_proofs._rule(order[-1])
    monkeypatch.setattr(
        proof_record,
        "recorded_proof",
        lambda name, rule, path=None: None if rule is fastest else real(name, rule, path),
    )
    assert shipped_proofs._slow_first(SHIPPED_RULES)[0] == order[-1]


def test_each_rule_is_proved_the_way_the_record_names_for_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule whose text is the one recorded is proved the recorded way; one whose text changed
    since (another hash) or that names no way is proved the default way, ``AT_ONCE``."""
    from nonostudio.rules.proving import proof_record, prover

    control = load_rule_set("control").rules
    fast_end = {"fast": True, "by_end": True}
    path = tmp_path / "proofs.json"
    proof_record.write_record(
        [
            proof_record.RecordedProof(
                "control", control[0].name, rule_hash(control[0]), 30, "p", "z", "d", 1.0, fast_end
            ),
            proof_record.RecordedProof(
                "control", control[1].name, "0" * 64, 30, "p", "z", "d", 1.0, fast_end
            ),
            proof_record.RecordedProof(
                "control", control[2].name, rule_hash(control[2]), 30, "p", "z", "d", 1.0
            ),
        ],
        path,
    )
    monkeypatch.setattr(proof_record, "record_path", lambda: path)
    used: list[prover.ProofStrategy] = []
    real = prover.prove

    def spy(rule: Rule, max_length: int, *, strategy: prover.ProofStrategy) -> prover.ProofResult:
        used.append(strategy)
        return real(rule, max_length, strategy=strategy)

    monkeypatch.setattr(prover, "prove", spy)
    for index in range(3):
        assert shipped_proofs.prove_shipped("control", index, max_length=4)[1] is True
    assert used == [
        prover.ProofStrategy(at_once=True, fast=True, by_end=True),
        prover.AT_ONCE,  # the text changed since the way was measured
        prover.AT_ONCE,  # no way recorded
    ]


def test_every_recorded_way_is_one_the_prover_tests_check_against_brute_force() -> None:
    """A way the record names for a rule (a solver and a keying) is one of the at-once forms
    ``test_prover`` runs against brute force."""
    from nonostudio.rules.proving.proof_record import load_record
    from tests.rules.test_prover import FORMS

    ways = {
        (p.strategy["fast"], p.strategy["by_end"])
        for p in load_record().values()
        if p.strategy is not None
    }
    checked = {(f.fast, f.by_end) for f in FORMS if f.at_once}
    assert ways <= checked, f"recorded ways not checked against brute force: {ways - checked}"
