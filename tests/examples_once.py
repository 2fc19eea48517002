"""The strategy guide's real examples (``analysis.helping.guide.real_examples``) worked out once a
test session for each input.

Tracing the sample puzzles for them takes seconds, and the guide's own tests, the CLI's ``rules
guide``, the Help menu's technique guide and the Rules tab of ``nonostudio --screenshot`` each ask
for them of the same puzzles and rules.  The first call with an input runs the real function; a
later call with an equal input (the same sources, puzzles equal field by field, the same rules
and count per technique) gets that call's result.  A result cut short by ``should_stop`` is not
kept.  Only tests that ask for it (the ``guide_examples_once`` fixture) see the kept results.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from nonostudio.analysis.helping import guide
from nonostudio.analysis.helping.guide import EXAMPLES_PER_TECHNIQUE, Examples
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.language.ast import Rule

_REAL = guide.real_examples  # bound when this module is imported: the function itself
_FOUND: dict[Hashable, Examples] = {}
calls_run: list[int] = []  # one entry per call that ran the real function (for the tests of this)


def _puzzle_key(puzzle: Puzzle) -> Hashable:
    goal = puzzle.goal
    return (
        puzzle.rows,
        puzzle.cols,
        puzzle.title,
        puzzle.author,
        puzzle.copyright,
        puzzle.licence,
        None if goal is None else (goal.shape, goal.tobytes()),
    )


def real_examples_once(
    puzzles: Iterable[tuple[str, Puzzle]],
    rules: Sequence[Rule],
    *,
    should_stop: StopCallback | None = None,
    per_technique: int = EXAMPLES_PER_TECHNIQUE,
) -> Examples:
    """``real_examples(puzzles, rules, ...)``, run once a session for each input."""
    puzzles = list(puzzles)
    key = (tuple((s, _puzzle_key(p)) for s, p in puzzles), tuple(rules), per_technique)
    if key in _FOUND:
        return dict(_FOUND[key])
    found = _REAL(puzzles, rules, should_stop=should_stop, per_technique=per_technique)
    calls_run.append(1)
    if should_stop is None or not should_stop():
        _FOUND[key] = dict(found)
    return found
