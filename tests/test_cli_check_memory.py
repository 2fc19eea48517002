"""check and solve on a puzzle too large for the SAT stage's memory budget: the verdict is
undecided and the command line says why (the budget is made tiny here, on a small puzzle)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from nonostudio.console import main
from nonostudio.core import satsolver
from nonostudio.core.formats import write_text
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine whose memory budget is 10,000 bytes (and no floor)."""
    monkeypatch.setattr(satsolver, "MEMORY_FLOOR", 0)
    monkeypatch.setattr(satsolver, "default_memory_budget", lambda: 10_000)


@pytest.fixture
def puzzle_file(tmp_path):
    rng = np.random.default_rng(7)  # line logic leaves 358 of its 400 cells to the SAT stage
    picture = np.where(rng.random((20, 20)) < 0.5, FILLED, CROSSED).astype(np.int8)
    path = tmp_path / "random.non"
    path.write_text(write_text(Puzzle.from_grid(picture).without_goal(), "non"))
    return path


REASON = "too large for the complete solver: about "


def test_check_says_why_a_puzzle_too_large_is_undecided(small_budget, puzzle_file, capsys):
    assert main(["check", str(puzzle_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "undecided" in lines[1]
    said = [line for line in lines if line.startswith(f"{puzzle_file}: {REASON}")]
    assert len(said) == 1, lines
    assert "against a memory budget of 10,000 bytes" in said[0]
    assert said[0].endswith("; line logic decided 42 of 400 cells")
    assert main(["check", str(puzzle_file), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["verdict"] == "undecided" and row["reason"] == said[0].split(": ", 1)[1]


def test_solve_says_why_a_puzzle_too_large_is_undecided(small_budget, puzzle_file, capsys):
    assert main(["solve", str(puzzle_file)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].startswith(REASON) and lines[-1].startswith("20x20: undecided in ")
    assert "time limit" not in lines[-1]
    assert main(["solve", str(puzzle_file), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["reason"] == lines[-2] and data["timed_out"] is False


def test_check_and_solve_of_a_puzzle_that_fits_say_no_reason(puzzle_file, capsys):
    assert main(["check", str(puzzle_file), "--no-typos"]) == 0
    out = capsys.readouterr().out
    assert "multiple" in out and REASON not in out
    assert main(["solve", str(puzzle_file), "--json", "--no-typos"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["reason"] == ""
