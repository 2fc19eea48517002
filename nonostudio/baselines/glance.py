"""What a quick glance suggests: the shipped network's guess at a square puzzle's picture, told
beside the logical solution, for the Solve view.  The network reads the clues and guesses every
cell at once, with no reasoning; how many cells it gets wrong shows what logic adds.  Offered
only where the baselines extra is installed (:func:`available`) and a network ships for the
puzzle's size.
"""

from __future__ import annotations

import functools
import importlib.util
from dataclasses import dataclass

import numpy as np

from nonostudio.baselines.network import Network
from nonostudio.baselines.recipes import SHIPPED, shipped_network
from nonostudio.core.line import FILLED
from nonostudio.core.puzzle import Puzzle


def available() -> bool:
    """Whether the baselines extra (scikit-learn) is installed: the glance is offered only then."""
    return importlib.util.find_spec("sklearn") is not None


@functools.cache
def _network(n: int) -> Network | None:
    return shipped_network(n)


@dataclass(frozen=True)
class Glance:
    """The network's guess (``filled``, bool ``(n, n)``), the cells where it differs from the
    solution (``wrong``, bool, or None when no solution is known) and how many rows and columns
    of the guess break their clues."""

    filled: np.ndarray
    wrong: np.ndarray | None
    wrong_lines: int

    @property
    def wrong_cells(self) -> int | None:
        return None if self.wrong is None else int(self.wrong.sum())


def quick_glance(puzzle: Puzzle, solution: np.ndarray | None) -> Glance | None:
    """The shipped network's guess at ``puzzle`` beside ``solution`` (FILLED where filled); None
    when the puzzle is not square or no network ships for its size."""
    n = puzzle.height
    if puzzle.width != n or n not in SHIPPED:
        return None
    net = _network(n)
    if net is None:
        return None
    guess = net.guess(puzzle.rows, puzzle.cols)
    filled = np.asarray(guess.board, dtype=bool)
    wrong = None
    if solution is not None and np.shape(solution) == filled.shape:
        wrong = filled != (np.asarray(solution) == FILLED)
    return Glance(filled, wrong, guess.wrong_lines)


def glance_text(glance: Glance) -> str:
    """One sentence on the guess, true of it: the cells wrong against the solution (when known)
    and the lines whose clues it breaks."""
    lines = glance.wrong_lines
    broken = (
        "it keeps every clue"
        if lines == 0
        else f"{lines} {'line breaks its clue' if lines == 1 else 'lines break their clues'}"
    )
    cells = glance.wrong_cells
    if cells is None:
        return f"What a quick glance suggests (a neural network, no logic): {broken}."
    told = "no cell wrong" if cells == 0 else f"{cells} cell{'s' if cells != 1 else ''} wrong"
    return (
        f"What a quick glance suggests (a neural network, no logic): {told} against the "
        f"solution; {broken}."
    )
