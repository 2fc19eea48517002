"""The learning run's work function: one specification in, one synthesis result out (for the runner).

:class:`nonostudio.learn.runner.Runner` calls :func:`synthesis_work` in a worker process or
thread with that worker's z3 context; the result is :meth:`SynthResult.to_json` (the rule as rule
text under ``"rule"``, which the runner counts as a rule found), every rule proved sound for all
lines up to :data:`PROVE_LENGTH` cells.  :func:`narrow_synthesis_work` is the runner's work for
the specifications it would otherwise skip (a search at the constant level only).  A run whose
settings narrow the search space or change the cost weights (``"search"``, see
:class:`nonostudio.learn.enumerate.SearchOptions`) gets both with those options bound
(:func:`works_for`); a partial of a module-level function still pickles for worker processes.
A Ctrl-C is the runner's to handle (its workers ignore SIGINT and z3's own Ctrl-C handling is
off), so an interrupted specification goes back to pending instead of failing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import z3

from nonostudio.learn.enumerate import SearchOptions
from nonostudio.learn.specs import Specification
from nonostudio.learn.synth import synthesize, synthesize_constant_level

if TYPE_CHECKING:
    from nonostudio.learn.runner import Work

PROVE_LENGTH = 30  # the soundness bound: every rule kept is proved up to 30 cells


def synthesis_work(spec: Specification, budget_s: float, should_stop: Callable[[], bool],
                   ctx: z3.Context, search: dict[str, Any] | None = None) -> dict[str, Any]:
    """Synthesise a rule for ``spec`` within ``budget_s`` seconds; the result as JSON data.
    ``search``: the run's search options as stored (None: the defaults)."""
    result = synthesize(spec, budget_s=budget_s, max_length=PROVE_LENGTH,
                        should_stop=should_stop, ctx=ctx,
                        options=SearchOptions.from_json(search))
    return result.to_json()


def narrow_synthesis_work(spec: Specification, budget_s: float, should_stop: Callable[[], bool],
                          ctx: z3.Context, search: dict[str, Any] | None = None) -> dict[str, Any]:
    """The narrow search (:func:`synthesize_constant_level`) of a specification the runner would
    skip; the result as JSON data."""
    result = synthesize_constant_level(spec, budget_s=budget_s, max_length=PROVE_LENGTH,
                                       should_stop=should_stop, ctx=ctx,
                                       options=SearchOptions.from_json(search))
    return result.to_json()


class SearchWork(Protocol):
    """A work function (:data:`nonostudio.learn.runner.Work`) that also takes a run's stored
    search options as ``search``."""

    def __call__(self, spec: Specification, budget_s: float, should_stop: Callable[[], bool],
                 ctx: z3.Context, search: dict[str, Any] | None = None) -> dict[str, Any]: ...


def works_for(settings: Mapping[str, Any], work: SearchWork = synthesis_work,
              narrow_work: SearchWork | None = narrow_synthesis_work
              ) -> tuple[Work, Work | None]:
    """``work`` and ``narrow_work`` (None: no narrow search) for a run with these stored
    settings: its ``"search"`` options bound when they are not the defaults.  Raises ValueError
    on bad options."""
    options = SearchOptions.from_json(settings.get("search"))
    if options.is_default():
        return work, narrow_work
    data = options.to_json()
    return (partial(work, search=data),
            None if narrow_work is None else partial(narrow_work, search=data))
