"""The black-and-white Designer Checks' work, run in a worker process.  A module-level function of
picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it.  (On a thread of the studio's process its seconds of Python kept the GUI thread waiting
for Python's lock: cycling the tabs while it ran on webpbn Wild stalled the GUI thread 0.6-0.74 s
under X11.)"""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.helping.designer import DesignFindings, check_design
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import RuleSet

#: What the Designer Checks say of clues no picture fits (typed clues can be so): the panel
#: said "Cannot check: nonostudio.core.errors.InconsistentPuzzleError: row 2's clue: the puzzle
#: has no solution: row 2 (1 1) OOx- cannot be completed", cut off at the dock's edge.
NO_PICTURE = (
    "No picture fits these clues, so there is nothing to check: the Check panel says where "
    "they contradict each other and looks for a likely typo."
)


def check_puzzle_design(
    puzzle: Puzzle,
    rule_set: RuleSet,
    picture: np.ndarray | None,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> DesignFindings | str:
    """The Designer Checks on ``puzzle`` with ``rule_set``'s rules, and single-cell edits of its
    drawn ``picture`` (None: no picture to edit); :data:`NO_PICTURE` when the rules find that
    no picture fits the clues."""
    try:
        return check_design(puzzle, rule_set.rules, picture, progress, should_stop)
    except InconsistentPuzzleError:
        return NO_PICTURE
