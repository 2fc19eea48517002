"""Shared helpers of the colour readers and writers: colour names and values, and building a
:class:`ColourPuzzle` with errors naming the line.  Loaded only when colour is read or written
(black-and-white readers raise :class:`~nonostudio.core.formats._common.ColourRefused`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Union

from nonostudio.core.colour.model import MAX_COLOURS, Colour, ColourPuzzle, Palette
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.formats._common import MAX_SIZE, relabel

if TYPE_CHECKING:
    from nonostudio.core.puzzle import Puzzle

#: What a reader of colour files gives: a black-and-white file still reads as a Puzzle.
AnyPuzzle = Union["Puzzle", ColourPuzzle]
AnyThunk = Callable[[], AnyPuzzle]
AnyEntries = list[tuple[str, AnyThunk]]

#: X11 (rgb.txt) values of the colour names the peers' files use; a name not here needs a value.
X11: Mapping[str, str] = {
    "white": "#ffffff",
    "black": "#000000",
    "red": "#ff0000",
    "green": "#00ff00",
    "blue": "#0000ff",
    "yellow": "#ffff00",
    "orange": "#ffa500",
    "brown": "#a52a2a",
    "pink": "#ffc0cb",
    "purple": "#a020f0",
    "violet": "#ee82ee",
    "magenta": "#ff00ff",
    "cyan": "#00ffff",
    "gray": "#bebebe",
    "grey": "#bebebe",
    "lightgray": "#d3d3d3",
    "lightgrey": "#d3d3d3",
    "darkgray": "#a9a9a9",
    "darkgrey": "#a9a9a9",
    "gold": "#ffd700",
    "navy": "#000080",
    "maroon": "#b03060",
    "darkred": "#8b0000",
    "darkgreen": "#006400",
    "darkblue": "#00008b",
    "lightblue": "#add8e6",
    "lightgreen": "#90ee90",
    "beige": "#f5f5dc",
    "tan": "#d2b48c",
    "salmon": "#fa8072",
    "khaki": "#f0e68c",
    "turquoise": "#40e0d0",
    "olive": "#808000",
    "silver": "#c0c0c0",
    "skyblue": "#87ceeb",
    "lime": "#00ff00",
    "teal": "#008080",
    "coral": "#ff7f50",
    "crimson": "#dc143c",
}
#: Values given to colours a file names by a letter only (``.non`` without ``color`` lines).
FALLBACK_RGB = (
    "#000000",
    "#ff0000",
    "#0000ff",
    "#00a000",
    "#ffa500",
    "#a020f0",
    "#a52a2a",
    "#00c0c0",
    "#ff00ff",
    "#808000",
)
_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")


def hex_rgb(text: str) -> str | None:
    """``#rrggbb`` of a value written ``rgb``, ``rrggbb``, ``#rgb`` or ``#rrggbb``; None
    otherwise."""
    m = _HEX.match(text.strip())
    if not m:
        return None
    digits = m.group(1)
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    return "#" + digits.lower()


def named_rgb(word: str) -> str | None:
    """The value of an X11 colour name or a hex value; a triangle such as ``black/orange``
    (Olšák) takes its first colour's value. None when unknown."""
    rgb = hex_rgb(word) if word.startswith("#") else None
    if rgb:
        return rgb
    first = re.split(r"[/\\]", word, maxsplit=1)[0].lower().replace(" ", "")
    return X11.get(first)


def common_colour_name(rgb: str) -> str:
    """The common colour name (the image import's ``NAMED``) nearest to ``#rrggbb``."""
    from nonostudio.core.formats.quantise import NAMED  # (with the image import: on demand)

    value = tuple(int(rgb[k : k + 2], 16) for k in (1, 3, 5))
    return min(
        NAMED, key=lambda named: sum((a - b) ** 2 for a, b in zip(named[1], value, strict=True))
    )[0]


