"""The colour Solve view's hint from the player's grid, found in a worker process: a module-level
function of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it."""

from __future__ import annotations

from nonostudio.analysis.colour.hints import CellSets, ColourHintLadder, next_colour_hint
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback


def find_colour_hint(
    puzzle: ColourPuzzle,
    grid: CellSets,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> ColourHintLadder | None:
    """The hint for the next step from the player's ``grid`` (which holds no mistakes), found
    within ``time_limit`` seconds; None when every cell is decided."""
    return next_colour_hint(puzzle, grid, time_limit=time_limit, should_stop=should_stop)
