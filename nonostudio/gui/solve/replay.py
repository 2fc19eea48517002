"""The summary of a solving trace the Solve view shows over its steps: how many steps, by rules
and beyond them, the techniques used and where the rules first get stuck (a link to that step);
and what it says instead of a trace when the puzzle has no solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.narrate import rules_used
from nonostudio.analysis.tracing.steps import Trace
from nonostudio.analysis.typos import broken_line
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import duration

MISTYPED = "A mistyped clue is the usual cause: compare the clues with the puzzle's source."


@dataclass(frozen=True)
class NoSolution:
    """A puzzle with no solution, in words, and the line that cannot hold its clue (``axis``,
    0-based ``index``; ``""``, -1 when no one line is to blame)."""

    text: str
    axis: str = ""
    index: int = -1


def _line_of(puzzle: Puzzle, error: InconsistentPuzzleError) -> tuple[str, int, str] | None:
    """The line ``error`` names (axis, 0-based index) and its clue's numbers, if it names one."""
    axis, _, number = (error.clue or "").partition(" ")
    if axis in ("row", "column") and number.isdigit():
        index = int(number) - 1
        clues = puzzle.rows if axis == "row" else puzzle.cols
        if 0 <= index < len(clues):
            return axis, index, " ".join(str(n) for n in clues[index]) or "0"
    return None


def no_solution(puzzle: Puzzle, error: InconsistentPuzzleError) -> NoSolution:
    """What to say of ``puzzle`` when tracing it found no solution (``error``): where line logic
    breaks (:func:`~nonostudio.analysis.typos.broken_line`: "row 2 cannot hold 3 1 once columns
    1–4 are placed"), else the line the error names."""
    broken = broken_line(puzzle)
    if broken is not None:
        return NoSolution(f"No solution: {broken.text()}. {MISTYPED}", broken.axis, broken.index)
    line = _line_of(puzzle, error)
    if line is not None:
        axis, index, clue = line
        return NoSolution(
            f"No solution: {axis} {index + 1} cannot hold its clue {clue} once the cells the "
            f"clues force are placed. {MISTYPED}",
            axis,
            index,
        )
    return NoSolution(f"No solution: no picture fits every clue. {MISTYPED}")


def summary_text(trace: Trace, titles: dict[str, str]) -> str:
    """The trace in a few lines of rich text: steps, rules used and how often, fallbacks."""
    s = trace.summary()
    fallbacks = sum(s.fallback_steps.values())
    state = "Solved" if trace.solved else ("Interrupted" if trace.interrupted else "Not solved")
    lines = [
        f"<b>{state}</b> in {s.steps} steps: {s.rule_steps} by rules, {fallbacks} beyond them."
    ]
    if s.techniques:
        used = ", ".join(
            f"{BY_ID[t].name} ×{k}" if t in BY_ID else f"{t} ×{k}" for t, k in s.techniques.items()
        )
        lines.append(f"Techniques, easiest first: {used}.")
        if s.uses:
            lines.append(f"{len(s.uses)} rules of the set were used.")
    elif s.uses:
        lines.append(f"Rules used: {rules_used(s.uses, titles)}.")
    if fallbacks:
        kinds = ", ".join(f"{kind} ×{k}" for kind, k in s.fallback_steps.items() if k)
        first = trace.first_fallback()
        assert first is not None
        lines.append(
            f"<span style='color:#e65a1e'><b>Fallbacks:</b> {kinds}; the rules first get stuck "
            f"at <a href='step:{first + 1}'>step {first + 1}</a>.</span>"
        )
    return "<br>".join(lines)


def stopped_words(trace: Trace, time_limit: float) -> str:
    """What ended a trace cut short (``trace.interrupted``): the time limit, or the reason the
    complete solver gave up on its own (a puzzle too large for memory stopped in a second; the
    time limit was not the reason)."""
    reason = trace.stop_reason
    if reason:
        return f"The complete solver stopped: {reason}."
    return f"Stopped at the time limit of {duration(time_limit)}."


def before_first_step(steps: int, interrupted: bool, time_limit: float, reason: str = "") -> str:
    """What the status line says before the first step of a trace of ``steps`` steps, one that
    the time limit (``interrupted``) cut short or not, or the complete solver's ``reason`` to
    give up (:attr:`Trace.stop_reason`): a trace cut before its first step has no step to show
    (it said 'Before the first of 0 steps: Next ▶ (Right) shows them one by one.' on a
    1000x1000 puzzle)."""
    within = f"within the time limit of {duration(time_limit)}"
    if interrupted and reason:
        within = f"before the complete solver stopped ({reason})"
    if steps == 0:
        if interrupted:
            return (
                f"No step was worked out {within}: this puzzle is too big to show step by "
                "step. Solve by hand (Ctrl+H) still works."
            )
        return "No step to show: nothing in this puzzle is left to decide."
    plural = "s" if steps != 1 else ""
    if interrupted:
        return (
            f"Before the first of {steps} step{plural} worked out {within} (the rest "
            "were not): Next ▶ (Right) shows them one by one."
        )
    return f"Before the first of {steps} step{plural}: Next ▶ (Right) shows them one by one."


def grid_contradiction(puzzle: Puzzle, error: InconsistentPuzzleError) -> str:
    """Why no step follows from a player's grid that breaks a line (``error``) when the puzzle
    itself is not known to have no solution."""
    line = _line_of(puzzle, error)
    where = "a line" if line is None else f"{line[0]} {line[1] + 1}"
    clue = "its clue" if line is None else f"its clue {line[2]}"
    return (
        f"{where} cannot hold {clue} with the cells decided so far: one of them is wrong, or the "
        "puzzle has no solution."
    )
