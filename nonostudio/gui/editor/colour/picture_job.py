"""The colour editor's search for the picture of a file of clues only, run off the GUI thread:
a module-level function of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it."""

from __future__ import annotations

from dataclasses import dataclass

from nonostudio.core.colour.model import ColourClues
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.progress import ProgressCallback, StopCallback

Cells = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class CluePicture:
    """What the colour solver says of the clues ``rows`` and ``cols``: their ``picture`` when it
    is unique (else None, with the verdict's ``label``), and the cell sets line logic leaves
    (bitmasks of palette indices)."""

    rows: ColourClues
    cols: ColourClues
    picture: Cells | None
    label: str
    line_logic: Cells


def find_clue_picture(
    rows: ColourClues,
    cols: ColourClues,
    ncolours: int,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> CluePicture:
    """The unique picture of the clues, if the solver finds it within ``time_limit`` seconds."""
    result = solve_colour(
        rows, cols, ncolours, time_limit=time_limit, progress=progress, should_stop=should_stop
    )
    picture = None
    if result.verdict.is_unique and result.solution is not None:
        picture = tuple(tuple(int(v) for v in row) for row in result.solution)
    line_logic = tuple(tuple(int(v) for v in row) for row in result.grid)
    return CluePicture(rows, cols, picture, result.verdict.label, line_logic)
