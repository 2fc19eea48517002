"""The premises and sentence of a colour technique's step on one line.

A premise is a plain dict (what ``explain --json`` shows), a fact about the line before the
step that holds in every arrangement of its colour clue that fits it (tests check them by brute
force): ``item_starts {clue, min, max}`` (the item starts between ``min`` and ``max``, 0-based
cells), ``block {start, end, colour, longest}`` (cells ``[start, end)`` are ``colour`` and the
longest item of that colour able to hold them is ``longest`` long), ``not_background {cells}``
(no arrangement leaves these cells empty) and ``exact {}`` (the step is the exact colour line
solver's).  The sentence says what the premises say and the cells that change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nonostudio.analysis.catalogue.techniques import cell_ranges_text
from nonostudio.analysis.colour.catalogue import (
    COLOUR_BY_ID,
    block_holders,
    colour_blocks,
    item_bounds,
    may_be_background,
)
from nonostudio.analysis.colour.words import change_text, colour_clue_text, colour_name, item_text
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.premise_text import along
from nonostudio.core.colour.model import Palette

ClueItem = tuple[int, int]
Claim = dict[str, Any]


def colour_premises(
    technique: str, clue: Sequence[ClueItem], before: Sequence[int], after: Sequence[int]
) -> list[Claim]:
    """The claims behind a colour technique's move from ``before`` to ``after``."""
    changed = [p for p, (b, a) in enumerate(zip(before, after, strict=True)) if a != b]
    if technique == "colour_line_solver":
        return [{"claim": "exact"}]
    bounds = item_bounds(clue, before)
    if bounds is None:
        return []
    left, right = bounds
    claims: list[Claim] = []
    if technique == "colour_punctuation":
        for s, e, colour in colour_blocks(before):
            holders = block_holders(clue, bounds, s, e, colour)
            if (
                holders
                and max(clue[k][0] for k in holders) == e - s
                and (s - 1 in changed or e in changed)
            ):
                claims.append(
                    {"claim": "block", "start": s, "end": e, "colour": colour, "longest": e - s}
                )
        return claims
    removed = 0
    for p in changed:
        removed |= before[p] & ~after[p]
    empty = may_be_background(bounds, clue, len(before))
    lost_background = [p for p in changed if before[p] & ~after[p] & 1 and not empty[p]]
    for k, (length, colour) in enumerate(clue):
        lo, hi = left[k], right[k]
        if technique == "touching_overlap":
            # the items whose overlap holds a changed cell
            relevant = any(hi <= p < lo + length for p in changed)
        else:
            # a colour lost: every item of that colour; the background lost: every item
            relevant = bool(removed >> colour & 1) or bool(lost_background)
        if relevant:
            claims.append({"claim": "item_starts", "clue": k, "min": lo, "max": hi})
    if technique == "colour_set" and lost_background:
        claims.append({"claim": "not_background", "cells": lost_background})
    return claims


def _starts_text(palette: Palette, clue: Sequence[ClueItem], c: Claim) -> str:
    k, lo, hi = c["clue"], c["min"], c["max"]
    who = item_text(palette, clue, k, subject=True)
    if lo == hi:
        return f"{who} can only start at cell {lo + 1}"
    return f"{who} cannot start before cell {lo + 1} or after cell {hi + 1}"


def _reach_text(palette: Palette, clue: Sequence[ClueItem], starts: Sequence[Claim]) -> str:
    """``so the red clues reach only cells 1–4, 9–12``, for each colour of the claims."""
    by_colour: dict[int, set[int]] = {}
    for c in starts:
        length, colour = clue[c["clue"]]
        by_colour.setdefault(colour, set()).update(range(c["min"], c["max"] + length))
    parts = []
    for colour, cells in by_colour.items():
        plural = sum(1 for _, col in clue if col == colour) > 1
        where = f"only cells {cell_ranges_text(sorted(cells))}" if cells else "no cell"
        parts.append(
            f"the {colour_name(palette, colour)} clue{'s' if plural else ''} "
            f"reach{'' if plural else 'es'} {where}"
        )
    return "so " + " and ".join(parts)


