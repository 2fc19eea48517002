"""A step's words on a line written as text, every claim checked by brute force.

The word tests write a line as text ('.' undecided, 'x' crossed, '#' filled) and ask for the
sentence and premises a technique's move gets on it; :func:`checked_words` checks each premise's
claims against every arrangement of the clue and its inference with
:mod:`sentence_checker`, which shares no code with the analysis layer, and the short reasons'
words ("the second-last block, …, every cell after it decided", "…, walled in, …") against the
line itself, before a test looks at the words.
"""

from __future__ import annotations

import random
from typing import Any

from sentence_checker import arrangements, check_claim, check_inference, check_short_words

from nonostudio.analysis.explaining.step_text import explain_move
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, clue_of, runs

CELL = {".": UNKNOWN, "x": CROSSED, "#": FILLED}


def random_solution(rng: random.Random, low: int, high: int) -> tuple[list[bool], list[int]]:
    """A random line of ``low``..``high`` cells, each filled with a chance of 0.55, and its clue
    (the random-lines tests' lines)."""
    solution = [rng.random() < 0.55 for _ in range(rng.randint(low, high))]
    return solution, list(clue_of(FILLED if v else CROSSED for v in solution))


def blocks(cells: list[int]) -> list[tuple[int, int]]:
    """The blocks of filled cells of ``cells`` as ``(start, end)``, end exclusive, in order."""
    return [(start, start + size) for start, size in runs(cells, frozenset({FILLED}))]


def line_cells(text: str) -> list[int]:
    """The cells of a line written as text ('.', 'x', '#')."""
    return [CELL[c] for c in text]


def checked_words(
    technique: str,
    axis: str,
    index: int,
    hints: tuple[int, ...],
    line: str,
    *,
    later_rounds: bool = True,
) -> tuple[str, list[dict[str, Any]]]:
    """The sentence and premises of ``technique``'s move on ``line``, each premise's claims
    true of every arrangement and its inference passed by the checker.  Without
    ``later_rounds``, only the premises of the first round are checked (later ones rest on the
    cells the first decided, not on the line as given)."""
    cells = line_cells(line)
    explanation, premises = explain_move(technique, axis, index, hints, cells)
    arr = arrangements(hints, cells)
    for premise in premises:
        if not later_rounds and premise.get("round", 0):
            break
        for claim in premise["claims"]:
            assert check_claim(claim, hints, cells, arr) is None, claim
        assert check_inference(premise, hints, len(cells)) is None, premise
    states = [cells]  # the line as each round of premises but the last found it
    for r in sorted({p.get("round", 0) for p in premises})[:-1]:
        states.append(list(states[-1]))
        for premise in premises:
            if premise.get("round", 0) == r:
                for p, v in premise["cells"]:
                    states[-1][p] = v
    wrong = check_short_words(explanation.text, hints, states)
    assert wrong == [], wrong
    return explanation.text, premises
