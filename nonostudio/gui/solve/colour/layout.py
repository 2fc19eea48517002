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
from PySide6.QtGui import QColor, QFont, QIcon, QPainter
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
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
from nonostudio.core.contrast import text_colour
from nonostudio.gui.grid.colour import swatch
from nonostudio.gui.grid.scroll import GridStart
from nonostudio.gui.solve.colour.grid import ColourSolveGrid
from nonostudio.gui.solve.colour.hint_panel import ColourHintPanel
from nonostudio.gui.solve.hand_timer import HandTimer
from nonostudio.gui.solve.layout import HAND_SLACK, SolveUiParts, view_action
from nonostudio.gui.solve.steps_model import EXPLANATION, RULE_COLUMN, StepsModel

#: What the status line says when solving by hand starts.
COLOUR_HAND_HELP = (
    "Left click or Space paints the colour picked (keys 1–9), right click or X the background, "
    "Delete makes a cell unknown; the arrows move the cursor. Pencil (N) or Shift marks a colour "
    "as possible or not. Ask for a hint (H) when stuck."
)

#: Pixels between the colour buttons.
PICKER_SPACING = 2

#: The by-hand bar's places (:meth:`ColourSolveUi.place_hand_bar`): all on the main bar's row;
#: the colours on a row of their own (replaying's Back, Play and Next there while replaying),
#: Pencil, Check and Timer on the main bar's row; or all on the second row (a narrow view).
ONE_ROW, COLOURS_UNDER, ALL_UNDER = range(3)


def key_swatch(rgb: str, key: str, size: int = 18) -> QIcon:
    """A palette colour's swatch with the digit key that picks it drawn on it (in black or
    white, whichever reads on the colour): a compact picker's buttons have no text beside."""
    icon = swatch(rgb, size)
    if not key:
        return icon
    pixmap = icon.pixmap(size, size)
    painter = QPainter(pixmap)
    font = QFont(painter.font())
    font.setPixelSize(max(8, size - 6))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor(text_colour(rgb)))
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, key)
    painter.end()
    return QIcon(pixmap)


