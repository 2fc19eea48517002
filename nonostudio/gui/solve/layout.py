"""The Solve view's widgets and layout: its actions and toolbars, the solved banner, the grid pane
(grid, chain legend, status line, hint ladder) and the steps pane (summary and step table).

Each builder sets the widgets it makes as attributes of the view (``view.back_action``,
``view.table``, …), in the order the view was always built, so focus order and layout stay the
same; :func:`build_solve_view` runs them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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
from nonostudio.gui.solve.hand_timer import HandTimer
from nonostudio.gui.solve.hint_ladder import HintLadderPanel
from nonostudio.gui.solve.steps_model import EXPLANATION, KIND

if TYPE_CHECKING:
    from nonostudio.gui.solve.view import SolveView

SOLVED_STYLE = (
    "QLabel#solvedBanner { background: #2e8b57; color: white; font-size: 15pt; "
    "font-weight: bold; padding: 6px; border-radius: 4px; }"
)


def view_action(
    view: QWidget,
    text: str,
    slot: Callable[..., object],
    key: str,
    tip: str,
    checkable: bool = False,
) -> QAction:
    """An action of ``view`` (its shortcut works while the view or a child has focus; the
    tooltip names the key)."""
    action = QAction(text, view, checkable=checkable)
    if key:
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        tip = f"{tip} ({QKeySequence(key).toString()})"
    action.setToolTip(tip)
    action.triggered.connect(lambda checked=False: slot(checked) if checkable else slot())
    view.addAction(action)
    return action


def build_actions(view: SolveView) -> None:
    """Replay (back, play, next), by hand, hint, next line; and the by-hand bar's commands."""
    view.back_action = view_action(view, "◀ Back", view.step_back, "Left", "Previous step")
    view.play_action = view_action(view, "▶ Play", view.set_playing, "P", "Play the steps", True)
    view.forward_action = view_action(view, "Next ▶", view.step_forward, "Right", "Next step")
    view.hand_action = view_action(
        view, "Solve by &hand", view.set_hand_mode, "Ctrl+H", "Paint cells yourself", True
    )
    view.hint_action = view_action(
        view,
        "&Hint",
        view.request_hint,
        "H",
        "Give the next step away one rung at a time: where, which technique, why, which cells, "
        "apply",
    )
    view.next_line_action = view_action(
        view, "Next &line?", view.suggest_line, "L", "Which line should I look at next?"
    )
    # Undo and redo are keys of the view (Ctrl+Z, Ctrl+Shift+Z: keyPressEvent, so that the
    # window's editor Undo does not take them while solving by hand); these are the buttons.
    view.undo_action = view_action(view, "Undo", view.undo, "", "Undo your last stroke (Ctrl+Z)")
    view.redo_action = view_action(
        view, "Redo", view.redo, "", "Redo what you undid (Ctrl+Shift+Z)"
    )
    view.check_action = view_action(
        view, "&Check", view.check_mistakes, "M", "Ring the cells that are wrong so far"
    )
    view.timer_action = view_action(
        view, "&Timer", view.set_timer_shown, "T", "Show or hide the time spent solving", True
    )
    view.timer_action.setChecked(True)


def build_status_widgets(view: SolveView) -> None:
    """The rule set choice, the busy bar, the status line and the by-hand clock."""
    view.rule_set_combo = QComboBox()
    view.rule_set_combo.setAccessibleName("Rule set")
    view.rule_set_combo.setToolTip(
        f"The rules that explain the steps (default: {DEFAULT_RULE_SET})"
    )
    view.busy = QProgressBar(maximumHeight=12, textVisible=False)
    view.busy.setRange(0, 0)
    view.busy.hide()
    view.message_label = QLabel()
    view.message_label.setAccessibleName("Solving status")
    view.message_label.setWordWrap(True)
    view.timer = HandTimer()


