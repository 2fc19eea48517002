"""The Solve view's widgets and layout (:class:`SolveUi`): its actions and toolbars, the grid
pane (the grid over the words pane: solved banner, chain legend, status line with the step's
whole explanation, hint ladder) and the collapsible steps pane (summary and step table).  The view
connects the actions to what they do; the widgets here only show.

The grid gets the room: the words pane under it has the height its splitter gives it and scrolls
when the words are longer, so neither a growing hint nor the solved banner moves the cells; the
steps pane beside it folds away (the Steps action).  Both splitters' sizes are kept in the
settings (:mod:`nonostudio.gui.solve.panes`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QFont, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.gui.common.longer import LongerButton
from nonostudio.gui.common.table_model import leave_on_tab
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.solve.grid import SolveGridView
from nonostudio.gui.solve.hand_timer import HandTimer
from nonostudio.gui.solve.hint_ladder import HintLadderPanel
from nonostudio.gui.solve.steps_model import EXPLANATION, KIND, RULE_COLUMN, StepsModel

# What the status line says when solving by hand starts.
HAND_HELP = (
    "Left click or Space fills, right click or X crosses out, Delete makes a cell unknown; the "
    "arrows move the cursor. The puzzle is solved when the filled cells are right. Ask for a "
    "hint (H) when stuck."
)
NOTHING_TO_SOLVE = (
    "Nothing to solve: every clue of this puzzle is empty, so it has no cell to fill. Draw a "
    "picture in the Editor, or open a puzzle."
)
NO_VALID_PUZZLE = (
    "No puzzle to solve: the clues typed in the editor are not valid (the Editor tab says what "
    "is wrong). Once they are, the puzzle comes back here."
)
"""What the Solve views show in the grid's place while the editor's clues make no puzzle."""
STEPS_WIDTH = 300  # the steps pane's width when first shown
WORDS_LINES = 3  # the words pane's height at first, in lines: a contradiction's step sentence
WORDS_MIN_HEIGHT = 40
WORDS_SHARE = 0.25
"""Replaying, the words pane grows with its words up to this share of the grid's splitter."""
ROOM_CELL = 16
"""When a trace comes, the words pane takes room from a fitted grid only while its cells stay
this size or more (a 25x25 puzzle's at 1280x720, test_solve_room) or, when smaller already,
keep their size; a grid cut (scrolled) gives none."""
WORDS_MIN_WIDTH = 320
"""Narrower than this beside the hint button, the words go over it (:class:`WordsPane`): with
the steps beside the grid at 1280x720 the pane is about 370 px wide, and beside the button the
words had 200 px (a 46-word step and its chain cut after three lines, to be scrolled); over it
they have the pane's width (Forever's step 18 and its chain read whole, 7 lines)."""
STEPS_BESIDE_WIDTH = 1000
"""Below this width a first start shows no steps pane (the grid needs the room; Steps shows
it)."""
SOLVED_STYLE = (
    "QLabel#solvedBanner { background: #2e8b57; color: white; padding: 2px 6px; "
    "border-radius: 4px; }"
)
OFFER_MARGINS = (0, 2, 0, 2)
"""The longer-trace offer's margins beside the hint button (as the button's own)."""
WIDGET_SIZE_MAX = (1 << 24) - 1
"""Qt's QWIDGETSIZE_MAX (no maximum width), which PySide6 does not export."""
HAND_SLACK = 40
"""Room left over on the bars' row for the timer's longer times and the style's spacing (px)."""
BANNER_SCALE = 1.2
"""The solved banner's letters against the status line's: two lines of them and the padding fit
the words pane's ``WORDS_LINES`` lines, so a banner that wraps in a narrow view is read whole
(at 15 pt its second line was cut off, to be scrolled to)."""


def view_action(view: QWidget, text: str, key: str, tip: str, checkable: bool = False) -> QAction:
    """An action of ``view`` (its shortcut works while the view or a child has focus; the
    tooltip names the key); :func:`connect_action` gives it something to do."""
    action = QAction(text, view, checkable=checkable)
    if key:
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        tip = f"{tip} ({QKeySequence(key).toString()})"
    action.setToolTip(tip)
    view.addAction(action)
    return action


def connect_action(action: QAction, slot: Callable[[], object]) -> None:
    """Run ``slot()`` when ``action`` is triggered."""
    action.triggered.connect(lambda _checked=False: slot())


def connect_toggle(action: QAction, slot: Callable[[bool], object]) -> None:
    """Run ``slot(checked)`` when the checkable ``action`` is triggered."""
    action.triggered.connect(lambda checked=False: slot(checked))


