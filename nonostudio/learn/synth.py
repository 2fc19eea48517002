"""Rule synthesis: from a specification to a sound, general, concise rule (RULES.md §7).

This is the public face of the pipeline, whose steps live in their own modules:

* :mod:`nonostudio.learn.climb` — the lattice climb (:func:`synthesize`);
* :mod:`nonostudio.learn.candidates` — candidate search for one pattern set (CEGIS rounds);
* :mod:`nonostudio.learn.verify` — the verification ladder (pools of concrete lines, then z3);
* :mod:`nonostudio.learn.polish` — simplifying and widening a proved rule
  (:func:`simplify`, :func:`widen`);
* :mod:`nonostudio.learn.narrow` — the narrow constant-level search
  (:func:`synthesize_constant_level`);
* :mod:`nonostudio.learn.synth_run` — a run's budget, counters and :class:`SynthResult`.

``docs/design/learning.md`` explains the strategy and the measurements behind its bounds.
"""

from __future__ import annotations

from nonostudio.learn.candidates import MAX_COVERS, MAX_FILL_PAIRS
from nonostudio.learn.climb import pattern_sets, synthesize
from nonostudio.learn.narrow import synthesize_constant_level
from nonostudio.learn.polish import simplify, widen
from nonostudio.learn.synth_run import SynthResult, SynthStatus
from nonostudio.learn.verify import CHECK_LENGTH, PROOF_SECONDS

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
