"""The time limit of the GUI's solver runs, one for every screen, so that a verdict or a grade in
one place means the same as in another; the longer ones a person may ask for when a run stops at
it (:data:`LONGER_LIMITS`, offered by :class:`~nonostudio.gui.common.longer.LongerButton`), and a
limit in words (:func:`duration`).  No Qt here: worker processes' jobs say the limit too."""

from __future__ import annotations

# Seconds the solver may take on one puzzle: the Check and Difficulty panels, the Solve view's
# trace, Grade Folder and the library's background fill.
TIME_LIMIT_S = 10.0

#: The longer time limits offered, one after another, when a run stops at its limit (seconds).
LONGER_LIMITS = (60.0, 300.0)


def duration(seconds: float) -> str:
    """``seconds`` in words: "10 s", "1 minute", "5 minutes"."""
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return "1 minute" if minutes == 1 else f"{minutes} minutes"
    return f"{seconds:g} s"


def next_limit(limit: float) -> float | None:
    """The longer time limit to offer after a run stopped at ``limit`` (None: none is longer)."""
    return next((s for s in LONGER_LIMITS if s > limit), None)
