"""Every rule the app ships is proved sound for all lines up to 30 cells, afresh on each run.

Nothing is cached: the rule text is read from ``resources/rules/`` and handed to the prover (one
query for all lengths, ``at_once``), so a change to a rule or to the prover is seen by the next
run.  The proofs (most of this suite's CPU time) run in fresh worker processes
(``tests/shipped_proofs.py``), started when the tests are collected so that they use the core the
other tests leave idle; this module runs last and each rule's test reads its own verdict.  The
learned file's header is checked for how it was made.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.core.linesolver import solve_text
from nonostudio.core.paths import rules_dir
from nonostudio.rules.cost import cost
from nonostudio.rules.interpreter import apply_rule
from nonostudio.rules.proof_record import RECORD_ENV, record_verdicts
from nonostudio.rules.ruleset import load_rule_set

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
def verdicts() -> dict[tuple[str, int], object]:
    """Every selected shipped rule's verdict: ``(name, sound, counterexample)``, or the exception
    its proof raised.  The proofs normally started with the session (``conftest.py``)."""
    import shipped_proofs

    found = shipped_proofs.start(SHIPPED_RULES).verdicts()
    if os.environ.get(RECORD_ENV):  # a build keeping this run's proofs (proof_record.py)
        record_verdicts(found, 30, Path(os.environ[RECORD_ENV]))
    return found


@pytest.mark.parametrize(("name", "index"), SHIPPED_RULES,
                         ids=[f"{n}-{i}" for n, i in SHIPPED_RULES])
def test_every_shipped_rule_is_proved_sound_up_to_30_cells(
        verdicts: dict[tuple[str, int], object], name: str, index: int) -> None:
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
