"""Rule-set optimisation (Butler et al. 2017, §6.3): from many learned rules to the best k —
each rule's coverage, identical groups and subsets dropped, then a greedy choice by marginal gain
(optionally within a cost budget).  The steps in detail: docs/design/learning.md, "Rule-set
optimisation".
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from nonostudio.core.progress import (
    ProgressCallback,
    StopCallback,
    fraction_of,
    report_count,
    sub_range,
)
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.measuring.coverage import Transition, coverage

Cells = frozenset[tuple[int, int]]


@dataclass
class OptimisedSet:
    """The chosen rules in the order they were chosen, each with its marginal gain in cells.

    ``groups_dropped``: rules dropped because a cheaper rule has the same coverage;
    ``subsets_dropped``: groups dropped because another group covers strictly more;
    ``coverage``: C(rules) on the transitions; ``complete`` is False when stopped early.
    """

    rules: list[Rule]
    gains: list[int]
    groups_dropped: int
    subsets_dropped: int
    coverage: int = 0
    candidates: int = 0
    complete: bool = True
    costs: list[int] = field(default_factory=list)


def rule_cells(rule: Rule, transitions: Sequence[Transition]) -> Cells:
    """The ``(transition, cell)`` pairs ``rule`` fills when it is the only rule."""
    return frozenset(coverage([rule], transitions).cells_by_rule[rule.name])


MEASURE_CHUNK = 10  # rules a worker measures per task (about 3 s on the paper's test set)
PARALLEL_FROM = 200  # fewer rules than this are measured in this process (start-up ~1 s a worker)
_WORKER_TRANSITIONS: list[Transition] = []


def _measure_init(transitions: list[Transition]) -> None:
    """In a worker: Ctrl-C is the parent's to handle; keep the transitions for every task."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_TRANSITIONS[:] = transitions


def _measure_chunk(rules: list[Rule]) -> list[Cells]:
    return [rule_cells(rule, _WORKER_TRANSITIONS) for rule in rules]


def measure_cells(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    jobs: int | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    parallel_from: int = PARALLEL_FROM,
) -> list[Cells] | None:
    """Every rule's :func:`rule_cells`, in order; None when ``should_stop`` said stop.

    With ``jobs`` > 1 (None: one per core) and at least ``parallel_from`` rules the rules are
    measured in that many spawned worker processes (never forked: the caller may run Qt),
    :data:`MEASURE_CHUNK` rules a task; ``progress(fraction, message)`` hears each finished task
    ("measured 50 of 200 rules") and ``should_stop`` is polled at least five times a second (the
    call then returns at once, queued tasks dropped, the workers terminated).
    """
    total = len(rules)
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or total < parallel_from:
        out: list[Cells] = []
        for rule in rules:
            if should_stop is not None and should_stop():
                return None
            out.append(rule_cells(rule, transitions))
            report_count(progress, len(out), total, _measured(len(out), total))
        return out
    chunks = [list(rules[i : i + MEASURE_CHUNK]) for i in range(0, total, MEASURE_CHUNK)]
    results: list[list[Cells] | None] = [None] * len(chunks)
    spawn = multiprocessing.get_context("spawn")
    pool = spawn.Pool(
        min(jobs, len(chunks)), initializer=_measure_init, initargs=(list(transitions),)
    )
    try:
        pending = {i: pool.apply_async(_measure_chunk, (chunk,)) for i, chunk in enumerate(chunks)}
        done = 0
        while pending:
            if should_stop is not None and should_stop():
                return None
            finished = [i for i, task in pending.items() if task.ready()]
            if not finished:
                next(iter(pending.values())).wait(0.2)
                continue
            for i in finished:
                results[i] = pending.pop(i).get()  # a worker's error is raised here
                done += len(chunks[i])
                report_count(progress, done, total, _measured(done, total))
        pool.close()
        pool.join()
    finally:
        # Stopped, a worker's error or Ctrl-C: queued tasks are dropped and the workers (and the
        # pool's threads) end at once, none left behind.
        pool.terminate()
    return [cells for chunk in results for cells in chunk or ()]


