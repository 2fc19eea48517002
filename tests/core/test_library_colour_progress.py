"""A colour game solved by hand kept per library puzzle: saved, read back across sessions,
replaced, cleared, removed with its puzzle, void once the puzzle no longer fits it, named when
damaged, carried into another file and through a salvage; a file with it still opens as before
(no schema step) and the black-and-white games are not touched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from nonostudio.core.colour.model import BLACK, WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.library import (
    SCHEMA_VERSION,
    DamagedRecordError,
    Library,
    LibraryError,
)
from nonostudio.core.library.salvage import salvage
from nonostudio.core.puzzle import Puzzle

RED = Colour("red", "#d62728", "r")
GOAL = ((1, 2, 2), (0, 1, 0), (2, 2, 1))
# A game under way: cell sets of the palette {white, black, red} (bit 0 white, 1 black, 2 red).
SETS = ((0b010, 0b110, 0b111), (0b001, 0b111, 0b011), (0b100, 0b111, 0b111))


def _flag(palette: tuple[Colour, ...] = (WHITE, BLACK, RED)) -> ColourPuzzle:
    from nonostudio.core.colour.model import clues_of_colour_grid

    rows, cols = clues_of_colour_grid(GOAL)
    return ColourPuzzle(Palette(palette), rows, cols, goal=GOAL, title="Flag")


def _sql(db: Path, statement: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        return conn.execute(statement, params).fetchall()
    finally:
        conn.close()


def test_a_colour_game_is_kept_across_sessions_replaced_and_cleared(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_flag())
        other = lib.add(_flag())
        assert lib.colour_progress(pid) is None
        lib.save_colour_progress(pid, SETS, seconds=42.5)
    with Library(db) as lib:
        kept = lib.colour_progress(pid)
        assert kept is not None
        assert kept.sets == SETS and (kept.seconds, kept.solved) == (42.5, False)
        assert kept.modified
        assert lib.colour_progress(other) is None
        assert lib.hand_progress(pid) is None  # the black-and-white games are apart
        solved = tuple(tuple(1 << c for c in row) for row in GOAL)
        lib.save_colour_progress(pid, solved, seconds=90.0, solved=True)
        again = lib.colour_progress(pid)
        assert again is not None and again.sets == solved and again.solved
        lib.clear_colour_progress(pid)
        assert lib.colour_progress(pid) is None
        lib.clear_colour_progress(pid)  # twice is fine
    # no schema step: an older nonostudio still opens the file
    assert _sql(db, "PRAGMA user_version") == [(SCHEMA_VERSION,)]


def test_saving_a_colour_game_of_no_puzzle_is_an_error(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        with pytest.raises(LibraryError, match="no puzzle with id 7"):
            lib.save_colour_progress(7, SETS)


def test_a_colour_game_goes_with_its_puzzle_and_is_void_when_it_no_longer_fits(
    tmp_path: Path,
) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_flag())
        lib.save_colour_progress(pid, SETS)
        # the palette lost red: the game names a colour the puzzle has no more
        lib.update(pid, _recoloured_two_colours())
        assert lib.colour_progress(pid) is None
        lib.update(pid, _flag())
        assert lib.colour_progress(pid) is not None  # fits again: taken up
        lib.update(pid, Puzzle.from_grid(np.ones((3, 3), dtype=np.int8), title="Square"))
        assert lib.colour_progress(pid) is None  # black and white now: no palette
        lib.update(pid, _flag())
        lib.remove(pid)
    assert _sql(db, "SELECT COUNT(*) FROM colour_progress") == [(0,)]


def test_a_colour_game_is_void_once_its_palette_gained_a_colour(tmp_path: Path) -> None:
    """A colour added to the palette: the game's undecided cells leave it out (as if the player
    had ruled it out everywhere), so the game no longer fits, though every mask still reads.
    A game of the old palette written after the puzzle changed (a save that came late) is void
    too."""
    blue = Colour("blue", "#1f77b4", "b")
    with Library(tmp_path / "lib.sqlite3") as lib:
        pid = lib.add(_flag())
        lib.save_colour_progress(pid, SETS)
        lib.update(pid, _flag((WHITE, BLACK, RED, blue)))
        assert lib.colour_progress(pid) is None
        lib.save_colour_progress(pid, SETS, colours=3)  # played on the three-colour palette
        assert lib.colour_progress(pid) is None
        lib.update(pid, _flag())
        kept = lib.colour_progress(pid)
        assert kept is not None and kept.sets == SETS  # the palette it was played on: fits


def _recoloured_two_colours() -> ColourPuzzle:
    """The flag's shape in one colour (red on white): a palette of two entries."""
    from nonostudio.core.colour.model import clues_of_colour_grid

    goal = tuple(tuple(1 if c else 0 for c in row) for row in GOAL)
    rows, cols = clues_of_colour_grid(goal)
    return ColourPuzzle(Palette((WHITE, RED)), rows, cols, goal=goal, title="Flag")


@pytest.mark.parametrize("cells", ["2 6 7/1 7 3/4 7", "2 6 zz/1 7 3/4 7 7", "2 0 7/1 7 3/4 7 7"])
def test_a_damaged_colour_game_names_its_puzzle(tmp_path: Path, cells: str) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_flag())
        lib.save_colour_progress(pid, SETS)
        _sql(db, "UPDATE colour_progress SET cells=? WHERE puzzle_id=?", (cells, pid))
        with pytest.raises(DamagedRecordError, match=f"progress of library puzzle {pid}"):
            lib.colour_progress(pid)


def test_a_read_only_library_keeps_its_colour_game_and_refuses_a_new_one(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_flag())
        lib.save_colour_progress(pid, SETS, seconds=5)
    with Library(db, read_only=True) as lib:
        kept = lib.colour_progress(pid)
        assert kept is not None and kept.sets == SETS
        with pytest.raises(LibraryError, match="read-only"):
            lib.save_colour_progress(pid, SETS, seconds=6)


def test_a_session_s_colour_game_is_carried_into_the_library_file(tmp_path: Path) -> None:
    session = Library(":memory:")
    pid = session.add(_flag())
    session.save_colour_progress(pid, SETS, seconds=12.0)
    ids = session.move_into(tmp_path / "lib.sqlite3")
    try:
        kept = session.colour_progress(ids[pid])
        assert kept is not None and (kept.sets, kept.seconds) == (SETS, 12.0)
    finally:
        session.close()


def test_a_salvage_keeps_the_colour_games(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_flag())
        lib.save_colour_progress(pid, SETS, seconds=3.0)
    source = sqlite3.connect(db)
    try:
        salvage(source, tmp_path / "out.sqlite3")
    finally:
        source.close()
    with Library(tmp_path / "out.sqlite3") as out:
        kept = out.colour_progress(pid)
        assert kept is not None and (kept.sets, kept.seconds) == (SETS, 3.0)
