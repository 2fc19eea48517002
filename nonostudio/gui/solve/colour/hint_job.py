"""The colour Solve view's hint from the player's grid, found in a worker process: a module-level
function of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it."""

from __future__ import annotations

from nonostudio.analysis.colour.hints import (
    CellSets,
    ColourContradiction,
    ColourHintLadder,
    next_colour_hint,
)
from nonostudio.analysis.colour.words import colour_clue_text
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback


def find_colour_hint(
    puzzle: ColourPuzzle,
    grid: CellSets,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> ColourHintLadder | str | None:
    """The hint for the next step from the player's ``grid`` (which holds no mistakes), found
    within ``time_limit`` seconds; None when every cell is decided; why no step follows, in
    words, when the player's cells break a line or no picture fits them (as black and white
    says it: the worker's error read "nonostudio.analysis.colour.trace.ColourContradiction: row
    1 cannot hold its clue")."""
    try:
        return next_colour_hint(puzzle, grid, time_limit=time_limit, should_stop=should_stop)
    except ColourContradiction as exc:
        clue = (puzzle.rows if exc.axis == "row" else puzzle.cols)[exc.index]
        return (
            f"{exc.axis} {exc.index + 1} cannot hold its clue "
            f"{colour_clue_text(puzzle.palette, clue)} with the cells decided so far: one of "
            "them is wrong, or the puzzle has no solution."
        )
    except ValueError as exc:  # no picture fits the cells, or none was found in time
        return f"{exc}."
