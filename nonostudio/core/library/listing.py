"""Reading the library's listing while leaving damaged records out, each named in ``skipped``.

Text is decoded record by record and every stored document is checked (by SQLite's JSON functions
when it has them) once per session and again whenever it changes; a file so damaged that rows
cannot be found is read one record at a time around the damage.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from nonostudio.core.library.records import (
    TEXT_COLUMNS,
    Damaged,
    LibraryEntry,
    check_document,
    colours_of_document,
    decode,
    readable_title,
    record_name,
)
from nonostudio.core.library.schema import DOCUMENT_CHECK, DOCUMENT_SQL, LIST_SQL

_FEW = 200  # up to this many unchecked documents are read one by one, more in one pass


class Listing:
    """The listing of one library connection, with what was skipped and what is known sound."""

    def __init__(self) -> None:
        self.skipped: list[str] = []
        self._sql_json: bool | None = None  # whether SQLite can check JSON (asked once)
        self._checked: dict[int, str] = {}  # id -> modified stamp of documents found sound
        self._colours: dict[int, int] = {}  # id -> colours of a sound colour document

    def adopt(self, other: Listing) -> None:
        """Take what ``other`` found (read with a connection of its own, on another thread):
        its skipped records, the documents it found sound and their colours."""
        self.skipped = list(other.skipped)
        self._sql_json = other._sql_json
        self._checked = dict(other._checked)
        self._colours = dict(other._colours)

    def forget(self, id: int) -> None:
        """Read record ``id``'s document again at the next listing (it was changed within the
        second its stamp names)."""
        self._checked.pop(id, None)
        self._colours.pop(id, None)

    def entries(self, conn: sqlite3.Connection) -> list[LibraryEntry]:
        """Every readable record in id order; an ``sqlite3.Error`` reading the file is raised
        (:meth:`around_damage` reads what it can of a damaged file)."""
        self.skipped = []
        rows = conn.execute(LIST_SQL + " ORDER BY id").fetchall()
        entries = [e for e in (self._entry(row) for row in rows) if e is not None]
        return self._with_sound_documents(conn, entries)

    def entry(self, conn: sqlite3.Connection, id: int) -> LibraryEntry | None:
        """Record ``id``'s row of the listing, as :meth:`entries` reads it (its document
        checked unless known sound); None when there is no such record or it is damaged."""
        row = conn.execute(LIST_SQL + " WHERE id=?", (id,)).fetchone()
        entry = None if row is None else self._entry(row)
        if entry is None:
            return None
        found = self._with_sound_documents(conn, [entry])
        return found[0] if found else None

    def _entry(self, row: tuple[object, ...]) -> LibraryEntry | None:
        id, width, height = row[:3]
        texts = row[3:]
        assert isinstance(id, int)
        try:
            try:  # the common case, fast; the slow path names the damaged column
                values = [raw.decode() for raw in texts]  # type: ignore[attr-defined]
            except (UnicodeDecodeError, AttributeError):
                values = [
                    decode(raw, column) for column, raw in zip(TEXT_COLUMNS, texts, strict=True)
                ]
            if not (isinstance(width, int) and isinstance(height, int)):
                raise Damaged(f"its size is damaged ({width!r} x {height!r})")
        except Damaged as exc:
            self._skip(id, readable_title(texts[0]), exc)
            return None
        title, author, source, licence, verdict, created, modified, difficulty = values
        return LibraryEntry(
            id,
            title,
            author,
            width,
            height,
            source,
            licence,
            verdict,
            created,
            modified,
            difficulty,
        )

    def _skip(self, id: int, title: str | None, why: object) -> None:
        self.skipped.append(f"{record_name(id, title)} was skipped: {why}.")

    def _document_sql(self, conn: sqlite3.Connection) -> str:
        if self._sql_json is None:
            try:
                conn.execute("SELECT json_valid('{}')").fetchone()
                self._sql_json = True
            except sqlite3.Error:  # an SQLite built without JSON: Python checks instead
                self._sql_json = False
        return DOCUMENT_SQL.format(check=DOCUMENT_CHECK if self._sql_json else "NULL")

    def _with_sound_documents(
        self, conn: sqlite3.Connection, entries: list[LibraryEntry], one_by_one: bool = False
    ) -> list[LibraryEntry]:
        """``entries`` without those whose stored document is not UTF-8 JSON with clues (each
        named in :attr:`skipped`); documents already checked unchanged are not read again."""
        unchecked = [e for e in entries if self._checked.get(e.id) != e.modified]
        if not unchecked:
            return self._with_colours(entries)
        documents: dict[int, tuple[object, object]] = {}
        if len(unchecked) > _FEW and not one_by_one:
            wanted = {e.id for e in unchecked}
            for id, data, verdict in conn.execute(self._document_sql(conn)):
                if id in wanted:
                    documents[id] = (data, verdict)
        else:
            for entry in unchecked:
                try:
                    row = conn.execute(
                        self._document_sql(conn) + " WHERE id=?", (entry.id,)
                    ).fetchone()
                except sqlite3.Error as exc:
                    if not one_by_one:
                        raise
                    row = None
                    self._skip(entry.id, entry.title, f"it could not be read ({exc})")
                if row is not None:
                    documents[entry.id] = (row[1], row[2])
        bad = set()
        for entry in unchecked:
            if entry.id not in documents:
                bad.add(entry.id)
                continue
            data, verdict = documents[entry.id]
            try:
                text = decode(data, "data")
                check_document(text, verdict)
            except Damaged as exc:
                bad.add(entry.id)
                self._skip(entry.id, entry.title, exc)
                continue
            self._checked[entry.id] = entry.modified
            colours = colours_of_document(text)
            if colours is not None:
                self._colours[entry.id] = colours
            else:
                self._colours.pop(entry.id, None)
        return self._with_colours([e for e in entries if e.id not in bad])

    def _with_colours(self, entries: list[LibraryEntry]) -> list[LibraryEntry]:
        """``entries`` with the colour count of each colour puzzle (read with its document)."""
        colours = self._colours
        if not colours:
            return entries
        return [
            replace(e, colours=colours[e.id], colour=True) if e.id in colours else e
            for e in entries
        ]

    def around_damage(
        self, conn: sqlite3.Connection, path: Path, damage: sqlite3.Error
    ) -> list[LibraryEntry]:
        """Read what can be read of a file SQLite calls damaged, one record at a time."""
        self.skipped = [
            f"SQLite reports that the library file {path} is damaged ({damage}): the puzzles "
            "that could still be read are listed, others may be missing."
        ]
        ids: list[int] = []
        try:
            for (id,) in conn.execute("SELECT id FROM puzzles ORDER BY id"):
                if isinstance(id, int) and (not ids or id > ids[-1]):  # a damaged page can
                    ids.append(id)  # yield stray numbers out of order: those are not records
        except sqlite3.Error as exc:
            after = f" after library puzzle {ids[-1]}" if ids else ""
            self.skipped.append(f"The puzzles{after} could not be found ({exc}).")
        entries = []
        for id in ids:
            try:
                row = conn.execute(LIST_SQL + " WHERE id=?", (id,)).fetchone()
            except sqlite3.Error as exc:
                self._skip(id, None, f"it could not be read ({exc})")
                continue
            if row is None:
                self._skip(id, None, "it could not be found")
                continue
            entry = self._entry(row)
            if entry is not None:
                entries.append(entry)
        self._checked.clear()
        return self._with_sound_documents(conn, entries, one_by_one=True)
