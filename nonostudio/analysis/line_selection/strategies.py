"""Line-selection strategies of Dandurand, Cousineau & Shultz (2012) and "which line next?".

Each step chooses one line and applies the exact line solver to it (:mod:`line_game`); the
strategies are random, heuristic, greedy and optimal (docs/design/analysis.md, "Strategies").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from nonostudio.analysis.line_selection.line_game import Board, LineGame, LineRef
from nonostudio.core.gridstate import Contradiction
from nonostudio.core.puzzle import Puzzle, min_length

CEILING = 25  # the paper's step limit per episode
OPTIMAL_STATES = 200_000  # boards the breadth-first search may visit before giving up
NEXT_LINE_CELLS = 100  # "which line next?" tries the optimal search up to 10x10 puzzles...
NEXT_LINE_STATES = 3_000  # ...and this many boards (a fraction of a second), else greedy


class StateLimit(Exception):
    """The breadth-first search visited more boards than its cap."""


class Strategy(Protocol):
    """Chooses the next line; ``start`` is called before each episode."""

    name: str

    def start(self, game: LineGame, rng: np.random.Generator) -> None: ...

    def choose(self, game: LineGame, board: Board) -> int: ...


@dataclass
class Episode:
    """One run of a strategy on a puzzle: lines chosen, steps taken, whether it was solved."""

    actions: list[int] = field(default_factory=list)
    solved: bool = False

    @property
    def steps(self) -> int:
        return len(self.actions)


class RandomStrategy:
    """Any line with an unknown cell, uniformly, with replacement."""

    name = "random"

    def __init__(self) -> None:
        self._rng = np.random.default_rng(0)

    def start(self, game: LineGame, rng: np.random.Generator) -> None:
        self._rng = rng

    def choose(self, game: LineGame, board: Board) -> int:
        candidates = game.open_actions(board)
        return int(candidates[self._rng.integers(len(candidates))])


def heuristic_order(game: LineGame) -> list[int]:
    """The heuristic's order: empty or full clues first, then by largest block (stable)."""

    def key(action: int) -> tuple[int, int]:
        hints = game.hints[action]
        obvious = not hints or min_length(hints) == game.length(action)
        return (0 if obvious else 1, -max(hints, default=0))

    return sorted(range(game.actions), key=key)


class HeuristicStrategy:
    """The players' advice, in rounds without replacement; blind to the board's contents."""

    name = "heuristic"

    def __init__(self) -> None:
        self._order: list[int] = []
        self._round: list[int] = []

    def start(self, game: LineGame, rng: np.random.Generator) -> None:
        self._order = heuristic_order(game)
        self._round = []

    def choose(self, game: LineGame, board: Board) -> int:
        for _ in range(2):
            while self._round:
                action = self._round.pop(0)
                if game.is_open(board, action):
                    return action
            self._round = list(self._order)
        raise ValueError("the board is solved: no line left to choose")


def greedy_action(game: LineGame, board: Board) -> int:
    """The open line that decides the most cells now (first in action order on ties)."""
    candidates = game.open_actions(board)
    if not candidates:
        raise ValueError("the board is solved: no line left to choose")
    gains = [game.gain(board, a) for a in candidates]
    return candidates[int(np.argmax(gains))]


class GreedyStrategy:
    """The line that decides the most cells now."""

    name = "greedy"

    def start(self, game: LineGame, rng: np.random.Generator) -> None:
        pass

    def choose(self, game: LineGame, board: Board) -> int:
        return greedy_action(game, board)


def optimal_plan(
    game: LineGame, board: Board | None = None, max_states: int = OPTIMAL_STATES
) -> list[int] | None:
    """A shortest list of lines that solves the board (blank by default) by line steps.

    Breadth-first over boards; only steps that decide a cell are expanded (a step that decides
    nothing cannot shorten a solution).  None when line steps cannot solve the board; raises
    :class:`StateLimit` after ``max_states`` boards.
    """
    start = game.blank() if board is None else board
    if game.is_solved(start):
        return []
    parent: dict[Board, tuple[Board, int] | None] = {start: None}
    frontier = [start]
    while frontier:
        following: list[Board] = []
        for current in frontier:
            for action in game.open_actions(current):
                try:
                    move = game.play(current, action)
                except Contradiction:
                    continue
                if not move.gained or move.board in parent:
                    continue
                parent[move.board] = (current, action)
                if game.is_solved(move.board):
                    return _path_to(parent, move.board)
                if len(parent) > max_states:
                    raise StateLimit(f"more than {max_states} boards")
                following.append(move.board)
        frontier = following
    return None


