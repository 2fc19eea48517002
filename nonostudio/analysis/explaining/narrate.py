"""A solving trace in English: one sentence per step and a summary, for the CLI and the GUI.

A step of a complete-move trace (the default) carries its own sentence (``Step.text``: the
technique and its instance, :mod:`nonostudio.analysis.explaining.step_text`).  Steps without one
(traces made with ``complete_moves=False`` or read from an older JSON file) are explained from
the rule: a rule step on the line the rule saw (the oracle's sub-line, read in the rule's direction)
with :func:`nonostudio.rules.words.explain.explain_fill`.  Cell and line numbers are 1-based, as
players count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import player_parts
from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.naming import direction_name, line_name
from nonostudio.analysis.tracing.steps import LINE, PROBE, RULE, SEARCH, Step, Trace
from nonostudio.core.line import FILLED, UNKNOWN, Line
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.interpreter import Element
from nonostudio.rules.measuring.oracle import decompose
from nonostudio.rules.words.explain import explain_fill, fill_range


def positions_text(positions: Sequence[int]) -> str:
    """0-based positions as 1-based runs: ``[3, 4, 5, 6, 8]`` → ``"cells 4–7, 9"``."""
    ps = sorted(positions)
    parts: list[str] = []
    i = 0
    while i < len(ps):
        j = i
        while j + 1 < len(ps) and ps[j + 1] == ps[j] + 1:
            j += 1
        parts.append(f"{ps[i] + 1}" if i == j else f"{ps[i] + 1}–{ps[j] + 1}")
        i = j + 1
    noun = "cell" if len(ps) == 1 else "cells"
    return f"{noun} {', '.join(parts)}"


def _along(step: Step) -> int:
    """Which coordinate of a step's ``(row, column, value)`` cells runs along its line."""
    return 1 if step.axis == "row" else 0


def step_effect(
    step: Step,
    cells: Callable[[Sequence[int]], str] = positions_text,
    verbs: tuple[str, str] = ("fills", "crosses out"),
) -> str:
    """``fills cells 4–7 and crosses out cell 9`` along the step's line (``cells`` names the
    positions, ``verbs`` are the words for filling and crossing out)."""
    along = _along(step)
    filled = [cell[along] for cell in step.cells if cell[2] == FILLED]
    crossed = [cell[along] for cell in step.cells if cell[2] != FILLED]
    parts = []
    if filled:
        parts.append(f"{verbs[0]} {cells(filled)}")
    if crossed:
        parts.append(f"{verbs[1]} {cells(crossed)}")
    return " and ".join(parts)


def seen_line(puzzle: Puzzle, grid: Sequence[Sequence[int]] | np.ndarray, step: Step) -> Line:
    """The line a rule step's rule was applied to: its (sub-)line before the step (unflipped)."""
    if step.axis == "row":
        line = Line(puzzle.rows[step.index], tuple(int(v) for v in grid[step.index]))
    else:
        line = Line(puzzle.cols[step.index], tuple(int(row[step.index]) for row in grid))
    if step.subline is not None:
        # A tutor's step is on a part matching blocks to clues cut off; a step of the rule
        # queue (the biggest puzzles, and one rule fill per step) on an oracle's part.
        parts = [*player_parts(line.hints, line.cells), *decompose(line)]
        for sub in parts:
            if (sub.cell_start, sub.cell_end) == step.subline:
                line = sub.line
                break
        else:
            raise ValueError(
                f"{line_name(step.axis, step.index)} has no part "
                f"{step.subline} in this state: the trace does not fit the puzzle"
            )
    return line


