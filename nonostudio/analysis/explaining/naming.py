"""How analysis texts name the parts of a grid: lines, reading directions, cell values, cells.

Rows and columns are numbered from 1, as people count; every sentence, note and error of
:mod:`nonostudio.analysis` that names a line or a cell uses these.
"""

from __future__ import annotations

from nonostudio.core.line import FILLED


def line_name(axis: str, index: int) -> str:
    """``Row 3`` / ``Column 12`` (1-based, as people count)."""
    return f"{axis.capitalize()} {index + 1}"


def direction_name(axis: str, flipped: bool) -> str:
    """The reading direction of a rule match: ``left to right``, ``bottom to top``, ..."""
    if axis == "row":
        return "right to left" if flipped else "left to right"
    return "bottom to top" if flipped else "top to bottom"


def value_name(value: int) -> str:
    """``filled`` / ``empty``."""
    return "filled" if value == FILLED else "empty"


def cell_range_name(start: int, end: int) -> str:
    """``cell 4`` / ``cells 4–7`` for the cells ``[start, end)`` (0-based)."""
    return f"cell {start + 1}" if end - start == 1 else f"cells {start + 1}–{end}"