def nearest_free_name(rgb: str, taken: Collection[str]) -> str:
    """The common colour name nearest to ``#rrggbb``, with `` 2``, `` 3``... after it while
    ``taken`` holds it (``green 2``): the name a colour given by value gets, when read, made by
    the editor's Add or recoloured there."""
    base = name = common_colour_name(rgb)
    k = 2
    while name in taken:
        name, k = f"{base} {k}", k + 1
    return name


def readable_names(colours: Sequence[Colour]) -> list[Colour]:
    """``colours`` with a name that is only the colour's character, or its character and its
    own hex value, renamed by the common colour name nearest to the value (``orange``;
    ``orange 2`` when that name is taken): Number Loom's XML names every colour so
    (``aF78900``: an orange written ``a``), a ``.non`` ``color a #f78900`` line and a ``.g``
    colour given by value without a comment have their letter as name, and the steps, hints
    and palette said "cannot be aF78900" or "looking only at the a clues"."""

    def machine(colour: Colour) -> bool:
        name, char = colour.name.lower(), colour.char.lower()
        return name in (char, char + colour.rgb[1:])

    taken = {c.name for c in colours if not machine(c)}
    out = []
    for colour in colours:
        if machine(colour):
            name = nearest_free_name(colour.rgb, taken)
            taken.add(name)
            colour = Colour(name, colour.rgb, colour.char)
        out.append(colour)
    return out


@dataclass(frozen=True)
class ReadPalette(Palette):
    """The palette of clues that name a colour the file does not declare: every declared colour
    (used or not) and, at the indices ``undeclared``, the colours only the clues name (a typo:
    ``4q`` for ``4c``).  Never a puzzle's palette: the colour typo finder tries each declared
    colour in an undeclared one's place.  ``typed``: the clues were typed (Type Clues…), not
    read from a file, so the words say a letter names no colour, not that a file declares none."""

    undeclared: frozenset[int] = frozenset()
    typed: bool = False


#: The value given to a colour the clues name but the file does not declare (never shown: the
#: fix recolours its one item).
UNDECLARED_RGB = "#808080"


class UndeclaredColourError(InconsistentPuzzleError):
    """A clue item names a colour the file does not declare.  The message and place are those of
    the first such item; ``colour_clues`` holds the clues as read, the undeclared colours kept
    in a :class:`ReadPalette`, so that the typo finder can try each declared colour in their
    place (the file is refused all the same)."""

    def explain(self, sentence: str) -> None:
        """Add ``sentence`` to the message (why no fix is offered), ``str(self)`` with it."""
        self.message = f"{self.message}. {sentence}"
        self.args = (self._render(),)


def undeclared_error(
    first: PuzzleError,
    declared: Sequence[tuple[str, Colour]],
    undeclared: Sequence[tuple[str, str]],
    rows: Sequence[Sequence[tuple[int, str]]],
    cols: Sequence[Sequence[tuple[int, str]]],
    *,
    clue_lines: dict[str, int],
    meta: Mapping[str, str],
    by_name: bool = False,
) -> PuzzleError:
    """The error for clues that name colours the file does not declare: ``first`` (the first
    such item's, naming its line and character) as an :class:`UndeclaredColourError` with the
    clues kept, or ``first`` itself when they cannot be kept (too many colours, a clashing
    character).  ``declared`` is the background then the declared colours, each with the key
    the clues name it by (a ``.g`` letter, an XML name); ``undeclared`` the ``(key, char)`` of
    each colour only the clues name (named by its key; its char shows it in the fixes:
    ``4q → 4c``, its name with ``by_name``: ``4 rde → 4 red``)."""
    keys = [key for key, _ in declared] + [key for key, _ in undeclared]
    try:
        names = {c.name for _, c in declared}
        extra = [
            Colour(key if key not in names else f"{key} (undeclared)", UNDECLARED_RGB, char)
            for key, char in undeclared
        ]
        colours = (*(c for _, c in declared), *extra)
        first_extra = len(declared)
        palette = ReadPalette(
            colours,
            by_name=by_name,
            undeclared=frozenset(range(first_extra, first_extra + len(extra))),
        )
        index = {key: i for i, key in enumerate(keys)}
        row_clues = tuple(tuple((n, index[c]) for n, c in clue) for clue in rows)
        col_clues = tuple(tuple((n, index[c]) for n, c in clue) for clue in cols)
    except (PuzzleError, KeyError):
        return first
    error = UndeclaredColourError(
        first.message, source=first.source, line=first.line, column=first.column, clue=first.clue
    )
    error.colour_clues = palette, row_clues, col_clues
    error.clue_lines = dict(clue_lines)
    error.meta = dict(meta)
    return error


