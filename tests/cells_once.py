"""A rule's cells on a set of transitions (``learn.choosing.optimize.rule_cells``) worked out once a
test session for each input.

``learn export`` measures every control rule on the paper's test set twice (the rules its choice
must keep recovering, then the control rules each learned rule recovers), and measures the
learned rules it chose again; each of ``test_cli_learn``'s exports and the learning report's
tests do it for the same rules on the same test set (0.2-0.5 s a rule).  The first call with an
input runs the real function; a later call with an equal input (an equal rule, equal transitions
in the same order) gets that call's result, a frozenset, which nothing can change.  Only tests
that ask for it (the ``rule_cells_once`` fixture) see the kept results.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from nonostudio.learn.choosing import optimize
from nonostudio.learn.choosing.optimize import Cells
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.measuring.coverage import Transition

_REAL = optimize.rule_cells  # bound when this module is imported: the function itself
_FOUND: dict[Hashable, Cells] = {}
calls_run: list[int] = []  # one entry per call that ran the real function (for the tests of this)


def rule_cells_once(rule: Rule, transitions: Sequence[Transition]) -> Cells:
    """``rule_cells(rule, transitions)``, run once a session for each input."""
    key = (rule, tuple(transitions))
    if key not in _FOUND:
        _FOUND[key] = _REAL(rule, transitions)
        calls_run.append(1)
    return _FOUND[key]
