"""The interactive puzzle grid the editor, the Solve view and the dialogs show: its state
(:mod:`~nonostudio.gui.grid.base`), editing (:mod:`~nonostudio.gui.grid.input`) and painting
(:mod:`~nonostudio.gui.grid.paint`) in one widget."""

from __future__ import annotations

from nonostudio.gui.grid.input import GridInput
from nonostudio.gui.grid.paint import GridPainting


class GridView(GridInput, GridPainting):
    """Clues and cells of one puzzle; edits go through ``undo_stack()``."""
