"""Grid state for the solvers: row and column masks kept in step, and line-logic propagation.

Rows and columns are each stored as pairs of bit masks (filled, crossed) so that the exact line
solver (:mod:`nonostudio.core.linesolver`) runs on them directly; setting a cell updates its row and
its column.  Copying a state is cheap (four lists of ints), which probing and search rely on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.linesolver import solve_masks
from nonostudio.core.puzzle import Puzzle

if TYPE_CHECKING:  # imported where a grid array is made or read: line logic on a small puzzle
    import numpy as np  # needs none (the command line's start-up, docs/design/cli.md)

#: The line solver's results by ``(is_row, index, filled mask, crossed mask)``: the masks after
#: deduction.  Shared between copies of a state (and, by a caller, between states).
LineCache = dict[tuple[bool, int, int, int], tuple[int, int]]


GridMasks = tuple[list[int], list[int], list[int], list[int]]
"""A grid as masks: the filled and the crossed cells of each row (bit c: column c), then of each
column (bit r: row r)."""


def grid_masks(grid: Sequence[Sequence[int]]) -> GridMasks:
    """A grid of cell values (rows of FILLED, CROSSED, UNKNOWN) as :data:`GridMasks`."""
    row_f, row_x = [], []
    width = len(grid[0]) if grid else 0
    col_f, col_x = [0] * width, [0] * width
    for r, row in enumerate(grid):
        f = x = 0
        bit = 1 << r
        for c, value in enumerate(row):
            if value == FILLED:
                f |= 1 << c
                col_f[c] |= bit
            elif value == CROSSED:
                x |= 1 << c
                col_x[c] |= bit
        row_f.append(f)
        row_x.append(x)
    return row_f, row_x, col_f, col_x


class Contradiction(Exception):
    """Raised inside propagation when a line has no solution; ``args`` name it: ("row", 3)."""


class GridState:
    """Cells of a puzzle being solved, as row masks and column masks."""

    __slots__ = (
        "puzzle",
        "height",
        "width",
        "row_f",
        "row_x",
        "col_f",
        "col_x",
        "known",
        "cache",
        "remember",
        "row_seen",
        "col_seen",
    )

    def __init__(self, puzzle: Puzzle, cache: LineCache | None = None) -> None:
        self.puzzle = puzzle
        self.height = puzzle.height
        self.width = puzzle.width
        self.row_f = [0] * self.height
        self.row_x = [0] * self.height
        self.col_f = [0] * self.width
        self.col_x = [0] * self.width
        self.known = 0
        self.cache: LineCache = {} if cache is None else cache
        # Whether line results go into the cache.  A state's own cache, before any copy of the
        # state shares it, is skipped: its lines only gain cells, so no line meets a state it
        # was in before, and a copy starts from the lines as they are by then (measured: the
        # cache was 4% of Cauldron's solve).  A cache given by the caller, or shared with a
        # copy, is kept: other states may meet the same lines.
        self.remember = cache is not None
        # Each line's last result of the line solver, shared with copies: any result can be
        # extended to a solution of its line, so the cells a line has kept from it need no
        # checking against its clue again (linesolver.solve_masks's ``fresh``).
        self.row_seen: list[tuple[int, int]] = [(0, 0)] * self.height
        self.col_seen: list[tuple[int, int]] = [(0, 0)] * self.width

    def copy(self) -> GridState:
        other = GridState.__new__(GridState)
        other.puzzle = self.puzzle
        other.height = self.height
        other.width = self.width
        other.row_f = self.row_f[:]
        other.row_x = self.row_x[:]
        other.col_f = self.col_f[:]
        other.col_x = self.col_x[:]
        other.known = self.known
        other.cache = self.cache
        self.remember = other.remember = True
        other.row_seen = self.row_seen
        other.col_seen = self.col_seen
        return other

    @classmethod
    def from_masks(
        cls, puzzle: Puzzle, masks: GridMasks, cache: LineCache | None = None
    ) -> GridState:
        """The state of a grid given as masks (:func:`grid_masks`; the lists are copied)."""
        state = cls(puzzle, cache)
        row_f, row_x, col_f, col_x = masks
        state.row_f, state.row_x = row_f[:], row_x[:]
        state.col_f, state.col_x = col_f[:], col_x[:]
        state.known = sum(f.bit_count() + x.bit_count() for f, x in zip(row_f, row_x, strict=True))
        return state

    @classmethod
    def from_grid(cls, puzzle: Puzzle, grid: np.ndarray) -> GridState:
        import numpy as np

        state = cls(puzzle)
        for r, c in zip(*np.nonzero(np.asarray(grid) != UNKNOWN), strict=True):
            state.set_cell(int(r), int(c), int(grid[r, c]))
        return state

    @property
    def total(self) -> int:
        return self.height * self.width

    def is_solved(self) -> bool:
        return self.known == self.total

    def get(self, r: int, c: int) -> int:
        bit = 1 << c
        if self.row_f[r] & bit:
            return FILLED
        if self.row_x[r] & bit:
            return CROSSED
        return UNKNOWN

    def set_cell(self, r: int, c: int, value: int) -> None:
        """Decide one unknown cell (no propagation)."""
        if value == FILLED:
            self.row_f[r] |= 1 << c
            self.col_f[c] |= 1 << r
        else:
            self.row_x[r] |= 1 << c
            self.col_x[c] |= 1 << r
        self.known += 1

    def to_grid(self) -> np.ndarray:
        import numpy as np

        filled = _unpack_rows(self.row_f, self.height, self.width)
        crossed = _unpack_rows(self.row_x, self.height, self.width)
        # UNKNOWN = -1, CROSSED = 0, FILLED = 1
        return 2 * filled + crossed + np.int8(UNKNOWN)

    def key(self) -> tuple[int, ...]:
        """Identity of a complete state (its filled rows)."""
        return tuple(self.row_f)

    def propagate(
        self,
        rows: set[int] | None = None,
        cols: set[int] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> int:
        """Apply the exact line solver until nothing changes; return the number of line solves.

        ``rows``/``cols`` are the lines to look at first (all lines when both are None).  Raises
        :class:`Contradiction` when some line has no solution.  ``should_stop()`` is asked every
        few line solves (a line of a 1000-wide puzzle takes a millisecond or more); when it
        returns True propagation ends early and leaves the state partly propagated.
        """
        if rows is None and cols is None:
            rows = set(range(self.height))
            cols = set(range(self.width))
        dirty_rows = set(rows or ())
        dirty_cols = set(cols or ())
        solves = 0
        # Sweeps: every dirty row, then every dirty column, so that each line solve sees all the
        # cells its crossing lines decided since its last solve.
        while dirty_rows or dirty_cols:
            if should_stop is not None and should_stop():
                return solves
            batch, dirty_rows = dirty_rows, set()
            solves += self._sweep(True, batch, dirty_cols, should_stop)
            batch, dirty_cols = dirty_cols, set()
            solves += self._sweep(False, batch, dirty_rows, should_stop)
        return solves

    def _sweep(
        self,
        is_row: bool,
        batch: set[int],
        dirty_other: set[int],
        should_stop: Callable[[], bool] | None = None,
    ) -> int:
        """Solve the lines in ``batch`` (rows or columns); mark crossing lines that changed."""
        if is_row:
            hints, n, own_f, own_x, other_f, other_x, seen = (
                self.puzzle.rows,
                self.width,
                self.row_f,
                self.row_x,
                self.col_f,
                self.col_x,
                self.row_seen,
            )
        else:
            hints, n, own_f, own_x, other_f, other_x, seen = (
                self.puzzle.cols,
                self.height,
                self.col_f,
                self.col_x,
                self.row_f,
                self.row_x,
                self.col_seen,
            )
        cache = self.cache
        remember = self.remember
        solves = 0
        changes: list[tuple[int, int, int]] = []  # (line, new filled cells, new crossed cells)
        new_cells = 0
        try:
            for count, i in enumerate(batch):
                if should_stop is not None and not count & 7 and should_stop():
                    break
                f, x = own_f[i], own_x[i]
                if remember:
                    key = (is_row, i, f, x)
                    out = cache.get(key)
                else:
                    out = None
                if out is None:
                    last_f, last_x = seen[i]
                    out = solve_masks(hints[i], n, f, x, (f ^ last_f) | (x ^ last_x))
                    solves += 1
                    if out is None:
                        raise Contradiction("row" if is_row else "column", i)
                    if remember:
                        cache[key] = out
                seen[i] = out
                nf, nx = out
                if nf != f or nx != x:
                    own_f[i], own_x[i] = nf, nx
                    nf ^= f
                    nx ^= x
                    changes.append((i, nf, nx))
                    new_cells += nf.bit_count() + nx.bit_count()
        finally:
            # The crossing lines take the new cells when the sweep ends (its own lines do not
            # read them): one by one, or for many cells a bit-matrix transpose.
            self.known += new_cells
            if new_cells > _TRANSPOSE_FROM:
                _cross_many(changes, len(own_f), n, other_f, other_x, dirty_other)
            else:
                _cross_few(changes, other_f, other_x, dirty_other)
        return solves


#: From this many new cells in a sweep, they reach the crossing lines through a bit-matrix
#: transpose (:func:`_cross_many`).
_TRANSPOSE_FROM = 2000


def _cross_few(
    changes: list[tuple[int, int, int]], other_f: list[int], other_x: list[int], dirty: set[int]
) -> None:
    add = dirty.add
    for i, new_f, new_x in changes:
        bit = 1 << i
        while new_f:  # each new cell, lowest first, into its crossing line
            low = new_f & -new_f
            j = low.bit_length() - 1
            other_f[j] |= bit
            add(j)
            new_f ^= low
        while new_x:
            low = new_x & -new_x
            j = low.bit_length() - 1
            other_x[j] |= bit
            add(j)
            new_x ^= low


def _cross_many(
    changes: list[tuple[int, int, int]],
    lines: int,
    n: int,
    other_f: list[int],
    other_x: list[int],
    dirty: set[int],
) -> None:
    """The new cells of ``changes`` (masks over ``n`` cells of some of ``lines`` lines) into the
    crossing lines: each kind of cell's masks as one bit matrix in one int, each 8x8 block of it
    transposed in place (:func:`_transpose_blocks`), then each crossing line's bytes read from
    its bytes with a stride: byte ``R`` of crossing line ``j`` is byte ``j // 8`` of row
    ``8 * R + j % 8`` (the blocks themselves change places by the reading alone)."""
    size = (max(lines, n, 1) + 7) & ~7  # a whole number of bytes and of 8x8 blocks each way
    stride = size >> 3
    step = size  # 8 rows of ``stride`` bytes
    touched = 0
    frm = int.from_bytes
    zero = bytes(stride)
    for pos, other in ((1, other_f), (2, other_x)):
        rows = [zero] * lines
        kind = 0
        for change in changes:
            mask = change[pos]
            if mask:
                kind |= mask
                rows[change[0]] = mask.to_bytes(stride, "little")
        if not kind:
            continue
        touched |= kind
        matrix = _transpose_blocks(frm(b"".join(rows), "little"), size)
        data = matrix.to_bytes(size * stride, "little")
        for j in bit_indices(kind):
            other[j] |= frm(data[(j & 7) * stride + (j >> 3) :: step], "little")
    dirty.update(bit_indices(touched))


def bit_indices(mask: int) -> list[int]:
    """The set bits of a non-negative ``mask``, lowest first."""
    if mask.bit_count() < 16:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    # Many bits: through the binary text (measured: ten times faster on 512 dense bits).
    return [i for i, digit in enumerate(format(mask, "b")[::-1]) if digit == "1"]


#: The masks :func:`_transpose_blocks` swaps by, per matrix size.
_SWAP_MASKS: dict[int, list[tuple[int, int]]] = {}


def _transpose_blocks(matrix: int, size: int) -> int:
    """Each 8x8 block of a ``size`` x ``size`` bit matrix (``size`` a multiple of 8, bit
    ``r * size + c`` is row r, column c) transposed in place: bit (r, c) goes to (r', c') with
    the lowest three bits of r and c swapped, one bit at a time (Hacker's Delight §7-3: each
    step three shifts, two xors and an and over the whole matrix at once).  The steps for the
    higher bits, which would swap the blocks themselves, are left to the reader of the bytes
    (:func:`_cross_many`): 3 steps instead of 9 on a 512x512 matrix."""
    masks = _SWAP_MASKS.get(size)
    if masks is None:
        masks = _SWAP_MASKS[size] = []
        stride = size >> 3
        zero = bytes(stride)
        for j in (4, 2, 1):
            # The columns c with c & j in a row (a byte pattern repeated), in the rows r with
            # no r & j (rows of j at a time, repeated).
            row = bytes([sum(1 << c for c in range(8) if c & j)]) * stride
            mask = int.from_bytes((row * j + zero * j) * (size // (2 * j)), "little")
            masks.append((j * (size - 1), mask))  # bit (r, c) swaps with (r + j, c - j)
    for shift, mask in masks:
        t = ((matrix >> shift) ^ matrix) & mask
        matrix ^= t ^ (t << shift)
    return matrix


def _unpack_rows(masks: list[int], height: int, width: int) -> np.ndarray:
    """The masks' bits as a ``height x width`` int8 array of 0 and 1 (bit ``c`` is column c)."""
    import numpy as np

    nbytes = (width + 7) >> 3
    data = b"".join([m.to_bytes(nbytes, "little") for m in masks])
    rows = np.frombuffer(data, dtype=np.uint8).reshape(height, nbytes)
    return np.unpackbits(rows, axis=1, bitorder="little")[:, :width].view(np.int8)
