"""Progress bars that never look stuck: while a job runs and has done nothing yet (or nothing
that shows: under one of its steps), its bar is busy (a moving chunk), not an empty box a
person takes for a job that is broken; from the first progress on it shows how far.  The
studio's jobs (designer checks, typo search, library checks and imports, batch grading, the
tutor's jobs, learning runs) put their bars through :func:`show_progress`."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar


def show_progress(
    bar: QProgressBar,
    done: float,
    total: float = 1.0,
    *,
    steps: int = 100,
    running: bool = True,
) -> None:
    """Show ``done`` of ``total`` on ``bar``, in ``steps`` steps; while ``running``, nothing
    done yet shows it busy.  A job not running (a finished or stopped run shown as it was)
    shows what it did, an empty bar for none."""
    fraction = min(max(done / total, 0.0), 1.0) if total > 0 else 0.0
    value = round(steps * fraction)
    if running and value <= 0:
        bar.setRange(0, 0)  # (busy: Qt moves a chunk along the bar)
        return
    bar.setRange(0, max(1, steps))
    bar.setValue(value)


def is_busy_bar(bar: QProgressBar) -> bool:
    """Whether ``bar`` shows a job under way that has no progress to show yet."""
    return bar.minimum() == bar.maximum() == 0