def _path_to(parent: dict[Board, tuple[Board, int] | None], board: Board) -> list[int]:
    path: list[int] = []
    link = parent[board]
    while link is not None:
        board, action = link
        path.append(action)
        link = parent[board]
    return path[::-1]


def optimal_steps(game: LineGame, max_states: int = OPTIMAL_STATES) -> int | None:
    """Fewest line steps that solve the puzzle from the blank board (None: not line-solvable)."""
    plan = optimal_plan(game, max_states=max_states)
    return None if plan is None else len(plan)


class OptimalStrategy:
    """Follows a shortest plan found by breadth-first search; greedy where no plan exists."""

    name = "optimal"

    def __init__(self, max_states: int = OPTIMAL_STATES) -> None:
        self.max_states = max_states
        self._next: dict[Board, int] = {}

    def start(self, game: LineGame, rng: np.random.Generator) -> None:
        self._next = {}

    def choose(self, game: LineGame, board: Board) -> int:
        if board not in self._next:
            plan = optimal_plan(game, board, self.max_states)
            if not plan:
                return greedy_action(game, board)
            current = board
            for action in plan:
                self._next[current] = action
                current = game.play(current, action).board
        return self._next[board]


STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "random": RandomStrategy,
    "heuristic": HeuristicStrategy,
    "greedy": GreedyStrategy,
    "optimal": OptimalStrategy,
}


def make_strategy(name: str) -> Strategy:
    """A fresh strategy by name (``random``, ``heuristic``, ``greedy``, ``optimal``)."""
    try:
        return STRATEGIES[name]()
    except KeyError:
        raise ValueError(
            f"unknown strategy {name!r} (expected one of: {', '.join(STRATEGIES)})"
        ) from None


def run_episode(
    game: LineGame,
    strategy: Strategy,
    rng: np.random.Generator | None = None,
    ceiling: int = CEILING,
    board: Board | None = None,
) -> Episode:
    """Let ``strategy`` choose lines from ``board`` (blank) until solved or ``ceiling`` steps."""
    board = game.blank() if board is None else board
    strategy.start(game, np.random.default_rng(0) if rng is None else rng)
    episode = Episode(solved=game.is_solved(board))
    while not episode.solved and episode.steps < ceiling:
        action = strategy.choose(game, board)
        episode.actions.append(action)
        board = game.play(board, action).board
        episode.solved = game.is_solved(board)
    return episode


def clashing_line(puzzle: Puzzle, grid: np.ndarray) -> LineRef | None:
    """The first line (rows first) whose cells on ``grid`` match no placement of its clue, as
    ``("row", r)`` or ``("column", c)``, zero-based; None when every line can still match.  True
    of the cells whichever picture is meant (a puzzle of several pictures included)."""
    from nonostudio.core.linesolver import solve_cells

    for axis, clues, lines in (("row", puzzle.rows, grid), ("column", puzzle.cols, grid.T)):
        for index, clue in enumerate(clues):
            if solve_cells(clue, [int(c) for c in lines[index]]) is None:
                return axis, index
    return None


def next_line(puzzle: Puzzle, grid: np.ndarray, strategy: str = "best") -> LineRef | None:
    """The line to look at next on ``grid``: ``("row", r)`` or ``("column", c)``, zero-based.

    ``strategy`` is ``best`` (optimal on puzzles up to :data:`NEXT_LINE_CELLS` cells when the search
    stays under :data:`NEXT_LINE_STATES` boards, else greedy), ``optimal``, ``greedy`` or
    ``heuristic`` (its first round, on the grid as it is).  Only lines that decide a cell are
    suggested; None when no line does (the grid is solved, stuck for line logic, or a line
    contradicts its clue).
    """
    game = LineGame(puzzle)
    board = game.board_from_grid(grid)
    productive = [a for a in game.open_actions(board) if game.gain(board, a)]
    if not productive:
        return None
    if strategy in ("best", "optimal"):
        small = strategy == "optimal" or puzzle.width * puzzle.height <= NEXT_LINE_CELLS
        if small:
            cap = OPTIMAL_STATES if strategy == "optimal" else NEXT_LINE_STATES
            try:
                plan = optimal_plan(game, board, cap)
            except StateLimit:
                plan = None
            if plan:
                return game.refs[plan[0]]
        action = greedy_action(game, board)
    elif strategy == "greedy":
        action = greedy_action(game, board)
    elif strategy == "heuristic":
        action = next(a for a in heuristic_order(game) if a in productive)
    else:
        raise ValueError(
            f"unknown strategy {strategy!r} (expected best, optimal, greedy or heuristic)"
        )
    return game.refs[action]
