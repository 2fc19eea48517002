"""The :class:`Library`: the user's puzzles in one SQLite file, read and changed safely.

Every write is one transaction, so a crash (even ``kill -9``) loses at most the write in progress,
and a failed write is rolled back and reported as :class:`LibraryError`; no ``sqlite3`` error
leaves the library.  See docs/design/core.md for how faults are handled.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.library import colour_progress, schema
from nonostudio.core.library.colour_progress import CellSets, ColourHandProgress
from nonostudio.core.library.faults import (
    CONFLICT,
    CORRUPT,
    FULL,
    MISSING,
    READ_ONLY,
    DamagedRecordError,
    LibraryError,
    fault_kind,
    full_warning,
    read_error,
    unwritable_reason,
    write_error,
)
from nonostudio.core.library.listing import Listing
from nonostudio.core.library.opening import identity, open_library
from nonostudio.core.library.records import (
    AnyPuzzle,
    ClueKey,
    Damaged,
    HandProgress,
    LibraryEntry,
    any_puzzle_from_json,
    clue_key,
    decode,
    document_clue_key,
    hand_cells,
    hand_text,
    information,
    now,
    puzzle_from_json,
    puzzle_to_json,
    readable_title,
    record_name,
    stored_clue_key,
)
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle

BUSY_TIMEOUT = 3.0  # seconds a lock held by another process is waited for
SAMPLE_EXTENSIONS = (".non",)

_T = TypeVar("_T")


class Library:
    """The puzzle library stored in the SQLite file ``path`` (created when missing).

    ``read_only=True`` opens an existing file without ever writing to it.  A lock held by another
    process is waited for ``busy_timeout`` seconds (default :data:`BUSY_TIMEOUT`).  After opening,
    :attr:`read_only` says whether writes are possible (with :attr:`read_only_reason`),
    :attr:`warning` holds a sentence for the user when the library works only in part (a full
    disk), and :attr:`skipped` lists the damaged records the last :meth:`entries` left out.

    ``any_thread=True`` lets another thread than the one that opened it use the library (one
    thread at a time): a library opened in the background and handed to the GUI thread.  The
    recovery of a damaged file reports to ``progress`` and stops, the file left unchanged, when
    ``should_stop()`` turns true (see :meth:`open_recovering`).
    """

    def __init__(
        self,
        path: Path | str,
        *,
        read_only: bool = False,
        busy_timeout: float | None = None,
        any_thread: bool = False,
        progress: ProgressCallback | None = None,
        should_stop: StopCallback | None = None,
    ) -> None:
        self.path = Path(path)
        self._any_thread = any_thread
        self.busy_timeout = BUSY_TIMEOUT if busy_timeout is None else busy_timeout
        self.read_only = read_only
        self.read_only_reason = "it was opened read-only" if read_only else ""
        self.warning = ""
        self._listing = Listing()
        self._writes = 0  # write transactions begun: a listing read elsewhere meanwhile is stale
        self._asked_read_only = read_only
        self._editing: dict[int, bytes] = {}  # id -> digest of the document an editor read
        opened = open_library(
            self.path,
            read_only=read_only,
            wait=self.busy_timeout,
            connect=self._connect,
            progress=progress,
            should_stop=should_stop,
        )
        if opened.unwritable is not None:
            self._note_unwritable(opened.unwritable)
        self._conn = opened.conn
        self._identity = opened.identity
        self._data_version = self._version()
        self._mark = self._puzzles_mark()

    def _puzzles_mark(self) -> tuple[object, ...] | None:
        """What changes when the puzzles are written (one added, removed, or saved: its
        ``modified`` stamp), and not when only the tutor's profiles are: None when it cannot be
        read."""
        try:
            row = self._conn.execute(
                "SELECT count(*), max(id), max(modified) FROM puzzles"
            ).fetchone()
        except sqlite3.Error:
            return None
        return tuple(row) if row else None

    def _version(self) -> int | None:
        """SQLite's data version of this connection: it changes when another connection (another
        studio, another program) commits a write to the file; None when it cannot be read."""
        try:
            row = self._conn.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return None
        return int(row[0]) if row else None

    def changed_elsewhere(self) -> bool:
        """Whether another studio or program wrote the library's puzzles since this one opened
        it or last asked (this connection's own writes do not change the data version; a write
        to the profiles alone, the tutor's own connection recording a player's strokes, leaves
        the puzzles as they were and re-listed 46,000 rows at each switch back to the studio):
        its listing here may be stale."""
        version = self._version()
        before, self._data_version = self._data_version, version
        if version is None or before is None or version == before:
            return False
        was, self._mark = self._mark, self._puzzles_mark()
        return self._mark is None or self._mark != was

    @classmethod
    def open_recovering(
        cls,
        path: Path | str,
        *,
        busy_timeout: float | None = None,
        progress: ProgressCallback | None = None,
        should_stop: StopCallback | None = None,
    ) -> Reopened:
        """Open the library file ``path`` in a background thread, to hand it to another (the
        GUI's): a damaged file is recovered first (``progress`` is told how far; when
        ``should_stop()`` turns true the recovery is given up and the file left as it was) and
        the library in its place opened, and its listing read (:attr:`Reopened.entries`; the
        receiving thread's next :meth:`entries` finds every document checked).  Raises
        LibraryError when the file cannot be used, as ``Library(path)`` would (a stopped
        recovery included)."""
        recovery: LibraryError | None = None
        try:
            library = cls(
                path,
                busy_timeout=busy_timeout,
                any_thread=True,
                progress=progress,
                should_stop=should_stop,
            )
        except LibraryError as exc:
            if exc.moved_to is None:
                raise
            recovery = exc  # the damaged file is kept aside: open what is in its place now
            library = cls(path, busy_timeout=busy_timeout, any_thread=True)
        try:
            entries = library.entries()
        except LibraryError:
            entries = None  # read again (and told) where the library is used
        return Reopened(library, recovery, entries)

    @property
    def in_memory(self) -> bool:
        return str(self.path) == ":memory:"

    @property
    def skipped(self) -> list[str]:
        """The damaged records the last :meth:`entries` left out, each in a sentence."""
        return self._listing.skipped

    def _connect(self, target: str | Path, *, uri: bool = False) -> sqlite3.Connection:
        return sqlite3.connect(
            target,
            isolation_level=None,
            timeout=self.busy_timeout,
            uri=uri,
            check_same_thread=not self._any_thread,
        )

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _follow(self, action: str = "") -> None:
        """Make sure the connection is to the file the path names now.  Another studio that
        found the file damaged recovers it into a new file in its place and keeps the old one
        aside: reads and writes then go to the new file, not to the copy kept aside, where a
        write would be lost from sight.  A file moved away or deleted (nothing at the path) is a
        LibraryError for a write (``action`` says which); reads go on in the file still open."""
        if self._identity is None:
            return
        now_at_path = identity(self.path)
        if now_at_path == self._identity:
            return
        if now_at_path is None:
            if not action:
                return
            raise LibraryError(
                f"The puzzle library {self.path} was moved or deleted while nonostudio had it "
                f"open: cannot {action}. Put it back, or start nonostudio again for a new one.",
                kind=MISSING,
            )
        opened = open_library(
            self.path,
            read_only=self._asked_read_only,
            wait=self.busy_timeout,
            connect=self._connect,
        )
        self._conn.close()
        self._conn, self._identity, self._listing = opened.conn, opened.identity, Listing()
        self._data_version = self._version()
        self.read_only = self._asked_read_only
        self.read_only_reason = "it was opened read-only" if self._asked_read_only else ""
        self.warning = ""
        if opened.unwritable is not None:
            self._note_unwritable(opened.unwritable)

    # -- writing -----------------------------------------------------------------------------

    def _note_unwritable(self, exc: sqlite3.Error) -> None:
        """Remember what a failed write showed: a read-only file or folder, or a full disk."""
        kind = fault_kind(exc)
        if kind == READ_ONLY:
            self.read_only = True
            self.read_only_reason = unwritable_reason(exc)
        elif kind == FULL:
            self.warning = full_warning(self.path, exc)

    def _transaction(self, action: str, work: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run ``work`` in one write transaction; any failure rolls it back and becomes a
        LibraryError saying what could not be done and why (``action``: "add the puzzle …").

        A studio recovering the library holds its lock until the new file is in place: a write
        that waited for the lock then goes to the new file (SQLite refuses to write to the file
        kept aside, whose path names another now, as to a read-only one)."""
        self._writes += 1
        while True:
            self._follow(action)
            if self.read_only:
                raise LibraryError(
                    f"The library is read-only: cannot {action} ({self.path}: "
                    f"{self.read_only_reason}).",
                    kind=READ_ONLY,
                )
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                self._note_unwritable(exc)
                raise write_error(self.path, exc, action, self.busy_timeout) from None
            if self._identity is None or identity(self.path) == self._identity:
                break
            schema.rollback(conn)  # replaced while this write waited: follow it
        try:
            result = work(conn)
            conn.execute("COMMIT")
            self.warning = ""  # a write went through, so there is room: no warning
            return result
        except sqlite3.Error as exc:
            schema.rollback(conn)
            self._note_unwritable(exc)
            raise write_error(self.path, exc, action, self.busy_timeout) from None
        except BaseException:
            schema.rollback(conn)
            raise

    def add(self, puzzle: AnyPuzzle, source: str = "") -> int:
        """Store ``puzzle`` (black and white or colour; ``source`` says where it came from) and
        return its new id."""
        params = schema.insert_params(puzzle, source, now())
        cur = self._transaction(
            f"add the puzzle “{puzzle.title or 'untitled'}”",
            lambda conn: conn.execute(schema.INSERT, params),
        )
        return int(cur.lastrowid or 0)

    def add_many(self, puzzles: Sequence[tuple[AnyPuzzle, str]]) -> list[int]:
        """Store each ``(puzzle, source)`` of ``puzzles`` in one write: their new ids, in order.
        All or none are stored.  One write instead of one a puzzle: each write waits for the
        disk (13.7 ms measured), the inserts themselves take a fraction of a millisecond."""
        if not puzzles:
            return []
        stamp = now()
        params = [schema.insert_params(puzzle, source, stamp) for puzzle, source in puzzles]
        first = puzzles[0][0].title or "untitled"
        more = f" and {count(len(puzzles) - 1, 'more puzzle')}" if len(puzzles) > 1 else ""

        def insert(conn: sqlite3.Connection) -> list[int]:
            return [int(conn.execute(schema.INSERT, row).lastrowid or 0) for row in params]

        return self._transaction(f"add the puzzle “{first}”{more}", insert)

    def update(self, id: int, puzzle: AnyPuzzle) -> None:
        """Replace puzzle ``id``; its cached verdict and difficulty are cleared when its clues
        differ from the stored version's (a new title, author, licence, notes or goal picture
        keeps them: they depend on the clues alone, :func:`records.clue_key`).

        A puzzle read with :meth:`get_for_editing` is not saved over a version another studio
        (or program) stored since: a ``CONFLICT`` LibraryError says so, and the next update of
        it replaces that version (the user was told, and saved again)."""
        document = puzzle_to_json(puzzle)
        params = (
            puzzle.title,
            puzzle.author,
            puzzle.width,
            puzzle.height,
            puzzle.licence,
            document,
            now(),
            id,
        )
        self._listing.forget(id)
        base = self._editing.get(id)
        key = clue_key(puzzle)

        def replace(conn: sqlite3.Connection) -> sqlite3.Cursor:
            row = conn.execute(
                "SELECT CAST(title AS BLOB), CAST(data AS BLOB) FROM puzzles WHERE id=?", (id,)
            ).fetchone()
            if base is not None:
                if row is not None and _digest(row[1]) != base:
                    name = record_name(id, readable_title(row[0]))
                    # Told once: saving again replaces that version (unless it changes again).
                    self._editing[id] = _digest(row[1])
                    raise LibraryError(
                        f"{name[:1].upper()}{name[1:]} was changed by "
                        "another nonostudio window or program since it was opened here: this "
                        "version was not saved over it. Save again to replace that version "
                        "with this one.",
                        kind=CONFLICT,
                    )
            same_clues = row is not None and _stored_key(row[1]) == key
            return conn.execute(
                "UPDATE puzzles SET title=?, author=?, width=?, height=?, licence=?, data=?, "
                + ("" if same_clues else "verdict='', difficulty='', ")
                + "modified=? WHERE id=?",
                params,
            )

        cur = self._transaction(f"save library puzzle {id}", replace)
        if cur.rowcount != 1:
            raise LibraryError(
                f"The library {self.path} has no puzzle with id {id} any more (it was deleted, "
                "perhaps in another nonostudio window): this version was not saved there.",
                kind=MISSING,
            )
        if base is not None:
            self._editing[id] = _digest(document.encode("utf-8"))

    def set_verdict(self, id: int, text: str) -> None:
        """Cache the solver's one-line verdict for puzzle ``id``."""
        cur = self._transaction(
            f"store the verdict of library puzzle {id}",
            lambda conn: conn.execute("UPDATE puzzles SET verdict=? WHERE id=?", (text, id)),
        )
        self._require_row(cur, id)

    def set_difficulty(self, id: int, label: str) -> None:
        """Cache the difficulty label (e.g. ``Medium``) graded for puzzle ``id``."""
        cur = self._transaction(
            f"store the difficulty of library puzzle {id}",
            lambda conn: conn.execute("UPDATE puzzles SET difficulty=? WHERE id=?", (label, id)),
        )
        self._require_row(cur, id)

    def remove(self, id: int) -> None:
        """Delete puzzle ``id`` (and its hand-solving progress)."""

        def delete(conn: sqlite3.Connection) -> sqlite3.Cursor:
            cur = conn.execute("DELETE FROM puzzles WHERE id=?", (id,))
            if schema.has_hand_table(conn):
                conn.execute("DELETE FROM hand_progress WHERE puzzle_id=?", (id,))
            colour_progress.clear(conn, id)
            return cur

        self._editing.pop(id, None)
        cur = self._transaction(f"delete library puzzle {id}", delete)
        self._require_row(cur, id)

    @staticmethod
    def _require_row(cur: sqlite3.Cursor, id: int) -> None:
        if cur.rowcount != 1:
            raise LibraryError(f"the library has no puzzle with id {id}", kind=MISSING)

    # -- solving by hand ---------------------------------------------------------------------

    def save_hand_progress(
        self, id: int, cells: np.ndarray, seconds: float = 0.0, solved: bool = False
    ) -> None:
        """Keep the player's grid of puzzle ``id`` (replacing what was kept); LibraryError when
        it cannot be written or there is no such puzzle."""
        grid = np.asarray(cells)
        if grid.ndim != 2:
            raise ValueError(f"a hand-solving grid has two dimensions, not {grid.ndim}")
        params = (id, hand_text(grid), max(0.0, float(seconds)), int(bool(solved)), now(), id)

        def save(conn: sqlite3.Connection) -> sqlite3.Cursor:
            if not schema.has_hand_table(conn):
                raise LibraryError(
                    f"Cannot save the progress of library puzzle {id}: the library {self.path} "
                    "is from an older nonostudio and could not be upgraded.",
                    kind=READ_ONLY,
                )
            return conn.execute(
                "INSERT OR REPLACE INTO hand_progress (puzzle_id, cells, seconds, solved, "
                "modified) SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM puzzles WHERE id=?)",
                params,
            )

        cur = self._transaction(f"save the progress of library puzzle {id}", save)
        self._require_row(cur, id)

    def clear_hand_progress(self, id: int) -> None:
        """Forget the player's grid of puzzle ``id`` (nothing happens when none is kept)."""

        def clear(conn: sqlite3.Connection) -> None:
            if schema.has_hand_table(conn):
                conn.execute("DELETE FROM hand_progress WHERE puzzle_id=?", (id,))

        self._transaction(f"clear the progress of library puzzle {id}", clear)

    def hand_progress(self, id: int) -> HandProgress | None:
        """The player's kept grid of puzzle ``id``; None when none is kept or the puzzle's size
        changed since.  A damaged record raises :class:`DamagedRecordError` naming it."""
        self._follow()
        try:
            if not schema.has_hand_table(self._conn):
                return None
            row = self._conn.execute(
                "SELECT CAST(h.cells AS BLOB), h.seconds, h.solved, CAST(h.modified AS BLOB), "
                "p.width, p.height FROM hand_progress h JOIN puzzles p ON p.id = h.puzzle_id "
                "WHERE h.puzzle_id=?",
                (id,),
            ).fetchone()
        except sqlite3.Error as exc:
            raise self._read_error(exc, f"the progress of library puzzle {id}") from None
        if row is None:
            return None
        raw, seconds, solved, modified, width, height = row
        where = f"the saved progress of library puzzle {id}"
        try:
            cells = hand_cells(bytes(raw).decode("utf-8"))
        except (UnicodeDecodeError, KeyError, ValueError, TypeError):
            raise DamagedRecordError(
                f"{where} is damaged (its cells are not rows of #, . and ?)", id=id
            ) from None
        if cells.shape != (height, width):
            return None  # the puzzle was resized since: the old grid does not apply
        try:
            return HandProgress(
                cells,
                float(seconds),
                bool(solved),
                bytes(modified).decode("utf-8", errors="replace"),
            )
        except (TypeError, ValueError):
            raise DamagedRecordError(
                f"{where} is damaged (its time is {seconds!r})", id=id
            ) from None

    # -- colour games solved by hand (nonostudio.core.library.colour_progress) ----------------

    def save_colour_progress(
        self,
        id: int,
        sets: CellSets,
        seconds: float = 0.0,
        solved: bool = False,
        colours: int | None = None,
    ) -> None:
        """Keep the player's grid of cell sets of colour puzzle ``id`` (replacing what was
        kept), played on a palette of ``colours`` entries (None: the stored puzzle's); a game
        of another palette than the stored puzzle's is not taken up.  LibraryError when it
        cannot be written or there is no such puzzle."""
        grid = tuple(tuple(int(mask) for mask in row) for row in sets)
        if not grid or len({len(row) for row in grid}) != 1:
            raise ValueError("a colour game's grid has rows of one length")
        stamp = now()
        cur = self._transaction(
            f"save the progress of library puzzle {id}",
            lambda conn: colour_progress.save(conn, id, grid, seconds, solved, stamp, colours),
        )
        self._require_row(cur, id)

    def clear_colour_progress(self, id: int) -> None:
        """Forget the player's colour grid of puzzle ``id`` (nothing happens when none is kept)."""
        self._transaction(
            f"clear the progress of library puzzle {id}",
            lambda conn: colour_progress.clear(conn, id),
        )

    def colour_progress(self, id: int) -> ColourHandProgress | None:
        """The player's kept colour grid of puzzle ``id``; None when none is kept or it no
        longer fits the puzzle (resized, colours removed).  A damaged record raises
        :class:`DamagedRecordError` naming it."""
        self._follow()
        try:
            row = colour_progress.read_row(self._conn, id)
        except sqlite3.Error as exc:
            raise self._read_error(exc, f"the progress of library puzzle {id}") from None
        if row is None:
            return None
        try:
            return colour_progress.from_row(row)
        except ValueError as exc:
            raise DamagedRecordError(
                f"the saved progress of library puzzle {id} is damaged ({exc})", id=id
            ) from None

    # -- reading -----------------------------------------------------------------------------

    def _read_error(self, exc: sqlite3.Error, what: str) -> LibraryError:
        return read_error(self.path, exc, what, self.busy_timeout)

    def get(self, id: int) -> Puzzle:
        """Black-and-white puzzle ``id``; a damaged record raises :class:`DamagedRecordError`
        naming it, a colour puzzle UnsupportedPuzzleError (use :meth:`get_any`)."""
        return self._get(id, puzzle_from_json)  # type: ignore[return-value]

    def get_any(self, id: int) -> AnyPuzzle:
        """Puzzle ``id``, a colour puzzle as a ColourPuzzle; a damaged record raises
        :class:`DamagedRecordError` naming it."""
        return self._get(id, any_puzzle_from_json)

    def get_for_editing(self, id: int) -> AnyPuzzle:
        """Puzzle ``id`` (as :meth:`get_any`) for an editor that saves it back with
        :meth:`update`, which then refuses once to save over a version stored since by another
        studio: two windows on one library do not silently undo each other's edits."""
        return self._get(id, any_puzzle_from_json, editing=True)

    def _get(
        self, id: int, build: Callable[[str, str], AnyPuzzle], editing: bool = False
    ) -> AnyPuzzle:
        self._follow()
        try:
            row = self._conn.execute(
                "SELECT CAST(title AS BLOB), CAST(data AS BLOB) FROM puzzles WHERE id=?", (id,)
            ).fetchone()
        except sqlite3.Error as exc:
            error = self._read_error(exc, f"library puzzle {id}")
            if error.kind == CORRUPT:
                raise DamagedRecordError(str(error), id=id) from None
            raise error from None
        if row is None:
            raise LibraryError(f"the library has no puzzle with id {id}", kind=MISSING)
        name = record_name(id, readable_title(row[0]))
        try:
            text = decode(row[1], "data")
        except Damaged as exc:
            raise DamagedRecordError(f"{name} is damaged: {exc}", id=id) from None
        try:
            puzzle = build(text, name)
        except UnsupportedPuzzleError:
            raise
        except PuzzleError as exc:
            raise DamagedRecordError(f"{name} is damaged: {exc.message}", id=id) from None
        if editing:
            self._editing[id] = _digest(row[1])
        return puzzle

    def clue_index(
        self, sizes: Collection[tuple[int, int]] | None = None
    ) -> dict[ClueKey, tuple[int, str]]:
        """Each stored puzzle's :func:`clue_key` -> its id and title (the first stored, when
        several share one), read once for an import to look new puzzles up in; with ``sizes``
        (width, height) only the puzzles of those sizes.  The clues are read in SQL (3,918
        puzzles: ~0.03 s, against ~0.3 s with ``json.loads``).  A record that cannot be read
        is left out (the listing names it)."""
        self._follow()
        index: dict[ClueKey, tuple[int, str]] = {}
        try:
            for id, title, key in self._stored_keys(sizes):
                if key not in index:
                    index[key] = (id, readable_title(title) or "")
        except sqlite3.Error as exc:
            raise self._read_error(exc, "the puzzles already in the library") from None
        return index

    def duplicate_groups(self) -> list[list[int]]:
        """The stored puzzles that are one puzzle to a solver: groups of ids of the puzzles
        with the same :func:`clue_key` as :meth:`clue_index` makes them (the title does not
        count), only the groups of two or more, in the order of their first stored ids.  Each
        group starts with the copy to keep, the one a person would (:func:`information`): a
        titled one before an untitled one, then the one with the most of author, copyright,
        licence, notes, picture and solving progress, then the first stored; the others follow
        in the order stored.  Read once in SQL (3,931 r-nonogram puzzles: see
        docs/design/core.md §1.1a), the documents of the grouped puzzles only read again.  A
        record that cannot be read is in no group (the listing names it).  Nothing is changed:
        the Library panel selects the copies for its Delete to remove."""
        self._follow()
        groups: dict[ClueKey, list[int]] = {}
        try:
            for id, _title, key in self._stored_keys(None):
                groups.setdefault(key, []).append(id)
            found = [ids for ids in groups.values() if len(ids) > 1]
            known = self._information([id for ids in found for id in ids])
        except sqlite3.Error as exc:
            raise self._read_error(exc, "the puzzles in the library") from None
        out = []
        for ids in found:
            keep = max(ids, key=lambda id: (known.get(id, (False, 0)), -id))
            out.append([keep] + [id for id in ids if id != keep])
        return out

    def _information(self, ids: list[int]) -> dict[int, tuple[bool, int]]:
        """:func:`information` of each stored puzzle of ``ids``, solving progress counted;
        raises sqlite3.Error for the caller to name."""
        known: dict[int, tuple[bool, int]] = {}
        progress: set[int] = set()
        conn = self._conn
        tables = [
            name
            for name, there in (
                ("hand_progress", schema.has_hand_table(conn)),
                ("colour_progress", colour_progress.has_table(conn)),
            )
            if there
        ]
        for start in range(0, len(ids), 500):  # (under SQLite's limit of bound values)
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for id, data in self._conn.execute(
                f"SELECT id, CAST(data AS BLOB) FROM puzzles WHERE id IN ({marks})", chunk
            ):
                try:
                    known[int(id)] = information(decode(data, "data"))
                except Damaged:
                    continue
            for table in tables:
                rows = conn.execute(
                    f"SELECT puzzle_id FROM {table} WHERE puzzle_id IN ({marks})", chunk
                )
                progress.update(int(row[0]) for row in rows)
        return {id: (titled, count + (id in progress)) for id, (titled, count) in known.items()}

    def _stored_keys(
        self, sizes: Collection[tuple[int, int]] | None
    ) -> Iterator[tuple[int, object, ClueKey]]:
        """Each readable stored puzzle's id, stored title and :func:`clue_key`, in the order
        stored (with ``sizes``, only the puzzles of those (width, height)): the clues read in
        SQL, or from the document where SQLite has no JSON; a record that cannot be read is
        left out.  Raises sqlite3.Error for the caller to name."""
        sql_json = _has_sql_json(self._conn)
        query = _INDEX_SQL if sql_json else _INDEX_SQL_PLAIN
        for id, width, height, title, *document in self._conn.execute(query):
            if sizes is not None and (width, height) not in sizes:
                continue
            if sql_json:
                key = stored_clue_key(*document)
            else:
                try:
                    key = document_clue_key(decode(document[0], "data"))
                except Damaged:
                    continue
            if key is not None:
                yield int(id), title, key

    def entries(self) -> list[LibraryEntry]:
        """Every readable stored puzzle's listing columns, in the order they were added.

        A damaged record is left out and described in :attr:`skipped`; a file so damaged that
        rows cannot be found is read row by row around the damage.  Raises LibraryError only when
        nothing can be read (a lock held by another process, an I/O error).  Each stored
        document is checked once per session and again whenever it changes.
        """
        self._follow()
        try:
            return self._listing.entries(self._conn)
        except sqlite3.Error as exc:
            if fault_kind(exc) != CORRUPT:
                raise self._read_error(exc, "the list of puzzles") from None
            return self._listing.around_damage(self._conn, self.path, exc)

    def entry(self, id: int) -> LibraryEntry | None:
        """Puzzle ``id``'s row of the listing as :meth:`entries` would list it (None: no such
        puzzle, or its record is damaged), read alone: a view shows a puzzle just added or
        changed without reading the whole listing again."""
        self._follow()
        try:
            return self._listing.entry(self._conn, id)
        except sqlite3.Error as exc:
            raise self._read_error(exc, f"library puzzle {id}") from None

    def listing_reader(self) -> Callable[[], ListingRead] | None:
        """A function that reads the listing as :meth:`entries` does, on another thread with a
        connection of its own (checking every stored document of a big library takes a while);
        its result goes to :meth:`take_listing` on this library's thread.  None for a library
        in memory, which no other connection can read."""
        if self.in_memory or self._identity is None:
            return None
        self._follow()
        token = (self._listing, self._identity, self._writes)
        path, wait = self.path, self.busy_timeout

        def read() -> ListingRead:
            listing = Listing()
            conn: sqlite3.Connection | None = None
            try:
                conn = sqlite3.connect(
                    path.absolute().as_uri() + "?mode=ro",
                    uri=True,
                    timeout=wait,
                    isolation_level=None,
                )
                try:
                    entries = listing.entries(conn)
                except sqlite3.Error as exc:
                    if fault_kind(exc) != CORRUPT:
                        raise
                    entries = listing.around_damage(conn, path, exc)
            except sqlite3.Error as exc:  # (said where the listing is shown)
                problem = read_error(path, exc, "the list of puzzles", wait)
                return ListingRead(None, listing, token, str(problem))
            finally:
                if conn is not None:
                    conn.close()
            return ListingRead(entries, listing, token)

        return read

    def take_listing(self, read: ListingRead) -> list[LibraryEntry] | None:
        """The listing ``read`` by :meth:`listing_reader`'s function, made this library's last
        listing (its skipped records, its documents known sound); None when it could not be
        read there or the library changed since (a write, the file replaced): then read it
        with :meth:`entries`."""
        if read.entries is None:
            return None
        self._follow()
        if read.token != (self._listing, self._identity, self._writes):
            return None
        self._listing.adopt(read.listing)
        return read.entries

    def __len__(self) -> int:
        self._follow()
        try:
            return int(self._conn.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0])
        except sqlite3.Error as exc:
            raise self._read_error(exc, "the number of puzzles") from None

    # -- first start -------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        self._follow()
        try:
            row = self._conn.execute(
                "SELECT CAST(value AS BLOB) FROM meta WHERE key=?", (key,)
            ).fetchone()
        except sqlite3.Error as exc:
            raise self._read_error(exc, f"the setting {key!r}") from None
        return None if row is None else bytes(row[0]).decode("utf-8", errors="replace")

    def seed_samples(self, folder: Path | str) -> int:
        """Add the bundled samples in ``folder`` once per library; return how many were added.

        The library remembers that it was seeded, so samples the user deletes stay deleted.  All
        samples are read before anything is written: a bad sample raises PuzzleError and adds none.
        """
        if self.meta("samples_seeded") is not None:
            return 0
        from nonostudio.core.formats import read_file  # formats are only needed on first start

        files = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in SAMPLE_EXTENSIONS)
        puzzles = [(read_file(p), f"sample: {p.name}") for p in files]
        stamp = now()

        def insert_all(conn: sqlite3.Connection) -> int:
            # Looked at again under the write lock: a second studio started at the same moment
            # may have seeded the library since the look above.
            if conn.execute("SELECT 1 FROM meta WHERE key='samples_seeded'").fetchone():
                return 0
            for puzzle, source in puzzles:
                conn.execute(schema.INSERT, schema.insert_params(puzzle, source, stamp))
            conn.execute("INSERT INTO meta (key, value) VALUES ('samples_seeded', ?)", (stamp,))
            return len(puzzles)

        return self._transaction("add the sample puzzles", insert_all)

    # -- a session that started in memory ----------------------------------------------------

    def move_into(self, path: Path | str | Library) -> dict[int, int]:
        """Carry on as the library file ``path``, after copying this library's puzzles into it.

        Made for a session that had to start on an in-memory library: once its file can be
        opened, the puzzles added meanwhile (with their cached verdict and difficulty and the
        player's progress) are copied in, in one transaction; the samples it was seeded with are
        left out unless changed or played.  Returns each copied puzzle's old id -> new id.  When
        ``path`` cannot be opened or written, raises LibraryError and nothing changes here.
        ``path`` may be the file already opened (:meth:`open_recovering`); it is taken over, and
        closed when the move fails.
        """
        if isinstance(path, Library):
            target = path
        else:
            target = Library(path, busy_timeout=self.busy_timeout)
        try:
            if target.read_only:
                raise LibraryError(
                    f"The puzzle library {target.path} cannot be written "
                    f"({target.read_only_reason}).",
                    kind=READ_ONLY,
                )
            moved = []
            for entry in self.entries():
                progress = self.hand_progress(entry.id) if not entry.is_colour else None
                colour = self.colour_progress(entry.id) if entry.is_colour else None
                played = progress is not None or colour is not None
                seeded = entry.source.startswith("sample: ") and entry.created == entry.modified
                if not seeded or played:
                    moved.append((entry, self.get_any(entry.id), progress, colour))

            def copy(conn: sqlite3.Connection) -> dict[int, int]:
                ids: dict[int, int] = {}
                for entry, puzzle, progress, colour in moved:
                    cur = conn.execute(_COPY, _copy_params(entry, puzzle))
                    ids[entry.id] = new = int(cur.lastrowid or 0)
                    if colour is not None:
                        colour_progress.copy_row(conn, new, colour)
                    if progress is not None and schema.has_hand_table(conn):
                        conn.execute(
                            "INSERT INTO hand_progress (puzzle_id, cells, seconds, solved, "
                            "modified) VALUES (?, ?, ?, ?, ?)",
                            (
                                new,
                                hand_text(progress.cells),
                                progress.seconds,
                                int(progress.solved),
                                progress.modified,
                            ),
                        )
                return ids

            n = len(moved)
            ids = target._transaction(
                f"copy the {count(n, 'puzzle')} of this session into it", copy
            )
        except BaseException:
            target.close()
            raise
        self._conn.close()
        self.path, self._conn, self._listing = target.path, target._conn, target._listing
        self._identity, self._asked_read_only = target._identity, target._asked_read_only
        self._any_thread = target._any_thread
        self._editing = {}  # the ids changed
        self.read_only, self.read_only_reason = target.read_only, target.read_only_reason
        self.warning = target.warning
        return ids


