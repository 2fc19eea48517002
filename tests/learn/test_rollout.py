"""Rollouts: the paper's way of making test transitions from whole puzzles."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nonostudio.core.linesolver import solve_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.learn.mining.rollout import rollout, rollouts, write_transitions
from nonostudio.rules.measuring.coverage import load_transitions

PICTURE = ("OOxxx", "xOOxx", "xxOOO", "xxxOx", "OxxOO")  # line logic solves it


def _runs(cells: str) -> tuple[int, ...]:
    return tuple(len(x) for x in cells.split("x") if x)


ROWS = tuple(_runs(r) for r in PICTURE)
COLS = tuple(_runs("".join(r[c] for r in PICTURE)) for c in range(5))
LINES = [(ROWS[i], PICTURE[i]) for i in range(5)] + [
    (COLS[c], "".join(r[c] for r in PICTURE)) for c in range(5)
]


def test_every_step_is_a_productive_maximal_transition_and_the_rollout_solves_the_puzzle() -> None:
    steps = rollout(Puzzle(ROWS, COLS), random.Random(3))
    assert steps
    for t in steps:
        assert t.before != t.after
        assert solve_text(t.hints, t.before) == t.after
        # Each step is the state of some row or column of the (unique) picture.
        assert any(
            t.hints == hints and all(a in "-" + p for a, p in zip(t.after, cells, strict=True))
            for hints, cells in LINES
        )
    # Each transition sets only unknown cells, so 25 cells set means the picture is complete.
    assert sum(sum(b != a for b, a in zip(t.before, t.after, strict=True)) for t in steps) == 25


def test_the_same_seed_gives_the_same_transitions_and_another_usually_differs() -> None:
    puzzle = Puzzle(ROWS, COLS)
    assert rollouts([puzzle], seed=5) == rollouts([puzzle], seed=5)
    assert len({tuple(rollouts([puzzle], seed=s)) for s in range(6)}) > 1


def test_a_contradictory_puzzle_is_reported() -> None:
    # Row and column totals agree, but column 0 needs rows 0-1 or 1-2 and row 1 is empty.
    puzzle = Puzzle(((3,), (), (1,)), ((2,), (1,), (1,)))
    with pytest.raises(ValueError, match="no solution"):
        rollout(puzzle, random.Random(0))


def test_written_transitions_read_back(tmp_path: Path) -> None:
    steps = rollouts([Puzzle(ROWS, COLS)], seed=1)
    path = tmp_path / "set.json"
    write_transitions(steps, path, note="five by five")
    assert load_transitions(path) == steps