def reach_reason(
    palette: Palette,
    clue: Sequence[ClueItem],
    premises: Sequence[Claim],
    changed: Sequence[tuple[int, int, int]],
) -> tuple[str, tuple[Claim, ...]]:
    """The reason a Colour out of reach step takes a colour from its first cell, naming the
    clues that prove it rather than the first item's range: ``the second clue, 2 red, cannot
    start after cell 3, so it ends by cell 4, and the fourth clue, 1 red, cannot start before
    cell 9, so no red clue reaches cells 6–7``.  ``changed`` holds ``(cell, before, after)``
    for the cells the step changes (0-based, cell sets).  Of the items of the lost colour
    (ranges in order: an earlier item of a colour ends before a later one of it ends, and
    starts before it starts) the last that ends before the cell and the first that starts after
    it bound it; the cells named are those that lost the colour between the two.  ``("", ())``
    when no cell lost a colour."""
    lost = [(p, b & ~a & ~1) for p, b, a in changed if b & ~a & ~1]
    if not lost:
        return "", ()
    first, bits = lost[0]
    colour = (bits & -bits).bit_length() - 1
    name = colour_name(palette, colour)
    starts = {
        c["clue"]: c
        for c in premises
        if c["claim"] == "item_starts" and clue[c["clue"]][1] == colour
    }
    before_cell = [k for k, c in starts.items() if c["max"] + clue[k][0] <= first]
    after_cell = [k for k, c in starts.items() if c["min"] > first]
    left = max(before_cell) if before_cell else None
    right = min(after_cell) if after_cell else None
    low = -1 if left is None else starts[left]["max"] + clue[left][0] - 1
    cells = [
        p
        for p, b in lost
        if b >> colour & 1 and low < p and (right is None or p < starts[right]["min"])
    ]
    where = f"{'cell' if len(cells) == 1 else 'cells'} {cell_ranges_text(cells)}"
    said: list[str] = []
    shown: list[Claim] = []
    if left is not None:
        c = starts[left]
        who = item_text(palette, clue, left, subject=True)
        said.append(
            f"{who} cannot start after cell {c['max'] + 1}, so it ends by cell "
            f"{c['max'] + clue[left][0]}"
        )
        shown.append(c)
    if right is not None:
        c = starts[right]
        who = item_text(palette, clue, right, subject=True)
        said.append(f"{who} cannot start before cell {c['min'] + 1}")
        shown.append(c)
    if not said:
        return f"the clue has no {name}, so {where} cannot be {name}", ()
    return f"{', and '.join(said)}, so no {name} clue reaches {where}", tuple(shown)


def colour_sentence(
    technique: str,
    axis: str,
    index: int,
    clue: Sequence[ClueItem],
    premises: Sequence[Claim],
    before: Sequence[int],
    after: Sequence[int],
    palette: Palette,
) -> str:
    """A colour step's sentence: ``Row 3 — Touching overlap: pushed as far left and as far right
    as they go, blocks of different colours touching, the first clue, 3 red, cannot start before
    cell 1 or after cell 2, so it covers cells 2–3 either way; so cells 2–3 are red.``"""
    name = COLOUR_BY_ID[technique].name
    effect = change_text(palette, before, after)
    starts = [c for c in premises if c["claim"] == "item_starts"]
    pushed = along(
        "pushed as far left and as far right as they go, blocks of different colours touching", axis
    )
    if technique == "touching_overlap":
        said = []
        for c in starts:
            length = clue[c["clue"]][0]
            covered = range(c["max"], c["min"] + length)
            said.append(
                f"{_starts_text(palette, clue, c)}, so it covers "
                f"{'cell' if len(covered) == 1 else 'cells'} {cell_ranges_text(covered)} either way"
            )
        body = f"{pushed}, " + "; ".join(said)
    elif technique == "colour_reach":
        said = [_starts_text(palette, clue, c) for c in starts]
        body = f"{pushed}, " + "; ".join(said) + "; " + _reach_text(palette, clue, starts)
        return f"{line_name(axis, index)} — {name}: {body}: {effect}."
    elif technique == "colour_punctuation":
        blocks = [
            f"the {colour_name(palette, c['colour'])} block at cells "
            f"{cell_ranges_text(range(c['start'], c['end']))} is as long as the longest "
            f"{colour_name(palette, c['colour'])} clue that can hold it ({c['longest']}), so it is "
            "finished"
            for c in premises
        ]
        body = "; ".join(blocks)
    elif technique == "colour_set":
        said = [_starts_text(palette, clue, c) for c in starts]
        body = f"{pushed}, " + "; ".join(said)
        for c in premises:
            if c["claim"] == "not_background":
                one = len(c["cells"]) == 1
                body += (
                    f"; leaving {'cell' if one else 'cells'} {cell_ranges_text(c['cells'])} "
                    "empty would leave the clues before or after without room"
                )
        body += "; a cell keeps only the colours of the clues that reach it"
    else:
        return (
            f"{line_name(axis, index)} — {name}: in every way the clue "
            f"{colour_clue_text(palette, clue)} fits the line, {effect}."
        )
    return f"{line_name(axis, index)} — {name}: {body}; so {effect}."
