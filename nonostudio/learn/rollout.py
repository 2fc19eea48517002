"""Test transitions from real puzzles, made the way the paper made its test set (seed 000 §7):
one random rollout per puzzle — repeatedly pick a line at random among those whose maximal
transition sets a new cell, record (hints, state, maximal deduction), apply it — until the
puzzle is solved or no line can progress.

Used to build a *validation* set from puzzles other than the paper's 17, so that choices in the
learner are judged on different lines from those the published figures are measured on.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from pathlib import Path

from nonostudio.core.linesolver import solve_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.coverage import Transition


def rollout(puzzle: Puzzle, rng: random.Random) -> list[Transition]:
    """The productive line transitions met on one random line-by-line solve of ``puzzle``."""
    height, width = len(puzzle.rows), len(puzzle.cols)
    grid = [["-"] * width for _ in range(height)]

    def text(kind: str, i: int) -> str:
        return "".join(grid[i]) if kind == "r" else "".join(grid[r][i] for r in range(height))

    def put(kind: str, i: int, cells: str) -> None:
        for j, ch in enumerate(cells):
            if kind == "r":
                grid[i][j] = ch
            else:
                grid[j][i] = ch

    lines = [("r", i, puzzle.rows[i]) for i in range(height)]
    lines += [("c", i, puzzle.cols[i]) for i in range(width)]
    out: list[Transition] = []
    dirty = set(range(len(lines)))
    productive: dict[int, str] = {}
    while True:
        for index in dirty:
            kind, i, hints = lines[index]
            before = text(kind, i)
            after = solve_text(hints, before)
            if after is None:
                raise ValueError(f"{puzzle.title or 'puzzle'}: {kind}{i} has no solution")
            if after != before:
                productive[index] = after
            else:
                productive.pop(index, None)
        dirty = set()
        if not productive:
            return out
        index = rng.choice(sorted(productive))
        kind, i, hints = lines[index]
        before, after = text(kind, i), productive.pop(index)
        out.append(Transition(tuple(hints), before, after))
        put(kind, i, after)
        changed = [j for j, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
        other = "c" if kind == "r" else "r"
        base = height if other == "c" else 0
        dirty = {base + j for j in changed}


def rollouts(puzzles: Iterable[Puzzle], seed: int = 0) -> list[Transition]:
    """One rollout per puzzle, from one seeded generator (the same puzzles and seed give the same
    transitions)."""
    rng = random.Random(seed)
    return [t for p in puzzles for t in rollout(p, rng)]


def write_transitions(transitions: Sequence[Transition], path: str | Path, note: str = "") -> None:
    """Write transitions in the test-set format ``{"items": [{"hints", "before", "after"}]}``."""
    items = [{"hints": list(t.hints), "before": t.before, "after": t.after} for t in transitions]
    data = {"note": note, "items": items} if note else {"items": items}
    Path(path).write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
