"""One sentence per line technique: what its complete move did on a line, and why.

Each function of :data:`SENTENCES` reads a :class:`~nonostudio.analysis.move_line.MoveLine` and
says the instance in plain words (which clue, block or gap, why, which cells), recording on the
line what it names.  :func:`nonostudio.analysis.step_text.explain_move` puts the technique's name
and the line in front.
"""

from __future__ import annotations

from collections.abc import Callable

from nonostudio.analysis.move_line import MoveLine, cells_text, clues_text, is_are
from nonostudio.analysis.technique_moves import (
    box_ranges,
    extreme_arrangements,
    narrowed_ranges,
    open_gaps,
    runs,
    wall_ranges,
)
from nonostudio.analysis.techniques import count_arrangements
from nonostudio.core.line import FILLED


def _empty_line(x: MoveLine) -> str:
    n = len(x.before)
    x.cells(range(n))
    return f"the clue is 0, so all {n} cells are empty."


def _line_complete(x: MoveLine) -> str:
    boxes = [i for i, c in enumerate(x.before) if c == FILLED]
    for start, end in runs(x.before, FILLED):
        x.spans.append(("block", start + x.offset, end + x.offset))
    filled = "1 filled cell" if len(boxes) == 1 else f"{len(boxes)} filled cells"
    return (
        f"the {filled} already make{'s' if len(boxes) == 1 else ''} the clue "
        f"{clues_text(x.hints)}, so "
        f"{x.cells(x.crossed)} {is_are(x.crossed)} empty."
    )


def _overlap(x: MoveLine) -> str:
    r = wall_ranges(x.hints, x.before)
    if r is None:
        return f"pushed left and then right, the clues agree: {x.effect()}."
    filled = set(x.filled)
    owners = [i for i, h in enumerate(x.hints) if filled & set(range(r.hi[i], r.lo[i] + h))]
    if len(owners) == 1:
        i = owners[0]
        if r.lo[i] == r.hi[i]:
            return (
                f"{x.clue(i, subject=True)} can only start at cell {r.lo[i] + 1 + x.offset}, "
                f"so {x.cells(x.filled)} {is_are(x.filled)} filled."
            )
        return (
            f"{x.clue(i, subject=True)} starts at cell {r.lo[i] + 1 + x.offset} at the "
            f"earliest and cell {r.hi[i] + 1 + x.offset} at the latest, so it covers "
            f"{x.cells(x.filled)} either way."
        )
    if not owners:
        return f"pushed left and then right, the clues agree: {x.effect()}."
    if len(owners) == 2:
        who = f"{x.clue(owners[0], subject=True)} and {x.clue(owners[1], subject=True)}"
    else:
        for i in owners:
            x.clue(i)
        who = f"{len(owners)} clues"
    return (
        f"pushed as far left and then as far right as they go, {who} cover the same cells "
        f"both times: {x.cells(x.filled, limit=3)} {is_are(x.filled)} filled."
    )


def _small_gap(x: MoveLine) -> str:
    crossed = set(x.crossed)
    gaps = [g for g in open_gaps(x.before) if set(range(*g)) <= crossed]
    r = wall_ranges(x.hints, x.before)
    if len(gaps) == 1 and r is not None:
        gs, ge = gaps[0]
        x.spans.append(("gap", gs + x.offset, ge + x.offset))
        reach = [h for i, h in enumerate(x.hints) if r.lo[i] < ge and r.hi[i] + h > gs]
        size = ge - gs
        why = (
            f"the smallest clue that can reach it is {min(reach)}"
            if reach
            else "no clue can reach it"
        )
        return (
            f"the gap at {cells_text(range(gs, ge), x.offset)} holds {size} "
            f"cell{'s' if size != 1 else ''}, and {why}, so it is empty."
        )
    for gs, ge in gaps:
        x.spans.append(("gap", gs + x.offset, ge + x.offset))
    return (
        f"the gaps at {cells_text(x.crossed, x.offset)} are too small for every clue that "
        "can reach them, so they are empty."
    )


