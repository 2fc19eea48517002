"""The words of a step: a sentence made from its premises alone, and what it points at.

Each say of a :class:`~nonostudio.analysis.explaining.premises.Witness` has a :data:`Wording`
here, named by its technique's record (:mod:`nonostudio.analysis.catalogue.techniques`) and picked
by :func:`~nonostudio.analysis.explaining.step_text.premise_sentence`: it words the witness's
claims and the cells it proves as a player reads them, naming clues as the player sees them ("the
second clue, 8") and cells as the grid numbers them (from 1).  Nothing here looks at the line: a
sentence says exactly what its claims say (which a checker verifies), so it cannot say more.
:func:`premise_focus` gives the clues and cell ranges the claims are about, for highlighting.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.explaining.move_line import cells_text, effect_text
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.rules.words.phrase_words import ordinal

SHORT_REASONS = ("counted_block", "walled_block", "part_edge", "no_room", "apart_block")
"""The claim kinds of :func:`~nonostudio.analysis.explaining.premises.short_reasons`: a block's
one clue said in a few words (here, not there: the claims' module asks this one for words, so
this one takes nothing from it)."""

ROOM_REASONS = (
    "room_block",
    "room_apart_block",
    "blocks_apart_block",
    "room_stretch_block",
    "room_long_block",
    "near_block",
)
"""The short reasons by the room and blocks on a block's sides (the claims
:func:`~nonostudio.analysis.explaining.premises.short_reasons` holds and looks at again)."""

Claim = dict[str, Any]

# Sentences and ideas are worded for a row; a column's clues are pushed up and down.
_COLUMN_WORDS = {
    "as far left": "as far up",
    "as far right": "as far down",
    "pushed left": "pushed up",
    "pushed right": "pushed down",
    "the leftmost": "the topmost",
    "the rightmost": "the bottommost",
}
_ROW_WORDS = re.compile("|".join(rf"\b{re.escape(words)}\b" for words in _COLUMN_WORDS))


def along(text: str, axis: str) -> str:
    """``text``, worded for a row, said of a line on ``axis``: on a column "pushed as far left,
    then as far right" is "pushed as far up, then as far down"."""
    if axis != "column":
        return text
    return _ROW_WORDS.sub(lambda m: _COLUMN_WORDS[m.group(0)], text)


@dataclass(frozen=True)
class Naming:
    """How a line's parts are named: its axis, its whole clue and its size."""

    axis: str
    clues: tuple[int, ...]
    size: int

    def clue(self, i: int, *, subject: bool = False) -> str:
        """``the second clue, 8`` (``the 8`` when it is the line's only clue)."""
        h = self.clues[i]
        if len(self.clues) == 1:
            return f"the {h}"
        return f"the {ordinal(i)} clue, {h}{',' if subject else ''}"

    def clue_list(self, clues: Sequence[int]) -> str:
        """``the second clue, 8`` / ``the 3 or the 4`` / ``the 3, the 4 or the 5``."""
        if len(clues) == 1:
            return self.clue(clues[0])
        names = [f"the {ordinal(i)}, {self.clues[i]}" for i in clues]
        return ", ".join(names[:-1]) + " or " + names[-1]

    def wall(
        self, start: int, within: Sequence[int] | None = None, shown: Sequence[int] | None = None
    ) -> str:
        """The wall before a gap starting at ``start``: the edge, the cross before it, or the
        start of the part ``within`` it lies in (named ``shown``, less its crossed ends, when
        given: as the part's words name it)."""
        if start == 0:
            return "the top edge" if self.axis == "column" else "the left edge"
        if within is not None and start == within[0]:
            a, b = shown or within
            return f"into cell {start}, outside cells {a + 1}–{b}"
        return f"the cross at cell {start}"

    def wall_after(
        self, end: int, within: Sequence[int] | None = None, shown: Sequence[int] | None = None
    ) -> str:
        """The wall after a gap ending at ``end`` (exclusive), as :meth:`wall`."""
        if end == self.size:
            return "the bottom edge" if self.axis == "column" else "the right edge"
        if within is not None and end == within[1]:
            a, b = shown or within
            return f"into cell {end + 1}, outside cells {a + 1}–{b}"
        return f"the cross at cell {end + 1}"


def _are(positions: Sequence[int] | range) -> str:
    return "is" if len(positions) == 1 else "are"


def _effect(cells: Sequence[Sequence[int]]) -> str:
    return effect_text([p for p, v in cells if v == FILLED], [p for p, v in cells if v == CROSSED])


def _first(claims: Sequence[Claim], kind: str) -> Claim:
    return next(c for c in claims if c["claim"] == kind)


def _all(claims: Sequence[Claim], kind: str) -> list[Claim]:
    return [c for c in claims if c["claim"] == kind]


def _span(c: Claim) -> range:
    return range(c["start"], c["end"])


def _bound(nm: Naming, c: Claim) -> str:
    """A ``starts`` claim: ``the second clue, 3, ends by cell 9`` / ``starts at cell 4 or
    later`` / ``starts between cells 4 and 6``."""
    i, lo, hi = c["clue"], c["min"], c["max"]
    who = nm.clue(i, subject=True)
    if lo is not None and hi is not None:
        if lo == hi:
            return f"{who} can only start at cell {lo + 1}"
        return f"{who} cannot start before cell {lo + 1} or after cell {hi + 1}"
    return f"{who} {_one_side(nm, c)}"


def _one_side(nm: Naming, c: Claim) -> str:
    """A one-sided ``starts`` claim's bound: ``ends by cell 9`` / ``starts at cell 4 or
    later``."""
    if c["max"] is not None:
        return f"ends by cell {c['max'] + nm.clues[c['clue']]}"
    return f"starts at cell {c['min'] + 1} or later"


def _held_bound(nm: Naming, claims: Sequence[Claim], c: Claim) -> str:
    """A ``starts`` claim with the box that sets it, when a ``holders`` claim names one."""
    for h in _all(claims, "holders"):
        if h["clues"] == [c["clue"]]:
            who = nm.clue(c["clue"], subject=True)
            return f"{who} holds the box at {cells_text(_span(h))}, so it {_one_side(nm, c)}"
    return _bound(nm, c)


