"""SARSA line selection (Dandurand, Cousineau & Shultz 2012): learn which line to solve next.

A learner that sees only the chosen line chooses lines by Q values, kept in a lookup table or a
small numpy network, and is tested greedily; the paper's setup and how this one differs are in
docs/design/analysis.md, "SARSA".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from nonostudio.analysis.line_selection.line_game import Board, LineGame
from nonostudio.analysis.line_selection.strategies import CEILING, Episode

ALPHA = 0.9  # learning rate (paper)
GAMMA = 0.9  # discount factor (paper)
LOOKUP_INIT = 0.05  # initial Q of unseen lookup-table entries (paper)
TEMPERATURE = 0.1  # softmax temperature while learning (not given by the paper)
SCORE_THRESHOLD = 0.025  # network training stops when every output is this close (paper)
EPOCHS = 200  # most epochs per training batch (paper's phase length)


@dataclass(frozen=True)
class Shape:
    """The puzzle size an agent plays: it fixes the length of the encoding."""

    height: int
    width: int

    @property
    def max_blocks(self) -> int:
        return (max(self.height, self.width) + 1) // 2

    @property
    def inputs(self) -> int:
        return self.max_blocks + 2 * max(self.height, self.width) + self.height + self.width


def encode(game: LineGame, board: Board, action: int, shape: Shape) -> np.ndarray:
    """The paper's state-action vector: block values, 2 bits per cell (10 filled, 01 empty, 00
    unknown), then a one-hot action (rows then columns)."""
    if (game.height, game.width) != (shape.height, shape.width):
        raise ValueError(
            f"the agent plays {shape.width}x{shape.height} puzzles, not {game.puzzle.size_text}"
        )
    longest = max(shape.height, shape.width)
    out = np.zeros(shape.inputs)
    length = game.length(action)
    hints = game.hints[action]
    out[: len(hints)] = np.asarray(hints, dtype=float) / length
    filled, crossed = game.line_masks(board, action)
    base = shape.max_blocks
    for i in range(length):
        out[base + 2 * i] = (filled >> i) & 1
        out[base + 2 * i + 1] = (crossed >> i) & 1
    out[base + 2 * longest + action] = 1.0
    return out


class QFunction(Protocol):
    """Q values of (line state, action) pairs."""

    def values(self, game: LineGame, board: Board, actions: list[int]) -> np.ndarray: ...

    def update(self, game: LineGame, board: Board, action: int, target: float) -> None: ...

    def end_episode(self) -> None: ...


class LookupTable:
    """One stored Q per distinct (clue, line cells, action); unseen pairs are worth 0.05."""

    def __init__(self, init: float = LOOKUP_INIT) -> None:
        self.init = init
        self.table: dict[tuple, float] = {}

    @staticmethod
    def _key(game: LineGame, board: Board, action: int) -> tuple:
        return game.hints[action], game.line_masks(board, action), action

    def values(self, game: LineGame, board: Board, actions: list[int]) -> np.ndarray:
        return np.array([self.table.get(self._key(game, board, a), self.init) for a in actions])

    def update(self, game: LineGame, board: Board, action: int, target: float) -> None:
        self.table[self._key(game, board, action)] = target

    def end_episode(self) -> None:
        pass


class NetworkQ:
    """A tanh network mapping the encoding to Q, trained in batches from a cache of targets."""

    def __init__(
        self,
        shape: Shape,
        rng: np.random.Generator,
        hidden: int = 16,
        learning_rate: float = 0.01,
        train_every: int = 10,
        cache_size: int = 500,
        epochs: int = EPOCHS,
    ) -> None:
        self.shape = shape
        self.w1 = rng.normal(0.0, 1.0 / np.sqrt(shape.inputs), (shape.inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), hidden)
        self.b2 = 0.0
        self.learning_rate = learning_rate
        self.train_every = train_every
        self.cache_size = cache_size
        self.epochs = epochs
        self.cache: dict[bytes, tuple[np.ndarray, float]] = {}
        self._pending = 0
        self._adam = [np.zeros_like(p) for p in self._params()] + [
            np.zeros_like(p) for p in self._params()
        ]
        self._t = 0

    def _params(self) -> list:
        return [self.w1, self.b1, self.w2, np.asarray(self.b2)]

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Q for each row of encodings ``x``."""
        return np.tanh(x @ self.w1 + self.b1) @ self.w2 + self.b2

    def values(self, game: LineGame, board: Board, actions: list[int]) -> np.ndarray:
        x = np.stack([encode(game, board, a, self.shape) for a in actions])
        return self.predict(x)

    def update(self, game: LineGame, board: Board, action: int, target: float) -> None:
        x = encode(game, board, action, self.shape)
        key = x.tobytes()
        self.cache.pop(key, None)
        self.cache[key] = (x, target)
        if len(self.cache) > self.cache_size:
            del self.cache[next(iter(self.cache))]
        self._pending += 1
        if self._pending >= self.train_every:
            self.train()

    def end_episode(self) -> None:
        if self._pending:
            self.train()

    def train(self) -> None:
        """Fit the cache: Adam on the mean squared error until every output is within the score
        threshold of its target, or ``epochs`` passes."""
        self._pending = 0
        x = np.stack([p[0] for p in self.cache.values()])
        y = np.array([p[1] for p in self.cache.values()])
        m, v = self._adam[:4], self._adam[4:]
        b1, b2, eps = 0.9, 0.999, 1e-8
        for _ in range(self.epochs):
            h = np.tanh(x @ self.w1 + self.b1)
            err = h @ self.w2 + self.b2 - y
            if np.abs(err).max() < SCORE_THRESHOLD:
                break
            g_out = 2.0 * err / len(y)
            g_h = np.outer(g_out, self.w2) * (1.0 - h * h)
            grads = [x.T @ g_h, g_h.sum(axis=0), h.T @ g_out, np.asarray(g_out.sum())]
            self._t += 1
            steps = []
            for i, g in enumerate(grads):
                m[i] = b1 * m[i] + (1 - b1) * g
                v[i] = b2 * v[i] + (1 - b2) * g * g
                m_hat = m[i] / (1 - b1**self._t)
                v_hat = v[i] / (1 - b2**self._t)
                steps.append(self.learning_rate * m_hat / (np.sqrt(v_hat) + eps))
            self.w1 -= steps[0]
            self.b1 -= steps[1]
            self.w2 -= steps[2]
            self.b2 = float(self.b2 - steps[3])
        self._adam = m + v