def build_toolbars(view: SolveView) -> tuple[QHBoxLayout, QHBoxLayout]:
    """The main bar (with the busy bar beside it) and the by-hand bar on a row of its own."""
    bar = QToolBar()
    bar.addWidget(QLabel("Rules: "))
    bar.addWidget(view.rule_set_combo)
    bar.addSeparator()
    bar.addActions([view.back_action, view.play_action, view.forward_action])
    bar.addSeparator()
    bar.addActions([view.hand_action, view.hint_action, view.next_line_action])
    view.hand_bar = QToolBar()
    view.hand_bar.addActions(
        [view.undo_action, view.redo_action, view.check_action, view.timer_action]
    )
    view.timer_item = view.hand_bar.addWidget(view.timer)  # its visibility is the item's
    view.hand_bar.hide()
    top = QHBoxLayout()
    top.addWidget(bar)
    top.addWidget(view.busy, 1)
    hand_row = QHBoxLayout()  # its own row: both bars on one overflow into chevrons
    hand_row.addWidget(view.hand_bar)
    hand_row.addStretch(1)
    return top, hand_row


def build_banner(view: SolveView) -> None:
    """The green *Solved!* banner with its *Solve again* button (hidden until solved)."""
    view.banner = QLabel()
    view.banner.setObjectName("solvedBanner")
    view.banner.setAccessibleName("Solved")
    view.banner.setWordWrap(True)
    view.banner.setStyleSheet(SOLVED_STYLE)
    view.again_button = QPushButton("Solve &again")
    view.again_button.setToolTip("Clear your grid and start this puzzle afresh")
    view.again_button.clicked.connect(view.restart_hand)
    banner_row = QHBoxLayout()
    banner_row.addWidget(view.banner, 1)
    banner_row.addWidget(view.again_button)
    view.banner_box = QWidget()
    view.banner_box.setLayout(banner_row)
    banner_row.setContentsMargins(0, 0, 0, 0)
    view.banner_box.hide()


def build_chain_legend(view: SolveView) -> None:
    """The legend of a contradiction's chain drawn on the grid (hidden when none is drawn)."""
    view.chain_legend = legend = QLabel()
    legend.setAccessibleName("Contradiction chain")
    legend.setWordWrap(True)
    legend.setTextFormat(Qt.TextFormat.RichText)
    legend.hide()

    def update() -> None:
        text = view.grid.chain_legend()
        legend.setText(text)
        legend.setVisible(bool(text))

    view.grid.marksChanged.connect(update)


def build_grid_pane(view: SolveView) -> QWidget:
    """Banner, grid, chain legend, status line and hint ladder, top to bottom."""
    view.hint_panel = HintLadderPanel()
    view.hint_panel.button.clicked.connect(view.hint_action.trigger)
    view.scroll = GridScrollArea(view.grid)
    build_chain_legend(view)
    left = QWidget()
    left_layout = QVBoxLayout(left)
    left_layout.setContentsMargins(0, 0, 0, 0)
    left_layout.addWidget(view.banner_box)
    left_layout.addWidget(view.scroll, 1)
    left_layout.addWidget(view.chain_legend)
    left_layout.addWidget(view.message_label)
    left_layout.addWidget(view.hint_panel)  # last: its button stays put as rungs are shown
    return left


def build_steps_pane(view: SolveView) -> QWidget:
    """The trace summary over the table of steps."""
    view.summary_label = QLabel("No puzzle")
    view.summary_label.setWordWrap(True)
    view.summary_label.setAccessibleName("Trace summary")
    view.table = table = QTableView()
    table.setModel(view.model)
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
    right_layout.addWidget(view.summary_label)
    right_layout.addWidget(table, 1)
    return right


def build_solve_view(view: SolveView) -> None:
    """Every widget of the view, laid out: the bars over the grid pane beside the steps pane."""
    build_actions(view)
    build_status_widgets(view)
    top, hand_row = build_toolbars(view)
    build_banner(view)
    left = build_grid_pane(view)
    right = build_steps_pane(view)
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
