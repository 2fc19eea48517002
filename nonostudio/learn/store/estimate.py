"""How long a learning run of given settings would take: its number of specifications times the
seconds per specification measured in earlier runs of the job store (those of the same line
length and pattern count first), shared among the workers; and the most it can take, every search
using its whole budget.  Shown by the New Run dialog before a run is started.  Also the
projection of a run's work from a sample's seconds per kind of specification
(:func:`projected_work_seconds`, for the bench of the lines up to 8 cells)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nonostudio.learn.store.run_settings import LearnSettings


@dataclass(frozen=True)
class MeasuredRun:
    """What one earlier run took: its settings (as stored), specifications finished, seconds."""

    settings: dict[str, object]
    finished: int
    seconds: float


@dataclass(frozen=True)
class RunEstimate:
    specifications: int
    workers: int | None  # None: a cluster, whose workers are not known here
    seconds_per_spec: float | None  # None: no earlier run to time by
    measured_runs: int
    same_kind: bool  # measured on runs of the same line length and pattern count
    budget_s: float

    @property
    def work_seconds(self) -> float | None:
        """Work expected over all specifications (None when nothing was measured)."""
        if self.seconds_per_spec is None:
            return None
        return self.specifications * min(self.seconds_per_spec, self.budget_s)

    @property
    def most_work_seconds(self) -> float:
        return self.specifications * self.budget_s

    def text(self) -> str:
        """The estimate in a sentence or two, for the dialog."""
        n = f"{self.specifications:,} specification{'s' if self.specifications != 1 else ''}"
        on = f" on {self.workers} worker{'s' if self.workers != 1 else ''}" if self.workers else ""
        spread = self.workers or 1
        most = duration_text(self.most_work_seconds / spread)
        most_text = (
            f"at most {most}{on} if every search used its {self.budget_s:g} s budget"
            if self.workers
            else f"at most {duration_text(self.most_work_seconds)} of work (every search using "
            f"its {self.budget_s:g} s budget), shared among the cluster's workers"
        )
        if self.seconds_per_spec is None or self.work_seconds is None:
            return f"{n}; no earlier run to time them by: {most_text}."
        runs = f"{self.measured_runs} earlier run{'s' if self.measured_runs != 1 else ''}"
        kind = "of the same line length and patterns" if self.same_kind else "with other settings"
        about = (
            f"About {duration_text(self.work_seconds / spread)}{on}"
            if self.workers
            else f"About {duration_text(self.work_seconds)} of work"
        )
        return (
            f"{about}: {n} at {self.seconds_per_spec:.2g} s each (measured over {runs} {kind}); "
            f"{most_text}."
        )


def estimate_run(
    settings: LearnSettings, measured: Sequence[MeasuredRun], *, cluster: bool = False
) -> RunEstimate:
    """The estimate for a run of ``settings`` (mining its specifications: seconds for lines of 8
    cells or more, so call it off the GUI thread)."""
    count = len(settings.specifications())
    timed = [m for m in measured if m.finished > 0]
    same = [
        m
        for m in timed
        if (m.settings.get("max_length"), m.settings.get("max_patterns"))
        == (settings.max_length, settings.max_patterns)
    ]
    used = same or timed
    finished = sum(m.finished for m in used)
    rate = sum(m.seconds for m in used) / finished if finished else None
    return RunEstimate(
        specifications=count,
        workers=None if cluster else settings.jobs,
        seconds_per_spec=rate,
        measured_runs=len(used),
        same_kind=bool(same),
        budget_s=settings.budget_s,
    )


def duration_text(seconds: float) -> str:
    """``"40 s"``, ``"12 min"``, ``"3 h 20 min"``, ``"2 days 4 h"``."""
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} days {hours} h" if hours else f"{days} days"


Kind = tuple[int, int]  # (cells of the line, patterns of the specification)


def projected_work_seconds(
    counts: Mapping[Kind, int], sampled: Mapping[Kind, Sequence[float]]
) -> float:
    """The work seconds of a run holding ``counts[kind]`` specifications of each kind, projected
    from the seconds a sample of them took (``sampled[kind]``): each kind's count times its mean.
    A kind the sample missed takes the mean of the nearest sampled kind with as many patterns and
    longer lines (a longer line takes longer: an upper bound), else shorter lines, else the
    sample's whole mean.  ValueError when nothing was sampled."""
    means = {kind: sum(s) / len(s) for kind, s in sampled.items() if s}
    if not means:
        raise ValueError("no sampled seconds to project from")
    every = [x for s in sampled.values() for x in s]
    overall = sum(every) / len(every)

    def mean_of(kind: Kind) -> float:
        if kind in means:
            return means[kind]
        cells, patterns = kind
        same = [k for k in means if k[1] == patterns]
        longer = [k for k in same if k[0] > cells]
        if longer:
            return means[min(longer)]
        return means[max(same)] if same else overall

    return sum(count * mean_of(kind) for kind, count in counts.items())
