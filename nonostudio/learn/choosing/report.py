"""The learning report (Butler et al. 2017, §7): a learned rule set against the control rules
on a test set — coverage of each set and of their union, each one's greedy top 10 and which
control rules the learned set recovers, each figure next to the paper's; optionally a top 10
chosen within a cost budget.  How the figures read: docs/design/learning.md, "The learning
report".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.catalogue.placement import UNPLACED, coverage_share, place_all
from nonostudio.core.progress import ProgressCallback, report_count
from nonostudio.learn.choosing.optimize import (
    Cells,
    OptimisedSet,
    covered_cells,
    optimise,
    rule_cells,
)
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.measuring.coverage import Transition, cells_to_fill

TOP = 10
# Butler, Torlak & Popović (2017), §7, on the 2805 test transitions (10266 cells).
PAPER = {
    "learned": 7558,
    "control": 4652,
    "union": 7673,
    "top_learned": 6039,
    "top_control": 4652,
    "recovered": 9,
    "mean_cost_top_learned": 33.7,
    "mean_cost_top_control": 31.7,
}
PAPER_SET = (2805, 10266)  # its test transitions and the cells they fill


@dataclass(frozen=True)
class TopRules:
    """The greedy top rules of one set: names, marginal gains, costs, their joint coverage."""

    names: tuple[str, ...]
    gains: tuple[int, ...]
    costs: tuple[int, ...]
    coverage: int

    @property
    def mean_cost(self) -> float | None:
        return sum(self.costs) / len(self.costs) if self.costs else None

    @classmethod
    def of(cls, chosen: OptimisedSet) -> TopRules:
        return cls(
            tuple(r.name for r in chosen.rules),
            tuple(chosen.gains),
            tuple(chosen.costs),
            chosen.coverage,
        )

    @classmethod
    def filled_up(
        cls, chosen: OptimisedSet, rules: Sequence[Rule], cells: Sequence[Cells], size: int = TOP
    ) -> TopRules:
        """The greedy choice, filled up to ``size`` rules (when there are that many) with the
        rules not chosen that cover the most on their own, ties to the lower cost, then the
        earlier; each added one has a gain of 0."""
        top = cls.of(chosen)
        rest = sorted(
            (i for i, r in enumerate(rules) if r.name not in top.names),
            key=lambda i: (-len(cells[i]), cost(rules[i]), i),
        )
        extra = rest[: max(0, size - len(top.names))]
        return cls(
            (*top.names, *(rules[i].name for i in extra)),
            (*top.gains, *(0 for _ in extra)),
            (*top.costs, *(cost(rules[i]) for i in extra)),
            top.coverage,
        )

    def listed(self) -> list[str]:
        """One line per rule, in the order chosen: ``  1. name  +gain  cost c``."""
        return [
            f"  {i}. {n}  +{g}  cost {c}"
            for i, (n, g, c) in enumerate(zip(self.names, self.gains, self.costs, strict=True), 1)
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": [
                {"name": n, "gain": g, "cost": c}
                for n, g, c in zip(self.names, self.gains, self.costs, strict=True)
            ],
            "coverage": self.coverage,
            "mean_cost": self.mean_cost,
        }


@dataclass(frozen=True)
class Report:
    """Everything ``learn report`` prints; ``recovered`` maps each control rule's name to the
    cheapest learned rule that recovers it (None when none does)."""

    transitions: int
    cells_to_fill: int
    learned_count: int
    control_count: int
    learned: int
    control: int
    union: int
    top_learned: TopRules
    top_control: TopRules
    recovered: dict[str, str | None]
    cost_budget: int | None = None
    top_learned_within_budget: TopRules | None = None
    unplaced: tuple[str, ...] = ()
    """Learned rules placed in no technique of the catalogue (analysis.catalogue.techniques)."""
    unplaced_only_cells: int = 0
    """Cells of the learned coverage that only such rules cover."""

    @property
    def on_paper_set(self) -> bool:
        """Whether the test transitions are the paper's (its 2805 lines, 10266 cells to fill):
        only there do its figures compare."""
        return (self.transitions, self.cells_to_fill) == PAPER_SET

    @property
    def recovered_count(self) -> int:
        return sum(v is not None for v in self.recovered.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "transitions": self.transitions,
            "cells_to_fill": self.cells_to_fill,
            "learned_rules": self.learned_count,
            "control_rules": self.control_count,
            "coverage": {"learned": self.learned, "control": self.control, "union": self.union},
            "top_learned": self.top_learned.to_json(),
            "top_control": self.top_control.to_json(),
            "recovered": self.recovered,
            "recovered_count": self.recovered_count,
            "paper": PAPER if self.on_paper_set else None,
            "cost_budget": self.cost_budget,
            "top_learned_within_budget": None
            if self.top_learned_within_budget is None
            else self.top_learned_within_budget.to_json(),
            "unplaced_rules": list(self.unplaced),
            "unplaced_only_cells": self.unplaced_only_cells,
        }

    def table(self) -> str:
        """The comparison with the paper as a text table, then the top rules and recoveries."""
        lines = [
            f"{self.learned_count} learned and {self.control_count} control rules on "
            f"{self.transitions} test transitions ({self.cells_to_fill} cells to fill)",
            "",
            *self._comparison_lines(),
            *self._top_lines(),
            *self._within_budget_lines(),
            "",
            f"learned rules in no technique: {len(self.unplaced)} "
            f"({', '.join(self.unplaced) or 'none'}); cells only they cover: "
            f"{self.unplaced_only_cells} of {self.learned}",
            *self._recovery_lines(),
        ]
        return "\n".join(lines)

    def _rows(self) -> list[tuple[str, str, str]]:
        """The table's rows: figure, ours, the paper's."""
        return [
            ("coverage, learned set", str(self.learned), str(PAPER["learned"])),
            ("coverage, control set", str(self.control), str(PAPER["control"])),
            ("coverage, union", str(self.union), str(PAPER["union"])),
            (
                f"coverage, top {TOP} learned",
                str(self.top_learned.coverage),
                str(PAPER["top_learned"]),
            ),
            (
                f"coverage, top {TOP} control",
                str(self.top_control.coverage),
                str(PAPER["top_control"]),
            ),
            (
                f"mean cost, top {TOP} learned",
                _mean_cost(self.top_learned),
                str(PAPER["mean_cost_top_learned"]),
            ),
            (
                f"mean cost, top {TOP} control",
                _mean_cost(self.top_control),
                str(PAPER["mean_cost_top_control"]),
            ),
            (
                "control rules recovered",
                f"{self.recovered_count} of {self.control_count}",
                f"{PAPER['recovered']} of 14",
            ),
        ]

    def _comparison_lines(self) -> list[str]:
        """The rows with the paper's figures beside ours (on the paper's own test set only)."""
        rows = self._rows()
        width = max(len(r[0]) for r in rows)
        if self.on_paper_set:
            return [
                f"{'':<{width}}  {'here':>8}  {'paper':>8}",
                *(f"{name:<{width}}  {ours:>8}  {paper:>8}" for name, ours, paper in rows),
            ]
        return [
            f"{'':<{width}}  {'here':>8}   (the paper's figures are for its own "
            f"{PAPER_SET[0]} test transitions)",
            *(f"{name:<{width}}  {ours:>8}" for name, ours, _ in rows),
        ]

    def _top_lines(self) -> list[str]:
        """The top learned and control rules."""
        lines: list[str] = []
        for label, top in (("learned", self.top_learned), ("control", self.top_control)):
            lines += ["", f"top {TOP} {label} (gain in cells, cost):", *top.listed()]
        return lines

    def _within_budget_lines(self) -> list[str]:
        """The top learned rules within the cost budget (nothing without a budget)."""
        if (within := self.top_learned_within_budget) is None:
            return []
        return [
            "",
            f"top {TOP} learned whose costs add up to at most {self.cost_budget}, "
            "greedy by gain (gain in cells, cost):",
            *within.listed(),
            f"  {len(within.names)} rules cover {within.coverage} cells, mean cost "
            f"{_mean_cost(within)}"
            if within.names
            else f"  no {TOP} rules fit the budget",
        ]

    def _recovery_lines(self) -> list[str]:
        """Which control rules a learned rule recovers, and by which."""
        return [
            "",
            "control rules recovered:",
            *(
                f"  {name}: " + (f"yes, by {by}" if by else "no")
                for name, by in self.recovered.items()
            ),
        ]


def _mean_cost(top: TopRules) -> str:
    return "-" if top.mean_cost is None else f"{top.mean_cost:.1f}"


def recovered_rules(
    learned: Sequence[Rule],
    learned_cells: Sequence[Cells],
    control: Sequence[Rule],
    control_cells: Sequence[Cells],
) -> dict[str, str | None]:
    """For each control rule, the cheapest learned rule whose cells contain its (non-empty)
    cells."""
    by_cost = sorted(range(len(learned)), key=lambda i: (cost(learned[i]), i))
    out: dict[str, str | None] = {}
    for rule, cells in zip(control, control_cells, strict=True):
        out[rule.name] = next(
            (learned[i].name for i in by_cost if cells and cells <= learned_cells[i]), None
        )
    return out


def _distinct_names(learned: Sequence[Rule], control: Sequence[Rule]) -> list[Rule]:
    """The control rules, renamed ``control_<name>`` where a learned rule has the same name."""
    taken = {r.name for r in learned}
    return [
        dataclasses.replace(r, name=f"control_{r.name}") if r.name in taken else r for r in control
    ]


def learning_report(
    learned: Sequence[Rule],
    control: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    progress: ProgressCallback | None = None,
    cost_budget: int | None = None,
) -> Report:
    """Compare ``learned`` with ``control`` on ``transitions`` (see the module docstring).

    ``progress(fraction, message)`` is told which part is being measured (the fraction counts
    the parts begun: 0, 1/6, … for the six or seven parts).  With ``cost_budget`` the report also
    holds the learned set's top 10 within that total cost.
    """
    parts = 6 if cost_budget is None else 7
    begun = iter(range(parts))

    def say(message: str) -> None:
        report_count(progress, next(begun), parts, message)

    say(f"coverage of each of the {len(learned)} learned rules")
    learned_cells = [rule_cells(r, transitions) for r in learned]
    say(f"coverage of each of the {len(control)} control rules")
    control_cells = [rule_cells(r, transitions) for r in control]
    say("coverage of the learned set, the control set and their union")
    learned_total = len(covered_cells(learned, transitions))
    control_total = len(covered_cells(control, transitions))
    union_total = len(covered_cells([*learned, *_distinct_names(learned, control)], transitions))
    say(f"greedy top {TOP} of the learned rules")
    top_learned = optimise(learned, transitions, top_k=TOP, cells=learned_cells)
    say(f"greedy top {TOP} of the control rules")
    top_control = optimise(control, transitions, top_k=TOP, cells=control_cells)
    within = None
    if cost_budget is not None:
        say(f"greedy top {TOP} of the learned rules within a total cost of {cost_budget}")
        within = TopRules.of(
            optimise(learned, transitions, top_k=TOP, cells=learned_cells, cost_budget=cost_budget)
        )
    say(f"placing the {len(learned)} learned rules in techniques")
    placements = place_all(learned, transitions)
    share = coverage_share(learned, placements, transitions)
    to_fill = cells_to_fill(transitions)
    return Report(
        transitions=len(transitions),
        cells_to_fill=to_fill,
        learned_count=len(learned),
        control_count=len(control),
        learned=learned_total,
        control=control_total,
        union=union_total,
        top_learned=TopRules.filled_up(top_learned, learned, learned_cells),
        top_control=TopRules.filled_up(top_control, control, control_cells),
        recovered=recovered_rules(learned, learned_cells, control, control_cells),
        cost_budget=cost_budget,
        top_learned_within_budget=within,
        unplaced=tuple(p.rule for p in placements if p.technique == UNPLACED),
        unplaced_only_cells=share.unplaced_only,
    )
