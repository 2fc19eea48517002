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
from nonostudio.analysis.colour.words import change_text, colour_name, item_text
from nonostudio.analysis.explaining.naming import line_name
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
    who = item_text(palette, clue, k)
    if lo == hi:
        return f"{who} can only start at cell {lo + 1}"
    return f"{who} starts between cells {lo + 1} and {hi + 1}"


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
    """``Row 3 — Touching overlap: pushed left and right, blocks of different colours touching,
    the first clue, 3 red, starts between cells 1 and 2; so cells 2–3 are red.``"""
    name = COLOUR_BY_ID[technique].name
    effect = change_text(palette, before, after)
    starts = [c for c in premises if c["claim"] == "item_starts"]
    said = "; ".join(_starts_text(palette, clue, c) for c in starts)
    pushed = "pushed as far left and as far right as they go, blocks of different colours touching"
    if technique == "touching_overlap":
        body = (
            f"{pushed}, {said}, so each covers the cells between its latest start and earliest end"
        )
    elif technique == "colour_reach":
        body = f"{pushed}, {said}; no clue of a colour reaches the cells that lose it"
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
        body = f"{pushed}, {said}"
        for c in premises:
            if c["claim"] == "not_background":
                body += (
                    f"; leaving {'cell' if len(c['cells']) == 1 else 'cells'} "
                    f"{cell_ranges_text(c['cells'])} empty would leave the clues before or after "
                    "without room"
                )
        body += "; a cell keeps only the colours of the clues that reach it"
    else:
        body = "in every way the colour clues fit the line"
    return f"{line_name(axis, index)} — {name}: {body}; so {effect}."
