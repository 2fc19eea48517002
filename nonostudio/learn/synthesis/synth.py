"""Rule synthesis: from a specification to a sound, general, concise rule.

The public entry points of the pipeline, whose steps live in their own modules (climb,
candidates, verify, polish, narrow, synth_run); docs/design/learning.md lists which step is where
and explains the strategy and the measurements behind its bounds.
"""

from __future__ import annotations

from nonostudio.learn.synthesis.candidates import MAX_COVERS, MAX_FILL_PAIRS
from nonostudio.learn.synthesis.climb import pattern_sets, synthesize
from nonostudio.learn.synthesis.narrow import synthesize_constant_level
from nonostudio.learn.synthesis.polish import simplify, widen
from nonostudio.learn.synthesis.synth_run import SynthResult, SynthStatus
from nonostudio.learn.synthesis.verify import CHECK_LENGTH, PROOF_SECONDS

__all__ = [
    "CHECK_LENGTH",
    "MAX_COVERS",
    "MAX_FILL_PAIRS",
    "PROOF_SECONDS",
    "SynthResult",
    "SynthStatus",
    "pattern_sets",
    "simplify",
    "synthesize",
    "synthesize_constant_level",
    "widen",
]
