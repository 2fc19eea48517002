"""The colour Designer Checks' work, run in a worker process.  A module-level function of
picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it."""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.analysis.colour.designer import ColourDesignFindings, check_colour_design
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback


def check_colour_puzzle_design(
    puzzle: ColourPuzzle,
    picture: Sequence[Sequence[int]] | None,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> ColourDesignFindings:
    """The colour Designer Checks on ``puzzle`` and its painted ``picture`` (None: no picture to
    edit) within ``time_limit`` seconds."""
    return check_colour_design(puzzle, picture, progress, should_stop, time_limit=time_limit)
