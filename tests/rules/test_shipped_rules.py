"""Every rule the app ships is proved sound for all lines up to 30 cells, afresh on each run.

Nothing is cached: the rule text is read from ``resources/rules/`` and handed to the prover (one
query for all lengths, ``at_once``), so a change to a rule or to the prover is seen by the next
run.  The proofs (most of this suite's time) run in fresh worker processes, one per core, started
once for the module; each rule's test reads its own verdict.  The learned file's header is checked
for how it was made.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.core.linesolver import solve_text
from nonostudio.paths import rules_dir
from nonostudio.rules.cost import cost
from nonostudio.rules.interpreter import apply_rule
from nonostudio.rules.prover import prove
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


def _verdict(name: str, index: int) -> tuple[str, bool | None, str]:
    """In a worker: read rule ``index`` of the shipped set ``name`` and prove it up to 30 cells."""
    rule = load_rule_set(name).rules[index]
    result = prove(rule, 30, at_once=True)
    return rule.name, result.sound, str(result.counterexample or "")


@pytest.fixture(scope="module")
def verdicts() -> dict[tuple[str, int], tuple[str, bool | None, str]]:
    """Every shipped rule's verdict, proved in parallel (``unique`` rules, the slow proofs, first
    so that no long one starts last)."""
    order = sorted(SHIPPED_RULES, key=lambda key: ("unique" not in _text(*key), key))
    spawn = multiprocessing.get_context("spawn")  # no z3 state inherited from this process
    with ProcessPoolExecutor(max(2, os.cpu_count() or 1), mp_context=spawn) as pool:
        futures = {key: pool.submit(_verdict, *key) for key in order}
        return {key: future.result() for key, future in futures.items()}


def _text(name: str, index: int) -> str:
    from nonostudio.rules.printer import format_rule

    return format_rule(load_rule_set(name).rules[index])


@pytest.mark.parametrize(("name", "index"), SHIPPED_RULES,
                         ids=[f"{n}-{i}" for n, i in SHIPPED_RULES])
def test_every_shipped_rule_is_proved_sound_up_to_30_cells(
        verdicts: dict[tuple[str, int], tuple[str, bool | None, str]], name: str,
        index: int) -> None:
    rule_name, sound, counterexample = verdicts[(name, index)]
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
