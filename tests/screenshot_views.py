"""The PNG files ``nonostudio --screenshot DIR`` writes (a view each), for the tests that run it
in this process (``tests/gui/test_app.py``) and as a real process (the README's example,
``tests/test_readme_examples.py``)."""

from __future__ import annotations

VIEWS = (
    "main-window.png",
    "editor.png",
    "library.png",
    "check.png",
    "difficulty.png",
    "designer.png",
    "solve.png",
    "rules.png",
    "jobs.png",
    "main-window-dark.png",
)