def _simple_spaces(x: MoveLine) -> str:
    return (
        f"however far left or right the clues are pushed, none reaches "
        f"{x.cells(x.crossed)}, so {'it is' if len(x.crossed) == 1 else 'they are'} empty."
    )


def _punctuate(x: MoveLine) -> str:
    r = box_ranges(x.hints, x.before)
    crossed = set(x.crossed)
    blocks = runs(x.before, FILLED)
    capped = [(bs, be) for bs, be in blocks if bs - 1 in crossed or be in crossed]
    if r is None or not blocks:
        return f"a finished block is capped at both ends: {x.effect()}."
    if not capped:  # the ends were crossed before: the clue's placing is what is new
        finished = [
            (bs, be)
            for bs, be in blocks
            if len(owners := r.candidates(bs, be)) == 1 and x.hints[owners[0]] == be - bs
        ]
        if not finished:
            return f"a finished block is capped at both ends: {x.effect()}."
        bs, be = finished[0]
        x.spans.append(("block", bs + x.offset, be + x.offset))
        who = x.clue(r.candidates(bs, be)[0])
        return (
            f"the block at {cells_text(range(bs, be), x.offset)} is {who}, finished, so no "
            f"clue reaches {x.cells(x.crossed, limit=3)} any more: "
            f"{'it is' if len(x.crossed) == 1 else 'they are'} empty."
        )
    bs, be = capped[0]
    x.spans.append(("block", bs + x.offset, be + x.offset))
    owners = r.candidates(bs, be)
    caps = [c for c in (bs - 1, be) if c in crossed]
    if len(owners) == 1:
        who = f"can only be {x.clue(owners[0])}"
    else:
        who = f"is as long as the longest clue that can hold it, {max(x.hints[i] for i in owners)}"
    text = (
        f"the block at {cells_text(range(bs, be), x.offset)} {who}, so it is finished: "
        f"{cells_text(caps, x.offset)} {is_are(caps)} empty"
    )
    rest = sorted(crossed - set(caps))
    if len(capped) > 1:
        text += f"; {len(capped) - 1} more block{'s' if len(capped) > 2 else ''} likewise"
    elif rest:
        text += f"; then no clue reaches {x.cells(rest, limit=3)}"
    if x.filled:
        text += f"; {x.cells(x.filled, limit=2)} {is_are(x.filled)} filled"
    return text + "."


def _glue(x: MoveLine) -> str:
    r = box_ranges(x.hints, x.before)
    gaps = open_gaps(x.before)
    filled = set(x.filled)
    for bs, be in runs(x.before, FILLED):
        left = [c for c in range(bs - 1, -1, -1) if c in filled]
        right = [c for c in range(be, len(x.before)) if c in filled]
        grown = sorted(left + right)
        if not grown or r is None:
            continue
        gs, ge = next(g for g in gaps if g[0] <= bs < g[1])
        owners = r.candidates(bs, be)
        shortest = min((x.hints[i] for i in owners), default=be - bs)
        x.spans.append(("block", bs + x.offset, be + x.offset))
        if right and not left:
            wall, distance = x.wall("left", gs), bs - gs
        elif left and not right:
            wall, distance = x.wall("right", ge), ge - be
        else:
            wall, distance = "the walls on both sides", 0
        where = (
            f"touches {wall}"
            if distance == 0
            else f"is {distance} cell{'s' if distance != 1 else ''} from {wall}"
        )
        text = (
            f"the box at {cells_text(range(bs, be), x.offset)} {where}; the clue holding it "
            f"is at least {shortest} long and cannot cross the wall, so "
            f"{x.cells(grown)} {is_are(grown)} filled"
        )
        others = sorted(filled - set(grown))
        if others:
            text += f", and likewise {x.cells(others, limit=2)}"
        return text + "."
    return f"a box near a wall sticks out from it by its clue's length: {x.effect()}."


