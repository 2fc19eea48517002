"""The narrow search: a specification's rule at its constant level only, no climb.

A learning run skips the full search of a specification a rule found already covers (or whose
smaller pattern set gave a rule), but the first-hint, first-block rules most documented
strategies are lie below the most general rule found there; such a specification gets this one
search with singletons read as ``constant(t, 0)`` (``docs/design/learning.md``, step 7).
"""

from __future__ import annotations

import z3

from nonostudio.core.progress import StopCallback
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.synthesis.candidates import search
from nonostudio.learn.synthesis.climb import cells_matter_or_hints_suffice, constant_level
from nonostudio.learn.synthesis.enumerate import DEFAULT_OPTIONS, SearchOptions
from nonostudio.learn.synthesis.polish import simplified
from nonostudio.learn.synthesis.synth_run import SpecRun, Stopped, SynthResult, SynthStatus
from nonostudio.rules.language.ast import Rule


def synthesize_constant_level(
    spec: Specification,
    *,
    budget_s: float,
    max_length: int = 30,
    should_stop: StopCallback | None = None,
    ctx: z3.Context | None = None,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> SynthResult:
    """A proved, simplified rule for ``spec`` at its constant level only (singletons read as
    ``constant(t, 0)``; no climb, no alternatives): the narrow search a learning run gives the
    specifications it would otherwise skip (``docs/design/learning.md``, step 7).  The rule is
    named after the specification with ``_c``, so it never takes the name of the
    specification's own rule."""
    run = SpecRun.searching(spec, budget_s, should_stop, max_length, options)
    result = run.result
    if not cells_matter_or_hints_suffice(spec):
        return result(None, SynthStatus.EXHAUSTED)
    try:
        rule = search(run, constant_level(spec))
        if rule is None:
            return result(None, SynthStatus.EXHAUSTED)
        rule = simplified(rule, run)
    except Stopped:
        return result(None, run.stop_status())
    named = Rule(f"{rule.name}_c", rule.bindings, rule.condition, rule.action)
    return result(named, SynthStatus.FOUND)
