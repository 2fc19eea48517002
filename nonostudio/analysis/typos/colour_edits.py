"""The single edits of a colour puzzle's clues that undo a typist's likely mistake, and how likely
each is: the black-and-white edits (:mod:`nonostudio.analysis.typos.edits`) on ``(length,
colour)`` items, and one of colour's own, a clue item's colour letter mistyped (``recolour``).

Each colour's row and column totals must be equal, so the totals say which colour a typo
touched and by how much: a single changed, dropped or added number alters one colour's totals,
a recoloured item two colours' by the same amount, and a swap or a move none
(docs/design/typos.md, "Colour puzzles").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from nonostudio.analysis.typos.edits import (
    ADD,
    CHANGE,
    DROP,
    KIND_WEIGHT,
    MOVE,
    SWAP,
    LineEdits,
    _ordinal,
    admitted,
)
from nonostudio.core.colour.model import (
    ColourClue,
    ColourClues,
    Palette,
    clue_text,
    item_text,
    min_colour_length,
)

RECOLOUR = "recolour"
COLOUR_KINDS = (CHANGE, ADD, DROP, SWAP, MOVE, RECOLOUR)
#: How likely a mistyped colour letter is, beside the black-and-white kinds' weights.
COLOUR_KIND_WEIGHT = {**KIND_WEIGHT, RECOLOUR: 0.6}


def clue_words(clue: ColourClue, palette: Palette) -> str:
    """A colour clue as typed in a ``.g`` file: ``3r 1b`` (``0`` when blank)."""
    return clue_text(clue, palette)


@dataclass(frozen=True)
class ColourEdit(LineEdits[ColourClue]):
    """One edit of colour clues: line ``index`` (0-based) of ``axis`` goes from ``before[0]`` to
    ``after[0]``; a MOVE exchanges the clues of lines ``index`` and ``index + 1`` (``before``
    and ``after`` then hold both).  ``item`` is the clue item edited; ``delta`` a CHANGE's new
    length minus the old."""

    axis: str
    index: int
    kind: str
    before: tuple[ColourClue, ...]
    after: tuple[ColourClue, ...]
    palette: Palette = field(compare=False, repr=False)
    item: int = 0
    delta: int = 0

    def before_text(self) -> str:
        """The clues before the edit (a MOVE's two joined by `` | ``)."""
        return " | ".join(clue_words(c, self.palette) for c in self.before)

    def after_text(self) -> str:
        return " | ".join(clue_words(c, self.palette) for c in self.after)

    def text(self) -> str:
        """The edit in words: ``row 7: 3r → 2r (3r 1b becomes 2r 1b)``."""
        palette = self.palette
        before, after = self.before[0], self.after[0]
        whole = f"{clue_words(before, palette)} becomes {clue_words(after, palette)}"
        name = self.line_name
        if self.kind in (CHANGE, RECOLOUR):
            old, new = before[self.item], after[self.item]
            which = _which(before, self.item)
            return (
                f"{name}: {which}{item_text(old[0], old[1], palette)} \u2192 "
                f"{item_text(new[0], new[1], palette)} ({whole})"
            )
        if self.kind == DROP:
            n, c = before[self.item]
            which = _which(before, self.item) or "the "
            return f"{name}: drop {which}{item_text(n, c, palette)} ({whole})"
        if self.kind == ADD:
            n, c = after[self.item]
            return f"{name}: add a {item_text(n, c, palette)} ({whole})"
        if self.kind == SWAP:
            (a, ca), (b, cb) = before[self.item], before[self.item + 1]
            first, second = item_text(a, ca, palette), item_text(b, cb, palette)
            return f"{name}: swap {first} and {second} ({whole})"
        return (
            f"{name}: exchange their clues ({clue_words(self.before[0], palette)} and "
            f"{clue_words(self.before[1], palette)})"
        )


def _which(clue: ColourClue, item: int) -> str:
    """``"the 2nd item, "`` when the item appears more than once in the clue, else ``""``."""
    if clue.count(clue[item]) == 1:
        return ""
    return f"the {_ordinal(item + 1)} item, "


def colour_weight(edit: ColourEdit) -> float:
    """How likely a typist makes the mistake ``edit`` undoes, before the puzzle says anything:
    the black-and-white kinds' weights (a changed number's halved for each step past the first,
    a number whose digits hold the other's keeping at least 0.3; a dropped or added block of
    three or more at 0.6 of its kind's) and :data:`COLOUR_KIND_WEIGHT` for a recolour."""
    value = COLOUR_KIND_WEIGHT[edit.kind]
    if edit.kind == CHANGE:
        old, new = edit.before[0][edit.item][0], edit.after[0][edit.item][0]
        value *= 0.5 ** (abs(edit.delta) - 1)
        if str(old) in str(new) or str(new) in str(old):
            value = max(value, 0.3)
    elif edit.kind in (ADD, DROP):
        number = (edit.after if edit.kind == ADD else edit.before)[0][edit.item][0]
        value *= 1.0 if number <= 2 else 0.6
    return max(value, 0.02)


def colour_totals(rows: ColourClues, cols: ColourClues, ncolours: int) -> list[int]:
    """Per palette index, the row clues' cells of that colour minus the column clues'."""
    diff = [0] * ncolours
    for clue in rows:
        for n, c in clue:
            diff[c] += n
    for clue in cols:
        for n, c in clue:
            diff[c] -= n
    return diff


def too_long_colour(rows: ColourClues, cols: ColourClues) -> list[tuple[str, int]]:
    """The lines whose clue needs more cells than the line has."""
    width, height = len(cols), len(rows)
    out = [("row", i) for i, c in enumerate(rows) if min_colour_length(c) > width]
    return out + [("column", i) for i, c in enumerate(cols) if min_colour_length(c) > height]


def colour_candidate_edits(
    rows: ColourClues, cols: ColourClues, palette: Palette
) -> list[ColourEdit]:
    """Every single edit worth trying: with one colour's totals unequal, the numbers of that
    colour changed, dropped or added to make them equal; with two colours' unequal by the same
    amount either way, an item of that length recoloured from one to the other; with equal
    totals, swaps of neighbouring items and of neighbouring lines' clues.  An edit must leave its
    clues fitting their lines and must touch every clue that does not fit."""
    ncolours = len(palette)
    width, height = len(cols), len(rows)
    diff = colour_totals(rows, cols, ncolours)
    unequal = [c for c in range(1, ncolours) if diff[c]]
    long = set(too_long_colour(rows, cols))
    out: list[ColourEdit] = []
    seen: set[tuple[str, int, tuple[ColourClue, ...]]] = set()
    for axis, clues, room in (("row", rows, width), ("column", cols, height)):
        sign = -1 if axis == "row" else 1  # a row's change of a colour's sum changes diff by it
        if not unequal:
            edits: Iterator[ColourEdit] = _balanced(axis, clues, palette)
        elif len(unequal) == 1:
            colour = unequal[0]
            edits = _one_colour(axis, clues, palette, colour, sign * diff[colour])
        elif len(unequal) == 2 and diff[unequal[0]] == -diff[unequal[1]]:
            edits = _recoloured(axis, clues, palette, unequal, diff, sign)
        else:
            continue
        out += admitted(edits, room, long, seen, min_colour_length)
    return out


def _one_colour(
    axis: str, clues: Sequence[ColourClue], palette: Palette, colour: int, need: int
) -> Iterator[ColourEdit]:
    """Edits of one line changing ``colour``'s sum by ``need``."""
    for i, clue in enumerate(clues):
        one = (clue,)
        for j, (n, c) in enumerate(clue):
            if c != colour:
                continue
            if n + need >= 1:
                new = (*clue[:j], (n + need, c), *clue[j + 1 :])
                yield ColourEdit(axis, i, CHANGE, one, (new,), palette, j, need)
            if n == -need:
                yield ColourEdit(axis, i, DROP, one, (clue[:j] + clue[j + 1 :],), palette, j)
        if need > 0:
            for j in range(len(clue) + 1):
                new = (*clue[:j], (need, colour), *clue[j:])
                yield ColourEdit(axis, i, ADD, one, (new,), palette, j)


def _recoloured(
    axis: str,
    clues: Sequence[ColourClue],
    palette: Palette,
    unequal: list[int],
    diff: list[int],
    sign: int,
) -> Iterator[ColourEdit]:
    """An item whose colour letter was mistyped: recolouring it from ``x`` to ``y`` moves its
    length from one colour's sum to the other's, which must even both."""
    a, b = unequal
    for i, clue in enumerate(clues):
        for j, (n, c) in enumerate(clue):
            for x, y in ((a, b), (b, a)):
                # the line loses n of x and gains n of y: diff[x] changes by sign * n
                if c == x and diff[x] + sign * n == 0 and diff[y] - sign * n == 0:
                    new = (*clue[:j], (n, y), *clue[j + 1 :])
                    yield ColourEdit(axis, i, RECOLOUR, (clue,), (new,), palette, j)


def _balanced(axis: str, clues: Sequence[ColourClue], palette: Palette) -> Iterator[ColourEdit]:
    """Swaps of neighbouring items and of neighbouring lines' clues (the totals stay)."""
    for i, clue in enumerate(clues):
        for j in range(len(clue) - 1):
            if clue[j] != clue[j + 1]:
                new = (*clue[:j], clue[j + 1], clue[j], *clue[j + 2 :])
                yield ColourEdit(axis, i, SWAP, (clue,), (new,), palette, j)
        if i + 1 < len(clues) and clues[i + 1] != clue:
            yield ColourEdit(axis, i, MOVE, (clue, clues[i + 1]), (clues[i + 1], clue), palette)


def undeclared_items(
    rows: ColourClues, cols: ColourClues, undeclared: frozenset[int]
) -> list[tuple[str, int, int]]:
    """The clue items whose colour the file does not declare, as ``(axis, line, item)``
    (0-based), rows first."""
    return [
        (axis, i, j)
        for axis, clues in (("row", rows), ("column", cols))
        for i, clue in enumerate(clues)
        for j, (_n, c) in enumerate(clue)
        if c in undeclared
    ]


def undeclared_edits(
    rows: ColourClues, cols: ColourClues, palette: Palette, undeclared: frozenset[int]
) -> list[ColourEdit]:
    """The fixes of one clue item whose colour the file does not declare (``4q`` typed for
    ``4c``): that item recoloured to each declared colour (not the background) that leaves
    every colour's row and column totals equal and every clue fitting its line.  None when
    more than one item has an undeclared colour (a single edit cannot mend them)."""
    items = undeclared_items(rows, cols, undeclared)
    if len(items) != 1:
        return []
    ((axis, i, j),) = items
    clues = rows if axis == "row" else cols
    clue = clues[i]
    out = []
    for colour in range(1, len(palette)):
        if colour in undeclared:
            continue
        new = (*clue[:j], (clue[j][0], colour), *clue[j + 1 :])
        edit = ColourEdit(axis, i, RECOLOUR, (clue,), (new,), palette, j)
        fixed_rows, fixed_cols = edit.apply(rows, cols)
        if any(colour_totals(fixed_rows, fixed_cols, len(palette))):
            continue
        if too_long_colour(fixed_rows, fixed_cols):
            continue
        out.append(edit)
    return out
