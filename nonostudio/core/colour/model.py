"""The colour puzzle model: a palette (index 0 the background), clues of ``(length, colour)``
items, and a validated :class:`ColourPuzzle`.

A cell of a colour grid is the palette index of its colour; while solving, a cell is an int bitmask
of the indices still possible (bit 0 the background), so a palette holds at most
:data:`MAX_COLOURS` entries.  Blocks of one colour need a background cell between them; blocks of
different colours may touch.  Nothing here imports Qt or numpy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError

if TYPE_CHECKING:
    from nonostudio.core.puzzle import Puzzle

#: Most palette entries (the background included): a cell's still-possible colours fit 32 bits.
MAX_COLOURS = 32
#: The background's palette index.
BACKGROUND = 0

#: One clue item: a block's length and its palette index (>= 1).
ClueItem = tuple[int, int]
#: A line's clue, items in order; a blank line's is ``()``.
ColourClue = tuple[ClueItem, ...]
ColourClues = tuple[ColourClue, ...]
#: A solved picture: rows of palette indices.
ColourGrid = tuple[tuple[int, ...], ...]

_RGB = re.compile(r"#[0-9a-fA-F]{6}\Z")


@dataclass(frozen=True)
class Colour:
    """One palette entry: its name, its ``#rrggbb`` value (stored lower case) and the one
    character text formats write it with."""

    name: str
    rgb: str
    char: str

    def __post_init__(self) -> None:
        if not self.name or not self.name.strip():
            raise PuzzleError("a colour needs a name")
        if not isinstance(self.rgb, str) or not _RGB.match(self.rgb):
            raise PuzzleError(f"colour {self.name!r}: expected '#rrggbb', found {self.rgb!r}")
        if len(self.char) != 1:
            raise PuzzleError(
                f"colour {self.name!r}: its character must be one character, found {self.char!r}"
            )
        object.__setattr__(self, "rgb", self.rgb.lower())


WHITE = Colour("white", "#ffffff", ".")
BLACK = Colour("black", "#000000", "#")


@dataclass(frozen=True)
class Palette:
    """The colours of a puzzle; index 0 is the background. Names and characters are unique.
    ``by_name``: the clues came from a file that names each item's colour (webpbn XML's
    ``color="red"``), so words give an item as ``3 red``, not by its character (not compared)."""

    colours: tuple[Colour, ...]
    by_name: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", tuple(self.colours))
        if not self.colours:
            raise PuzzleError("a palette needs at least its background colour")
        if len(self.colours) > MAX_COLOURS:
            raise PuzzleError(
                f"{len(self.colours) - 1} colours besides the background; at most "
                f"{MAX_COLOURS - 1} are supported"
            )
        for what in ("name", "char"):
            seen: set[str] = set()
            for colour in self.colours:
                value = getattr(colour, what)
                if value in seen:
                    raise PuzzleError(f"two colours with the {what} {value!r} in one palette")
                seen.add(value)

    def __len__(self) -> int:
        return len(self.colours)

    def __getitem__(self, index: int) -> Colour:
        return self.colours[index]

    @property
    def background(self) -> Colour:
        return self.colours[BACKGROUND]

    @property
    def all_mask(self) -> int:
        """The cell set of an unknown cell: every index of the palette."""
        return (1 << len(self.colours)) - 1

    @property
    def is_black_and_white(self) -> bool:
        """Whether this is the palette of a black-and-white puzzle: a white background and one
        black colour (by value; names and characters do not matter).  Any other palette of one
        colour (red on white, black on yellow) is a colour puzzle's and is kept as one."""
        return len(self.colours) == 2 and (self.colours[0].rgb, self.colours[1].rgb) == (
            WHITE.rgb,
            BLACK.rgb,
        )

    def index(self, name: str) -> int:
        """The index of the colour called ``name``; KeyError when there is none."""
        for i, colour in enumerate(self.colours):
            if colour.name == name:
                return i
        raise KeyError(name)

    def index_of_char(self, char: str) -> int:
        """The index of the colour written ``char``; KeyError when there is none."""
        for i, colour in enumerate(self.colours):
            if colour.char == char:
                return i
        raise KeyError(char)


BW_PALETTE = Palette((WHITE, BLACK))


def min_colour_length(clue: Sequence[ClueItem]) -> int:
    """Cells ``clue`` needs: its lengths plus one gap between neighbours of the same colour."""
    gaps = sum(1 for a, b in zip(clue, clue[1:], strict=False) if a[1] == b[1])
    return sum(length for length, _ in clue) + gaps


