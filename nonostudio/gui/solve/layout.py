"""The Solve view's widgets and layout (:class:`SolveUi`): its actions and toolbars, the solved
banner, the grid pane (grid, chain legend, status line, hint ladder) and the steps pane (summary
and step table).  The view connects the actions to what they do; the widgets here only show.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.solve.grid import SolveGridView
from nonostudio.gui.solve.hand_timer import HandTimer
from nonostudio.gui.solve.hint_ladder import HintLadderPanel
from nonostudio.gui.solve.steps_model import EXPLANATION, KIND, StepsModel

# What the status line says when solving by hand starts.
HAND_HELP = (
    "Left click fills, right click crosses out; the puzzle is solved when the filled "
    "cells are right. Ask for a hint (H) when stuck."
)
SOLVED_STYLE = (
    "QLabel#solvedBanner { background: #2e8b57; color: white; font-size: 15pt; "
    "font-weight: bold; padding: 6px; border-radius: 4px; }"
)


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


class SolveUi:
    """Every widget of the Solve view, made and laid out on ``view`` in the order that gives its
    focus order and layout: the bars over the grid pane beside the steps pane."""

    def __init__(self, view: QWidget, grid: SolveGridView, model: StepsModel) -> None:
        self.grid = grid
        self._make_actions(view)
        self._make_status_widgets()
        top, hand_row = self._make_toolbars()
        self._make_banner()
        left = self._make_grid_pane()
        right = self._make_steps_pane(model)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        # The grid is the main thing to see: it gets three fifths of the width.
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([600, 400])
        layout = QVBoxLayout(view)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(hand_row)
        layout.addWidget(splitter, 1)

    def _make_actions(self, view: QWidget) -> None:
        """Replay (back, play, next), by hand, hint, next line; and the by-hand bar's commands."""
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
        self.next_line_action = view_action(
            view, "Next &line?", "L", "Which line should I look at next?"
        )
        # Undo and redo are keys of the view (Ctrl+Z, Ctrl+Shift+Z: its keyPressEvent, so that
        # the window's editor Undo does not take them while solving by hand); these are the
        # buttons.
        self.undo_action = view_action(view, "Undo", "", "Undo your last stroke (Ctrl+Z)")
        self.redo_action = view_action(view, "Redo", "", "Redo what you undid (Ctrl+Shift+Z)")
        self.check_action = view_action(view, "&Check", "M", "Ring the cells that are wrong so far")
        self.timer_action = view_action(
            view, "&Timer", "T", "Show or hide the time spent solving", True
        )
        self.timer_action.setChecked(True)

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
        self.busy.hide()
        self.message_label = QLabel()
        self.message_label.setAccessibleName("Solving status")
        self.message_label.setWordWrap(True)
        self.timer = HandTimer()

    def _make_toolbars(self) -> tuple[QHBoxLayout, QHBoxLayout]:
        """The main bar (with the busy bar beside it) and the by-hand bar on a row of its own."""
        bar = QToolBar()
        bar.addWidget(QLabel("Rules: "))
        bar.addWidget(self.rule_set_combo)
        bar.addSeparator()
        bar.addActions([self.back_action, self.play_action, self.forward_action])
        bar.addSeparator()
        bar.addActions([self.hand_action, self.hint_action, self.next_line_action])
        self.hand_bar = QToolBar()
        self.hand_bar.addActions(
            [self.undo_action, self.redo_action, self.check_action, self.timer_action]
        )
        self.timer_item = self.hand_bar.addWidget(self.timer)  # its visibility is the item's
        self.hand_bar.hide()
        top = QHBoxLayout()
        top.addWidget(bar)
        top.addWidget(self.busy, 1)
        hand_row = QHBoxLayout()  # its own row: both bars on one overflow into chevrons
        hand_row.addWidget(self.hand_bar)
        hand_row.addStretch(1)
        return top, hand_row

    def _make_banner(self) -> None:
        """The green *Solved!* banner with its *Solve again* button (hidden until solved)."""
        self.banner = QLabel()
        self.banner.setObjectName("solvedBanner")
        self.banner.setAccessibleName("Solved")
        self.banner.setWordWrap(True)
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

    def _make_grid_pane(self) -> QWidget:
        """Banner, grid, chain legend, status line and hint ladder, top to bottom."""
        self.hint_panel = HintLadderPanel()
        self.hint_panel.button.clicked.connect(self.hint_action.trigger)
        self.scroll = GridScrollArea(self.grid)
        self._make_chain_legend()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.banner_box)
        left_layout.addWidget(self.scroll, 1)
        left_layout.addWidget(self.chain_legend)
        left_layout.addWidget(self.message_label)
        left_layout.addWidget(self.hint_panel)  # last: its button stays put as rungs are shown
        return left

    def _make_steps_pane(self, model: StepsModel) -> QWidget:
        """The trace summary over the table of steps."""
        self.summary_label = QLabel("No puzzle")
        self.summary_label.setWordWrap(True)
        self.summary_label.setAccessibleName("Trace summary")
        self.table = table = QTableView()
        table.setModel(model)
        table.setAccessibleName("Solving steps")
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(EXPLANATION, QHeaderView.ResizeMode.Stretch)
        # The technique names the step and fallbacks are tinted: the kind column ("probe
        # (fallback)") only pushed the explanation out of sight.
        table.setColumnHidden(KIND, True)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.summary_label)
        right_layout.addWidget(table, 1)
        return right
