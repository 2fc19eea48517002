"""The likely typos of a puzzle's clues, found in the background and offered as a list.

:class:`TypoBox` runs the typo finder (:mod:`nonostudio.analysis.typos`, the colour one for
colour clues: :meth:`TypoBox.search_colour`) on the thread pool with progress and a Stop button,
lists the likeliest edits that make the puzzle unique with their confidence (how likely each is
the typo, said under the list; a button lists them all), says which lines the selected edit
touches and asks for it to be applied (a button or a double click).  A whole clue line left
out or typed twice, or an empty line too many (:class:`~nonostudio.analysis.typos.lines.LineFix`,
colour :class:`~nonostudio.analysis.typos.colour_lines.ColourLineFix`), found when no single edit
makes the puzzle unique, or when a file's clue lines are not as many as its declared size) is
listed first, as a fix of its own with its sentence, and applied the same way.  The Check panel
and the Paste dialog show one each; what "apply" does is theirs.
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
from nonostudio.analysis.typos.colour_lines import ColourLineFix
from nonostudio.analysis.typos.finder import LINE_COUNT, TWO_TYPOS
from nonostudio.analysis.typos.lines import DOUBLED, EXTRA, MISSING, MOVED, SWAPS, LineFix
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

#: A whole clue line put back or dropped, black-and-white or colour.
WholeLine = LineFix | ColourLineFix
#: A fix listed: an edit of the clues (or two), or a whole line put back or dropped.
Offered = Suggestion | ColourSuggestion | LineFix | ColourLineFix


class TypoBox(QWidget):
    """A list of likely typos with Apply and Stop; hidden until a search starts."""

    linesSelected = Signal(object)  # tuple of (axis, index): the selected edit's lines, or ()
    applyRequested = Signal(object)  # the Edit to make, or the LineFix (ColourLineFix)
    reportReady = Signal(object)  # the TypoReport of the finished search

    def __init__(self, apply_text: str = "Apply fix", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: TypoReport | ColourTypoReport | None = None
        self._suggestions: list[Offered] = []
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

    def search(
        self,
        rows: Sequence[Sequence[int]],
        cols: Sequence[Sequence[int]],
        size: tuple[int, int] | None = None,
        readings: Sequence[tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]] = (),
    ) -> None:
        """Look for the typo in these clues (they need not make a valid puzzle); ``size``: the
        ``(width, height)`` a file declares, when its clue lines are not as many (only a line
        put back or dropped is then looked for, as ``check`` does); ``readings``: every
        reading of the lines when more than one fits that size (a ``.nin``'s, a CWD's)."""
        rows_t = tuple(tuple(r) for r in rows)
        cols_t = tuple(tuple(c) for c in cols)
        every = tuple((tuple(map(tuple, r)), tuple(map(tuple, c))) for r, c in readings)
        job = ProcessJob(typo_search, (rows_t, cols_t, TIME_LIMIT_S, size, every))  # typo_jobs
        self._start(job)

    def search_colour(
        self,
        palette: Palette,
        rows: Sequence[Sequence[tuple[int, int]]],
        cols: Sequence[Sequence[tuple[int, int]]],
        size: tuple[int, int] | None = None,
    ) -> None:
        """Look for the typo in these colour clues (they need not make a valid puzzle);
        ``size`` as for :meth:`search`."""
        rows_t = tuple(tuple(r) for r in rows)
        cols_t = tuple(tuple(c) for c in cols)
        job = ProcessJob(colour_typo_search, (palette, rows_t, cols_t, TIME_LIMIT_S, size))
        self._start(job)

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

    def suggestions(self) -> list[Offered]:
        """The fixes listed, in order: line fixes first, then the edits."""
        return list(self._suggestions)

    def select(self, row: int) -> None:
        self.list.setCurrentRow(row)

    def show_all(self) -> None:
        """List every fix found of the kinds offered, not only the likeliest :data:`SHOWN`."""
        if self._report is None:
            return
        self._list(every_one=True)

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
        edits = report.offered(SHOWN)
        fixes = line_fixes(report)
        if edits or fixes:
            many = len(edits) > 1
            if fixes:
                self.title.setText(line_fix_title(report))
            elif isinstance(report, ColourTypoReport):
                self.title.setText(report.offered_title())
            elif edits[0].is_pair:
                self.title.setText(f"{report.no_suggestion_text()} {report.pairs_text()}")
            elif edits[0].one_more_typo:
                self.title.setText(f"{report.no_suggestion_text()} {TWO_TYPOS}")
            elif many:
                self.title.setText("Likely typos (each edit alone makes the puzzle unique):")
            else:
                self.title.setText("Likely typo (this edit makes the puzzle unique):")
            self._list(every_one=False)
            self.list.show()
            self.apply_button.show()
            self.apply_button.setEnabled(False)
        else:
            self.title.setText(report.no_suggestion_text())
        self.reportReady.emit(report)

    def _list(self, every_one: bool) -> None:
        """Fill the list with the line fixes and the edits offered (the first :data:`SHOWN` of
        each, or ``every_one``) and say under it what the percentages are and how many of the
        fixes found are listed."""
        report = self._report
        assert report is not None
        all_edits = report.offered(len(report.suggestions))
        all_fixes = line_fixes(report)
        edits = all_edits if every_one else all_edits[:SHOWN]
        fixes = all_fixes if every_one else all_fixes[:SHOWN]
        self._suggestions = [*fixes, *edits]
        self.list.clear()
        meaning = _figure_meaning(edits[0], len(all_edits)) if edits else ""
        for fix in fixes:
            item = QListWidgetItem(line_fix_item_text(fix))
            item.setToolTip(line_fix_item_text(fix))
            self.list.addItem(item)
        for suggestion in edits:
            item = QListWidgetItem(_item_text(suggestion))
            item.setToolTip(f"{suggestion.text()}\n{meaning}" if meaning else suggestion.text())
            self.list.addItem(item)
        more = ""
        if len(fixes) < len(all_fixes):
            more += f" The first {len(fixes)} of the {len(all_fixes)} line fixes are listed."
        if len(edits) < len(all_edits) and meaning:
            more += (
                f" The {len(edits)} likeliest of the {len(all_edits)} are listed (together "
                f"{sum(s.confidence for s in edits):.0%})."
            )
        self.note.setText(f"{meaning}{more}".strip())
        self.note.setVisible(bool(meaning or more))
        listed, every = len(self._suggestions), len(all_fixes) + len(all_edits)
        self.show_all_button.setText(f"List all {every}")
        self.show_all_button.setVisible(listed < every)

    def _failed(self, message: str) -> None:
        self._end_progress()
        self.title.setText(f"The search for a mistyped clue failed: {message}")

    def _selected(self, row: int) -> None:
        chosen = 0 <= row < len(self._suggestions)
        self.apply_button.setEnabled(chosen)
        self.linesSelected.emit(lines_of(self._suggestions[row]) if chosen else ())

    def _apply(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._suggestions):
            self.applyRequested.emit(fix_of(self._suggestions[row]))


def line_fixes(report: TypoReport | ColourTypoReport | None) -> list[WholeLine]:
    """The whole clue lines put back or dropped that ``report`` found, black-and-white or
    colour (a colour one was said in the heading only, with nothing to take)."""
    return [] if report is None else list(report.line_fixes)


def fix_of(offered: Offered) -> object:
    """What applying ``offered`` makes: its edit (or pair), or the line fix itself."""
    return offered if isinstance(offered, WholeLine) else offered.edit


def lines_of(offered: Offered) -> tuple[tuple[str, int], ...]:
    """The typed lines ``offered`` concerns, as ``(axis, index)``: an edit's lines; for a line
    put back, the lines on either side of the place (one at an end), the one before first,
    where the caret then stands; for a line typed twice, its two copies; for an empty line too
    many, that line."""
    if not isinstance(offered, WholeLine):
        return tuple(offered.edit.lines)
    axis, index = offered.axis, offered.index
    if offered.kind in SWAPS:  # (every line: nothing to mark)
        return ()
    if offered.kind == DOUBLED:
        return ((axis, index), (axis, index + 1))
    if offered.kind == EXTRA:  # the empty line to drop
        return ((axis, index),)
    if offered.kind == MOVED:  # the line as typed, on the other side
        return (("column", 0),) if axis == "row" else (("row", len(offered.rows)),)
    typed = len(offered.rows if axis == "row" else offered.cols) - 1  # (one line put back)
    return tuple((axis, i) for i in (index - 1, index) if 0 <= i < typed)


def line_fix_item_text(fix: WholeLine) -> str:
    """A line fix in the list: its sentence (``Row clues: 19 lines; one seems to be missing
    after row 7: with 3 3 2 1 1 put in as row 8, the clues (20 rows, 20 columns) make one
    picture``)."""
    text = fix.text()
    return text[:1].upper() + text[1:]


def line_fix_title(report: TypoReport | ColourTypoReport) -> str:
    """The heading of a list that starts with line fixes: what they do, why no edit is offered
    instead (not said when the file's size told the lines were not as many: the reader's
    error says so above the list), and the other fixes listed after them."""
    fixes = report.line_fixes
    kinds = {f.kind for f in fixes}
    if kinds <= set(SWAPS):  # (the two readings of rows and columns swapped)
        return (
            "Rows and columns seem swapped. Each reading with them exchanged makes the "
            "clues a picture (each the other's transpose; the book tells which):"
        )
    axes = {f.axis for f in fixes}
    line = fixes[0].axis if len(axes) == 1 else "clue line"
    done = (
        "taken back to its side of the rows and columns"
        if kinds == {MOVED}
        else "put back"
        if kinds == {MISSING}
        else "dropped (typed twice)"
        if kinds == {DOUBLED}
        else "dropped (empty, one too many)"
        if kinds == {EXTRA}
        else "dropped"
        if MISSING not in kinds
        else "put back or dropped"
    )
    why = (
        ""
        if report.problem_kind == LINE_COUNT
        else "No single edit of one clue makes the puzzle unique. "
    )
    if len(fixes) == 1:
        what = f"A whole {line} {done} makes the clues one picture"
    else:
        what = f"Each of these fixes, a whole {line} {done}, makes the clues one picture"
    edits = report.offered(SHOWN)
    if not edits:
        return f"{why}{what}:"
    if edits[0].unique and not edits[0].is_pair:  # (edits that only move an empty line)
        other = "one of these edits" if len(edits) > 1 else "this edit"
        return (
            f"{what} (listed first). Or {other}, which keeps the grid's size (it makes the "
            "puzzle unique too):"
        )
    then = report.pairs_text() if edits[0].is_pair else TWO_TYPOS
    return f"{why}{what} (listed first). {then}"


def is_rated(suggestion: Offered) -> bool:
    """Whether ``suggestion`` has a confidence (a share among the edits of its kind); a line
    fix has none."""
    if isinstance(suggestion, WholeLine):
        return False
    return suggestion.unique or suggestion.one_more_typo or suggestion.is_pair


#: The least likelihood of the first fix for a dialog to select it (the mistyped-file
#: dialog, the colour Type Clues…).
CLEAR_LEAD = 0.5


def clearly_likeliest(suggestions: Sequence[Offered]) -> bool:
    """Whether the first of ``suggestions`` is clearly the likeliest fix: rated (a share of the
    edits of its kind) and more likely than all the others together (over ``CLEAR_LEAD``), so
    that opening it with one click is right more often than not.  A first fix of 26 % (or two
    of 50 %, or three of 33 %, as the three one-number fixes of a 4x3 tee) is one guess among
    several: selected, it invited opening a puzzle other than the one typed.  A line fix has
    no share: it is clearly the likeliest only when it is the one fix found (the only clues
    making one picture); two clues that fit the same missing line, or a line fix beside pairs
    of edits, are for the person to choose."""
    if not suggestions:
        return False
    first = suggestions[0]
    if isinstance(first, WholeLine):
        return len(suggestions) == 1
    return is_rated(first) and first.confidence > CLEAR_LEAD


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
