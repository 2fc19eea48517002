"""Puzzles made to teach: generate a unique puzzle whose hardest technique is a chosen one.

:func:`generate` searches pictures (from a random start or a given picture) for one whose puzzle
is unique and graded, by the same code as any other puzzle, with the requested hardest technique
used at least N times.  How: docs/design/generating.md.
"""

from __future__ import annotations

from nonostudio.analysis.generating.search import (
    DEFAULT_TRIES,
    GENERATABLE,
    Generated,
    GenerationError,
    GenerationStopped,
    NoPuzzleFound,
    check_request,
    generate,
)
from nonostudio.analysis.generating.start import grid_from_picture, random_grid

__all__ = [
    "DEFAULT_TRIES",
    "GENERATABLE",
    "Generated",
    "GenerationError",
    "GenerationStopped",
    "NoPuzzleFound",
    "check_request",
    "generate",
    "grid_from_picture",
    "random_grid",
]