def _joining_splitting(x: MoveLine) -> str:
    r = narrowed_ranges(x.hints, x.before)
    parts = []
    blocks = runs(x.before, FILLED)
    filled = set(x.filled)
    for (_, a_end), (b_start, b_end) in zip(blocks, blocks[1:], strict=False):
        between = set(range(a_end, b_start))
        if between and between <= filled and r is not None:
            owners = r.candidates(b_start, b_end)
            who = x.clue(owners[0], subject=True) if len(owners) == 1 else "one clue"
            parts.append(
                f"only {who} can hold the boxes on both sides of "
                f"{x.cells(sorted(between))}, so "
                f"{'it is' if len(between) == 1 else 'they are'} filled"
            )
            break
    if x.crossed:
        c = x.crossed[0]
        more = f" (and {cells_text(x.crossed[1:], x.offset, 2)} likewise)" if x.crossed[1:] else ""
        x.cells(x.crossed)
        parts.append(
            f"filling cell {c + 1 + x.offset} would join boxes into a block longer than "
            f"any clue able to hold it, so it is empty{more}"
        )
    if not parts:
        return f"boxes only one clue can hold are joined: {x.effect()}."
    return "; ".join(parts) + "."


def _mercury(x: MoveLine) -> str:
    r = narrowed_ranges(x.hints, x.before)
    blocks = runs(x.before, FILLED)
    if r is None or not blocks or not x.crossed:
        return f"each box must be covered by a clue that can reach it: {x.effect()}."
    first = x.crossed[0]
    bs, be = min(blocks, key=lambda b: min(abs(first - b[0]), abs(first - (b[1] - 1))))
    x.spans.append(("block", bs + x.offset, be + x.offset))
    owners = r.candidates(bs, be)
    box = cells_text(range(bs, be), x.offset)
    if len(owners) == 1:
        return (
            f"the box at {box} can only be {x.clue(owners[0])}, which cannot reach "
            f"{x.cells(x.crossed)} from there, and no other clue does, so "
            f"{'it is' if len(x.crossed) == 1 else 'they are'} empty."
        )
    return (
        f"every box must be covered by a clue that can reach it; {x.cells(x.crossed)}, too "
        f"far from the box at {box} for those clues, {is_are(x.crossed)} empty."
    )


def _arrangement(x: MoveLine) -> str:
    ends = extreme_arrangements(x.hints, x.before)
    effect = x.effect(limit=3)
    if ends is None or len(x.hints) > 5:
        return (
            f"slid as far left and then as far right as the line allows, the clues agree "
            f"that {effect}."
        )
    left, right = ends
    lo = ", ".join(str(s + 1 + x.offset) for s in left)
    hi = ", ".join(str(s + 1 + x.offset) for s in right)
    return (
        f"pushed left, the clues start at cells {lo}; pushed right, at {hi}; both agree "
        f"that {effect}."
    )


def _line_solver(x: MoveLine) -> str:
    count = count_arrangements(x.hints, x.before)
    ways = "both ways" if count == 2 else f"all {count:,} ways"
    text = f"in {ways} the clue {clues_text(x.hints)} fits, {x.effect(limit=3)}."
    if len(text.split()) > 36:
        x.spans.clear()
        text = f"in {ways} the clue fits, {x.effect(limit=2)}."
    return text


SENTENCES: dict[str, Callable[[MoveLine], str]] = {
    "empty_line": _empty_line,
    "line_complete": _line_complete,
    "overlap": _overlap,
    "small_gap": _small_gap,
    "simple_spaces": _simple_spaces,
    "punctuate": _punctuate,
    "glue": _glue,
    "joining_splitting": _joining_splitting,
    "mercury": _mercury,
    "arrangement": _arrangement,
    "line_solver": _line_solver,
}