@dataclass(frozen=True)
class Reopened:
    """A library file opened by :meth:`Library.open_recovering`, the LibraryError that reported
    its recovery (None when it opened as it was) and its listing as read then (None when it
    could not be read)."""

    library: Library
    recovery: LibraryError | None
    entries: list[LibraryEntry] | None = None


@dataclass(frozen=True)
class ListingRead:
    """A listing read on another thread (:meth:`Library.listing_reader`): its rows (None when
    it could not be read there, and then why), what was found reading them, and the library's
    state when the read began (``token``)."""

    entries: list[LibraryEntry] | None
    listing: Listing
    token: tuple[object, ...]
    problem: str = ""  # why the rows could not be read (when ``entries`` is None)


_INDEX_SQL = (
    "SELECT id, width, height, CAST(title AS BLOB), "
    + ", ".join(
        f"CASE WHEN json_valid(data) THEN json_extract(data, '$.{part}') END"
        for part in ("rows", "cols", "palette")
    )
    + " FROM puzzles ORDER BY id"
)
_INDEX_SQL_PLAIN = (
    "SELECT id, width, height, CAST(title AS BLOB), CAST(data AS BLOB) FROM puzzles ORDER BY id"
)


def _has_sql_json(conn: sqlite3.Connection) -> bool:
    """Whether this SQLite has its JSON functions (built in since 3.38)."""
    try:
        conn.execute("SELECT json_valid('{}')").fetchone()
    except sqlite3.Error:
        return False
    return True


def _stored_key(document: bytes | None) -> ClueKey | None:
    """:func:`records.clue_key` of a stored document (None: none, or it cannot be read)."""
    if document is None:
        return None
    try:
        return document_clue_key(document.decode("utf-8"))
    except UnicodeDecodeError:
        return None


def _digest(document: bytes | None) -> bytes:
    """A short fingerprint of a stored document (its bytes), to tell whether it changed."""
    return hashlib.blake2b(document or b"", digest_size=16).digest()


_COPY = (
    "INSERT INTO puzzles (title, author, width, height, source, licence, verdict, difficulty, "
    "data, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _copy_params(entry: LibraryEntry, puzzle: AnyPuzzle) -> tuple[object, ...]:
    return (
        puzzle.title,
        puzzle.author,
        puzzle.width,
        puzzle.height,
        entry.source,
        puzzle.licence,
        entry.verdict,
        entry.difficulty,
        puzzle_to_json(puzzle),
        entry.created,
        entry.modified,
    )
