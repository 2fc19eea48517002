"""Rule-set optimisation on hand-made rules and transitions: groups, subsets, greedy order."""

from __future__ import annotations

import time

import pytest

from nonostudio.learn.choosing.optimize import measure_cells, optimise, rule_cells
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.measuring.coverage import Transition

# Hand-solved lines (maximal deductions worked out on paper).
TRANSITIONS = [
    Transition((5,), "-----", "OOOOO"),
    Transition((3, 1), "-----", "OOOxO"),
    Transition((4,), "------", "--OO--"),
    Transition((1, 3), "---OOO----", "--xOOOxxxx"),
]

RULES = {
    name: parse_rule(text)
    for name, text in {
        # Crosses the cell right of a block as long as a maximal hint: costlier than its mirror.
        "punctuate_right": """def punctuate_right:
        with h = arbitrary(hint) and b = arbitrary(block):
        if maximal(h) and size(h) = size(b) and line_size > start(b) + size(b):
        then fill(false, start(b) + size(b), start(b) + size(b) + 1)""",
        "full_hint": """def full_hint:
        with h = singleton(hint): if size(h) = line_size: then fill(true, 0, line_size)""",
        "full_hint_short": """def full_hint_short:
        with h = singleton(hint): if size(h) = line_size: then fill(true, 0, size(h))""",
        "big_hint": """def big_hint:
        with h = arbitrary(hint): if lowest_end_cell(h) > highest_start_cell(h):
        then fill(true, highest_start_cell(h), lowest_end_cell(h))""",
        "pair_1": """def pair_1:
        with h0 = constant(hint, 0) and h1 = constant(hint, 1):
        if line_size = 1 + size(h0) + size(h1): then fill(true, 0, size(h0))""",
        "punctuate_maximum": """def punctuate_maximum:
        with h = arbitrary(hint) and b = arbitrary(block):
        if maximal(h) and size(h) = size(b) and start(b) > 0:
        then fill(false, start(b) - 1, start(b))""",
    }.items()
}


def test_the_fixture_rules_cover_what_the_lines_say() -> None:
    cells = {name: rule_cells(rule, TRANSITIONS) for name, rule in RULES.items()}
    assert cells["full_hint"] == cells["full_hint_short"] == {(0, c) for c in range(5)}
    assert cells["pair_1"] == {(1, 0), (1, 1), (1, 2)}
    assert cells["big_hint"] == (
        {(0, c) for c in range(5)} | {(1, 0), (1, 1), (1, 2), (1, 4)} | {(2, 2), (2, 3)}
    )
    assert cells["punctuate_maximum"] == {(3, 2)}
    assert cells["punctuate_right"] == {(3, 6)}


def test_groups_subsets_and_greedy_order() -> None:
    chosen = optimise(list(RULES.values()), TRANSITIONS)
    # full_hint and full_hint_short cover the same cells: one group, one rule dropped.
    assert chosen.groups_dropped == 1
    # The full-hint group and pair_1 cover subsets of big_hint's cells.
    assert chosen.subsets_dropped == 2
    assert chosen.candidates == 3
    # big_hint first (11 cells).  On its own punctuate_right crosses one cell, like
    # punctuate_maximum; after big_hint has made (3 1) ----- into OOO-O it also crosses cell 3
    # there, so it gains 2 and comes second.
    assert [r.name for r in chosen.rules] == ["big_hint", "punctuate_right", "punctuate_maximum"]
    assert chosen.gains == [11, 2, 1]
    assert chosen.coverage == 14 and chosen.complete


def test_the_cheapest_of_a_group_is_kept() -> None:
    rules = [RULES["full_hint"], RULES["full_hint_short"]]
    chosen = optimise(rules, TRANSITIONS)
    assert [r.name for r in chosen.rules] == ["full_hint_short"]  # 14 < 15: size(h) is cheaper
    assert chosen.groups_dropped == 1 and chosen.subsets_dropped == 0


def test_top_k_stops_early_and_useless_rules_are_never_chosen() -> None:
    rules = list(RULES.values())
    assert [r.name for r in optimise(rules, TRANSITIONS, top_k=1).rules] == ["big_hint"]
    assert [r.name for r in optimise(rules, TRANSITIONS, top_k=2).rules] == [
        "big_hint",
        "punctuate_right",
    ]
    # A rule that fills nothing here is a subset of every other coverage.
    nothing = optimise([RULES["pair_1"]], TRANSITIONS[2:])
    assert nothing.rules == [] and nothing.gains == []


def test_equal_gains_go_to_the_lower_cost() -> None:
    # Each crosses one cell of (1 3) ---OOO---- (cells 6 and 2); punctuate_maximum is cheaper.
    rules = [RULES["punctuate_right"], RULES["punctuate_maximum"]]
    assert cost(rules[1]) < cost(rules[0])
    chosen = optimise(rules, TRANSITIONS)
    assert [r.name for r in chosen.rules] == ["punctuate_maximum", "punctuate_right"]
    assert chosen.gains == [1, 1] and chosen.coverage == 2


