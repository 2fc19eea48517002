"""Fixtures for the learning tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.learn.store.jobs import JobStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[JobStore]:
    """A job store in this test's temporary folder, closed after the test."""
    with JobStore(tmp_path / "jobs.sqlite3") as s:
        yield s
