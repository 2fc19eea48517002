"""Qt table model over the puzzle library's listing, plus the sort/filter proxy the library view uses."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from nonostudio.analysis.difficulty import LABELS
from nonostudio.core.library import Library, LibraryEntry, LibraryError

COLUMNS = ("Title", "Size", "Author", "Licence", "Verdict", "Difficulty")
TITLE, SIZE, AUTHOR, LICENCE, VERDICT, DIFFICULTY = range(len(COLUMNS))
# Difficulty sorts from Beginner to Expert, then the puzzles no player can finish, then ungraded.
DIFFICULTY_ORDER = (*LABELS, "Not unique", "No solution", "Undecided")

SORT_ROLE = Qt.ItemDataRole.UserRole
ID_ROLE = Qt.ItemDataRole.UserRole + 1

_AnyIndex = QModelIndex | QPersistentModelIndex


def _without_email(author: str) -> str:
    """``Jakub Wilk <jwilk@jwilk.net>`` shows as ``Jakub Wilk`` (the tooltip keeps the address)."""
    name, bracket, rest = author.partition("<")
    return name.strip() if bracket and rest.rstrip().endswith(">") and name.strip() else author


def _display(entry: LibraryEntry, column: int) -> str:
    if column == TITLE:
        return entry.title or "(untitled)"
    if column == SIZE:
        return entry.size_text
    if column == AUTHOR:
        return _without_email(entry.author)
    if column == LICENCE:
        return entry.licence
    if column == DIFFICULTY:
        return entry.difficulty
    return entry.verdict


def _sort_key(entry: LibraryEntry, column: int) -> object:
    if column == SIZE:
        return entry.width * entry.height
    if column == DIFFICULTY:
        order = DIFFICULTY_ORDER
        return order.index(entry.difficulty) if entry.difficulty in order else len(order)
    return _display(entry, column).casefold()


class LibraryModel(QAbstractTableModel):
    """One row per :class:`LibraryEntry`; call :meth:`refresh` after the library changes."""

    def __init__(self, library: Library, parent: QObject | None = None, *,
                 load: bool = True) -> None:
        """``load=False`` starts empty (the window lists the library after its first paint)."""
        super().__init__(parent)
        self._library = library
        self._entries: list[LibraryEntry] = []
        self._loaded = False
        self.problem = ""  # why the listing could not be read last time ('' when it could)
        if load:
            self._load()

    def loaded(self) -> bool:
        """True once the listing has been read (see ``load``)."""
        return self._loaded

    @property
    def library(self) -> Library:
        return self._library

    def _load(self) -> None:
        """Re-read the listing; when it cannot be read at all the previous rows stay."""
        self._loaded = True
        try:
            self._entries = self._library.entries()
            self.problem = ""
        except LibraryError as exc:
            self.problem = str(exc)

    def refresh(self) -> None:
        self.beginResetModel()
        self._load()
        self.endResetModel()

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
        if self.problem:
            parts.append("The list could not be re-read.")
        count = len(self._library.skipped)
        if count:
            parts.append(f"{count} damaged puzzle{'s were' if count > 1 else ' was'} skipped.")
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
        entry = self._entries[row]
        self._entries[row] = replace(entry, verdict=verdict or entry.verdict,
                                     difficulty=difficulty or entry.difficulty)
        self.dataChanged.emit(self.index(row, VERDICT), self.index(row, DIFFICULTY))
        return True

    def entry(self, row: int) -> LibraryEntry:
        return self._entries[row]

    def row_of(self, id: int) -> int:
        """The row showing library puzzle ``id``, or -1."""
        return next((i for i, e in enumerate(self._entries) if e.id == id), -1)

    def rowCount(self, parent: _AnyIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._entries)

    def columnCount(self, parent: _AnyIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole and column in (VERDICT, DIFFICULTY):
            text = entry.verdict if column == VERDICT else entry.difficulty
            return text or "Not checked yet: filled in by the background checks"
        if role == Qt.ItemDataRole.ToolTipRole:
            source = f"\nFrom: {entry.source}" if entry.source else ""
            return f"{entry.title} ({entry.size_text}) by {entry.author or 'unknown'}{source}"
        if role == SORT_ROLE:
            return _sort_key(entry, column)
        if role == ID_ROLE:
            return entry.id
        if role == Qt.ItemDataRole.TextAlignmentRole and column == SIZE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    def flags(self, index: _AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


class LibraryFilterModel(QSortFilterProxyModel):
    """Sorts by the model's sort keys (size by cell count) and filters on any column's text."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
