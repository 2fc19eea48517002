"""The time limit of the GUI's solver runs, one for every screen, so that a verdict or a grade in
one place means the same as in another."""

from __future__ import annotations

# Seconds the solver may take on one puzzle: the Check and Difficulty panels, the Solve view's
# trace, Grade Folder and the library's background fill.
TIME_LIMIT_S = 10.0
