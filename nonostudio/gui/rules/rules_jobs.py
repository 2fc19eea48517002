"""The rule browser's work, run in a worker process: a rule set's coverage on the test set, and
the technique browser's placement of the rules, technique frequencies and real examples.
Module-level functions of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process
never loads it.  (On threads of the studio's process they kept the GUI thread waiting for
Python's lock while the Rules tab was first shown.)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from nonostudio.analysis.catalogue.placement import Placement, place_all
from nonostudio.analysis.helping import guide
from nonostudio.analysis.helping.guide import Examples, Frequency, technique_frequencies
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.measuring.coverage import coverage, load_transitions
from nonostudio.rules.ruleset import RuleSet

PLACEMENT_LINES = 800  # rules are placed on an even sample of this many test lines (speed)
#: How often each technique is needed on the test set, how many test lines, where each rule goes.
Analysis = tuple[dict[str, Frequency], int, list[Placement]]


class Stopped(Exception):
    """The technique analysis was asked to stop (its counts poll no stop of their own)."""


#: A rule set's name, the cells each of its rules deduces on the test set, and for each rule
#: with fills that contradict a test line's deduction how many it made.
Coverage = tuple[str, dict[str, int], dict[str, int]]


def rule_set_coverage(
    rule_set: RuleSet, test_set: Path, progress: ProgressCallback, should_stop: StopCallback
) -> Coverage:
    """The rule set's name, the cells each of its rules deduces on the test set, and the
    contradicting fills of each rule that made some (an unsound rule: never to be counted)."""
    report = coverage(
        rule_set.rules, load_transitions(test_set), progress=progress, should_stop=should_stop
    )
    wrong = Counter(bug.rule for bug in report.bugs)
    return rule_set.name, dict(report.per_rule), dict(wrong)


def technique_analysis(
    rule_set: RuleSet, test_set: Path, progress: ProgressCallback, should_stop: StopCallback
) -> Analysis:
    """How often each technique is needed on the test set's lines, how many lines there are,
    and which technique each rule of ``rule_set`` belongs to (placed on an even sample of
    :data:`PLACEMENT_LINES` lines).  Raises :class:`Stopped` when ``should_stop()``."""

    def report(start: float, share: float, prefix: str = "") -> ProgressCallback:
        def call(fraction: float, message: str) -> None:
            if should_stop():
                raise Stopped
            progress(start + share * fraction, prefix + message)

        return call

    transitions = load_transitions(test_set)
    frequencies = technique_frequencies(
        transitions, progress=report(0.0, 0.3, "counting techniques: ")
    )
    step = max(1, len(transitions) // PLACEMENT_LINES)
    placed = place_all(rule_set.rules, transitions[::step], progress=report(0.3, 0.7))
    return frequencies, len(transitions), placed


def technique_examples(
    pairs: Sequence[tuple[str, Puzzle]],
    rule_set: RuleSet,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> Examples:
    """Worked examples of each technique in the traces of ``pairs`` (``(source, puzzle)``)
    solved with ``rule_set``'s rules (:func:`~nonostudio.analysis.helping.guide.real_examples`)."""
    return guide.real_examples(pairs, rule_set.rules, should_stop=should_stop)
