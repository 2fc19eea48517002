"""Symmetries of a puzzle's clues, for the SAT stage: a mirror or a half-turn of the grid that maps
every clue to itself maps every solution to a solution.

Lines with an empty clue along the border are left out (Knotty's clues are symmetric under a
half-turn once its empty last row and column are).  The SAT stage uses a symmetry two ways
(docs/design/solver.md §3, "Symmetric clues"): a solution its symmetry moves gives a second
solution for nothing (:func:`twin`), and solutions the symmetry leaves in place can be searched
for alone, a far smaller search (:meth:`Symmetry.cell_pairs`).
"""

from __future__ import annotations

from collections.abc import Iterator

from nonostudio.core.gridstate import GridState
from nonostudio.core.linesolver import mask_blocks, reverse_mask
from nonostudio.core.puzzle import Puzzle


class Symmetry:
    """A reflection of the box ``rows`` x ``cols`` (the grid less the empty border lines):
    top to bottom (``flip_rows``), left to right (``flip_cols``), or both (a half-turn).  A plain
    class: a dataclass would cost every fresh process's first SAT search its making (0.5 ms)."""

    __slots__ = ("flip_rows", "flip_cols", "rows", "cols")

    def __init__(self, flip_rows: bool, flip_cols: bool, rows: range, cols: range) -> None:
        self.flip_rows = flip_rows
        self.flip_cols = flip_cols
        self.rows = rows
        self.cols = cols

    @property
    def name(self) -> str:
        if self.flip_rows and self.flip_cols:
            return "half-turn"
        return "top-bottom mirror" if self.flip_rows else "left-right mirror"

    def cell(self, r: int, c: int) -> tuple[int, int]:
        """The image of cell ``(r, c)`` of the box."""
        rows, cols = self.rows, self.cols
        return (
            rows.start + rows.stop - 1 - r if self.flip_rows else r,
            cols.start + cols.stop - 1 - c if self.flip_cols else c,
        )

    def cell_pairs(self) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
        """Each cell of the box with its image, each pair once (a cell its own image: with
        itself)."""
        for r in self.rows:
            for c in self.cols:
                image = self.cell(r, c)
                if (r, c) <= image:
                    yield (r, c), image


def clue_symmetries(puzzle: Puzzle) -> list[Symmetry]:
    """The reflections that map every clue of ``puzzle`` to itself (none for a puzzle whose
    clues are all empty)."""
    rows, cols = puzzle.rows, puzzle.cols
    box_rows = _inner(rows)
    box_cols = _inner(cols)
    if not box_rows or not box_cols:
        return []
    found = []
    for flip_rows, flip_cols in ((True, True), (False, True), (True, False)):
        # a line's image: the line the flip across it moves it to, read backwards when the flip
        # along it reverses it
        if all(
            _image_clue(rows, r, box_rows, flip_rows, flip_cols) == rows[r] for r in box_rows
        ) and all(
            _image_clue(cols, c, box_cols, flip_cols, flip_rows) == cols[c] for c in box_cols
        ):
            found.append(Symmetry(flip_rows, flip_cols, box_rows, box_cols))
    return found


def _inner(clues: tuple[tuple[int, ...], ...]) -> range:
    """The lines between the first and the last with a non-empty clue."""
    filled = [k for k, clue in enumerate(clues) if clue]
    return range(filled[0], filled[-1] + 1) if filled else range(0)


def _image_clue(
    clues: tuple[tuple[int, ...], ...], k: int, box: range, across: bool, along: bool
) -> tuple[int, ...]:
    clue = clues[box.start + box.stop - 1 - k] if across else clues[k]
    return clue[::-1] if along else clue


def twin(
    base: GridState, solution: GridState, symmetries: list[Symmetry], known: list[GridState]
) -> GridState | None:
    """Another solution extending ``base``: the image of the complete ``solution`` under one of
    ``symmetries`` (of its puzzle's clues) that is none of the solutions ``known`` (``solution``
    among them); None when there is no such image.  The image is checked against every clue and
    against ``base``."""
    seen = [state.row_f for state in known]
    for symmetry in symmetries:
        image = _image(solution, symmetry)
        if image.row_f not in seen and _fits(image, base):
            return image
    return None


def _image(state: GridState, symmetry: Symmetry) -> GridState:
    """The complete ``state`` reflected by ``symmetry``."""
    image = state.copy()
    image.cache = {}
    flip_rows, flip_cols = symmetry.flip_rows, symmetry.flip_cols
    _reflect(
        image.row_f, image.row_x, state.width, symmetry.rows, symmetry.cols, flip_rows, flip_cols
    )
    _reflect(
        image.col_f, image.col_x, state.height, symmetry.cols, symmetry.rows, flip_cols, flip_rows
    )
    return image


def _reflect(
    own_f: list[int], own_x: list[int], n: int, lines: range, span: range, across: bool, along: bool
) -> None:
    """Reflect the lines ``lines`` of a complete state's masks (``n`` cells each): line k takes
    the filled cells of the line the flip ``across`` them moves it to, reversed within ``span``
    when the flip runs ``along`` them (cells outside the box, crossed in every solution, stay)."""
    source = own_f[:]
    full = (1 << n) - 1
    lo, width = span.start, len(span)
    inside = ((1 << width) - 1) << lo
    for k in lines:
        mask = source[lines.start + lines.stop - 1 - k] if across else source[k]
        if along:
            mask = (mask & ~inside) | (reverse_mask((mask & inside) >> lo, width) << lo)
        own_f[k] = mask
        own_x[k] = full & ~mask


def _fits(image: GridState, base: GridState) -> bool:
    """Whether ``image`` keeps every cell ``base`` decides and its lines' blocks are the
    clues."""
    puzzle = base.puzzle
    for r in range(base.height):
        if base.row_f[r] & ~image.row_f[r] or base.row_x[r] & image.row_f[r]:
            return False
        if mask_blocks(image.row_f[r]) != tuple(puzzle.rows[r]):
            return False
    return all(mask_blocks(image.col_f[c]) == tuple(puzzle.cols[c]) for c in range(base.width))
