"""A ``.g`` or ``.non`` item without a letter has the default colour, whose character is ``1``:
the words gave its length with that digit after it, so a mistyped ``22`` of bird2.g's black was
offered as 'row 1: 221 → 211 (221 becomes 211)' and the problem named 'black (1)'. Now such an
item is said as the file types it, ``22``."""

from __future__ import annotations

from nonostudio.analysis.typos.colour_finder import find_colour_typos
from nonostudio.core.colour.model import clue_text
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import read_any_text

# 4x3: black (no letter, the default colour) and red; row 1's '2' mistyped '3'
TYPO = """#d
   r:r   #ff0000   red
: rows
3 1r
1r 1
2r
: columns
1
1 1r
1r 1r
1 1r
: end
"""


def test_default_colour_items_are_said_without_a_digit() -> None:
    try:
        read_any_text(TYPO, fmt="g")
    except InconsistentPuzzleError as err:
        palette, rows, cols = err.colour_clues
    else:  # pragma: no cover - the totals differ
        raise AssertionError("black's totals differ: the reader must refuse it")
    assert palette[2].char == "1" and clue_text(rows[0], palette) == "3 1r"
    report = find_colour_typos(palette, rows, cols, time_limit=5)
    assert "differ for black:" in report.problem, report.problem
    texts = [s.edit.text() for s in report.suggestions]
    assert "row 1: 3 \u2192 2 (3 1r becomes 2 1r)" in texts, texts
    assert not any("31" in t or "21" in t for t in texts), texts
