"""What the black-and-white and the colour Solve views share (:class:`TraceView`): the trace
started shortly after a change and run in the background, replaying it step by step (Back, Play,
Next, a row of the step list chosen), the by-hand clock's showing, the player's undo keys and
the words said of the player's mistakes.
Each view keeps its own trace, grid and marks, and gives the base what differs between black and
white and colour as a :class:`SolveKind`: how a trace starts, a position is shown, a hint under
way is dropped, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import shiboken6
from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent, QKeySequence, QShowEvent, QUndoStack
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from nonostudio.gui.common.workers import Worker
from nonostudio.gui.solve.hand_timer import clock_text
from nonostudio.gui.solve.layout import SolveUiParts, connect_action, connect_toggle
from nonostudio.gui.solve.panes import PaneKeeper
from nonostudio.gui.solve.steps_model import StepsModel

DEBOUNCE_MS = 250
PLAY_INTERVAL_MS = 450


def checked_text(wrong: Sequence[tuple[int, int]], verdict: str) -> str:
    """What Check says of the player's ``wrong`` cells (ringed): how many, and the first one's
    row, column and ``verdict`` ("is wrong")."""
    if not wrong:
        return "No mistakes so far."
    r, c = wrong[0]
    more = f" (and {len(wrong) - 1} more, ringed)" if len(wrong) > 1 else " (ringed)"
    return (
        f"{len(wrong)} mistake{'s' if len(wrong) > 1 else ''}: "
        f"row {r + 1}, column {c + 1} {verdict}{more}."
    )


def differs_text(wrong: Sequence[tuple[int, int]], picture: str, several: bool) -> str:
    """What Check says of the player's cells that differ from ``picture`` ("the puzzle's
    picture"), which is not known to be the only solution: they are not called wrong; with
    ``several`` (the clues are known to fit other pictures) finishing one is said to solve it."""
    if not wrong:
        text = f"Your cells agree with {picture} so far."
    else:
        r, c = wrong[0]
        more = f" (and {len(wrong) - 1} more, ringed)" if len(wrong) > 1 else " (ringed)"
        cells = "cell differs" if len(wrong) == 1 else "cells differ"
        text = f"{len(wrong)} {cells} from {picture}: row {r + 1}, column {c + 1}{more}."
    if several:
        text += " Other pictures fit the clues as well: finishing one solves the puzzle too."
    return text


def fix_first_text(wrong: Sequence[tuple[int, int]], verdict: str) -> str:
    """What a hint asked for says instead while the player's grid has ``wrong`` cells."""
    r, c = wrong[0]
    more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
    return f"Fix the mistake first: row {r + 1}, column {c + 1} {verdict}{more}."


def taken_up_text(solved: bool, seconds: float, hand: bool) -> str:
    """What a Solve view says when it takes up the player's kept game (``solved`` or not, after
    ``seconds``): by hand, carry on; else, how to see it."""
    state = "solved" if solved else "in progress"
    return f"Your game of this puzzle is {state} ({clock_text(seconds)}): " + (
        "press Solve by hand to see it." if not hand else "carry on where you left off."
    )


