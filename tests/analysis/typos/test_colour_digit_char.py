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


def test_xml_items_are_said_by_name() -> None:
    """XML names each count's colour (``color="red"``): a mistyped count was offered in the
    colours' characters, which its clues never show ('row 1: 3r → 2r (2b 3r becomes 2b 2r)',
    'they differ for red (r)'). Now by name, the items parted by commas."""
    from nonostudio.core.colour.model import (
        WHITE,
        Colour,
        ColourPuzzle,
        Palette,
        clues_of_colour_grid,
    )
    from nonostudio.core.formats import write_text

    picture = ((2, 2, 1, 1, 0), (0, 1, 0, 2, 0), (0, 0, 1, 1, 2))
    rows, cols = clues_of_colour_grid(picture)
    palette = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
    text = write_text(ColourPuzzle(palette, rows, cols), "xml")
    typo = text.replace('<count color="red">2</count>', '<count color="red">3</count>', 1)
    assert typo != text
    try:
        read_any_text(typo, fmt="xml")
    except InconsistentPuzzleError as err:
        report = find_colour_typos(*err.colour_clues, time_limit=5)
    else:  # pragma: no cover - the totals differ
        raise AssertionError("red's totals differ: the reader must refuse it")
    assert "differ for red:" in report.problem, report.problem
    texts = [s.edit.text() for s in report.suggestions]
    assert "row 1: 3 red \u2192 2 red (2 blue, 3 red becomes 2 blue, 2 red)" in texts, texts