def test_progress_and_stop() -> None:
    calls: list[tuple[float, str]] = []
    optimise(list(RULES.values()), TRANSITIONS, progress=lambda f, m: calls.append((f, m)))
    # Measuring the 6 rules is the first half of at most 6 + 6 steps …
    assert calls[:6] == [(i / 12, f"measured {i} of 6 rules") for i in range(1, 7)]
    # … then one call per greedy step, once the 3 useful groups are known: 7, 8, 9 of 9.
    assert calls[6:] == [(i / 9, f"chose {i - 6} of at most 3 rules") for i in (7, 8, 9)]
    fractions = [f for f, _ in calls]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    stopped = optimise(list(RULES.values()), TRANSITIONS, should_stop=lambda: True)
    assert not stopped.complete and stopped.rules == []


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="big_hint"):
        optimise([RULES["big_hint"], RULES["big_hint"]], TRANSITIONS)
    with pytest.raises(ValueError, match="top_k"):
        optimise([RULES["big_hint"]], TRANSITIONS, top_k=0)
    with pytest.raises(ValueError, match="coverages"):
        optimise([RULES["big_hint"]], TRANSITIONS, cells=[])


def test_given_coverages_are_used() -> None:
    rules = [RULES["big_hint"], RULES["punctuate_maximum"]]
    given = [rule_cells(r, TRANSITIONS) for r in rules]
    assert optimise(rules, TRANSITIONS, cells=given).gains == [11, 1]


def test_worker_processes_measure_what_this_process_measures() -> None:
    rules = list(RULES.values()) * 10  # 60 rules: 6 tasks of MEASURE_CHUNK
    here = measure_cells(rules, TRANSITIONS)
    assert here == [rule_cells(r, TRANSITIONS) for r in rules]
    calls: list[tuple[float, str]] = []
    there = measure_cells(
        rules, TRANSITIONS, jobs=2, parallel_from=1, progress=lambda f, m: calls.append((f, m))
    )
    assert there == here
    assert calls[-1] == (1.0, "measured 60 of 60 rules")
    assert [f for f, _ in calls] == sorted(f for f, _ in calls)


@pytest.mark.slow
def test_a_stop_ends_the_worker_processes_measuring() -> None:
    rules = list(RULES.values()) * 200  # 120 tasks
    calls: list[tuple[float, str]] = []
    stopped_at: list[float] = []

    def should_stop() -> bool:
        if calls and not stopped_at:
            stopped_at.append(time.monotonic())
        return bool(calls)  # stop once the first task is in

    got = measure_cells(
        rules,
        TRANSITIONS * 50,
        jobs=2,
        parallel_from=1,
        progress=lambda f, m: calls.append((f, m)),
        should_stop=should_stop,
    )
    assert got is None
    assert calls[-1][0] < 1.0  # the queued tasks were cancelled
    assert time.monotonic() - stopped_at[0] < 1.0  # the workers end after their task


def test_a_cost_budget_makes_room_for_the_rest_of_the_top_k() -> None:
    rules = list(RULES.values())
    costs = {r.name: cost(r) for r in rules}
    assert [
        costs[n]
        for n in ("full_hint_short", "pair_1", "punctuate_maximum", "punctuate_right", "big_hint")
    ] == [14, 28, 30, 35, 36]
    # 66 = big_hint and punctuate_maximum: big_hint first, then only punctuate_maximum adds a cell.
    top = optimise(rules, TRANSITIONS, top_k=2, cost_budget=66)
    assert [r.name for r in top.rules] == ["big_hint", "punctuate_maximum"] and top.gains == [11, 1]
    assert top.costs == [36, 30]
    # 65: big_hint still leaves room for the cheapest other rule, but none within 29 adds a cell.
    top = optimise(rules, TRANSITIONS, top_k=2, cost_budget=65)
    assert [r.name for r in top.rules] == ["big_hint"] and top.coverage == 11
    # 49 < 36 + 14: no big_hint.  Its subsets are kept under a budget (the paper's optimisation
    # drops them), so the cheap full hint and pair 1 are what fits.
    top = optimise(rules, TRANSITIONS, top_k=2, cost_budget=49)
    assert [r.name for r in top.rules] == ["full_hint_short", "pair_1"]
    # pair_1 fills OOO of (3 1) -----; the oracle then splits off (1) on the last cell, which
    # the full hint fills: 4 cells.
    assert top.gains == [5, 4] and top.subsets_dropped == 0
    # Below the two cheapest nothing fits.
    assert optimise(rules, TRANSITIONS, top_k=2, cost_budget=41).rules == []
    with pytest.raises(ValueError, match="needs top_k"):
        optimise(rules, TRANSITIONS, cost_budget=100)


def test_under_a_budget_only_dominated_rules_are_dropped() -> None:
    # full_hint_short covers a subset of big_hint's cells more cheaply: kept; pair_1 likewise;
    # full_hint is the costlier of its group.  Add a costlier copy of punctuate_maximum that
    # covers less: dominated.
    worse = parse_rule("""def worse:
        with h = arbitrary(hint) and b = arbitrary(block):
        if maximal(h) and size(h) = size(b) and start(b) > 1 and start(b) > 0:
        then fill(false, start(b) - 1, start(b))""")
    assert rule_cells(worse, TRANSITIONS) == rule_cells(RULES["punctuate_maximum"], TRANSITIONS)
    rules = [*RULES.values(), worse]
    top = optimise(rules, TRANSITIONS, top_k=3, cost_budget=200)
    assert top.groups_dropped == 2  # full_hint, worse: costlier members of their groups
    assert top.candidates == 5 and top.subsets_dropped == 0
