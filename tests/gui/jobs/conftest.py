"""The job store the Jobs panel tests work on: a fresh one in the test's folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.learn.store.jobs import JobStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[JobStore]:
    with JobStore(tmp_path / "jobs.sqlite3") as s:
        yield s