def line_clue(cells: Sequence[int]) -> ColourClue:
    """The clue of a line of palette indices (0 the background)."""
    out: list[ClueItem] = []
    previous = BACKGROUND
    for cell in cells:
        if cell != BACKGROUND:
            if cell == previous:
                out[-1] = (out[-1][0] + 1, cell)
            else:
                out.append((1, cell))
        previous = cell
    return tuple(out)


def clues_of_colour_grid(grid: Sequence[Sequence[int]]) -> tuple[ColourClues, ColourClues]:
    """Row and column clues of a picture of palette indices."""
    rows = tuple(line_clue(row) for row in grid)
    cols = tuple(line_clue(col) for col in zip(*grid, strict=True)) if grid else ()
    return rows, cols


def clue_colours_mask(*clue_sets: Iterable[Sequence[ClueItem]]) -> int:
    """Bit 0 (the background) and the bit of every colour the clues of ``clue_sets`` use."""
    mask = 1 << BACKGROUND
    for clues in clue_sets:
        for clue in clues:
            for _, colour in clue:
                mask |= 1 << colour
    return mask


def item_text(length: int, colour: int, palette: Palette) -> str:
    """One clue item as a file types it: its length, then its colour's character (``3r``).  A
    colour whose character is a digit (the default colour of ``.g`` and ``.non``, ``1``) adds
    none, as those files write it: ``3``, not ``31``, which reads as thirty-one.  With a
    ``by_name`` palette (XML's clues) the colour's name follows: ``3 red``."""
    if not 0 <= colour < len(palette):
        return f"{length}<{colour}>"
    if palette.by_name:
        return f"{length} {palette[colour].name}"
    char = palette[colour].char
    return str(length) if char.isdigit() else f"{length}{char}"


def clue_text(clue: Sequence[ClueItem], palette: Palette) -> str:
    """A clue as ``3r 1b`` (each item's :func:`item_text`; ``0`` when blank); by name, the
    items are parted by commas: ``3 red, 1 blue``."""
    sep = ", " if palette.by_name else " "
    return sep.join(item_text(n, c, palette) for n, c in clue) or "0"