def _measured(done: int, total: int) -> str:
    return f"measured {done} of {total} rules"


def covered_cells(rules: Sequence[Rule], transitions: Sequence[Transition]) -> set[tuple[int, int]]:
    """Every ``(transition, cell)`` pair the rules together set (the cells C(rules) counts)."""
    out: set[tuple[int, int]] = set()
    for cells in coverage(rules, transitions).cells_by_rule.values():
        out |= cells
    return out


def _groups(rules: Sequence[Rule], cells: Sequence[Cells]) -> tuple[list[int], int]:
    """Index of the cheapest rule of each coverage group (first seen first), rules dropped."""
    best: dict[Cells, int] = {}
    for i, covered in enumerate(cells):
        j = best.get(covered)
        if j is None or cost(rules[i]) < cost(rules[j]):
            best[covered] = i
    return sorted(best.values()), len(rules) - len(best)


def _not_subsets(
    indices: list[int], cells: Sequence[Cells], costs: dict[int, int] | None = None
) -> list[int]:
    """The groups whose coverage is no strict subset of another group's; with ``costs``, of
    another group's at no higher cost (under a cost budget a cheaper rule covering less can be
    the better pick).  Both relations are transitive, so checking against the kept groups does."""
    by_size = sorted(indices, key=lambda i: -len(cells[i]))
    kept: list[int] = []
    for i in by_size:
        mine = cells[i]
        # Coverages are distinct, so a superset of a kept group's size or more is strictly bigger.
        if not any(
            len(cells[j]) > len(mine)
            and mine <= cells[j]
            and (costs is None or costs[j] <= costs[i])
            for j in kept
        ):
            kept.append(i)
    return sorted(kept)


def _remeasure(
    gain_on: dict[int, Counter[int]],
    chosen: list[Rule],
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    touched: list[int],
    covered: set[tuple[int, int]],
) -> None:
    """Measure each candidate's gain afresh on the transitions whose state the last pick changed."""
    if not touched:
        return
    subset = [transitions[t] for t in touched]
    base = {t: {c for u, c in covered if u == t} for t in touched}
    for i, gain in gain_on.items():
        now: dict[int, set[int]] = {t: set(base[t]) for t in touched}
        for local, cell in covered_cells([*chosen, rules[i]], subset):
            now[touched[local]].add(cell)
        for t in touched:
            gain[t] = len(now[t]) - len(base[t])


def _within_budget(
    candidates: list[int], chosen: list[int], costs: dict[int, int], limit: int, budget: int
) -> list[int]:
    """The candidates that leave room, within ``budget``, for the picks still to come after them
    (``limit`` in all) at the least they can cost: the cheapest of the other candidates."""
    spent = sum(costs[j] for j in chosen)
    slots = limit - len(chosen) - 1
    cheapest = sorted((costs[i], i) for i in candidates)[: slots + 1]
    return [
        i
        for i in candidates
        if spent + costs[i] + sum([c for c, j in cheapest if j != i][:slots]) <= budget
    ]


