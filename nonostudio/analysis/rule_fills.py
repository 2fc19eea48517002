"""Which rule fill of a rule set comes first on a line state, remembered per line state.

A trace applies the rules in ``apply_rule``'s order (rules in order, forward before flipped,
bindings in the interpreter's order) and takes the first fill that decides a new cell.  Every
fill before that one consists of cells the line already has with the fill's value, so which
fill comes first depends on the line state alone: :class:`RuleFills` finds it once per state
and keeps it (docs/design/analysis.md, "Rule-fill memory").
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Sequence

from nonostudio.core.line import CROSSED, Line, cells_to_text
from nonostudio.core.linesolver import cell_masks
from nonostudio.rules.ast import Rule
from nonostudio.rules.interpreter import Element, LineView, RuleFill, compiled

DecisiveFill = tuple[int, bool, int, int, tuple[Element, ...]]
"""``(rule number, flipped, start, end, bound elements)`` of a fill on a (sub-)line."""

_SECOND = operator.itemgetter(1)


class RuleFills:
    """A rule set compiled once for a trace, with the first decisive fill of each line state."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = tuple(rules)
        # Compiled once per trace: looking a rule up in compiled()'s cache hashes the whole rule.
        self.programs = [(rule, compiled(rule)) for rule in self.rules]
        # What decisive() runs, in apply_rule's order: each rule forward, then flipped.
        self._runs = [
            (number, flipped, program.value)
            for number, (_, program) in enumerate(self.programs)
            for flipped in (False, True)
        ]
        self._run_functions = [program.run for _, program in self.programs for _ in (0, 1)]
        self._decisive: dict[tuple[tuple[int, ...], tuple[int, ...]], DecisiveFill | None] = {}

    def first(self, seen: Line) -> tuple[str, bool, dict[str, Element], RuleFill] | None:
        """The first fill on ``seen`` that is not empty and not made of cells ``seen`` already
        has with the fill's value, as ``(rule name, flipped, bindings, fill)``; remembered per
        line state (None: no rule decides anything on it)."""
        key = (seen.hints, seen.cells)
        if key in self._decisive:
            found = self._decisive[key]
        else:
            found = self._decisive[key] = self.decisive(seen)
        if found is None:
            return None
        number, flipped, start, end, bound = found
        rule, program = self.programs[number]
        env = dict(zip((b.name for b in rule.bindings), bound, strict=True))
        return rule.name, flipped, env, RuleFill(rule.name, program.value, start, end, env, flipped)

    def decisive(self, seen: Line) -> DecisiveFill | None:
        """The first fill on ``seen`` that is not empty and not made of cells ``seen`` already
        has with the fill's value (not remembered)."""
        n = seen.size
        masks = cell_masks(seen.cells)  # (filled, crossed): index 0 is a CROSSED fill's cells
        text = cells_to_text(seen.cells)
        views = (LineView.of_text(seen.hints, text), LineView.of_text(seen.hints[::-1], text[::-1]))
        # Every program runs through C-level iterators; only non-empty outputs reach Python.
        outputs = map(operator.call, self._run_functions, itertools.cycle(views))
        for position, out in filter(_SECOND, enumerate(outputs)):
            number, flipped, value = self._runs[position]
            same = masks[value == CROSSED]
            for start, end, bound in out:
                if flipped:
                    start, end = n - end, n - start
                if start >= end:
                    continue  # an empty fill decides nothing
                if start >= 0 and end <= n and not (((1 << (end - start)) - 1) << start) & ~same:
                    continue  # cells already of the fill's value
                return number, flipped, start, end, bound
        return None
