"""The rule browser's work, run in a worker process: a rule set's coverage on the test set.  A
module-level function of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process
never loads it."""

from __future__ import annotations

from pathlib import Path

from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.rules.measuring.coverage import coverage, load_transitions
from nonostudio.rules.ruleset import RuleSet


def rule_set_coverage(
    rule_set: RuleSet, test_set: Path, progress: ProgressCallback, should_stop: StopCallback
) -> tuple[str, dict[str, int]]:
    """The rule set's name and the cells each of its rules deduces on the test set."""
    report = coverage(
        rule_set.rules, load_transitions(test_set), progress=progress, should_stop=should_stop
    )
    return rule_set.name, dict(report.per_rule)
