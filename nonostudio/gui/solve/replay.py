"""The summary of a solving trace the Solve view shows over its steps: how many steps, by rules
and beyond them, the techniques used and where the rules first get stuck (a link to that step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.narrate import rules_used
from nonostudio.analysis.tracing.steps import Trace

if TYPE_CHECKING:
    pass


def summary_text(trace: Trace, titles: dict[str, str]) -> str:
    """The trace in a few lines of rich text: steps, rules used and how often, fallbacks."""
    s = trace.summary()
    fallbacks = sum(s.fallback_steps.values())
    state = "Solved" if trace.solved else ("Interrupted" if trace.interrupted else "Not solved")
    lines = [
        f"<b>{state}</b> in {s.steps} steps: {s.rule_steps} by rules, {fallbacks} beyond them."
    ]
    if s.techniques:
        used = ", ".join(
            f"{BY_ID[t].name} ×{k}" if t in BY_ID else f"{t} ×{k}" for t, k in s.techniques.items()
        )
        lines.append(f"Techniques, easiest first: {used}.")
        if s.uses:
            lines.append(f"{len(s.uses)} rules of the set were used.")
    elif s.uses:
        lines.append(f"Rules used: {rules_used(s.uses, titles)}.")
    if fallbacks:
        kinds = ", ".join(f"{kind} ×{k}" for kind, k in s.fallback_steps.items() if k)
        first = trace.first_fallback()
        assert first is not None
        lines.append(
            f"<span style='color:#e65a1e'><b>Fallbacks:</b> {kinds}; the rules first get stuck "
            f"at <a href='step:{first + 1}'>step {first + 1}</a>.</span>"
        )
    return "<br>".join(lines)