def step_text(step: Step, rule: Rule | None, title: str, seen: Line | None) -> str:
    """One step as a sentence: its own text when it has one; otherwise built from the rule
    (``rule``/``title``/``seen`` matter for such rule steps only)."""
    if step.text:
        return step.text
    if step.kind == RULE:
        where = line_name(step.axis, step.index)
        reading = direction_name(step.axis, step.flipped)
        if step.subline is not None:
            start, end = step.subline
            renumbered = "1" if end - start == 1 else f"1–{end - start}"
            reading += f"; only {positions_text(range(start, end))}, numbered {renumbered} below"
        reason = ""
        if rule is not None and seen is not None:
            env = {
                name: Element(rule.type_of(name), index, start, size)
                for name, (_, index, start, size) in step.env.items()
            }
            text = explain_fill(
                rule, env, seen, flipped=step.flipped, backwards=direction_name(step.axis, True)
            )
            reason = f" — {text.strip().rstrip('.')}"
            if step.subline is None:  # the reason names the fill's cells: say which are new
                new = {cell[_along(step)] for cell in step.cells}
                if new == set(range(*fill_range(rule, env, seen, flipped=step.flipped))):
                    return f"{where} ({reading}): {title or step.rule}{reason}"
                verb = "is" if len(new) == 1 else "are"
                return (
                    f"{where} ({reading}): {title or step.rule}{reason}; of these, "
                    f"{positions_text(sorted(new))} {verb} new"
                )
        effect = step_effect(step)
        if step.subline is not None:
            effect = f"in the whole {step.axis} it {effect}"
        return f"{where} ({reading}): {title or step.rule}{reason}; {effect}"
    if step.kind == LINE:
        return (
            f"{line_name(step.axis, step.index)}: no rule applies anywhere; beyond the "
            f"rules, the exact line solver {step_effect(step)}"
        )
    if step.kind == PROBE:
        r, c, _ = step.cells[0]
        return f"Probe at row {r + 1}, column {c + 1} (beyond the rules): {step.note}"
    count = len(step.cells)
    return (
        f"Search (beyond the rules): {step.note}; it decides the remaining {count} "
        f"cell{'s' if count != 1 else ''}"
    )


def narrate(trace: Trace, rules: Sequence[Rule], titles: Mapping[str, str]) -> Iterator[str]:
    """A sentence per step of the trace (replaying it to know what each rule saw)."""
    by_name = {rule.name: rule for rule in rules}
    puzzle = trace.puzzle
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    for step in trace.steps:
        if step.text:
            yield step.text
        elif step.kind == RULE:
            rule = by_name.get(step.rule or "")
            seen = seen_line(puzzle, grid, step) if rule is not None else None
            yield step_text(step, rule, titles.get(step.rule or "", ""), seen)
        else:
            yield step_text(step, None, "", None)
        for r, c, v in step.cells:
            grid[r][c] = v


_FALLBACK_NAMES = {LINE: "by line logic beyond the rules", PROBE: "by probing", SEARCH: "by search"}


def summary_text(trace: Trace, titles: Mapping[str, str]) -> str:
    """How the trace ended, its steps by kind and the rules it used."""
    s = trace.summary()
    fallback = ", ".join(
        f"{n} {_FALLBACK_NAMES[kind]}" for kind, n in s.fallback_steps.items() if n
    )
    counts = f"{s.steps} step{'' if s.steps == 1 else 's'}: {s.rule_steps} by rules" + (
        f", {fallback}" if fallback else ""
    )
    total = trace.puzzle.width * trace.puzzle.height
    if trace.solved:
        head = f"Solved in {counts} ({trace.seconds:.2f} s)."
    else:
        undecided = total - s.rule_cells - s.fallback_cells
        why = "interrupted" if trace.interrupted else "stuck"
        head = f"Not solved ({why}) after {counts}; {undecided} of {total} cells undecided."
    lines = [head, f"Rules decided {s.rule_cells} of {total} cells, fallbacks {s.fallback_cells}."]
    if s.techniques:
        lines.append(f"Techniques: {techniques_used(s.techniques)}.")
    if s.uses:
        lines.append(f"Rules used: {rules_used(s.uses, titles)}.")
    return "\n".join(lines)


def techniques_used(uses: Mapping[str, int]) -> str:
    """ "Overlap (12 steps), Gap too small (one step)": technique names in difficulty order."""

    def steps(n: int) -> str:
        return "one step" if n == 1 else f"{n} steps"

    return ", ".join(f"{BY_ID[t].name if t in BY_ID else t} ({steps(n)})" for t, n in uses.items())


def rules_used(uses: Mapping[str, int], titles: Mapping[str, str]) -> str:
    """ "force maximum ×3; big hint ×2": most used first, by title.  Semicolons part them, as a
    title may hold commas ("learned rule 7, covers cross small gap (singleton), …")."""

    def title(name: str) -> str:
        return titles.get(name, "") or name

    ordered = sorted(uses.items(), key=lambda item: (-item[1], title(item[0]), item[0]))
    return "; ".join(f"{title(name)} ×{n}" for name, n in ordered)
