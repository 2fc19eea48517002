"""The check panel: decides the edited puzzle in the background and shows the verdict.

Each new puzzle restarts a short debounce timer, then the complete solver runs in a worker process;
a newer puzzle cancels the check still running.  For a puzzle with several solutions the panel
offers the second one so the editor can highlight where the two differ.  A colour puzzle is
decided by the colour solver the same way.

For typed clues with no solution, several, row and column totals that differ or a clue too long
for its line, the panel then looks for the mistyped clue
(:class:`~nonostudio.gui.common.typo_box.TypoBox`): it names the contradiction in words, lists
the likely typos, says which lines the selected one touches
(:attr:`CheckPanel.typoLinesSelected`) and asks for it to be made
(:attr:`CheckPanel.typoApplyRequested`).  A whole clue line left out or typed twice (no solution
that a single edit mends, :class:`~nonostudio.analysis.typos.lines.LineFix`) is listed first with
its sentence and asked for by :attr:`CheckPanel.lineFixRequested` (the line put back or dropped
changes the puzzle's size).  Where the typed clues come from is told by
:meth:`CheckPanel.set_clue_source`.

A check stopped by the time limit is offered again with a longer one
(:class:`~nonostudio.gui.common.longer.LongerButton`, "Keep checking, up to 1 minute"): the hardest
puzzles need more than the studio's 10 s, and a designer asks for the verdict knowing it takes a
while.  The button stops that longer check, which leaves the verdict it had.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.typos import ColourTypoReport, TypoReport
from nonostudio.analysis.typos.finder import line_count_problem, swap_problem
from nonostudio.analysis.typos.lines import typed_swap
from nonostudio.core.clue_text import long_clue_problem, totals_problem
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.colour.solver import ColourSolveResult
from nonostudio.core.counts import count
from nonostudio.core.puzzle import Clues, Puzzle
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.common.dock_scroll import scrolled
from nonostudio.gui.common.limits import TIME_LIMIT_S, duration
from nonostudio.gui.common.longer import LongerButton
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.typo_box import TypoBox, WholeLine, clearly_likeliest
from nonostudio.gui.common.workers import Worker, run_in_background
from nonostudio.gui.panels.grading import busy_bar
from nonostudio.gui.panels.panel_jobs import check_puzzle

DEBOUNCE_MS = 300
ROUNDING = 8  # pixels a dock laid out may differ from the height asked for (separators)

EXPLANATIONS = {
    Verdict.UNIQUE_LINE: "One solution, reachable by line logic alone.",
    Verdict.UNIQUE_SEARCH: "One solution, but line logic alone gets stuck; solving needs search.",
    Verdict.MULTIPLE: "More than one picture fits these clues.",
    Verdict.NO_SOLUTION: "No picture fits these clues.",
    Verdict.UNDECIDED: "The solver could not decide within the time limit.",
}

#: The typed clues, or None when there are none to look for typos in (a drawing).
ClueSource = Callable[[], "tuple[Clues, Clues] | None"]
#: The size ``(width, height)`` the typed clues are for (a clue text may have a line more or
#: fewer: the typo finder then looks for the line left out or typed twice).
SizeSource = Callable[[], "tuple[int, int]"]


@dataclass
class RoomTaken:
    """The height the typo list took from the docks stacked with the Check panel's: the
    ``window``, its ``docks`` (the panel's first), their heights ``before`` and their heights
    as ``laid_out`` then (the sizes asked for until laid out)."""

    window: QMainWindow
    docks: list[QDockWidget]
    before: list[int]
    laid_out: list[int]


class CheckPanel(QWidget):
    """Verdict, time and a busy indicator for the puzzle being edited."""

    verdictReady = Signal(object)  # SolveResult
    alternateRequested = Signal(object)  # np.ndarray: a second solution
    typoLinesSelected = Signal(object)  # tuple of (axis, index) of the selected typo, or ()
    typoApplyRequested = Signal(object)  # the typo finder's Edit to make to the clues
    lineFixRequested = Signal(object)  # the (Colour)LineFix to make: a line put back or dropped

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        delay_ms: int = DEBOUNCE_MS,
        time_limit: float = TIME_LIMIT_S,
    ) -> None:
        super().__init__(parent)
        self._time_limit = time_limit
        self._pending: Puzzle | ColourPuzzle | None = None
        self._checked_clues: tuple[object, object] | None = None
        self._worker: Worker | None = None
        self._result: SolveResult | ColourSolveResult | None = None
        self._clue_source: ClueSource | None = None
        self._size_source: SizeSource | None = None
        self._searched_clues: tuple[Clues, Clues] | None = None  # the typed clues of the typos
        self._colour = False  # the last puzzle given was a colour one (typed clues are not)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start)

        self.verdict_label = QLabel("No puzzle")
        bold = QFont(self.verdict_label.font())
        bold.setBold(True)
        self.verdict_label.setFont(bold)
        self.verdict_label.setAccessibleName("Verdict")
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.busy = busy_bar()
        self.alternate_button = QPushButton("Show alternate solution")
        self.alternate_button.setToolTip("Highlight the cells where a second solution differs")
        self.alternate_button.hide()
        self.alternate_button.clicked.connect(self._request_alternate)
        # the time limit of the check running or last finished (the panel's own, or a longer
        # one asked for)
        self._run_limit = time_limit
        # the verdict and detail shown before the longer check and its time limit, shown again
        # if it is stopped
        self._before_longer = ("", "", time_limit)
        self.longer_button = LongerButton("checking", "check", "the verdict stays undecided")
        self.longer_button.startRequested.connect(self._start_longer)
        self.longer_button.stopRequested.connect(self._stop_longer)

        # The verdict and its detail wrap in a narrow dock; the button has a row of its own and
        # keeps its room while hidden, so the dock never widens or jumps when it appears — but
        # not while the typo search shows under it: the room would be a blank gap between the
        # verdict's words and the typos (see _alternate_room).
        self.verdict_label.setWordWrap(True)
        button_row = QHBoxLayout()
        button_row.addWidget(self.alternate_button)
        button_row.addStretch(1)
        longer_row = QHBoxLayout()  # never shown with the alternate button: a row of its own
        longer_row.addWidget(self.longer_button)
        longer_row.addStretch(1)
        self.typos = TypoBox("Apply fix")
        self.typos.apply_button.setToolTip("Make the selected edit to the clues (one undo step)")
        self.typos.linesSelected.connect(self.typoLinesSelected)
        self.typos.applyRequested.connect(self._apply_requested)
        self.typos.reportReady.connect(self._typos_found)
        self.typos.installEventFilter(self)
        self.longer_button.installEventFilter(self)
        # The contents scroll in a short dock (the typo list needs room) instead of overlapping.
        # the room the typo list took from the docks stacked with this one, to give back
        self._room_taken: RoomTaken | None = None
        content = self._content = QWidget()
        layout = self._layout = QVBoxLayout(content)
        layout.addWidget(self.verdict_label)
        layout.addWidget(self.busy)
        layout.addWidget(self.detail_label)
        layout.addLayout(longer_row)
        layout.addLayout(button_row)
        layout.addWidget(self.typos)
        # A tall dock's spare room goes below everything: given to the typo box, it was a blank
        # gap above and below the typo search's words (a label centres its words in its room).
        layout.addStretch(1)
        self._alternate_room(True)
        # never narrower than the contents: the verdict wraps instead of being cut off
        scroll = scrolled(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def _alternate_room(self, keep: bool) -> None:
        """Keep the hidden alternate-solution button's room (nothing under it), or not."""
        policy = self.alternate_button.sizePolicy()
        policy.setRetainSizeWhenHidden(keep)
        self.alternate_button.setSizePolicy(policy)
        # a hidden button's new policy does not reach the layout by itself
        self._layout.invalidate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        shown_or_hidden = (QEvent.Type.ShowToParent, QEvent.Type.HideToParent)
        if watched is self.typos and event.type() in shown_or_hidden:
            self._alternate_room(self.typos.isHidden())  # told even while the dock is hidden
            if event.type() == QEvent.Type.HideToParent:
                self._give_back_room()
        elif watched is self.longer_button and event.type() == QEvent.Type.HideToParent:
            self._give_back_room()  # (the room it took, see _done)
        return super().eventFilter(watched, event)

    # --- public API ----------------------------------------------------------------------------

    def set_clue_source(self, source: ClueSource | None, size: SizeSource | None = None) -> None:
        """Where the typed clues come from: ``source()`` gives them (even when the totals
        differ) or None when there are none to look for typos in, as for a drawing.  Without a
        source the panel looks for typos in every black-and-white puzzle it is given.
        ``size()`` is the size they are typed for: clues of one line more or fewer than it
        are searched for the line left out or typed twice (it was "No puzzle to check")."""
        self._clue_source = source
        self._size_source = size

    def set_puzzle(self, puzzle: Puzzle | ColourPuzzle | None) -> None:
        """Check ``puzzle`` after a short pause (None: nothing to check while clues are invalid;
        when the clue source gives clues whose totals differ, look for the typo in them).
        A colour puzzle's result is a :class:`ColourSolveResult`."""
        if puzzle is not None and (puzzle.rows, puzzle.cols) == self._checked_clues:
            return  # metadata changes do not change the verdict
        if puzzle is None and self._searched_clues is not None:
            if self._typed_clues() == self._searched_clues:
                return  # told again of the same typed clues: their typo search goes on
        self.cancel()
        self._pending = puzzle
        self._result = None
        self.alternate_button.hide()
        self.longer_button.drop()
        self.typos.clear()
        if puzzle is not None:
            self._colour = isinstance(puzzle, ColourPuzzle)
        if puzzle is None:
            self._checked_clues = None
            clues, size = self._miscounted(self._typed_clues())
            problem = None if clues is None else self._clue_problem(*clues, size)
            if clues is not None and problem is not None:
                verdict, detail = problem
                self.verdict_label.setText(verdict)
                self.detail_label.setText(detail[:1].upper() + detail[1:].rstrip(".") + ".")
                self.typos.search(*clues, size=size)
                self._searched_clues = clues
                return
            self.verdict_label.setText("No puzzle to check")
            self.detail_label.setText("Fix the clues to check the puzzle.")
            return
        self._checked_clues = (puzzle.rows, puzzle.cols)
        self.verdict_label.setText("Checking\u2026")
        self.detail_label.setText("")
        self.busy.show()
        self._timer.start()

    def cancel(self) -> None:
        """Stop a pending or running check and typo search (their results are dropped)."""
        self._timer.stop()
        self.typos.clear()
        self._searched_clues = None
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self._checked_clues = None
        self.busy.hide()

    def is_busy(self) -> bool:
        return self._timer.isActive() or self._worker is not None or self.typos.is_busy()

    def result(self) -> SolveResult | ColourSolveResult | None:
        return self._result

    def _typed_clues(self) -> tuple[Clues, Clues] | None:
        """The typed clues to look for typos in (None: none, as for a drawing or colour)."""
        if self._clue_source is None or self._colour:
            return None
        return self._clue_source()

    def _miscounted(
        self, clues: tuple[Clues, Clues] | None
    ) -> tuple[tuple[Clues, Clues] | None, tuple[int, int] | None]:
        """The typed ``clues`` to search, and the size they are typed for when one axis's
        lines are not as many (a line left out or typed twice; else None), or both are each
        as many as the other side's (rows and columns typed into each other's box: the typo
        finder offers both readings).  Other clues with both axes off are none to search (no
        one line mends that; the clue texts' own messages say each count)."""
        if clues is None or self._size_source is None:
            return clues, None
        size = self._size_source()
        off = (len(clues[1]) != size[0]) + (len(clues[0]) != size[1])
        if off == 2 and typed_swap(*clues, size):  # (the core decides: rows and columns swapped)
            return clues, size
        return (None, None) if off == 2 else (clues, size if off else None)

    @staticmethod
    def _clue_problem(
        rows: Clues, cols: Clues, size: tuple[int, int] | None = None
    ) -> tuple[str, str] | None:
        """Why typed clues make no puzzle, as a verdict and the core's words, when a typo
        search can say which number is wrong: clue lines not as many as the ``size`` they are
        typed for (a typo search given the size looks for the line), a clue too long for its
        line (as Paste and the CLI), else row and column totals that differ."""
        if size is not None and typed_swap(rows, cols, size):
            return "Rows and columns swapped?", swap_problem(len(rows), len(cols), size)
        if size is not None:
            return "A clue line left out or typed twice", line_count_problem(
                len(rows), len(cols), size
            )
        if (long := long_clue_problem(rows, cols)) is not None:
            return "A clue is too long for its line", long
        if (totals := totals_problem(rows, cols)) is not None:
            return "Row and column totals differ", totals
        return None

    def set_time_limit(self, seconds: float) -> None:
        self._time_limit = seconds

    # --- running -------------------------------------------------------------------------------

    def _start(self, time_limit: float | None = None) -> None:
        puzzle = self._pending
        if puzzle is None:
            return
        self._run_limit = self._time_limit if time_limit is None else time_limit
        # in a worker process: the solver's Python never keeps the GUI thread waiting
        job = ProcessJob(check_puzzle, (puzzle, self._run_limit))
        self._worker = run_in_background(
            job, on_result=self._done, on_error=self._failed, on_progress=self._progress
        )

    def _is_current(self) -> bool:
        """True when the signal being handled comes from the check still wanted (not a stale
        one)."""
        return self._worker is not None and self.sender() is self._worker.signals

    def _progress(self, fraction: float, message: str) -> None:
        if self._is_current():
            self.detail_label.setText(f"{message} ({fraction:.0%} of cells known)")

    def _done(self, result: SolveResult | ColourSolveResult) -> None:
        if not self._is_current():
            return
        self._worker = None
        self.busy.hide()
        self._result = result
        text = result.verdict.label
        self.verdict_label.setText(text[:1].upper() + text[1:])
        detail = EXPLANATIONS[result.verdict]
        reason = result.reason  # e.g. a formula too large for memory (both solvers)
        if result.verdict is Verdict.UNDECIDED and result.timed_out:
            detail = f"Not decided within the time limit of {duration(self._run_limit)}."
        elif result.verdict is Verdict.UNDECIDED and reason:  # e.g. too large for memory
            detail = f"{reason[:1].upper()}{reason[1:]}."
        if isinstance(result, ColourSolveResult) and result.verdict is not Verdict.UNIQUE_LINE:
            open_cells = sum(1 for row in result.grid for cell in row if cell & (cell - 1))
            if open_cells:
                detail += (
                    f" Line logic leaves {count(open_cells, 'cell')} undecided"
                    " (hatched in the editor)."
                )
        self.detail_label.setText(f"{detail} Checked in {result.seconds:.2f} s.")
        self.alternate_button.setVisible(
            result.verdict is Verdict.MULTIPLE and result.alternate is not None
        )
        timed_out = result.verdict is Verdict.UNDECIDED and result.timed_out
        self.longer_button.offer_after(self._run_limit, timed_out)
        if self.longer_button.isVisibleTo(self):
            # its two lines under the verdict's were cut off under a short dock's edge (1024x600)
            self._make_room()
        self.verdictReady.emit(result)
        puzzle = self._pending
        if (
            isinstance(puzzle, Puzzle)
            and result.verdict in (Verdict.NO_SOLUTION, Verdict.MULTIPLE)
            and (self._clue_source is None or self._clue_source() is not None)
        ):
            self.typos.search(puzzle.rows, puzzle.cols)
        elif (
            isinstance(puzzle, ColourPuzzle)
            and puzzle.goal is None  # the clues are a file's, not a painted picture's
            and result.verdict in (Verdict.NO_SOLUTION, Verdict.MULTIPLE)
        ):
            self.typos.search_colour(puzzle.palette, puzzle.rows, puzzle.cols)

    def _start_longer(self, seconds: float) -> None:
        """Check the puzzle again within ``seconds`` (asked for on the longer button)."""
        if self._pending is None:
            self.longer_button.drop()
            return
        detail = self.longer_button.without_stopped(self.detail_label.text())
        self._before_longer = (self.verdict_label.text(), detail, self._run_limit)
        self.verdict_label.setText(self.longer_button.running_text())
        self.detail_label.setText("")
        self.busy.show()
        self._start(seconds)

    def _stop_longer(self) -> None:
        """The longer check was stopped: the verdict it had, saying so."""
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self.busy.hide()
        verdict, detail, self._run_limit = self._before_longer
        self.verdict_label.setText(verdict)
        self.detail_label.setText(self.longer_button.with_stopped(detail))

    def _apply_requested(self, fix: object) -> None:
        """Ask for the fix chosen: a line put back or dropped, or an edit of the clues."""
        if isinstance(fix, WholeLine):
            self.lineFixRequested.emit(fix)
        else:
            self.typoApplyRequested.emit(fix)

    def _typos_found(self, report: TypoReport | ColourTypoReport) -> None:
        """Say where a puzzle with no solution breaks, in words (the typo search found it), and
        choose the first fix when it is clearly the likeliest (its lines marked, Apply fix one
        click), as the mistyped-file dialog does.  The editors mark the lines on the grid and
        leave a clue text the designer is typing in as it is (``EditorView.mark_clue_lines``):
        the search ends while they may still be typing, and a selected line would be replaced
        by their next keystroke (d29aff1)."""
        if self._result is not None and self._result.verdict is Verdict.NO_SOLUTION:
            self.detail_label.setText(f"{report.problem} Checked in {self._result.seconds:.2f} s.")
        if clearly_likeliest(self.typos.suggestions()):
            self.typos.select(0)
        self._make_room()

    def _make_room(self) -> None:
        """Grow the dock the panel is in (from its neighbours) so the typo list, or the offer of
        a longer check, shows whole."""
        content = self._content
        # The typo box's words were set just now: its layout, and the content's that holds
        # it, measure them anew (until laid out they kept the height of the words before, and
        # a note of the search cut off under the dock's edge at 1024x600).
        self.typos.updateGeometry()
        self._layout.invalidate()
        # at the width it has: wrapped words take more lines than the size hint's width gives
        wanted = max(content.sizeHint().height(), content.heightForWidth(content.width()))
        dock = self.parentWidget()
        window = dock.parentWidget() if dock is not None else None
        if not (
            wanted > self.height()
            and isinstance(dock, QDockWidget)
            and isinstance(window, QMainWindow)
            and not dock.isFloating()
        ):
            return
        area = window.dockWidgetArea(dock)
        column = [  # the docks stacked with this one, which give it the room
            other
            for other in window.findChildren(QDockWidget)
            if other is not dock
            and other.isVisible()
            and not other.isFloating()
            and window.dockWidgetArea(other) == area
            and abs(other.x() - dock.x()) < 4
        ]
        total = dock.height() + sum(other.height() for other in column)
        slack = 12  # the docks' separator and rounding
        mine = min(wanted + dock.height() - self.height() + slack, total - 120 * len(column))
        if mine <= dock.height():
            return
        rest = total - mine
        share = sum(other.height() for other in column) or 1
        sizes = [mine] + [max(1, other.height() * rest // share) for other in column]
        docks = [dock, *column]
        before = [d.height() for d in docks]
        window.resizeDocks(docks, sizes, Qt.Orientation.Vertical)
        # laid out later, not always as asked for: a tab bar under tabbed docks counts in the
        # sizes asked for, not in the docks' heights (20 px of Difficulty's, in the studio)
        taken = self._room_taken = RoomTaken(window, docks, before, sizes)
        QTimer.singleShot(0, self, lambda: self._laid_out(taken))

    def _laid_out(self, taken: RoomTaken) -> None:
        """Keep the docks' heights as laid out after the room was taken."""
        if taken is self._room_taken:
            taken.laid_out = [d.height() for d in taken.docks]

    def _give_back_room(self) -> None:
        """The typo list gone, the docks under the panel get back the height it took from them
        (it left the Difficulty panel a few lines and the Check dock a blank), unless they were
        resized since (by more than the layout's rounding)."""
        taken, self._room_taken = self._room_taken, None
        if taken is None:
            return
        docks = taken.docks
        untouched = all(
            abs(d.height() - h) <= ROUNDING for d, h in zip(docks, taken.laid_out, strict=True)
        )
        if untouched and all(d.isVisible() for d in docks):
            taken.window.resizeDocks(docks, taken.before, Qt.Orientation.Vertical)
            QTimer.singleShot(0, self, lambda: self._settle(taken))

    def _settle(self, taken: RoomTaken) -> None:
        """Once the docks given their room back are laid out: ask once more, each height less
        what the layout added to it, if they are not as they were (a tab bar under tabbed docks
        counts in the sizes asked for, not in the docks' heights)."""
        if self._room_taken is not None or not all(d.isVisible() for d in taken.docks):
            return  # the room was taken again meanwhile, or a dock closed
        now = [d.height() for d in taken.docks]
        if now != taken.before:
            sizes = [2 * b - n for b, n in zip(taken.before, now, strict=True)]
            taken.window.resizeDocks(taken.docks, sizes, Qt.Orientation.Vertical)

    def _failed(self, message: str) -> None:
        if not self._is_current():
            return
        self._worker = None
        self._checked_clues = None
        self.busy.hide()
        self.longer_button.drop()
        self.verdict_label.setText("Check failed")
        self.detail_label.setText(message)

    def _request_alternate(self) -> None:
        if self._result is not None and self._result.alternate is not None:
            self.alternateRequested.emit(np.array(self._result.alternate, copy=True))
