"""Qt table model over the puzzle library's listing, plus the sort/filter proxy the library view
uses.  A colour puzzle's row shows its colour count and, beside its title, a thumbnail of its
picture in its palette colours: the file's picture, or else its unique solution, found in the
worker pool (its palette's stripes meanwhile, and for a puzzle without exactly one solution)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QSortFilterProxyModel, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QImage, QPixmap

from nonostudio.analysis.grades.difficulty import LABELS
from nonostudio.core.colour.model import ColourGrid, ColourPuzzle
from nonostudio.core.counts import count, number
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryEntry, LibraryError
from nonostudio.core.library.store import ListingRead
from nonostudio.gui.common.table_model import TOOLTIP, AnyIndex, Column, TableModel
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background

log = logging.getLogger(__name__)

STORED_ONE_BY_ONE = 100  # puzzles written at once whose rows are read alone (more: the listing)

# Difficulty sorts from Beginner to Expert, then the puzzles no player can finish, then ungraded.
DIFFICULTY_ORDER = (*LABELS, "Not unique", "No solution", "Undecided")

SORT_ROLE = Qt.ItemDataRole.UserRole
ID_ROLE = Qt.ItemDataRole.UserRole + 1
DECORATION = Qt.ItemDataRole.DecorationRole
THUMBNAIL = 16  # pixels: a thumbnail's longer side, the height of a row's text
THUMBNAIL_SOLVE_S = 1.0  # seconds the solution of a thumbnail without a picture is looked for
# Times a listing read in the background is read again there when the library changed meanwhile
# (a write from this window), before the view says it could not be listed and offers Retry.
REREADS = 3
REMOVED_ONE_BY_ONE = 50  # rows deleted at once above which the table is shown afresh instead


def colour_thumbnail(puzzle: ColourPuzzle, side: int = THUMBNAIL) -> QPixmap:
    """The puzzle's picture in its palette colours, ``side`` pixels on its longer side; a puzzle
    without a picture shows its colours as stripes."""
    colours = [QColor(c.rgb) for c in puzzle.palette.colours]
    if puzzle.goal is not None:
        grid = puzzle.goal
        h, w = len(grid), len(grid[0])
        scale = side / max(w, h)
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
    else:  # one stripe per colour besides the background, filling the square
        grid = (tuple(range(1, len(colours))),)
        size = (side, side)
    image = QImage(len(grid[0]), len(grid), QImage.Format.Format_RGB32)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            image.setPixelColor(c, r, colours[value])
    return QPixmap.fromImage(
        image.scaled(
            *size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.FastTransformation
        )
    )


def _without_email(author: str) -> str:
    """``Jakub Wilk <jwilk@jwilk.net>`` shows as ``Jakub Wilk`` (the tooltip keeps the address)."""
    name, bracket, rest = author.partition("<")
    return name.strip() if bracket and rest.rstrip().endswith(">") and name.strip() else author


def _column(
    header: str,
    text: Callable[[LibraryEntry], str],
    *,
    sort: Callable[[LibraryEntry], object] | None = None,
    tooltip: Callable[[LibraryEntry], str] | None = None,
    numeric: bool = False,
) -> Column[LibraryEntry]:
    """A column sorted by ``sort`` (by its text, in any case, without one)."""
    roles: dict[int, Callable[[LibraryEntry], object]] = {
        SORT_ROLE: sort or (lambda entry: text(entry).casefold())
    }
    if tooltip is not None:
        roles[TOOLTIP] = tooltip
    return Column(header, text, roles=roles, numeric=numeric)


_DIGITS = re.compile(r"([0-9]+)")


def _title_key(entry: LibraryEntry) -> tuple[object, ...]:
    """A title's sort key with its numbers by value: 'Set 2' before 'Set 10' (a collection's
    numbered titles, Janko's 'Nonogram_dataset 1567_25x25', sorted as text put 1000 before 2).
    A number compares by its length without leading zeros, then its digits (int() refuses past
    4,300 digits); '2' before '02'.  Text and numbers alternate, so like compares with like."""
    parts = _DIGITS.split((entry.title or "(untitled)").casefold())
    key: list[object] = []
    for i, part in enumerate(parts):
        if i % 2:
            digits = part.lstrip("0") or "0"
            key.append((len(digits), digits, len(part)))
        else:
            key.append(part)
    return tuple(key)


def _not_checked(text: Callable[[LibraryEntry], str]) -> Callable[[LibraryEntry], str]:
    """The tooltip of a column the background checks fill in."""
    return lambda entry: text(entry) or "Not checked yet: filled in by the background checks"


def _verdict(entry: LibraryEntry) -> str:
    return entry.verdict


def _difficulty(entry: LibraryEntry) -> str:
    return entry.difficulty


def _difficulty_rank(entry: LibraryEntry) -> int:
    order = DIFFICULTY_ORDER
    return order.index(entry.difficulty) if entry.difficulty in order else len(order)


def _entry_tip(entry: LibraryEntry) -> str:
    source = f"\nFrom: {entry.source}" if entry.source else ""
    kind = f", {count(entry.colours, 'colour')}" if entry.is_colour else ""
    return f"{entry.title} ({entry.size_text}{kind}) by {entry.author or 'unknown'}{source}"


def _colours_text(entry: LibraryEntry) -> str:
    return str(entry.colours) if entry.is_colour else ""


def _colours_tip(entry: LibraryEntry) -> str:
    if not entry.is_colour:
        return "Black and white"
    return f"A colour puzzle: its clues use {count(entry.colours, 'colour')} besides the background"


LIBRARY_COLUMNS: tuple[Column[LibraryEntry], ...] = (
    _column("Title", lambda entry: entry.title or "(untitled)", sort=_title_key),
    _column(
        "Size",
        lambda entry: entry.size_text,
        sort=lambda entry: entry.width * entry.height,
        numeric=True,
    ),
    _column("Author", lambda entry: _without_email(entry.author)),
    _column("Licence", lambda entry: entry.licence),
    _column("Verdict", _verdict, tooltip=_not_checked(_verdict)),
    _column("Difficulty", _difficulty, sort=_difficulty_rank, tooltip=_not_checked(_difficulty)),
    _column(
        "Colours",
        _colours_text,
        sort=lambda entry: entry.colours,
        tooltip=_colours_tip,
        numeric=True,
    ),
)
COLUMNS = tuple(column.header for column in LIBRARY_COLUMNS)
TITLE, SIZE, AUTHOR, LICENCE, VERDICT, DIFFICULTY, COLOURS = range(len(COLUMNS))


class LibraryModel(TableModel[LibraryEntry]):
    """One row per :class:`LibraryEntry`; call :meth:`refresh` after the library changes."""

    # The listing read in the background is over: shown, replaced by a later one, or not read
    # (then :attr:`read_failure` says why; the view offers Retry).  Never read on this thread.
    readEnded = Signal()
    # rows written (added or changed) were shown without a new listing (:meth:`show_stored`)
    rowsStored = Signal()

    def __init__(
        self, library: Library, parent: QObject | None = None, *, load: bool = True
    ) -> None:
        """``load=False`` starts empty (the window lists the library after its first paint)."""
        super().__init__(
            LIBRARY_COLUMNS,
            parent,
            row_roles={TOOLTIP: _entry_tip, ID_ROLE: lambda entry: entry.id},
        )
        self._library = library
        self._thumbnails: dict[tuple[int, str], QPixmap | None] = {}  # (id, modified) -> picture
        self._solving: dict[tuple[int, str], Worker] = {}  # thumbnails whose solution is sought
        # one thread of its own, so the editor's checks never queue behind thumbnails
        self._thumbnail_pool = QThreadPool(self)
        self._thumbnail_pool.setMaxThreadCount(1)
        self._loaded = False
        self._reading: Worker | None = None  # the listing being read in the background
        self._reads = 0  # listings begun in the background (the last one is shown)
        self._rereads = 0  # times the current one was read again (the library changed)
        self.read_failure = ""  # why the last listing read in the background was not read
        self.problem = ""  # why the listing could not be read last time ('' when it could)
        self._order: tuple[int, Qt.SortOrder] | None = None  # the column sorted by, and how
        self._search: list[str] | None = None  # each row's text, as the filter looks in it
        if load:
            self._load()

    def loaded(self) -> bool:
        """True once the listing has been read (see ``load``)."""
        return self._loaded

    def reading(self) -> bool:
        """True while the listing is read in the background (:meth:`load_in_background`)."""
        return self._reading is not None

    def load_in_background(self) -> None:
        """Read the listing on a worker thread and show it when read: a big library's stored
        documents are all checked at the first listing (10,000 puzzles held the window 0.1 s of
        its own work, over 0.5 s at a load of 5).  A library in memory is read now; a listing
        read again meanwhile (:meth:`refresh`) wins over the one read in the background.  When
        it cannot be read there, :attr:`read_failure` says why (it is not read on this thread:
        a slow or big library would hold the window); :attr:`readEnded` tells either way."""
        self._rereads = 0
        self._read_in_background()

    def _read_in_background(self) -> None:
        reader = self._library.listing_reader()
        if reader is None:
            self.refresh()
            return

        self._reads += 1
        serial = self._reads
        self.read_failure = ""

        def job(_progress: Progress, _should_stop: ShouldStop) -> tuple[int, ListingRead]:
            return serial, reader()

        # (slots of the model itself: none is called once it is gone)
        self._reading = run_in_background(job, on_result=self._read, on_error=self._errored)

    def _read(self, result: tuple[int, ListingRead]) -> None:
        """The listing read in the background: shown, unless a later listing was; read there
        again when the library changed meanwhile."""
        serial, read = result
        if self._reading is None or serial != self._reads:
            return
        if read.entries is None:
            self._not_read(read.problem or "The list of puzzles could not be read.")
            return
        entries = self._library.take_listing(read)
        if entries is None:  # a write (or the file replaced) since the read began
            if self._rereads < REREADS:
                self._rereads += 1
                self._read_in_background()
                return
            self._not_read("The library kept changing while its puzzles were listed.")
            return
        self._reading = None
        self.refresh(entries)
        self.readEnded.emit()

    def _errored(self, detail: str) -> None:
        self._not_read(f"An unexpected error: {detail.rstrip('.')}.")

    def _not_read(self, message: str) -> None:
        """Reading in the background failed: the view says why and offers Retry (read on this
        thread, a big or slow library would hold the window)."""
        log.warning("the library listing could not be read in the background: %s", message)
        if self._reading is None:
            return
        self._reading = None
        self.read_failure = message
        self.readEnded.emit()

    @property
    def library(self) -> Library:
        return self._library

    def _load(self) -> None:
        """Re-read the listing; when it cannot be read at all the previous rows stay."""
        self._loaded = True
        try:
            self._rows = self._library.entries()
            self.problem = ""
        except LibraryError as exc:
            self.problem = str(exc)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == DECORATION and index.isValid() and index.column() == TITLE:
            return self.thumbnail(self.row_at(index.row()))
        return super().data(index, role)

    def thumbnail(self, entry: LibraryEntry) -> QPixmap | None:
        """A colour puzzle's thumbnail (read once per change of the puzzle); None for black and
        white, or when the puzzle cannot be read (its row says so when opened).  A puzzle whose
        file holds no picture shows its palette until its solution is found in the background."""
        if not entry.is_colour:
            return None
        key = (entry.id, entry.modified)
        if key not in self._thumbnails:
            try:
                puzzle = self._library.get_any(entry.id)
            except (PuzzleError, LibraryError):
                puzzle = None
            if not isinstance(puzzle, ColourPuzzle):
                self._thumbnails[key] = None
                return None
            self._thumbnails[key] = colour_thumbnail(puzzle)
            if puzzle.goal is None:
                self._solve_for_thumbnail(key, puzzle)
        return self._thumbnails[key]

    def _solve_for_thumbnail(self, key: tuple[int, str], puzzle: ColourPuzzle) -> None:
        def job(progress: Progress, should_stop: ShouldStop) -> ColourGrid | None:
            from nonostudio.core.colour.solver import solve_colour

            found = solve_colour(
                puzzle.rows, puzzle.cols, puzzle.ncolours, time_limit=THUMBNAIL_SOLVE_S
            )
            return found.solution if found.verdict.is_unique else None

        def solved(solution: Any) -> None:
            self._solving.pop(key, None)
            if solution is None:
                return
            self._thumbnails[key] = colour_thumbnail(replace(puzzle, goal=solution))
            row = self.row_of(key[0])
            if row >= 0 and self.row_at(row).modified == key[1]:
                index = self.index(row, TITLE)
                self.dataChanged.emit(index, index, [DECORATION])

        def failed(_message: str) -> None:
            self._solving.pop(key, None)

        self._solving[key] = run_in_background(
            job, on_result=solved, on_error=failed, pool=self._thumbnail_pool
        )

    def is_solving_thumbnails(self) -> bool:
        """True while a thumbnail's solution is being looked for."""
        return bool(self._solving)

    def cancel_thumbnails(self, wait_ms: int = 0) -> bool:
        """Drop the thumbnails still to be solved (the window is closing); True when no job is
        left running after ``wait_ms`` milliseconds."""
        self._thumbnail_pool.clear()
        for worker in self._solving.values():
            worker.cancel()
        self._solving.clear()
        return self._thumbnail_pool.waitForDone(wait_ms)

    def refresh(self, entries: list[LibraryEntry] | None = None) -> None:
        """Re-read the listing, or show ``entries`` (the listing read in the background, so
        that a big library is not read again on the GUI thread)."""
        superseded, self._reading = self._reading, None  # this listing is the later one
        if superseded is not None:
            superseded.cancel()
        self.beginResetModel()
        if entries is None:
            self._load()
        else:
            self._loaded, self.problem, self._rows = True, "", list(entries)
        self.read_failure = ""
        self._rows = [self._rows[i] for i in self._sorted_rows()]
        self._search = None
        self.endResetModel()
        if superseded is not None:
            self.readEnded.emit()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by ``column``'s sort key, and keep them so through later listings
        (the view's proxy shows them in this order).  One key per row, worked out in Python: a
        Qt sort asks the model for two keys per comparison, each a call into Python (a listing
        of 10,000 puzzles held the window 0.6 s)."""
        self._order = (column, order) if 0 <= column < len(self.columns) else None
        self._reorder()

    def _sorted_rows(self) -> list[int]:
        """The rows' positions in the order asked for (stable: equal keys keep id order)."""
        positions = list(range(len(self._rows)))
        if self._order is None:
            return positions
        column, order = self._order
        key = self.columns[column].roles[SORT_ROLE]
        keys: list[Any] = [key(row) for row in self._rows]
        positions.sort(key=keys.__getitem__, reverse=order == Qt.SortOrder.DescendingOrder)
        return positions

    def _reorder(self) -> None:
        """Put the rows in the order asked for, as a layout change (selections follow)."""
        positions = self._sorted_rows()
        if positions == list(range(len(positions))):
            return
        self.layoutAboutToBeChanged.emit()
        new_of_old = [0] * len(positions)
        for new, old in enumerate(positions):
            new_of_old[old] = new
        self._rows = [self._rows[i] for i in positions]
        if self._search is not None:
            self._search = [self._search[i] for i in positions]
        kept = self.persistentIndexList()
        self.changePersistentIndexList(
            kept, [self.index(new_of_old[i.row()], i.column()) for i in kept]
        )
        self.layoutChanged.emit()

    def skipped(self) -> list[str]:
        """Messages about damaged records the last listing left out."""
        return list(self._library.skipped)

    def status_text(self) -> str:
        """One line for the user about what is not right with the library ('' when all is)."""
        parts = []
        if self._library.read_only:
            parts.append("Read-only: changes cannot be stored.")
        elif self._library.in_memory:
            parts.append("Not saved: this library is kept in memory only.")
        if self._library.warning:
            parts.append("The disk is full: changes cannot be stored.")
        if self._reading is not None:
            parts.append("Reading the library's puzzles…")
        if self.read_failure:
            parts.append(
                f"The library's puzzles could not be listed. {self.read_failure} "
                "Retry lists them again."
            )
        if self.problem:
            parts.append("The list could not be re-read.")
        count = len(self._library.skipped)
        if count:
            parts.append(
                f"{number(count)} damaged puzzle{'s were' if count > 1 else ' was'} skipped."
            )
        return " ".join(parts)

    def status_details(self) -> str:
        """The full messages behind :meth:`status_text` (for a tooltip)."""
        details = []
        if self._library.read_only:
            details.append(f"The library is read-only: {self._library.read_only_reason}.")
        if self._library.warning:
            details.append(self._library.warning)
        if self.problem:
            details.append(self.problem)
        return "\n".join(details + self._library.skipped)

    def set_cached(self, id: int, verdict: str, difficulty: str) -> bool:
        """Show a verdict and difficulty found in the background for puzzle ``id`` (empty values
        keep what is shown) without re-reading the listing; False when ``id`` is not listed."""
        row = self.row_of(id)
        if row < 0:
            return False
        entry = self._rows[row]
        self._rows[row] = replace(
            entry, verdict=verdict or entry.verdict, difficulty=difficulty or entry.difficulty
        )
        if self._search is not None:
            self._search[row] = self._search_text(self._rows[row])
        self.cells_changed(row, VERDICT, DIFFICULTY)
        if self._order is not None and self._order[0] in (VERDICT, DIFFICULTY):
            self._reorder()  # the row may move
        return True

    def show_stored(self, ids: Iterable[int]) -> None:
        """Show the puzzles ``ids`` as the library now stores them (just added, or changed),
        reading their rows alone: each row is put in, or replaced, where the order asked for
        puts it.  The whole listing is not read again on the GUI thread (on 10,000 puzzles that
        took ~50 ms for each Add Current Puzzle or Save); more than ``STORED_ONE_BY_ONE``
        puzzles (a big import) are listed again in the background, as is a record that cannot
        be read alone.  While a listing is read in the background, that listing (read again if
        begun before the writes) shows them."""
        wanted = list(ids)
        if self._reading is not None or not self._loaded or not wanted:
            return
        if len(wanted) > STORED_ONE_BY_ONE:
            self.load_in_background()
            return
        for id in wanted:
            try:
                entry = self._library.entry(id)
            except LibraryError as exc:
                log.warning("library puzzle %s could not be read to list it: %s", id, exc)
                entry = None
            if entry is None:
                self.load_in_background()
                return
            self._show_entry(entry)
        self.rowsStored.emit()

    def _show_entry(self, entry: LibraryEntry) -> None:
        row = self.row_of(entry.id)
        if row >= 0:
            self._rows[row] = entry
            if self._search is not None:
                self._search[row] = self._search_text(entry)
            if self._in_order(row):
                self.cells_changed(row, 0, len(self.columns) - 1)
                return
            self.remove_ids([entry.id])
        self._insert(entry)

    def _key(self, entry: LibraryEntry) -> Any:
        assert self._order is not None
        return self.columns[self._order[0]].roles[SORT_ROLE](entry)

    def _in_order(self, row: int) -> bool:
        """Whether ``row`` is still where the order asked for puts it, among its neighbours."""
        if self._order is None:
            return True
        near = [r for r in (row - 1, row, row + 1) if 0 <= r < len(self._rows)]
        keys = [self._key(self._rows[r]) for r in near]
        if self._order[1] == Qt.SortOrder.DescendingOrder:
            keys.reverse()
        return all(a <= b for a, b in zip(keys, keys[1:], strict=False))

    def _insert(self, entry: LibraryEntry) -> None:
        """Put ``entry``'s row where the order asked for puts it (a binary search: its key is
        compared with some twenty rows', not worked out for all of them)."""
        low, high = 0, len(self._rows)
        if self._order is None:
            while low < high:  # id order
                mid = (low + high) // 2
                low, high = (mid + 1, high) if self._rows[mid].id < entry.id else (low, mid)
        else:
            descending = self._order[1] == Qt.SortOrder.DescendingOrder
            key = self._key(entry)
            while low < high:
                mid = (low + high) // 2
                other = self._key(self._rows[mid])
                first = (other > key) if descending else (other < key)
                if first or (other == key and self._rows[mid].id < entry.id):
                    low = mid + 1
                else:
                    high = mid
        self.beginInsertRows(QModelIndex(), low, low)
        self._rows.insert(low, entry)
        if self._search is not None:
            self._search.insert(low, self._search_text(entry))
        self.endInsertRows()

    def entry(self, row: int) -> LibraryEntry:
        return self.row_at(row)

    def search_texts(self) -> list[str]:
        """Each row's column texts, case-folded and kept apart by a NUL, for the filter to
        look in (worked out once per listing, when first filtered)."""
        if self._search is None:
            self._search = [self._search_text(entry) for entry in self._rows]
        return self._search

    def _search_text(self, entry: LibraryEntry) -> str:
        """The columns' texts, and the author in full: the Author column leaves out an e-mail
        address (``Jakub Wilk <jwilk@jwilk.net>`` shows as ``Jakub Wilk``), which a filter
        for 'jwilk' should still find."""
        texts = [str(column.text(entry)) for column in self.columns]
        return "\0".join([*texts, entry.author]).casefold()

    def remove_ids(self, ids: Iterable[int]) -> None:
        """Take out the rows of the puzzles ``ids``, just deleted, without reading the listing
        again (10,000 puzzles: ~0.1 s of the GUI thread for each delete); a few rows are
        removed one by one (the others keep their selection), many at once."""
        gone = set(ids)
        rows = [row for row, entry in enumerate(self._rows) if entry.id in gone]
        if len(rows) > REMOVED_ONE_BY_ONE:
            self.beginResetModel()
            self._rows = [entry for entry in self._rows if entry.id not in gone]
            self._search = None
            self.endResetModel()
            return
        for row in reversed(rows):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._rows[row]
            if self._search is not None:
                del self._search[row]
            self.endRemoveRows()

    def set_rows(self, rows: Iterable[LibraryEntry]) -> None:
        self._search = None
        super().set_rows(rows)

    def row_of(self, id: int) -> int:
        """The row showing library puzzle ``id``, or -1."""
        return self.find(lambda entry: entry.id == id)

    def ids_from(self, source: str) -> list[int]:
        """The puzzles added from the file ``source`` (its path, as Add Current Puzzle and
        Import Files record it), newest first; none before the listing is read."""
        if not self._loaded:
            return []
        return sorted((entry.id for entry in self._rows if entry.source == source), reverse=True)


class LibraryFilterModel(QSortFilterProxyModel):
    """Sorts by the model's sort keys (size by cell count) and filters on any column's text.

    A :class:`LibraryModel` sorts its own rows (:meth:`LibraryModel.sort`), which this proxy
    shows in their order, and is filtered on its rows' texts worked out once
    (:meth:`LibraryModel.search_texts`): Qt asks each cell for its text, a call into Python
    each (one keystroke in the filter held the window 0.2 s on 10,000 puzzles); another model
    is sorted and filtered here, by its ``SORT_ROLE`` and its cells' texts."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._needle = ""  # the filter's text, case-folded

    def setFilterFixedString(self, pattern: str) -> None:
        """Show the rows with ``pattern`` in any column's text, in any case."""
        self._needle = pattern.casefold()
        super().setFilterFixedString(pattern)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        source = self.sourceModel()
        if not isinstance(source, LibraryModel):
            return super().filterAcceptsRow(source_row, source_parent)
        return not self._needle or self._needle in source.search_texts()[source_row]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if isinstance(source, LibraryModel):
            source.sort(column, order)
        else:
            super().sort(column, order)