class _Steps(Protocol):
    @property
    def steps(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class SolveKind:
    """What a Solve view does its own way (black and white or colour), given to
    :class:`TraceView` when it is made."""

    #: Start the trace of the puzzle on show (the pause after a change is over).
    start_trace: Callable[[], None]
    #: Show the trace at the view's position: the grid, its marks, the step chosen.
    show: Callable[[], None]
    #: Turn the actions on or off for what the view shows now.
    update_actions: Callable[[], None]
    #: Forget a hint under way (the grid moved on).
    drop_hint: Callable[[], None]
    #: The undo stack of the player's strokes.
    player_stack: Callable[[], QUndoStack]
    #: A puzzle is shown that the player may solve (not one known to have no solution).
    solvable_by_hand: Callable[[], bool]
    #: The player's grid takes strokes, or not.
    set_grid_editable: Callable[[bool], None]
    #: What the banner says was finished: ``25x25 puzzle``, ``10x10 colour puzzle``.
    solved_words: Callable[[], str]
    #: Stop a pending or running trace or hint (their results are dropped).
    cancel: Callable[[], None]
    #: Drop the trace shown (its steps, the position in it).
    forget_trace: Callable[[], None]
    #: Show the puzzle with no steps yet and trace it again after the pause.
    start_soon: Callable[[], None]


class TraceView(QWidget):
    """A Solve view's trace, its replay, its by-hand clock and undo keys; subclasses set ``ui``
    and ``_trace`` and call :meth:`_connect_replay` once ``ui`` is made, and ``kind`` does what
    differs between them."""

    positionChanged = Signal(int)  # steps applied so far
    handSolved = Signal()  # the player's grid became a solution

    ui: SolveUiParts
    _run_limit: float  # the time limit of the trace running or shown: the view's, or longer
    _trace_limit: float  # the time limit of the trace shown
    _before_longer: str  # the summary shown before a longer trace (again if it is stopped)
    model: StepsModel
    grid: QWidget  # the grid the view's keys go to
    _panes: PaneKeeper  # the steps pane beside or under the grid
    _trace: _Steps | None
    _puzzle: object | None  # None: no puzzle shown (the player's grid takes no strokes)
    _shelved: object | None  # the puzzle shown before the editor's clues became invalid
    _solved: bool  # the player's grid is a solution
    _cells_words: str = ""  # words of the player's cells as they were (_say_of_cells)
    # What was said of a game taken up while the steps are shown (_say_taken_up): said again
    # beside the words the replay shows before its first step when the trace comes (they
    # replaced it), until the player turns to solving by hand or another puzzle shows.
    _game_note: str = ""

    def __init__(
        self, parent: QWidget | None = None, *, kind: SolveKind, delay_ms: int = DEBOUNCE_MS
    ) -> None:
        if not isinstance(kind, SolveKind):
            raise TypeError(f"a Solve view needs a SolveKind, not {type(kind).__name__}")
        super().__init__(parent)
        self._kind = kind
        self._worker: Worker | None = None  # the trace running
        self._position = 0
        self._applying = False  # a hint is being applied: the ladder is not reset by it
        self._debounce = QTimer(self, singleShot=True, interval=delay_ms)
        self._debounce.timeout.connect(kind.start_trace)
        self._player = QTimer(self, interval=PLAY_INTERVAL_MS)
        self._player.timeout.connect(self._tick)

    def _same_puzzle(self, puzzle: object, clues: Callable[[Any], object]) -> bool:
        """Whether ``puzzle`` has the ``clues`` of the puzzle shown, or of the one shelved while
        the editor's clues were invalid: it takes that one's place (a title edited changes
        nothing), and a shelved one's game is taken up again where it was left — the player's
        grid, the clock, the solved banner — and traced again.  False: a new puzzle, which the
        view shows afresh."""
        shelved, self._shelved = self._shelved, None
        same = self._puzzle if self._puzzle is not None else shelved
        if same is None or clues(puzzle) != clues(same):
            return False
        back = self._puzzle is None
        self._puzzle = puzzle
        if back:
            hand = self.ui.hand_action.isChecked()
            self.ui.show_no_puzzle("")
            self.ui.banner_box.setVisible(hand and self._solved)
            self._kind.set_grid_editable(hand and not self._solved)
            self._run_timer()
            self._kind.start_soon()
        return True

    def _shelve(self, reason: str) -> None:
        """Show no puzzle and say ``reason`` in the grid's place: the trace and hint stop, the
        player's game is kept (a library puzzle's saved, by the black-and-white view's cancel)
        and :meth:`_same_puzzle` takes it up again when the same clues come back."""
        self._kind.cancel()
        if self._puzzle is not None:
            self._shelved = self._puzzle
        self._puzzle = None
        self._kind.set_grid_editable(False)
        self._run_timer()
        self._kind.drop_hint()
        self._kind.forget_trace()
        self.ui.banner_box.hide()
        self.ui.show_no_puzzle(reason)
        self.ui.summary_label.setText(reason)  # (the status line would only repeat it)
        self.ui.message_label.setText("")
        self._kind.update_actions()

    def _show_longer_running(self, summary: str) -> None:
        """A longer trace starts (both views): the summary shown is kept for a stop (less the
        note of a longer one stopped before), ``summary`` and the running words shown."""
        label, button = self.ui.summary_label, self.ui.longer_button
        self._before_longer = button.without_stopped(label.text(), "<br>")
        label.setText(f"{summary}<br>{button.running_text()}")
        self.ui.busy.show()

    def _stop_longer(self) -> None:
        """The longer trace was stopped (both views): the steps shown before it stay, and the
        summary says it was stopped."""
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self.ui.busy.hide()
        self._run_limit = self._trace_limit
        self.ui.summary_label.setText(
            self.ui.longer_button.with_stopped(self._before_longer, "<br>")
        )

    def _connect_replay(self) -> None:
        """Back, Play, Next and a row of the step list chosen go to their step."""
        ui = self.ui
        connect_action(ui.back_action, self.step_back)
        connect_toggle(ui.play_action, self.set_playing)
        connect_action(ui.forward_action, self.step_forward)
        ui.table.selectionModel().currentRowChanged.connect(self._row_chosen)

    def _run_timer(self) -> None:
        """The clock runs while the player can solve: by hand, unsolved, on screen (another
        tab or a minimised window pauses it), and the puzzle solvable by hand."""
        if (
            self.ui.hand_action.isChecked()
            and not self._solved
            and self._kind.solvable_by_hand()
            and self.isVisible()
        ):
            self.ui.timer.start()
        else:
            self.ui.timer.stop()

    def _on_solved_by_hand(self) -> None:
        """The player has just solved the puzzle (before ``handSolved``)."""

    def _set_solved(self, solved: bool, *, announce: bool = True) -> None:
        """The player's grid is a solution, or not: the grid held still, the banner with the
        final time, and (``announce``, the moment it becomes one) the words and ``handSolved``."""
        ui = self.ui
        was = self._solved
        self._solved = solved
        hand = ui.hand_action.isChecked()
        self._kind.set_grid_editable(hand and not solved)
        ui.banner_box.setVisible(hand and solved)
        self._run_timer()  # stops on the solved moment, so the banner gives the final time
        if solved:
            ui.banner.setText(
                f"\u2713 Solved! You finished this {self._kind.solved_words()} in "
                f"{clock_text(ui.timer.seconds())}."
            )
        if solved and not was and announce:  # (of the cells as they are: an undo takes them)
            self._say_of_cells(
                "Solved! Well done. Undo (Ctrl+Z) to go back, or Solve again to start afresh."
            )
            self._on_solved_by_hand()
            self.handSolved.emit()
        self._kind.update_actions()

    def _say_of_cells(self, words: str) -> None:
        """Show ``words`` that hold only of the player's cells as they are (a Check's count and
        marks, a mistake to fix first, a hint being looked for or why none follows, "Solved!"):
        the next move, undo or redo takes them away with the marks and the search (both views'
        ``_set_hand`` / ``_on_cells_changed``).  They stayed: "Fix the mistake first: row 9,
        column 2 is wrong (and 1 more)" once that cell was cleared and a third one made, and
        "Solved! … Undo (Ctrl+Z) to go back" after that undo.  Other words there (a hint's, a
        cell named by the mouse) are left."""
        self._cells_words = words
        self.ui.message_label.setText(words)

    def _forget_cells_words(self) -> None:
        """The player's cells changed: words said of them as they were go (:meth:`_say_of_cells`);
        other words stay."""
        if self.ui.message_label.text() == self._cells_words:
            self.ui.message_label.setText("")

    def _say_taken_up(self, words: str) -> None:
        """Show ``words`` of a game taken up; while the steps are shown they are kept as
        ``_game_note``, to be said again beside the replay's first words (:meth:`_say_before`)."""
        self._game_note = "" if self.ui.hand_action.isChecked() else words
        self.ui.message_label.setText(words)

    def _say_before(self, first: str) -> None:
        """Show ``first`` (what the replay says before its first step), with the note of a game
        taken up after it."""
        self.ui.message_label.setText(" ".join(text for text in (first, self._game_note) if text))

    def is_hand_mode(self) -> bool:
        return self.ui.hand_action.isChecked()

    def is_busy(self) -> bool:
        return self._debounce.isActive() or self._worker is not None

    def _current(self, worker: Worker | None) -> bool:
        """Whether the signal being delivered is ``worker``'s (a stale one's is dropped)."""
        return worker is not None and self.sender() is worker.signals

    def _stack_changed(self, _can: bool) -> None:
        if shiboken6.isValid(self.ui.undo_action):  # not while the view is being torn down
            self._kind.update_actions()

    def set_timer_shown(self, shown: bool) -> None:
        self.ui.timer_action.setChecked(shown)
        self.ui.timer_item.setVisible(shown and self.ui.hand_action.isChecked())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._run_timer()
        if event.spontaneous():  # the window shown again, not the tab chosen
            return
        # The tab was chosen: its keys (arrows, H, Ctrl+H, …) work at once, without a click.
        focus = QApplication.focusWidget()
        if focus is None or not self.isAncestorOf(focus):
            self.grid.setFocus(Qt.FocusReason.OtherFocusReason)
        self._panes.first_shown(self.width())

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._run_timer()

    # --- the steps pane -----------------------------------------------------------------------

    def steps_shown(self) -> bool:
        """Whether the steps pane is shown beside the grid."""
        return self._panes.shown()

    def set_steps_shown(self, shown: bool) -> None:
        """Show or hide the steps pane: replaying, the choice holds (in the settings, where the
        view has them); by hand it reveals the steps, the solution, until the mode is left."""
        self._panes.set_shown(shown)

    # --- replaying the trace -------------------------------------------------------------------

    def position(self) -> int:
        """How many steps of the trace the grid shows applied."""
        return self._position

    def go_to(self, position: int) -> None:
        """Show the grid after ``position`` steps (clamped to the trace)."""
        if self._trace is None or self.ui.hand_action.isChecked():
            return
        position = min(max(0, position), len(self._trace.steps))
        if position == self._position and self._selected_row() == position - 1:
            return
        self._position = position
        if not self._applying:
            self._kind.drop_hint()
        self._kind.show()
        self.positionChanged.emit(position)

    def step_forward(self) -> None:
        self.go_to(self._position + 1)

    def step_back(self) -> None:
        self.go_to(self._position - 1)

    def set_playing(self, playing: bool) -> None:
        if playing and self._trace is not None and not self.ui.hand_action.isChecked():
            if self._position >= len(self._trace.steps):
                self.go_to(0)
            self._player.start()
        else:
            self._player.stop()
        self.ui.play_action.setChecked(self._player.isActive())
        self.ui.play_action.setText("❚❚ Pause" if self._player.isActive() else "▶ Play")

    def is_playing(self) -> bool:
        return self._player.isActive()

    def set_play_interval(self, ms: int) -> None:
        """Play one step every ``ms`` milliseconds (the default is ``PLAY_INTERVAL_MS``)."""
        self._player.setInterval(ms)

    def _tick(self) -> None:
        if self._trace is None or self._position >= len(self._trace.steps):
            self.set_playing(False)
            return
        self.step_forward()

    def _row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.go_to(current.row() + 1)

    def _selected_row(self) -> int:
        index = self.ui.table.selectionModel().currentIndex()
        return index.row() if index.isValid() else -1

    def _select_step(self, row: int) -> None:
        """Select step ``row`` of the list, bring it into sight and say its explanation."""
        table, index = self.ui.table, self.model.index(row, 0)
        if self._selected_row() != row:
            table.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        # Only as far as needed: a row just clicked must stay under the mouse (centring it
        # moved another row under the button, which the release then selected).
        table.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        entry = self.model.row_at(row)
        self.ui.message_label.setText(f"Step {entry.number}: {entry.explanation}")

    # --- keys ----------------------------------------------------------------------------------

    def undo(self) -> None:
        if self.ui.hand_action.isChecked() and self._puzzle is not None:
            self._kind.player_stack().undo()

    def redo(self) -> None:
        if self.ui.hand_action.isChecked() and self._puzzle is not None:
            self._kind.player_stack().redo()

    @staticmethod
    def _undo_key(event: QKeyEvent) -> str:
        if event.matches(QKeySequence.StandardKey.Undo):
            return "undo"
        if event.matches(QKeySequence.StandardKey.Redo) or (
            event.key() == Qt.Key.Key_Z
            and event.modifiers()
            == (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        ):
            return "redo"
        return ""

    def event(self, event: QEvent) -> bool:
        # While solving by hand, Ctrl+Z and Ctrl+Shift+Z belong to the player's grid, not to
        # the window's Undo (which undoes the editor): claim them before shortcuts are matched.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self.ui.hand_action.isChecked()
            and isinstance(event, QKeyEvent)
            and self._undo_key(event)
        ):
            event.accept()
            return True
        return super().event(event)

    def _hand_key(self, event: QKeyEvent) -> bool:
        """Whether a key other than undo's and redo's was taken by hand (none here)."""
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        what = self._undo_key(event) if self.ui.hand_action.isChecked() else ""
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        elif not (self.ui.hand_action.isChecked() and self._hand_key(event)):
            super().keyPressEvent(event)
            return
        event.accept()
