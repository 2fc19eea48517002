"""The learning run's work function: one specification in, one synthesis result out (for the
runner).  :func:`synthesis_work` runs in a runner's worker with its z3 context and returns
:meth:`SynthResult.to_json`; :func:`narrow_synthesis_work` is the cheaper constant-level search
of specifications the runner would skip; :func:`works_for` binds a run's search options.
docs/design/learning.md, "The work function", has the details.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import z3

from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.store.run_settings import PROVE_LENGTH
from nonostudio.learn.synthesis.enumerate import SearchOptions
from nonostudio.learn.synthesis.synth import SynthResult, synthesize, synthesize_constant_level

if TYPE_CHECKING:
    from nonostudio.learn.running.runner import Work


def _search(
    search_function: Callable[..., SynthResult],
    spec: Specification,
    budget_s: float,
    should_stop: Callable[[], bool],
    ctx: z3.Context,
    search: dict[str, Any] | None,
) -> dict[str, Any]:
    """``search_function`` (:func:`synthesize` or :func:`synthesize_constant_level`) on
    ``spec``, proving up to :data:`PROVE_LENGTH` cells with the stored search options; its
    result as JSON data."""
    result = search_function(
        spec,
        budget_s=budget_s,
        max_length=PROVE_LENGTH,
        should_stop=should_stop,
        ctx=ctx,
        options=SearchOptions.from_json(search),
    )
    return result.to_json()


def synthesis_work(
    spec: Specification,
    budget_s: float,
    should_stop: Callable[[], bool],
    ctx: z3.Context,
    search: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Synthesise a rule for ``spec`` within ``budget_s`` seconds; the result as JSON data.
    ``search``: the run's search options as stored (None: the defaults)."""
    return _search(synthesize, spec, budget_s, should_stop, ctx, search)


def narrow_synthesis_work(
    spec: Specification,
    budget_s: float,
    should_stop: Callable[[], bool],
    ctx: z3.Context,
    search: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The narrow search (:func:`synthesize_constant_level`) of a specification the runner would
    skip; the result as JSON data."""
    return _search(synthesize_constant_level, spec, budget_s, should_stop, ctx, search)


class SearchWork(Protocol):
    """A work function (:data:`nonostudio.learn.running.runner.Work`) that also takes a run's stored
    search options as ``search``."""

    def __call__(
        self,
        spec: Specification,
        budget_s: float,
        should_stop: Callable[[], bool],
        ctx: z3.Context,
        search: dict[str, Any] | None = None,
    ) -> dict[str, Any]: ...


def works_for(
    settings: Mapping[str, Any],
    work: SearchWork = synthesis_work,
    narrow_work: SearchWork | None = narrow_synthesis_work,
) -> tuple[Work, Work | None]:
    """``work`` and ``narrow_work`` (None: no narrow search) for a run with these stored
    settings: its ``"search"`` options bound when they are not the defaults.  Raises ValueError
    on bad options."""
    options = SearchOptions.from_json(settings.get("search"))
    if options.is_default():
        return work, narrow_work
    data = options.to_json()
    return (
        partial(work, search=data),
        None if narrow_work is None else partial(narrow_work, search=data),
    )
