"""Runs on threads whose work logs when each specification ran (``LEARN_TEST_LOG``), for the
tests of what ran beside what: hold-back, waves and late skips; and the line of a key."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.running.runner import Runner
from nonostudio.learn.store.jobs import JobStore


def logged_runner(
    store: JobStore,
    specs: Sequence[Specification],
    work: Callable[..., Any],
    log: Path,
    monkeypatch: pytest.MonkeyPatch,
    **options: Any,
) -> Runner:
    """A thread runner of ``specs`` (a new run) whose ``work`` logs to ``log``; the rules found
    skip nothing, so every specification runs and only the hand-out order is tested."""
    monkeypatch.setenv("LEARN_TEST_LOG", str(log))
    run = store.create_run({}, list(specs))
    return Runner(
        store, run, work, mode="thread", skip_covered=False, skip_supersets=False, **options
    )


def spans(log: Path) -> list[tuple[str, float, float]]:
    """Each logged specification's key with when it started and ended."""
    return [
        (k, float(a), float(b))
        for k, a, b in (line.split("\t") for line in log.read_text().splitlines())
    ]


def line_of(key: str) -> str:
    """The line (hints and cells) of a specification's key."""
    hints, cells, _ = key.split("|", 2)
    return f"{hints}|{cells}"
