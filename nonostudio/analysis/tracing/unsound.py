"""The errors a trace raises when a rule or a technique decides a cell line logic does not.

Every cell a rule fill or a technique's move decides is checked against the exact line solver
(:mod:`nonostudio.analysis.tracing.tracer`); a fill or move that disagrees stops the trace with one
of these, naming the rule, the line, its reading direction and the cell.
"""

from __future__ import annotations

from nonostudio.analysis.explaining.naming import (
    cell_range_name,
    direction_name,
    line_name,
    value_name,
)
from nonostudio.core.line import Line
from nonostudio.rules.language.interpreter import RuleFill


class UnsoundRuleError(ValueError):
    """A rule's fill contradicts the exact line solver: the rule is unsound."""

    def __init__(
        self, rule: str, axis: str, index: int, line: Line, fill: RuleFill, cell: int, reason: str
    ) -> None:
        self.rule = rule
        self.axis = axis
        self.index = index
        self.line = line
        self.fill = fill
        self.cell = cell
        reading = direction_name(axis, fill.flipped)
        super().__init__(
            f"rule {rule!r} is unsound: on {line_name(axis, index).lower()} {line} (read "
            f"{reading}) it sets {cell_range_name(fill.start, fill.end)} "
            f"{value_name(fill.value)}, but cell {cell + 1} {reason}"
        )


class UnsoundTechniqueError(UnsoundRuleError):
    """A technique's move contradicts the exact line solver (a bug in the technique)."""

    def __init__(self, technique: str, axis: str, index: int, line: Line, cell: int) -> None:
        ValueError.__init__(
            self,
            f"technique {technique!r} is unsound: on {line_name(axis, index).lower()} "
            f"{line} it decides cell {cell + 1}, which line logic does not",
        )
        self.rule = technique
        self.axis = axis
        self.index = index
        self.line = line
        self.cell = cell
