"""The typo search of the Check panel and the paste dialog, run in a worker process
(:class:`~nonostudio.gui.common.process_child.ProcessJob`): module-level functions of picklable
arguments ending in ``progress`` and ``should_stop``; no Qt here, so a worker process never
loads it.  On a thread of the studio's process the search's seconds of Python kept the GUI
thread waiting for Python's lock: cycling the tabs of a 25x25 with several solutions while it
ran stalled the GUI thread 1.4-2.1 s under X11."""

from __future__ import annotations

from nonostudio.analysis.typos import (
    ColourTypoReport,
    TypoReport,
    find_colour_typos,
    find_typos,
)
from nonostudio.core.colour.model import Palette
from nonostudio.core.progress import ProgressCallback, StopCallback

Clues = tuple[tuple[int, ...], ...]
ColourClues = tuple[tuple[tuple[int, int], ...], ...]


def typo_search(
    rows: Clues,
    cols: Clues,
    time_limit: float,
    size: tuple[int, int] | None,
    readings: tuple[tuple[Clues, Clues], ...],
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> TypoReport:
    """The likely typos of black-and-white clues (:func:`find_typos`); ``size``: the ``(width,
    height)`` a file declares (None: none), whose lines are then looked for alone;
    ``readings``: every reading of a file's unmarked clue lines when more than one fits it."""
    return find_typos(
        rows,
        cols,
        time_limit=time_limit,
        progress=progress,
        should_stop=should_stop,
        size=size,
        readings=readings,
    )


def colour_typo_search(
    palette: Palette,
    rows: ColourClues,
    cols: ColourClues,
    time_limit: float,
    size: tuple[int, int] | None,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> ColourTypoReport:
    """The likely typos of colour clues (:func:`find_colour_typos`); ``size`` as for
    :func:`typo_search`."""
    return find_colour_typos(
        palette,
        rows,
        cols,
        time_limit=time_limit,
        size=size,
        progress=progress,
        should_stop=should_stop,
    )