def make_colour(
    name: str,
    rgb: str,
    char: str,
    source: str,
    line: int | None,
    column: int | None = None,
) -> Colour:
    """A Colour; an error naming the line when the name or character is unusable."""
    try:
        return Colour(name, rgb, char)
    except PuzzleError as err:
        raise PuzzleError(err.message, source=source, line=line, column=column) from None


def make_palette(colours: Sequence[Colour], source: str, line: int | None = None) -> Palette:
    """A Palette, refusing more than :data:`MAX_COLOURS` entries or clashing names by line."""
    if len(colours) > MAX_COLOURS:
        raise PuzzleError(
            f"{len(colours) - 1} colours besides the background; at most {MAX_COLOURS - 1} "
            "are supported",
            source=source,
            line=line,
        )
    try:
        return Palette(tuple(colours))
    except PuzzleError as err:
        raise PuzzleError(err.message, source=source, line=line) from None


def free_char(taken: set[str], preferred: str = "") -> str:
    """``preferred`` when it is a letter not taken, else the first free letter (then digit)."""
    if len(preferred) == 1 and preferred.isascii() and preferred.isalpha():
        if preferred not in taken:
            return preferred
    for ch in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if ch not in taken:
            return ch
    raise PuzzleError("no free letter for a colour (more than 52 colours)")


def build_colour(
    palette: Palette,
    rows: Sequence[Sequence[tuple[int, int]]],
    cols: Sequence[Sequence[tuple[int, int]]],
    source: str,
    *,
    clue_lines: dict[str, int] | None = None,
    goal: Sequence[Sequence[int]] | None = None,
    goal_line: int | None = None,
    line: int | None = None,
    meta: Mapping[str, str] | None = None,
    by_name: bool = False,
) -> ColourPuzzle:
    """Construct and validate a ColourPuzzle; errors name ``source`` and the clue's line (a
    goal's error its line).  ``by_name``: the file names each item's colour (XML), so the
    clues an inconsistent puzzle's error keeps for the typo finder are worded by name."""
    for name, count in (("width", len(cols)), ("height", len(rows))):
        if count > MAX_SIZE or count < 1:
            raise PuzzleError(
                f"{name} must be between 1 and {MAX_SIZE}, found {count}", source=source, line=line
            )
    grid = None if goal is None else tuple(tuple(r) for r in goal)
    row_clues = tuple(tuple((int(n), int(c)) for n, c in r) for r in rows)
    col_clues = tuple(tuple((int(n), int(c)) for n, c in r) for r in cols)
    try:
        return ColourPuzzle(palette, row_clues, col_clues, goal=grid, **(meta or {}))
    except PuzzleError as err:
        if grid is not None and err.message.startswith("the solution picture"):
            raise relabel(err, source, None, goal_line) from None
        error = relabel(err, source, clue_lines, line)
        if isinstance(error, InconsistentPuzzleError):
            kept = replace(palette, by_name=True) if by_name else palette
            error.colour_clues = kept, row_clues, col_clues  # for the typo finder
            error.clue_lines = clue_lines
            error.meta = dict(meta or {})
        raise error from None