class ColourPicker(QWidget):
    """One button per palette colour (the background last, for the right button): the one
    checked is the colour the left button paints.

    The buttons fit the width they are given (:meth:`fit`): the swatch with its key beside it
    when there is room, else the swatch alone with the key drawn on it, in as many rows as
    needed, so every colour can be picked whatever the palette (12 colours were 564 px, the
    by-hand bar 813 px in 1024x600's 587 px tab: Pencil, Check and the Timer went behind the
    toolbar's overflow chevron)."""

    picked = Signal(int)  # a palette index

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Colours")
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(PICKER_SPACING)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self.picked)
        self._buttons: list[tuple[QToolButton, QIcon, QIcon]] = []  # button, plain, with key
        self._full = 0  # the width of every button with its key beside it, in one row
        self._compact = 0  # a button's width with its key drawn on the swatch
        self._shape: tuple[bool, int] = (False, 0)  # compact, columns

    def set_palette(self, palette: Palette, current: int, used: int | None = None) -> None:
        """A button for each colour of ``palette`` in ``used`` (a cell-set mask: the colours a
        clue uses, :attr:`ColourPuzzle.used_mask`; default every one) and the background.  A
        palette colour no clue uses is in no cell, so it gets no button: painting it could only
        be a mistake.  A button's key is its palette index, as the grids' keys 1-9 are."""
        for button, _plain, _keyed in self._buttons:
            self._group.removeButton(button)
            self._layout.removeWidget(button)  # (out of the width at once: place_hand_bar)
            button.hide()
            button.deleteLater()
        self._buttons = []
        mask = palette.all_mask if used is None else used
        for index in [i for i in range(1, len(palette)) if mask >> i & 1] + [BACKGROUND]:
            colour = palette[index]
            button = QToolButton(self)
            button.setCheckable(True)
            key = f"{index}" if 1 <= index <= 9 else ""
            button.setText(key)  # the key that picks it, beside its swatch (or on it)
            tip = f"Paint {colour.name}" + (f" ({key})" if key else "")
            if index == BACKGROUND:
                tip = f"The background, {colour.name} (the right button paints it)"
            button.setToolTip(tip)
            button.setAccessibleName(colour.name)
            self._group.addButton(button, index)
            self._buttons.append((button, swatch(colour.rgb), key_swatch(colour.rgb, key)))
        self._compact = self._measure(compact=True)
        self._full = self._measure(compact=False)
        self._shape = (False, 0)
        self.fit(self._full)
        self.set_current(current)

    def _measure(self, compact: bool) -> int:
        """The buttons' width in one row, with their keys beside (``compact`` False), or one
        button's widest with its key on the swatch (True)."""
        widths = []
        for button, plain, keyed in self._buttons:
            self._style(button, plain, keyed, compact)
            widths.append(button.sizeHint().width())
        if compact:
            return max(widths, default=0)
        return sum(widths) + PICKER_SPACING * max(0, len(widths) - 1)

    @staticmethod
    def _style(button: QToolButton, plain: QIcon, keyed: QIcon, compact: bool) -> None:
        """Compact: the swatch with the key on it; else the key beside the swatch (no room
        beside one without a key, past 9 and the background)."""
        if compact or not button.text():
            button.setIcon(keyed)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        else:
            button.setIcon(plain)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

    def full_width(self) -> int:
        """The width of the buttons with their keys beside them, in one row."""
        return self._full

    def fit(self, width: int) -> None:
        """Lay the buttons out within ``width`` pixels: in one row with their keys beside them
        when that fits, else compact (the key on the swatch) in as many columns as fit."""
        count = len(self._buttons)
        if self._full <= width:
            shape = (False, count)
        else:
            columns = (width + PICKER_SPACING) // (self._compact + PICKER_SPACING)
            shape = (True, max(1, min(count, columns)))
        if shape == self._shape:
            return
        self._shape = shape
        compact, columns = shape
        for place, (button, plain, keyed) in enumerate(self._buttons):
            self._style(button, plain, keyed, compact)
            self._layout.removeWidget(button)
            self._layout.addWidget(button, place // columns, place % columns)
            button.show()
        self.updateGeometry()

    def row_height(self) -> int:
        """The height of one row of buttons."""
        return max((b.sizeHint().height() for b, _p, _k in self._buttons), default=0)

    def set_current(self, index: int) -> None:
        button = self._group.button(index)
        if button is not None:
            button.setChecked(True)

    def current(self) -> int:
        return self._group.checkedId()


class ColourSolveUi(SolveUiParts):
    """Every widget of the colour Solve view, laid out on ``view``."""

    hint_panel: ColourHintPanel

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
        hand_bar.addActions([self.pencil_action])
        hand_bar.addSeparator()
        # Undo and Redo are the window's (its toolbar's follow the Solve tab's grid, Ctrl+Z and
        # Ctrl+Shift+Z are the view's keys): no copies here, so the bars fit one row more often.
        hand_bar.addActions([self.check_action, self.timer_action])
        self.timer_item = hand_bar.addWidget(self.timer)
        self._arrangement = -1
        top, hand_row = self._make_mode_bars(view, bar, hand_bar)
        top.insertWidget(top.indexOf(hand_bar), self.picker)  # (placed: place_hand_bar)
        self.picker.hide()
        top.addWidget(self.busy, 1)
        top.addStretch(1)  # (the bars keep their widths, on the left)
        return top, hand_row

    def show_hand_bar(self, hand: bool) -> None:
        """By hand: the colours and the by-hand bar in place of Back, Play and Next."""
        super().show_hand_bar(hand)
        self.picker.setVisible(hand)

    def place_hand_bar(self) -> None:
        """Place the colours and the by-hand bar (Pencil, Check, Timer) for the view's width,
        whichever mode is on, so that Solve by hand moves nothing: all after the main bar when
        they fit on its row (``ONE_ROW``); else the colours on the row under it, in place of
        Back, Play and Next, the by-hand bar on the main bar's row (``COLOURS_UNDER``); in a
        view too narrow for that, both on the row under (``ALL_UNDER``).  The colours fit the
        room they are given, compact or on more rows when needed (:meth:`ColourPicker.fit`),
        and the row under is as tall as they are in both modes.  With every colour on one
        toolbar, 12 colours at 1024x600 hid Pencil, Check and the Timer behind its overflow
        chevron.  Called when the view is resized and when the palette changes."""
        view, top, picker = self._view, self._top, self.picker
        row = self.hand_row.layout()
        if not isinstance(row, QHBoxLayout):
            return
        layout = view.layout()
        margins = layout.contentsMargins() if layout is not None else view.contentsMargins()
        room = view.width() - margins.left() - margins.right()
        spacing = max(0, top.spacing())
        main = self.bar.sizeHint().width() + HAND_SLACK
        tools = self.hand_bar.sizeHint().width()
        if not self.timer_item.isVisible():  # (replaying: counted, as by hand it shows)
            tools += self.timer.sizeHint().width() + spacing
        if main + max(self.replay_bar.sizeHint().width(), picker.full_width() + tools) <= room:
            arrangement = ONE_ROW
            picker.fit(picker.full_width())
        elif main + tools <= room:
            arrangement = COLOURS_UNDER
            picker.fit(room)
        else:
            arrangement = ALL_UNDER
            picker.fit(room - tools - spacing)
        # each row as tall as its tallest bar, whichever is shown (the colour buttons are 2 px
        # taller than the others): showing one for the other moves nothing under it
        bars = (self.bar, self.replay_bar, self.hand_bar)
        height = max([b.sizeHint().height() for b in bars] + [picker.row_height()])
        for b in bars:
            b.setMinimumHeight(height)
        self.hand_row.setFixedHeight(max(height, picker.sizeHint().height()))
        if arrangement == self._arrangement:
            return
        self._arrangement = arrangement
        widgets: list[QWidget] = [self.replay_bar, picker, self.hand_bar]
        up, under = widgets, []  # ONE_ROW
        if arrangement == COLOURS_UNDER:
            up, under = [self.hand_bar], widgets[:2]
        elif arrangement == ALL_UNDER:
            up, under = [], widgets
        for widget in widgets:
            top.removeWidget(widget)
            row.removeWidget(widget)
        for place, widget in enumerate(up, start=1):
            top.insertWidget(place, widget)
        for place, widget in enumerate(under):
            row.insertWidget(place, widget)
        self.hand_row.setVisible(bool(under))

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
        # a big puzzle starts at its first cells, not the empty corner between its clues
        self.start = GridStart(self.scroll, self.grid)
        words = [self.banner_box, self.message_label, self.hint_panel.text_label]
        pane = self._make_words_pane(words, self._make_side())
        self.hint_panel.shown.connect(self._hint_shown)
        return self._make_grid_splitter(self.scroll, pane, "colourSolveGridSplitter")

    def _hint_under_way(self) -> bool:
        return self.hint_panel.rung() >= 0

    def _least_grid_height(self) -> int:
        """Its minimum size while fitted."""
        grid = self.grid
        return grid.minimumSize().height() if grid.zoom() is None else grid.height()

    def _make_steps_pane(self, model: StepsModel) -> QWidget:
        """The trace summary over the table of steps (number, technique, line), as the black
        and white view has it: the step's whole explanation is under the grid and in the row's
        tooltip.  Its column, left in a pane under 300 px wide, showed one letter of it ("R…",
        the header "lana"; seen under Xvfb at 1280x720 and 1024x600)."""
        table = self._make_steps(model)
        table.horizontalHeader().setSectionResizeMode(RULE_COLUMN, QHeaderView.ResizeMode.Stretch)
        table.setColumnHidden(EXPLANATION, True)
        self.steps_pane = right = QWidget()
        layout = QVBoxLayout(right)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary_label)
        layout.addWidget(table, 1)
        return right