class WordsPane(QWidget):
    """The scrolled ``words`` beside the ``side`` widget (the hint button), or over it when the
    pane is too narrow for both (the words kept ``WORDS_MIN_WIDTH``): a narrow Solve tab read
    its words a few letters a line beside the button.  The side may be lent elsewhere (the
    grid's empty corner, :meth:`lend_side`): the words then have the whole width."""

    def __init__(self, words: QWidget, side: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(0)
        self.box.addWidget(words, 1)
        self.box.addWidget(side)
        self.setMinimumHeight(WORDS_MIN_HEIGHT)
        self._lent: QLayout | None = None  # where the side is while it is not here

    def beside(self) -> bool:
        """Whether the side widget is beside the words (else under them; lent, beside)."""
        return self.box.direction() == QBoxLayout.Direction.LeftToRight

    def lent(self) -> bool:
        """Whether the side widget is elsewhere (:meth:`lend_side`): the words have the width."""
        return self._lent is not None

    def lend_side(self, holder: QLayout) -> None:
        """Put the side widget in ``holder`` (the grid's empty corner): the words take the
        pane's whole width.  Only while it is beside the words (a narrow pane keeps it)."""
        if self._lent is not None or not self.beside():
            return
        self.box.removeWidget(self.side)
        holder.addWidget(self.side)
        self._lent = holder
        self.side.show()
        self.box.activate()

    def take_side_back(self) -> None:
        """Put the side widget beside the words again."""
        if self._lent is None:
            return
        self._lent.removeWidget(self.side)
        self._lent = None
        self.box.addWidget(self.side)
        self.side.show()
        self.box.activate()

    def under_height(self) -> int:
        """The height the side widget takes from the words (0 when it is beside them)."""
        return 0 if self.beside() else self.side.sizeHint().height()

    def words_height(self) -> int:
        """The words' own height: the pane's less the side widget under them."""
        return self.height() - self.under_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        side = 0 if self._lent is not None else self.side.sizeHint().width()
        wide = event.size().width() - side >= WORDS_MIN_WIDTH
        direction = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        if self.box.direction() != direction:
            self.box.setDirection(direction)
            self._keep_words_height()
        super().resizeEvent(event)

    def _keep_words_height(self) -> None:
        """The side widget going under the words takes its height from the grid above, not
        from the words (at 1280x720 with the docks shown, the colour Solve view's step sentence
        was left a line and a half, scrolled); going beside again, it gives it back."""
        under = self.side.sizeHint().height()
        self.setMinimumHeight(WORDS_MIN_HEIGHT + self.under_height())
        splitter = self.parentWidget()
        if not isinstance(splitter, QSplitter) or splitter.count() != 2:
            return
        mine = splitter.indexOf(self)
        sizes = splitter.sizes()
        change = under if not self.beside() else -under
        if mine < 0 or sizes[1 - mine] - change < 1 or sizes[mine] + change < 1:
            return
        sizes[mine] += change
        sizes[1 - mine] -= change
        splitter.setSizes(sizes)


class Resized(QObject):
    """Calls ``then`` (at the next turn of the event loop) when the watched widget is shown or
    resized (``hidden``: or hidden): a splitter is not resized from within its own layout
    pass."""

    def __init__(self, widget: QWidget, then: Callable[[], None], hidden: bool = False) -> None:
        super().__init__(widget)
        self._then = then
        self._events = (QEvent.Type.Resize, QEvent.Type.Show) + (
            (QEvent.Type.Hide,) if hidden else ()
        )
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in self._events:
            QTimer.singleShot(0, self, self._then)
        return False


class PointerLeft(QObject):
    """Calls ``then`` (at the next turn of the event loop) when the pointer leaves the watched
    widget."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave:
            QTimer.singleShot(0, self, self._then)
        return False


class SolveUiParts:
    """The widgets both Solve views have (the black-and-white :class:`SolveUi` and the colour
    view's): the replay and by-hand actions, the solved banner, the words shown in the grid's
    place when there is no puzzle, and the steps' summary and table; each view's own UI makes
    the status line, the by-hand clock and its item on its bar."""

    message_label: QLabel
    timer: HandTimer
    timer_item: QAction
    hint_panel: QWidget  # each view's hint panel, at the foot beside the words
    busy: QProgressBar  # each view's busy bar while a trace runs
    longer_button: LongerButton
    _words_base: int | None = None  # the words pane's height before the words grew it
    _words_grown = 0  # the pixels the words took from the grid (0: none, or the player's drag)
    _rung_grown = 0  # of those, the pixels a hint's rungs took by hand (given back after it)
    _word_samples: Sequence[tuple[str, str]] = ()  # the longest words of the trace replayed
    side_row: QBoxLayout  # the offer of a longer trace and the hint button (_make_side)
    # each view's: its grid's height at its least fitted cells (a zoomed grid keeps its size)
    _least_grid_height: Callable[[], int]
    _offer_column: QBoxLayout

    def _make_grid_stack(self, scroll: QWidget) -> QStackedWidget:
        """The grid's ``scroll`` area, or in its place the words saying why no puzzle is shown
        (:meth:`show_no_puzzle`): no clues or grid of an earlier puzzle are left on show."""
        self.no_puzzle_label = label = QLabel()
        label.setObjectName("noPuzzle")
        label.setAccessibleName("No puzzle")
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setMargin(24)
        font = QFont(label.font())
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * BANNER_SCALE)
        label.setFont(font)
        self.grid_stack = stack = QStackedWidget()
        stack.addWidget(scroll)
        stack.addWidget(label)
        PointerLeft(stack, self._give_back_rung_room)  # (held back while the pointer was there)
        return stack

    def show_no_puzzle(self, reason: str) -> None:
        """Show ``reason`` in the grid's place; an empty one shows the grid."""
        self.no_puzzle_label.setText(reason)
        self.grid_stack.setCurrentIndex(1 if reason else 0)

    def no_puzzle_shown(self) -> str:
        """The words shown in the grid's place (empty: the grid is shown)."""
        return self.no_puzzle_label.text() if self.grid_stack.currentIndex() == 1 else ""

    def _make_grid_splitter(self, scroll: QWidget, words: QWidget, name: str) -> QSplitter:
        """The grid's ``scroll`` area (or the words saying why there is no puzzle) over the
        ``words`` pane, in a splitter of their own: the grid keeps what the pane does not take,
        whatever the words say."""
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setObjectName(name)
        splitter.addWidget(self._make_grid_stack(scroll))
        splitter.addWidget(words)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setCollapsible(0, False)
        splitter.setCollapsible(1, False)
        splitter.setSizes([600, self.words_height()])
        splitter.splitterMoved.connect(lambda _pos, _index: self._forget_grown_words())
        self.grid_splitter = splitter
        return splitter

    def words_height(self) -> int:
        """The words pane's height on a first start: ``WORDS_LINES`` lines of the status line
        (longer words and a hint's rungs scroll, the newest rung in sight)."""
        margins = self.words_layout.contentsMargins()
        lines = self.message_label.fontMetrics().lineSpacing() * WORDS_LINES
        return max(WORDS_MIN_HEIGHT, lines + margins.top() + margins.bottom())

    def _make_words_pane(self, words: Sequence[QWidget], side: QWidget) -> QWidget:
        """The ``words`` under the grid (solved banner, status line, the hint's rungs, …) in a
        scroll area beside ``side`` (the hint button): the words scroll instead of taking the
        grid's room, and the button stays put."""
        pane_words = QWidget()
        self.words_layout = words_layout = QVBoxLayout(pane_words)
        words_layout.setContentsMargins(4, 2, 4, 2)
        for widget in words:
            words_layout.addWidget(widget)
        words_layout.addStretch(1)
        self.words = area = QScrollArea()
        area.setObjectName("solveWords")
        area.setWidget(pane_words)
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar = area.verticalScrollBar()
        bar.rangeChanged.connect(lambda _low, _high: self._scroll_words())
        # (after the layout pass that found the words too long: resized from within it, the
        # splitter would be laid out again inside that pass)
        bar.rangeChanged.connect(lambda _l, _h: QTimer.singleShot(0, area, self._grow_words))
        self.words_pane = pane = WordsPane(area, side)
        return pane

    def _make_side(self) -> QWidget:
        """Beside the words, in both views: the offer of a longer trace when one stopped at the
        time limit (the shared :class:`~nonostudio.gui.common.longer.LongerButton`, "Keep
        solving, up to 1 minute"; the view starts and stops it) over the hint button's foot.
        Not among the words, which scroll (the first of a cut trace's words took the pane's three
        lines at 1280x720, the offer under them out of sight), nor in the steps pane, folded
        away there."""
        self.longer_button = LongerButton("solving", "solve", "the steps worked out so far stay")
        # its words on one line: the words beside give way (a narrow pane puts the side under)
        self.longer_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        longer = QWidget()
        self._offer_column = column = QVBoxLayout(longer)
        column.setContentsMargins(*OFFER_MARGINS)  # (as the hint button; no width while hidden)
        column.addStretch(1)
        column.addWidget(self.longer_button)
        side = QWidget()
        self.side_row = row = QHBoxLayout(side)  # (a column over the grid's corner: SolveUi)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(longer)
        row.addWidget(self.hint_panel)
        return side

    def _hint_under_way(self) -> bool:
        """Whether a hint's rungs are shown (the words pane keeps the newest in sight)."""
        return False

    def _hint_label(self) -> QWidget | None:
        """The label of the hint's rung among the words (the hint panel's, in both views)."""
        label = getattr(getattr(self, "hint_panel", None), "text_label", None)
        return label if isinstance(label, QWidget) else None

    def _grow_words(self) -> None:
        """Replaying, words longer than their pane (a contradiction's chain and its step of five
        sentences) make it taller, up to ``WORDS_SHARE`` of the room, the grid fitting the rest:
        they are read whole, not a line at a time by scrolling.  The pane never shrinks by itself
        (the grid does not change size from step to step; the player can drag it smaller).  A
        hint's newest rung (shown alone, from its first line: :meth:`_scroll_words`) grows it as
        far as that rung needs, by hand too: at 1024x600 a rung had two lines in sight and a
        scroll bar.  Other words by hand scroll instead: neither the solved banner nor a long
        status line moves the cells under the player's mouse."""
        rung = self._hint_label() if self._hint_under_way() else None
        if (self.hand_action.isChecked() or self._word_samples) and rung is None:
            return  # (replaying, the room was made when the trace came: keep_room_for_words)
        area = self.words
        words = area.widget()
        if words is None or not area.isVisible():
            return
        # the layouts the new words asked for first (the hint button's new label changes the
        # words' width): measured before them, the rung's height and place were those of the
        # old width, and the pane grew 83 px for a rung of 44 (Forever at 1280x690, rung 2)
        for _ in range(2):  # (the first pass refits the rung's least height: its own request)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        width = area.viewport().width()
        need = words.heightForWidth(width) if words.hasHeightForWidth() else -1
        if need < 0:
            need = words.sizeHint().height()
        if rung is not None and self.message_label.text():
            # from the newest rung's first line (scrolled to) to the end; with no status words
            # above it, all of it (no scroll bar for their empty line)
            need = self._height_from(rung, width)
        self._grow_words_to(need)

    def _height_from(self, first: QWidget, width: int) -> int:
        """The height the words take at ``width`` from ``first``'s top to their end, each
        measured at that width (not from the words' places, which may be the old width's)."""
        layout = self.words_layout
        margins = layout.contentsMargins()
        inner = width - margins.left() - margins.right()
        need = margins.bottom()
        for i in range(max(0, layout.indexOf(first)), layout.count()):
            item = layout.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is None or widget.isHidden():
                continue
            if need > margins.bottom():
                need += max(0, layout.spacing())
            high = widget.heightForWidth(inner) if widget.hasHeightForWidth() else -1
            need += high if high >= 0 else widget.sizeHint().height()
        return need

    def _grow_words_to(self, need: int) -> None:
        """Make the words pane tall enough for ``need`` pixels of words, up to ``WORDS_SHARE``
        of the grid's splitter and the room the grid can give and stay wholly in sight
        (:meth:`_grid_spare`; never smaller).  Past that the words scroll: at 1024x600 Forever's
        cells are at their readable least (12 px) and a rung of three lines took 4 px from the
        grid's 400, its last row cut and scrolled (in Xvfb: the bottom row half hidden)."""
        missing = need - self.words.viewport().height()
        splitter = self.grid_splitter
        grid, pane = splitter.sizes()
        target = min(pane + missing, int((grid + pane) * WORDS_SHARE), pane + self._grid_spare())
        if missing > 0 and target > pane:
            if self._words_base is None:
                self._words_base = pane
            self._words_grown += target - pane
            if self.hand_action.isChecked():
                self._rung_grown += target - pane
            splitter.setSizes([grid + pane - target, target])

    def _grid_spare(self) -> int:
        """The pixels the grid's area can give the words and still show the whole grid (its
        cells fitted smaller, down to their readable least): none when it is cut already or not
        shown."""
        area = getattr(self, "scroll", None)
        if not isinstance(area, QScrollArea) or self.grid_cut():
            return 0
        if self.grid_stack.currentIndex() != 0:
            return 0
        return max(0, area.maximumViewportSize().height() - self._least_grid_height())

    def _give_back_rung_room(self) -> None:
        """The hint over (no rung shown), by hand: the room its rungs took from the grid goes
        back to it, the cells as they were before the hint (a colour 20x20's grid at 1024x600
        kept the 2 px a cell it lost to a rung for the rest of the game).  Not while the pointer
        is over the grid: the click that ended the hint would have its cells grow and move under
        the pointer, and the player's next click fill another cell (Scardy Cat at 1280x720: the
        last column went from x=854-876 to 877-899 after a click on it, the next click at the
        same place fell on the column before); the room goes back when the pointer leaves."""
        grown = self._rung_grown
        if self._hint_under_way() or not grown or self.grid_stack.underMouse():
            return
        self._rung_grown = 0
        self._words_grown = max(0, self._words_grown - grown)
        if not self._words_grown:
            self._words_base = None
        grid, pane = self.grid_splitter.sizes()
        back = min(grown, pane - WORDS_MIN_HEIGHT)
        if back > 0:
            self.grid_splitter.setSizes([grid + back, pane - back])

    def _hint_shown(self) -> None:
        """A rung more, or none: the newest rung in sight; the hint over, the grid's room back
        (after the layout that hid the rung)."""
        self._scroll_words()
        if not self._hint_under_way() and self._rung_grown:
            QTimer.singleShot(0, self.words, self._give_back_rung_room)

    def _forget_grown_words(self) -> None:
        """The player dragged the pane: the height they chose is kept."""
        self._words_base = None
        self._words_grown = 0
        self._rung_grown = 0

    def grid_cut(self) -> bool:
        """Whether part of the grid is out of sight (its area scrolls)."""
        area = getattr(self, "scroll", None)
        if not isinstance(area, QScrollArea):
            return False
        return area.verticalScrollBar().maximum() > 0 or area.horizontalScrollBar().maximum() > 0

    def give_back_grown_words(self) -> None:
        """Give the grid back the room the words took while replaying when the grid is cut
        (solving by hand, the player wants the whole grid; a hint's words scroll), unless the
        player has dragged the pane since.  A grid wholly in sight keeps its size: Solve by hand
        is not to move the cells under the pointer (Soup's on! at 1280x720: row 9 from y=545 to
        568)."""
        if not self.grid_cut():
            return
        base, self._words_base = self._words_base, None
        self._words_grown = self._rung_grown = 0
        grid, pane = self.grid_splitter.sizes()
        if base is not None and pane > base:
            self.grid_splitter.setSizes([grid + pane - base, base])

    def _scroll_words(self) -> None:
        """Words too long for their pane show their start, or the newest rung of a hint under
        way."""
        bar = self.words.verticalScrollBar()
        if not self._hint_under_way():
            bar.setValue(0)
            return
        # the rung from its first line: no end of the words above it left on show
        rung, words = self._hint_label(), self.words.widget()
        top = rung.mapTo(words, QPoint(0, 0)).y() if rung is not None and words is not None else 0
        bar.setValue(min(bar.maximum(), max(0, top)))

    def _make_mode_bars(
        self, view: QWidget, bar: QToolBar, hand_bar: QToolBar
    ) -> tuple[QHBoxLayout, QWidget]:
        """The main ``bar`` and, after it, the mode's bar: replaying's Back, Play and Next
        (made here), or by hand ``hand_bar`` in their place (:meth:`show_hand_bar`), on the
        main bar's row when ``view`` is wide enough, else on a row of their own under it
        (:meth:`place_hand_bar`).  Either way Solve by hand moves neither the grid nor the main
        bar's buttons (hiding Back, Play and Next on the main bar moved Solve by hand 180 px
        left).  Returns the row (the owner adds its busy bar) and the second row, to lay out
        under it; placed again whenever ``view`` is shown or resized."""
        self.bar, self.hand_bar, self._view = bar, hand_bar, view
        self.replay_bar = QToolBar()
        self.replay_bar.addActions([self.back_action, self.play_action, self.forward_action])
        hand_bar.hide()
        self._top = top = QHBoxLayout()
        top.addWidget(bar)
        top.addWidget(self.replay_bar)
        top.addWidget(hand_bar)
        self.hand_row = hand_row = QWidget()
        row = QHBoxLayout(hand_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addStretch(1)
        hand_row.hide()
        Resized(view, self.place_hand_bar)
        return top, hand_row

    def show_hand_bar(self, hand: bool) -> None:
        """By hand: the by-hand bar in place of replaying's Back, Play and Next."""
        self.replay_bar.setVisible(not hand)
        self.hand_bar.setVisible(hand)

    def place_hand_bar(self) -> None:
        """The mode's bar (replaying's or the by-hand one) on the main bar's row when the view
        is wide enough for the main bar and the wider of the two, else on a row of their own
        under it (1024x600's colour Solve tab, 587 px, is 4 px short of Take two's 591).
        Called when the view is resized and when the by-hand bar's width changes."""
        bars = (self.bar, self.replay_bar, self.hand_bar)
        layout = self._view.layout()
        margins = layout.contentsMargins() if layout is not None else self._view.contentsMargins()
        room = self._view.width() - margins.left() - margins.right()
        need = self.bar.sizeHint().width() + HAND_SLACK
        need += max(self.replay_bar.sizeHint().width(), self.hand_bar.sizeHint().width())
        # each row as tall as the tallest bar, whichever is shown (the colour buttons are 2 px
        # taller than the others): showing one for the other moves nothing under it
        height = max(b.sizeHint().height() for b in bars)
        for b in bars:
            b.setMinimumHeight(height)
        self.hand_row.setFixedHeight(height)
        own_row = need > room
        if own_row == (not self.hand_row.isHidden()):
            return
        row = self.hand_row.layout()
        if not isinstance(row, QHBoxLayout):
            return
        target = row if own_row else self._top
        first = 0 if own_row else 1
        target.insertWidget(first, self.replay_bar)
        target.insertWidget(first + 1, self.hand_bar)
        self.hand_row.setVisible(own_row)

    def _make_replay_actions(self, view: QWidget) -> None:
        """Replay (back, play, next), by hand and hint."""
        self.back_action = view_action(view, "◀ Back", "Left", "Previous step")
        self.play_action = view_action(view, "▶ Play", "P", "Play the steps", True)
        self.forward_action = view_action(view, "Next ▶", "Right", "Next step")
        self.hand_action = view_action(
            view, "Solve by &hand", "Ctrl+H", "Paint cells yourself", True
        )
        self.hint_action = view_action(
            view,
            "&Hint",
            "H",
            "Give the next step away one rung at a time: where, which technique, why, which "
            "cells, apply",
        )

    def _make_hand_actions(self, view: QWidget) -> None:
        """The by-hand commands: undo, redo, check and the timer."""
        # Undo and redo are keys of the view (Ctrl+Z, Ctrl+Shift+Z: its keyPressEvent, so that
        # the window's editor Undo does not take them while solving by hand); these are its
        # commands.
        self.undo_action = view_action(view, "Undo", "", "Undo your last stroke (Ctrl+Z)")
        self.redo_action = view_action(view, "Redo", "", "Redo what you undid (Ctrl+Shift+Z)")
        self.check_action = view_action(view, "&Check", "M", "Ring the cells that are wrong so far")
        self.timer_action = view_action(
            view, "&Timer", "T", "Show or hide the time spent solving", True
        )
        self.timer_action.setChecked(True)

    def _make_banner(self) -> None:
        """The green *Solved!* banner with its *Solve again* button (hidden until solved)."""
        self.banner = QLabel()
        self.banner.setObjectName("solvedBanner")
        self.banner.setAccessibleName("Solved")
        self.banner.setWordWrap(True)
        font = QFont(self.banner.font())
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * BANNER_SCALE)
        else:  # a font sized in pixels
            font.setPixelSize(round(font.pixelSize() * BANNER_SCALE))
        self.banner.setFont(font)
        self.banner.setStyleSheet(SOLVED_STYLE)
        self.again_button = QPushButton("Solve &again")
        self.again_button.setToolTip("Clear your grid and start this puzzle afresh")
        banner_row = QHBoxLayout()
        banner_row.addWidget(self.banner, 1)
        banner_row.addWidget(self.again_button)
        self.banner_box = QWidget()
        self.banner_box.setLayout(banner_row)
        banner_row.setContentsMargins(0, 0, 0, 0)
        self.banner_box.hide()

    def _make_steps(self, model: StepsModel) -> QTableView:
        """The trace summary and the table of steps (one row selected at a time, the kind column
        hidden, its text elided); the owner sizes the columns and lays them out."""
        self.summary_label = QLabel("No puzzle")
        self.summary_label.setWordWrap(True)
        self.summary_label.setAccessibleName("Trace summary")
        self.table = table = QTableView()
        table.setModel(model)
        table.setAccessibleName("Solving steps")
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        leave_on_tab(table)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.setColumnHidden(KIND, True)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        return table


class SolveUi(SolveUiParts):
    """Every widget of the Solve view, made and laid out on ``view`` in the order that gives its
    focus order and layout: the bars over the grid pane beside the steps pane."""

    hint_panel: HintLadderPanel

    def __init__(self, view: QWidget, grid: SolveGridView, model: StepsModel) -> None:
        self.grid = grid
        self._make_actions(view)
        self._make_status_widgets()
        top, hand_row = self._make_toolbars(view)
        self._make_banner()
        self.grid_splitter = self._make_grid_pane()
        self.steps_pane = self._make_steps_pane(model)
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("solveSplitter")
        splitter.addWidget(self.grid_splitter)
        splitter.addWidget(self.steps_pane)
        # The grid takes what the window gains; the steps pane keeps its width.
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setCollapsible(0, False)
        splitter.setSizes([600, STEPS_WIDTH])
        layout = QVBoxLayout(view)
        layout.setContentsMargins(2, 0, 2, 0)  # the height goes to the grid
        layout.setSpacing(0)
        layout.addLayout(top)
        layout.addWidget(hand_row)
        layout.addWidget(splitter, 1)
        self._room_width = -1  # the words pane's width the room was made for
        self._measure = QLabel()  # (never shown: measures the samples' height)
        self._measure.setWordWrap(True)
        Resized(self.words, self._make_room_for_samples)

    def keep_room_for_words(self, samples: Sequence[tuple[str, str]]) -> None:
        """Make the words pane tall enough, now and whenever its width changes, for the longest
        of ``samples`` (a step's sentence and its chain's legend, "" when none), up to
        ``WORDS_SHARE`` and ``ROOM_CELL``; longer words scroll.  Replaying
        then does not take the grid's room at the step that needs it (Petroglyph's first
        contradiction and its chain cut the grid's area from 510 to 476 px, a scroll bar
        appearing, and to 462 px a step later)."""
        self._word_samples = tuple(samples)
        self._room_width = -1
        QTimer.singleShot(0, self.words, self._make_room_for_samples)

    def _make_room_for_samples(self) -> None:
        area = self.words
        if not self._word_samples or self.hand_action.isChecked() or not area.isVisible():
            return
        width = area.viewport().width()
        if width == self._room_width:
            return
        self._room_width = width
        margins = self.words_layout.contentsMargins()
        inner = width - margins.left() - margins.right()
        spacing = max(0, self.words_layout.spacing())

        def height(text: str, like: QLabel) -> int:
            probe = self._measure
            probe.setFont(like.font())
            probe.setTextFormat(like.textFormat())
            probe.setText(text)
            return probe.heightForWidth(inner)

        need = margins.top() + margins.bottom()
        need += max(
            height(sentence, self.message_label)
            + (spacing + height(legend, self.chain_legend) if legend else 0)
            for sentence, legend in self._word_samples
        )
        # the room comes from the grid while its cells stay ROOM_CELL px or more (or what they
        # are, when smaller) and it stays wholly in sight; the rest of the words scroll.  It is
        # measured from the pane's height before the words grew it: the room made at another
        # width is given back first (made while the steps pane was shown, Forever's cells 12
        # px, it kept them 13 px once the steps were hidden, not 16).
        grid, splitter = self.grid, self.grid_splitter
        grown = self._words_grown
        cell = grid.cell_size()
        if grid.is_fit() and grown:  # (the cell the grid has with that room given back)
            cell = grid.fitted_cell_in(self.scroll.maximumViewportSize() + QSize(0, grown))
        least = min(cell, max(ROOM_CELL, grid.min_cell())) if grid.is_fit() else cell
        spare = splitter.sizes()[0] + grown - grid.height_at(least)
        missing = max(0, min(need - (area.viewport().height() - grown), spare))
        if missing == grown:
            return
        top, pane = splitter.sizes()
        self._words_grown = 0
        if not missing:
            self._words_base = None
            splitter.setSizes([top + grown, pane - grown])
            return
        if self._words_base is None:
            self._words_base = pane - grown
        target = min(pane - grown + missing, int((top + pane) * WORDS_SHARE))
        self._words_grown = max(0, target - (pane - grown))
        splitter.setSizes([top + pane - target, target])

    def _make_actions(self, view: QWidget) -> None:
        """Replay (back, play, next), by hand, hint, next line; and the by-hand bar's commands."""
        self._make_replay_actions(view)
        self.next_line_action = view_action(
            view, "Next &line?", "L", "Which line should I look at next?"
        )
        self._make_hand_actions(view)
        self.steps_action = view_action(  # (its tooltip follows the mode: panes.py)
            view, "&Steps", "S", "Show or hide the list of steps beside the grid", True
        )

    def _make_status_widgets(self) -> None:
        """The rule set choice, the busy bar, the status line and the by-hand clock."""
        self.rule_set_combo = QComboBox()
        self.rule_set_combo.setAccessibleName("Rule set")
        self.rule_set_combo.setToolTip(
            f"The rules that explain the steps (default: {DEFAULT_RULE_SET})"
        )
        self.busy = QProgressBar()
        self.busy.setMaximumHeight(12)
        self.busy.setTextVisible(False)
        self.busy.setRange(0, 0)
        # It has the room the bars leave: a busy bar never pushes a button behind a chevron.
        self.busy.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.busy.hide()
        self.message_label = QLabel()
        self.message_label.setAccessibleName("Solving status")
        self.message_label.setWordWrap(True)
        self.timer = HandTimer()

    def _make_toolbars(self, view: QWidget) -> tuple[QHBoxLayout, QWidget]:
        """The main bar (rule set, Solve by hand, Hint, Next line?, Steps), then replaying's
        Back, Play and Next or by hand the by-hand bar in their place, and the busy bar
        (:meth:`_make_mode_bars`)."""
        bar = QToolBar()
        bar.addWidget(QLabel("Rules: "))
        bar.addWidget(self.rule_set_combo)
        bar.addSeparator()
        bar.addActions([self.hand_action, self.hint_action, self.next_line_action])
        bar.addSeparator()
        bar.addAction(self.steps_action)
        bar.addSeparator()
        # Undo and Redo are the window's (its toolbar's follow the Solve tab's grid): the by-hand
        # bar has no copies of them, so both bars fit one row at 1280x720.
        hand_bar = QToolBar()
        hand_bar.addActions([self.check_action, self.timer_action])
        self.timer_item = hand_bar.addWidget(self.timer)  # its visibility is the item's
        top, hand_row = self._make_mode_bars(view, bar, hand_bar)
        top.addWidget(self.busy, 1)
        return top, hand_row

    def _make_chain_legend(self) -> None:
        """The legend of a contradiction's chain drawn on the grid (hidden when none is drawn)."""
        self.chain_legend = legend = QLabel()
        legend.setAccessibleName("Contradiction chain")
        legend.setWordWrap(True)
        legend.setTextFormat(Qt.TextFormat.RichText)
        legend.hide()
        self.grid.marksChanged.connect(self._update_chain_legend)

    def _update_chain_legend(self) -> None:
        text = self.grid.chain_legend()
        self.chain_legend.setText(text)
        self.chain_legend.setVisible(bool(text))

    def _make_grid_pane(self) -> QSplitter:
        """The grid over the words pane, in a splitter of their own."""
        self.hint_panel = HintLadderPanel()
        self.hint_panel.button.clicked.connect(self.hint_action.trigger)
        self.scroll = GridScrollArea(self.grid)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)  # its pixels go to the cells
        self._make_chain_legend()
        words = [self.banner_box, self.chain_legend, self.message_label, self.hint_panel.text_label]
        self.hint_panel.shown.connect(self._hint_shown)
        # the grid's area, and over its bottom right corner the hint button when the fitted
        # grid leaves that corner empty (:meth:`_place_side`)
        area = QWidget()
        self._over = over = QGridLayout(area)
        over.setContentsMargins(0, 0, 0, 0)
        over.addWidget(self.scroll, 0, 0)
        self.corner = QWidget()
        self.corner.setObjectName("hintCorner")
        corner = QVBoxLayout(self.corner)
        corner.setContentsMargins(0, 0, 0, 0)
        self.corner.hide()
        corner_at = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom
        over.addWidget(self.corner, 0, 0, corner_at)
        splitter = self._make_grid_splitter(
            area, self._make_words_pane(words, self._make_side()), "solveGridSplitter"
        )
        Resized(self.scroll, self._place_side)
        Resized(self.grid, self._place_side)
        for changed in (self.grid.cellsChanged, self.grid.zoomChanged):  # (another puzzle)
            changed.connect(lambda *_: QTimer.singleShot(0, self.corner, self._place_side))
        Resized(self.words_pane, self._place_side)
        Resized(self.longer_button, self._place_side, hidden=True)  # (offered, dropped, held)
        return splitter

    def _least_grid_height(self) -> int:
        grid = self.grid
        return grid.height_at(grid.min_cell()) if grid.is_fit() else grid.height()

    def _place_side(self) -> None:
        """The hint button (and the offer of a longer trace) over the grid's bottom right
        corner when the fitted grid, wholly in sight, leaves it empty, else beside the words.
        In the corner it takes no width from the words: at 1280x690 (Forever, 16 px cells, the
        docks shown) beside them it left the words 531 px, where a rung of four lines has three
        at the pane's 670, the grid 136 px short of the area's width.  Decided on a resize, not
        on a rung: the button stays put while it is pressed.

        The offer of a longer trace goes with it, over the button there (its words on two lines,
        as wide as the button): beside it, the pair was 306 px wide, and when the offer came
        after the button was in a corner narrower than that (a 15x15 in 560x420: 258 px) it
        was laid over the grid's last columns, 56 px of cells hidden, never placed again; beside
        the words the offer left Forever's step sentences 345 px at 1280x690, four lines in the
        pane's two and a half."""
        pane, area = self.words_pane, self.scroll.viewport()
        grid = self.grid
        right = grid.mapTo(area, QPoint(0, 0)).x() + grid.sizeHint().width()
        need = self._corner_need()
        empty = (
            grid.is_fit()
            and not self.grid_cut()
            and self.grid_stack.currentIndex() == 0
            and area.width() - right >= need.width()
            and area.height() >= need.height()
            and (pane.lent() or pane.beside())
        )
        layout = self.corner.layout()
        if empty and layout is not None:
            if not pane.lent():
                pane.lend_side(layout)
                self.corner.show()
                self.corner.raise_()
            self._stack_side(need.width())
            layout.activate()  # (its size, then its place: the corner's, not under it)
            self._over.activate()
        elif not empty and pane.lent():
            pane.take_side_back()
            self._stack_side(None)
            self.corner.hide()

    def _corner_need(self) -> QSize:
        """The room the side takes over the grid's corner: the hint button, and over it the
        offer of a longer trace when one is shown, its words on two lines."""
        hint = self.hint_panel.sizeHint()
        offer = self.longer_button
        if offer.isHidden():
            return hint
        two = offer.minimumSizeHint()  # (the width of its words on two lines)
        high = two.height() + offer.fontMetrics().lineSpacing()  # (and the second line)
        return QSize(max(hint.width(), two.width()), hint.height() + high)

    def _stack_side(self, width: int | None) -> None:
        """In the corner (``width``: the corner's), the offer over the hint button, as wide as
        the corner; beside the words (None), beside it, its words on one line."""
        row, offer, column = self.side_row, self.longer_button, self._offer_column
        corner = width is not None
        # over the button, its margins would give the side height while the offer is hidden
        # (the words pane, keeping its words' height, takes the side's as it goes under them)
        column.setContentsMargins(*((0, 0, 0, 0) if corner else OFFER_MARGINS))
        column.activate()  # (the side's size from the column's new margins)
        wide = QSizePolicy.Policy.Preferred if corner else QSizePolicy.Policy.Minimum
        offer.setSizePolicy(wide, QSizePolicy.Policy.Fixed)
        row.setDirection(
            QBoxLayout.Direction.TopToBottom if corner else QBoxLayout.Direction.LeftToRight
        )
        row.invalidate()
        if width is not None:
            self.corner.setFixedWidth(width)
        else:
            self.corner.setMinimumWidth(0)
            self.corner.setMaximumWidth(WIDGET_SIZE_MAX)

    def _hint_under_way(self) -> bool:
        return self.hint_panel.rung() >= 0

    def _make_steps_pane(self, model: StepsModel) -> QWidget:
        """The trace summary over the table of steps (number, technique, line: the step's whole
        explanation is under the grid, and in the row's tooltip)."""
        table = self._make_steps(model)
        table.horizontalHeader().setSectionResizeMode(RULE_COLUMN, QHeaderView.ResizeMode.Stretch)
        # The technique names the step and fallbacks are tinted: the kind column ("probe
        # (fallback)") only pushed the explanation out of sight; the explanation, cut to "a…" in
        # a column, is shown whole under the grid.
        table.setColumnHidden(EXPLANATION, True)
        right = QWidget()
        right.setObjectName("solveSteps")
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.summary_label)
        right_layout.addWidget(table, 1)
        return right
