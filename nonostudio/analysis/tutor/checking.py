"""Checking a drill's answer cell by cell, and the feedback: for a wrong or missing cell the
step's true explanation with its premise (the sentence and premise machinery of
:mod:`nonostudio.analysis.explaining.step_text`); for an unsound move the arrangement that
refutes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nonostudio.analysis.catalogue.techniques import BY_ID, cell_ranges_text
from nonostudio.analysis.explaining.step_text import gather_premises, step_sentence
from nonostudio.analysis.tutor.drills import (
    MARK,
    SOUND,
    WHICH,
    Drill,
    arrangement_with,
    decides,
)
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line, cells_from_text, cells_to_text
from nonostudio.core.linesolver import solve_cells


class AnswerError(ValueError):
    """An answer that cannot be read (its message says why and where)."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.  ``wrong``: positions (0-based) given a value the move does
    not give them (or changed though already decided); ``missing``: positions the move decides
    and the answer left open; ``explanation``: the true step for the first of them, with the
    ``premises`` it states (``{say, claims, cells}``, as a trace step's); ``counterexample``: an
    arrangement refuting an unsound move."""

    correct: bool
    kind: str
    wrong: tuple[int, ...] = ()
    missing: tuple[int, ...] = ()
    explanation: str = ""
    premises: tuple[dict[str, Any], ...] = field(default=())
    counterexample: tuple[int, ...] | None = None
    expected: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "kind": self.kind,
            "wrong": list(self.wrong),
            "missing": list(self.missing),
            "explanation": self.explanation,
            "premises": list(self.premises),
            "counterexample": None
            if self.counterexample is None
            else cells_to_text(self.counterexample),
            "expected": self.expected,
        }


def explain_cells(drill: Drill, want: Sequence[int]) -> tuple[str, tuple[dict[str, Any], ...]]:
    """The technique's move on the drill's line as a step sentence, the premises deciding the
    positions ``want`` first, and the premises it states."""
    line = drill.line
    seen = Line(line.clues, line.cells)
    premises: list[dict[str, Any]] = []
    gather_premises(line.technique, line.axis, seen, seen, 0, 0, False, premises, want)
    text = step_sentence(
        line.technique, line.axis, line.index, line.clues, len(line.cells), premises
    )
    return text.text, tuple(premises)


def read_cells(text: str, size: int) -> tuple[int, ...]:
    """A line answer as ``-Ox`` text (``.``/``#``/``?`` too); AnswerError naming the cell of a
    bad character (it said "column 2", which on a column drill is another line) or the
    length."""
    stripped = text.strip()
    for col, ch in enumerate(stripped, 1):
        if ch not in "-Ox.#?":
            raise AnswerError(f"cell {col}: {ch!r} is no mark (use O filled, x empty, - open)")
    if len(stripped) != size:
        raise AnswerError(f"the line has {size} cells, the answer {len(stripped)}")
    return cells_from_text(stripped)


def check_mark(drill: Drill, answer: Sequence[int]) -> Feedback:
    """Check the cells after the player's marks against the technique's complete move."""
    line = drill.line
    if len(answer) != len(line.cells):
        raise AnswerError(f"the line has {len(line.cells)} cells, the answer {len(answer)}")
    expected = line.expected
    wrong = tuple(
        p
        for p, (was, got, exp) in enumerate(zip(line.cells, answer, expected, strict=True))
        if got != UNKNOWN and got != exp or (was != UNKNOWN and got != was)
    )
    missing = tuple(
        p
        for p, (got, exp) in enumerate(zip(answer, expected, strict=True))
        if got == UNKNOWN and exp != UNKNOWN
    )
    feedback = Feedback(
        not wrong and not missing, MARK, wrong, missing, expected=cells_to_text(expected)
    )
    if feedback.correct:
        return feedback
    decided = [p for p in (*wrong, *missing) if expected[p] != UNKNOWN and line.cells[p] == UNKNOWN]
    text, premises = explain_cells(drill, decided[:1])
    extra = [p for p in wrong if expected[p] == UNKNOWN]
    if extra:
        name = BY_ID[line.technique].name
        cells = "cell" if len(extra) == 1 else "cells"
        text += f" {name} leaves {cells} {cell_ranges_text(extra)} open."
    return Feedback(False, MARK, wrong, missing, text, premises, expected=cells_to_text(expected))


def check_which(drill: Drill, answer: str) -> Feedback:
    """Check the technique named (an id, or the number of a choice): right when it is the
    drill's technique, or decides a cell at a tier no harder (a drill made by
    :func:`~nonostudio.analysis.tutor.drills.make_drill` offers no such other choice)."""
    chosen = answer.strip()
    if chosen.isdigit() and 1 <= int(chosen) <= len(drill.choices):
        chosen = drill.choices[int(chosen) - 1]
    if chosen not in BY_ID:
        raise AnswerError(
            f"{answer.strip()!r} is not a choice (1–{len(drill.choices)} or a technique id)"
        )
    line = drill.line
    picked, easiest = BY_ID[chosen], BY_ID[line.technique]
    picked_decides = decides(chosen, line.clues, line.cells)
    # "easier" is a lower tier: within a tier the catalogue's order says nothing
    right = chosen == line.technique or (picked_decides and picked.tier <= easiest.tier)
    text, premises = explain_cells(drill, ())
    if chosen != line.technique:
        if right:
            lead = (
                f"{picked.name} (tier {picked.tier}) decides a cell here, as "
                f"{easiest.name} (tier {easiest.tier}) does. "
            )
        elif picked_decides:
            lead = (
                f"{picked.name} decides a cell here too, but {easiest.name} is easier "
                f"(tier {easiest.tier}; {picked.name} is tier {picked.tier}). "
            )
        else:
            lead = f"{picked.name} decides no cell on this line. "
        text = lead + text
    return Feedback(right, WHICH, explanation=text, premises=premises, expected=line.technique)


def check_sound(drill: Drill, answer: bool) -> Feedback:
    """Check a yes/no on a candidate move; an unsound one comes with its refutation."""
    line = drill.line
    assert drill.candidate is not None
    exact = solve_cells(tuple(c for c in line.clues if c > 0), line.cells)
    bad = [
        p
        for p, (was, cand) in enumerate(zip(line.cells, drill.candidate, strict=True))
        if was == UNKNOWN and cand != UNKNOWN and (exact is None or exact[p] != cand)
    ]
    sound = not bad
    right = answer == sound
    if sound:
        text, premises = explain_cells(drill, ())
        return Feedback(
            right,
            SOUND,
            explanation="The move is sound. " + text,
            premises=premises,
            expected="sound",
        )
    p = bad[0]
    other = FILLED if drill.candidate[p] == CROSSED else CROSSED
    counter = arrangement_with(line.clues, line.cells, p, other)
    was = "filled" if drill.candidate[p] == FILLED else "empty"
    text = (
        f"The move is unsound: it makes cell {p + 1} {was}, but the clue fits this line as "
        f"{cells_to_text(counter) if counter else '?'} with cell {p + 1} "
        f"{'filled' if other == FILLED else 'empty'}."
    )
    return Feedback(
        right, SOUND, wrong=(p,), explanation=text, counterexample=counter, expected="unsound"
    )
