"""The colour Solve view's widgets and layout (:class:`ColourSolveUi`): the replay and by-hand
actions (the black-and-white view's, :mod:`nonostudio.gui.solve.layout`), the colour picker and
pencil toggle of the by-hand bar, the grid pane (the grid over the words pane: solved banner,
status line and the hint's rungs, scrolled beside the hint button, so the grid keeps its size
whatever they say) and the steps pane (summary and step table), which folds away (the Steps
action; :mod:`nonostudio.gui.solve.panes` shows it as in the black-and-white view).  The view
connects the actions; the widgets here only show.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QScrollArea,
    QSplitter,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.colour.model import BACKGROUND, Palette
from nonostudio.gui.grid.colour import swatch
from nonostudio.gui.solve.colour.grid import ColourSolveGrid
from nonostudio.gui.solve.colour.hint_panel import ColourHintPanel
from nonostudio.gui.solve.hand_timer import HandTimer
from nonostudio.gui.solve.layout import SolveUiParts, view_action
from nonostudio.gui.solve.steps_model import EXPLANATION, RULE_COLUMN, StepsModel

#: What the status line says when solving by hand starts.
COLOUR_HAND_HELP = (
    "Left click paints the colour picked (keys 1–9), right click the background. Pencil (N) or "
    "Shift+click marks a colour as possible or not. Ask for a hint (H) when stuck."
)

#: The technique column's width in the step list (pixels; the player may drag it).
TECHNIQUE_WIDTH = 150


class ColourPicker(QWidget):
    """One button per palette colour (the background last, for the right button): the one
    checked is the colour the left button paints."""

    picked = Signal(int)  # a palette index

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Colours")
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self.picked)

    def set_palette(self, palette: Palette, current: int, used: int | None = None) -> None:
        """A button for each colour of ``palette`` in ``used`` (a cell-set mask: the colours a
        clue uses, :attr:`ColourPuzzle.used_mask`; default every one) and the background.  A
        palette colour no clue uses is in no cell, so it gets no button: painting it could only
        be a mistake.  A button's key is its palette index, as the grids' keys 1-9 are."""
        for button in self._group.buttons():
            self._group.removeButton(button)
            self._layout.removeWidget(button)  # (out of the width at once: place_hand_bar)
            button.hide()
            button.deleteLater()
        mask = palette.all_mask if used is None else used
        for index in [i for i in range(1, len(palette)) if mask >> i & 1] + [BACKGROUND]:
            colour = palette[index]
            button = QToolButton()
            button.setCheckable(True)
            button.setIcon(swatch(colour.rgb))
            key = f"{index}" if 1 <= index <= 9 else ""
            button.setText(key)  # the key that picks it, beside its swatch
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            tip = f"Paint {colour.name}" + (f" ({key})" if key else "")
            if index == BACKGROUND:
                tip = f"The background, {colour.name} (the right button paints it)"
            button.setToolTip(tip)
            button.setAccessibleName(colour.name)
            self._group.addButton(button, index)
            self._layout.addWidget(button)
        self.set_current(current)

    def set_current(self, index: int) -> None:
        button = self._group.button(index)
        if button is not None:
            button.setChecked(True)

    def current(self) -> int:
        return self._group.checkedId()


class ColourSolveUi(SolveUiParts):
    """Every widget of the colour Solve view, laid out on ``view``."""

    def __init__(self, view: QWidget, grid: ColourSolveGrid, model: StepsModel) -> None:
        self.grid = grid
        self._make_actions(view)
        self.busy = QProgressBar()
        self.busy.setMaximumHeight(12)
        self.busy.setTextVisible(False)
        self.busy.setRange(0, 0)
        self.busy.hide()
        self.message_label = QLabel()
        self.message_label.setAccessibleName("Solving status")
        self.message_label.setWordWrap(True)
        self.timer = HandTimer()
        self.picker = ColourPicker()
        top, hand_row = self._make_toolbars(view)
        self._make_banner()
        self.splitter = splitter = QSplitter()
        splitter.addWidget(self._make_grid_pane())
        splitter.addWidget(self._make_steps_pane(model))
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setCollapsible(0, False)
        splitter.setSizes([600, 400])
        layout = QVBoxLayout(view)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(hand_row)
        layout.addWidget(splitter, 1)

    def _make_actions(self, view: QWidget) -> None:
        self._make_replay_actions(view)
        self.pencil_action = view_action(
            view, "✎ &Pencil", "N", "Clicks mark a colour as possible or not (or hold Shift)", True
        )
        self._make_hand_actions(view)
        self.steps_action = view_action(  # (its tooltip follows the mode: panes.py)
            view, "&Steps", "S", "Show or hide the list of steps beside the grid", True
        )

    def _make_toolbars(self, view: QWidget) -> tuple[QHBoxLayout, QWidget]:
        """The main bar (Solve by hand, Hint, Steps), then replaying's Back, Play and Next or
        by hand the by-hand bar (colours, Pencil, Check, Timer) in their place
        (:meth:`_make_mode_bars`): on the main bar's row at 1280x720, on a row of their own at
        1024x600, where a row of the by-hand bar's own pushed the cells 29 px down on Take two."""
        bar = QToolBar()
        bar.addActions([self.hand_action, self.hint_action])
        bar.addSeparator()
        bar.addAction(self.steps_action)
        bar.addSeparator()
        hand_bar = QToolBar()
        hand_bar.addWidget(self.picker)
        hand_bar.addActions([self.pencil_action])
        hand_bar.addSeparator()
        # Undo and Redo are the window's (its toolbar's follow the Solve tab's grid, Ctrl+Z and
        # Ctrl+Shift+Z are the view's keys): no copies here, so the bars fit one row more often.
        hand_bar.addActions([self.check_action, self.timer_action])
        self.timer_item = hand_bar.addWidget(self.timer)
        top, hand_row = self._make_mode_bars(view, bar, hand_bar)
        top.addWidget(self.busy, 1)
        top.addStretch(1)  # (the bars keep their widths, on the left)
        return top, hand_row

    def _make_grid_pane(self) -> QWidget:
        """The grid over the words pane (solved banner, status line, the hint's rungs beside
        its button), in a splitter of their own: the words scroll in their pane, so neither the
        banner nor a hint takes the grid's room."""
        self.hint_panel = ColourHintPanel()
        self.hint_panel.button.clicked.connect(self.hint_action.trigger)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.grid)
        self.scroll.setWidgetResizable(True)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignCenter)
        words = [self.banner_box, self.message_label, self.hint_panel.text_label]
        pane = self._make_words_pane(words, self.hint_panel)
        self.hint_panel.shown.connect(self._scroll_words)
        return self._make_grid_splitter(self.scroll, pane, "colourSolveGridSplitter")

    def _hint_under_way(self) -> bool:
        return self.hint_panel.rung() >= 0

    def _make_steps_pane(self, model: StepsModel) -> QWidget:
        table = self._make_steps(model)
        header = table.horizontalHeader()
        header.setSectionResizeMode(EXPLANATION, QHeaderView.ResizeMode.Stretch)
        # "Finished block (yellow only)" sized to its contents pushed the sentence out of a
        # narrow pane (seen at 1280x720): the technique gets a fixed share, elided.
        header.setSectionResizeMode(RULE_COLUMN, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(RULE_COLUMN, TECHNIQUE_WIDTH)
        self.steps_pane = right = QWidget()
        layout = QVBoxLayout(right)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary_label)
        layout.addWidget(table, 1)
        return right
