"""The library keeps colour puzzles: stored and read back unchanged, listed with their colour
count, refused by name (not called damaged) by black-and-white readers."""

from __future__ import annotations

import pytest

from nonostudio.core.colour.model import BLACK, WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.errors import UnsupportedPuzzleError
from nonostudio.core.library import DamagedRecordError, Library
from nonostudio.core.puzzle import Puzzle

PALETTE = Palette((WHITE, BLACK, Colour("red", "#d62728", "r")))
GOAL = ((1, 2, 2), (0, 1, 0), (2, 2, 1))


def colour_puzzle(**fields: object) -> ColourPuzzle:
    from nonostudio.core.colour.model import clues_of_colour_grid

    rows, cols = clues_of_colour_grid(GOAL)
    return ColourPuzzle(PALETTE, rows, cols, goal=GOAL, **fields)  # type: ignore[arg-type]


def test_a_colour_puzzle_round_trips_with_palette_goal_and_text() -> None:
    puzzle = colour_puzzle(title="Flag", author="Ann", notes="two lines\nof notes")
    with Library(":memory:") as library:
        id = library.add(puzzle, source="flag.xml")
        assert library.get_any(id) == puzzle
        (entry,) = library.entries()
        assert (entry.colours, entry.is_colour, entry.size_text) == (2, True, "3x3")


def test_black_and_white_entries_have_no_colours_and_read_as_before() -> None:
    bw = Puzzle.from_grid([[1, 0], [1, 1]], title="bw")
    with Library(":memory:") as library:
        id = library.add(bw)
        assert library.get(id) == library.get_any(id) == bw
        assert library.entries()[0].colours == 0


def test_get_refuses_a_colour_puzzle_by_name_not_as_damage() -> None:
    with Library(":memory:") as library:
        id = library.add(colour_puzzle(title="Flag"))
        with pytest.raises(UnsupportedPuzzleError) as caught:
            library.get(id)
        assert not isinstance(caught.value, DamagedRecordError)
        assert "colour puzzle (colours black, red)" in str(caught.value)
        assert f"library puzzle {id}" in str(caught.value)


def test_update_between_kinds_changes_the_listed_colours() -> None:
    with Library(":memory:") as library:
        id = library.add(Puzzle.from_grid([[1]]))
        assert library.entries()[0].colours == 0
        library.update(id, colour_puzzle())
        assert library.entries()[0].colours == 2
        library.update(id, Puzzle.from_grid([[1]]))
        assert library.entries()[0].colours == 0


def test_a_palette_colour_no_clue_uses_is_not_counted() -> None:
    """The Colours column counted the palette (4 where the grade said 3): now the colours the
    clues use, as the grade counts them (``used_mask``)."""
    green = Colour("green", "#2ca02c", "g")
    unused = colour_puzzle(title="Flag")
    unused = ColourPuzzle(
        Palette((*PALETTE.colours, green)), unused.rows, unused.cols, goal=GOAL, title="Flag"
    )
    blank = ColourPuzzle(PALETTE, ((), (), ()), ((), (), ()), title="Blank")
    with Library(":memory:") as library:
        id = library.add(unused)
        library.add(blank)
        assert len(library.get_any(id).palette) == 4  # stored with the colour it does not use
        listed = {entry.title: (entry.colours, entry.is_colour) for entry in library.entries()}
    # a blank colour puzzle is still a colour puzzle (its row was said "Black and white" and
    # offered with the black-and-white puzzles)
    assert listed == {"Flag": (2, True), "Blank": (0, True)}
    assert unused.used_mask.bit_count() - 1 == 2 and blank.used_mask.bit_count() - 1 == 0


def test_a_damaged_colour_record_is_named_and_skipped() -> None:
    with Library(":memory:") as library:
        id = library.add(colour_puzzle())
        library._conn.execute(
            "UPDATE puzzles SET data=? WHERE id=?",
            ('{"palette":[["white","#ffffff","."]],"rows":[[[1,7]]],"cols":[[[1,7]]]}', id),
        )
        with pytest.raises(DamagedRecordError, match="no colour 7"):
            library.get_any(id)


def test_move_into_keeps_colour_puzzles(tmp_path) -> None:
    puzzle = colour_puzzle(title="Flag")
    library = Library(":memory:")
    library.add(puzzle)
    library.move_into(tmp_path / "library.sqlite")
    try:
        (entry,) = library.entries()
        assert library.get_any(entry.id) == puzzle and entry.colours == 2
    finally:
        library.close()
