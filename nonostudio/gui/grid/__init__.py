"""The interactive puzzle grid: clues around cells the user paints with mouse or keyboard.

Its state is in :mod:`nonostudio.gui.grid_base`, editing in :mod:`nonostudio.gui.grid_input`,
painting in :mod:`nonostudio.gui.grid_paint` and fitting the window in
:mod:`nonostudio.gui.grid_scroll` (docs/design/gui-editing.md says how they fit together).
"""

from __future__ import annotations

from nonostudio.gui.grid_base import STATE_NAMES
from nonostudio.gui.grid_input import CellsCommand, GridInput
from nonostudio.gui.grid_paint import OVERLAY_COLOR, GridPainting
from nonostudio.gui.grid_scroll import GridScrollArea

# The editor, the Solve view and the designer checks import these from here.
__all__ = ["OVERLAY_COLOR", "STATE_NAMES", "CellsCommand", "GridScrollArea", "GridView"]


class GridView(GridInput, GridPainting):
    """Clues and cells of one puzzle; edits go through ``undo_stack()``."""
