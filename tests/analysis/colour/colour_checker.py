"""An independent checker of colour technique steps (no code shared with the analysis layer):
which starts each clue item can take in the arrangements of a colour clue that fit a line (by
dynamic programming over starts, so long lines are cheap), each claim of a step's premises
checked against them, and the inference the sentence draws from the claims.

Cells are bitmasks of the palette indices still possible (bit 0 the background); a clue is a
tuple of ``(length, colour)`` items; blocks of one colour need a background cell between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

ClueItem = tuple[int, int]


def _left(clue: Sequence[ClueItem], cells: Sequence[int]) -> list[list[bool]]:
    """``ok[k][s]``: items ``0..k-1`` fit in cells before ``s`` with item ``k`` starting at
    ``s`` (the cells between them may be the background, a gap before a same-coloured item)."""
    n, m = len(cells), len(clue)
    bg = [bool(x & 1) for x in cells]
    ok = [[False] * (n + 1) for _ in range(m + 1)]
    for s in range(n + 1):
        ok[0][s] = all(bg[:s])
    for k in range(1, m + 1):
        length, colour = clue[k - 1]
        bit = 1 << colour
        same = k < m and clue[k][1] == colour
        for s0 in range(n - length + 1):
            if not ok[k - 1][s0] or not all(cells[p] & bit for p in range(s0, s0 + length)):
                continue
            e = s0 + length
            for s in range(e + (1 if same else 0), n + 1):
                if s > e and not bg[s - 1]:
                    break
                ok[k][s] = True
    return ok


def possible_starts(clue: Sequence[ClueItem], cells: Sequence[int]) -> list[set[int]]:
    """For each item, the starts it has in some arrangement that fits the line."""
    n, m = len(cells), len(clue)
    left = _left(clue, cells)
    right = _left(tuple(reversed(clue)), tuple(reversed(cells)))
    out: list[set[int]] = []
    for k, (length, colour) in enumerate(clue):
        bit = 1 << colour
        starts = set()
        for s in range(n - length + 1):
            if (
                left[k][s]
                and all(cells[p] & bit for p in range(s, s + length))
                and right[m - 1 - k][n - s - length]
            ):
                starts.add(s)
        out.append(starts)
    return out


def fits(clue: Sequence[ClueItem], cells: Sequence[int]) -> bool:
    """Whether any arrangement fits (a blank clue: every cell may be the background)."""
    return _left(clue, cells)[len(clue)][len(cells)]


def check_colour_step(
    technique: str,
    clue: Sequence[ClueItem],
    before: Sequence[int],
    after: Sequence[int],
    premises: Sequence[dict[str, Any]],
) -> list[str]:
    """What is wrong with a colour technique's step (empty: nothing): each claim against every
    fitting arrangement, and the cells the sentence says change from what the claims give."""
    problems: list[str] = []
    starts = possible_starts(clue, before)
    if not any(starts) and clue:
        return ["the line has no arrangement"]
    n = len(before)
    claimed: dict[int, tuple[int, int]] = {}
    for c in premises:
        kind = c["claim"]
        if kind == "item_starts":
            k = c["clue"]
            if not all(c["min"] <= s <= c["max"] for s in starts[k]):
                problems.append(f"item {k} starts outside {c['min']}..{c['max']}: {starts[k]}")
            claimed[k] = (c["min"], c["max"])
        elif kind == "not_background":
            for p in c["cells"]:
                probe = list(before)
                probe[p] &= 1
                if probe[p] and fits(clue, probe):
                    problems.append(f"cell {p} can be the background")
        elif kind == "block":
            s, e, colour = c["start"], c["end"], c["colour"]
            if not all(before[p] == 1 << colour for p in range(s, e)):
                problems.append(f"cells {s}..{e - 1} are not all {colour}")
            for p in (s - 1, e):  # the block is finished: no arrangement gives its colour there
                if 0 <= p < n and before[p] >> colour & 1:
                    probe = list(before)
                    probe[p] = 1 << colour
                    if fits(clue, probe):
                        problems.append(f"cell {p} can be colour {colour}: the block can grow")
        elif kind != "exact":
            problems.append(f"unknown claim {kind}")
    # the inference: what the claims give each cell, which the step must not go beyond
    if technique == "touching_overlap":
        for p in range(n):
            if after[p] != before[p]:
                owners = [k for k, (lo, hi) in claimed.items() if hi <= p < lo + clue[k][0]]
                if not owners or any(after[p] != before[p] & 1 << clue[k][1] for k in owners):
                    problems.append(f"cell {p}: no claimed item covers it either way")
    elif technique in ("colour_reach", "colour_set"):
        for p in range(n):
            lost = before[p] & ~after[p] & ~1
            for colour in range(1, lost.bit_length()):
                if lost >> colour & 1:
                    items = [k for k, (_, c) in enumerate(clue) if c == colour]
                    if any(k not in claimed for k in items) or any(
                        claimed[k][0] <= p < claimed[k][1] + clue[k][0] for k in items
                    ):
                        problems.append(f"cell {p}: a {colour} item reaches it")
            if before[p] & ~after[p] & 1 and not any(
                c["claim"] == "not_background" and p in c["cells"] for c in premises
            ):
                problems.append(f"cell {p} loses the background without a claim")
    return problems
