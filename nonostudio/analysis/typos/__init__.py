"""Find the mistyped clue of a puzzle typed from a book: the single edits that make it unique
again, ranked with a confidence (how: docs/design/typos.md)."""

from nonostudio.analysis.typos.contradiction import BrokenLine, broken_line, contradiction_text
from nonostudio.analysis.typos.edits import ADD, CHANGE, DROP, KINDS, MOVE, SWAP, Edit
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
    "SWAP",
    "BrokenLine",
    "Edit",
    "Suggestion",
    "TypoReport",
    "broken_line",
    "contradiction_text",
    "diagnose",
    "find_typos",
    "find_typos_in",
]