class SarsaAgent:
    """SARSA over line choices; also a
    :class:`~nonostudio.analysis.line_selection.strategies.Strategy` (hardmax)."""

    name = "sarsa"

    def __init__(
        self,
        q: QFunction,
        rng: np.random.Generator,
        alpha: float = ALPHA,
        gamma: float = GAMMA,
        temperature: float = TEMPERATURE,
    ) -> None:
        self.q = q
        self.rng = rng
        self.alpha = alpha
        self.gamma = gamma
        self.temperature = temperature

    def _softmax(self, q: np.ndarray) -> int:
        z = (q - q.max()) / self.temperature
        p = np.exp(z)
        return int(self.rng.choice(len(q), p=p / p.sum()))

    def learn_episode(self, game: LineGame, ceiling: int = CEILING) -> Episode:
        """One learning episode from the blank board with softmax exploration."""
        board = game.blank()
        episode = Episode()
        actions = game.open_actions(board)
        q = self.q.values(game, board, actions)
        pick = self._softmax(q)
        while episode.steps < ceiling:
            action = actions[pick]
            episode.actions.append(action)
            move = game.play(board, action)
            q_sa = float(q[pick])
            if game.is_solved(move.board):
                episode.solved = True
                self.q.update(game, board, action, q_sa + self.alpha * (move.reward - q_sa))
                break
            next_actions = game.open_actions(move.board)
            next_q = self.q.values(game, move.board, next_actions)
            next_pick = self._softmax(next_q)
            target = move.reward + self.gamma * float(next_q[next_pick])
            self.q.update(game, board, action, q_sa + self.alpha * (target - q_sa))
            board, actions, q, pick = move.board, next_actions, next_q, next_pick
        self.q.end_episode()
        return episode

    def start(self, game: LineGame, rng: np.random.Generator) -> None:
        pass

    def choose(self, game: LineGame, board: Board) -> int:
        """Hardmax: the open line with the largest Q (first in action order on ties)."""
        actions = game.open_actions(board)
        return actions[int(np.argmax(self.q.values(game, board, actions)))]
