"""A player's game of a colour library puzzle solved by hand, as the library keeps it: the grid of
cell *sets* (each cell the bit mask of the palette colours it may still be, as the colour Solve
view holds it), the seconds spent, whether it was solved and when it was saved.

The games live in a table of their own, ``colour_progress``, made when the first one is saved (as
the tutor's profile tables are): the schema version stays, so an older nonostudio still opens the
file and leaves the table alone.  A grid is stored as rows of hexadecimal masks, cells separated
by spaces and rows by ``/``, with the number of palette colours it was played with.  A grid that
no longer fits its puzzle (resized, or a colour added or removed since: the masks would name
other colours, or leave a new one out) is not taken up; one that does not read is damaged and
named.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

#: The rows of a colour game: each cell the bit mask of the palette indices it may still be.
CellSets = tuple[tuple[int, ...], ...]

_TABLE = "colour_progress"
#: The palette length of a stored puzzle document (NULL for a black-and-white one).
_PALETTE_LENGTH = "CASE WHEN json_valid(data) THEN json_array_length(data, '$.palette') END"


@dataclass(frozen=True)
class ColourHandProgress:
    """A player's grid of one colour library puzzle solved by hand: the cell sets, the seconds
    spent so far, whether it was solved, when it was saved, and how many palette colours (the
    background included) the puzzle had then."""

    sets: CellSets
    seconds: float
    solved: bool
    modified: str
    colours: int


def sets_text(sets: CellSets) -> str:
    """A grid of cell sets as stored: hexadecimal masks, cells joined by spaces, rows by ``/``."""
    return "/".join(" ".join(f"{int(mask):x}" for mask in row) for row in sets)


def sets_from_text(text: str) -> CellSets:
    """The grid :func:`sets_text` stored; ValueError when it is damaged (not hexadecimal, a cell
    with no colour left, rows of unequal length)."""
    rows = tuple(tuple(int(cell, 16) for cell in row.split(" ")) for row in text.split("/"))
    if not text or len({len(row) for row in rows}) != 1:
        raise ValueError("its rows are not of one length")
    if any(mask <= 0 for row in rows for mask in row):
        raise ValueError("a cell has no colour left")
    return rows


def has_table(conn: sqlite3.Connection) -> bool:
    """Whether the library holds the colour games' table (made when the first game is saved)."""
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (_TABLE,)
    ).fetchone()
    return found is not None


def create_table(conn: sqlite3.Connection) -> None:
    """Make the colour games' table if it is not there (inside the caller's transaction)."""
    conn.execute(
        f"""CREATE TABLE IF NOT EXISTS {_TABLE} (
            puzzle_id INTEGER PRIMARY KEY,
            cells TEXT NOT NULL,
            seconds REAL NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            modified TEXT NOT NULL,
            colours INTEGER NOT NULL
        )"""
    )


def save(
    conn: sqlite3.Connection,
    id: int,
    sets: CellSets,
    seconds: float,
    solved: bool,
    now: str,
    colours: int | None,
) -> sqlite3.Cursor:
    """Keep ``sets``, played on a palette of ``colours`` entries (None: the stored puzzle's), as
    the game of puzzle ``id`` (replacing one kept), when there is such a puzzle: the cursor's
    row count says whether there was."""
    create_table(conn)
    stamp = (sets_text(sets), max(0.0, float(seconds)), int(bool(solved)), now, colours)
    return conn.execute(
        f"INSERT OR REPLACE INTO {_TABLE} (puzzle_id, cells, seconds, solved, modified, colours) "
        f"SELECT id, ?, ?, ?, ?, COALESCE(?, {_PALETTE_LENGTH}, 0) FROM puzzles WHERE id=?",
        (*stamp, id),
    )


def clear(conn: sqlite3.Connection, id: int) -> None:
    """Forget the game of puzzle ``id`` (nothing happens when none is kept)."""
    if has_table(conn):
        conn.execute(f"DELETE FROM {_TABLE} WHERE puzzle_id=?", (id,))


def read_row(conn: sqlite3.Connection, id: int) -> tuple[object, ...] | None:
    """The stored row of puzzle ``id``'s game with its puzzle's size and its palette's length
    (None for a black-and-white document): raw, as :func:`from_row` takes it."""
    if not has_table(conn):
        return None
    row = conn.execute(
        "SELECT CAST(h.cells AS BLOB), h.seconds, h.solved, CAST(h.modified AS BLOB), "
        f"h.colours, p.width, p.height, {_PALETTE_LENGTH} "
        f"FROM {_TABLE} h JOIN puzzles p ON p.id = h.puzzle_id WHERE h.puzzle_id=?",
        (id,),
    ).fetchone()
    return None if row is None else tuple(row)


def from_row(row: tuple[object, ...]) -> ColourHandProgress | None:
    """The game a row of :func:`read_row` holds; None when it no longer fits its puzzle (another
    size, a colour added or removed since, no palette at all).  ValueError (with what is wrong)
    when the row is damaged."""
    raw, seconds, solved, modified, played_with, width, height, colours = row
    if not isinstance(raw, bytes):
        raise ValueError("its cells are missing")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("its cells are not text") from None
    try:
        sets = sets_from_text(text)
    except ValueError as exc:
        raise ValueError(f"its cells are not rows of colour masks ({exc})") from None
    if (len(sets), len(sets[0])) != (height, width) or not isinstance(colours, int):
        return None  # resized since, or no longer a colour puzzle: the old grid does not apply
    if played_with != colours:
        return None  # a colour added or removed since: the masks would mean other colours
    every = (1 << colours) - 1
    if any(mask & ~every for row_ in sets for mask in row_):
        return None  # masks naming colours the palette does not have: not this puzzle's game
    if not isinstance(seconds, int | float):
        raise ValueError(f"its time is {seconds!r}")
    stamp = modified.decode("utf-8", errors="replace") if isinstance(modified, bytes) else ""
    return ColourHandProgress(sets, float(seconds), bool(solved), stamp, colours)


def copy_row(conn: sqlite3.Connection, id: int, game: ColourHandProgress) -> None:
    """Write ``game`` as the game of puzzle ``id`` as it was (its time stamp kept): a
    library's games carried into another file."""
    create_table(conn)
    conn.execute(
        f"INSERT OR REPLACE INTO {_TABLE} (puzzle_id, cells, seconds, solved, modified, colours) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (id, sets_text(game.sets), game.seconds, int(game.solved), game.modified, game.colours),
    )
