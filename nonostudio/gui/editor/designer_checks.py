"""Designer checks on the editor's grid: where the rule set (then line logic) gets stuck, and
single-cell edits of the drawn picture that make its puzzle unique or line-solvable.  The
overlay (:class:`DesignerOverlay`) also serves the colour editor's designer checks
(:mod:`nonostudio.gui.editor.colour.designer`).

The checks themselves (:func:`nonostudio.analysis.helping.designer.check_design`) run in a worker
process when asked (:mod:`~nonostudio.gui.editor.designer_job`: they may try many edits, each
verified by the complete solver).  Results are drawn by an overlay widget laid over the editor's
grid; a change of what they read (the clues, the palette, the picture) makes them stale, so they
are cleared, while typing a title, author, copyright or licence keeps them.  Applying an edit is
one undo step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.helping.designer import DesignFindings, Edit
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.gui.common.flow_layout import FlowLayout
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.rule_sets import read_rule_set
from nonostudio.gui.common.workers import Job, Worker, run_in_background
from nonostudio.gui.editor.designer_job import check_puzzle_design
from nonostudio.gui.editor.view import DRAW, EditorView
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.grid.view import OVERLAY_COLOR, CellsCommand, GridView
from nonostudio.rules.language.parser import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet


class EditAt(Protocol):
    """A suggested edit, numbered on its cell."""

    @property
    def row(self) -> int: ...

    @property
    def col(self) -> int: ...


class DesignerOverlay(QWidget):
    """Paints the stuck region and the suggested edits over a grid it covers: the editor's
    :class:`GridView` or the colour editor's :class:`ColourGrid`."""

    def __init__(self, grid: GridView | ColourGrid) -> None:
        super().__init__(grid)
        self._grid = grid
        self._rules_stuck: np.ndarray | None = None
        self._logic_stuck: np.ndarray | None = None
        self._edits: Sequence[EditAt] = []
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setGeometry(grid.rect())
        grid.installEventFilter(self)
        if isinstance(grid, GridView):
            grid.zoomChanged.connect(lambda _zoom: self.update())
        # A child made under a parent already on screen stays hidden until shown, and in a normal
        # start the panels (and so this overlay) are built after the window is shown.
        self.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._grid and event.type() == QEvent.Type.Resize:
            self.setGeometry(self._grid.rect())
        return False

    def set_masks(
        self, stuck: np.ndarray | None, logic_stuck: np.ndarray | None, edits: Sequence[EditAt]
    ) -> None:
        """Shade the cells of ``stuck`` (the first reasoning's), hatch those of
        ``logic_stuck`` among them, and number the cells of ``edits``."""
        self._rules_stuck = None if stuck is None else stuck.copy()
        self._logic_stuck = None if logic_stuck is None else logic_stuck.copy()
        self._edits = list(edits)
        self.setGeometry(self._grid.rect())
        self.show()
        self.raise_()
        self.update()

    def clear(self) -> None:
        self.set_masks(None, None, [])

    def stuck_cells(self) -> list[tuple[int, int]]:
        """The cells shaded as stuck for the rule set (line logic may still decide some)."""
        if self._rules_stuck is None:
            return []
        return [(int(r), int(c)) for r, c in np.argwhere(self._rules_stuck)]

    def edits(self) -> list[EditAt]:
        return list(self._edits)

    def _grid_shape(self) -> tuple[int, ...]:
        if isinstance(self._grid, GridView):
            return tuple(self._grid.cells().shape)
        cells = self._grid.cells()
        return (len(cells), len(cells[0]) if cells else 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._rules_stuck is None and not self._edits:
            return
        shape = self._grid_shape()
        painter = QPainter(self)
        try:
            if self._rules_stuck is not None and self._rules_stuck.shape == shape:
                self._paint_region(painter)
            self._paint_edits(painter, shape)
        finally:
            painter.end()

    def _paint_region(self, painter: QPainter) -> None:
        assert self._rules_stuck is not None and self._logic_stuck is not None
        tint = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        tint.setAlpha(70)
        hatch = QColor(OVERLAY_COLOR)
        hatch.setAlpha(200)
        brush = QBrush(hatch, Qt.BrushStyle.BDiagPattern)
        # a tint alone hardly shows on a coloured cell: there the shading is dotted too
        dots = None
        if isinstance(self._grid, ColourGrid):
            dots = QBrush(
                self.palette().color(QPalette.ColorRole.Highlight), Qt.BrushStyle.Dense6Pattern
            )
        for r, c in np.argwhere(self._rules_stuck):
            rect = self._grid.cell_rect(int(r), int(c))
            painter.fillRect(rect, tint)
            if dots is not None:
                painter.fillRect(rect, dots)
            if self._logic_stuck[r, c]:
                painter.fillRect(rect, brush)

    def _paint_edits(self, painter: QPainter, shape: tuple[int, ...]) -> None:
        cell = self._grid.cell_size()
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(6, cell * 5 // 9))
        painter.setFont(font)
        back = self.palette().color(QPalette.ColorRole.Base)
        for number, edit in enumerate(self._edits, 1):
            if not (edit.row < shape[0] and edit.col < shape[1]):
                continue
            rect = self._grid.cell_rect(edit.row, edit.col).adjusted(1, 1, -1, -1)
            painter.setPen(QPen(OVERLAY_COLOR, max(2, cell // 8)))
            painter.setBrush(back)
            painter.drawEllipse(rect)
            painter.setPen(OVERLAY_COLOR)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(number))


@dataclass(frozen=True)
class ShownFindings:
    """What a designer panel shows of its findings: the cells shaded as stuck for the first
    reasoning (None: none), those of them hatched as stuck for line logic too, the numbered
    edits, each edit's description and the summary in words."""

    stuck: np.ndarray | None
    logic_stuck: np.ndarray | None
    edits: Sequence[EditAt]
    described: list[str]
    summary: str


def same_design(a: Any, b: Any) -> bool:
    """Whether puzzles ``a`` and ``b`` (black-and-white or colour, or None) are the same to the
    designer checks: the same clues, palette and picture, whatever their titles, authors,
    copyrights and licences."""
    if a is None or b is None:
        return a is b
    if type(a) is not type(b) or (a.rows, a.cols) != (b.rows, b.cols):
        return False
    if getattr(a, "palette", None) != getattr(b, "palette", None):
        return False
    if a.goal is None or b.goal is None:
        return a.goal is None and b.goal is None
    return bool(np.array_equal(np.asarray(a.goal), np.asarray(b.goal)))


@runtime_checkable
class DesignKind(Protocol):
    """What a designer panel checks and how it makes an edit: the black-and-white editor's
    (:class:`BlackWhiteDesign`) or the colour editor's
    (:class:`~nonostudio.gui.editor.colour.designer.ColourDesign`)."""

    #: The Check design button's tooltip: what the checks shade and look for.
    check_tip: str

    def checks(self) -> Job | str:
        """The background job of the checks, or why there is nothing to check."""
        ...

    def shown(self, findings: Any) -> ShownFindings:
        """What the panel shows of the job's ``findings``."""
        ...

    def apply(self, edit: Any) -> bool:
        """Make ``edit`` (one of the findings' edits) in the editor's picture as one undo
        step; False when it no longer fits the picture."""
        ...


class DesignerPanelBase(QWidget):
    """The designer checks' panel over an editor's grid: Check design and Clear, the busy bar,
    the findings in words, the numbered edits and Apply edit; the checks run in the background
    (a worker process) and any change of the puzzle clears them.  Its ``kind`` says what to
    check, what the findings show and how an edit is made."""

    findingsReady = Signal()

    def __init__(
        self, grid: GridView | ColourGrid, kind: DesignKind, parent: QWidget | None = None
    ) -> None:
        if not isinstance(kind, DesignKind):
            raise TypeError(
                "a designer panel needs a DesignKind (check_tip, checks, shown, apply), "
                f"not {type(kind).__name__}"
            )
        super().__init__(parent)
        self._kind = kind
        self._worker: Worker | None = None
        self._edits: list[EditAt] = []
        self._puzzle: Any = None  # the editor's puzzle last seen (see watch)
        self.overlay = DesignerOverlay(grid)
        self.check_button = QPushButton("Check &design")
        self.check_button.setToolTip(kind.check_tip)
        self.check_button.clicked.connect(self.run_checks)
        self.clear_button = QPushButton("C&lear")
        self.clear_button.clicked.connect(self.clear)
        self.busy = QProgressBar()
        self.busy.setMaximumHeight(12)
        self.busy.setTextVisible(False)
        self.busy.setRange(0, 100)
        self.busy.hide()
        self.summary_label = QLabel("Check the design to see where solving gets stuck.")
        self.summary_label.setWordWrap(True)
        self.summary_label.setAccessibleName("Designer findings")
        self.edit_list = QListWidget()
        self.edit_list.setAccessibleName("Suggested edits")
        # A narrow dock wraps an edit's words ("Paint row 14, column 1 white (unique, line-
        # solvable)") rather than cutting them off behind a sideways scroll bar.
        self.edit_list.setWordWrap(True)
        self.edit_list.setResizeMode(QListView.ResizeMode.Adjust)
        self.edit_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.edit_list.itemActivated.connect(lambda _item: self.apply_selected())
        self.edit_list.currentRowChanged.connect(lambda _row: self._update_buttons())
        # A short dock shrinks the list, not the buttons: Apply edit stays in sight.
        self.edit_list.setMinimumHeight(3 * self.fontMetrics().height() + 8)
        self.edit_list.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.apply_button = QPushButton("&Apply edit")
        self.apply_button.setToolTip("Make the selected edit in the picture (one undo step)")
        self.apply_button.clicked.connect(self.apply_selected)

        buttons = FlowLayout()  # wraps in a narrow dock: the window fits a small screen
        buttons.add(self.check_button)
        buttons.add(self.clear_button)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.busy)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.edit_list, 1)
        layout.addWidget(self.apply_button)
        self._update_buttons()

    def watch(self, editor: Any) -> None:
        """Clear the findings when ``editor``'s puzzle changes what the checks read (its
        ``puzzleChanged``), not when only its title, author, copyright or licence does: typing
        a title cleared the findings of a check that may have taken a while."""
        self._puzzle = editor.puzzle()
        editor.puzzleChanged.connect(self._puzzle_changed)

    def _puzzle_changed(self, puzzle: Any) -> None:
        old, self._puzzle = self._puzzle, puzzle
        if not same_design(old, puzzle):
            self.clear()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        """At least the least height its widgets need at ``width``: the scroll area of a short
        dock sizes the panel by this, and the layout's own answer sums preferred heights (none
        for the list, one row for the wrapped buttons), which put Clear over the findings."""
        height, layout = super().heightForWidth(width), self.layout()
        return height if layout is None else max(height, layout.minimumHeightForWidth(width))

    # --- public API ------------------------------------------------------------------------

    def is_busy(self) -> bool:
        return self._worker is not None

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self.busy.hide()
        self._update_buttons()

    def clear(self) -> None:
        """Forget the findings (the puzzle changed, or the user asked)."""
        self.cancel()
        self._edits = []
        self.edit_list.clear()
        self.overlay.clear()
        self.summary_label.setText("Check the design to see where solving gets stuck.")
        self._update_buttons()

    def set_unavailable(self, reason: str | None) -> None:
        """Say why there is nothing to check and turn the panel off; None turns it back on."""
        self.clear()
        self.setEnabled(reason is None)
        if reason is not None:
            self.summary_label.setText(reason)

    def run_checks(self) -> bool:
        """Start the checks on the editor's puzzle; False when there is nothing to check."""
        job = self._kind.checks()
        if isinstance(job, str):
            self.summary_label.setText(job)
            return False
        self.clear()
        self.summary_label.setText("Checking\u2026")
        show_progress(self.busy, 0.0)
        self.busy.show()
        self._worker = run_in_background(
            job, on_result=self._done, on_error=self._failed, on_progress=self._progress
        )
        self._update_buttons()
        return True

    def apply_selected(self) -> bool:
        """Make the selected edit in the editor's picture as one undo step."""
        row = self.edit_list.currentRow()
        if not 0 <= row < len(self._edits):
            return False
        return self._kind.apply(self._edits[row])

    # --- running ---------------------------------------------------------------------------

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _progress(self, fraction: float, message: str) -> None:
        if self._is_current():
            show_progress(self.busy, fraction)
            # The job says which part of the checks it is in ("following the rules: step
            # 120: Overlap", "looking for edits: tried 12 of 625 cells, …"): every progress
            # was called "Looking for edits" while a 200x200 puzzle's rules ran for minutes.
            self.summary_label.setText(f"{message[:1].upper()}{message[1:]}\u2026 Clear stops it.")

    def _done(self, findings: object) -> None:
        if not self._is_current():
            return
        self._worker = None
        self.busy.hide()
        shown = self._kind.shown(findings)
        self._edits = list(shown.edits)
        self.overlay.set_masks(shown.stuck, shown.logic_stuck, shown.edits)
        for number, text in enumerate(shown.described, 1):
            self.edit_list.addItem(f"{number}. {text[:1].upper()}{text[1:]}")
        if self._edits:
            self.edit_list.setCurrentRow(0)
        self.summary_label.setText(shown.summary)
        self._update_buttons()
        self.findingsReady.emit()

    def _failed(self, message: str) -> None:
        if self._is_current():
            self._worker = None
            self.busy.hide()
            self.summary_label.setText(f"Cannot check: {message}")
            self._update_buttons()

    def _update_buttons(self) -> None:
        self.check_button.setEnabled(self._worker is None)
        self.apply_button.setEnabled(self._worker is None and self.edit_list.currentRow() >= 0)


class BlackWhiteDesign:
    """The black-and-white editor's designer checks: where the rule set (then line logic) gets
    stuck on its puzzle, and single-cell edits of the drawn picture."""

    check_tip = (
        "Shade where the rules get stuck and look for single-cell "
        "edits that make the puzzle unique or line-solvable"
    )

    def __init__(self, editor: EditorView) -> None:
        self._editor = editor
        self.rule_set: RuleSet | None = None  # the rules checked with (None: none loads)

    def checks(self) -> ProcessJob | str:
        puzzle, rule_set = self._editor.puzzle(), self.rule_set
        if self._editor.solution_hidden():
            # its findings name cells of the picture ("Fill row 1, column 16"): they would spoil
            # a puzzle opened to be solved
            return "The picture is hidden: show it first (its cells are what the checks name)."
        if puzzle is None or rule_set is None:
            return "Fix the clues first." if puzzle is None else "Choose a rule set that loads."
        picture = puzzle.goal if self._editor.mode() == DRAW else None
        # In a worker process (designer_job.py): its Python never holds up the GUI thread.
        return ProcessJob(check_puzzle_design, (puzzle, shared(rule_set), picture))

    def shown(self, findings: DesignFindings | str) -> ShownFindings:
        if isinstance(findings, str):  # nothing to check, and why (no picture fits the clues)
            return ShownFindings(None, None, [], [], findings)
        region = findings.region
        return ShownFindings(
            stuck=None if region is None else region.rules_stuck,
            logic_stuck=None if region is None else region.logic_stuck,
            edits=findings.edits,
            described=[edit.describe() for edit in findings.edits],
            summary=findings.summary(),
        )

    def apply(self, edit: Edit) -> bool:
        if self._editor.mode() != DRAW:
            return False
        grid = self._editor.grid
        before = grid.cells()
        if not (edit.row < before.shape[0] and edit.col < before.shape[1]):
            return False
        after = before.copy()
        after[edit.row, edit.col] = FILLED if edit.value == FILLED else UNKNOWN
        self._editor.undo_stack().push(
            CellsCommand(grid, before, after, f"Designer edit: {edit.describe()}")
        )
        return True


class DesignerPanel(DesignerPanelBase):
    """Runs the designer checks on the black-and-white editor's puzzle and applies a chosen
    edit."""

    def __init__(self, editor: EditorView, parent: QWidget | None = None) -> None:
        self._design = BlackWhiteDesign(editor)
        super().__init__(editor.grid, self._design, parent)
        self.watch(editor)
        # (what it said of the covered picture, "show it first", goes once it is shown)
        editor.ui.reveal_button.clicked.connect(self.clear)

    def set_rule_set(self, name: str) -> None:
        """Check with the shipped rule set called ``name``; old findings are cleared."""
        try:
            self._design.rule_set = read_rule_set(name)  # (read once, ahead at the start)
        except (RuleSyntaxError, OSError, ValueError) as exc:
            self._design.rule_set = None
            self.clear()
            self.summary_label.setText(f"Cannot load the rule set \u201c{name}\u201d: {exc}")
            return
        self.clear()

    def edits(self) -> list[Edit]:
        return [e for e in self._edits if isinstance(e, Edit)]