def optimise(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    top_k: int | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    cells: Sequence[Cells] | None = None,
    cost_budget: int | None = None,
) -> OptimisedSet:
    """The best ``top_k`` (all useful ones when None) of ``rules`` on ``transitions``.

    Rule names must be distinct (coverage is reported by name).  ``progress(fraction, message)``
    is called after each rule's coverage is measured and after each greedy step (the fraction
    counts both: the rules measured plus the steps taken, of the rules plus the steps there can
    be; it never goes back); ``should_stop`` is polled between them and a
    stopped result has ``complete`` False and the rules chosen so far.  ``cells`` may give each
    rule's :func:`rule_cells` when the caller has them already.

    ``cost_budget`` (with ``top_k``) bounds the chosen rules' total cost: a rule is eligible only
    while the ``top_k`` can still be completed within it by the cheapest remaining rules (a mean
    cost of 31.7 over a top 10 is a budget of 317), and only groups another group dominates
    (covers a strict superset of at no higher cost) are dropped: a cheap narrow rule may be what
    fits.  Not the paper's procedure; it measures what conciseness costs in coverage
    (``tests/benchmarks/bench_cost_budget.py``).
    """
    _check_arguments(rules, top_k, cost_budget)
    if cells is None:
        # Measuring is the first len(rules) of len(rules) + steps, at most top_k steps (or one
        # per rule); the steps' count is known only once the groups are (at most this many).
        most = len(rules) + (len(rules) if top_k is None else min(top_k, len(rules)))
        cells = measure_cells(
            rules,
            transitions,
            jobs=1,
            should_stop=should_stop,
            progress=sub_range(progress, 0.0, fraction_of(len(rules), most)),
        )
        if cells is None:
            return OptimisedSet([], [], 0, 0, complete=False)
    elif len(cells) != len(rules):
        raise ValueError(f"{len(cells)} coverages for {len(rules)} rules")
    grouped, groups_dropped = _groups(rules, cells)
    costs = {i: cost(rules[i]) for i in grouped}  # read at every step
    kept = _not_subsets(grouped, cells, None if cost_budget is None else costs)
    limit = len(kept) if top_k is None else min(top_k, len(kept))
    greedy = _Greedy(rules, transitions, costs, limit, cost_budget)
    complete = greedy.choose(
        {i: Counter(t for t, _ in cells[i]) for i in kept}, progress, should_stop
    )
    chosen = greedy.chosen
    return OptimisedSet(
        rules=[rules[i] for i in chosen],
        gains=greedy.gains,
        groups_dropped=groups_dropped,
        subsets_dropped=len(grouped) - len(kept),
        coverage=len(greedy.covered),
        candidates=len(kept),
        complete=complete,
        costs=[costs[i] for i in chosen],
    )


def _check_arguments(rules: Sequence[Rule], top_k: int | None, cost_budget: int | None) -> None:
    """Raise ValueError for rules of one name, a ``top_k`` below 1, a budget without top k."""
    names = [r.name for r in rules]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ValueError(f"two rules are called {dup!r}; rule names must be distinct")
    if top_k is not None and top_k < 1:
        raise ValueError(f"top_k must be at least 1, not {top_k}")
    if cost_budget is not None and top_k is None:
        raise ValueError("a cost budget needs top_k")


class _Greedy:
    """The greedy choice (step 4): the rules chosen so far, each one's gain, the cells they
    cover together."""

    def __init__(
        self,
        rules: Sequence[Rule],
        transitions: Sequence[Transition],
        costs: dict[int, int],
        limit: int,
        cost_budget: int | None,
    ) -> None:
        self.rules, self.transitions, self.costs = rules, transitions, costs
        self.limit, self.cost_budget = limit, cost_budget
        self.chosen: list[int] = []
        self.gains: list[int] = []
        self.covered: set[tuple[int, int]] = set()

    def choose(
        self,
        gain_on: dict[int, Counter[int]],
        progress: ProgressCallback | None,
        should_stop: StopCallback | None,
    ) -> bool:
        """Pick rules until ``limit`` are chosen or none adds a cell (``gain_on``: each
        candidate's gain per transition, given the rules chosen so far); False when stopped."""
        rules, chosen = self.rules, self.chosen
        while gain_on and len(chosen) < self.limit:
            if should_stop and should_stop():
                return False
            eligible = (
                list(gain_on)
                if self.cost_budget is None
                else _within_budget(list(gain_on), chosen, self.costs, self.limit, self.cost_budget)
            )
            if not eligible:
                break
            pick = min(eligible, key=lambda i: (-gain_on[i].total(), self.costs[i], i))
            if gain_on.pop(pick).total() <= 0:
                break
            chosen.append(pick)
            before = self.covered
            self.covered = covered_cells([rules[j] for j in chosen], self.transitions)
            self.gains.append(len(self.covered) - len(before))
            touched = sorted({t for t, _ in self.covered ^ before})
            _remeasure(
                gain_on, [rules[j] for j in chosen], rules, self.transitions, touched, self.covered
            )
            report_count(
                progress,
                len(rules) + len(chosen),
                len(rules) + self.limit,
                f"chose {len(chosen)} of at most {self.limit} rules",
            )
        return True
