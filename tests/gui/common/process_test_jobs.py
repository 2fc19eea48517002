"""Jobs the worker-process tests send to the studio's worker processes: module-level functions
of the ``ProcessJob`` shape, with no Qt import (a worker process imports this module)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from nonostudio.core.progress import ProgressCallback, StopCallback


def where(progress: ProgressCallback, should_stop: StopCallback) -> tuple[int, bool]:
    """The process the job ran in, and whether Qt is loaded there."""
    return os.getpid(), any(name.startswith("PySide6") for name in sys.modules)


def count(
    n: int, emit: Callable[[Any], None], progress: ProgressCallback, should_stop: StopCallback
) -> int:
    """Hands over 0 … n-1, reporting progress after each; returns n."""
    for i in range(n):
        emit(i)
        progress((i + 1) / n, f"item {i}")
    return n


def until_stopped(progress: ProgressCallback, should_stop: StopCallback) -> int:
    """Runs until asked to stop (at most 30 s); returns its process id."""
    deadline = time.monotonic() + 30
    progress(0.0, "started")
    while not should_stop() and time.monotonic() < deadline:
        time.sleep(0.002)
    return os.getpid()


def deaf(progress: ProgressCallback, should_stop: StopCallback) -> None:
    """Never looks at ``should_stop`` (as a long call into C): sleeps 30 s."""
    progress(0.0, "started")
    time.sleep(30)


def fails(progress: ProgressCallback, should_stop: StopCallback) -> None:
    raise ValueError("row 3 cannot hold 4 4")


def dies(progress: ProgressCallback, should_stop: StopCallback) -> None:
    os._exit(3)


def unpicklable(progress: ProgressCallback, should_stop: StopCallback) -> Any:
    return lambda: None


def rule_count(rule_set: Any, progress: ProgressCallback, should_stop: StopCallback) -> int:
    return len(rule_set.rules)


def budget(
    progress: ProgressCallback, should_stop: StopCallback, memory_budget: int | None = None
) -> int | None:
    """The memory budget the job was given (test_memory_shares.py)."""
    return memory_budget


def refuse_to_load() -> None:
    raise ValueError("this argument cannot be loaded here")


class LoadFails:
    """An argument whose unpickling raises in the worker: its job cannot be read."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (refuse_to_load, ())


def rule_count_after(
    blocker: Any, rule_set: Any, progress: ProgressCallback, should_stop: StopCallback
) -> int:
    return len(rule_set.rules)
