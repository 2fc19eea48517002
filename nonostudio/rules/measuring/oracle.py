"""The decomposition oracle (docs/rule-language.md §6; Butler et al. 2017, §6.3.2): independent
sub-lines of a line.

:func:`decompose` splits a line where a cell separates two hints in every solution, from the
line solver's placement sets (how: ``docs/design/rules.md``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from nonostudio.core.line import UNKNOWN, Line
from nonostudio.core.linesolver import cell_masks, placements


@dataclass(frozen=True, slots=True)
class SubLine:
    """Hints ``[hint_start, hint_end)`` on cells ``[cell_start, cell_end)`` of the parent line."""

    hint_start: int
    hint_end: int
    cell_start: int
    cell_end: int
    line: Line


def split_cells(line: Line) -> list[tuple[int, int]]:
    """``(i, c)`` for every hint i ≥ 1 separated from hint i−1 by cell ``c`` in every solution.

    ``c`` is the smallest separating cell.  Raises ValueError when the line has no solution.
    """
    hints = line.hints
    found = placements(hints, line.size, *cell_masks(line.cells))
    if found is None:
        raise ValueError(f"the line {line} has no solution")
    out = []
    for i in range(1, len(hints)):
        latest_end = found[i - 1].bit_length() - 1 + hints[i - 1]
        earliest_start = (found[i] & -found[i]).bit_length() - 1
        if latest_end < earliest_start:
            out.append((i, latest_end))
    return out


def decompose(line: Line) -> list[SubLine]:
    """The independent sub-lines of a valid line that still have unknown cells, left to right.

    Empty when no two hints are separated in every solution.  Raises ValueError when the line
    has no solution.
    """
    splits = split_cells(line)
    if not splits:
        return []
    k, n = len(line.hints), line.size
    bounds = [(0, -1), *splits, (k, n)]  # piece j runs from one split cell (exclusive) to the next
    out = []
    for (h0, c0), (h1, c1) in itertools.pairwise(bounds):
        cells = line.cells[c0 + 1 : c1]
        if UNKNOWN in cells:
            out.append(SubLine(h0, h1, c0 + 1, c1, Line(line.hints[h0:h1], cells)))
    return out
