"""The black-and-white Designer Checks' work, run in a worker process.  A module-level function of
picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it.  (On a thread of the studio's process its seconds of Python kept the GUI thread waiting
for Python's lock: cycling the tabs while it ran on webpbn Wild stalled the GUI thread 0.6-0.74 s
under X11.)"""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.helping.designer import DesignFindings, check_design
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import RuleSet


def check_puzzle_design(
    puzzle: Puzzle,
    rule_set: RuleSet,
    picture: np.ndarray | None,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> DesignFindings:
    """The Designer Checks on ``puzzle`` with ``rule_set``'s rules, and single-cell edits of its
    drawn ``picture`` (None: no picture to edit)."""
    return check_design(puzzle, rule_set.rules, picture, progress, should_stop)
