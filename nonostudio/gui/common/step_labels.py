"""How the GUI names the line of a solving step ("Row 3 →"): the Solve view's step list and the
rule browser's "where it fires" say it the same way."""

from __future__ import annotations

from nonostudio.analysis.tracing.steps import Step


def line_label(step: Step) -> str:
    """``"Row 3 →"`` / ``"Column 5 ↑"``: 1-based, with the direction the line is read in (a
    technique step reads as the grid shows it: left to right, top to bottom; a rule fill of a
    ``complete_moves=False`` trace in the direction the rule read it)."""
    backwards = step.flipped and not step.technique
    if step.axis == "row":
        return f"Row {step.index + 1} {'←' if backwards else '→'}"
    if step.axis == "column":
        return f"Column {step.index + 1} {'↑' if backwards else '↓'}"
    return "whole grid"
