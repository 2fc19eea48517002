"""Which rule fill of a rule set comes first on a line state, remembered per line state.

A trace applies the rules in ``apply_rule``'s order (rules in order, forward before flipped,
bindings in the interpreter's order) and takes the first fill that decides a new cell.  Every
fill before that one consists of cells the line already has with the fill's value, so which
fill comes first depends on the line state alone: :class:`RuleFills` finds it once per state
and keeps it (docs/design/analysis.md, "Rule-fill memory").
"""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.core.line import CELL_CHARS, Line
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.interpreter import (
    Element,
    LineView,
    NewFill,
    RuleFill,
    fill_value,
    first_new_fill,
)

_CHAR = CELL_CHARS.__getitem__
_FILLED_BITS = str.maketrans("O-x", "100")
_CROSSED_BITS = str.maketrans("O-x", "001")

DecisiveFill = NewFill
"""``(rule number, flipped, start, end, bound elements)`` of a fill on a (sub-)line."""


class RuleFills:
    """A rule set compiled once for a trace, with the first decisive fill of each line state."""

    def __init__(self, rules: Sequence[Rule], room: int = 1_000_000) -> None:
        self.rules = tuple(rules)
        # Each rule with its fill's value (its own compiled function is not needed here).
        self.programs = [(rule, fill_value(rule)) for rule in self.rules]
        # What decisive() runs: every rule, in apply_rule's order, in one generated function.
        self._first_new = first_new_fill(self.rules)
        self._decisive: dict[tuple[tuple[int, ...], tuple[int, ...]], DecisiveFill | None] = {}
        self.room = room  # line states remembered at most (then forgotten, all at once)

    def first(self, seen: Line) -> tuple[str, bool, dict[str, Element], RuleFill] | None:
        """The first fill on ``seen`` that is not empty and not made of cells ``seen`` already
        has with the fill's value, as ``(rule name, flipped, bindings, fill)``; remembered per
        line state (None: no rule decides anything on it)."""
        key = (seen.hints, seen.cells)
        if key in self._decisive:
            found = self._decisive[key]
        else:
            if len(self._decisive) > self.room:
                self._decisive.clear()
            found = self._decisive[key] = self.decisive(seen)
        if found is None:
            return None
        number, flipped, start, end, bound = found
        rule, value = self.programs[number]
        env = dict(zip((b.name for b in rule.bindings), bound, strict=True))
        return rule.name, flipped, env, RuleFill(rule.name, value, start, end, env, flipped)

    def decisive(self, seen: Line) -> DecisiveFill | None:
        """The first fill on ``seen`` that is not empty and not made of cells ``seen`` already
        has with the fill's value (not remembered)."""
        text = "".join(map(_CHAR, seen.cells))
        backwards = text[::-1]  # bit i of a mask is cell i
        return self._first_new(
            *LineView.pair_of_text(seen.hints, text),
            int(backwards.translate(_FILLED_BITS) or "0", 2),
            int(backwards.translate(_CROSSED_BITS) or "0", 2),
        )
