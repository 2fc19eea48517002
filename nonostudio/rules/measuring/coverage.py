"""The coverage metric C(R) of a rule set on test transitions (docs/rule-language.md §6; Butler et
al. 2017, §6.3 and §7.2).

:func:`load_transitions` reads a test set (:mod:`nonostudio.rules.measuring.transitions`);
:func:`coverage` counts the cells the rules set on it, per rule, with the fills that contradict a
deduction (:class:`RuleBug`), in the paper's reading or two looser ones; :func:`coverage_gaps`
accounts for every cell left unset.  The readings and the per-rule figures:
``docs/design/rules.md``.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.interpreter import compiled
from nonostudio.rules.measuring.coverage_run import PIECES, CoverageRun, RuleBug, UnsetCells
from nonostudio.rules.measuring.transitions import (
    Transition,
    TransitionsError,
    cells_to_fill,
    load_transitions,
)

__all__ = [
    "PIECES",
    "CoverageGaps",
    "CoverageReport",
    "RuleBug",
    "Transition",
    "TransitionsError",
    "cells_to_fill",
    "coverage",
    "coverage_gaps",
    "load_transitions",
]


@dataclass
class CoverageReport:
    """The outcome of :func:`coverage`; ``complete`` is False when it was stopped early."""

    total: int
    per_rule: dict[str, int]
    cells_by_rule: dict[str, set[tuple[int, int]]]
    bugs: list[RuleBug]
    seconds: float
    complete: bool = True
    transitions: int = 0
    cells_to_fill: int = 0


def coverage(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    both_directions: bool = False,
    oracle_first: bool = False,
) -> CoverageReport:
    """C(rules) on the transitions, with the per-rule breakdown and the rules' bugs.

    ``progress(fraction, message)`` (:mod:`nonostudio.core.progress`) is called every 100
    transitions and at the end ("200 of 5000 test lines"); ``should_stop`` is
    polled between transitions (a stopped report has ``complete`` False and counts the
    transitions done so far).  The paper's reading is the default; ``both_directions`` also
    applies each rule to the flipped line (as solving does), ``oracle_first`` lets the oracle
    split a line before any rule has fired on it.
    """
    return _measure(
        _new_run(rules, both_directions, oracle_first), transitions, progress, should_stop
    )


def _new_run(
    rules: Sequence[Rule], both_directions: bool = False, oracle_first: bool = False
) -> CoverageRun:
    names = [r.name for r in rules]
    return CoverageRun(
        [compiled(r) for r in rules],
        dict.fromkeys(names, 0),
        {name: set() for name in names},
        directions=(False, True) if both_directions else (False,),
        oracle_first=oracle_first,
    )


def _measure(
    run: CoverageRun,
    transitions: Sequence[Transition],
    progress: ProgressCallback | None,
    should_stop: StopCallback | None,
) -> CoverageReport:
    started = time.perf_counter()
    total = len(transitions)
    done = 0
    complete = True
    for index, t in enumerate(transitions):
        if should_stop is not None and should_stop():
            complete = False
            break
        run.transition(index, t)
        done += 1
        if done % 100 == 0:
            report_count(progress, done, total, f"{done} of {total} test lines")
    if complete and done % 100:
        report_count(progress, done, total, f"{done} of {total} test lines")
    return CoverageReport(
        total=sum(run.per_rule.values()),
        per_rule=run.per_rule,
        cells_by_rule=run.cells_by_rule,
        bugs=run.bugs,
        seconds=time.perf_counter() - started,
        complete=complete,
        transitions=done,
        cells_to_fill=cells_to_fill(transitions[:done]),
    )


@dataclass(frozen=True)
class CoverageGaps:
    """Where C(R) leaves cells unset, and what the same rules reach under looser readings.

    Every cell to fill is either ``covered`` or counted once in the losses:

    * ``no_rule_fires`` — on test lines where no rule sets a cell (so the oracle is never asked),
      by where the cell lies among the oracle's pieces of that untouched line: ``first``,
      ``middle`` or ``last`` piece (the one holding the first hint, neither end's, the last
      hint), ``whole`` (the oracle finds no split there) or ``between`` (a split cell);
      ``no_rule_fires_lines`` counts those lines;
    * ``sub_line_no_rule`` — on oracle sub-lines where no rule sets a cell;
    * ``stuck_unsplit`` — on (sub-)lines where rules fired, stopped short, and the oracle finds
      no split;
    * ``split_cells`` — unknown cells at the oracle's split points, which belong to no sub-line.

    The references: ``both_directions`` (each rule also read on the flipped line, as solving
    does), ``oracle_first`` (the oracle may split a line before any rule fired) and both.
    """

    covered: int
    cells_to_fill: int
    no_rule_fires: dict[str, int]
    no_rule_fires_lines: int
    sub_line_no_rule: int
    stuck_unsplit: int
    split_cells: int
    both_directions: int
    oracle_first: int
    oracle_first_both_directions: int

    @property
    def lost(self) -> int:
        """Every cell left unset (``cells_to_fill - covered``), summed from the parts."""
        return (
            sum(self.no_rule_fires.values())
            + self.sub_line_no_rule
            + self.stuck_unsplit
            + self.split_cells
        )

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)

    def table(self) -> str:
        """The breakdown as text, one figure a line."""
        fires = self.no_rule_fires
        rows = [
            ("covered (the paper's reading)", self.covered),
            (
                f"unset on the {self.no_rule_fires_lines} test lines where no rule fires",
                sum(fires.values()),
            ),
            *((f"  {_PIECE_LABELS[kind]}", cells) for kind, cells in fires.items()),
            ("unset on oracle sub-lines where no rule fires", self.sub_line_no_rule),
            ("unset where rules stop and the oracle finds no split", self.stuck_unsplit),
            ("unset split cells (in no sub-line)", self.split_cells),
            ("the same rules read both ways", self.both_directions),
            ("the oracle splitting before any rule fires", self.oracle_first),
            ("both of these", self.oracle_first_both_directions),
        ]
        width = max(len(name) for name, _ in rows)
        return "\n".join(
            [
                f"{self.cells_to_fill} cells to fill",
                *(f"{name:<{width}}  {value:>6}" for name, value in rows),
            ]
        )


_PIECE_LABELS = {
    "first": "in the oracle's first piece",
    "middle": "in the oracle's middle piece",
    "last": "in the oracle's last piece",
    "whole": "where the oracle finds no split",
    "between": "on split cells",
}


def coverage_gaps(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    progress: ProgressCallback | None = None,
) -> CoverageGaps:
    """Where ``rules`` leave the transitions' cells unset under the paper's reading, and their
    coverage under the looser readings (see :class:`CoverageGaps`); ``progress(fraction,
    message)`` says which of the four measurements is running (0, 1/4, 1/2, 3/4)."""
    report_count(progress, 0, 4, "coverage, the paper's reading")
    run = _new_run(rules)
    run.gaps = gaps = UnsetCells()
    covered = _measure(run, transitions, None, None).total
    report_count(progress, 1, 4, "coverage, read both ways")
    both = coverage(rules, transitions, both_directions=True).total
    report_count(progress, 2, 4, "coverage, the oracle first")
    first = coverage(rules, transitions, oracle_first=True).total
    report_count(progress, 3, 4, "coverage, both ways with the oracle first")
    first_both = coverage(rules, transitions, both_directions=True, oracle_first=True).total
    return CoverageGaps(
        covered=covered,
        cells_to_fill=cells_to_fill(transitions),
        **dataclasses.asdict(gaps),
        both_directions=both,
        oracle_first=first,
        oracle_first_both_directions=first_both,
    )
