"""One colour at a time: a colour line seen as a black-and-white line of one colour's clues.

Looking only at colour ``c`` on a colour line, a cell that cannot be ``c`` is empty, a cell that
can only be ``c`` is filled, the others are unknown, and ``c``'s items (in order) are a
black-and-white clue.  Every arrangement of the colour clue projects onto an arrangement of that
black-and-white clue (two items of colour ``c`` are apart by a background cell or by the items
between them), so every black-and-white technique's deduction on the projected line is sound
for the colour line: a cell it fills is ``c``, a cell it crosses cannot be ``c``.

:func:`colour_step_text` words such a step with the black-and-white premises of the projected
line (:func:`nonostudio.analysis.explaining.step_text.explain_move`), which are true of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.colour.words import change_text, colour_name
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.step_text import explain_move
from nonostudio.core.colour.model import Palette
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN

ClueItem = tuple[int, int]
ColourClue = tuple[ClueItem, ...]


def project(
    clue: Sequence[ClueItem], cells: Sequence[int], colour: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The black-and-white line of ``colour`` alone: its items' lengths, and each cell filled
    (only ``colour`` possible), crossed (``colour`` impossible) or unknown."""
    hints = tuple(n for n, c in clue if c == colour)
    bit = 1 << colour
    bw = tuple(CROSSED if not x & bit else FILLED if x == bit else UNKNOWN for x in cells)
    return hints, bw


def lift(
    cells: Sequence[int], colour: int, before: Sequence[int], after: Sequence[int]
) -> tuple[int, ...]:
    """The colour cells with a black-and-white move on ``colour``'s projection applied: a cell
    the move filled becomes ``colour``, a cell it crossed loses ``colour``."""
    bit = 1 << colour
    out = list(cells)
    for i, (b, a) in enumerate(zip(before, after, strict=True)):
        if b == UNKNOWN and a == FILLED:
            out[i] = cells[i] & bit
        elif b == UNKNOWN and a == CROSSED:
            out[i] = cells[i] & ~bit
    return tuple(out)


_MOVES: dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
_MAX_MEMO = 200_000


def projected_move(technique: str, hints: tuple[int, ...], bw: tuple[int, ...]) -> tuple[int, ...]:
    """A black-and-white technique's complete move on a projected line (remembered: the same
    projection comes back often while other colours change)."""
    key = (technique, hints, bw)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) > _MAX_MEMO:
            _MOVES.clear()
        found = _MOVES[key] = BY_ID[technique].apply(hints, bw)
    return found


def per_colour_move(
    technique: str, clue: Sequence[ClueItem], cells: Sequence[int], colour: int
) -> tuple[int, ...]:
    """The colour cells after ``technique``'s complete move on ``colour``'s projection."""
    hints, bw = project(clue, cells, colour)
    return lift(cells, colour, bw, projected_move(technique, hints, bw))


@dataclass(frozen=True)
class ProjectedStep:
    """A per-colour step: its line, colour, black-and-white technique, the premises of the
    projected line (as ``explain --json`` gives a b&w step's), the cells before and after, and
    its sentence."""

    axis: str
    index: int
    colour: int
    technique: str
    hints: tuple[int, ...]
    projected: tuple[int, ...]
    premises: tuple[dict[str, Any], ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    text: str


def projected_step(
    technique: str,
    axis: str,
    index: int,
    clue: Sequence[ClueItem],
    cells: Sequence[int],
    colour: int,
    palette: Palette,
) -> ProjectedStep | None:
    """The step ``technique`` makes on ``colour``'s projection of the line: the premises its
    sentence has room for (the cells of the rest are the next step's); None when it decides
    nothing there."""
    hints, bw = project(clue, cells, colour)
    explanation, premises = explain_move(technique, axis, index, hints, bw)
    if not premises:
        return None
    after_bw = list(bw)
    for premise in premises:
        for p, v in premise["cells"]:
            after_bw[p] = v
    before = tuple(cells)
    after = lift(cells, colour, bw, after_bw)
    if after == before:
        return None
    head = f"{line_name(axis, index)} — {BY_ID[technique].name}: "
    body = explanation.text.removeprefix(head).removesuffix(".")
    name = colour_name(palette, colour)
    numbers = " ".join(map(str, hints)) or "0"
    text = (
        f"{line_name(axis, index)}, looking only at the {name} clue{'s' if len(hints) > 1 else ''}"
        f" {numbers} ({name} as filled, every other colour as empty) — "
        f"{BY_ID[technique].name}: {body}; so {change_text(palette, before, after, leaves=True)}."
    )
    return ProjectedStep(
        axis, index, colour, technique, hints, bw, tuple(premises), before, after, text
    )
