"""The likely typos of a puzzle's clues, found in the background and offered as a list.

:class:`TypoBox` runs the typo finder (:mod:`nonostudio.analysis.typos`, the colour one for
colour clues: :meth:`TypoBox.search_colour`) on the thread pool with progress and a Stop button,
lists the likeliest edits that make the puzzle unique with their confidence (how likely each is
the typo, said under the list; a button lists them all), says which lines the selected edit
touches and asks for it to be applied (a button or a double click).  The Check panel and the
Paste dialog show one each; what "apply" does is theirs.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.typos import (
    ColourSuggestion,
    ColourTypoReport,
    Suggestion,
    TypoReport,
)
from nonostudio.analysis.typos.finder import TWO_TYPOS
from nonostudio.core.colour.model import Palette
from nonostudio.core.counts import count
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.typo_jobs import colour_typo_search, typo_search
from nonostudio.gui.common.workers import CurrentWorker

#: Suggestions listed at most.
SHOWN = 5
#: Seconds the search may take (what it found by then is shown).
TIME_LIMIT_S = 30.0


class TypoBox(QWidget):
    """A list of likely typos with Apply and Stop; hidden until a search starts."""

    linesSelected = Signal(object)  # tuple of (axis, index): the selected edit's lines, or ()
    applyRequested = Signal(object)  # the Edit to make
    reportReady = Signal(object)  # the TypoReport of the finished search

    def __init__(self, apply_text: str = "Apply fix", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: TypoReport | ColourTypoReport | None = None
        self._suggestions: list[Suggestion | ColourSuggestion] = []
        self._search = CurrentWorker(
            self, on_result=self._done, on_error=self._failed, on_progress=self._progress
        )
        self.title = QLabel("Looking for the mistyped clue\u2026")
        self.title.setWordWrap(True)
        self.title.setAccessibleName("Typo search")
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(12)
        self.progress.setMinimumWidth(40)  # (Qt asks 95 px: beside Stop, it widened the dock)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop looking for the mistyped clue")
        self.stop_button.clicked.connect(self.stop)
        self.list = QListWidget()
        self.list.setAccessibleName("Likely typos")
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)  # wrapped items re-laid on resize
        # Room for about two suggestions of two lines each, so a narrow dock still shows them.
        self.list.setMinimumHeight(self.fontMetrics().lineSpacing() * 5)
        self.list.setMaximumHeight(self.fontMetrics().lineSpacing() * 10)
        self.list.currentRowChanged.connect(self._selected)
        self.list.itemDoubleClicked.connect(lambda _item: self._apply())
        self.note = QLabel()  # what the percentages are, and how many edits are listed
        self.note.setWordWrap(True)
        self.note.setAccessibleName("About the likely typos")
        self.show_all_button = QPushButton()
        self.show_all_button.setToolTip("List every edit found, likeliest first")
        self.show_all_button.clicked.connect(self.show_all)
        self.apply_button = QPushButton(apply_text)
        self.apply_button.setToolTip("Make the selected edit to the clues")
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self._apply)
        top = QHBoxLayout()
        top.addWidget(self.progress, 1)
        top.addWidget(self.stop_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.show_all_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(top)
        layout.addWidget(self.list)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        self.hide()

    # --- public API ----------------------------------------------------------------------------

    def search(self, rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]]) -> None:
        """Look for the typo in these clues (they need not make a valid puzzle)."""
        rows_t = tuple(tuple(r) for r in rows)
        cols_t = tuple(tuple(c) for c in cols)
        self._start(ProcessJob(typo_search, (rows_t, cols_t, TIME_LIMIT_S)))  # (typo_jobs.py)

    def search_colour(
        self,
        palette: Palette,
        rows: Sequence[Sequence[tuple[int, int]]],
        cols: Sequence[Sequence[tuple[int, int]]],
    ) -> None:
        """Look for the typo in these colour clues (they need not make a valid puzzle)."""
        rows_t = tuple(tuple(r) for r in rows)
        cols_t = tuple(tuple(c) for c in cols)
        self._start(ProcessJob(colour_typo_search, (palette, rows_t, cols_t, TIME_LIMIT_S)))

    def _start(self, job: ProcessJob) -> None:
        self._report = None
        self._suggestions = []
        self.list.clear()
        self.list.hide()
        self.note.hide()
        self.show_all_button.hide()
        self.apply_button.hide()
        self.title.setText("Looking for the mistyped clue\u2026")
        show_progress(self.progress, 0.0)
        self.progress.show()
        self.stop_button.show()
        self.show()
        self._search.start(job)

    def clear(self) -> None:
        """Stop a search and hide the box."""
        self._search.cancel()
        self._report = None
        self._suggestions = []
        self.list.clear()
        self.hide()

    def stop(self) -> None:
        """Stop the search; the box says so."""
        if not self._search.is_running():
            return
        self._search.cancel()
        self._end_progress()
        self.title.setText("The search for a mistyped clue was stopped.")

    def is_busy(self) -> bool:
        return self._search.is_running()

    def report(self) -> TypoReport | ColourTypoReport | None:
        return self._report

    def suggestions(self) -> list[Suggestion | ColourSuggestion]:
        """The suggestions listed, in order."""
        return list(self._suggestions)

    def select(self, row: int) -> None:
        self.list.setCurrentRow(row)

    def show_all(self) -> None:
        """List every edit of the kind offered, not only the likeliest :data:`SHOWN`."""
        if self._report is None:
            return
        self._list(self._report.offered(len(self._report.suggestions)))

    # --- the search ----------------------------------------------------------------------------

    def _end_progress(self) -> None:
        self.progress.hide()
        self.stop_button.hide()

    def _progress(self, fraction: float, message: str) -> None:
        show_progress(self.progress, fraction)
        self.title.setText(f"Looking for the mistyped clue\u2026 ({message})")

    def _done(self, report: TypoReport | ColourTypoReport) -> None:
        self._end_progress()
        self._report = report
        self._suggestions = list(report.offered(SHOWN))
        if self._suggestions:
            many = len(self._suggestions) > 1
            if isinstance(report, ColourTypoReport):
                self.title.setText(report.offered_title())
            elif self._suggestions[0].is_pair:
                self.title.setText(f"{report.no_suggestion_text()} {report.pairs_text()}")
            elif self._suggestions[0].one_more_typo:
                self.title.setText(f"{report.no_suggestion_text()} {TWO_TYPOS}")
            elif many:
                self.title.setText("Likely typos (each edit alone makes the puzzle unique):")
            else:
                self.title.setText("Likely typo (this edit makes the puzzle unique):")
            self._list(self._suggestions)
            self.list.show()
            self.apply_button.show()
            self.apply_button.setEnabled(False)
        else:
            self.title.setText(report.no_suggestion_text())
        self.reportReady.emit(report)

    def _list(self, suggestions: Sequence[Suggestion | ColourSuggestion]) -> None:
        """Fill the list with ``suggestions`` and say under it what the percentages are and how
        many of the edits found are listed."""
        report = self._report
        assert report is not None
        every = len(report.offered(len(report.suggestions)))
        self._suggestions = list(suggestions)
        self.list.clear()
        meaning = _figure_meaning(self._suggestions[0], every)
        for suggestion in self._suggestions:
            item = QListWidgetItem(_item_text(suggestion))
            item.setToolTip(f"{suggestion.text()}\n{meaning}" if meaning else suggestion.text())
            self.list.addItem(item)
        listed = len(self._suggestions)
        more = (
            f" The {listed} likeliest of the {every} are listed (together "
            f"{sum(s.confidence for s in self._suggestions):.0%})."
            if listed < every and meaning
            else ""
        )
        self.note.setText(f"{meaning}{more}")
        self.note.setVisible(bool(meaning or more))
        self.show_all_button.setText(f"List all {every}")
        self.show_all_button.setVisible(listed < every)

    def _failed(self, message: str) -> None:
        self._end_progress()
        self.title.setText(f"The search for a mistyped clue failed: {message}")

    def _selected(self, row: int) -> None:
        chosen = 0 <= row < len(self._suggestions)
        self.apply_button.setEnabled(chosen)
        self.linesSelected.emit(self._suggestions[row].edit.lines if chosen else ())

    def _apply(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._suggestions):
            self.applyRequested.emit(self._suggestions[row].edit)


def is_rated(suggestion: Suggestion | ColourSuggestion) -> bool:
    """Whether ``suggestion`` has a confidence (a share among the edits of its kind)."""
    return suggestion.unique or suggestion.one_more_typo or suggestion.is_pair


#: The least likelihood of the first fix for a dialog to select it (the mistyped-file
#: dialog, the colour Type Clues…).
CLEAR_LEAD = 0.5


def clearly_likeliest(suggestions: Sequence[Suggestion | ColourSuggestion]) -> bool:
    """Whether the first of ``suggestions`` is clearly the likeliest fix: rated (a share of the
    edits of its kind) and more likely than all the others together (over ``CLEAR_LEAD``), so
    that opening it with one click is right more often than not.  A first fix of 26 % (or two
    of 50 %, or three of 33 %, as the three one-number fixes of a 4x3 tee) is one guess among
    several: selected, it invited opening a puzzle other than the one typed."""
    if not suggestions:
        return False
    return is_rated(suggestions[0]) and suggestions[0].confidence > CLEAR_LEAD


def _figure_meaning(first: Suggestion | ColourSuggestion, every: int) -> str:
    """What the percentage beside each suggestion is ('' when they have none)."""
    if not is_rated(first):
        return ""
    if first.is_pair:
        kind = f"pair of edits is the two typos, of the {count(every, 'pair')} found"
    elif first.one_more_typo:
        kind = f"edit is one of two typos, of the {count(every, 'such edit')} found"
    else:
        makes = "makes" if every == 1 else "make"
        kind = (
            f"edit is the typo, of the {count(every, 'edit')} found that {makes} the puzzle unique"
        )
    return f"The % is how likely the {kind}."


def _item_text(suggestion: Suggestion | ColourSuggestion) -> str:
    """``row 7: 3 → 2 (3 1 becomes 2 1) — 80% likely, line-solvable``."""
    how = "line-solvable" if suggestion.line_solvable else "needs search"
    if suggestion.is_pair:
        how = f"together {how}"
    elif suggestion.one_more_typo:
        how = "then one more clue to fix"
    elif not suggestion.unique:  # offered for colour when no edit makes the puzzle unique
        how = suggestion.verdict.label
    if not is_rated(suggestion):
        return f"{suggestion.edit.text()} \u2014 {how}"
    return f"{suggestion.edit.text()} \u2014 {suggestion.confidence:.0%} likely, {how}"
