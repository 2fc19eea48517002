"""Test transitions from real puzzles, made the way the paper made its test set (Butler et al.
2017, §7): one random rollout per puzzle — repeatedly pick a line at random among those whose
maximal transition sets a new cell, record (hints, state, maximal deduction), apply it — until the
puzzle is solved or no line can progress.

Used to build a *validation* set from puzzles other than the paper's 17, so that choices in the
learner are judged on different lines from those the published figures are measured on.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from pathlib import Path

from nonostudio.analysis.line_selection.line_game import LineGame
from nonostudio.core.gridstate import Contradiction
from nonostudio.core.linesolver import masks_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.measuring.coverage import Transition


def rollout(puzzle: Puzzle, rng: random.Random) -> list[Transition]:
    """The productive line transitions met on one random line-by-line solve of ``puzzle``.

    Lines are chosen among the productive ones in :class:`LineGame` action order (rows, then
    columns); raises ValueError when a line has no solution."""
    game = LineGame(puzzle)
    board = game.blank()
    out: list[Transition] = []
    while True:
        try:
            moves = {a: m for a in game.open_actions(board) if (m := game.play(board, a)).gained}
        except Contradiction as exc:
            axis, index = exc.args
            raise ValueError(
                f"{puzzle.title or 'puzzle'}: {axis} {index + 1} has no solution"
            ) from None
        if not moves:
            return out
        action = rng.choice(sorted(moves))
        n = game.length(action)
        before = masks_text(n, *game.line_masks(board, action))
        board = moves[action].board
        out.append(
            Transition(
                tuple(game.hints[action]), before, masks_text(n, *game.line_masks(board, action))
            )
        )


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
