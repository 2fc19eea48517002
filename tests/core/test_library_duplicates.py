"""Library.duplicate_groups finds the puzzles stored more than once (the same clues, whatever the
title), for the Library panel's Select Duplicates: the first stored of each group, then its
copies; black and white and colour apart; a damaged record in no group."""

from __future__ import annotations

from nonostudio.core.colour.model import (
    BLACK,
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle

GOAL = ((1, 2, 2), (0, 1, 0), (2, 2, 1))


def colour(
    title: str, red: str = "#d62728", names: tuple[str, str] = ("black", "red")
) -> ColourPuzzle:
    palette = Palette((WHITE, Colour(names[0], BLACK.rgb, "b"), Colour(names[1], red, "r")))
    rows, cols = clues_of_colour_grid(GOAL)
    return ColourPuzzle(palette, rows, cols, goal=GOAL, title=title)


def test_groups_of_the_same_clues_whatever_the_title() -> None:
    tee = [[1, 1, 1], [0, 1, 0]]
    with Library(":memory:") as library:
        a = library.add(Puzzle.from_grid(tee, title="Tee"))
        b = library.add(Puzzle.from_grid([[1, 0], [1, 1]], title="Ell"))
        c = library.add(Puzzle.from_grid(tee, title="Another title"))
        d = library.add(colour("Flag"))
        e = library.add(Puzzle.from_grid(tee, title="Tee"))
        f = library.add(colour("Flag again", names=("ink", "scarlet")))  # names do not count
        g = library.add(colour("Other red", red="#ff0000"))  # another colour: another puzzle
        h = library.add(Puzzle.from_grid([[1, 0], [1, 1]]))  # untitled
        assert library.duplicate_groups() == [[a, c, e], [b, h], [d, f]]
        assert g not in {i for group in library.duplicate_groups() for i in group}
        assert len(library) == 8  # (nothing removed)


def test_no_groups_when_every_puzzle_differs() -> None:
    with Library(":memory:") as library:
        assert library.duplicate_groups() == []
        library.add(Puzzle.from_grid([[1, 1]], title="A"))
        library.add(Puzzle.from_grid([[1, 0]], title="A"))  # same title, other clues
        library.add(colour("A"))
        assert library.duplicate_groups() == []


def test_a_damaged_record_is_in_no_group() -> None:
    tee = [[1, 1, 1], [0, 1, 0]]
    with Library(":memory:") as library:
        a = library.add(Puzzle.from_grid(tee, title="Tee"))
        b = library.add(Puzzle.from_grid(tee, title="Tee 2"))
        c = library.add(Puzzle.from_grid(tee, title="Tee 3"))
        library._conn.execute("UPDATE puzzles SET data=? WHERE id=?", (b'{"rows": [', a))
        library._conn.execute("UPDATE puzzles SET data=? WHERE id=?", (b"\xfe\xff", c))
        assert library.duplicate_groups() == []
        d = library.add(Puzzle.from_grid(tee, title="Tee 4"))
        assert library.duplicate_groups() == [[b, d]]


def test_the_same_groups_without_sqlite_json(monkeypatch) -> None:
    import nonostudio.core.library.store as store

    tee = [[1, 1, 1], [0, 1, 0]]
    with Library(":memory:") as library:
        a = library.add(Puzzle.from_grid(tee, title="Tee"))
        b = library.add(colour("Flag"))
        c = library.add(Puzzle.from_grid(tee, title="Tee 2"))
        d = library.add(colour("Flag 2", names=("ink", "scarlet")))
        e = library.add(Puzzle.from_grid(tee, title="Tee 3"))
        library._conn.execute("UPDATE puzzles SET data=? WHERE id=?", (b"\xfe\xff", e))
        with_json = library.duplicate_groups()
        monkeypatch.setattr(store, "_has_sql_json", lambda conn: False)
        assert library.duplicate_groups() == with_json == [[a, c], [b, d]]


def test_each_group_starts_with_the_copy_a_person_would_keep() -> None:
    # the first stored was kept whatever the copies held: 6 titled samples repeating untitled
    # r-nonogram puzzles were the ones selected for Delete. The titled copy is kept now, or the
    # one holding more (author, copyright, licence, notes, picture, solving progress); the
    # first stored only on a tie
    import numpy as np

    tee, ell, bar = [[1, 1, 1], [0, 1, 0]], [[1, 0], [1, 1]], [[1, 1, 0]]
    bare = Puzzle.from_grid(tee).without_goal()
    with Library(":memory:") as library:
        a = library.add(bare)
        b = library.add(Puzzle.from_grid(tee, title="Tee"))
        c = library.add(bare.with_meta(author="A. N. Other", notes="from page 12"))
        d = library.add(Puzzle.from_grid(ell).without_goal())
        e = library.add(Puzzle.from_grid(ell).without_goal().with_meta(notes="p. 3"))
        f = library.add(Puzzle.from_grid(ell))  # the picture: as much as e's notes
        g = library.add(Puzzle.from_grid(bar).without_goal())
        h = library.add(Puzzle.from_grid(bar).without_goal())
        library.save_hand_progress(h, np.zeros((1, 3), dtype=np.int8))  # someone's work
        i = library.add(colour(""))
        j = library.add(colour("Flag"))
        assert library.duplicate_groups() == [[b, a, c], [e, d, f], [h, g], [j, i]]
