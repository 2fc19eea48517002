"""A step of a solving trace explained as a player reads it: the technique and its instance.

:func:`explain_move` turns one technique's complete move on one line (or oracle sub-line) into a
sentence or two — the technique's name, then the instance in plain words: which clue (named as a
player sees it, "the second clue, 8"), which block or gap, why, and which cells.  Cells and clues
are numbered as the grid shows them (rows from the left, columns from the top, from 1), whatever
direction a rule matched the line in.  The :class:`Explanation` also keeps what to highlight: the
clues named and the cell ranges of the blocks, gaps and cells the sentence is about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.analysis.technique_moves import (
    _box_ranges,
    _gaps,
    _narrowed,
    _runs,
    _wall_ranges,
    extreme_arrangements,
    normal_clues,
)
from nonostudio.analysis.techniques import BY_ID, cell_ranges_text, count_arrangements
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN

Span = tuple[str, int, int]
"""What a sentence points at on its line: ``("block" | "gap" | "cells", start, end)``, cells
``[start, end)`` of the whole line, 0-based."""

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth")


@dataclass(frozen=True)
class Explanation:
    """A step's sentence and what it points at: the line's clue indices (0-based, whole line)
    and :data:`Span` cell ranges."""

    text: str
    clues: tuple[int, ...] = ()
    spans: tuple[Span, ...] = ()


def ordinal(i: int) -> str:
    """``0`` → ``first``, ``11`` → ``12th``."""
    if i < len(_ORDINALS):
        return _ORDINALS[i]
    n = i + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def line_name(axis: str, index: int) -> str:
    """``Row 3`` / ``Column 12`` (1-based)."""
    return f"{axis.capitalize()} {index + 1}"


def clues_text(clues: Sequence[int]) -> str:
    """``3 1 2`` (``0`` for an empty clue)."""
    return " ".join(map(str, normal_clues(clues))) or "0"


def cells_text(positions: Sequence[int] | range, offset: int = 0, limit: int = 4) -> str:
    """``cell 4`` / ``cells 3–8, 10`` (1-based, shifted by ``offset``)."""
    ps = sorted(p + offset for p in positions)
    return f"{'cell' if len(ps) == 1 else 'cells'} {cell_ranges_text(ps, limit)}"


def _be(positions: Sequence[int] | range) -> str:
    return "is" if len(positions) == 1 else "are"


class _Line:
    """The (sub-)line a move was made on and how to name its parts on the whole line."""

    def __init__(self, axis: str, hints: Sequence[int], before: Sequence[int],
                 after: Sequence[int], cell_offset: int, clue_offset: int,
                 line_clues: Sequence[int] | None) -> None:
        self.axis = axis
        self.hints = normal_clues(hints)
        self.before = [int(c) for c in before]
        self.after = [int(c) for c in after]
        self.offset = cell_offset
        self.clue_offset = clue_offset
        self.line_clues = normal_clues(line_clues if line_clues is not None else hints)
        new = [i for i, (a, b) in enumerate(zip(self.before, self.after, strict=True))
               if a == UNKNOWN and b != UNKNOWN]
        self.filled = [i for i in new if self.after[i] == FILLED]
        self.crossed = [i for i in new if self.after[i] == CROSSED]
        self.line_size = len(self.before) + cell_offset
        self.clues: list[int] = []
        self.spans: list[Span] = []

    def clue(self, i: int, *, subject: bool = False) -> str:
        """The sub-line's clue ``i`` as the player sees it on the whole line, e.g. ``the second
        clue, 8`` (``the 8`` when it is the line's only clue); remembered for highlighting."""
        whole = i + self.clue_offset
        if whole not in self.clues:
            self.clues.append(whole)
        h = self.line_clues[whole]
        if len(self.line_clues) == 1:
            return f"the {h}"
        return f"the {ordinal(whole)} clue, {h}{',' if subject else ''}"

    def cells(self, positions: Sequence[int] | range, kind: str = "cells",
              limit: int = 4) -> str:
        ps = sorted(positions)
        for start, end in _spans(ps):
            self.spans.append((kind, start + self.offset, end + self.offset))
        return cells_text(ps, self.offset, limit)

    def effect(self, limit: int = 4) -> str:
        parts = []
        if self.filled:
            parts.append(f"{self.cells(self.filled, limit=limit)} {_be(self.filled)} filled")
        if self.crossed:
            parts.append(f"{self.cells(self.crossed, limit=limit)} {_be(self.crossed)} empty")
        return " and ".join(parts)

    def wall(self, side: str, at: int) -> str:
        """The wall a gap starting (``side="left"``) or ending (``"right"``) at ``at`` stands
        against: an edge of the line, a cross, or the end of the oracle's part of the line."""
        whole = at + self.offset
        if side == "left":
            if whole == 0:
                return "the top edge" if self.axis == "column" else "the left edge"
            return f"the cross at cell {whole}" if at > 0 else "the start of this part"
        if whole == self.line_size:
            return "the bottom edge" if self.axis == "column" else "the right edge"
        return f"the cross at cell {whole + 1}" if at < len(self.before) else "the end of this part"


def _spans(positions: Sequence[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for p in positions:
        if out and out[-1][1] == p:
            out[-1] = (out[-1][0], p + 1)
        else:
            out.append((p, p + 1))
    return out


# ---- one sentence per technique ---------------------------------------------------------------


def _empty_line(x: _Line) -> str:
    n = len(x.before)
    x.cells(range(n))
    return f"the clue is 0, so all {n} cells are empty."


def _line_complete(x: _Line) -> str:
    boxes = [i for i, c in enumerate(x.before) if c == FILLED]
    for start, end in _runs(x.before, FILLED):
        x.spans.append(("block", start + x.offset, end + x.offset))
    filled = "1 filled cell" if len(boxes) == 1 else f"{len(boxes)} filled cells"
    return (f"the {filled} already make{'s' if len(boxes) == 1 else ''} the clue "
            f"{clues_text(x.hints)}, so "
            f"{x.cells(x.crossed)} {_be(x.crossed)} empty.")


def _overlap(x: _Line) -> str:
    r = _wall_ranges(x.hints, x.before)
    if r is None:
        return f"pushed left and then right, the clues agree: {x.effect()}."
    filled = set(x.filled)
    owners = [i for i, h in enumerate(x.hints) if filled & set(range(r.hi[i], r.lo[i] + h))]
    if len(owners) == 1:
        i = owners[0]
        if r.lo[i] == r.hi[i]:
            return (f"{x.clue(i, subject=True)} can only start at cell {r.lo[i] + 1 + x.offset}, "
                    f"so {x.cells(x.filled)} {_be(x.filled)} filled.")
        return (f"{x.clue(i, subject=True)} starts at cell {r.lo[i] + 1 + x.offset} at the "
                f"earliest and cell {r.hi[i] + 1 + x.offset} at the latest, so it covers "
                f"{x.cells(x.filled)} either way.")
    if not owners:
        return f"pushed left and then right, the clues agree: {x.effect()}."
    if len(owners) == 2:
        who = f"{x.clue(owners[0], subject=True)} and {x.clue(owners[1], subject=True)}"
    else:
        for i in owners:
            x.clue(i)
        who = f"{len(owners)} clues"
    return (f"pushed as far left and then as far right as they go, {who} cover the same cells "
            f"both times: {x.cells(x.filled, limit=3)} {_be(x.filled)} filled.")


def _small_gap(x: _Line) -> str:
    crossed = set(x.crossed)
    gaps = [g for g in _gaps(x.before) if set(range(*g)) <= crossed]
    r = _wall_ranges(x.hints, x.before)
    if len(gaps) == 1 and r is not None:
        gs, ge = gaps[0]
        x.spans.append(("gap", gs + x.offset, ge + x.offset))
        reach = [h for i, h in enumerate(x.hints) if r.lo[i] < ge and r.hi[i] + h > gs]
        size = ge - gs
        why = (f"the smallest clue that can reach it is {min(reach)}" if reach
               else "no clue can reach it")
        return (f"the gap at {cells_text(range(gs, ge), x.offset)} holds {size} "
                f"cell{'s' if size != 1 else ''}, and {why}, so it is empty.")
    for gs, ge in gaps:
        x.spans.append(("gap", gs + x.offset, ge + x.offset))
    return (f"the gaps at {cells_text(x.crossed, x.offset)} are too small for every clue that "
            "can reach them, so they are empty.")


def _simple_spaces(x: _Line) -> str:
    return (f"however far left or right the clues are pushed, none reaches "
            f"{x.cells(x.crossed)}, so {'it is' if len(x.crossed) == 1 else 'they are'} empty.")


def _punctuate(x: _Line) -> str:
    r = _box_ranges(x.hints, x.before)
    crossed = set(x.crossed)
    blocks = _runs(x.before, FILLED)
    capped = [(bs, be) for bs, be in blocks if bs - 1 in crossed or be in crossed]
    if r is None or not blocks:
        return f"a finished block is capped at both ends: {x.effect()}."
    if not capped:  # the ends were crossed before: the clue's placing is what is new
        finished = [(bs, be) for bs, be in blocks
                    if len(owners := r.candidates(bs, be)) == 1 and x.hints[owners[0]] == be - bs]
        if not finished:
            return f"a finished block is capped at both ends: {x.effect()}."
        bs, be = finished[0]
        x.spans.append(("block", bs + x.offset, be + x.offset))
        who = x.clue(r.candidates(bs, be)[0])
        return (f"the block at {cells_text(range(bs, be), x.offset)} is {who}, finished, so no "
                f"clue reaches {x.cells(x.crossed, limit=3)} any more: "
                f"{'it is' if len(x.crossed) == 1 else 'they are'} empty.")
    bs, be = capped[0]
    x.spans.append(("block", bs + x.offset, be + x.offset))
    owners = r.candidates(bs, be)
    caps = [c for c in (bs - 1, be) if c in crossed]
    if len(owners) == 1:
        who = f"can only be {x.clue(owners[0])}"
    else:
        who = (f"is as long as the longest clue that can hold it, "
               f"{max(x.hints[i] for i in owners)}")
    text = (f"the block at {cells_text(range(bs, be), x.offset)} {who}, so it is finished: "
            f"{cells_text(caps, x.offset)} {_be(caps)} empty")
    rest = sorted(crossed - set(caps))
    if len(capped) > 1:
        text += f"; {len(capped) - 1} more block{'s' if len(capped) > 2 else ''} likewise"
    elif rest:
        text += f"; then no clue reaches {x.cells(rest, limit=3)}"
    if x.filled:
        text += f"; {x.cells(x.filled, limit=2)} {_be(x.filled)} filled"
    return text + "."


def _glue(x: _Line) -> str:
    r = _box_ranges(x.hints, x.before)
    gaps = _gaps(x.before)
    filled = set(x.filled)
    for bs, be in _runs(x.before, FILLED):
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
        where = (f"touches {wall}" if distance == 0 else
                 f"is {distance} cell{'s' if distance != 1 else ''} from {wall}")
        text = (f"the box at {cells_text(range(bs, be), x.offset)} {where}; the clue holding it "
                f"is at least {shortest} long and cannot cross the wall, so "
                f"{x.cells(grown)} {_be(grown)} filled")
        others = sorted(filled - set(grown))
        if others:
            text += f", and likewise {x.cells(others, limit=2)}"
        return text + "."
    return f"a box near a wall sticks out from it by its clue's length: {x.effect()}."


def _joining_splitting(x: _Line) -> str:
    r = _narrowed(x.hints, x.before)
    parts = []
    blocks = _runs(x.before, FILLED)
    filled = set(x.filled)
    for (_, a_end), (b_start, b_end) in zip(blocks, blocks[1:], strict=False):
        between = set(range(a_end, b_start))
        if between and between <= filled and r is not None:
            owners = r.candidates(b_start, b_end)
            who = x.clue(owners[0], subject=True) if len(owners) == 1 else "one clue"
            parts.append(f"only {who} can hold the boxes on both sides of "
                         f"{x.cells(sorted(between))}, so {'it is' if len(between) == 1 else 'they are'} filled")
            break
    if x.crossed:
        c = x.crossed[0]
        more = f" (and {cells_text(x.crossed[1:], x.offset, 2)} likewise)" if x.crossed[1:] else ""
        x.cells(x.crossed)
        parts.append(f"filling cell {c + 1 + x.offset} would join boxes into a block longer than "
                     f"any clue able to hold it, so it is empty{more}")
    if not parts:
        return f"boxes only one clue can hold are joined: {x.effect()}."
    return "; ".join(parts) + "."


def _mercury(x: _Line) -> str:
    r = _narrowed(x.hints, x.before)
    blocks = _runs(x.before, FILLED)
    if r is None or not blocks or not x.crossed:
        return f"each box must be covered by a clue that can reach it: {x.effect()}."
    first = x.crossed[0]
    bs, be = min(blocks, key=lambda b: min(abs(first - b[0]), abs(first - (b[1] - 1))))
    x.spans.append(("block", bs + x.offset, be + x.offset))
    owners = r.candidates(bs, be)
    box = cells_text(range(bs, be), x.offset)
    if len(owners) == 1:
        return (f"the box at {box} can only be {x.clue(owners[0])}, which cannot reach "
                f"{x.cells(x.crossed)} from there, and no other clue does, so "
                f"{'it is' if len(x.crossed) == 1 else 'they are'} empty.")
    return (f"every box must be covered by a clue that can reach it; {x.cells(x.crossed)}, too "
            f"far from the box at {box} for those clues, {_be(x.crossed)} empty.")


def _arrangement(x: _Line) -> str:
    ends = extreme_arrangements(x.hints, x.before)
    effect = x.effect(limit=3)
    if ends is None or len(x.hints) > 5:
        return (f"slid as far left and then as far right as the line allows, the clues agree "
                f"that {effect}.")
    left, right = ends
    lo = ", ".join(str(s + 1 + x.offset) for s in left)
    hi = ", ".join(str(s + 1 + x.offset) for s in right)
    return (f"pushed left, the clues start at cells {lo}; pushed right, at {hi}; both agree "
            f"that {effect}.")


def _line_solver(x: _Line) -> str:
    count = count_arrangements(x.hints, x.before)
    ways = "both ways" if count == 2 else f"all {count:,} ways"
    text = f"in {ways} the clue {clues_text(x.hints)} fits, {x.effect(limit=3)}."
    if len(text.split()) > 36:
        x.spans.clear()
        text = f"in {ways} the clue fits, {x.effect(limit=2)}."
    return text


_SENTENCES = {
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


def explain_move(technique_id: str, axis: str, index: int, hints: Sequence[int],
                 before: Sequence[int], after: Sequence[int], *, cell_offset: int = 0,
                 clue_offset: int = 0, line_clues: Sequence[int] | None = None,
                 line_size: int | None = None, beyond_rules: bool = False) -> Explanation:
    """The sentence for a line technique's complete move.

    ``hints``/``before``/``after`` are the (sub-)line the move was made on; for an oracle
    sub-line, ``cell_offset`` and ``clue_offset`` place it on the whole line, whose clue is
    ``line_clues`` and size ``line_size``.  ``beyond_rules`` marks a step the rule set had no
    rule for (a fallback).
    """
    x = _Line(axis, hints, before, after, cell_offset, clue_offset, line_clues)
    if line_size is not None:
        x.line_size = line_size
    try:
        body = _SENTENCES[technique_id](x)
    except (ValueError, IndexError, StopIteration):  # a state the sentence does not foresee:
        x.clues.clear()  # say the move plainly rather than fail the whole trace
        x.spans.clear()
        body = f"{BY_ID[technique_id].idea[0].lower()}{BY_ID[technique_id].idea[1:-1]}: " \
               f"{x.effect(limit=3)}."
    where = line_name(axis, index)
    if line_size is not None and len(x.before) < line_size:
        part = cells_text(range(len(x.before)), cell_offset)
        where += f", {part} (only {clues_text(x.hints)} there)"
    name = BY_ID[technique_id].name + (" (beyond the rules)" if beyond_rules else "")
    return Explanation(f"{where} — {name}: {body}", tuple(x.clues), tuple(x.spans))


def probe_text(row: int, col: int, assumed: int, line: tuple[str, int] | None,
               line_clue: Sequence[int] | None) -> Explanation:
    """A probe by its contradiction: ``if the cell at row 4, column 7 were filled, column 7
    could not hold 3 1 2; so it is empty``."""
    other = "empty" if assumed == FILLED else "filled"
    was = "filled" if assumed == FILLED else "empty"
    if line is None or line_clue is None:
        where = "some line could not hold its clue"
    else:
        where = f"{line_name(*line).lower()} could not hold {clues_text(line_clue)}"
    text = (f"Row {row + 1}, column {col + 1} — {BY_ID['contradiction'].name}: if this cell "
            f"were {was}, line logic would reach a dead end ({where}); so it is {other}.")
    return Explanation(text, (), (("cells", col, col + 1),))


def search_text(cells: int, unique: bool) -> Explanation:
    """The complete solver's step."""
    which = ("the puzzle has one solution" if unique
             else "the puzzle has several solutions; this is one")
    return Explanation(
        f"Whole grid — {BY_ID['search'].name}: line logic and one-cell contradictions are stuck; "
        f"trying values finds the remaining {cells} cell{'s' if cells != 1 else ''} ({which}).")

