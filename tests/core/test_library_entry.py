"""``Library.entry``: one puzzle's row of the listing read alone (a view shows a puzzle just
added or changed without reading the whole listing again) is the row the whole listing gives,
colour count included; a puzzle not there, or whose document is damaged, has none."""

from __future__ import annotations

from pathlib import Path

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle


def test_one_row_read_alone_is_the_row_the_listing_gives(tmp_path: Path) -> None:
    palette = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
    flag = ColourPuzzle(palette, *clues_of_colour_grid(((1, 2), (2, 1))), title="Flag")
    with Library(tmp_path / "library.sqlite3") as library:
        ids = [
            library.add(Puzzle.from_grid([[1, 0], [1, 1]], title="Ell", author="Ann")),
            library.add(flag, source="flag.xml"),
        ]
        library.set_verdict(ids[0], "unique")
        library.update(ids[0], Puzzle.from_grid([[1, 1, 1]], title="Bar"))
        listed = {entry.id: entry for entry in library.entries()}
        for id in ids:
            assert library.entry(id) == listed[id]
        assert listed[ids[1]].colours == 2 and listed[ids[0]].title == "Bar"
        assert library.entry(max(ids) + 1) is None


def test_a_damaged_document_has_no_row(tmp_path: Path) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        id = library.add(Puzzle.from_grid([[1]], title="Dot"))
        library._conn.execute("UPDATE puzzles SET data=?, modified='x' WHERE id=?", ("{", id))
        assert library.entry(id) is None
        assert library.entries() == []  # (the listing leaves it out too)