@dataclass(frozen=True)
class ColourPuzzle:
    """A colour nonogram: a palette and, for every row and column, a clue of ``(length,
    colour)`` items.

    Construction validates: clue lengths >= 1, colours that exist and are not the background,
    clues that fit their line, and equal row and column totals for every colour (a
    :class:`PuzzleError` or :class:`InconsistentPuzzleError` naming the line and clue item
    otherwise).  ``goal`` is an optional solution picture (rows of palette indices) checked
    against every clue.
    """

    palette: Palette
    rows: ColourClues
    cols: ColourClues
    title: str = ""
    author: str = ""
    copyright: str = ""
    licence: str = ""
    notes: str = ""
    goal: ColourGrid | None = None

    def __post_init__(self) -> None:
        rows = _clues(self.rows)
        cols = _clues(self.cols)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        if not rows or not cols:
            raise PuzzleError(
                f"a puzzle needs at least one row and one column "
                f"(got {len(rows)} rows, {len(cols)} columns)"
            )
        ncolours = len(self.palette)
        totals: dict[str, list[int]] = {"row": [0] * ncolours, "column": [0] * ncolours}
        for kind, clues, length in (("row", rows, len(cols)), ("column", cols, len(rows))):
            for i, clue in enumerate(clues, 1):
                for k, (n, colour) in enumerate(clue, 1):
                    where = f"{kind} {i}"
                    if n <= 0:
                        raise PuzzleError(
                            f"item {k}: block lengths must be positive, found {n}", clue=where
                        )
                    if not 1 <= colour < ncolours:
                        raise PuzzleError(
                            f"item {k}: no colour {colour} in the palette (colours are "
                            f"1 to {ncolours - 1}; 0 is the background)",
                            clue=where,
                        )
                    totals[kind][colour] += n
                need = min_colour_length(clue)
                if need > length:
                    raise InconsistentPuzzleError(
                        f"clue {clue_text(clue, self.palette)} needs {need} cells but the "
                        f"{kind} has only {length}",
                        clue=f"{kind} {i}",
                    )
        # every colour whose totals differ is named: the one a typo made up (an undeclared
        # letter read as a colour of its own) is often not the first
        differ = [
            f"row clues fill {r} cells of {self.palette[colour].name} but column clues fill {c}"
            for colour in range(1, ncolours)
            if (r := totals["row"][colour]) != (c := totals["column"][colour])
        ]
        if differ:
            raise InconsistentPuzzleError(
                ", and ".join(differ) + "; the totals of each colour must be equal"
            )
        if self.goal is not None:
            self._check_goal()

    def _check_goal(self) -> None:
        goal = tuple(tuple(int(v) for v in row) for row in self.goal or ())
        object.__setattr__(self, "goal", goal)
        if len(goal) != self.height or any(len(row) != self.width for row in goal):
            raise PuzzleError(
                f"the solution picture must have {self.height} rows of {self.width} cells"
            )
        for row in goal:
            for v in row:
                if not 0 <= v < len(self.palette):
                    raise PuzzleError(f"the solution picture holds colour {v}, not in the palette")
        rows, cols = clues_of_colour_grid(goal)
        for kind, got, want in (("row", rows, self.rows), ("column", cols, self.cols)):
            for i, (g, w) in enumerate(zip(got, want, strict=True), 1):
                if g != w:
                    raise InconsistentPuzzleError(
                        f"the solution picture gives {clue_text(g, self.palette)} but the clue "
                        f"is {clue_text(w, self.palette)}",
                        clue=f"{kind} {i}",
                    )

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def ncolours(self) -> int:
        """Palette entries, the background included (what the solver takes)."""
        return len(self.palette)

    @property
    def used_mask(self) -> int:
        """The cell set of an unknown cell: the background and every colour a clue uses (a
        palette colour no clue uses, such as one of the editor's starting colours left unpainted,
        cannot be in any cell; see :func:`clue_colours_mask`)."""
        return clue_colours_mask(self.rows, self.cols)

    def is_solution(self, grid: Sequence[Sequence[int]]) -> bool:
        """True when ``grid`` (rows of palette indices) satisfies every clue."""
        if len(grid) != self.height or any(len(row) != self.width for row in grid):
            return False
        return clues_of_colour_grid(grid) == (self.rows, self.cols)

    def without_goal(self) -> ColourPuzzle:
        return replace(self, goal=None)

    def without_unused(self) -> ColourPuzzle:
        """This puzzle with the palette colours no clue uses dropped (the background stays), the
        clues and goal renumbered: what the readers give for the same clues, since they keep
        the colours the clues use.  ``self`` when every colour is used."""
        used = self.used_mask
        keep = [i for i in range(len(self.palette)) if used >> i & 1]
        if len(keep) == len(self.palette):
            return self
        new_index = {old: new for new, old in enumerate(keep)}

        def renumber(clues: ColourClues) -> ColourClues:
            return tuple(tuple((n, new_index[c]) for n, c in clue) for clue in clues)

        goal = None
        if self.goal is not None:  # it matches the clues, so it holds used colours only
            goal = tuple(tuple(new_index[v] for v in row) for row in self.goal)
        return replace(
            self,
            palette=Palette(tuple(self.palette[i] for i in keep)),
            rows=renumber(self.rows),
            cols=renumber(self.cols),
            goal=goal,
        )

    @classmethod
    def from_bw(cls, puzzle: Puzzle) -> ColourPuzzle:
        """The black-and-white ``puzzle`` as a colour puzzle of the palette white, black."""
        goal = None
        if puzzle.goal is not None:
            goal = tuple(tuple(1 if int(v) == 1 else 0 for v in row) for row in puzzle.goal)
        return cls(
            BW_PALETTE,
            tuple(tuple((n, 1) for n in clue) for clue in puzzle.rows),
            tuple(tuple((n, 1) for n in clue) for clue in puzzle.cols),
            title=puzzle.title,
            author=puzzle.author,
            copyright=puzzle.copyright,
            licence=puzzle.licence,
            notes=puzzle.notes,
            goal=goal,
        )

    def to_bw(self) -> Puzzle:
        """The black-and-white puzzle of a palette of background and one colour (PuzzleError
        for more colours; the colours' names and values are not kept)."""
        from nonostudio.core.puzzle import GoalRows, Puzzle

        if len(self.palette) > 2:
            names = ", ".join(c.name for c in self.palette.colours[1:])
            raise PuzzleError(
                f"a puzzle of {len(self.palette) - 1} colours ({names}) is not black and white"
            )
        goal = None
        if self.goal is not None:
            goal = GoalRows(tuple("".join("1" if v else "0" for v in row) for row in self.goal))
        return Puzzle(
            tuple(tuple(n for n, _ in clue) for clue in self.rows),
            tuple(tuple(n for n, _ in clue) for clue in self.cols),
            title=self.title,
            author=self.author,
            copyright=self.copyright,
            licence=self.licence,
            notes=self.notes,
            goal=goal,
        )


def _clues(clues: Iterable[Iterable[Iterable[int]]]) -> ColourClues:
    out = []
    for clue in clues:
        items = []
        for item in clue:
            n, colour = item
            items.append((int(n), int(colour)))
        out.append(tuple(items))
    return tuple(out)
