"""Designer checks on the colour editor's grid: the cells one colour at a time leaves undecided
(shaded) and those colour line logic leaves (hatched: the shaded ones not hatched need colour
reasoning), and
single-cell edits of the painted picture (a cell painted another colour) that make its puzzle
unique or line-solvable, numbered on the grid; applying one is one undo step.

The checks (:func:`nonostudio.analysis.colour.designer.check_colour_design`) run in a worker
process when asked; the panel and overlay are the black-and-white ones'
(:class:`~nonostudio.gui.editor.designer_checks.DesignerPanelBase`), given the colour checks
(:class:`ColourDesign`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from nonostudio.analysis.colour.designer import (
    ColourDesignFindings,
    ColourEdit,
)
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.editor.colour.designer_job import check_colour_puzzle_design
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.editor.designer_checks import DesignerPanelBase, ShownFindings


class ColourDesign:
    """The colour editor's designer checks: the cells one colour at a time and colour line logic
    leave undecided, and single-cell edits of the painted picture."""

    check_tip = (
        "Shade the cells one colour at a time cannot decide, hatch those colour line logic "
        "cannot (shaded and not hatched: they need colour reasoning), and look for single-cell "
        "edits (a cell painted another colour) that make the puzzle unique or line-solvable"
    )

    def __init__(self, editor: ColourEditorView, time_limit: float) -> None:
        self._editor = editor
        self._time_limit = time_limit

    def checks(self) -> ProcessJob | str:
        puzzle, limit = self._editor.puzzle(), self._time_limit
        if puzzle is None:
            return "Fix the clues first."
        if self._editor.is_searching():  # (checked without it, the picture would not count)
            return "The picture of these clues is still being looked for; check again then."
        # the picture on the grid (a file without one shows its unique solution); the clues of
        # a file that has no unique picture are fixed: nothing to paint, so no edits
        state = self._editor.state()
        picture = state.cells if state.fixed is None else None

        return ProcessJob(check_colour_puzzle_design, (puzzle, picture, limit))

    def shown(self, findings: ColourDesignFindings) -> ShownFindings:
        region = findings.region
        return ShownFindings(
            stuck=region.one_colour_stuck,
            logic_stuck=region.logic_stuck,
            edits=findings.edits,
            described=[edit.describe(findings.palette) for edit in findings.edits],
            summary=findings.summary(),
        )

    def apply(self, edit: ColourEdit) -> bool:
        state = self._editor.state()
        cells = state.cells
        if state.fixed is not None or not (edit.row < len(cells) and edit.col < len(cells[0])):
            return False
        if len(state.palette) <= edit.colour:
            return False
        self._editor.paint(edit.apply(cells))
        return True


class ColourDesignerPanel(DesignerPanelBase):
    """Runs the colour designer checks on the colour editor's puzzle and applies a chosen
    edit."""

    def __init__(
        self,
        editor: ColourEditorView,
        parent: QWidget | None = None,
        *,
        time_limit: float = TIME_LIMIT_S,
    ) -> None:
        super().__init__(editor.grid, ColourDesign(editor, time_limit), parent)
        self.watch(editor)

    def edits(self) -> list[ColourEdit]:
        return [e for e in self._edits if isinstance(e, ColourEdit)]
