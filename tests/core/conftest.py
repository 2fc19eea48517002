"""Fixtures of the core tests: the solver with its small search turned off."""

from __future__ import annotations

import pytest

from nonostudio.core import solver


@pytest.fixture
def no_small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`solver.solve` leaves out its small search (``SMALL_CELLS = 0``): a small puzzle
    line logic leaves undecided goes to the SAT stage, as a big one does."""
    monkeypatch.setattr(solver, "SMALL_CELLS", 0)
