"""The library panel: a filterable, sortable table of stored puzzles with add, delete and import.

A library that cannot be written (read-only, full disk, in use elsewhere) or has damaged records
says so in a status line under the table; a failed write shows a warning, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.counts import number
from nonostudio.core.library import Library, LibraryEntry, LibraryError
from nonostudio.gui.common.file_filters import puzzle_filters
from nonostudio.gui.common.flow_layout import FlowLayout
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.table_model import leave_on_tab, select_row
from nonostudio.gui.library.importing import (
    Imported,
    LibraryImporter,
    import_now,
    stopped_text,
    summary,
)
from nonostudio.gui.library.model import (
    AUTHOR,
    COLOURS,
    DIFFICULTY,
    ID_ROLE,
    LICENCE,
    SIZE,
    TITLE,
    VERDICT,
    LibraryFilterModel,
    LibraryModel,
)

if TYPE_CHECKING:
    from nonostudio.gui.library.fill import LibraryFiller

RESIZE_ROWS = 0  # rows past those in sight that the columns sized to their text look at


#: The narrowest the import progress bar gets (Qt's own minimum, 95 px, with Cancel beside it,
#: was wider than the rest of the panel needs).
IMPORT_BAR_MIN_WIDTH = 40
STATUS_LINES = 4  # the status lines shown under the table at most; more scroll


def read_only_tip(library: Library) -> str:
    """Why nothing can be written to the read-only ``library``, for a disabled action."""
    reason = f" ({library.read_only_reason})" if library.read_only_reason else ""
    return f"Not now: the library is read-only{reason}."


class PuzzleTable(QTableView):
    """The library's table of puzzles, one a row: Home and End go to the first and last
    puzzle, in the column the cursor is in, as in a list.  Qt's table takes them to the first
    and last column of the row, which a table selecting whole rows shows only by scrolling: in
    a narrow dock End scrolled the titles out of sight to the Licence column, the row the same
    (seen under Xvfb at 1024x600 with Forever open).  Ctrl+Home and Ctrl+End do the same; Left
    and Right still scroll column by column."""

    def moveCursor(
        self, cursorAction: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        action = QAbstractItemView.CursorAction
        model = self.model()
        if cursorAction in (action.MoveHome, action.MoveEnd) and model is not None:
            rows = model.rowCount()
            if rows:
                current = self.currentIndex()
                column = current.column() if current.isValid() else TITLE
                row = 0 if cursorAction == action.MoveHome else rows - 1
                return model.index(row, column)
        return super().moveCursor(cursorAction, modifiers)


class LibraryView(QWidget):
    """Browse the library; double-click or Enter asks the window to open a puzzle."""

    openRequested = Signal(int)  # library id
    addCurrentRequested = Signal()
    removed = Signal(list)  # the library ids deleted (the puzzle on screen may be one)
    written = Signal()  # the panel wrote to the library, or a write was refused (read-only?)

    def __init__(
        self, library: Library, parent: QWidget | None = None, *, load: bool = True
    ) -> None:
        super().__init__(parent)
        self.model = LibraryModel(library, self, load=load)
        self.proxy = LibraryFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.last_folder = ""
        # How the last import went, kept on the status line until the next import.
        self.import_note = ""
        # What Select Duplicates found, kept on the status line while the selection it made
        # (the ids) stays as it made it.
        self.duplicates_note = ""
        self._duplicates_selected: set[int] | None = None

        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText("Filter by title, author, licence…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.filter_edit.textChanged.connect(self.update_actions)  # (how many it shows)

        self.table = self._make_table()
        buttons = self._make_actions()
        fill_row = self._make_fill_row()
        import_row = self._make_import_row()
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.status_label.setObjectName("libraryStatus")
        # When the listing read in the background failed: read it again there.
        self.retry_button = QPushButton("&Retry", self)
        self.retry_button.setObjectName("libraryRetry")
        self.retry_button.setToolTip("List the library's puzzles again (in the background)")
        self.retry_button.clicked.connect(self.load_in_background)
        self.status_area = self._make_status_area(self.status_label)
        status_row = QHBoxLayout()
        status_row.setContentsMargins(0, 0, 0, 0)
        status_row.addWidget(self.status_area, 1)
        status_row.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignTop)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.table, 1)
        layout.addLayout(fill_row)
        layout.addLayout(import_row)
        layout.addLayout(status_row)
        layout.addLayout(buttons)

        self.table.selectionModel().selectionChanged.connect(self.update_actions)
        self.proxy.modelReset.connect(self.update_actions)
        self.model.readEnded.connect(self.update_actions)  # (a failed read resets nothing)
        # A listing read again because another studio wrote: the selection made here is kept.
        self._reselect: tuple[list[int], int | None] | None = None
        self.model.readEnded.connect(self._reselect_after_read)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._application_state)
        self.update_actions()

    def _make_status_area(self, label: QLabel) -> QScrollArea:
        """The status lines, at most :data:`STATUS_LINES` high, the rest scrolled: a big
        import's summary laid out in full squeezed the table to a row or two in a narrow dock
        (1024x600) and was itself cut off."""
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        area = QScrollArea(self)
        area.setObjectName("libraryStatusArea")
        area.setWidget(label)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        area.hide()
        return area

    def _fit_status(self) -> None:
        """The status area as tall as its text, up to :data:`STATUS_LINES` lines."""
        label, area = self.status_label, self.status_area
        width = area.viewport().width() or area.width()
        most = STATUS_LINES * label.fontMetrics().lineSpacing()
        area.setFixedHeight(min(label.heightForWidth(width), most) + 2)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.status_area.isVisible():
            self._fit_status()

    def _make_table(self) -> QTableView:
        """The puzzles, sorted by title; the columns a narrow dock needs first."""
        table = PuzzleTable(self)
        table.setModel(self.proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(TITLE, Qt.SortOrder.AscendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        leave_on_tab(table)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        rows = table.verticalHeader()
        rows.hide()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setStretchLastSection(True)
        # What a narrow dock shows first: title (with a colour puzzle's thumbnail), size,
        # difficulty and verdict; then the colours, author and licence (the model's column
        # numbers stay as they are).
        order = (TITLE, SIZE, DIFFICULTY, VERDICT, COLOURS, AUTHOR, LICENCE)
        for visual, column in enumerate(order):
            header.moveSection(header.visualIndex(column), visual)
        header.resizeSection(TITLE, 120)
        header.resizeSection(AUTHOR, 110)
        header.resizeSection(VERDICT, 110)
        for column in (SIZE, COLOURS, LICENCE, DIFFICULTY):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # Sized to the rows in sight and the next ones, not to the first 1000 (Qt's default: on
        # a library of 10,000 puzzles each listing held the window 0.5 s asking for their text).
        header.setResizeContentsPrecision(RESIZE_ROWS)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.activated.connect(self._on_activated)
        return table

    def _make_actions(self) -> FlowLayout:
        """Add, import and delete, as actions and as a row of buttons (in rows of their own when
        the dock is narrow)."""
        self.add_action = QAction("Add Current Puzzle", self)
        self.add_action.triggered.connect(self.addCurrentRequested)
        self.delete_action = QAction("Delete", self)
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.delete_action.triggered.connect(self.delete_selected)
        self.import_action = QAction("Import Files…", self)
        self.import_action.triggered.connect(self.choose_and_import)
        self.import_folder_action = QAction("Import Folder…", self)
        self.import_folder_action.triggered.connect(self.choose_folder_and_import)
        self.duplicates_action = QAction("Select Duplicates", self)
        self.duplicates_action.setToolTip(
            "Select the copies of each puzzle stored more than once (the same clues, whatever"
            " the title), one of each left unselected: the titled copy, else the one with the"
            " most of author, copyright, licence, notes, picture and solving progress, else the"
            " first stored; Delete removes the selected"
        )
        self.duplicates_action.triggered.connect(self.select_duplicates)
        self.addAction(self.delete_action)
        # What each writing action does; a read-only library adds why it cannot (the tooltip of
        # the disabled button).
        self._tips = {
            self.add_action: "Store the puzzle being edited in the library",
            self.import_action: "Add puzzle files to the library",
            self.import_folder_action: (
                "Add every puzzle file under a folder, its subfolders too, to the library "
                "(README, LICENSE, images and other files that are no puzzle are skipped)"
            ),
            self.delete_action: "Remove the selected puzzles from the library",
        }

        buttons = FlowLayout()
        actions = (
            self.add_action,
            self.import_action,
            self.import_folder_action,
            self.duplicates_action,
            self.delete_action,
        )
        for action in actions:
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            buttons.add(button)
        return buttons

    def _make_fill_row(self) -> QVBoxLayout:
        """The progress of the background checks, hidden while there are none: the words over
        the bar, as the import's.  Beside a bar of Qt's least width they had some 60 px at
        1024x600 and took six lines ('Checking / library / puzzles: / 43 of / 1,714 / ...')."""
        # Background checks of the puzzles without a verdict or difficulty (see library_fill).
        self.fill_bar = QProgressBar(self)
        self.fill_bar.setRange(0, 1000)
        self.fill_bar.setMaximumHeight(14)
        self.fill_bar.setTextVisible(False)
        self.fill_bar.setAccessibleName("Background checks")
        self.fill_label = QLabel(self)
        self.fill_label.setWordWrap(True)
        fill_row = QVBoxLayout()
        fill_row.setContentsMargins(0, 0, 0, 0)
        fill_row.setSpacing(2)
        fill_row.addWidget(self.fill_label)
        fill_row.addWidget(self.fill_bar)
        self.fill_bar.hide()
        self.fill_label.hide()
        return fill_row

    def _make_import_row(self) -> QVBoxLayout:
        """How far Import Files is, with its Cancel (hidden while none runs): the words on a line
        of their own over the bar and Cancel, the bar free to narrow, so that showing them does
        not widen the panel.  In one row they made it at least 266 px wide (the panel's own
        minimum is 138): at 1024x600 the library dock grew from 163 to 263 px on Import Files and
        stayed so, and the Solve tab's steps lost their Line column behind a scroll bar."""
        self.importer = LibraryImporter(self.library, self)
        self.importer.progress.connect(self._show_import_progress)
        self.importer.finished.connect(self._imported)
        self.import_bar = QProgressBar(self)
        self.import_bar.setRange(0, 1000)
        self.import_bar.setMaximumHeight(14)
        self.import_bar.setTextVisible(False)
        self.import_bar.setAccessibleName("Import progress")
        self.import_bar.setObjectName("importProgress")
        self.import_label = QLabel(self)
        self.import_label.setWordWrap(True)
        self.import_cancel = QPushButton("Cancel", self)
        self.import_cancel.setToolTip("Stop importing (the puzzles added so far stay)")
        self.import_cancel.clicked.connect(self.importer.cancel)
        self.import_bar.setMinimumWidth(IMPORT_BAR_MIN_WIDTH)
        bar_row = QHBoxLayout()
        bar_row.setContentsMargins(0, 0, 0, 0)
        bar_row.addWidget(self.import_bar, 1)
        bar_row.addWidget(self.import_cancel)
        rows = QVBoxLayout()
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addWidget(self.import_label)
        rows.addLayout(bar_row)
        self._show_import_row(False)
        return rows

    def _show_import_row(self, on: bool) -> None:
        for widget in (self.import_label, self.import_bar, self.import_cancel):
            widget.setVisible(on)

    @property
    def library(self) -> Library:
        return self.model.library

    def refresh(self, entries: list[LibraryEntry] | None = None) -> None:
        """Re-read the listing (after the library changed elsewhere), or show ``entries``, the
        listing as read in the background."""
        self.model.refresh(entries)

    def show_stored(self, *ids: int) -> None:
        """Show the puzzles ``ids`` as just written to the library (added or changed) without
        reading the whole listing again, and select the last one."""
        self.model.show_stored(ids)
        if ids:
            self.select_id(ids[-1])
        self.update_actions()  # (the status line: a write may have found the disk full)

    def load_in_background(self) -> None:
        """Read the listing on a worker thread (the status line says so meanwhile) and show it
        when read: the window is not held while a big library's puzzles are checked.  (Retry,
        when that read failed.)"""
        self.model.load_in_background()
        self.update_actions()

    def show_fill_progress(self, fraction: float, message: str) -> None:
        """Show how far the background checks are (hidden once they are done)."""
        busy = fraction < 1.0
        show_progress(self.fill_bar, fraction, steps=1000, running=busy)
        self.fill_label.setText(message if busy else "")
        self.fill_bar.setVisible(busy)
        self.fill_label.setVisible(busy)

    def hide_fill_progress(self) -> None:
        self.fill_bar.hide()
        self.fill_label.hide()

    def follow_filler(self, filler: LibraryFiller) -> None:
        """Show the background checks of ``filler``: their progress under the table, each
        verdict and difficulty in its row."""
        filler.progress.connect(self.show_fill_progress)
        filler.finished.connect(self.hide_fill_progress)
        filler.filled.connect(
            lambda found: self.model.set_cached(found.id, found.verdict, found.difficulty)
        )

    def select_id(self, id: int) -> None:
        """Select and show the row of library puzzle ``id`` (if it passes the filter)."""
        row = self.model.row_of(id)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, TITLE))
        if index.isValid():
            # (not QTableView.selectRow: it reads the keys held, and with Shift held, or left
            # so by the last click with Shift, it extended from no anchor and selected nothing)
            select_row(self.table, index)
            self.table.scrollTo(index)

    def refresh_keeping_selection(self) -> None:
        """Re-read the listing, the puzzles selected (and the current one) selected again where
        still listed: a reset of the model clears the selection the person made."""
        kept = self._selection()
        self.refresh()
        self._select_again(*kept)

    def refresh_if_changed_elsewhere(self) -> None:
        """List the library again, in the background, when another studio or program wrote to
        it (a rename, an import, a delete): asked when the application becomes active again.
        A second studio on the same library kept showing a title renamed in the first until it
        was started again.  The selection is kept where the puzzles are still listed."""
        if self.importer.is_running() or self.model.reading():
            return  # (asked again at the next activation)
        if not self.library.changed_elsewhere():
            return
        self._reselect = self._selection()
        self.model.load_in_background()
        self.update_actions()
        if not self.model.reading():  # (a library in memory is listed at once)
            self._reselect_after_read()

    def _application_state(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            self.refresh_if_changed_elsewhere()

    def _reselect_after_read(self) -> None:
        kept, self._reselect = self._reselect, None
        if kept is not None:
            self._select_again(*kept)

    def _selection(self) -> tuple[list[int], int | None]:
        """The ids of the puzzles selected and of the current one."""
        current = self.table.currentIndex()
        current_id = (
            int(current.siblingAtColumn(TITLE).data(ID_ROLE)) if current.isValid() else None
        )
        return self.selected_ids(), current_id

    def _select_again(self, ids: list[int], current_id: int | None) -> None:
        """Select ``ids`` again (and make ``current_id`` current) where still listed."""
        if not ids and current_id is None:
            return
        rows = {entry.id: row for row, entry in enumerate(self.model.rows())}
        selection = QItemSelection()
        for id in ids:
            if id in rows:
                index = self.proxy.mapFromSource(self.model.index(rows[id], TITLE))
                if index.isValid():
                    selection.select(index, index)
        flags = QItemSelectionModel.SelectionFlag
        selected = self.table.selectionModel()
        selected.select(selection, flags.ClearAndSelect | flags.Rows)
        if current_id is not None and current_id in rows:
            index = self.proxy.mapFromSource(self.model.index(rows[current_id], TITLE))
            if index.isValid():
                selected.setCurrentIndex(index, flags.NoUpdate)
                self.table.scrollTo(index)

    def show_open(self, id: int | None) -> None:
        """The selection follows the puzzle on screen: library puzzle ``id``'s row, or none for
        a puzzle kept elsewhere (new, from a file): after File > New the row of the puzzle open
        before stayed highlighted."""
        if id is not None:
            self.select_id(id)
            return
        self.table.clearSelection()
        self.table.selectionModel().clearCurrentIndex()

    def selected_ids(self) -> list[int]:
        rows = self.table.selectionModel().selectedRows(TITLE)
        return [int(index.data(ID_ROLE)) for index in rows]

    def update_actions(self) -> None:
        """Bring the actions and the status line in line with the library: the actions that
        write are off while it is read-only (found so by any write, say the Solve view's or the
        background checks'), their tooltips saying why; the status line says how the last
        import went (:attr:`import_note`) until the next."""
        library = self.library
        writable = not library.read_only
        self.delete_action.setEnabled(writable and self.table.selectionModel().hasSelection())
        self.add_action.setEnabled(writable)
        self.import_action.setEnabled(writable and not self.importer.is_running())
        self.import_folder_action.setEnabled(writable and not self.importer.is_running())
        self.duplicates_action.setEnabled(self.model.rowCount() > 1)
        why = "" if writable else read_only_tip(library)
        for action, tip in self._tips.items():
            action.setToolTip(f"{tip}.\n{why}" if why else tip)
        if self._duplicates_selected is not None and (
            set(self.selected_ids()) != self._duplicates_selected
        ):
            self.duplicates_note, self._duplicates_selected = "", None
        # The short notes first: an import's summary may run past what the status shows.
        notes = (
            self.model.status_text(),
            self._filter_note(),
            self.duplicates_note,
            self.import_note,
        )
        status = "\n".join(t for t in notes if t)
        self.status_label.setText(status)
        self.status_label.setToolTip(self.model.status_details())
        self.status_label.setVisible(bool(status))
        self.status_area.setVisible(bool(status))
        if status:
            self._fit_status()
        self.retry_button.setVisible(bool(self.model.read_failure))

    def _filter_note(self) -> str:
        """How many puzzles the filter shows of how many listed ('' without a filter): with a
        filter no puzzle passes, the table stood empty without a word, as if the library were."""
        needle = self.filter_edit.text()
        total = self.model.rowCount()
        if not needle or not total:
            return ""
        shown = self.proxy.rowCount()
        if not shown:
            return (
                f"No puzzle of the {number(total)} listed has “{needle}” in its title, size, "
                "author, licence, verdict or difficulty."
            )
        of = f"{number(shown)} of {number(total)} puzzles" if total > 1 else "The one puzzle"
        return f"{of} {'has' if shown == 1 else 'have'} “{needle}” in a column."

    def select_duplicates(self) -> None:
        """Select every copy of a puzzle stored more than once (:meth:`Library.duplicate_groups`;
        the copy it puts first, the titled or most informed one, stays unselected) and
        say on the status line how many: Delete, with its question, removes them.  Nothing is
        deleted here.  A filter hiding any of them is cleared."""
        try:
            groups = self.library.duplicate_groups()
        except LibraryError as exc:
            QMessageBox.warning(self, "Select Duplicates", str(exc))
            return
        copies = [id for group in groups for id in group[1:]]
        if not copies:
            self._duplicates_selected = set(self.selected_ids())
            self.duplicates_note = "No two puzzles in the library have the same clues."
            self.update_actions()
            return
        rows = {entry.id: row for row, entry in enumerate(self.model.rows())}
        listed = [rows[id] for id in copies if id in rows]
        sources = [self.model.index(row, TITLE) for row in listed]
        cleared = ""
        if self.filter_edit.text() and any(
            not self.proxy.mapFromSource(index).isValid() for index in sources
        ):
            self.filter_edit.clear()
            cleared = " (the filter is cleared to show them)"
        selection = QItemSelection()
        for source in sources:
            index = self.proxy.mapFromSource(source)
            selection.select(index, index)
        flags = QItemSelectionModel.SelectionFlag
        selected = self.table.selectionModel()
        selected.select(selection, flags.ClearAndSelect | flags.Rows)
        if sources:
            first = min((self.proxy.mapFromSource(s) for s in sources), key=lambda i: i.row())
            selected.setCurrentIndex(first, flags.NoUpdate)
            # (centred: the words below the table, shown next, make it shorter)
            self.table.scrollTo(first, QAbstractItemView.ScrollHint.PositionAtCenter)
            self.table.setFocus()  # (the selection in the focus's colours; the Delete key)
        n, others = len(copies), len(groups)
        found = (
            f"{number(n)} puzzle{'s repeat' if n > 1 else ' repeats'} the clues of "
            f"{number(others)} "
            f"other{'s' if others > 1 else ''} (kept: the titled copy, else the one holding "
            "the most)"
        )
        if len(listed) == n:
            chosen = f"selected{cleared}"
        else:
            missing = n - len(listed)
            chosen = (
                f"{number(len(listed))} of them selected ({number(missing)} not in the list shown)"
            )
        then = (
            "Delete removes them."
            if not self.library.read_only
            else "the library is read-only: they cannot be deleted."
        )
        self._duplicates_selected = set(self.selected_ids())
        self.duplicates_note = f"{found}: {chosen}; {then}"
        self.update_actions()

    def _on_activated(self, index: QModelIndex) -> None:
        self.openRequested.emit(int(index.siblingAtColumn(TITLE).data(ID_ROLE)))

    def delete_selected(self) -> None:
        """Ask, then remove the selected puzzles."""
        ids = self.selected_ids()
        if not ids:
            return
        if len(ids) == 1:
            entry = self.model.entry(self.model.row_of(ids[0]))
            what = f"“{entry.title}”" if entry.title.strip() else "this untitled puzzle"
            question = f"Delete {what} ({entry.width}x{entry.height}) from the library?"
        else:
            question = f"Delete {number(len(ids))} puzzles from the library?"
        answer = QMessageBox.question(
            self,
            "Delete Puzzles",
            f"{question}\nThis cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        failure, removed = None, []
        for id in ids:
            try:
                self.library.remove(id)
            except LibraryError as exc:
                failure = exc
                break
            removed.append(id)
        self.model.remove_ids(removed)  # (the listing is not read again: the rest is as shown)
        self.update_actions()
        if removed:
            self.removed.emit(removed)
        self.written.emit()
        if failure is not None:
            QMessageBox.warning(self, "Delete Puzzles", str(failure))

    def choose_and_import(self) -> None:
        """Ask for puzzle files and import them in the background (progress and Cancel under
        the table)."""
        filters, _ = puzzle_filters(writing=False)
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Import Puzzles", self.last_folder, ";;".join(filters)
        )
        if not paths:
            return
        self.last_folder = str(Path(paths[0]).parent)
        self.start_import(paths)

    def choose_folder_and_import(self) -> None:
        """Ask for a folder and import every puzzle file under it, subfolders too, in the
        background (progress and Cancel under the table)."""
        folder = QFileDialog.getExistingDirectory(self, "Import Folder", self.last_folder)
        if not folder:
            return
        self.last_folder = folder
        self.start_folder_import(folder)

    def start_folder_import(self, folder: str | Path) -> None:
        """Import the puzzle files under ``folder`` in the background (Import Folder); the panel
        shows how far, and at the end what was added, skipped and could not be read."""
        self._begin_import(lambda: self.importer.start_folder(folder))

    def start_import(self, paths: Iterable[str | Path]) -> None:
        """Import ``paths`` in the background; the panel shows how far, and what went wrong at
        the end."""
        self._begin_import(lambda: self.importer.start(paths))

    def _begin_import(self, start: Callable[[], None]) -> None:
        """The import row shown, then the import ``start`` begins."""
        self.import_note = ""
        self.import_label.setText("Importing…")
        show_progress(self.import_bar, 0.0, steps=1000)
        self._show_import_row(True)
        start()
        self.update_actions()

    def _show_import_progress(self, fraction: float, message: str) -> None:
        show_progress(self.import_bar, fraction, steps=1000)
        self.import_label.setText(message)

    def _imported(self, imported: Imported) -> None:
        """The import ended (or was stopped): the new rows, the last one chosen, and a box for
        the files that could not be imported."""
        self._show_import_row(False)
        if imported.added or imported.errors:
            self.show_stored(*imported.ids)
            self.written.emit()
        if not imported.added and imported.known:
            self.select_id(imported.known[-1].id)  # the puzzle already there
        if imported.cancelled:
            self.import_note = stopped_text(imported)
        elif imported.known or imported.folder is not None:
            self.import_note = f"Import of {summary(imported)}"
        self.update_actions()
        if imported.errors:
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                "Import Puzzles",
                f"Import of {summary(imported)} These could not be imported:",
                QMessageBox.StandardButton.Ok,
                self,
            )
            errors = imported.errors
            box.setInformativeText("\n".join(errors[:10]) + ("\n…" if len(errors) > 10 else ""))
            box.setDetailedText("\n".join(errors))
            box.exec()

    def import_files(self, paths: Iterable[str | Path]) -> tuple[int, list[str]]:
        """Add every readable puzzle file now, on this thread (black and white or colour; one
        without a title takes its file's name); return (number added, one message per bad
        file).  A puzzle already in the library (the same clues) is not added again; the status
        line says how many.  For a few files, or before the window takes events; Import Files
        runs in the background (:meth:`start_import`).

        When the library refuses a puzzle (read-only, full disk) the import stops there and the
        message says why and how many files were left out.
        """
        imported = import_now(self.library, paths)
        if imported.added or imported.errors:
            self.show_stored(*imported.ids)
            self.written.emit()
        # Not added again: said on the status line.
        self.import_note = f"Import of {summary(imported)}" if imported.known else ""
        self.update_actions()
        return imported.added, imported.errors
