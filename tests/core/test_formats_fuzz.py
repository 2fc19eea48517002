"""Fuzz every reader: random bytes and mutations of real files give a Puzzle or a PuzzleError with
a message of the reader's own (not a wrapped Python exception), never any other exception, and
each input is read within 2 s.

Each reader is fuzzed with its format forced (so it sees every mutant of its own seeds); one more
test lets the content decide. Kept small for CI (60 examples a format); ``bench_fuzz.py`` runs
thousands by hand.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from formats_fuzz_inputs import (
    FORMAT_NAMES,
    OPERATIONS,
    PAYLOADS,
    fallback,
    mutate,
    mutate_inside,
    read_everything,
    seeds,
    timed,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonostudio.core.errors import PuzzleError

TIME_BOUND_S = 2.0

_EDIT = st.tuples(
    st.sampled_from(OPERATIONS),
    st.integers(0, 1 << 20),
    st.integers(0, 1 << 16),
    st.integers(0, len(PAYLOADS) - 1),
)
_SETTINGS = settings(
    max_examples=60,
    deadline=timedelta(seconds=TIME_BOUND_S),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _check(data: bytes, fmt: str | None) -> None:
    (puzzles, errors), seconds = timed(lambda: read_everything(data, fmt))
    assert seconds < TIME_BOUND_S, f"{seconds:.2f} s for {data[:80]!r}"
    for error in errors:
        assert isinstance(error, PuzzleError)
        assert error.message.strip() and str(error).strip()
        assert "Traceback" not in str(error)
        # the readers' last-resort wrapper names a Python exception, not the problem
        assert not fallback(error), str(error)
    assert puzzles or errors


@st.composite
def _mutant(draw: st.DrawFn, fmt: str | None) -> bytes:
    everything = [f for group in seeds().values() for f in group]
    files = everything if fmt is None else seeds()[fmt]
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=600))
    seed = draw(st.sampled_from(files))
    edits = draw(st.lists(_EDIT, min_size=1, max_size=4))
    if fmt == "npz" and draw(st.booleans()):
        return mutate_inside(seed, edits)
    return mutate(seed, edits, draw(st.sampled_from(everything)))


@pytest.mark.parametrize("fmt", FORMAT_NAMES)
def test_every_seed_reads_cleanly(fmt: str) -> None:
    """The unmutated seeds: real files, so mostly puzzles (the fuzzing starts from valid input)."""
    built = 0
    for data in seeds()[fmt]:
        puzzles, errors = read_everything(data, fmt)
        assert all(not fallback(e) for e in errors), errors
        built += len(puzzles)
    assert built > 0


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMAT_NAMES)
def test_reader_fuzz(fmt: str) -> None:
    @_SETTINGS
    @given(_mutant(fmt))
    def run(data: bytes) -> None:
        _check(data, fmt)

    run()


@_SETTINGS
@given(_mutant(None))
def test_detection_fuzz(data: bytes) -> None:
    _check(data, None)
