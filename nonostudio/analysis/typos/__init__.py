"""Find the mistyped clue of a puzzle typed from a book: the single edits that make it unique
again, ranked with a confidence (how: docs/design/typos.md); for a colour puzzle
:func:`find_colour_typos`."""

from nonostudio.analysis.typos.colour_finder import (
    ColourSuggestion,
    ColourTypoReport,
    find_colour_typos,
    find_colour_typos_in,
)
from nonostudio.analysis.typos.contradiction import BrokenLine, broken_line, contradiction_text
from nonostudio.analysis.typos.edits import ADD, CHANGE, DROP, KINDS, MOVE, SPLIT, SWAP, Edit
from nonostudio.analysis.typos.finder import (
    Suggestion,
    TypoReport,
    diagnose,
    find_typos,
    find_typos_in,
)

__all__ = [
    "ADD",
    "CHANGE",
    "DROP",
    "KINDS",
    "MOVE",
    "SPLIT",
    "SWAP",
    "BrokenLine",
    "ColourSuggestion",
    "ColourTypoReport",
    "Edit",
    "Suggestion",
    "TypoReport",
    "broken_line",
    "contradiction_text",
    "diagnose",
    "find_colour_typos",
    "find_colour_typos_in",
    "find_typos",
    "find_typos_in",
]
