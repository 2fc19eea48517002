"""Words the two Difficulty panels (black-and-white and colour) share, so that the same state
of a grade reads the same in both."""

from __future__ import annotations

#: What the Difficulty panels say of clues no picture fits: a tier and a score would describe
#: nothing (the trace stops at a contradiction), so none is shown.
NO_SOLUTION_TITLE = "No solution"
NO_SOLUTION_TEXT = (
    "Not graded: no picture fits these clues, so there is nothing to solve. The Check panel "
    "tells more about what is wrong with the clues."
)


def unknown_grade_text(reason: str, explanation: str, seconds: float) -> str:
    """The tier line of a grade the complete solver left undecided on its own (not at the time
    limit; e.g. it refused a formula too large for the memory budget): no tier or score, since
    they would describe a search that never ran; the solver's ``reason`` as the Check panel says
    it, unless the ``explanation`` shown below the line already says it (said once); and the
    ``seconds`` grading took."""
    why = "" if reason in explanation else f" {reason[:1].upper()}{reason[1:]}."
    return f"No tier or score: the grade is unknown.{why} Stopped after {seconds:.2f} s."