def empty_line(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    return f"the clue is 0, so {_effect(cells)}"


def part_empty(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    return f"so {_effect(cells)}"


def line_complete(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    c = _first(claims, "filled_count")
    n = c["count"]
    what = " ".join(str(nm.clues[i]) for i in c["clues"])
    return (
        f"the {n} filled cell{'s' if n != 1 else ''} already make{'s' if n == 1 else ''} "
        f"the clue{'s' if len(c['clues']) > 1 else ''} {what}, so {_effect(cells)}"
    )


def overlap(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    c = _first(claims, "starts")
    filled = [p for p, _ in cells]
    if c["min"] == c["max"]:
        return f"{_bound(nm, c)}, so {cells_text(filled)} {_are(filled)} filled"
    return f"{_bound(nm, c)}, so it covers {cells_text(filled)} either way"


def small_gap(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    g = _first(claims, "gap")
    size = g["end"] - g["start"]
    bounds = _all(claims, "starts")
    text = f"the gap at {cells_text(_span(g))} holds {size} cell{'s' if size != 1 else ''}"
    within = g.get("within")
    if within is not None and (0 < within[0] == g["start"] or g["end"] == within[1] < nm.size):
        # cut by the part's end, not by a cross or the line's edge: said to be the part's gap
        # (Owl row 7: "the gap at cell 9 holds 1 cell" read as cells 7-9, all undecided)
        a, b = g.get("shown") or within  # (the part as its words name it)
        text = f"in {cells_text(range(a, b))} {text}"
    if not bounds:
        if not _all(claims, "shortest"):
            return f"{text}, and no clue can be there, so it is empty"
        shortest = _first(claims, "shortest")["length"]
        return f"{text}, fewer than the shortest clue, {shortest}, needs, so it is empty"
    where = chain_words(nm, claims)
    part = next(iter(_all(claims, "part")), None)
    clues = range(len(nm.clues)) if part is None else part["clues"]
    short = [i for i in clues if nm.clues[i] <= size]
    if len(short) == 1:
        who = f"the only clue short enough to fit, {nm.clue(short[0], subject=True)} lies"
    elif 1 < len(short) <= 3:  # named, as the bounds may be other clues'
        names = _both([ordinal(i) for i in short])
        values = _both([str(nm.clues[i]) for i in short])
        who = f"the clues short enough to fit, the {names}, {values}, lie"
    else:
        who = "the clues short enough to fit lie"
    return f"{text}, and {who} elsewhere: {where}; so it is empty"


def then_sentence(text: str, words: str) -> str:
    """``words`` as the sentence after ``text`` (its first letter a capital)."""
    if not text:
        return words
    return f"{text}. {words[:1].upper()}{words[1:]}"


def _chained(claims: Sequence[Claim]) -> bool:
    """Whether the claims' bounds come with their chains (:func:`chain_words` words them)."""
    return any("from" in c for c in _all(claims, "starts"))


def between(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    """simple_spaces / mercury: the clues on either side end before or start after the cells."""
    if _chained(claims):
        crossed = [p for p, _ in cells]
        return f"{chain_words(nm, claims)}: {cells_text(crossed)} {_are(crossed)} empty"
    bounds = _all(claims, "starts")
    where = " and ".join(_held_bound(nm, claims, c) for c in bounds)
    crossed = [p for p, _ in cells]
    they = "it is" if len(crossed) == 1 else "they are"
    if not bounds:
        return f"no clue can reach {cells_text(crossed)}, so {they} empty"
    return f"{where}: {cells_text(crossed)} {_are(crossed)} empty"


def misfit(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    if _chained(claims):
        return punctuate_misfit(nm, claims, cells)
    crossed = [p for p, _ in cells]
    where = "; ".join(_bound(nm, c) for c in _all(claims, "starts"))
    if _all(claims, "cannot_start"):  # the ranges, then what stops each start over the cells
        return f"{where}; {_cover_words(nm, claims)}: {cells_text(crossed)} {_are(crossed)} empty"
    return (
        f"{where}; from none of those starts does a clue fit over {cells_text(crossed)} "
        f"between the crosses, so {'it is' if len(crossed) == 1 else 'they are'} empty"
    )


def _edge_side(claims: Sequence[Claim], start: int, end: int) -> str:
    """``first`` (``last``) when an ``edge_block`` claim says the boxes ``[start, end)`` are the
    line's first (last), the reason only the first (last) clue holds them; else ""."""
    for c in _all(claims, "edge_block"):
        if (c["start"], c["end"]) == (start, end):
            return str(c["side"])
    return ""


def _block_at(claims: Sequence[Claim], start: int, end: int, what: str = "block") -> str:
    """``the block at cells 2–3``, or ``the first block, at cells 2–3,`` when an ``edge_block``
    claim gives that as the reason only the first (last) clue can be it; ``the third block, at
    cells 9–10, every cell before it decided,`` for a ``counted_block`` claim, ``the block at
    cell 17, walled in,`` for a ``walled_block`` claim (whose clue is then said with
    :func:`_only_size`), ``the first box there, at cell 13,`` for a ``part_edge`` claim (the
    part just stated, "cells 9–30 hold only the clues 5 2; …")."""
    side = _edge_side(claims, start, end)
    where = cells_text(range(start, end))
    if side:
        return f"the {side} {what}, at {where},"
    for c in _all(claims, "part_edge"):
        if (c["start"], c["end"]) == (start, end):
            return f"the {c['side']} {what} there, at {where},"
    counted = _counted_at(claims, start, end)
    if counted is not None:
        return f"the {_counted_name(counted)} block, at {where}, {_decided(counted, 'it')},"
    if _walled_at(claims, start, end):
        return f"the {what} at {where}, walled in,"
    room = _room_at(claims, start, end)
    if room is not None:
        return f"the {what} at {where},{_room_words(room)}"
    for c in _all(claims, "apart_block"):
        if (c["start"], c["end"]) == (start, end):
            return f"the {what} at {where}, too far from {_apart_words(c)},"
    sides = _sides_at(claims, start, end)
    if sides is not None:
        return f"the {what} at {where}, {room_sides_words(sides)},"
    return f"the {what} at {where}"


def _how_many(k: int) -> str:
    """``two`` (``12`` past nine)."""
    return _COUNTS[k] if k < len(_COUNTS) else str(k)


def room_sides_words(c: Claim) -> str:
    """``with room for only two clues before it and only three after it`` (a ``room_block``
    claim: the crosses leave no room for more clues on either side; ``with room for no clue
    before it and only one after it``, ``… and none after it``), ``with room for only five
    clues before it and five blocks there set apart by crosses`` (a ``room_apart_block``
    claim: as many clues there as blocks, each another clue; ``… and two blocks there, too far
    from each other and from it for one clue`` where no clue is long enough for two of them,
    ``…, set apart by crosses or too far apart for one clue`` where some have a cross between;
    ``with room for no clue after it`` where there are none: the last clue; ``with room for
    only two clues before it and one block there set apart by a cross, too long for the first
    clue, 1`` where the farthest block is too long for the clues that make up the count,
    :func:`_too_long_words`), ``with one block before it and three after it, set apart by
    crosses`` (a ``blocks_apart_block`` claim: as many clues on each side as blocks there;
    ``…, too far apart for one clue``, ``…, set apart by crosses or too far apart for one
    clue``), ``with room for only one clue after it, walled in cells 24–25, too short for the
    last clue, 3`` (a ``room_stretch_block`` claim: no cross near enough around the boxes for
    any of the clues the room leaves on that side; ``…, walled in, too short for the first two
    clues, 4 and 2`` where those cells are the block's), ``past the cross at cell 12 too near
    the block at cells 16–24 for another clue, together too long for every other clue`` (a
    ``near_block`` claim; ``with the block at cells 14–15 too near past the cross at cell 13
    for another clue, …`` where the cross is beyond the other block)."""
    if c["claim"] == "blocks_apart_block":
        ahead = len(c["before"])
        blocks = "block" if ahead == 1 else "blocks"
        how = {
            "crosses": "set apart by crosses",
            "far": "too far apart for one clue",
            "mixed": "set apart by crosses or too far apart for one clue",
        }[c["apart"]]
        after = _how_many(len(c["after"]))
        return f"with {_how_many(ahead)} {blocks} before it and {after} after it, {how}"
    if c["claim"] == "near_block":
        a, b = c["other"]
        other = f"the {'box' if b - a == 1 else 'block'} at {cells_text(range(a, b))}"
        wall = f"the cross at {cells_text([c['wall']])}"
        if (c["wall"] < c["start"]) == (a >= c["end"]):  # the wall beyond the boxes
            near = f"past {wall} too near {other} for another clue"
        else:
            near = f"with {other} too near past {wall} for another clue"
        return f"{near}, together too long for every other clue"
    if c["claim"] in ("room_stretch_block", "room_long_block"):
        # ("…, too long for the first clue, 1": jwilk data107 row 7 step 100, the block at
        # cells 6–7 said with no reason)
        k = c["count"]
        many = "only one clue" if k == 1 else f"only {_how_many(k)} clues"
        end = "first" if c["side"] == "before" else "last"
        which = f"{end} clue" if k == 1 else f"{end} {_how_many(k)} clues"
        sizes = " and ".join(map(str, c["sizes"]))
        if c["claim"] == "room_long_block":
            return f"with room for {many} {c['side']} it, too long for the {which}, {sizes}"
        a, b = c["within"]
        walled = (
            "walled in"
            if (a, b) == (c["start"], c["end"])
            else f"walled in {cells_text(range(a, b))}"
        )
        return f"with room for {many} {c['side']} it, {walled}, too short for the {which}, {sizes}"
    if c["claim"] == "room_apart_block":
        if c["count"] == 0:  # the first (last) clue: no room for one before (after) it
            return f"with room for no clue {c['side']} it"
        k = _how_many(c["count"])
        many = "clue" if c["count"] == 1 else "clues"
        m = len(c["blocks"])  # (fewer than the clues with "long": the farthest too long)
        blocks = f"{_how_many(m)} {'block' if m == 1 else 'blocks'}"
        crosses = "a cross" if m == 1 else "crosses"
        apart = c.get("apart", "crosses")
        if apart == "far":  # no clue long enough for two of them, or one and the boxes
            other = "from it" if m == 1 else "from each other and from it"
            words = (
                f"with room for only {k} {many} {c['side']} it and {blocks} there, too far "
                f"{other} for one clue"
            )
        elif apart == "mixed":
            words = (
                f"with room for only {k} {many} {c['side']} it and {blocks} there, set "
                f"apart by crosses or too far apart for one clue"
            )
        else:
            words = (
                f"with room for only {k} {many} {c['side']} it and {blocks} there set apart "
                f"by {crosses}"
            )
        return words + _too_long_words(c)
    a, b = c["room_before"], c["room_after"]
    before = "no clue" if a == 0 else "only one clue" if a == 1 else f"only {_how_many(a)} clues"
    after = "none" if b == 0 else f"only {_how_many(b)}"
    return f"with room for {before} before it and {after} after it"


def _too_long_words(c: Claim) -> str:
    """``, too long for the first clue, 1`` (a ``room_apart_block`` claim with ``long``: its
    one block there longer than that clue), ``, the last too long for the last two clues, 2
    and 3`` (of several blocks, the farthest); empty without ``long``."""
    t = c.get("long", 0)
    if not t:
        return ""
    end = "first" if c["side"] == "before" else "last"
    which = f"{end} clue" if t == 1 else f"{end} {_how_many(t)} clues"
    sizes = " and ".join(map(str, c["sizes"]))
    if len(c["blocks"]) > 1:
        return f", the {end} too long for the {which}, {sizes}"
    join = "," if c.get("apart", "crosses") == "crosses" else " and"
    return f"{join} too long for the {which}, {sizes}"


def _apart_words(c: Claim) -> str:
    """``the first and last blocks for one 4 and one 3`` (an ``apart_block`` claim: the blocks
    next to it, each too far from it for its clue), ``the block at cells 7–8 for one 4 and
    from the last block for one 3`` (one said before to be the 4)."""
    (bs, be, k, edge_b), (as_, ae, m, edge_a) = c["by"]
    if edge_b and edge_a:
        return f"the first and last blocks for one {c['sizes'][0]} and one {c['sizes'][1]}"
    before = "the first block" if edge_b else f"the block at {cells_text(range(bs, be))}"
    after = "the last block" if edge_a else f"the block at {cells_text(range(as_, ae))}"
    return f"{before} for one {c['sizes'][0]} and from {after} for one {c['sizes'][1]}"


def _sides_at(claims: Sequence[Claim], start: int, end: int) -> Claim | None:
    """The claim of the boxes ``[start, end)`` by the room on their sides (one of
    :data:`ROOM_REASONS`), when the claims give one."""
    for c in claims:
        if c["claim"] in ROOM_REASONS and (c["start"], c["end"]) == (start, end):
            return c
    return None


def _room_at(claims: Sequence[Claim], start: int, end: int) -> Claim | None:
    """The ``no_room`` claim of the boxes ``[start, end)``, when the claims give one."""
    for c in _all(claims, "no_room"):
        if (c["start"], c["end"]) == (start, end):
            return c
    return None


def _room_words(c: Claim) -> str:
    """`` walled in, with no room for the third clue, 2, in cells 3–8 before it,`` (a
    ``no_room`` claim: the cells between the boxes and the block said before to be another
    clue's; walled in when the clues that fit there leave several it could be)."""
    walled = " walled in," if c["walled"] else ""
    what = f"the {ordinal(c['room_for'])} clue, {c['size']}"
    if c.get("together"):  # "no room for the third and fourth clues, 1 and 2, in …"
        k, j = c["by"][2], c["room_for"]
        clues = range(k + 1, j + 1) if j > k else range(j, k)
        names = _both([ordinal(m) for m in clues])
        what = f"the {names} clues, {_both([str(v) for v in c['sizes']])}"
    return f"{walled} with no room for {what}, in {cells_text(range(*c['gap']))} {c['side']} it,"


def _counted_at(claims: Sequence[Claim], start: int, end: int) -> Claim | None:
    """The ``counted_block`` claim of the boxes ``[start, end)``, when the claims give one."""
    for c in _all(claims, "counted_block"):
        if (c["start"], c["end"]) == (start, end):
            return c
    return None


def _counted_name(c: Claim) -> str:
    """A ``counted_block`` claim's block by its place: ``third`` (two blocks before it) or
    ``second-last`` (one after it)."""
    return ordinal(c["count"]) if c["side"] == "before" else f"{ordinal(c['count'])}-last"


def _decided(c: Claim, it: str) -> str:
    """``every cell before it decided`` (a ``counted_block`` claim's side), ``… but cell 10``
    (the undecided cell next to it, which filled would be part of it)."""
    but = f" but cell {c['open'] + 1}" if "open" in c else ""
    return f"every cell {c['side']} {it} decided{but}"


def _walled_at(claims: Sequence[Claim], start: int, end: int) -> bool:
    """Whether a ``walled_block`` claim says the boxes ``[start, end)`` are walled in."""
    return any((c["start"], c["end"]) == (start, end) for c in _all(claims, "walled_block"))


def _only_size(claims: Sequence[Claim], start: int, end: int) -> str:
    """``, the only 1`` after a walled-in block's clue (a ``walled_block`` claim: no other clue
    is exactly that long), ``, the only other 1`` (the others that long held by blocks said
    before), else ""."""
    for c in _all(claims, "walled_block"):
        if (c["start"], c["end"]) == (start, end):
            return f", the only {'other ' if c.get('held') else ''}{end - start}"
    return ""


def _sole(claims: Sequence[Claim], start: int, end: int) -> Claim | None:
    """The ``sole_holder`` claim of the boxes ``[start, end)``, when the claims give one."""
    for c in _all(claims, "sole_holder"):
        if (c["start"], c["end"]) == (start, end):
            return c
    return None


def _sole_said(claims: Sequence[Claim]) -> bool:
    """Whether the words of the placed blocks end with a ``sole_holder`` claim's reason ("…,
    so the block at … can only be …"), so a chain after them is joined with "and"."""
    return bool(_all(claims, "sole_holder"))


def _so(reason: str) -> str:
    """``reason`` followed by the "so" that draws the conclusion from it: after a semicolon
    when its last sentence has a "so" of its own ("…, so it ends by cell 4; so the box …"),
    else after a comma."""
    last = reason.rsplit(". ", 1)[-1]
    return f"{reason}; so" if re.search(r"\bso\b", last) else f"{reason}, so"


def sole_words(nm: Naming, c: Claim) -> str:
    """What keeps the other clues as long off a ``sole_holder`` claim's boxes: its bounds with
    their chains, then the starts ruled out where they are (``an 11 from cells 1–5 would cover
    the cross at cell 9``)."""
    because = c["because"]
    if because and all(k["claim"] == "stranded" for k in because):  # boxes it would leave
        if c["claim"] == "sole_holder":  # every other clue: by the boxes, side by side
            return stranded_group_words(nm, because)
        return ", and ".join(stranded_words(nm, k, n) for n, k in enumerate(because))
    if _all(because, "apart"):  # counting the blocks set apart by crosses
        return apart_words(nm, _first(because, "apart"))
    if c.get("over"):  # the crosses and boxes around the boxes, for every clue as long
        return over_words(nm, c)
    # a clue placed on another block is named ("after the second clue, 3"): its block was
    # named further back, if at all
    chain = chain_words(nm, because, named=False, linked=False)
    if not chain and not _all(because, "cannot_start"):  # the blocks beside it, their clues
        return _placed(nm, because)
    covers = _cover_words(nm, because)
    return then_sentence(chain, covers) if covers else chain


def _sole_subject(sole: Claim, block: str) -> str:
    """What the words after a ``sole_holder`` claim's reason call its boxes: ``it`` (``they``,
    several boxes) after the ``stranded`` reasons, which name them just before ("if the box at
    cell 11 were the first clue, …, so it can only be the second clue, 1": jwilk data040 column
    12 step 20 said "so the block at cell 11 can only be …" and had no room for the reason),
    else ``block``, their name."""
    because = sole["because"]
    if sole["claim"] != "sole_holder" or not because:
        return block
    if not all(k["claim"] == "stranded" for k in because):
        return block
    return "it" if sole["end"] - sole["start"] == 1 else "they"


def stranded_words(nm: Naming, c: Claim, said: int = 0) -> str:
    """A ``stranded`` claim: ``if the box at cell 9 were the second clue, 2, the clues after
    it, 2 4, could not hold the boxes at cells 11, 21–22`` (``said``: how many were said before
    it, the box then named ``it``)."""
    s, e = c["start"], c["end"]
    i = c["clue"]
    side = c["side"]
    clues = list(range(i)) if side == "before" else list(range(i + 1, len(nm.clues)))
    what = "box" if e - s == 1 else "boxes"
    subject = f"the {what} at {cells_text(range(s, e))}"
    if said:  # named just before
        subject = "it" if e - s == 1 else "they"
    holder = nm.clue(i) if not said else f"the {ordinal(i)}, {nm.clues[i]}"
    it = "it" if e - s == 1 else "them"  # ("if the boxes at cells 8–10 were …, … after them")
    cells = [p for a, b in c["boxes"] for p in range(a, b)]
    boxes = f"the {'box' if len(cells) == 1 else 'boxes'} at {cells_text(cells)}"
    if not clues:  # (the first clue, the boxes before it: it said "the clues before it, ,")
        return f"if {subject} were {holder}, no clue {side} {it} could hold {boxes}"
    if len(clues) == 1:
        them = f"the clue {side} {it}, {nm.clues[clues[0]]},"
    else:
        them = f"the clues {side} {it}, {' '.join(str(nm.clues[j]) for j in clues)},"
    return f"if {subject} were {holder}, {them} could not hold {boxes}"


def _on_side(nm: Naming, side: str, clues: Sequence[int], it: str) -> str:
    """The clues on ``side`` of each of ``clues`` (indexes) as a stranded reason's words call
    them: ``no clue before it`` when none has any there (the first clue, and the boxes before
    it), ``the clue before it`` when each has one, else ``the clues before it``."""
    counts = {j if side == "before" else len(nm.clues) - 1 - j for j in clues}
    if counts == {0}:
        return f"no clue {side} {it}"
    return f"the {'clue' if counts == {1} else 'clues'} {side} {it}"


def stranded_group_words(nm: Naming, because: Sequence[Claim]) -> str:
    """A ``sole_holder`` claim's ``stranded`` reasons, those naming the same side and boxes
    said at once: ``if the block at cell 16 were the first, second or third clue, the clues
    before it could not hold the boxes at cells 5–7, 12–13, nor if it were the fifth, the boxes
    at cells 12–13`` (those apart in the clues' order too: "if the box at cell 6 were the
    first, third, fourth or sixth clue, the clues after it could not hold the boxes at cells
    8–9, nor if it were the fifth, the boxes at cells 14–17", jwilk data061 column 7 step 178,
    said "…, nor if it were the sixth, the boxes at cells 8–9")."""
    groups: list[tuple[str, list[list[int]], list[int]]] = []
    for k in because:
        same = [g for g in groups if (g[0], g[1]) == (k["side"], k["boxes"])]
        if same:
            same[0][2].append(k["clue"])
        else:
            groups.append((k["side"], k["boxes"], [k["clue"]]))
    s, e = because[0]["start"], because[0]["end"]
    subject = f"the {'box' if e - s == 1 else 'boxes'} at {cells_text(range(s, e))}"
    it, they = ("it", "it") if e - s == 1 else ("them", "they")  # (the boxes: "after them")
    said: list[str] = []
    last: tuple[str, str] | None = None
    for side, spans, clues in groups:
        names = [ordinal(j) for j in clues]
        which = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        cells = [p for a, b in spans for p in range(a, b)]
        boxes = f"the {'box' if len(cells) == 1 else 'boxes'} at {cells_text(cells)}"
        # ("the first clue, the clues before it" said there were some: "no clue before it")
        them = _on_side(nm, side, clues, it)
        if not said:
            hold = "could hold" if them.startswith("no ") else "could not hold"
            said.append(f"if {subject} were the {which} clue, {them} {hold} {boxes}")
        elif (side, them) == last:  # (the boxes just named: "…, nor if it were the third,
            # those at …")
            those = boxes if len(cells) == 1 else f"those at {cells_text(cells)}"
            said.append(f"nor if {they} were the {which}, {those}")
        elif them.startswith("no "):  # no clue there: the first (the last) clue
            # ("…, nor if it were the third, the last, could the boxes at cells 16–17 be held":
            # jwilk data040 column 12 step 20 said "could any clue after it hold", 2 words more)
            end = ", the last," if side == "after" else ""
            said.append(f"nor if {they} were the {which}{end} could {boxes} be held")
        else:
            said.append(f"nor if {they} were the {which} could {them} hold {boxes}")
        last = (side, them)
    return ", ".join(said)


def over_words(nm: Naming, c: Claim) -> str:
    """A ``sole_holder`` claim's ``over`` reason: ``a 3 or a 4 over cell 10 would cover the
    cross at cell 9 or run into the boxes at cells 12–14`` (the lengths of the clues kept off
    that way, and the crosses and boxes their starts over the boxes are ruled out by, in the
    line's order: its last ``walls`` claims), after what keeps the other clues off."""
    walls = c.get("walls", len(c["because"]))
    because = c["because"][len(c["because"]) - walls :]
    lengths = c["over"]
    each = [f"{_a(h)} {h}" for h in lengths]
    who = each[0] if len(each) == 1 else ", ".join(each[:-1]) + " or " + each[-1]
    crosses = sorted({tuple(k["cross"]) for k in because if "cross" in k})
    boxes = sorted({tuple(k["boxes"]) for k in because if "boxes" in k})

    def cross(span: tuple[int, int]) -> str:
        cells = range(*span)
        return f"{'the cross' if len(cells) == 1 else 'a cross'} at {cells_text(cells)}"

    def box(span: tuple[int, int]) -> str:
        cells = range(*span)
        return f"the {'box' if len(cells) == 1 else 'boxes'} at {cells_text(cells)}"

    causes = []
    if crosses:
        causes.append("cover " + " or ".join(cross(k) for k in crosses))
    if boxes:
        causes.append("run into " + " or ".join(box(k) for k in boxes))
    where = cells_text(range(c["start"], c["end"]))
    said = f"{who} over {where} would {' or '.join(causes)}"
    if walls == len(c["because"]):
        return said
    rest = {**c, "because": c["because"][: len(c["because"]) - walls]}
    del rest["over"]
    return then_sentence(sole_words(nm, rest), said)


_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def apart_words(nm: Naming, c: Claim) -> str:
    """An ``apart`` claim: ``cells 4–5, past a cross: an earlier clue`` / ``cells 1–2, 5–6, past
    crosses: two earlier clues`` / ``cells 5–6 and 18–22, past crosses: an earlier and a later
    clue`` (each block a clue of its own, so as many clues come before and after the boxes'
    holder), when that takes as many words as the count ``crosses set apart one block before
    cell 9 and one after it`` (so the steps' word budget splits them as before), else the count;
    then ``and the second clue, 3, is too long for cell 9`` (those left as long do not fit
    between the crosses around the boxes)."""
    s, e = c["start"], c["end"]
    before, after = c["before"], c["after"]

    def word(n: int) -> str:
        return _COUNTS[n] if n < len(_COUNTS) else str(n)

    sides = []
    if before:
        sides.append(
            f"{word(len(before))} block{'s' if len(before) != 1 else ''} before cell {s + 1}"
        )
    if after:
        where = "it" if before and e - s == 1 else f"cell {e}"
        noun = "" if before else f" block{'s' if len(after) != 1 else ''}"
        sides.append(f"{word(len(after))}{noun} after {where}")
    text = f"crosses set apart {' and '.join(sides)}" if sides else ""

    def cells_of(spans: Sequence[Sequence[int]]) -> str:
        return cells_text([p for a, b in spans for p in range(a, b)]).split(" ", 1)[1]

    def count(n: int, kind: str) -> str:
        if n == 1:
            return f"{'an' if kind == 'earlier' else 'a'} {kind} clue"
        return f"{word(n)} {kind} clues"

    named: list[str] = []
    if before and after:
        where = f"cells {cells_of(before)} and {cells_of(after)}, past crosses:"
        if len(before) == len(after) == 1:
            named += [
                f"{where} an earlier and a later clue",
                f"{where} one earlier, one later clue",
            ]
        named.append(f"{where} {count(len(before), 'earlier')} and {count(len(after), 'later')}")
    elif sides:
        spans = before or after
        where = cells_text([p for a, b in spans for p in range(a, b)], limit=len(spans))
        past = "a cross" if len(spans) == 1 else "crosses"
        named.append(f"{where}, past {past}: {count(len(spans), 'earlier' if before else 'later')}")
    for words in named:
        if len(words.split()) == len(text.split()):
            text = words
            break
    if "gap" in c:
        long = c["long"]
        who = (
            nm.clue(long[0], subject=True)
            if len(long) == 1
            else "the clues " + " ".join(str(nm.clues[j]) for j in long)
        )
        verb = "is" if len(long) == 1 else "are"
        fit = f"{who} {verb} too long for {cells_text(range(*c['gap']))}"
        text = f"{text}, and {fit}" if text else fit
    return text


def punctuate(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    b = _first(claims, "block")
    owners = _first(claims, "holders")["clues"]
    block = _block_at(claims, b["start"], b["end"])
    length = b["end"] - b["start"]
    sole = _sole(claims, b["start"], b["end"])
    if sole is not None:  # its reason first: "…, so the block at … can only be …"
        block = _sole_subject(sole, block)
        done = "are" if block == "they" else "is"
        return (
            f"{_so(sole_words(nm, sole))} {block} can only be "
            f"{nm.clue(owners[0], subject=True)} and {done} finished: {_effect(cells)}"
        )
    if len(owners) == 1:
        who = f"can only be {nm.clue(owners[0])}{_only_size(claims, b['start'], b['end'])}"
        if _all(claims, "only_long"):  # its reason: no other clue is that long
            who += ", the only clue that long"
    elif all(nm.clues[i] == length for i in owners):
        who = f"is {length} long, as long as every clue that can hold it"
    else:
        who = (
            f"is {length} long, as long as the longest clue that can hold it "
            f"({nm.clue_list(owners)})"
        )
    return f"{block} {who}, so it is finished: {_effect(cells)}"


def _box_held(claims: Sequence[Claim]) -> set[int]:
    """The clues a chain bounds by a box only they can hold (not placed on their block)."""
    return {c["clue"] for c in _all(claims, "starts") if c.get("from") == "box"}


def _placed(nm: Naming, claims: Sequence[Claim]) -> str:
    boxed = _box_held(claims)
    held = [
        h for h in _all(claims, "holders") if len(h["clues"]) == 1 and h["clues"][0] not in boxed
    ]
    long = [(c["start"], c["end"]) for c in _all(claims, "only_long")]
    said = []
    reasoned = []  # those whose reason is what keeps the other clues off: a sentence each
    later = []  # those whose reason rests on blocks said after them: said after those
    named: set[tuple[int, int]] = set()
    for h in held:
        who = nm.clue(h["clues"][0])
        block = _block_at(claims, h["start"], h["end"])
        sole = _sole(claims, h["start"], h["end"])
        if sole is not None:
            block = _sole_subject(sole, block)
            reasoned.append(f"{_so(sole_words(nm, sole))} {block} can only be {who}")
            continue
        if (h["start"], h["end"]) in long:  # its reason: no other clue is that long
            who += ", the only clue that long"
        who += _only_size(claims, h["start"], h["end"])
        if not _rests_on(claims, h["start"], h["end"]) <= named:
            later.append((block, who))
            continue
        said.append((block, who))
        named.add((h["start"], h["end"]))
    text = ""
    for k, (block, who) in enumerate(said):
        if k < len(said) - 1 and who.count(","):  # "…, 6, and the block at …"
            who += ","
        text += f"{' and ' if text else ''}{block} can only be {who}"
    for words in reasoned:
        text = then_sentence(text, words)
    for block, who in later:  # "…, so the block at cells 11–12 can only be the third clue,
        # 2, and the block at cell 16, walled in, with no room for …, can only be …"
        text += f"{',' if text.count(',') else ''} and {block} can only be {who}"
    return text


def _rests_on(claims: Sequence[Claim], start: int, end: int) -> set[tuple[int, int]]:
    """The other blocks ``(start, end)`` a short reason the boxes ``[start, end)`` are one clue
    rests on: a ``no_room`` claim's block said to be the clue before (after) the cells between,
    a ``walled_block`` claim's blocks holding the other clues as long."""
    out: set[tuple[int, int]] = set()
    for c in claims:
        if c["claim"] == "apart_block" and (c["start"], c["end"]) == (start, end):
            out |= {(b[0], b[1]) for b in c["by"] if not b[3]}
        if c["claim"] in ("no_room", "walled_block") and (c["start"], c["end"]) == (start, end):
            if "by" in c:
                out.add((c["by"][0], c["by"][1]))
            out |= {(b[0], b[1]) for b in c.get("held", ())}
    return out


def _starts_text(lo: int, hi: int) -> str:
    """Starts ``lo``–``hi`` (0-based): ``cell 5`` / ``cell 5 or 6`` / ``cells 5–9``."""
    if lo == hi:
        return f"cell {lo + 1}"
    if hi == lo + 1:
        return f"cell {lo + 1} or {hi + 1}"
    return f"cells {lo + 1}–{hi + 1}"


def _ruled_list(ruled: Sequence[Claim], nm: Naming | None = None, sizes: Sequence[int] = ()) -> str:
    """The causes of a bound's ruled-out starts: the crosses together (``cells 9–10, 12 are
    crossed``), then each run of boxes (with ``nm``, named by the clue's length, not "it";
    with the clues' lengths ``sizes``, one run of boxes says what running into it does: ``from
    cell 4 it would make the block at cell 7 longer than 3``)."""
    crosses = sorted({p for c in ruled if "cross" in c for p in range(*c["cross"])})
    words = [f"{cells_text(crosses)} {_are(crosses)} crossed"] if crosses else []
    # the starts that run into the same boxes said together, and after the first, a phrase
    # with the same subject says only where: "from cell 11 it would run into the box at cell
    # 10; from cell 12 or 15 into the boxes at cells 19–22"
    runs_into: dict[tuple[int | None, tuple[int, int]], list[int]] = {}
    own: int | None = None  # the length of the clue "it" is, when said
    for c in ruled:
        if "cross" not in c:
            length = None if nm is None else nm.clues[c["clue"]]
            if sizes:
                own = sizes[c["clue"]]
            starts = runs_into.setdefault((length, tuple(c["boxes"])), [])
            starts += [s for s in range(c["min"], c["max"] + 1) if s not in starts]
    if own is not None and len(runs_into) == 1 and nm is None:
        # one run of boxes: what running into it does, the block it makes too long
        ((_, (bs, be)), starts), *_ = runs_into.items()
        where = f"from {_starts_list(sorted(starts))}"
        block = cells_text(range(bs, be))
        words.append(f"{where} it would make the block at {block} longer than {own}")
        return "; ".join(words)
    last: int | None | str = "none"
    for (length, (bs, be)), starts in runs_into.items():
        what = "box" if be - bs == 1 else "boxes"
        where = f"from {_starts_list(sorted(starts))}"
        if length == last:
            words.append(f"{where} into the {what} at {cells_text(range(bs, be))}")
        else:
            who = f"{where} it" if length is None else f"{_a(length)} {length} {where}"
            words.append(f"{who} would run into the {what} at {cells_text(range(bs, be))}")
        last = length
    return "; ".join(words)


def _starts_list(starts: Sequence[int]) -> str:
    """Starts (0-based, ascending): ``cell 5`` / ``cell 5 or 6`` / ``cells 5–9`` when they
    follow on, else ``cell 10 or 12`` / ``cell 8, 10 or 12``."""
    if starts[-1] - starts[0] == len(starts) - 1:
        return _starts_text(starts[0], starts[-1])
    said = [str(s + 1) for s in starts]
    return f"cell {', '.join(said[:-1])} or {said[-1]}"


def chain_words(
    nm: Naming,
    claims: Sequence[Claim],
    *,
    named: bool = True,
    known: Collection[int] = (),
    linked: bool = True,
) -> str:
    """The bounds a premise's chains set (:func:`~nonostudio.analysis.explaining.premises._chain`),
    each with its reason: ``so the second ends by cell 7`` after a placed block or the bound
    before it (a run of such links as one: ``so the second and first end by cells 7 and 5``),
    ``the first clue, 3, starts at cell 3 or later (cells 1–2 are crossed)`` from the line's
    edge, ``the second clue, 2, starts at cell 5 or later, after the first clue, 3`` from the
    clues packed against it.  A placed clue's own bound is its block's, not said again; the
    next clue's follows it with "so" when the words come right after the placed blocks are
    named (``named``; ``linked``, first, after whatever was said before), else it names the
    placed clue (``…, after the first clue, 4``).  The
    ``known`` clues' boxes (or first or last boxes) were named before: their bounds are said
    without them."""
    boxed = _box_held(claims)
    placed = {h["clues"][0] for h in _all(claims, "holders") if len(h["clues"]) == 1} - boxed
    holding = {h["clues"][0]: h for h in _all(claims, "holders") if len(h["clues"]) == 1}
    part_claim = next(iter(_all(claims, "part")), None)
    pending: dict[int, list[Claim]] = {}
    text = ""
    run: list[tuple[int, str, int, list[Claim]]] = []  # links not said yet
    last: tuple[int, str] | None = None
    said: int | None = None  # the clue the last words said directly are about
    bounds = _all(claims, "starts")
    for c in claims:
        if c["claim"] == "cannot_start":
            pending.setdefault(c["clue"], []).append(c)
            continue
        if c["claim"] != "starts":
            continue
        after = bounds[bounds.index(c) + 1 :]
        i = c["clue"]
        side = "min" if c["min"] is not None else "max"
        who = nm.clue(i, subject=True)
        ruled_claims = pending.pop(i, [])
        ruled = _ruled_list(ruled_claims, sizes=nm.clues)
        neighbour = i - 1 if side == "min" else i + 1
        bound = _one_side(nm, c)
        if c.get("from") in ("box", "edge_box") and i in known:  # its box was named before
            part = f"{who} {bound}" + (f" ({ruled})" if ruled else "")
        elif c.get("from") == "box":  # the box it must hold sets it
            boxes = _span(holding[i])
            what = "box" if len(boxes) == 1 else "boxes"
            order = _edge_side(claims, boxes.start, boxes.stop)  # the first (last) boxes
            where = f"{order} {what}, at" if order else f"{what} at"
            part = f"{who} holds the {where} {cells_text(boxes)}, so it {bound}"
            part += f" ({ruled})" if ruled else ""
        elif c.get("from") == "edge_box":  # no clue before (after) it can cover that box
            edge = next(e for e in _all(claims, "edge_box") if e["clue"] == i)
            boxes = _span(edge)
            what = "box" if len(boxes) == 1 else "boxes"
            where = ""
            if part_claim is not None:
                where = f" of {cells_text(_span(part_claim))}"
            part = (
                f"the {edge['side']} {what}{where} {_are(boxes)} at {cells_text(boxes)}, "
                f"so {who} {bound}"
            )
            part += f" ({ruled})" if ruled else ""
        elif i in placed:  # the placed block's own clue: its block says where it is
            nxt = after[0] if after else None
            if nxt is not None and nxt["clue"] in (i - 1, i + 1) and nxt["clue"] not in placed:
                nxt_side = "min" if nxt["min"] is not None else "max"
                if (nxt_side == "min") == (nxt["clue"] == i + 1):
                    # the next bound starts from this block: no words of its own
                    last = (i, nxt_side) if linked and not text and not run else None
                    continue
            part = f"{'it' if named and not text and not run and len(placed) == 1 else who} {bound}"
        else:
            first, end = 0, len(nm.clues)
            if part_claim is not None:
                first, end = min(part_claim["clues"]), max(part_claim["clues"]) + 1
            others = list(range(first, i)) if side == "min" else list(range(i + 1, end))
            if last == (neighbour, side) or (
                neighbour in placed and not text and not run and named
            ):
                mine = [k for k in ruled_claims if k["clue"] == i]
                if run and run[-1][1] != side:
                    text, run = _flush(nm, text, run), []
                run.append((i, side, c["min"] if side == "min" else c["max"], mine))
                last, said = (i, side), None
                continue
            elif neighbour in placed:  # a placed block named further back
                order = "after" if side == "min" else "before"
                part = f"{who} {bound}, {order} {nm.clue(neighbour)}"
                part += f" ({ruled})" if ruled else ""
            elif not others:  # from the line's (part's) edge
                part = f"{who} {bound}" + (f" ({ruled})" if ruled else "")
            else:  # packed against the clues before (after) it
                if len(others) == 1:
                    names = nm.clue(others[0])
                else:
                    names = "the clues " + " ".join(str(nm.clues[k]) for k in others)
                where = ""
                if part_claim is not None:
                    where = f" in {cells_text(_span(part_claim))}"
                order = "after" if side == "min" else "before"
                part = f"{who} {bound}, {order} {names}{where}"
                part += f" ({ruled})" if ruled else ""
        if run:
            text, run, said = _flush(nm, text, run), [], None
        if said == i and part.startswith(f"{who} "):  # the same clue again: "…, and starts"
            text += ", and " + part[len(who) + 1 :]
        else:  # each chain its own sentence
            text = then_sentence(text, part)
        said = i
        last = (i, side)
    return _flush(nm, text, run)


def _flush(nm: Naming, text: str, run: list[tuple[int, str, int, list[Claim]]]) -> str:
    """``text`` with a run of chain links each set by the one before it (clue, side, bound,
    its ruled-out starts) said as one: ``so the third, second and first end by cells 11, 6
    and 1 (cells 7–8, 12 are crossed)``."""
    if not run:
        return text
    side = run[0][1]
    if len(nm.clues) == 1:
        names = [nm.clue(run[0][0], subject=True)]
    else:
        names = [ordinal(i) for i, *_ in run]
        names[0] = f"the {names[0]}"
    if side == "min":
        cells = [str(v + 1) for _, _, v, _ in run]
    else:
        cells = [str(v + nm.clues[i]) for i, _, v, _ in run]
    # a box a link would run into is said with its clue's length when the run has several
    ruled = _ruled_list([k for *_, mine in run for k in mine], nm if len(run) > 1 else None)
    later = " or later" if side == "min" else ""
    if len(run) == 1:
        verb = "starts at cell" if side == "min" else "ends by cell"
        words = f"so {names[0]} {verb} {cells[0]}{later}"
    else:
        verb = "start at cells" if side == "min" else "end by cells"
        words = f"so {_both(names)} {verb} {_both(cells)}{later}"
    words += f" ({ruled})" if ruled else ""
    return words if not text else f"{text}, {words}"


def _both(words: Sequence[str]) -> str:
    """``a, b and c``."""
    return ", ".join(words[:-1]) + " and " + words[-1]


def _facing(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> list[Claim]:
    """``claims`` without a placed clue's own bound that faces away from the cells (its latest
    start, the cells before its block; its earliest, the cells after): the block says where the
    clue is, and the bound only keeps the clues beyond it back, by their order."""
    crossed = [p for p, _ in cells]

    def away(c: Claim) -> bool:
        if c["claim"] != "starts" or c.get("from") != "block" or not crossed:
            return False
        if c["max"] is not None:
            return max(crossed) < c["max"]
        return min(crossed) >= c["min"] + nm.clues[c["clue"]]

    return [c for c in claims if not away(c)]


def _room_pair(claims: Sequence[Claim], crossed: Sequence[int]) -> tuple[int, int] | None:
    """The clues ``(k, k + 1)`` of two blocks the claims place, one each, when the cells
    ``crossed`` all lie between them: no clue is left to reach those cells, which the words then
    say in place of the clues' bounds ("…, so cell 14, between the third and fourth clues, is
    empty").  Only where the claims give a short reason a block is one clue
    (:data:`SHORT_REASONS`): those are added after a step's premises are chosen, so the words
    the budget counts (the bounds) and the steps' cells stay as they were.  None otherwise."""
    if not any(c["claim"] in SHORT_REASONS for c in claims) or not crossed:
        return None
    holders = _all(claims, "holders")
    spans = [(h["start"], h["end"]) for h in holders]
    placed = {
        h["clues"][0]: (h["start"], h["end"])
        for h in holders
        if len(h["clues"]) == 1
        and spans.count((h["start"], h["end"])) == 1
        and h["clues"][0] not in _box_held(claims)  # (named by its box, not placed)
    }
    for k, (_, end) in placed.items():
        after = placed.get(k + 1)
        if after is not None and all(end <= p < after[0] for p in crossed):
            return k, k + 1
    return None


def punctuate_reach(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    crossed = [p for p, _ in cells]
    empty = f"{cells_text(crossed)} {_are(crossed)} empty"
    chain = chain_words(nm, _facing(nm, claims, cells))
    placed = _placed(nm, claims)
    pair = _room_pair(claims, crossed)
    if pair is not None and " more" not in cells_text(crossed):
        # "…, so cell 14, between the third and fourth clues, is empty"
        return (
            f"{_so(placed)} {cells_text(crossed)}, between the {ordinal(pair[0])} and "
            f"{ordinal(pair[1])} clues, {_are(crossed)} empty"
        )
    if not chain:
        return f"{placed}, and no clue reaches {cells_text(crossed)}: empty"
    if not placed:
        return f"{chain}: {empty}"
    if chain.startswith("so ") and _sole_said(claims):  # "…, so the block …, and so …"
        return f"{placed}, and {chain}: {empty}"
    if chain.startswith("so "):
        return f"{placed}, {chain}: {empty}"
    return f"{then_sentence(placed, chain)}: {empty}"


def _a(number: int) -> str:
    """The article before a number said aloud: ``an 8``, ``an 11``, ``a 3``."""
    said = str(number)
    return "an" if said.startswith("8") or said in ("11", "18") else "a"


def _cover_words(nm: Naming, claims: Sequence[Claim]) -> str:
    """The ``cannot_start`` claims no bound of a chain uses: the starts over the emptied cells
    ruled out where they are, one phrase per length, place and cause (``a 1 from cell 13 would
    run into the box at cell 14``)."""
    used: set[int] = set()
    for k, c in enumerate(claims):  # those a later bound of the same clue uses are a chain's
        if c["claim"] == "starts":
            used |= {j for j in range(k) if claims[j].get("clue") == c["clue"]}
    lengths: dict[tuple[int, int, str], list[int]] = {}  # (starts, cause) -> clue lengths
    for k, c in enumerate(claims):
        if c["claim"] != "cannot_start" or k in used:
            continue
        if "cross" in c:
            crosses = range(*c["cross"])
            what = "the cross" if len(crosses) == 1 else "a cross"
            why = f"would cover {what} at {cells_text(crosses)}"
        elif "order" in c:  # ("… would leave no room for the clues 1 3 before it")
            sizes = c["sizes"]
            names = (
                f"the {sizes[0]}" if len(sizes) == 1 else f"the clues {' '.join(map(str, sizes))}"
            )
            why = f"would leave no room for {names} {c['order']} it"
        else:
            boxes = range(*c["boxes"])
            what = "box" if len(boxes) == 1 else "boxes"
            why = f"would run into the {what} at {cells_text(boxes)}"
        held = lengths.setdefault((c["min"], c["max"], why), [])
        if nm.clues[c["clue"]] not in held:
            held.append(nm.clues[c["clue"]])
    # one phrase per cause: "a 1 from cell 15, or a 2 from cell 14 or 15, would run into …",
    # the starts of clues as long (with one cause) together
    by_who: dict[tuple[str, str], list[int]] = {}
    for (lo, hi, why), held in lengths.items():
        who = " or ".join(f"{_a(h)} {h}" for h in held)
        starts = by_who.setdefault((why, who), [])
        starts += [s for s in range(lo, hi + 1) if s not in starts]
    causes: dict[str, list[str]] = {}
    for (why, who), starts in by_who.items():
        causes.setdefault(why, []).append(f"{who} from {_starts_list(sorted(starts))}")
    return "; ".join(
        f"{items[0]} {why}" if len(items) == 1 else f"{', or '.join(items)}, {why}"
        for why, items in causes.items()
    )


def punctuate_misfit(
    nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]], *, again: bool = False
) -> str:
    """Cells inside some clue's range that no clue covers: the placed blocks and the chains
    that bound the clues, then each start over the cells ruled out where it is (``a 1 from
    cell 5 would run into the box at cell 6``); ``again``, the blocks were placed by the
    premise said just before, so they are not named again."""
    crossed = [p for p, _ in cells]
    empty = f"{cells_text(crossed)} {_are(crossed)} empty"
    held = {h["clues"][0] for h in _all(claims, "holders") if len(h["clues"]) == 1}
    placed = held - _box_held(claims)
    # a placed clue's own bounds are its block's: the chains from it say what they need
    chains = [c for c in claims if c["claim"] != "starts" or c["clue"] not in placed]
    blocks = "" if again else _placed(nm, claims)
    parts = [p for p in (blocks, chain_words(nm, chains, named=not again)) if p]
    covers = _cover_words(nm, claims)
    text = ""
    for part in parts:
        text = f"{text}, {part}" if text and part.startswith("so ") else then_sentence(text, part)
    if covers:
        text = then_sentence(text, covers)
    return f"{text}: {empty}"


def glue(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    b = _first(claims, "block")
    g = _first(claims, "gap")
    held = _all(claims, "holder_starts")
    box = _block_at(claims, b["start"], b["end"], "box")
    filled = [p for p, _ in cells]
    walls: list[str] = []  # the gap's walls the holders' starts reach
    walled = [h for h in held if h["min"] == g["start"]]
    if walled:
        walls.append(nm.wall(g["start"], g.get("within"), g.get("shown")))
        far = [  # the wall after the gap stops the same one holder's later starts too
            h
            for h in walled
            if h["max"] + nm.clues[h["clue"]] == g["end"] and h["max"] < b["start"]
        ]
        if len(walled) == len(held) == len(far) == 1:
            walls.append(nm.wall_after(g["end"], g.get("within"), g.get("shown")))
    else:
        walled = [h for h in held if h["max"] + nm.clues[h["clue"]] == g["end"]]
        if walled:
            walls.append(nm.wall_after(g["end"], g.get("within"), g.get("shown")))
    if g.get("part_said"):  # the part's edges, said by its words: "cells 13–20 hold only the
        # third clue, 5; … starting at cell 13" (was "(it cannot cross into cell 12, outside cells
        # 13–20)"), "cells 8–20 hold only the clues 5 1; …" (was "… the cross at cell 7")
        pa, pb = g.get("shown") or g["within"]
        edges = {nm.wall(pa, g.get("within"), g.get("shown"))}
        edges |= {nm.wall_after(pb, g.get("within"), g.get("shown"))}
        walls = [w for w in walls if w not in edges or "edge" in w]
    wall = " or ".join(walls)
    # one holder stopped by the wall: said with it; more: after them all, naming which
    alone = walled[0] if len(walled) == 1 else None
    if alone is not None or len(held) == 1:
        wall = f"it cannot cross {wall}" if wall else ""
    elif wall and len(walled) == len(held):
        wall = f"{'neither' if len(held) == 2 else 'none of them'} can cross {wall}"
    elif wall:
        wall = f"the {_both([ordinal(h['clue']) for h in walled])} cannot cross {wall}"

    at = claims.index(b)
    chain = chain_words(nm, claims[:at])

    def starting(h: Claim) -> str:
        if h["min"] == h["max"]:
            return f"starting at cell {h['min'] + 1}"
        return f"starting between cells {h['min'] + 1} and {h['max'] + 1}"

    def ruled(h: Claim) -> str:
        out = [c for c in claims[at:] if c["claim"] == "cannot_start" and c["clue"] == h["clue"]]
        return _ruled_list(out) if out else ""

    def aside(*words: str) -> str:
        said = "; ".join(w for w in words if w)
        return f" ({said})" if said else ""

    reason = _sole(claims, b["start"], b["end"])
    if reason is not None:  # its reason first: "…, so the box at … is …"
        box = f"{_so(sole_words(nm, reason))} {box}"
    elif _all(claims, "kept_off"):  # (the bounds', then counting's for those they left)
        box = f"{_so(', and '.join(sole_words(nm, c) for c in _all(claims, 'kept_off')))} {box}"
    if len(held) == 1:  # its ruled-out starts beside the wall it cannot cross
        h = held[0]
        who = nm.clue(h["clue"], subject=True)
        if _all(claims, "only_long"):  # its reason: no other clue is that long
            who += " the only clue that long,"
        elif _walled_at(claims, b["start"], b["end"]):
            who += f" the only {b['end'] - b['start']},"
        return then_sentence(
            chain,
            f"{box} can only be {who} {starting(h)} to hold "
            f"it{aside(wall, ruled(h))}, so {cells_text(filled)} {_are(filled)} filled",
        )
    options = " or ".join(
        f"the {ordinal(h['clue'])}, {nm.clues[h['clue']]}, {starting(h)}"
        + aside(wall if h is alone else "", ruled(h))
        for h in held
    )
    after = aside(wall) if wall and alone is None else ""
    return then_sentence(
        chain, f"{box} is {options}{after}; either way {cells_text(filled)} {_are(filled)} filled"
    )


def join(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    a, b = _all(claims, "block")[:2]
    owner = _first(claims, "holders")["clues"][0]
    filled = [p for p, _ in cells]
    return (
        f"the blocks at {cells_text(_span(a))} and {cells_text(_span(b))} can only both be "
        f"{nm.clue(owner)}, so {cells_text(filled)} between them {_are(filled)} filled"
    )


def split(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    whole = _first(claims, "no_holder")
    (c, _), *_ = cells
    held = _all(claims, "holders")
    boxes = [x for x in claims if x["claim"] in ("block", "boxes")]
    joined = cells_text(_span(whole))
    what = (
        f"the box at {cells_text(_span(boxes[0]))}"
        if len(boxes) == 1
        else f"the boxes at {cells_text(_span(boxes[0]))} and {cells_text(_span(boxes[1]))}"
    )
    owners = sorted({i for h in held for i in h["clues"]})
    if owners and max(nm.clues[i] for i in owners) < whole["end"] - whole["start"]:
        most = max(nm.clues[i] for i in owners)
        return (
            f"filling cell {c + 1} would make {joined} one block of "
            f"{whole['end'] - whole['start']}, longer than any clue that can hold {what} "
            f"(at most {most}), so it is empty"
        )
    why = _cannot_cover_words(nm, _all(claims, "cannot_cover"))
    return (
        f"filling cell {c + 1} would make {joined} one block, and no clue can cover all of "
        f"{'it' if len(boxes) == 1 else 'them'} there{f' ({why})' if why else ''}, so it is empty"
    )


def _cannot_cover_words(nm: Naming, claims: Sequence[Claim]) -> str:
    """Why each clue long enough cannot cover a split's joined block (its ``cannot_cover``
    claims), the clues of one reason together: ``the second clue, 2, there would leave the
    first clue, 1, no room before it`` / ``the third to seventh clues, 2 2 2 2 2, there would
    each leave the clues after it no room`` / ``the third clue, 4, does not fit in cells
    2–4``; with the boxes it could not reach: ``the second clue, 2, there would leave the first
    clue, 2, unable to hold the boxes at cells 2, 5`` / ``the first clue, 2, there would leave
    no clue before it for the boxes at cells 2, 5``."""
    last = len(nm.clues) - 1

    def kind(c: Claim) -> tuple[str, list[list[int]], bool, list[list[int]]]:
        """Its reason: why, its boxes, whether no clue lies on that side of it, and the starts
        it would run into a box from."""
        spans = c.get("boxes") or []
        none = bool(spans) and c["clue"] == (0 if c["why"] == "before" else last)
        return c["why"], spans, none, c.get("touch") or []

    kinds: list[tuple[str, list[list[int]], bool, list[list[int]]]] = []
    for c in claims:
        if kind(c) not in kinds:
            kinds.append(kind(c))
    kinds.sort(key=lambda k: ("fit", "before", "after").index(k[0]))
    said = []
    for why, spans, none, touch in kinds:
        group = [c for c in claims if kind(c) == (why, spans, none, touch)]
        js = [c["clue"] for c in group]
        sizes = [str(nm.clues[j]) for j in js]
        if len(js) == 1:
            who = f"the {ordinal(js[0])} clue, {sizes[0]},"
        elif len(js) > 2 and js == list(range(js[0], js[-1] + 1)):
            who = f"the {ordinal(js[0])} to {ordinal(js[-1])} clues, {' '.join(sizes)},"
        else:
            who = f"the {_both([ordinal(j) for j in js])} clues, {_both(sizes)},"
        if why == "fit":
            within = cells_text(range(*group[0]["within"]))
            said.append(f"{who} {'does' if len(js) == 1 else 'do'} not fit in {within}")
            continue
        others = list(range(js[0])) if why == "before" else list(range(js[-1] + 1, len(nm.clues)))

        # whom it would leave short: the clues on that side, or the one clue there, named
        if len(js) > 1:
            whom, named = f"each leave the clues {why} it", False
        elif len(others) == 1:
            end = "first" if why == "before" else "last"
            whom, named = f"leave the {end} clue, {nm.clues[others[0]]},", True
        else:
            whom, named = f"leave the clues {why} it", False
        if spans:  # the boxes out of its reach on that side, which the clues there cannot hold
            boxes = [p for a, b in spans for p in range(a, b)]
            at = f"the {'box' if len(boxes) == 1 else 'boxes'} at {cells_text(boxes, limit=9)}"
            if none:
                said.append(f"{who} there would leave no clue {why} it for {at}")
            else:
                said.append(f"{who} there would {whom} unable to hold {at}")
            continue
        said.append(f"{who} there would {whom} no room" + (f" {why} it" if named else ""))
        if touch:  # the starts ruled out as they would run into a box, by box
            into: list[tuple[list[int], list[int]]] = []
            for t, a, b in touch:
                same = [k for k in into if k[1] == [a, b]]
                if same:
                    same[0][0].append(t)
                else:
                    into.append(([t], [a, b]))
            runs = [
                f"from {cells_text(ts)} {'run ' if not k else ''}into the "
                f"{'box' if b - a == 1 else 'boxes'} at {cells_text(range(a, b))}"
                for k, (ts, (a, b)) in enumerate(into)
            ]
            said[-1] += ", or " + ", ".join(runs)
    return "; ".join(said)


def arrangement(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    c = _first(claims, "extremes")
    why = _same_both_ways(nm, c, cells)
    if len(c["left"]) > 5:
        return along(
            f"slid as far left and then as far right as the line allows, {why}, so "
            f"{_effect(cells)}",
            nm.axis,
        )
    lo = ", ".join(str(s + 1) for s in c["left"])
    hi = ", ".join(str(s + 1) for s in c["right"])
    return along(
        f"pushed left, the clues start at cells {lo}; pushed right, at {hi}: {why}, so "
        f"{_effect(cells)}",
        nm.axis,
    )


def _same_both_ways(nm: Naming, c: Claim, cells: Sequence[Sequence[int]]) -> str:
    """Why the extremes decide the cells: ``the fourth clue, 6, covers cell 18 both ways`` (a
    cell one clue covers in both), ``cells 1–2 lie before the first clue both ways`` (one
    between the same two clues in both); past three such phrases, said of them all at once."""
    left, right = c["left"], c["right"]
    clues = c.get("clues", range(len(left)))  # (the whole line's, when not said)
    k = len(clues)
    if not k:
        return "no clue lies there either way"
    covers: dict[int, list[int]] = {}
    between: dict[int, list[int]] = {}  # gap j: after the clue j - 1, before the clue j
    for p, v in cells:
        if v == FILLED:
            found = [j for j in range(k) if right[j] <= p < left[j] + nm.clues[clues[j]]]
            covers.setdefault(found[0] if found else -1, []).append(p)
        else:
            found = [
                j
                for j in range(k + 1)
                if (j == 0 or right[j - 1] + nm.clues[clues[j - 1]] <= p)
                and (j == k or p < left[j])
            ]
            between.setdefault(found[0] if found else -1, []).append(p)
    if len(covers) + len(between) > 3 or -1 in covers or -1 in between:
        said = []
        if covers:
            said.append("each filled cell is covered by the same clue both ways")
        if between:
            said.append("each empty one lies between the same two clues (or an edge) both ways")
        return " and ".join(said)
    words = [
        f"{nm.clue(clues[i], subject=True)} covers {cells_text(ps)} both ways"
        for i, ps in sorted(covers.items())
    ]
    for j, ps in sorted(between.items()):
        if j == 0:
            where = "before the first clue" if k > 1 else f"before {nm.clue(clues[0])}"
        elif j == k:
            where = "after the last clue" if k > 1 else f"after {nm.clue(clues[0])}"
        else:
            where = f"between the {ordinal(clues[j - 1])} and {ordinal(clues[j])} clues"
        words.append(f"{cells_text(ps)} {'lies' if len(ps) == 1 else 'lie'} {where} both ways")
    return "; ".join(words)


def line_solver(nm: Naming, claims: Sequence[Claim], cells: Sequence[Sequence[int]]) -> str:
    c = _first(claims, "arrangements")
    count = c["count"]
    ways = "both ways" if count == 2 else f"all {count:,} ways"
    clue = " ".join(str(nm.clues[i]) for i in c["clues"]) or "0"
    return f"in {ways} the clue {clue} fits, {_effect(cells)}"


Wording = Callable[[Naming, Sequence[Claim], Sequence[Sequence[int]]], str]
"""A say's wording: a premise's claims and the cells it proves, in words (the catalogue's records
name the wording of each say their witnesses use)."""


def restated(nm: Naming, premise: dict[str, Any], stated: Sequence[Claim]) -> str | None:
    """A premise (``{say, claims, cells}`` as in a step's ``premises``) in words when a box's
    holder it names was already ``stated`` by an earlier premise of the step, so it is not said
    again; None when the premise says nothing stated before (its say's own wording is used)."""
    claims = premise["claims"]
    say = premise["say"]
    if stated and say == "punctuate":
        b = _first(claims, "block")
        sole = _sole(claims, b["start"], b["end"])
        if sole is not None and sole["because"] and all(c in stated for c in sole["because"]):
            # its whole reason was said just before: "… So the block at … can only be …"
            owner = _first(claims, "holders")["clues"][0]
            return (
                f"and so {_block_at(claims, b['start'], b['end'])} can only be "
                f"{nm.clue(owner, subject=True)} and is finished: {_effect(premise['cells'])}"
            )
        holder = _first(claims, "holders")
        reasons = [
            c
            for c in claims
            if c["claim"] not in ("block", "holders")
            and (c.get("start"), c.get("end")) == (b["start"], b["end"])
        ]
        if len(holder["clues"]) == 1 and holder in stated and all(c in stated for c in reasons):
            # its clue and the reason for it were said just before ("the block at cells 14–19
            # can only be the first clue, 6, the only clue that long. It starts at …"): not
            # again ("… So the block at cells 14–19 is finished: cell 20 is empty")
            block = _block_at(claims, b["start"], b["end"])
            return f"and so {block} is finished: {_effect(premise['cells'])}"
    if stated and say in ("punctuate_reach", "punctuate_reach_misfit"):
        placed = [h for h in _all(claims, "holders") if len(h["clues"]) == 1]
        if placed and all(h in stated for h in placed):  # the blocks were placed just before
            crossed = [p for p, _ in premise["cells"]]
            bounds = _all(claims, "starts")
            if say == "punctuate_reach_misfit":
                return "and " + punctuate_misfit(nm, claims, premise["cells"], again=True)
            if not bounds:
                return f"and no clue reaches {cells_text(crossed)}: empty"
            said = chain_words(nm, _facing(nm, claims, premise["cells"]), named=False)
            if not said:  # between placed blocks: their places are the bounds
                return f"and no clue reaches {cells_text(crossed)}: empty"
            return f"and {said}: {cells_text(crossed)} {_are(crossed)} empty"
    if stated and say == "mercury" and _chained(claims):
        # "…; and the second clue, 3, starts at cell 9 or later: …": what was said is not said
        # again (a box's holder named before bounds its clue without its box)
        again = [c for c in claims if c["claim"] in ("holders", "edge_box") and c in stated]
        if not again:
            return None
        known = {c["clue"] if "clue" in c else c["clues"][0] for c in again}
        rest = [c for c in claims if c not in stated]
        crossed = [p for p, _ in premise["cells"]]
        if not _all(rest, "starts"):
            return f"and no clue reaches {cells_text(crossed)}: empty"
        said = chain_words(nm, [*again, *rest], known=known)
        named = {c["clue"] if "clue" in c else c["clues"][0] for c in stated if "from" in c}
        named |= {c["clues"][0] for c in _all(stated, "holders")}
        if len(named) == 1:  # "it" only when the words before named one clue alone
            who = nm.clue(min(named), subject=True)
            if said.startswith(f"{who} "):
                said = "it" + said[len(who) :]
        return f"and {said}: {cells_text(crossed)} {_are(crossed)} empty"
    if stated and say in ("simple_spaces", "mercury"):
        again = [c for c in claims if c["claim"] == "holders" and c in stated]
        if again:  # "… the 8 holds the box at cells 10–12 …; and it ends by cell 17: …"
            bounds = [c for c in claims if c["claim"] == "starts"]
            held = {h["clues"][0] for h in again}
            # "it" only when one clue's box was named before (with two, it could be either) and
            # no other clue is named in between
            it = len({h["clues"][0] for h in stated if h["claim"] == "holders"}) == 1
            words = []
            for c in bounds:
                if c["clue"] not in held:
                    words.append(_held_bound(nm, claims, c))
                    it = False
                elif it:
                    words.append(_bound(nm, c).replace(nm.clue(c["clue"], subject=True), "it", 1))
                else:
                    words.append(_bound(nm, c))
            crossed = [p for p, _ in premise["cells"]]
            return f"and {' and '.join(words)}: {cells_text(crossed)} {_are(crossed)} empty"
    return None


def part_text(nm: Naming, premise: dict[str, Any]) -> str:
    """A ``part`` premise: ``the block at cells 10–12 can only be the second clue, 3, so cells
    1–8 hold only the first clue, 4`` (the blocks matched to clues that show the cut, when
    they do, then the part)."""
    claim = _first(premise["claims"], "part")
    where = cells_text(_span(claim))
    hold = "holds" if len(_span(claim)) == 1 else "hold"  # "cell 7 holds only …"
    clues = claim["clues"]
    if not clues:
        text = f"{where} {hold} no clue"
    elif len(clues) == 1:
        text = f"{where} {hold} only {nm.clue(clues[0])}"
    else:
        names = " ".join(str(nm.clues[i]) for i in clues)
        text = f"{where} {hold} only the clues {names}"
    held = _all(premise["claims"], "holders")
    # the reason, when no other clue is as long as the block (as long as each, for two)
    longest = len(_all(premise["claims"], "only_long")) == len(held)
    claims = premise["claims"]
    sole = [c for c in (_sole(claims, h["start"], h["end"]) for h in held) if c is not None]
    if len(held) == 1:
        h = held[0]
        clue = nm.clue(h["clues"][0], subject=True).removesuffix(",")
        why = f"{_only_size(claims, h['start'], h['end'])},"
        if longest:
            why = ", the only clue that long,"
        block = _block_at(claims, h["start"], h["end"])
        if sole:  # its reason first: "…, so the block at … can only be …, and cells … hold …"
            block = _sole_subject(sole[0], block)
            return f"{_so(sole_words(nm, sole[0]))} {block} can only be {clue}, and {text}"
        return f"{block} can only be {clue}{why} so {text}"
    if len(held) == 2:  # one block at each end of the part
        a, b = (h["clues"][0] for h in held)
        counted = [
            c for c in (_counted_at(claims, h["start"], h["end"]) for h in held) if c is not None
        ]
        if len(counted) == 2 and counted[0]["side"] == counted[1]["side"]:
            # both counted from one end: "the second and third blocks, at …, every cell before
            # them decided, …" (but the undecided cells next to them)
            first, last = (_counted_name(c) for c in counted)
            blocks = f"at {cells_text(_span(held[0]))} and {cells_text(_span(held[1]))}"
            open_ = [c["open"] for c in counted if "open" in c]
            but = f" but {cells_text(open_)}" if open_ else ""
            return (
                f"the {first} and {last} blocks, {blocks}, every cell "
                f"{counted[0]['side']} them decided{but}, {_two_held(nm, a, b)}, so {text}"
            )
        mixed = _mixed_held(nm, claims, held)
        if mixed is not None:
            return f"{mixed}, and {text}"
        if any(_sole_subject(c, "") for c in sole):  # a reason naming its boxes (stranded)
            # each block with its own reason and conclusion: the stranded reason ended a
            # sentence of its own with no "so" ("if the box at cell 9 were the first, …, could
            # not hold the boxes at cells 14–15. Cell 9, past a cross: …, so the blocks at cell
            # 9 and cells 14–15 can only be …"), which the checker could not read
            said = ""
            for h, who in zip(held, (a, b), strict=True):
                block = _block_at(claims, h["start"], h["end"])
                clue = nm.clue(who, subject=True).removesuffix(",")
                c = _sole(claims, h["start"], h["end"])
                if c is not None:
                    block = f"{_so(sole_words(nm, c))} {_sole_subject(c, block)}"
                said = then_sentence(said, f"{block} can only be {clue}")
            return f"{said}, and {text}"
        if sole:  # each reason its own sentence, then both blocks (each has one)
            reasons = ""
            for c in sole:
                reasons = then_sentence(reasons, sole_words(nm, c))
            blocks = f"at {cells_text(_span(held[0]))} and {cells_text(_span(held[1]))}"
            return f"{_so(reasons)} the blocks {blocks} {_two_held(nm, a, b)}, and {text}"
        why = ","
        if longest:
            why = ", the only clue that long," if a == b else ", the only clues that long,"
        blocks = f"at {cells_text(_span(held[0]))} and {cells_text(_span(held[1]))}"
        sides = [c["side"] for c in _all(claims, "edge_block")]
        if sides == ["first", "last"]:  # the line's first and last blocks: by the clues' order
            blocks = f"the first and last blocks, {blocks},"
        else:
            blocks = f"the blocks {blocks}"
        return f"{blocks} {_two_held(nm, a, b)}{why} so {text}"
    return text


def _mixed_held(nm: Naming, claims: Sequence[Claim], held: Sequence[Claim]) -> str | None:
    """Two blocks of a part whose reasons differ in kind (one the line's first or last block or
    the only clue that long, the other what keeps the other clues off it, or none), each said
    with its own: ``the last block, at cells 18–19, can only be the fourth clue, 2; the fourth
    clue, 2, starts at cell 18 or later, so the block at cells 15–16 can only be the third
    clue, 4`` (the plain reasons first: what keeps the others off may start from them).  None
    when both have a reason of one kind, or neither has one (said together)."""
    plain: list[str] = []
    kept: list[str] = []
    bare: list[str] = []
    late: list[str] = []  # a short reason resting on the other block: said after it
    kinds = set()
    for h in held:
        s, e = h["start"], h["end"]
        clue = nm.clue(h["clues"][0], subject=True).removesuffix(",")
        side = _edge_side(claims, s, e)
        long = any((c["start"], c["end"]) == (s, e) for c in _all(claims, "only_long"))
        sole = _sole(claims, s, e)
        if side:
            kinds.add("edge")
            plain.append(f"{_block_at(claims, s, e)} can only be {clue}")
        elif (
            _counted_at(claims, s, e)
            or _walled_at(claims, s, e)
            or _room_at(claims, s, e)
            or _sides_at(claims, s, e)
        ):
            kinds.add("short")
            words = f"{_block_at(claims, s, e)} can only be {clue}{_only_size(claims, s, e)}"
            others = {(o["start"], o["end"]) for o in held if o is not h}
            # ("the first block, …, so the block at cell 5 can only be the second clue, 1, and
            # the block at cells 11–12, walled in, with no room for the fourth clue, 2, in cells
            # 6–10 before it, …": Janko 2129 column 19 step 271, its reason said first had none)
            (late if _rests_on(claims, s, e) & others else plain).append(words)
        elif long:
            kinds.add("long")
            plain.append(f"{_block_at(claims, s, e)} can only be {clue}, the only clue that long")
        elif sole is not None:
            kinds.add("sole")
            said = sole_words(nm, sole) if _more_than_placed(claims, sole) else ""
            block = f"{_block_at(claims, s, e)} can only be {clue}"
            kept.append(f"{_so(said)} {block}" if said else f"so {block}")
        else:
            kinds.add("none")
            bare.append(f"{_block_at(claims, s, e)} can only be {clue}")
    if len(kinds) < 2 and "short" not in kinds:
        return None
    text = "; ".join(plain) if kept else ", and ".join([*plain, *bare])
    for words in kept:
        if not text:
            text = words.removeprefix("so ")
        else:  # "…, so the block …" right after the block it rests on
            text = f"{text}, {words}" if words.startswith("so ") else f"{text}; {words}"
    if kept and bare:
        text = f"{text}, and {bare[0]}"
    for words in late:
        text = f"{text}, and {words}"
    return text


def _more_than_placed(claims: Sequence[Claim], sole: Claim) -> bool:
    """Whether a ``sole_holder`` claim's reason says more than where the clues placed on the
    other blocks of ``claims`` are (their ``holders`` claims, with a plain reason, and the bounds
    their blocks set): when it does not, the blocks said before are the reason."""
    plain = {(c["start"], c["end"]) for c in claims if c["claim"] in ("edge_block", "only_long")}
    placed = {
        c["clues"][0]
        for c in _all(claims, "holders")
        if len(c["clues"]) == 1 and (c["start"], c["end"]) in plain
    }
    for c in sole["because"]:
        if c["claim"] == "holders" and c["clues"][0] in placed:
            continue
        if c["claim"] == "starts" and c.get("from") == "block" and c["clue"] in placed:
            continue
        return True
    return False


def _two_held(nm: Naming, a: int, b: int) -> str:
    """``can only be the second and third clues, 2 and 4``, or for one clue ``can only both be
    the third clue, 3`` (not "the third and third clues, 3 and 3")."""
    if a == b:
        return f"can only both be {nm.clue(a, subject=True).removesuffix(',')}"
    return f"can only be the {ordinal(a)} and {ordinal(b)} clues, {nm.clues[a]} and {nm.clues[b]}"


def premise_focus(
    premises: Sequence[dict[str, Any]],
) -> tuple[tuple[int, ...], tuple[tuple[str, int, int], ...]]:
    """The clues (0-based) and ``(what, start, end)`` cell ranges the premises are about: the
    blocks and boxes, the gaps, and the cells they prove."""
    clues: list[int] = []
    spans: list[tuple[str, int, int]] = []

    def add_clue(i: int) -> None:
        if i not in clues:
            clues.append(i)

    for premise in premises:
        for c in premise["claims"]:
            kind = c["claim"]
            if kind in (
                "block",
                "boxes",
                "holders",
                "edge_box",
                "only_long",
                "edge_block",
                "sole_holder",
                "counted_block",
                "walled_block",
                "part_edge",
                "no_room",
                "apart_block",
                *ROOM_REASONS,
            ):
                # a box named
                spans.append(("block", c["start"], c["end"]))
            elif kind == "cannot_start" and "boxes" in c:  # a box a clue would run into
                spans.append(("block", *c["boxes"]))
            elif kind == "gap":
                spans.append(("gap", c["start"], c["end"]))
            if "clue" in c:
                add_clue(c["clue"])
            if kind in (
                "holders",
                "only_long",
                "edge_block",
                "filled_count",
                "sole_holder",
                "counted_block",
                "walled_block",
                "part_edge",
                "no_room",
                "apart_block",
                *ROOM_REASONS,
            ):
                for i in c["clues"]:
                    add_clue(i)
        for p, _ in premise["cells"]:
            spans.append(("cells", p, p + 1))
    return tuple(clues), tuple(_merge(spans))


def _merge(spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    for span in spans:
        if span in out:
            continue
        if out and out[-1][0] == span[0] == "cells" and out[-1][2] == span[1]:
            out[-1] = ("cells", out[-1][1], span[2])
        else:
            out.append(span)
    return out
