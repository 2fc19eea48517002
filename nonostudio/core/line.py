"""Line states: hints plus cells (unknown / filled / crossed), their blocks and gaps
(docs/rule-language.md §1; the clue numbers are the rule language's hints).

Cells are small ints so that grids can live in numpy ``int8`` arrays:
``UNKNOWN = -1``, ``CROSSED = 0`` and ``FILLED = 1``.  The text form used across the project and the
anchor data is ``-`` unknown, ``O`` filled, ``x`` crossed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

UNKNOWN = -1
CROSSED = 0
FILLED = 1

CELL_CHARS = {UNKNOWN: "-", FILLED: "O", CROSSED: "x"}
CHAR_CELLS = {"-": UNKNOWN, "O": FILLED, "x": CROSSED, "?": UNKNOWN, "#": FILLED, ".": CROSSED}

Hints = tuple[int, ...]


class Block(NamedTuple):
    """A maximal run of filled cells."""

    start: int
    size: int


class Gap(NamedTuple):
    """A maximal run of cells that are not crossed (unknown or filled)."""

    start: int
    size: int


def cells_from_text(text: str) -> tuple[int, ...]:
    """Parse ``-Ox`` text (also ``?#.``) into cell values; raises ValueError on other characters."""
    try:
        return tuple(CHAR_CELLS[ch] for ch in text)
    except KeyError as exc:
        raise ValueError(
            f"not a cell character: {exc.args[0]!r} (expected '-', 'O' or 'x')"
        ) from None


def cells_to_text(cells: Iterable[int]) -> str:
    """The ``-Ox`` text of a sequence of cell values."""
    return "".join(CELL_CHARS[int(c)] for c in cells)


def runs(cells: Sequence[int], member: frozenset[int]) -> list[tuple[int, int]]:
    """Maximal runs ``(start, size)`` of cells whose value is in ``member``, left to right."""
    out: list[tuple[int, int]] = []
    start = -1
    for i, c in enumerate(cells):
        if c in member:
            if start < 0:
                start = i
        elif start >= 0:
            out.append((start, i - start))
            start = -1
    if start >= 0:
        out.append((start, len(cells) - start))
    return out


_FILLED = frozenset({FILLED})
_NOT_CROSSED = frozenset({FILLED, UNKNOWN})


def clue_of(cells: Iterable[int]) -> Hints:
    """The clue (block sizes) of a complete line; unknown cells count as empty."""
    return tuple(size for _, size in runs(tuple(int(c) for c in cells), _FILLED))


@dataclass(frozen=True, slots=True)
class Line:
    """A line state: ``hints`` (positive ints) and ``cells`` (UNKNOWN / FILLED / CROSSED)."""

    hints: Hints
    cells: tuple[int, ...]

    @classmethod
    def parse(cls, hints: Iterable[int], text: str) -> Line:
        """Build a line from hints and ``-Ox`` text, e.g. ``Line.parse((4, 1), "x---OOOO--")``."""
        return cls(tuple(int(h) for h in hints), cells_from_text(text))

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def text(self) -> str:
        return cells_to_text(self.cells)

    def blocks(self) -> list[Block]:
        return [Block(s, n) for s, n in runs(self.cells, _FILLED)]

    def gaps(self) -> list[Gap]:
        return [Gap(s, n) for s, n in runs(self.cells, _NOT_CROSSED)]

    def flipped(self) -> Line:
        """Hints and cells reversed (rules are applied to both directions)."""
        return Line(self.hints[::-1], self.cells[::-1])

    def is_complete(self) -> bool:
        return UNKNOWN not in self.cells

    def satisfied(self) -> bool:
        """True when the line is complete and its blocks are exactly its hints."""
        return self.is_complete() and clue_of(self.cells) == self.hints

    def __str__(self) -> str:
        return f"({' '.join(map(str, self.hints))}) {self.text}"
