"""An independent checker of step sentences: every claim of a step's premises, by brute force.

It shares no code with the analysis layer: it lists every arrangement of a line's clue that fits
the line's cells before the step (a plain recursive search, pruned only by the decided cells)
and checks each claim of :mod:`nonostudio.analysis.explaining.premises` against all of them, then
the inference each wording makes from its claims (a block as long as its longest holder, a gap
shorter than the clues it cites, the cells a glue covers, ...) and the cells the step decides.
Some words are read from the text itself and checked against the line: the lists cut short
("cells 1–2, 4 and 2 more", :func:`check_more_lists`) and the short reasons a block is one clue
("the second-last block, …, every cell after it decided", "…, walled in, …, the only 2",
:func:`check_short_words`), whose words a slip could make false while their claims stay true.
:func:`check_trace` replays a trace and returns the problems found, one string each.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

FILLED, CROSSED, UNKNOWN = 1, 0, -1  # nonostudio.core.line's values, restated on purpose

MAX_ARRANGEMENTS = 400_000


class TooMany(Exception):
    """The line has too many arrangements to list."""


def arrangements(hints: Sequence[int], cells: Sequence[int]) -> list[tuple[int, ...]]:
    """Every tuple of block starts placing ``hints`` on ``cells`` (filled cells covered, crossed
    cells uncovered)."""
    n = len(cells)
    out: list[tuple[int, ...]] = []

    def place(i: int, at: int, starts: list[int]) -> Iterator[None]:
        if i == len(hints):
            if all(cells[p] != FILLED for p in range(at, n)):
                out.append(tuple(starts))
                if len(out) > MAX_ARRANGEMENTS:
                    raise TooMany
            return
        h = hints[i]
        for s in range(at, n - h + 1):
            if any(cells[p] == FILLED for p in range(at, s)):
                break  # a filled cell left uncovered before this start
            if any(cells[p] == CROSSED for p in range(s, s + h)):
                continue
            if s + h < n and cells[s + h] == FILLED:
                continue
            starts.append(s)
            yield from place(i + 1, s + h + 1, starts)
            starts.pop()

    for _ in place(0, 0, []):
        pass
    return out


def _covers(hints: Sequence[int], a: tuple[int, ...], i: int, s: int, e: int) -> bool:
    return a[i] <= s and e <= a[i] + hints[i]


def _holder(hints: Sequence[int], a: tuple[int, ...], s: int, e: int) -> int | None:
    for i in range(len(hints)):
        if _covers(hints, a, i, s, e):
            return i
    return None


def _value(hints: Sequence[int], a: tuple[int, ...], p: int) -> int:
    return FILLED if any(a[i] <= p < a[i] + h for i, h in enumerate(hints)) else CROSSED


def check_claim(
    claim: dict[str, Any], hints: Sequence[int], cells: Sequence[int], arr: list[tuple[int, ...]]
) -> str | None:
    """None when the claim holds of the line, else what is wrong."""
    kind = claim["claim"]
    n = len(cells)
    s, e = claim.get("start"), claim.get("end")
    if kind == "clue_zero":
        return None if not hints else f"the clue is {hints}, not 0"
    if kind == "block":
        ok = all(cells[p] == FILLED for p in range(s, e)) and e > s
        ok = ok and (s == 0 or cells[s - 1] != FILLED) and (e == n or cells[e] != FILLED)
        return None if ok else f"no block at [{s}, {e})"
    if kind == "boxes":
        return None if all(cells[p] == FILLED for p in range(s, e)) else f"no boxes [{s},{e})"
    if kind == "gap":
        ps, pe = claim.get("within", (0, n))
        ok = all(cells[p] != CROSSED for p in range(s, e)) and ps <= s < e <= pe
        ok = ok and (s == ps or cells[s - 1] == CROSSED) and (e == pe or cells[e] == CROSSED)
        return None if ok else f"no gap at [{s}, {e})"
    if kind == "filled_count":
        count = sum(1 for p in range(s, e) if cells[p] == FILLED)
        total = sum(hints[i] for i in claim["clues"])
        ok = count == claim["count"] == total
        return None if ok else f"{count} filled, claimed {claim['count']}, clues add to {total}"
    if kind == "shortest":
        shortest = min(hints[i] for i in claim["clues"])
        return None if shortest == claim["length"] else f"the shortest clue is {shortest}"
    if kind == "only_long":  # by arithmetic: the one clue as long as the block
        (i,) = claim["clues"]
        if hints[i] < e - s or any(h >= e - s for j, h in enumerate(hints) if j != i):
            return f"clue {i} is not the only one at least {e - s} long"
        return None
    if kind == "edge_block":  # the line's first (last) boxes: the first (last) clue's
        first = claim["side"] == "first"
        beyond = range(0, s) if first else range(e, n)
        ok = e > s and all(cells[p] == FILLED for p in range(s, e))
        ok = ok and all(cells[p] != FILLED for p in beyond)
        if not ok:
            return f"[{s}, {e}) are not the line's {claim['side']} boxes"
        end_clue = 0 if first else len(hints) - 1
        return None if claim["clues"] == [end_clue] else f"clue {end_clue} is the {claim['side']}"
    if kind == "counted_block":  # every cell on one side decided: its blocks counted
        before = claim["side"] == "before"
        side = list(cells[:s] if before else cells[e:])
        if e <= s or any(cells[p] != FILLED for p in range(s, e)):
            return f"[{s}, {e}) are not all filled"
        if (before and s > 0 and cells[s - 1] == FILLED) or (
            not before and e < n and cells[e] == FILLED
        ):
            return f"[{s}, {e}) is not a whole block's {'start' if before else 'end'}"
        if "open" in claim:  # one undecided cell next to the boxes: filled, it joins them
            o = claim["open"]
            beyond = o - 1 if before else o + 1
            if o != (s - 1 if before else e) or cells[o] != UNKNOWN:
                return f"cell {o} is not an undecided cell next to [{s}, {e})"
            if 0 <= beyond < n and cells[beyond] != CROSSED:
                return f"cell {beyond}, beyond the undecided cell {o}, is not a cross"
            side = side[:-1] if before else side[1:]
        if UNKNOWN in side:
            return f"an undecided cell {claim['side']} [{s}, {e})"
        count = sum(
            1 for p in range(len(side)) if side[p] == FILLED and (p == 0 or side[p - 1] != FILLED)
        )
        if count != claim["count"]:
            return f"{count} blocks {claim['side']} [{s}, {e}), not {claim['count']}"
        clue = count if before else len(hints) - 1 - count
        return None if claim["clues"] == [clue] else f"the block counted is clue {clue}"
    if kind == "walled_block":  # a whole block, so exactly one clue's length: the only such clue
        ok = e > s and all(cells[p] == FILLED for p in range(s, e))
        ok = ok and (s == 0 or cells[s - 1] == CROSSED) and (e == n or cells[e] == CROSSED)
        if not ok:
            return f"[{s}, {e}) is not a block walled in by crosses or edges"
        same = [j for j, h in enumerate(hints) if h == e - s]
        held = claim.get("held", [])
        for bs, be, j in held:  # another block, held by clue j in every arrangement
            if not (be < s or e < bs) or any(_holder(hints, a, bs, be) != j for a in arr):
                return f"[{bs}, {be}) is not another block clue {j} holds"
        named = sorted([*claim["clues"], *(j for *_, j in held)])
        return None if named == same else f"the clues {e - s} long are {same}"
    if kind == "apart_block":  # between two blocks of known clues, too far from each for it
        if e <= s or any(cells[p] != FILLED for p in range(s, e)):
            return f"[{s}, {e}) are not all filled"
        lo_hi = []
        for bs, be, j, edge in claim["by"]:
            beyond = range(0, bs) if be <= s else range(be, n)  # the line's first (last) block
            if edge and any(cells[p] == FILLED for p in beyond):
                return f"[{bs}, {be}) is not the line's {'first' if be <= s else 'last'} block"
            if any(_holder(hints, a, bs, be) != j for a in arr):
                return f"[{bs}, {be}) is not held by clue {j} in every arrangement"
            if max(e, be) - min(s, bs) <= hints[j]:
                return f"[{s}, {e}) and [{bs}, {be}) fit in one {hints[j]}"
            lo_hi.append(j + 1 if be <= s else j - 1)
        (lo, b), (hi, a) = zip(lo_hi, claim["by"], strict=True)
        if not (b[1] <= s and e <= a[0]):
            return f"[{s}, {e}) is not between the blocks named"
        return None if claim["clues"] == [lo] == [hi] else f"clues {lo}..{hi} lie between"
    if kind == "room_block":  # no room before it for one clue more, nor after it
        i = claim["clues"][0]
        if e <= s or any(cells[p] != FILLED for p in range(s, e)):
            return f"[{s}, {e}) are not all filled"
        if (claim["room_before"], claim["room_after"]) != (i, len(hints) - 1 - i):
            return f"room for {claim['room_before']}, {claim['room_after']} clues: not clue {i}'s"
        return _no_room_sides(hints, cells, s, e, i)
    if kind == "blocks_apart_block":  # as many clues on each side as blocks there
        i = claim["clues"][0]
        if e <= s or any(cells[p] != FILLED for p in range(s, e)):
            return f"[{s}, {e}) are not all filled"
        for side, blocks in (("before", claim["before"]), ("after", claim["after"])):
            wrong = _blocks_apart(hints, cells, s, e, side, len(blocks), claim["apart"])
            if wrong is None and [list(b) for b in blocks] != _blocks_on(cells, s, e, side):
                wrong = f"the blocks {side} [{s}, {e}) are not {blocks}"
            if wrong:
                return wrong
        if (len(claim["before"]), len(claim["after"])) != (i, len(hints) - 1 - i):
            return f"{len(claim['before'])} and {len(claim['after'])} blocks: not clue {i}'s"
        return None
    if kind == "room_stretch_block":  # no room for more clues on one side, none of them fits
        i, bs, be = claim["clues"][0], int(claim["start"]), int(claim["end"])
        if be <= bs or any(cells[p] != FILLED for p in range(bs, be)):
            return f"[{bs}, {be}) are not all filled"
        side, count = claim["side"], claim["count"]
        return _room_stretch(hints, cells, bs, be, i, side, count, claim["within"], claim["sizes"])
    if kind == "room_long_block":  # no room for more clues on one side, each too short
        i, bs, be = claim["clues"][0], int(claim["start"]), int(claim["end"])
        if be <= bs or any(cells[p] != FILLED for p in range(bs, be)):
            return f"[{bs}, {be}) are not all filled"
        return _room_long(hints, cells, bs, be, i, claim["side"], claim["count"], claim["sizes"])
    if kind == "near_block":  # one clue with the next block, too long for every other clue
        i, (a, b) = claim["clues"][0], claim["other"]
        wrong = _near(hints, cells, s, e, i, a, b, claim["wall"], None)
        if wrong is None and tuple(claim["span"]) != (min(s, a), max(e, b)):
            wrong = f"[{s}, {e}) and [{a}, {b}) do not span {claim['span']}"
        if wrong is None and any(_holder(hints, x, s, e) != i for x in arr):
            wrong = f"[{s}, {e}) is not clue {i}'s in every arrangement"
        return wrong
    if kind == "room_apart_block":  # as many clues on one side as blocks there, no room for more
        i = claim["clues"][0]
        if e <= s or any(cells[p] != FILLED for p in range(s, e)):
            return f"[{s}, {e}) are not all filled"
        return _room_apart(
            hints,
            cells,
            s,
            e,
            i,
            claim["side"],
            claim["count"],
            claim["blocks"],
            claim.get("apart", "crosses"),
            claim.get("long", 0),
            claim.get("sizes"),
        )
    if kind == "no_room":  # the next block past a held one, no room between for a clue
        bs, be, k = claim["by"]
        if any(_holder(hints, a, bs, be) != k for a in arr):
            return f"[{bs}, {be}) is not held by clue {k} in every arrangement"
        return _no_room(
            hints,
            cells,
            (s, e),
            (bs, be),
            k,
            claim["side"],
            tuple(claim["gap"]),
            claim["room_for"],
            claim["size"],
            claim["walled"],
            claim["clues"],
            together=claim.get("together", False),
        )
    if kind == "part_edge":  # a part's first (last) boxes: the part's first (last) clue's
        ps, pe = claim["within"]
        part = {"claim": "part", "start": ps, "end": pe, "clues": claim["part"]}
        wrong = check_claim(part, hints, cells, arr)
        if wrong:
            return wrong
        first = claim["side"] == "first"
        beyond = range(ps, s) if first else range(e, pe)
        ok = ps <= s < e <= pe and all(cells[p] == FILLED for p in range(s, e))
        ok = ok and all(cells[p] != FILLED for p in beyond)
        if not ok:
            return f"[{s}, {e}) are not the {claim['side']} boxes of [{ps}, {pe})"
        end_clue = min(claim["part"]) if first else max(claim["part"])
        return None if claim["clues"] == [end_clue] else f"clue {end_clue} is the part's"
    if kind == "edge_box":
        ps, pe = claim["within"]
        beyond = range(ps, s) if claim["side"] == "first" else range(e, pe)
        ok = e > s and all(cells[p] == FILLED for p in range(s, e))
        ok = ok and all(cells[p] != FILLED for p in beyond)
        return None if ok else f"[{s}, {e}) are not the {claim['side']} boxes of {ps}..{pe}"
    if kind == "part":
        inside = set(claim["clues"])
        for a in arr:
            for i, h in enumerate(hints):
                within = s <= a[i] and a[i] + h <= e
                overlaps = a[i] < e and a[i] + h > s
                if (i in inside and not within) or (i not in inside and overlaps):
                    return f"clue {i} at {a[i]} breaks the part [{s}, {e}) of {sorted(inside)}"
        return None
    if kind == "starts":
        i, lo, hi = claim["clue"], claim["min"], claim["max"]
        for a in arr:
            if (lo is not None and a[i] < lo) or (hi is not None and a[i] > hi):
                return f"clue {i} starts at {a[i]}, outside [{lo}, {hi}]"
        return None
    if kind == "cannot_start":
        i, lo, hi = claim["clue"], claim["min"], claim["max"]
        if "cross" in claim and not all(cells[p] == CROSSED for p in range(*claim["cross"])):
            return f"cells {claim['cross']} are not all crossed"
        if "boxes" in claim and not all(cells[p] == FILLED for p in range(*claim["boxes"])):
            return f"cells {claim['boxes']} are not all filled"
        if "boxes" in claim:  # the words call them a block ("would make the block at … longer")
            bs, be = claim["boxes"]
            if (bs > 0 and cells[bs - 1] == FILLED) or (be < len(cells) and cells[be] == FILLED):
                return f"cells {claim['boxes']} are not a whole block"
        if "order" in claim:  # the clues named are those on that side, the line as long
            side = list(hints[:i]) if claim["order"] == "before" else list(hints[i + 1 :])
            if claim["sizes"] != side or claim["size"] != len(cells):
                return f"the clues {claim['order']} clue {i} are {side}, not {claim['sizes']}"
        for a in arr:
            if lo <= a[i] <= hi:
                return f"clue {i} starts at {a[i]}, inside [{lo}, {hi}]"
        return None
    if kind == "apart":  # blocks set apart by crosses, and the cross-free cells around the boxes
        spans = [*claim["before"], [s, e], *claim["after"]]
        for a, b in spans:
            if b <= a or any(cells[p] != FILLED for p in range(a, b)):
                return f"cells [{a}, {b}) are not all filled"
        for (_, b), (a, _) in zip(spans, spans[1:], strict=False):
            if not any(cells[p] == CROSSED for p in range(b, a)):
                return f"no cross between cells {b - 1} and {a}"
        if "gap" in claim:
            gs, ge = claim["gap"]
            if not gs <= s < e <= ge or any(cells[p] == CROSSED for p in range(gs, ge)):
                return f"cells [{gs}, {ge}) are not free of crosses around the boxes"
            if (gs > 0 and cells[gs - 1] != CROSSED) or (ge < n and cells[ge] != CROSSED):
                return f"cells [{gs}, {ge}) are not walled by crosses or edges"
        lo, hi = len(claim["before"]), len(hints) - 1 - len(claim["after"])
        for a in arr:
            j = _holder(hints, a, s, e)
            if j is None or not lo <= j <= hi:
                return f"[{s}, {e}) is held by clue {j} in {a}, not between {lo} and {hi}"
        return None
    if kind == "stranded":  # the clue on the boxes leaves boxes its side's clues cannot hold
        return _stranded(claim, hints, cells)
    if kind == "sole_holder":  # what it rests on, then the claim (as a holders claim)
        for c in claim["because"]:
            wrong = check_claim(c, hints, cells, arr)
            if wrong:
                return f"its reason: {c['claim']}: {wrong}"
        return check_claim({**claim, "claim": "holders"}, hints, cells, arr)
    if kind == "kept_off":  # what it rests on, then no clue of its clues covers the cells
        for c in claim["because"]:
            wrong = check_claim(c, hints, cells, arr)
            if wrong:
                return f"its reason: {c['claim']}: {wrong}"
        for a in arr:
            if _holder(hints, a, s, e) in claim["clues"]:
                return f"[{s}, {e}) is held by clue {_holder(hints, a, s, e)} in {a}"
        return None
    if kind == "holders":
        for a in arr:
            if _holder(hints, a, s, e) not in claim["clues"]:
                return f"[{s}, {e}) is held by clue {_holder(hints, a, s, e)} in {a}"
        return None
    if kind == "holder_starts":
        i, lo, hi = claim["clue"], claim["min"], claim["max"]
        for a in arr:
            if _covers(hints, a, i, s, e) and not lo <= a[i] <= hi:
                return f"clue {i} holds [{s}, {e}) from {a[i]}, outside [{lo}, {hi}]"
        return None
    if kind == "cannot_cover":
        if claim.get("boxes"):
            spans = claim["boxes"]
            return _cannot_hold(hints, cells, claim["clue"], s, e, claim["why"], spans)
        touched = claim.get("touch", ())
        return _cannot_cover(
            hints, cells, claim["clue"], s, e, claim["why"], claim["within"], touched
        )
    if kind == "no_holder":
        for a in arr:
            if _holder(hints, a, s, e) is not None:
                return f"clue {_holder(hints, a, s, e)} covers [{s}, {e}) in {a}"
        return None
    if kind == "extremes":
        for j, i in enumerate(claim["clues"]):
            starts = [a[i] for a in arr]
            if min(starts) != claim["left"][j] or max(starts) != claim["right"][j]:
                return f"clue {i} starts {min(starts)}..{max(starts)}, not as claimed"
        return None
    if kind == "arrangements":
        count = len({tuple(a[i] for i in claim["clues"]) for a in arr})
        return None if count == claim["count"] else f"{count} arrangements, not {claim['count']}"
    return f"unknown claim {kind!r}"


def _no_room(
    hints: Sequence[int],
    cells: Sequence[int],
    block: tuple[int, int],
    by: tuple[int, int],
    k: int,
    side: str,
    gap: tuple[int, int],
    j: int,
    size: int,
    walled: bool,
    clues: Sequence[int],
    *,
    together: bool = False,
) -> str | None:
    """Why boxes ``block`` are not, by the facts of the line and arithmetic, the one clue of
    ``clues``, given that the filled cells ``by`` are clue ``k``'s: ``by`` must be the nearest
    block ``side`` (before or after) them, ``gap`` the cells between, none filled; clue ``j``
    (``size`` long) past ``k`` must fit nowhere in ``gap`` (away from both blocks by a cell), so
    the boxes are one of the clues from the one next to ``k`` to ``j``; of one, that one; of
    several, the boxes walled in (``walled``) and the only one of them exactly that long.  With
    ``together``, the clues from the one next to ``k`` to ``j`` must have no places there
    together, in order and a cell apart (each may alone)."""
    s, e = block
    bs, be = by
    n = len(cells)
    if e <= s or any(cells[p] != FILLED for p in range(s, e)):
        return f"[{s}, {e}) are not all filled"
    if be <= bs or any(cells[p] != FILLED for p in range(bs, be)):
        return f"[{bs}, {be}) are not all filled"
    step = 1 if side == "before" else -1
    if gap != ((be, s) if side == "before" else (e, bs)) or gap[0] >= gap[1]:
        return f"the cells between are not {gap}"
    if any(cells[p] == FILLED for p in range(*gap)):
        return "a box between the blocks"
    if not 0 <= j < len(hints) or hints[j] != size or (j - k) * step <= 0:
        return f"clue {j} is not a clue {size} long past clue {k}"
    inner = range(gap[0] + 1, gap[1] - 1)
    options = list(range(k + step, j + step, step))
    if together:
        placed = _places_in_order([hints[m] for m in sorted(options)], cells, inner.start, inner)
        if placed is not None:
            return f"the clues {sorted(options)} fit from cells {placed} between the blocks"
    for p in range(inner.start, inner.stop - size + 1):  # each place clue j could lie in
        if together:
            break
        if all(cells[q] != CROSSED for q in range(p, p + size)):
            return f"clue {j} fits at cell {p} between the blocks"
    if len(options) > 1:
        wall = (s == 0 or cells[s - 1] == CROSSED) and (e == n or cells[e] == CROSSED)
        if not (walled and wall):
            return f"[{s}, {e}) could be any of the clues {options}, not walled in"
        options = [m for m in options if hints[m] == e - s]
    return None if list(clues) == options else f"the boxes can be the clues {options}"


def _places_in_order(
    sizes: Sequence[int], cells: Sequence[int], at: int, within: range
) -> list[int] | None:
    """Starts, from ``at`` on and inside ``within``, of blocks of ``sizes`` in order and a cell
    apart covering no cross (every start tried in turn); None when there are none."""
    if not sizes:
        return []
    h = sizes[0]
    for p in range(at, within.stop - h + 1):
        if all(cells[q] != CROSSED for q in range(p, p + h)):
            rest = _places_in_order(sizes[1:], cells, p + h + 1, within)
            if rest is not None:
                return [p, *rest]
    return None


def _no_room_sides(
    hints: Sequence[int], cells: Sequence[int], s: int, e: int, i: int
) -> str | None:
    """Why the boxes ``[s, e)`` could have more than ``i`` clues before them or more than
    ``len(hints) - 1 - i`` after them, the crosses alone considered: an arrangement of the first
    ``i + 1`` clues in the cells before ``s - 1`` (one cell apart from the boxes, as the clue
    before theirs would be) or of the last ``len(hints) - i`` in those after ``e``, by its own
    enumeration with every filled cell taken as undecided; None when neither exists."""
    open_ = [UNKNOWN if v == FILLED else v for v in cells]
    try:
        if arrangements(hints[: i + 1], open_[: max(0, s - 1)]):
            return f"clues 0..{i} fit before cell {s - 1}"
        if arrangements(hints[i:], open_[min(len(cells), e + 1) :]):
            return f"clues {i}..{len(hints) - 1} fit after cell {e}"
    except TooMany:
        return f"too many arrangements around [{s}, {e}): room on a side"
    return None


def _room_apart(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    side: str,
    count: int,
    blocks: Sequence[Sequence[int]] | None,
    apart: str = "crosses",
    long: int = 0,
    sizes: Sequence[int] | None = None,
) -> str | None:
    """Why clue ``i`` could have other than ``count`` clues on ``side`` of the boxes ``[s,
    e)``, though the filled cells there beyond the crosses around the boxes are ``count``
    blocks (``blocks``, when given, must be them), a cross between each two (so ``count`` other
    clues at least), and the crosses leave no room there for ``count`` + 1 clues (by its own
    enumeration, the filled cells taken as undecided); None when none of that fails.  With
    ``apart`` "far" the blocks are all those on that side, each with the next nearer one (the
    boxes the nearest) spanning more cells than the longest clue; "mixed", that or a cross
    between them.  With ``count`` 0, only the room is checked (no clue fits there).  With
    ``long``, the blocks are ``count`` - ``long`` and the farthest is longer than each of the
    ``long`` clues at that end of the line (``sizes``, when given, must be those clues): it is
    a later (earlier) clue than they, so ``count`` clues lie there still."""
    n = len(cells)
    before = side == "before"
    if count != (i if before else len(hints) - 1 - i):
        return f"{count} clues {side} clue {i}: not its place"
    t = s if before else e
    while (t > 0 and cells[t - 1] != CROSSED) if before else (t < n and cells[t] != CROSSED):
        t += -1 if before else 1
    if apart != "crosses":
        t = s if before else e  # every block on that side
    span = range(0, t) if before else range(t, n)
    found: list[tuple[int, int]] = []
    for p in span:
        if cells[p] == FILLED and (p == span.start or cells[p - 1] != FILLED):
            q = p
            while q < span.stop and cells[q] == FILLED:
                q += 1
            found.append((p, q))
    if blocks is not None and [tuple(b) for b in blocks] != found:
        return f"the blocks {side} [{s}, {e}) beyond the crosses are {found}"
    if count > 0 and len(found) != count - long:
        return f"{len(found)} blocks {side} [{s}, {e}), not {count - long}"
    if long:
        ends = list(hints[:long] if before else hints[len(hints) - long :])
        if sizes is not None and list(sizes) != ends:
            return f"the clues at the {'first' if before else 'last'} end are {ends}, not {sizes}"
        a, b = found[0] if before else found[-1]
        if not found or any(h >= b - a for h in ends):
            return f"the farthest block {side} [{s}, {e}) is not too long for the clues {ends}"
    chain = [*found, (s, e)] if before else [(s, e), *found]
    for (a, be), (bs, b) in zip(chain[:-1], chain[1:], strict=True):
        crossed = CROSSED in cells[be:bs]
        far = b - a > max(hints)
        if count == 0 or (apart == "crosses" and (s, e) in ((a, be), (bs, b))):
            continue  # (the crosses around the boxes: t above)
        if apart == "crosses" and not crossed:
            return f"no cross between the blocks ending at {be} and starting at {bs}"
        if apart == "far" and not far:
            return f"the blocks ending at {be} and starting at {bs}: not too far for one clue"
        if apart == "mixed" and not (crossed or far):
            return f"the blocks ending at {be} and starting at {bs}: one clue could hold both"
    return _room_for_one_more(hints, cells, s, e, count, side)


def _near(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    a: int,
    b: int,
    wall: int,
    walled: bool | None,
) -> str | None:
    """Why clue ``i`` could not be the one clue holding both the boxes ``[s, e)`` and the next
    block ``[a, b)`` beside them: one of them is not all filled, a cell between them is decided,
    the cell ``wall`` is no cross with only undecided cells between it and the nearer of the
    two, a clue that could hold that one alone (not the last, the other after it; not the
    first, the other before it) fits between the cross and the other (one cell apart), or
    another clue is as long as the two together, or ``i`` shorter.  ``walled`` (when given):
    whether the words say the cross is beyond the boxes (else beyond the other block).  None
    when none of that fails."""
    n = len(cells)
    if not (0 <= s < e <= n and 0 <= a < b <= n) or any(
        cells[p] != FILLED for p in [*range(s, e), *range(a, b)]
    ):
        return f"[{s}, {e}) and [{a}, {b}) are not all filled"
    (fs, fe), (ss, se) = sorted([(s, e), (a, b)])
    if fe >= ss or any(cells[p] != UNKNOWN for p in range(fe, ss)):
        return f"[{fs}, {fe}) and [{ss}, {se}) are not next blocks with undecided cells between"
    if not (0 <= wall < n) or cells[wall] != CROSSED:
        return f"cell {wall} is no cross"
    if wall < fs:
        gap, room, alone = range(wall + 1, fs), ss - 1 - (wall + 1), hints[:-1]
        beyond = (fs, fe)
    elif wall >= se:
        gap, room, alone = range(se, wall), wall - (fe + 1), hints[1:]
        beyond = (ss, se)
    else:
        return f"cell {wall} is between the blocks"
    if any(cells[p] != UNKNOWN for p in gap):
        return f"cells between cell {wall} and the blocks are decided"
    if walled is not None and walled != (beyond == (s, e)):
        return "the cross is beyond the other block" if walled else "the cross is beyond the boxes"
    if any(h <= room for h in alone):
        return f"one of the clues {list(alone)} fits in the {room} cells past the cross"
    span = se - fs
    if not 0 <= i < len(hints) or hints[i] < span:
        return f"clue {i} is shorter than the {span} cells of both"
    if any(h >= span for j, h in enumerate(hints) if j != i):
        return f"another clue is as long as the {span} cells of both"
    return None


def _room_stretch(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    side: str,
    count: int,
    within: Sequence[int] | None,
    sizes: Sequence[int] | None,
) -> str | None:
    """Why clue ``i`` could have other than ``count`` clues on ``side`` of the boxes ``[s, e)``
    though the crosses leave no room there for ``count`` + 1 clues (by its own enumeration, the
    filled cells taken as undecided) and the most cells around the boxes with no cross
    (``within``, when given, must be them) are fewer than each of the ``count`` clues at that end
    of the line (``sizes``, when given, must be those clues); None when none of that fails."""
    n = len(cells)
    before = side == "before"
    if count != (i if before else len(hints) - 1 - i) or count <= 0:
        return f"{count} clues {side} clue {i}: not its place"
    a, b = s, e
    while a > 0 and cells[a - 1] != CROSSED:
        a -= 1
    while b < n and cells[b] != CROSSED:
        b += 1
    if within is not None and tuple(within) != (a, b):
        return f"the cells around [{s}, {e}) with no cross are [{a}, {b}), not {within}"
    ends = list(hints[:count] if before else hints[len(hints) - count :])
    if sizes is not None and list(sizes) != ends:
        return f"the clues at the {'first' if before else 'last'} end are {ends}, not {sizes}"
    if any(h <= b - a for h in ends):
        return f"[{a}, {b}) could hold one of the clues {ends}"
    return _room_for_one_more(hints, cells, s, e, count, side)


def _room_long(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    side: str,
    count: int,
    sizes: Sequence[int],
) -> str | None:
    """Why clue ``i`` could have other than ``count`` clues on ``side`` of the boxes ``[s, e)``
    though the crosses leave no room there for ``count`` + 1 clues (by its own enumeration, the
    filled cells taken as undecided) and the boxes are longer than each of the ``count`` clues
    at that end of the line (``sizes``, which must be them); None when none of that fails."""
    before = side == "before"
    if count != (i if before else len(hints) - 1 - i) or count <= 0:
        return f"{count} clues {side} clue {i}: not its place"
    ends = list(hints[:count] if before else hints[len(hints) - count :])
    if list(sizes) != ends:
        return f"the clues at the {'first' if before else 'last'} end are {ends}, not {sizes}"
    if any(h >= e - s for h in ends):
        return f"[{s}, {e}) is not longer than each of {ends}"
    return _room_for_one_more(hints, cells, s, e, count, side)


def _room_for_one_more(
    hints: Sequence[int], cells: Sequence[int], s: int, e: int, count: int, side: str
) -> str | None:
    """Why the ``count`` + 1 clues at ``side``'s end of the line could fit on that side of the
    boxes ``[s, e)`` (by brute force, the filled cells taken as undecided); None when they
    cannot."""
    n = len(cells)
    before = side == "before"
    open_ = [UNKNOWN if v == FILLED else v for v in cells]
    more = hints[: count + 1] if before else hints[len(hints) - 1 - count :]
    try:
        if arrangements(more, open_[: max(0, s - 1)] if before else open_[min(n, e + 1) :]):
            return f"{count + 1} clues fit {side} [{s}, {e})"
    except TooMany:
        return f"too many arrangements {side} [{s}, {e})"
    return None


def _blocks_on(cells: Sequence[int], s: int, e: int, side: str) -> list[list[int]]:
    """Every block ``[start, end)`` of ``cells`` on ``side`` of the boxes ``[s, e)``, in the
    line's order."""
    out: list[list[int]] = []
    span = range(0, s) if side == "before" else range(e, len(cells))
    for p in span:
        if cells[p] == FILLED and (p == span.start or cells[p - 1] != FILLED):
            q = p
            while q < span.stop and cells[q] == FILLED:
                q += 1
            out.append([p, q])
    return out


def _blocks_apart(
    hints: Sequence[int], cells: Sequence[int], s: int, e: int, side: str, count: int, apart: str
) -> str | None:
    """Why the blocks on ``side`` of the boxes ``[s, e)`` are not ``count`` clues other than
    theirs: not ``count`` blocks there, or two of them next to each other (the boxes the
    nearest) with no cross between (``apart`` "crosses"), spanning no more cells than the
    longest clue ("far"), or neither ("mixed"); None when they are."""
    found = _blocks_on(cells, s, e, side)
    if len(found) != count:
        return f"{len(found)} blocks {side} [{s}, {e}), not {count}"
    chain = [*found, [s, e]] if side == "before" else [[s, e], *found]
    for (a, be), (bs, b) in zip(chain[:-1], chain[1:], strict=True):
        crossed, far = CROSSED in cells[be:bs], b - a > max(hints)
        if not (crossed if apart == "crosses" else far if apart == "far" else crossed or far):
            return f"[{a}, {be}) and [{bs}, {b}): not apart by {apart}"
    return None


def _stranded(claim: dict[str, Any], hints: Sequence[int], cells: Sequence[int]) -> str | None:
    """A ``stranded`` claim, by brute force: its ``boxes`` are filled cells on its ``side`` of
    the boxes ``[start, end)``, and for every start of clue ``clue`` covering those boxes (no
    cross under it), no placing of the clues on that side (in order, a cell apart, none on a
    cross, beyond the cell next to it) puts each of ``boxes`` inside one clue, nor does the clue
    itself cover any of them.  (Any arrangement with the clue on the boxes would be such a
    placing: the claim is that the clue holds the boxes in no arrangement.)"""
    n, s, e, i = len(cells), claim["start"], claim["end"], claim["clue"]
    h = hints[i]
    spans = [tuple(b) for b in claim["boxes"]]
    if not spans:
        return "no boxes named"
    for a, b in spans:
        if b <= a or any(cells[p] != FILLED for p in range(a, b)):
            return f"cells [{a}, {b}) are not all filled"
        if (claim["side"] == "before" and b > s) or (claim["side"] == "after" and a < e):
            return f"cells [{a}, {b}) are not {claim['side']} the boxes"
    side = list(range(i)) if claim["side"] == "before" else list(range(i + 1, len(hints)))
    for t in range(0, n - h + 1):
        if not (t <= s and e <= t + h) or any(cells[p] == CROSSED for p in range(t, t + h)):
            continue
        if any(t <= a and b <= t + h for a, b in spans):
            return f"clue {i} from {t} covers boxes it is said to leave"
        lo, hi = (0, t - 1) if claim["side"] == "before" else (t + h + 1, n)
        for got in _placings([hints[j] for j in side], cells, lo, hi, []):
            if all(any(q <= a and b <= r for q, r in got) for a, b in spans):
                return f"clue {i} from {t} leaves the clues {claim['side']} it room: {got}"
    return None


def _placings(
    lengths: Sequence[int], cells: Sequence[int], at: int, hi: int, got: list[tuple[int, int]]
) -> Iterator[list[tuple[int, int]]]:
    """Every placing of blocks ``lengths`` in order in cells ``[at, hi)``, a cell apart, none on
    a cross (the line's boxes not looked at), as ``[(start, end), ...]``."""
    if len(got) == len(lengths):
        yield list(got)
        return
    w = lengths[len(got)]
    for q in range(at, hi - w + 1):
        if all(cells[p] != CROSSED for p in range(q, q + w)):
            got.append((q, q + w))
            yield from _placings(lengths, cells, q + w + 1, hi, got)
            got.pop()


def _claims(premise: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [c for c in premise["claims"] if c["claim"] == kind]


def check_inference(premise: dict[str, Any], hints: Sequence[int], n: int) -> str | None:
    """The step from the claims to the cells that each wording states, by arithmetic."""
    say = premise["say"]
    decided = {p: v for p, v in premise["cells"]}
    held = [(c["start"], c["end"], c["clues"]) for c in _claims(premise, "holders")]
    for c in _claims(premise, "edge_block"):  # a reason stands beside the claim it is for
        if (c["start"], c["end"], c["clues"]) not in held:
            return "the first (last) block given as a reason for no block's holder"
    for c in _claims(premise, "only_long"):
        if (c["start"], c["end"], c["clues"]) not in held:
            return "the only clue that long given as a reason for no block's holder"
    for c in [
        c
        for k in (
            "counted_block",
            "walled_block",
            "part_edge",
            "no_room",
            "room_block",
            "room_apart_block",
            "blocks_apart_block",
            "room_stretch_block",
            "room_long_block",
            "near_block",
        )
        for c in _claims(premise, k)
    ]:
        if (c["start"], c["end"], c["clues"]) not in held:
            return f"a {c['claim']} claim given as a reason for no block's holder"
    for c in _claims(premise, "sole_holder"):
        if (c["start"], c["end"], c["clues"]) not in held:
            return "a sole holder given as a reason for no block's holder"
        wrong = check_sole_holder(c, hints, n)
        if wrong:
            return wrong
    for c in _claims(premise, "kept_off"):
        if any(
            i in h[2] for h in held for i in c["clues"] if (h[0], h[1]) == (c["start"], c["end"])
        ):
            return "a clue kept off a block is still named as its holder"
        wrong = check_sole_holder(c, hints, n)
        if wrong:
            return wrong
    if say == "arrangement":  # one clue covers each filled cell both ways, none each empty one
        (c,) = _claims(premise, "extremes")
        ends = [
            [(s, s + hints[i]) for s, i in zip(side, c["clues"], strict=True)]
            for side in (c["left"], c["right"])
        ]
        for p, v in decided.items():
            both = [any(s <= p < e for s, e in blocks) for blocks in ends]
            same = any(
                ends[0][j][0] <= p < ends[0][j][1] and ends[1][j][0] <= p < ends[1][j][1]
                for j in range(len(c["clues"]))
            )
            # empty: the same number of clues ends before it both ways, and neither covers it
            before = [sum(e <= p for _, e in blocks) for blocks in ends]
            if (v == FILLED and not same) or (
                v == CROSSED and (any(both) or before[0] != before[1])
            ):
                return f"cell {p} is not decided alike by the two arrangements"
        return None
    if say == "overlap":
        (c,) = _claims(premise, "starts")
        h = hints[c["clue"]]
        sure = set(range(c["max"], c["min"] + h))
        ok = set(decided) <= sure and set(decided.values()) == {FILLED}
        return None if ok else "overlap cells outside the pushed placements' common part"
    if say == "punctuate":
        (b,) = _claims(premise, "block")
        (held,) = _claims(premise, "holders")
        for c in _claims(premise, "only_long"):  # the reason given for its one holder
            if (c["start"], c["end"], c["clues"]) != (b["start"], b["end"], held["clues"]):
                return "the only clue that long is not the block's holder"
        if max(hints[i] for i in held["clues"]) != b["end"] - b["start"]:
            return "the block is not as long as its longest holder"
        if not set(decided) <= {b["start"] - 1, b["end"]}:
            return "finished block: cells other than its ends"
        return None
    if say == "small_gap":
        (g,) = _claims(premise, "gap")
        size = g["end"] - g["start"]
        wrong = check_chain_of_bounds(premise, hints, n)
        if wrong:
            return wrong
        inside = [  # each start of a clue short enough to lie in the gap
            (i, s)
            for i, h in enumerate(hints)
            if h <= size
            for s in range(g["start"], g["end"] - h + 1)
        ]
        wrong = _unstopped(premise, hints, n, inside)
        if wrong:
            return f"the gap: {wrong}"
        for c in _claims(premise, "shortest"):
            if min(hints[i] for i in c["clues"]) != c["length"] or c["length"] <= size:
                return "the shortest clue is not as stated, or fits"
        if not set(decided) <= set(range(g["start"], g["end"])):
            return "gap: cells outside the gap"
        return None
    if say in (
        "punctuate_reach",
        "punctuate_reach_misfit",
        "simple_spaces_misfit",
        "mercury",
        "mercury_misfit",
    ) or (say == "simple_spaces" and any("from" in c for c in _claims(premise, "starts"))):
        wrong = check_chain_of_bounds(premise, hints, n)
        if wrong:
            return wrong
        wrong = _no_start_covers(premise, hints, n)
        if wrong:
            return wrong
        for c in _claims(premise, "holders"):
            if len(c["clues"]) != 1:
                return "a bound's box has several holders"
        return None
    if say == "simple_spaces":
        for p in decided:
            for c in _claims(premise, "starts"):
                h = hints[c["clue"]]
                if c["max"] is not None and c["min"] is None and p < c["max"] + h:
                    return f"cell {p} may be reached by clue {c['clue']} (ends by {c['max'] + h})"
                if c["min"] is not None and c["max"] is None and p >= c["min"]:
                    return f"cell {p} may be reached by clue {c['clue']} (from {c['min']})"
        for c in _claims(premise, "holders"):
            if len(c["clues"]) != 1:
                return "a bound's box has several holders"
        return None
    if say == "glue":
        held = _claims(premise, "holder_starts")
        (b,) = _claims(premise, "block")
        (holders,) = [  # the block's own holders (the others are reasons for bounds)
            c
            for c in _claims(premise, "holders")
            if (c["start"], c["end"]) == (b["start"], b["end"])
        ]
        if sorted(c["clue"] for c in held) != sorted(holders["clues"]):
            return "glue: the holders and their starts differ"
        wrong = check_chain_of_bounds(premise, hints, n)
        if wrong:
            return f"glue: {wrong}"
        (g,) = _claims(premise, "gap")
        nearer = [  # each start holding the block inside its gap that a holder is said not to take
            (c["clue"], s)
            for c in held
            for s in range(max(g["start"], b["end"] - hints[c["clue"]]), b["start"] + 1)
            if s + hints[c["clue"]] <= g["end"] and not c["min"] <= s <= c["max"]
        ]
        wrong = _unstopped({**premise, "claims": _bounds_only(premise)}, hints, n, nearer)
        if wrong:
            return f"glue: {wrong}"
        sure = set(range(n))
        for c in held:
            sure &= set(range(c["max"], c["min"] + hints[c["clue"]]))
        ok = set(decided) <= sure - set(range(b["start"], b["end"]))
        return None if ok else "glue cells not covered by every holder's placements"
    if say == "join":
        a, b = _claims(premise, "block")[:2]
        owners = [c["clues"] for c in _claims(premise, "holders")]
        ok = len(owners) == 2 and owners[0] == owners[1] and len(owners[0]) == 1
        ok = ok and set(decided) == set(range(a["end"], b["start"]))
        return None if ok else "join: not one clue for both blocks, or cells not between them"
    if say in ("split", "split_long"):
        (whole,) = _claims(premise, "no_holder")
        (p,) = decided
        boxes = [c for c in premise["claims"] if c["claim"] in ("block", "boxes")]
        covered = {p} | {q for c in boxes for q in range(c["start"], c["end"])}
        if covered != set(range(whole["start"], whole["end"])):
            return "split: the joined block is not the boxes and the cell"
        why = _claims(premise, "cannot_cover")
        length = whole["end"] - whole["start"]
        if why and (
            sorted(c["clue"] for c in why) != [i for i, h in enumerate(hints) if h >= length]
            or any((c["start"], c["end"]) != (whole["start"], whole["end"]) for c in why)
        ):
            return "split: the clues said unable to cover the block are not those that long"
        if say == "split_long":
            most = max(hints[i] for c in _claims(premise, "holders") for i in c["clues"])
            if most >= whole["end"] - whole["start"]:
                return "split: a holder is long enough"
        return None
    return None


def _relaxed(cells: Sequence[int]) -> list[int]:
    """``cells`` with the filled ones taken as undecided (the crosses alone)."""
    return [CROSSED if v == CROSSED else UNKNOWN for v in cells]


def _cannot_cover(
    hints: Sequence[int],
    cells: Sequence[int],
    i: int,
    s: int,
    e: int,
    why: str,
    within: Sequence[int],
    touched: Sequence[Sequence[int]] = (),
) -> str | None:
    """None when clue ``i`` cannot cover all of cells ``[s, e)`` for the reason ``why``, by the
    crosses alone: "fit", the cells ``within`` hold ``[s, e)``, have no cross, crosses or edges
    around them, and are fewer than the clue; "before" ("after"), at every start of the clue
    covering them, the clues before (after) it have no arrangement in the cells before (after)
    it, the filled ones taken as undecided (:func:`arrangements`); but the starts ``touched``
    (``(start, box start, box end)``), each a start over the cells with the filled cells
    ``[box start, box end)`` beside it (it would run into them)."""
    n, h = len(cells), hints[i]
    skip = set()
    for t, a, b in touched:
        if not max(0, e - h) <= t <= min(s, n - h) or why == "fit":
            return f"clue {i} from {t} is not a start over [{s}, {e})"
        if not 0 <= a < b <= n or any(cells[p] != FILLED for p in range(a, b)):
            return f"[{a}, {b}) is not filled"
        if not (a <= t - 1 < b or a <= t + h < b):
            return f"clue {i} from {t} is not beside [{a}, {b})"
        skip.add(t)
    if why == "fit":
        a, b = within
        ok = 0 <= a <= s < e <= b <= n and CROSSED not in cells[a:b]
        ok = ok and (a == 0 or cells[a - 1] == CROSSED) and (b == n or cells[b] == CROSSED)
        return None if ok and b - a < h else f"clue {i} fits in [{a}, {b})"
    if why not in ("before", "after"):
        return f"no reason {why!r}"
    for t in range(max(0, e - h), min(s, n - h) + 1):
        if t in skip:
            continue
        if why == "before":
            room = arrangements(hints[:i], _relaxed(cells[: max(0, t - 1)]))
        else:
            room = arrangements(hints[i + 1 :], _relaxed(cells[t + h + 1 :]))
        if room:
            return f"clue {i} from {t} leaves room {why} it"
    return None


def _cannot_hold(
    hints: Sequence[int],
    cells: Sequence[int],
    i: int,
    s: int,
    e: int,
    side: str,
    spans: Sequence[Sequence[int]],
) -> str | None:
    """None when clue ``i`` cannot cover all of cells ``[s, e)`` because, at every start of it
    covering them (no cross in it, no filled cell beside it), the clues before (after) it have
    no arrangement in the cells before (after) it that covers the filled cells ``spans`` (each
    ``[start, end)``, filled, on that side and out of its reach), the line's other cells taken
    as undecided but for their crosses (:func:`arrangements`)."""
    n, h = len(cells), hints[i]
    if not spans or any(cells[p] != FILLED for a, b in spans for p in range(a, b)):
        return f"the boxes {spans} are not all filled"
    for t in range(max(0, e - h), min(s, n - h) + 1):
        if CROSSED in cells[t : t + h]:
            continue
        if (t > 0 and cells[t - 1] == FILLED) or (t + h < n and cells[t + h] == FILLED):
            continue
        if side == "before":
            lo, hi, others = 0, max(0, t - 1), hints[:i]
        else:
            lo, hi, others = min(n, t + h + 1), n, hints[i + 1 :]
        if any(a < lo or b > hi for a, b in spans):
            return f"clue {i} from {t} does not leave the boxes {spans} {side} it"
        room = _relaxed(cells[lo:hi])
        for a, b in spans:
            room[a - lo : b - lo] = [FILLED] * (b - a)
        if arrangements(others, room):
            return f"clue {i} from {t} leaves the clues {side} it room for the boxes {spans}"
    return None


def check_sole_holder(claim: dict[str, Any], hints: Sequence[int], n: int) -> str | None:
    """A ``sole_holder`` (or ``kept_off``: only its clues) claim's reason proves it by
    arithmetic: its ``because`` claims do not rest on the boxes' own holder (no ``holders``
    claim of boxes among them), each of its bounds follows from what it states before
    (:func:`check_chain_of_bounds`), and together, by the clues' order but not the edges'
    packing unless they state it, they stop every start of every other clue at least as long
    (of each clue kept off) from which it would cover the boxes (:func:`_unstopped`)."""
    s, e = claim["start"], claim["end"]
    because = {"claims": claim["because"]}
    stranded = _claims(because, "stranded")
    if stranded:  # each clue kept off by what its holding them would leave unheld
        if len(stranded) != len(claim["because"]):
            return "boxes left unheld given beside other reasons"
        kept = claim["clues"]
        if claim["claim"] == "sole_holder":  # every other clue as long is kept off
            (i,) = claim["clues"]
            kept = [j for j, h in enumerate(hints) if j != i and h >= e - s]
        if sorted(c["clue"] for c in stranded) != sorted(kept) or any(
            (c["start"], c["end"]) != (s, e) for c in stranded
        ):
            return "the clues left unable to hold the boxes are not those kept off"
        return None
    if _claims(because, "apart"):  # by counting: the reason alone
        return _counted(claim, hints)
    for c in _claims(because, "holders"):
        if c["start"] < e and s < c["end"]:
            return "a sole holder's reason rests on the holder of its own boxes"
    wrong = check_chain_of_bounds(because, hints, n)
    if wrong:
        return f"sole holder: {wrong}"
    if "over" in claim:
        wrong = _over(claim, hints, n)
        if wrong:
            return f"sole holder: {wrong}"
    if claim["claim"] == "kept_off":  # the clues named, kept off
        off = list(claim["clues"])
    else:  # every other clue as long
        off = [j for j, h in enumerate(hints) if j not in claim["clues"] and h >= e - s]
    starts = [(j, st) for j in off for st in range(max(0, e - hints[j]), min(s, n - hints[j]) + 1)]
    wrong = _unstopped(because, hints, n, starts, packed=False)
    return None if wrong is None else f"sole holder: {wrong}"


def _over(claim: dict[str, Any], hints: Sequence[int], n: int) -> str | None:
    """A ``sole_holder`` claim's ``over`` reason, as its words say it ("a 3 or a 4 over cell 10
    would cover the cross at cell 9 or run into the boxes at cells 12–14"): its last ``walls``
    claims are ``cannot_start`` claims (each cause checked by :func:`_excluded` and by brute
    force), of clues whose lengths are exactly ``over``; each length is that of another clue at
    least as long as the boxes, has a start over them, and every such start (any clue that long)
    is one those claims rule out."""
    s, e = claim["start"], claim["end"]
    walls = claim["because"][len(claim["because"]) - claim["walls"] :]
    if not walls or any(c["claim"] != "cannot_start" for c in walls):
        return "the walls around the boxes are not starts ruled out"
    if sorted({hints[c["clue"]] for c in walls}) != sorted(claim["over"]):
        return f"the lengths {claim['over']} are not those of the starts ruled out"
    others = {h for j, h in enumerate(hints) if j not in claim["clues"] and h >= e - s}
    for h in claim["over"]:
        if h not in others:
            return f"no other clue as long as the boxes is {h} long"
        ruled = {st for c in walls if hints[c["clue"]] == h for st in range(c["min"], c["max"] + 1)}
        starts = set(range(max(0, e - h), min(s, n - h) + 1))
        if not starts or starts - ruled:
            return f"a {h} may start over [{s}, {e}) at {sorted(starts - ruled)}"
    return None


def _counted(claim: dict[str, Any], hints: Sequence[int]) -> str | None:
    """A ``sole_holder`` (or ``kept_off``: only its clues) claim whose reason is one ``apart``
    claim (checked by brute force as a claim) proves it by arithmetic: blocks set apart by
    crosses are as many different clues, in order, so the boxes' holder has at least as many
    clues before (after) it as the blocks named before (after) them; and no clue longer than
    the cross-free cells ``gap`` around the boxes fits there.  Every other clue as long (each
    clue kept off) must be out of that range of clues or too long for the gap, and the clues
    too long (``long``) are those the words name."""
    if len(claim["because"]) != 1:
        return "a counted reason says more than its apart claim"
    (c,) = claim["because"]
    if (c["start"], c["end"]) != (claim["start"], claim["end"]):
        return "the apart claim is of other boxes"
    s, e = claim["start"], claim["end"]
    lo, hi = len(c["before"]), len(hints) - 1 - len(c["after"])
    room = c["gap"][1] - c["gap"][0] if "gap" in c else len(hints) * 10**6
    if claim["claim"] == "kept_off":  # the clues named, kept off
        off = list(claim["clues"])
    else:  # every other clue as long
        off = [j for j, h in enumerate(hints) if j not in claim["clues"] and h >= e - s]
    left = [j for j in off if lo <= j <= hi]
    if any(hints[j] <= room for j in left):
        return f"counting leaves clues {left} able to hold [{s}, {e})"
    if "gap" in c and sorted(c["long"]) != left:
        return f"the clues too long for the gap are {left}, not {c['long']}"
    return None


def _excluded(claim: dict[str, Any], h: int) -> str | None:
    """A ``cannot_start`` claim's cause rules out each of its starts, by arithmetic: each start
    covers the cross, or its cells touch or overlap the boxes without holding them all."""
    for s in range(claim["min"], claim["max"] + 1):
        if "cross" in claim:
            cs, ce = claim["cross"]
            if not (s < ce and cs < s + h):
                return f"a start at {s} does not cover a cross of [{cs}, {ce})"
        elif "boxes" in claim:
            bs, be = claim["boxes"]
            touches = s + h >= bs and s <= be
            if not touches or (s <= bs and be <= s + h):
                return f"a start at {s} does not run into the boxes [{bs}, {be})"
        elif "order" in claim:  # the clues on that side, a cell apart, do not fit
            need = sum(claim["sizes"]) + len(claim["sizes"])
            room = s if claim["order"] == "before" else claim["size"] - s - h
            if not claim["sizes"] or room >= need:
                return f"a start at {s} leaves room for the clues {claim['sizes']}"
        else:
            return "a start ruled out without a cause"
    return None


def _bounds_only(premise: dict[str, Any]) -> list[dict[str, Any]]:
    """A premise's claims without its ``holders`` claims (a block's possible holders bound no
    clue: each holder may be elsewhere when it does not hold the block)."""
    return [c for c in premise["claims"] if c["claim"] != "holders"]


def _no_start_covers(premise: dict[str, Any], hints: Sequence[int], n: int) -> str | None:
    """Every start of every clue that would cover a cell the premise empties is stopped
    (:func:`_unstopped`)."""
    starts = [
        (i, s)
        for p, _ in premise["cells"]
        for i, h in enumerate(hints)
        for s in range(max(0, p - h + 1), min(p, n - h) + 1)
    ]
    return _unstopped(premise, hints, n, starts)


def _unstopped(
    premise: dict[str, Any],
    hints: Sequence[int],
    n: int,
    starts: list[tuple[int, int]],
    *,
    packed: bool = True,
) -> str | None:
    """Each ``(clue, start)`` of ``starts`` is outside the bounds the premise states (or that
    follow from them by the clues' order and the edges, of the line or of a stated part), or
    ruled out by a ``cannot_start`` claim; else what is not.  Not ``packed``: the clues packed
    against the line's edges bound nothing unless a claim says so — only the bounds stated
    (and a stated part's, for its clues and those beyond it) and what the clues' order carries
    from them to the clues farther on."""
    k = len(hints)
    if packed:
        lo = [sum(hints[:i]) + i for i in range(k)]
        hi = [n - sum(hints[i:]) - (k - 1 - i) for i in range(k)]
    else:  # (-n: no bound; the order carries it as none)
        lo, hi = [-2 * n] * k, [2 * n] * k
    ruled: dict[int, set[int]] = {}
    for c in premise["claims"]:
        kind = c["claim"]
        if kind == "starts":
            if c["min"] is not None:
                lo[c["clue"]] = max(lo[c["clue"]], c["min"])
            if c["max"] is not None:
                hi[c["clue"]] = min(hi[c["clue"]], c["max"])
        elif kind == "holders" and len(c["clues"]) == 1:
            i = c["clues"][0]
            lo[i], hi[i] = max(lo[i], c["end"] - hints[i]), min(hi[i], c["start"])
        elif kind == "edge_box" and c["side"] == "first":
            hi[c["clue"]] = min(hi[c["clue"]], c["start"])
        elif kind == "edge_box":
            lo[c["clue"]] = max(lo[c["clue"]], c["end"] - hints[c["clue"]])
        elif kind == "part" and c["clues"]:
            first, last = min(c["clues"]), max(c["clues"])
            for i in c["clues"] if not packed else ():  # its clues lie within it
                lo[i], hi[i] = max(lo[i], c["start"]), min(hi[i], c["end"] - hints[i])
            if first > 0:
                hi[first - 1] = min(hi[first - 1], c["start"] - hints[first - 1])
            if last + 1 < k:
                lo[last + 1] = max(lo[last + 1], c["end"])
        elif kind == "cannot_start":
            ruled.setdefault(c["clue"], set()).update(range(c["min"], c["max"] + 1))
    for i in range(1, k):  # the clues' order
        lo[i] = max(lo[i], lo[i - 1] + hints[i - 1] + 1)
    for i in range(k - 2, -1, -1):
        hi[i] = min(hi[i], hi[i + 1] - hints[i] - 1)
    for i, s in starts:
        if lo[i] <= s <= hi[i] and s not in ruled.get(i, ()):
            return f"clue {i} may start at {s}: nothing stated stops it"
    return None


def _edge_clue(claim: dict[str, Any], first: int, end: int, part: tuple[int, int]) -> str | None:
    """An ``edge_box`` claim names the first (last) clue of the cells it is the first (last)
    boxes of: the line's, or the stated part's (clues ``first`` .. ``end - 1`` in ``part``)."""
    if tuple(claim["within"]) != part:
        return f"the {claim['side']} box is of cells {claim['within']}, not of {list(part)}"
    if claim["clue"] != (first if claim["side"] == "first" else end - 1):
        return f"clue {claim['clue']} is not the {claim['side']} clue there"
    return None


def check_chain_of_bounds(premise: dict[str, Any], hints: Sequence[int], n: int) -> str | None:
    """Each bound a premise states comes from what it states before it: a clue placed on a block
    (``holders`` of one clue), the clues packed from the line's edge (or its part's, when a
    ``part`` claim names it) or the neighbouring clue's stated bound and a gap, then past every
    start a ``cannot_start`` claim rules out for its cause."""
    lows: dict[int, int] = {}
    highs: dict[int, int] = {}
    ruled: dict[int, set[int]] = {}
    ps, pe, first, end = 0, n, 0, len(hints)
    for c in _claims(premise, "part"):  # the clues packed from its edges, not the line's
        ps, pe, first, end = c["start"], c["end"], min(c["clues"]), max(c["clues"]) + 1
    for c in premise["claims"]:
        kind = c["claim"]
        if kind == "holders" and len(c["clues"]) == 1:
            i = c["clues"][0]
            lows[i], highs[i] = c["end"] - hints[i], c["start"]
        elif kind == "edge_box":
            wrong = _edge_clue(c, first, end, (ps, pe))
            if wrong:
                return wrong
            if c["side"] == "first":
                highs[c["clue"]] = min(highs.get(c["clue"], n), c["start"])
            else:
                i = c["clue"]
                lows[i] = max(lows.get(i, 0), c["end"] - hints[i])
        elif kind == "cannot_start":
            wrong = _excluded(c, hints[c["clue"]])
            if wrong:
                return wrong
            ruled.setdefault(c["clue"], set()).update(range(c["min"], c["max"] + 1))
        elif kind == "starts":
            i, lo, hi = c["clue"], c["min"], c["max"]
            if lo is not None:
                base = ps + sum(hints[first:i]) + (i - first) if first <= i else 0
                if i - 1 in lows:
                    base = max(base, lows[i - 1] + hints[i - 1] + 1)
                base = max(base, lows.get(i, base))
                if any(s not in ruled.get(i, ()) for s in range(base, lo)):
                    return f"clue {i} starting at {lo} or later is not derived (from {base})"
                lows[i] = lo
            if hi is not None:
                last = pe - sum(hints[i:end]) - (end - 1 - i) if i < end else n
                if i + 1 in highs:
                    last = min(last, highs[i + 1] - hints[i] - 1)
                last = min(last, highs.get(i, last))
                if any(s not in ruled.get(i, ()) for s in range(hi + 1, last + 1)):
                    return f"clue {i} starting at {hi} or earlier is not derived (from {last})"
                highs[i] = hi
    return None


def pushed(
    hints: Sequence[int], cells: Sequence[int], part: dict[str, Any] | None = None
) -> tuple[dict[int, int], dict[int, int]] | None:
    """Each clue's start with the clues pushed left, and pushed right, with only the crosses
    as walls (an Overlap's own argument), in the cells of ``part`` (a ``part`` claim: its
    clues only) or the whole line; None when they do not fit."""
    ps, pe, clues = 0, len(cells), list(range(len(hints)))
    if part is not None:
        ps, pe, clues = part["start"], part["end"], list(part["clues"])

    def fits(s: int, h: int) -> bool:
        return ps <= s and s + h <= pe and all(cells[p] != CROSSED for p in range(s, s + h))

    left: dict[int, int] = {}
    at = ps
    for i in clues:
        while at + hints[i] <= pe and not fits(at, hints[i]):
            at += 1
        if not fits(at, hints[i]):
            return None
        left[i], at = at, at + hints[i] + 1
    right: dict[int, int] = {}
    end = pe
    for i in reversed(clues):
        at = end - hints[i]
        while at >= ps and not fits(at, hints[i]):
            at -= 1
        if at < ps:
            return None
        right[i], end = at, at - 1
    return left, right


def check_pushed(
    premise: dict[str, Any], hints: Sequence[int], cells: Sequence[int], part: Any = None
) -> str | None:
    """An Overlap's range is the one its push-left / push-right argument gives (:func:`pushed`,
    on the step's part when it has one): nothing else bounds it, so the argument itself is its
    reason (a range the boxes narrowed, say, would need its own)."""
    packed = pushed(hints, cells, part)
    for c in _claims(premise, "starts"):
        if packed is None or (c["min"], c["max"]) != (packed[0][c["clue"]], packed[1][c["clue"]]):
            return f"clue {c['clue']}'s range [{c['min']}, {c['max']}] is not the packings'"
    return None


def check_step(step: Any, hints: Sequence[int], before: Sequence[int]) -> list[str] | None:
    """Problems of one line step (its premises' claims and inferences, and its cells) on its
    line (clue ``hints``, cells ``before`` the step); a premise of round k is checked on the
    line with the cells of the earlier rounds' premises decided.  None when the line has too
    many arrangements to list."""
    state = list(before)
    problems = []
    rounds = sorted({p.get("round", 0) for p in step.premises})
    for k in rounds:
        try:
            arr = arrangements(hints, state)
        except TooMany:
            return None
        if not arr:
            return [*problems, "the line has no arrangement"]
        premises = [p for p in step.premises if p.get("round", 0) == k]
        for premise in premises:
            for claim in premise["claims"]:
                wrong = check_claim(claim, hints, state, arr)
                if wrong:
                    problems.append(f"{premise['say']}: {claim['claim']}: {wrong}")
            wrong = check_inference(premise, hints, len(state))
            if wrong:
                problems.append(f"{premise['say']}: {wrong}")
            if premise["say"] == "overlap":
                (clue,) = [c["clue"] for c in premise["claims"] if c["claim"] == "starts"]
                part = next(  # the step's part holding the clue, when it is on one
                    (
                        c
                        for q in step.premises
                        for c in q["claims"]
                        if c["claim"] == "part" and clue in c["clues"]
                    ),
                    None,
                )
                wrong = check_pushed(premise, hints, state, part)
                if wrong:
                    problems.append(f"overlap: {wrong}")
            for p, v in premise["cells"]:
                if state[p] != UNKNOWN:
                    problems.append(f"{premise['say']}: cell {p} was already decided")
                elif any(_value(hints, a, p) != v for a in arr):
                    problems.append(f"{premise['say']}: cell {p} is not {v} in every arrangement")
        for premise in premises:
            for p, v in premise["cells"]:
                state[p] = v
    return problems


def _replay(
    links: list[dict[str, Any]], puzzle: Any, state: list[list[int]], problems: list[str]
) -> bool | None:
    """Check ``forced``/``dead`` links in order on ``state`` (updated in place): each forced
    line's cells hold in every arrangement of its clue; True when the last link is a dead line
    with no arrangement.  None when a line has too many arrangements to list."""
    for n, link in enumerate(links):
        claim = link["claims"][0]
        axis, index = claim["axis"], claim["index"]
        hints = tuple(h for h in (puzzle.rows if axis == "row" else puzzle.cols)[index] if h > 0)
        cells = state[index] if axis == "row" else [row[index] for row in state]
        try:
            arr = arrangements(hints, cells)
        except TooMany:
            return None
        if link["say"] == "dead":
            if arr:
                problems.append(f"{axis} {index} has room for its clue ({len(arr)} ways)")
            return n == len(links) - 1
        for p, v in link["cells"]:
            if cells[p] != UNKNOWN or not arr or any(_value(hints, x, p) != v for x in arr):
                problems.append(f"{axis} {index}: cell {p} is not {v} in every arrangement")
            rr, cc = (index, p) if axis == "row" else (p, index)
            state[rr][cc] = v
    return False


def _used_lists(step: Any) -> list[str]:
    """Problems of a chain's words "row 25, among the cells it empties: 13, 20, 28 and 1 more,
    which the chain uses": each such link (a ``forced`` claim marked ``used``) has its cells
    where a later line of the chain crosses its line (so the chain goes on from them), and the
    words say it once for each such link."""
    problems = []
    premises = list(step.premises)
    marked = 0
    for k, premise in enumerate(premises):
        claim = premise["claims"][0]
        if premise["say"] != "forced" or not claim.get("used"):
            continue
        marked += 1
        later = {
            (q["claims"][0]["axis"], q["claims"][0]["index"])
            for q in premises[k + 1 :]
            if q["say"] in ("forced", "dead")
        }
        across = "column" if claim["axis"] == "row" else "row"
        for p, _ in premise["cells"]:
            if (across, p) not in later:
                problems.append(
                    f"{claim['axis']} {claim['index']}: cell {p} is said to be used, but no later "
                    "line of the chain crosses it"
                )
    text = getattr(step, "text", None)  # (premises alone: their claims are checked)
    if text is not None and text.count("which the chain uses") != marked:
        problems.append(f"'which the chain uses' said for other than the {marked} links marked")
    return problems


def check_chain(step: Any, puzzle: Any, grid: list[list[int]]) -> list[str] | None:
    """Problems of a contradiction step: from the grid before the step with the cell assumed,
    each ``forced`` line's cells hold in every arrangement of its clue and the chain ends at a
    ``dead`` line with none; for a chained contradiction, after the first chain (which ends
    without a dead line) each ``branch`` value of the second cell ends at a dead line.  The
    step decides the first assumed cell the other way."""
    state = [list(row) for row in grid]
    problems: list[str] = _used_lists(step)
    premises = list(step.premises)
    a = premises[0]["claims"][0]
    r, c, assumed = a["row"], a["column"], a["value"]
    if premises[0]["say"] != "suppose" or state[r][c] != UNKNOWN:
        return ["the chain does not start by supposing an undecided cell"]
    if tuple(step.cells) != ((r, c, FILLED + CROSSED - assumed),):
        problems.append("the step does not decide the assumed cell the other way")
    state[r][c] = assumed
    cuts = [i for i, p in enumerate(premises) if p["say"] == "branch"]
    first = premises[1 : cuts[0] if cuts else len(premises)]
    ended = _replay(first, puzzle, state, problems)
    if ended is None:
        return None
    if not cuts:
        return problems if ended else [*problems, "the chain does not end at one dead line"]
    if ended or len(cuts) != 2:
        return [*problems, "a chained contradiction needs two branches after its first chain"]
    values = set()
    for i, j in ((cuts[0], cuts[1]), (cuts[1], len(premises))):
        b = premises[i]["claims"][0]
        branch = [list(row) for row in state]
        if branch[b["row"]][b["column"]] != UNKNOWN:
            problems.append("a branch supposes a decided cell")
        branch[b["row"]][b["column"]] = b["value"]
        values.add((b["row"], b["column"], b["value"]))
        ended = _replay(premises[i + 1 : j], puzzle, branch, problems)
        if ended is None:
            return None
        if not ended:
            problems.append("a branch does not end at one dead line")
    if len({(x, y) for x, y, _ in values}) != 1 or {v for *_, v in values} != {FILLED, CROSSED}:
        problems.append("the branches are not both values of one cell")
    return problems


def check_guess(step: Any, puzzle: Any, grid: list[list[int]] | None = None) -> list[str]:
    """A search step's guess: the cell has the guessed value in a solution the complete solver
    finds (the one the trace continues from).  With the ``grid`` before it, its "knowing it,
    line logic decides N more cells, and no other cell more" too: line logic run afresh
    (the core line solver, no trial memory) from the grid with each undecided cell given its
    solution value; N is the guess's count and no cell's count is higher."""
    import numpy as np

    from nonostudio.core.gridstate import Contradiction, GridState
    from nonostudio.core.line import UNKNOWN
    from nonostudio.core.solver import solve

    claim = step.premises[0]["claims"][0]
    solution = solve(puzzle).solution
    r, c, v = claim["row"], claim["column"], claim["value"]
    if solution is None or int(solution[r, c]) != v or tuple(step.cells) != ((r, c, v),):
        return [f"the guess ({r}, {c}) = {v} is not the solution's value"]
    said = re.search(r"knowing it, line logic decides (\d+) more cells?, and no other", step.text)
    if grid is None or said is None:
        return []
    before = np.array(grid, dtype=np.int8)
    known = int((before != UNKNOWN).sum())

    def decides(row: int, col: int) -> int:
        state = GridState.from_grid(puzzle, before)
        state.set_cell(row, col, int(solution[row, col]))
        try:
            state.propagate()
        except Contradiction:
            return -1
        return int(state.known) - known - 1

    counts = {
        (row, col): decides(row, col)
        for row in range(puzzle.height)
        for col in range(puzzle.width)
        if before[row, col] == UNKNOWN
    }
    stated = int(said.group(1))
    problems = []
    if counts.get((r, c)) != stated or claim.get("decides") != stated:
        problems.append(f"the guess decides {counts.get((r, c))} more cells, not {stated}")
    if max(counts.values()) > stated:
        problems.append(f"another cell decides {max(counts.values())} more, above {stated}")
    return problems


_MORE = re.compile(r"\bcells? ((?:\d+(?:–\d+)?, )*\d+(?:–\d+)?) and (\d+) more\b")


def _ranges(cells: set[int]) -> list[tuple[int, int]]:
    """The runs of consecutive ``cells`` (0-based), as ``(first, last)``, in order."""
    out: list[tuple[int, int]] = []
    for p in sorted(cells):
        if out and out[-1][1] == p - 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out


def _step_cell_sets(step: Any) -> list[set[int]]:
    """The sets of cells a line step's premises state, which its words may list: each
    premise's cells (all, and those of each value), the cells of each claim (its span, its
    boxes, crosses and the blocks it names), and the crosses (boxes) of each run of claims in a
    row (a chain's links said at once: "cells 1–5, 7, 9, 11 and 2 more are crossed")."""
    sets: list[set[int]] = []
    for premise in step.premises:
        cells = [(p, v) for p, v in premise["cells"]]
        sets.append({p for p, _ in cells})
        for value in (FILLED, CROSSED):
            sets.append({p for p, v in cells if v == value})
        runs: dict[str, list[set[int]]] = {"boxes": [], "cross": []}
        for c in premise["claims"]:
            spans = []
            for k in ("boxes", "cross"):
                b = c.get(k)
                if isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) for x in b):
                    spans.append(b)
                    runs[k].append(set(range(*b)))
            for k in ("boxes", "before", "after"):  # lists of spans
                spans += [b for b in c.get(k, []) if isinstance(b, list)]
            if isinstance(c.get("start"), int) and isinstance(c.get("end"), int):
                sets.append(set(range(c["start"], c["end"])))
            if spans:
                sets.append({p for a, b in spans for p in range(a, b)})
        for found in runs.values():
            for i in range(len(found)):
                for j in range(i + 1, len(found)):
                    sets.append(set().union(*found[i : j + 1]))
    return [x for x in sets if x]


def check_more_lists(step: Any) -> list[str]:
    """Each list of cells a line step's words cut short (``cells 1–2, 4–10, 12–15, 17 and 2
    more``) against the cells its premises state, by its own count: some set of them whose
    first runs are the runs listed, the rest as many cells as the count says."""
    problems = []
    sets = _step_cell_sets(step)
    for m in _MORE.finditer(step.text):
        listed = []
        for part in m.group(1).split(", "):
            a, _, b = part.partition("–")
            listed.append((int(a) - 1, int(b or a) - 1))
        more = int(m.group(2))
        if not any(
            _ranges(x)[: len(listed)] == listed
            and len(x) - sum(b - a + 1 for a, b in listed) == more
            for x in sets
        ):
            problems.append(f"'{m.group(0)}' lists no cells the premises state")
    return problems


_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth")
_ORDINAL_WORDS += ("sixth", "seventh", "eighth", "ninth", "tenth")
_ORD = r"(?:[a-z]+|\d+(?:st|nd|rd|th))"
_AT = r"cells? \d+(?:–\d+)?"
_COUNTED_ONE = re.compile(
    rf"the ({_ORD}(?:-last)?) block, at ({_AT}), every cell (before|after) it decided"
    rf"(?: but cell (\d+))?, can only be the ({_ORD}) clue, (\d+)"
)
_COUNTED_TWO = re.compile(
    rf"the ({_ORD}(?:-last)?) and ({_ORD}(?:-last)?) blocks, at ({_AT}) and ({_AT}), every "
    rf"cell (before|after) them decided(?: but cells? (\d+)(?: and (\d+))?)?, can only be the "
    rf"({_ORD}) and ({_ORD}) clues, (\d+) and (\d+)"
)
_WALLED = re.compile(
    rf"the (?:block|box) at ({_AT}), walled in, can only be the ({_ORD}) clue, (\d+), "
    r"the only (other )?(\d+)\b"
)
_NAMED = re.compile(rf"can only be the ({_ORD}) clue, |can only be the ({_ORD}) and ({_ORD}) clues")


_NO_ROOM = re.compile(
    rf"the (?:block|box) at ({_AT}),( walled in,)? with no room for the ({_ORD}) clue, (\d+), "
    rf"in ({_AT}) (before|after) it, can only be the ({_ORD}) clue, (\d+)"
)


_NO_ROOM_TOGETHER = re.compile(
    rf"the (?:block|box) at ({_AT}),( walled in,)? with no room for the ((?:{_ORD}, )*{_ORD} "
    rf"and {_ORD}) clues, ((?:\d+, )*\d+ and \d+), in ({_AT}) (before|after) it, can only be "
    rf"the ({_ORD}) clue, (\d+)"
)


_APART_SIDE = rf"the (?:first|last) block|the block at {_AT}"
_APART = re.compile(
    rf"the (?:block|box) at ({_AT}), too far from (?:the first and last blocks for one (\d+) "
    rf"and one (\d+)|({_APART_SIDE}) for one (\d+) and from ({_APART_SIDE}) for one (\d+)), "
    rf"can only be the ({_ORD}) clue, (\d+)"
)


_ROOM_SIDES = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), with room for (no clue|only one clue|only (\w+) clues) "
    rf"before it and (none|only (\w+)) after it, can only be the ({_ORD}) clue, (\d+)"
)
_ROOM_APART = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), with room for only (\w+) clues? (before|after) it and "
    rf"(\w+) blocks? there( set apart by (?:a cross|crosses)|, too far from it for one clue|, "
    rf"too far from each other and from it for one clue|, set apart by crosses or too far apart "
    rf"for one clue)((?:,| and)(?: the (?:first|last))? too long for the (first|last)(?: (\w+))? "
    rf"clues?, (\d+(?: and \d+)?))?, can only be the ({_ORD}) clue, (\d+)"
)
_ROOM_STRETCH = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), with room for only (\w+) clues? (before|after) it, walled "
    rf"in( {_AT})?, too short for the (first|last)(?: (\w+))? clues?, (\d+(?: and \d+)?), can "
    rf"only be the ({_ORD}) clue, (\d+)"
)
_ROOM_LONG = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), with room for only (\w+) clues? (before|after) it, too "
    rf"long for the (first|last)(?: (\w+))? clues?, (\d+(?: and \d+)?), can only be the ({_ORD}) "
    rf"clue, (\d+)"
)
_NEAR = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), (?:past the cross at cell (\d+) too near the (?:block|box) "
    rf"at ({_AT})|with the (?:block|box) at ({_AT}) too near past the cross at cell (\d+)) for "
    rf"another clue, together too long for every other clue, can only be the ({_ORD}) clue, (\d+)"
)
_ROOM_NONE = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), with room for no clue (before|after) it, can only be the "
    rf"({_ORD}) clue, (\d+)"
)
_BLOCKS_APART = re.compile(
    rf"[Tt]he (?:block|box) at ({_AT}), with (\w+) blocks? before it and (\w+) after it, (set "
    rf"apart by crosses or too far apart for one clue|set apart by crosses|too far apart for one "
    rf"clue), can only be the ({_ORD}) clue, (\d+)"
)
# every other clue as long kept off by the boxes it would leave unheld ("if the box at cell 19
# were the first or third clue, the clues before it could not hold the boxes at cells 14–15, nor
# if it were the fifth could the clues after it hold the box at cell 22, so the block at cell 19
# can only be the second clue, 1")
_ORDS = rf"{_ORD}(?:, {_ORD})*(?: or {_ORD})?"
_LIST = r"cells? \d+(?:–\d+)?(?:, \d+(?:–\d+)?)*"
# (of the first or last clue, no clue on that side: "…, nor if it were the third, the last,
# could the boxes at cells 16–17 be held", "…, nor if it were the first could the box at cell 2
# be held")
_STRANDED_NOR = (
    rf", nor if (it|they) were the ({_ORDS})(?:,| could (the clues|the clue) "
    rf"(before|after) (it|them) hold|(, the last,)? (could)) "
    rf"(?:the (box|boxes)|(those)) at ({_LIST})( be held)?"
)
_NOR_UNNAMED = re.sub(r"\((?!\?)", "(?:", _STRANDED_NOR)  # (its groups not captured)
_STRANDED = re.compile(
    rf"\b[Ii]f the (box|boxes) at ({_AT}) were the ({_ORDS}) clue, (the clues|the clue|no clue) "
    rf"(before|after) (it|them) could (not )?hold the (box|boxes) at ({_LIST})"
    rf"((?:{_NOR_UNNAMED})*)[,;] so (?:the "
    rf"(?:(?:first|last) )?(?:block|box|boxes),? at ({_AT}),?|(it|they)) can only be the ({_ORD}) "
    rf"clue, (\d+)"
)
_STRANDED_START = re.compile(
    rf"\b[Ii]f the (?:box|boxes) at {_AT} were the {_ORDS} clue, (?:the clues?|no clue) "
    r"(?:before|after) (?:it|them) could (?:not )?hold "
)
#: A clue's boxes kept off by what it would leave unheld, with the clue's number and those of
#: the clues on that side ("if the box at cell 11 were the third clue, 2, the clue after it, 4,
#: could not hold the boxes at cells 21–22"; "…, and if it were the fourth, 3, …" after one).
_KEPT_STRANDED = re.compile(
    rf"\b(?:[Ii]f the (box|boxes) at ({_AT})|(?<=, and )if (it|they)) were the ({_ORD})"
    rf"(?: clue)?, (\d+), (?:(the clues?) (before|after) (it|them), ((?:\d+ )*\d+),|no clue "
    rf"(before|after) (it|them)) could (not )?hold the (box|boxes) at ({_LIST})"
)
_KEPT_START = rf"\bif (?:the (?:box|boxes) at {_AT}|it|they) were the {_ORD}(?: clue)?, \d+, "
_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def said_count(words: str) -> int:
    """The number a count is said as ("two", "only three", "no", "none", "12")."""
    word = words.removeprefix("only ").split(" ")[0]
    if word in ("no", "none"):
        return 0
    return _COUNT_WORDS.index(word) if word in _COUNT_WORDS else int(word)


def _block_of_clue(
    hints: Sequence[int], cells: Sequence[int], at: str, clue: str, length: int
) -> tuple[int, int, int] | str:
    """The cells ``[s, e)`` of "the block at …" and the index of "the … clue, N" a room reason
    names, or why that is not true of ``cells``: the block's cells are not all filled, or the
    clue named is not that long."""
    s, e = _at(at)
    if any(cells[p] != FILLED for p in range(s, e)):
        return f"{at} are not all filled"
    i = _ordinal_index(clue)
    if not (0 <= i < len(hints) and hints[i] == length):
        return f"the {clue} clue is not {length}"
    return s, e, i


_PART_EDGE = re.compile(
    rf"cells (\d+)–(\d+) hold only the clues ([\d ]+); the (first|last) (?:block|box) there, "
    rf"at ({_AT}), can only be the ({_ORD}) clue, (\d+)"
)


_BETWEEN = re.compile(
    rf"so (cells? (?:\d+(?:–\d+)?, )*\d+(?:–\d+)?), between the ({_ORD}) and ({_ORD}) clues, "
    r"(?:is|are) empty"
)
_SAID_AT = re.compile(rf"at ({_AT})(?![\d–])")


def _ordinal_index(word: str) -> int:
    """``"third"`` or ``"12th"`` -> its 0-based index."""
    if word in _ORDINAL_WORDS:
        return _ORDINAL_WORDS.index(word)
    digits = re.sub(r"\D", "", word)
    return int(digits) - 1 if digits else -1


def _at(words: str) -> tuple[int, int]:
    """``cell 6`` / ``cells 10–11`` -> the 0-based span ``(start, end)``."""
    a, _, b = words.split(" ", 1)[1].partition("–")
    return int(a) - 1, int(b or a)


def _counted_words(
    hints: Sequence[int],
    cells: Sequence[int],
    place: str,
    at: str,
    side: str,
    open_: Sequence[int],
    clue: str,
    length: int,
) -> str | None:
    """Why the words "the third block, at cells 9–10, every cell before it decided (but cell
    8), can only be the third clue, 2" are not true of ``cells``: the place named is not the
    blocks counted on that side, a cell there is undecided (but the one named, undecided next
    to the block, a cross or the edge beyond it), or the clue named is not that clue."""
    s, e = _at(at)
    n = len(cells)
    if any(cells[p] != FILLED for p in range(s, e)):
        return f"{at} are not all filled"
    if (s > 0 and cells[s - 1] == FILLED) or (e < n and cells[e] == FILLED):
        return f"{at} is not a whole block"
    seen = list(range(s) if side == "before" else range(e, n))
    for o in open_:  # (of two blocks, the cells on the other's side are the other's)
        if o not in seen:
            continue
        inner, outer = (o + 1, o - 1) if side == "before" else (o - 1, o + 1)
        if cells[o] != UNKNOWN or cells[inner] != FILLED:
            return f"cell {o + 1} is not an undecided cell next to a block {side} {at}"
        if 0 <= outer < n and cells[outer] != CROSSED:  # filled, it joins that block
            return f"cell {outer + 1}, beyond the undecided cell {o + 1}, is not a cross"
    rest = [cells[p] for p in seen if p not in open_]
    if UNKNOWN in rest:
        return f"a cell {side} {at} is undecided"
    blocks = sum(1 for k, v in enumerate(rest) if v == FILLED and (k == 0 or rest[k - 1] != FILLED))
    named = _ordinal_index(place.removesuffix("-last"))
    if named != blocks:
        return f"{blocks} blocks {side} {at}: it is not the {place}"
    i = blocks if side == "before" else len(hints) - 1 - blocks
    if not 0 <= i < len(hints) or _ordinal_index(clue) != i or hints[i] != length:
        return f"the block counted is clue {i + 1}, not the {clue} clue, {length}"
    return None


def _walled_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    clue: str,
    length: int,
    only: int,
    others: Sequence[int] | None = None,
) -> str | None:
    """Why "the block at cells 9–10, walled in, can only be the third clue, 2, the only 2" is
    not true of ``cells``: not a block with a cross or the edge on both sides, or the clue named
    not the one clue exactly that long; with ``others`` (the clues the words named before as
    other blocks' holders), "…, the only other 2": some other clue that long not among them."""
    s, e = _at(at)
    if any(cells[p] != FILLED for p in range(s, e)):
        return f"{at} are not all filled"
    if not ((s == 0 or cells[s - 1] == CROSSED) and (e == len(cells) or cells[e] == CROSSED)):
        return f"{at} is not walled in by crosses or edges"
    same = [j for j, h in enumerate(hints) if h == e - s]
    if only != e - s or length != e - s:
        return f"the block is {e - s} long, not {only}"
    if others is not None:
        same = [j for j in same if j not in others]
    if same != [_ordinal_index(clue)]:
        return f"the clues {e - s} long left are the {[j + 1 for j in same]}"
    return None


def _apart_words(
    before: str,
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    sides: Sequence[tuple[str, str]],
    clue: str,
    length: int,
) -> str | None:
    """Why "the block at cell 13, too far from the first and last blocks for one 4 and one 3,
    can only be the second clue, 2" (or "… from the block at cells 7–8 for one 4 and from the
    last block for one 3") is not true of ``cells``: the first (last) block is not before
    (after) the one named, a block "at" is not one the words ``before`` said to be one clue (by
    brute force, not its holder in every arrangement), the clue named is not that long, the
    two blocks fit in it (from the first cell of one to the last of the other), or the clue
    named is not the only one between theirs."""
    s, e = _at(at)
    if any(cells[p] != FILLED for p in range(s, e)):
        return f"{at} are not all filled"
    blocks = []
    p = 0
    while p < len(cells):
        if cells[p] == FILLED:
            q = p
            while q < len(cells) and cells[q] == FILLED:
                q += 1
            blocks.append((p, q))
            p = q
        else:
            p += 1
    arr = arrangements(hints, cells)
    bounds = []
    for words, size in sides:
        if words == "the first block":
            (bs, be), j = blocks[0], 0
        elif words == "the last block":
            (bs, be), j = blocks[-1], len(hints) - 1
        else:
            bs, be = _at(words.removeprefix("the block at "))
            said = list(re.finditer(rf"at {words.removeprefix('the block at ')}(?![\d–])", before))
            named = said and re.match(
                rf"[^.;]*?can only be the ({_ORD}) clue,", before[said[-1].end() :]
            )
            if not named or " at cell" in named.group(0):
                return f"{words} is not said before to be one clue"
            j = _ordinal_index(named.group(1))
            if (bs, be) not in blocks or any(_holder(hints, a, bs, be) != j for a in arr):
                return f"{words} is not clue {j}'s in every arrangement"
        if not 0 <= j < len(hints) or hints[j] != int(size):
            return f"{words}'s clue is not {size}"
        if max(e, be) - min(s, bs) <= hints[j]:
            return f"{at} and {words} fit in one {size}"
        if (bs, be) == (s, e):
            return f"{words} is the block named"
        bounds.append((be <= s, j + 1 if be <= s else j - 1))
    i = _ordinal_index(clue)
    if not (0 <= i < len(hints) and hints[i] == length):
        return f"the {clue} clue is not {length}"
    lows = [b for ahead, b in bounds if ahead]  # a block before: a later clue than its
    highs = [b for ahead, b in bounds if not ahead]
    if lows != [i] or highs != [i]:
        return f"clues from {lows} to {highs} lie between, not only the {clue}"
    return None


def _room_sides_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    before: str,
    after: str,
    clue: str,
    length: int,
) -> str | None:
    """Why "the block at cell 16, with room for only two clues before it and only three after
    it, can only be the third clue, 1" is not true of ``cells``: the clue named is not that
    long, the counts are not the clues before and after it, or (:func:`_no_room_sides`) the
    crosses leave room for one clue more on a side."""
    held = _block_of_clue(hints, cells, at, clue, length)
    if isinstance(held, str):
        return held
    s, e, i = held
    if (said_count(before), said_count(after)) != (i, len(hints) - 1 - i):
        return f"{before} before and {after} after: not the {clue} clue's"
    return _no_room_sides(hints, cells, s, e, i)


def _room_apart_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    room: str,
    side: str,
    blocks: str,
    clue: str,
    length: int,
    how: str = " set apart by crosses",
    long: tuple[int, list[int]] | None = None,
) -> str | None:
    """Why "the block at cell 24, with room for only five clues before it and five blocks there
    set apart by crosses, can only be the sixth clue, 1" is not true of ``cells``: the two
    counts differ or are not the clues on that side of the one named, the clue is not that
    long, or (:func:`_room_apart`) the blocks there are not that many, each in its own stretch
    between crosses, or the crosses leave room for one clue more.  ``how``: the words after
    "there" (", too far from each other and from it for one clue": every block on that side,
    each spanning with the next nearer one more cells than the longest clue; ", set apart by
    crosses or too far apart for one clue": that or a cross between them).  ``long``: ``(t,
    sizes)`` of "…, too long for the first two clues, 1 and 1" (the farthest block there longer
    than each of the ``t`` clues at that end, ``sizes``; the blocks ``t`` fewer than the room's
    clues)."""
    held = _block_of_clue(hints, cells, at, clue, length)
    if isinstance(held, str):
        return held
    s, e, i = held
    t, sizes = long if long is not None else (0, None)
    if said_count(room) != said_count(blocks) + t:
        return f"room for {room} clues, {blocks} blocks and {t} clues too short"
    if "too far from it" in how and said_count(blocks) != 1:
        return f"'{how}' of {blocks} blocks"
    apart = (
        "crosses" if how.startswith(" set apart by") else "mixed" if "crosses or" in how else "far"
    )
    return _room_apart(hints, cells, s, e, i, side, said_count(room), None, apart, t, sizes)


def _too_long_read(
    side: str, blocks: str, long: str | None, end: str | None, t: str | None
) -> str | None:
    """Why the words "…, the first too long for the first clue, 1" of a room reason on
    ``side`` with ``blocks`` blocks there do not fit it: the end named is not that side's
    ("first" before the boxes, "last" after them), the farthest block is named ("the first"
    before them, "the last" after) where there is one block, not named where there are
    several, or named as the nearest, or the count "two" is not said for several clues; None
    when they fit (or there are no such words)."""
    if long is None:
        return None
    if end != ("first" if side == "before" else "last"):
        return f"'{long}' {side} the boxes"
    named = re.match(r"(?:,| and) the (first|last) too", long)
    if bool(named) != (said_count(blocks) > 1) or (named and named.group(1) != end):
        return f"'{long}' of {blocks} blocks {side} the boxes"
    if (t is not None) != ("clues," in long):
        return f"'{long}': the count of clues"
    return None


def _blocks_apart_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    before: str,
    after: str,
    how: str,
    clue: str,
    length: int,
) -> str | None:
    """Why "the block at cell 9, with one block before it and three after it, set apart by
    crosses, can only be the second clue, 1" is not true of ``cells``: the clue named is not
    that long, the counts are not the clues on its sides, or (:func:`_blocks_apart`) the
    blocks on a side are not that many, or two next to each other are not set apart as said
    ("too far apart for one clue": spanning more cells than the longest clue)."""
    held = _block_of_clue(hints, cells, at, clue, length)
    if isinstance(held, str):
        return held
    s, e, i = held
    if (said_count(before), said_count(after)) != (i, len(hints) - 1 - i):
        return f"{before} before and {after} after: not the {clue} clue's"
    apart = "mixed" if "crosses or" in how else "crosses" if "crosses" in how else "far"
    for side, k in (("before", said_count(before)), ("after", said_count(after))):
        wrong = _blocks_apart(hints, cells, s, e, side, k, apart)
        if wrong:
            return wrong
    return None


def _room_stretch_read(k: str, side: str, end: str, t: str | None, sizes: str) -> str | None:
    """Why "…, with room for only two clues before it, walled in, too short for the first two
    clues, 4 and 2, …" does not fit itself: the end named is not that side's ("first" before
    the boxes, "last" after them), or the clues named too short for are not as many as the
    room's; None when it fits."""
    if end != ("first" if side == "before" else "last"):
        return f"the {end} clues {side} the boxes"
    listed = sizes.split(" and ")
    if said_count(t or "one") != len(listed) or len(listed) != said_count(k):
        return f"room for {k} clues, {len(listed)} said too long"
    return None


def _room_stretch_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    k: str,
    side: str,
    within: str | None,
    sizes: str,
    clue: str,
    length: int,
) -> str | None:
    """Why "the box at cell 24, with room for only one clue after it, walled in cells 24–25,
    too short for the last clue, 3, can only be the sixth clue, 2" is not true of ``cells``:
    the clue named is not that long, the count is not the clues on that side of it, the cells
    named (the block itself where none are) are not the most around it with no cross, or
    (:func:`_room_stretch`) the clues at that end are not those named, one fits in those cells,
    or the crosses leave room for one clue more there."""
    held = _block_of_clue(hints, cells, at, clue, length)
    if isinstance(held, str):
        return held
    s, e, i = held
    span = _at(within.strip()) if within else (s, e)
    listed = [int(x) for x in sizes.split(" and ")]
    return _room_stretch(hints, cells, s, e, i, side, said_count(k), span, listed)


def _spans_of(words: str) -> list[tuple[int, int]]:
    """``cells 5–7, 12–13`` / ``cell 9`` -> the 0-based spans ``[(4, 7), (11, 13)]``."""
    out = []
    for part in words.split(" ", 1)[1].split(", "):
        a, _, b = part.partition("–")
        out.append((int(a) - 1, int(b or a)))
    return out


def _stranded_words(hints: Sequence[int], cells: Sequence[int], m: re.Match[str]) -> str | None:
    """Why the words ``m`` of :data:`_STRANDED` ("if the box at cell 19 were the first or third
    clue, the clues before it could not hold the boxes at cells 14–15, so the block at cell 19
    can only be the second clue, 1") are not true of ``cells``: the block named twice is not
    one, "box" / "it" said of several cells (or "boxes" / "them" of one), the clue named is not
    that long or is among those kept off, the clues kept off are not every other clue at least
    as long as the boxes, or one of them on the boxes could leave the clues on the side named
    able to hold the boxes named (:func:`_stranded`, by brute force).  None when all hold."""
    what, at, first, them, side, it, hold, boxes_word, boxes, nors, at2, so, clue, length = (
        m.groups()
    )
    if (them == "no clue") != (hold is None):  # ("no clue … could hold", else "could not")
        return f"'{them} … could {hold or ''}hold'"
    if so is not None and (so == "it") != (what == "box"):  # ("…, so it can only be …")
        return f"'{so}' said of the {what} at {at}"
    if so is None and at2 != at:
        return f"the block named, {at2}, is not the boxes at {at}"
    found = _block_of_clue(hints, cells, at, clue, int(length))
    if isinstance(found, str):
        return found
    s, e, i = found
    one = e - s == 1
    groups = [(first, them, side, it, boxes_word, boxes)]
    for n in re.finditer(_STRANDED_NOR, nors):
        they, ords, them2, side2, it2, last, bare, word, those, spans, held = n.groups()
        if (bare is None) != (held is None) or (bare and those):
            return f"'{n.group(0)}': 'could … be held' said in part"
        if those and (side2 or sum(b - a for a, b in _spans_of(spans)) == 1):
            return f"'those' said of {spans}"  # (of several boxes, the side named before)
        word = word or "boxes"
        if (they == "it") != one:
            return f"'{they}' said of the boxes at {at}"
        if bare:  # no clue on the side (counted below): after the last ("the third, the
            them2, side2 = "no clue", "after" if last else "before"  # last"), before the first
        # ("those" goes on with the clues named before: the same side and the same number)
        them2 = them2 or groups[-1][1]
        groups.append((ords, them2, side2 or groups[-1][2], it2 or it, word, spans))
    if (what == "box") != one:
        return f"'{what}' said of {at}"
    kept: list[int] = []
    for ords, named, on, pronoun, word, spans_words in groups:
        if (pronoun == "it") != one:
            return f"'{pronoun}' said of the boxes at {at}"
        spans = _spans_of(spans_words)
        if (word == "box") != (sum(b - a for a, b in spans) == 1):
            return f"'{word}' said of {spans_words}"
        indexes = [_ordinal_index(w) for w in re.split(r", | or ", ords)]
        if not all(0 <= j < len(hints) for j in indexes):
            return f"no {ords} clue"
        # "no clue before it": none there for any clue named; "the clue": one; "the clues":
        # else (several, or some with none and some with more)
        counts = {j if on == "before" else len(hints) - 1 - j for j in indexes}
        number = {"no clue": {0}, "the clue": {1}}.get(named)
        if counts != number if number is not None else counts in ({0}, {1}):
            return f"'{named} {on}' said of the {ords} clue: {sorted(counts)} clues there"
        for w in re.split(r", | or ", ords):
            j = _ordinal_index(w)
            claim = {"start": s, "end": e, "clue": j, "side": on, "boxes": [list(b) for b in spans]}
            wrong = _stranded(claim, hints, cells)
            if wrong:
                return f"the {w} clue on {at}: {wrong}"
            kept.append(j)
    others = [j for j, h in enumerate(hints) if j != i and h >= e - s]
    if sorted(kept) != others or hints[i] < e - s:
        return f"the clues kept off, {sorted(kept)}, are not every other clue as long: {others}"
    return None


def _kept_stranded_words(
    hints: Sequence[int], cells: Sequence[int], m: re.Match[str], at: str
) -> str | None:
    """Why the words ``m`` of :data:`_KEPT_STRANDED` about the boxes ``at`` are not true of
    ``cells``: the boxes not filled, "box" / "it" of several cells (or "boxes" / "them" of
    one), the clue's number or those of the clues on the side named not the line's, "no clue"
    where there are some (or "could hold" where there are), or the clue on the boxes able to
    leave the side's clues holding the boxes named (:func:`_stranded`, by brute force)."""
    what, _, pronoun, word, number, named, side, it, numbers, none_side, none_it = m.groups()[:11]
    hold, boxes_word, boxes = m.groups()[11:]
    s, e = _at(at)
    one = e - s == 1
    if any(cells[p] != FILLED for p in range(s, e)):
        return f"{at} are not all filled"
    for said in (what and ("box" if what == "box" else "boxes"), pronoun, it or none_it):
        if said is not None and (said in ("box", "it")) != one:
            return f"'{said}' said of {at}"
    j = _ordinal_index(word)
    if not 0 <= j < len(hints) or hints[j] != int(number):
        return f"no {word} clue {number}"
    side = side or none_side
    there = hints[:j] if side == "before" else hints[j + 1 :]
    if named is None:
        if there or hold is not None:
            return f"'no clue {side}' said of the {word} clue, with {list(there)} there"
    elif (
        hold is None
        or [int(v) for v in numbers.split()] != list(there)
        or (named == "the clue") != (len(there) == 1)
    ):
        return f"'{named} {side} …, {numbers}, could {hold or ''}hold': {list(there)} there"
    spans = _spans_of(boxes)
    if (boxes_word == "box") != (sum(b - a for a, b in spans) == 1):
        return f"'{boxes_word}' said of {boxes}"
    claim = {"start": s, "end": e, "clue": j, "side": side, "boxes": [list(b) for b in spans]}
    return _stranded(claim, hints, cells)


def _near_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    other: str,
    wall: int,
    walled: bool,
    clue: str,
    length: int,
) -> str | None:
    """Why "the box at cell 14, past the cross at cell 12 too near the block at cells 16–24 for
    another clue, together too long for every other clue, can only be the third clue, 12" (or
    "the block at cells 17–18, with the block at cells 14–15 too near past the cross at cell 13
    for another clue, …") is not true of ``cells`` (:func:`_near`)."""
    held = _block_of_clue(hints, cells, at, clue, length)
    if isinstance(held, str):
        return held
    s, e, i = held
    a, b = _at(other)
    return _near(hints, cells, s, e, i, a, b, wall, walled)


def _room_none_words(
    hints: Sequence[int], cells: Sequence[int], at: str, side: str, clue: str, length: int
) -> str | None:
    """Why "the box at cells 24–25, with room for no clue after it, can only be the fifth clue,
    6" is not true of ``cells``: the clue named is not that long or not the last (first), or
    (:func:`_room_apart`, by its own enumeration) the last (first) clue fits after (before)
    it, the crosses alone considered."""
    held = _block_of_clue(hints, cells, at, clue, length)
    if isinstance(held, str):
        return held
    s, e, i = held
    return _room_apart(hints, cells, s, e, i, side, 0, None)


def _no_room_words(
    before: str,
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    walled: str | None,
    room: str,
    size: str,
    gap: str,
    side: str,
    clue: str,
    length: str,
    together: bool | None = None,
) -> str | None:
    """Why "the block at cell 9, walled in, with no room for the third clue, 2, in cells 3–8
    before it, can only be the second clue, 1" (with ``together``: "… with no room for the
    third and fourth clues, 1 and 2, in cells 15–18 before it, …", ``room`` and ``size`` the
    lists) is not true of ``cells``: the block past the
    cells named is not one the words ``before`` said to be a clue's ("…, at cells 1–2, can only
    be the first clue, …"), or (:func:`_no_room`) a box lies between, the clue named fits
    there, or the clues it leaves are not the one named."""
    s, e = _at(at)
    gs, ge = _at(gap)
    n = len(cells)
    if side == "before":  # the block said before ends next to the cells named
        be = gs
        bs = be
        while bs > 0 and cells[bs - 1] == FILLED:
            bs -= 1
    else:
        bs = be = ge
        while be < n and cells[be] == FILLED:
            be += 1
    if bs == be:
        return f"no block {side} {gap}"
    name = f"cell {bs + 1}" if be - bs == 1 else f"cells {bs + 1}–{be}"
    said = list(re.finditer(rf"at {name}(?![\d–])", before))
    if not said:
        return f"the block at {name} is not said before"
    named = re.match(rf"[^.;]*?can only be the ({_ORD}) clue,", before[said[-1].end() :])
    if named is None or " at cell" in named.group(0):
        return f"the block at {name} is not said to be one clue"
    i = _ordinal_index(clue)
    if not 0 <= i < len(hints) or hints[i] != int(length):
        return f"the {clue} clue is not {length}"
    k = _ordinal_index(named.group(1))
    if together is not None:  # "the third and fourth clues, 1 and 2": next to k's, in order
        names = re.split(r", | and ", room)
        sizes = [int(v) for v in re.split(r", | and ", size)]
        got = [_ordinal_index(w) for w in names]
        step = 1 if side == "before" else -1
        want = sorted(range(k + step, k + step * (len(got) + 1), step))
        if (
            got != want
            or len(sizes) != len(got)
            or any(
                not 0 <= m < len(hints) or hints[m] != v for m, v in zip(got, sizes, strict=True)
            )
        ):
            return f"the {room} clues, {size}, are not the clues next to the {named.group(1)}"
        j, size = (got[-1], str(sizes[-1])) if side == "before" else (got[0], str(sizes[0]))
    else:
        j = _ordinal_index(room)
    return _no_room(
        hints,
        cells,
        (s, e),
        (bs, be),
        k,
        side,
        (gs, ge),
        j,
        int(size),
        bool(walled),
        [i],
        together=together is not None,
    )


def _said_block(before: str, clue: int) -> tuple[int, int] | None:
    """The block the words ``before`` last said to be clue ``clue`` (0-based): "at cells 11–12
    can only be the third clue, …", no other block named in between; None when none is."""
    found = None
    for m in _SAID_AT.finditer(before):
        if before[: m.start()].endswith("from the block "):
            continue  # (a block named as a far one: "…, too far from the block at cells 11–12
            # for one 2 …, can only be the third clue" says so of the block before it)
        named = re.match(rf"[^.;]*?can only be the ({_ORD}) clue,", before[m.end() :])
        if named is None or " at cell" in _FAR_FROM.sub("", named.group(0)):
            continue  # (another block named in between, but for one it is too far from)
        if _ordinal_index(named.group(1)) == clue:
            found = _at(m.group(1))
    return found


#: A block named only as one too far from the block said: "…, too far from the block at cells
#: 11–12 for one 2 …".
_FAR_FROM = re.compile(rf"from the block at {_AT}")


def _between_words(
    before: str, hints: Sequence[int], cells: Sequence[int], listed: str, first: str, second: str
) -> str | None:
    """Why "…, so cell 14, between the third and fourth clues, is empty" is not true of
    ``cells``: the clues are not consecutive, the words ``before`` do not say a block is each,
    those are not filled blocks, a cell named is not between them, or (by brute force, when
    the arrangements can be listed) some arrangement puts either clue elsewhere."""
    k, j = _ordinal_index(first), _ordinal_index(second)
    if j != k + 1 or not 0 <= k < j < len(hints):
        return f"the {first} and {second} clues are not consecutive clues of the line"
    a, b = _said_block(before, k), _said_block(before, j)
    if a is None or b is None:
        return f"no block is said before to be the {first} clue and one the {second}"
    for s, e in (a, b):
        if any(cells[p] != FILLED for p in range(s, e)):
            return f"cells {s + 1}–{e} are not all filled"
    if not a[1] < b[0]:
        return f"the {first} clue's block is not before the {second}'s"
    spans = [_at("cells " + w) for w in listed.split(" ", 1)[1].split(", ")]
    if any(not (a[1] <= s and e <= b[0]) for s, e in spans):
        return f"{listed} not between cells {a[1]} and {b[0] + 1}"
    try:
        arr = arrangements(hints, cells)
    except TooMany:
        return None  # (the blocks' holders are claims, checked by brute force)
    if not arr:
        return "no arrangement fits the line"
    if any(_holder(hints, x, *a) != k or _holder(hints, x, *b) != j for x in arr):
        return f"some arrangement puts the {first} or {second} clue elsewhere"
    return None


def _part_edge_words(
    hints: Sequence[int],
    cells: Sequence[int],
    part: tuple[int, int],
    sizes: Sequence[int],
    side: str,
    at: str,
    clue: str,
    length: int,
) -> str | None:
    """Why "cells 9–30 hold only the clues 5 2; the first box there, at cell 13, can only be
    the third clue, 5" is not true of ``cells`` (the part itself is checked as a claim, by
    brute force): a cell of the part before (after) the boxes is filled, the boxes are not
    filled, or the clue named is not the part's first (last) one, ``sizes`` as the words list
    them."""
    s, e = _at(at)
    ps, pe = part
    if not ps <= s < e <= pe or any(cells[p] != FILLED for p in range(s, e)):
        return f"{at} are not filled cells of cells {ps + 1}–{pe}"
    beyond = range(ps, s) if side == "first" else range(e, pe)
    if any(cells[p] == FILLED for p in beyond):
        where = "before" if side == "first" else "after"
        return f"a cell of cells {ps + 1}–{pe} {where} {at} is filled"
    i = _ordinal_index(clue)
    end = sizes[0] if side == "first" else sizes[-1]
    if length != end or not 0 <= i < len(hints) or hints[i] != length:
        return f"the {clue} clue, {length}, is not the part's {side}, {end}"
    # the part's clues are consecutive clues of the line, so its first (last) is placed by
    # the clues the words list: the named clue must be where they put it
    starts = [
        j
        for j in range(len(hints) - len(sizes) + 1)
        if list(hints[j : j + len(sizes)]) == list(sizes)
    ]
    places = {j if side == "first" else j + len(sizes) - 1 for j in starts}
    if i not in places:
        return f"the {clue} clue is not where the clues {' '.join(map(str, sizes))} put the {side}"
    return None


_PART_WORDS = re.compile(
    rf"\b(cells? \d+(?:–\d+)?) (holds?) (?:only (?:the ({_ORD}) clue, (\d+)|the (\d+)"
    r"|the clues ([\d ]+))|no clue)(?=[;,.]|$)"
)


def _part_words(
    hints: Sequence[int],
    cells: Sequence[int],
    at: str,
    verb: str,
    ordinal_: str | None,
    value: str | None,
    only: str | None,
    sizes: str | None,
) -> str | None:
    """Why "cells 11–15 hold only the second clue, 1" ("cell 7 holds only …", "… hold only the
    clues 5 2", "… hold no clue") is not true of ``cells``: the verb is not the number of cells
    named, a cell it starts or ends on is crossed (every cell crossed aside), or, by brute
    force over the line's arrangements, the clues named do not each lie in the cells in every
    arrangement with every other clue outside them (the clues given by size: some run of the
    line's clues with those sizes)."""
    s, e = _at(at)
    if (verb == "holds") != (e - s == 1) or at.startswith("cells ") != (e - s > 1):
        return f"'{at} {verb}': the verb is not the number of cells"
    if any(cells[p] != CROSSED for p in range(s, e)) and CROSSED in (cells[s], cells[e - 1]):
        return f"{at} start or end on a crossed cell"
    if ordinal_ is not None:
        i = _ordinal_index(ordinal_)
        if not 0 <= i < len(hints) or hints[i] != int(value or -1):
            return f"the {ordinal_} clue is not {value}"
        runs = [[i]]
    elif only is not None:
        runs = [[i] for i, h in enumerate(hints) if h == int(only)]
        if len(hints) != 1:
            return f"'the {only}' named on a line of {len(hints)} clues"
    elif sizes is not None:
        want = [int(v) for v in sizes.split()]
        k = len(want)
        runs = [
            list(range(j, j + k))
            for j in range(len(hints) - k + 1)
            if list(hints[j : j + k]) == want
        ]
    else:
        runs = [[]]
    arr = arrangements(hints, cells)

    def holds(clues: list[int]) -> bool:
        for a in arr:
            for i, h in enumerate(hints):
                inside = s <= a[i] and a[i] + h <= e
                overlaps = a[i] < e and a[i] + h > s
                if (i in clues and not inside) or (i not in clues and overlaps):
                    return False
        return True

    if not any(holds(r) for r in runs):
        return f"{at} do not hold only the clues named in every arrangement"
    return None


# a start the clues' order rules out, packed from the edge ("a 7 from cell 3 or 4 would leave no
# room for the clues 1 3 before it", "a 2 from cell 9 would leave no room for the 4 after it")
_NO_ROOM_ORDER = re.compile(
    r"\ban? (\d+) from cells? (\d+(?:–\d+)?(?:(?:, \d+)* or \d+)?) would leave no room for "
    r"the (?:clues )?((?:\d+ )*\d+) (before|after) it\b"
)


def _no_room_order(
    hints: Sequence[int], n: int, length: str, starts: str, sizes: str, side: str
) -> str | None:
    """Why the words of :data:`_NO_ROOM_ORDER` are not true of a line of ``n`` cells with clue
    ``hints``: no clue that long has those clues on that side, or one of the starts (cells
    counted from 1) leaves room for them, each a cell apart and from it."""
    h, named = int(length), [int(v) for v in sizes.split()]
    if "–" in starts:
        a, b = map(int, starts.split("–"))
        cells = list(range(a, b + 1))
    else:
        cells = [int(v) for v in re.split(r", | or ", starts)]
    if not any(
        hints[j] == h and list(hints[:j] if side == "before" else hints[j + 1 :]) == named
        for j in range(len(hints))
    ):
        return f"no {h} has the clues {named} {side} it"
    need = sum(named) + len(named)
    for c in cells:
        room = c - 1 if side == "before" else n - (c - 1) - h
        if room >= need:
            return f"a {h} from cell {c} leaves {room} cells {side} it, room for {named}"
    return None


_SPLIT_WHY = re.compile(
    r"filling cell (\d+) would make (cells? \d+(?:–\d+)?) one block, and no clue can cover "
    r"all of (it|them) there \(([^()]*)\)"
)
_COVER_WHY = re.compile(
    r"the ([a-z0-9, ]+?) clues?, ([0-9, and]+?), (?:(does|do) not fit in (cells? \d+(?:–\d+)?)"
    r"|there would (each )?leave (?:the (first|last) clue, (\d+), no room (before|after) it"
    r"|the clues (before|after) it no room)(, or from .*)?)"
)
_TOUCH_WORDS = re.compile(
    r"(cells? [0-9–, ]+?) (?:run )?into the box(?:es)? at (cells? \d+(?:–\d+)?)"
)
_COVER_BOXES = re.compile(
    r"the ([a-z0-9, ]+?) clues?, ([0-9, and]+?), there would (each )?leave "
    r"(?:the (first|last) clue, (\d+), unable to hold|the clues (before|after) it unable to hold"
    r"|no clue (before|after) it for) the box(?:es)? at (cells? \d+(?:–\d+)?(?:, \d+(?:–\d+)?)*)"
)


def _split_why_words(
    hints: Sequence[int], cells: Sequence[int], cell: str, at: str, pronoun: str, reasons: str
) -> str | None:
    """None when "filling cell 3 would make cells 3–4 one block, and no clue can cover all of it
    there (the second clue, 2, there would leave the first clue, 1, no room before it; …)" is
    true of ``cells``: cell 3 undecided, the rest of cells 3–4 filled ("it": one stretch of
    boxes), no filled cell beside them; the clues named are every clue that long, each with its
    size, and each reason true by :func:`_cannot_cover` ("does not fit in cells 2–4": those
    cells; "the first (last) clue, N": the named clues have that one clue before (after) them;
    "each": of several clues)."""
    n, c = len(cells), int(cell) - 1
    s, e = _at(at)
    if not (s <= c < e <= n) or cells[c] != UNKNOWN:
        return f"cell {cell} is not an undecided cell of {at}"
    if any(cells[p] != FILLED for p in range(s, e) if p != c):
        return f"the rest of {at} is not filled"
    if (s > 0 and cells[s - 1] == FILLED) or (e < n and cells[e] == FILLED):
        return f"{at} is not all the block"
    if (pronoun == "it") != (c in (s, e - 1)):
        return f"'{pronoun}' of the boxes beside cell {cell}"
    named: list[int] = []
    for part in reasons.split("; "):
        m = _COVER_WHY.fullmatch(part)
        spans: list[tuple[int, int]] | None = None
        none = None
        touched: list[tuple[int, int, int]] = []
        if m is not None:
            ords, sizes, verb, within, each, end, one, side1, side2, touch = m.groups()
            for piece in (touch or "")[len(", or from ") :].split(", from ") if touch else []:
                t_m = _TOUCH_WORDS.fullmatch(piece)
                if t_m is None:
                    return f"'{piece}' does not read"
                ((a, b),) = _spans_of(t_m.group(2))
                touched += [(t, a, b) for x, y in _spans_of(t_m.group(1)) for t in range(x, y)]
        else:
            m = _COVER_BOXES.fullmatch(part)
            if m is None:
                return f"'{part}' does not read"
            ords, sizes, each, end, one, side1, none, boxes = m.groups()
            verb = within = None
            side2 = none or (end and ("before" if end == "first" else "after"))
            spans = _spans_of(boxes)
        if " to " in ords:
            a, b = (_ordinal_index(w) for w in ords.split(" to "))
            clues = list(range(a, b + 1)) if a < b - 1 else []
            said = [int(v) for v in sizes.split(" ")]
        else:
            clues = [_ordinal_index(w) for w in re.split(r", | and ", ords)]
            said = [int(v) for v in re.split(r", | and ", sizes)]
        if not clues or any(not 0 <= j < len(hints) for j in clues) or clues != sorted(clues):
            return f"'{ords}' names no clues in order"
        if said != [hints[j] for j in clues]:
            return f"'{sizes}' are not the sizes of the {ords} clues"
        if verb and (verb == "does") != (len(clues) == 1):
            return f"'{verb}' of {len(clues)} clues"
        if not verb and bool(each) != (len(clues) > 1):
            return f"'each' of {len(clues)} clues"
        side = side1 or side2 or "fit"
        if end:
            (j,) = clues if len(clues) == 1 else (None,)
            if j is None or (end == "first") != (side == "before"):
                return f"'the {end} clue' of several clues or the other side"
            others = list(range(j)) if side == "before" else list(range(j + 1, len(hints)))
            if len(others) != 1 or hints[others[0]] != int(one):
                return f"the {end} clue, {one}, is not the one clue {side} the {ords}"
        if none and (len(clues) != 1 or clues[0] != (0 if side == "before" else len(hints) - 1)):
            return f"'no clue {side} it' of the {ords} clues"
        if spans is not None and not none and not end:
            if any(j == (0 if side == "before" else len(hints) - 1) for j in clues):
                return f"'the clues {side} it' of a clue with none there"
        box = list(_at(within)) if within else [0, 0]
        for j in clues:
            if spans is not None:
                wrong = _cannot_hold(hints, cells, j, s, e, side, spans)
            else:
                wrong = _cannot_cover(hints, cells, j, s, e, side, box, touched)
            if wrong:
                return wrong
        named += clues
    if sorted(named) != [j for j, h in enumerate(hints) if h >= e - s]:
        return "the clues named are not every clue that long, each once"
    return None


def check_short_words(
    text: str, hints: Sequence[int], states: Sequence[Sequence[int]]
) -> list[str]:
    """The words of the short reasons a block is one clue, read from a line step's text and
    checked against its line (not against the claims they were written from): "the
    second-last block, at cells 11–12, every cell after it decided but cell 13, can only be the
    second clue, 3" (the side's cells decided but the one named, the blocks there counted, the
    place and clue named from the count), "the third and fourth blocks, at …, every cell before
    them decided, can only be the third and fourth clues, 2 and 1", "the block at cells 9–10,
    walled in, can only be the third clue, 2, the only 2" (crosses or edges on both sides, no
    other clue that long; "the only other 2": the others named before as other blocks'), and
    "cells 9–30 hold only the clues 5 2; the first box there, at cell 13, can only be the
    third clue, 5" (no box of the part before it, the part's first clue named), "the block
    at cell 16, with room for only two clues before it and only three after it, …" and "…, with
    room for only five clues before it and five blocks there set apart by crosses, …" (the
    counts the named clue's, the blocks there each past a cross, no room for one clue more by
    its own enumeration), and "if the box at cell 19 were the first or third clue, the clues
    before it could not hold the boxes at cells 14–15, so the block at cell 19 can only be the
    second clue, 1" (:func:`_stranded_words`: each clue named on the boxes leaves the boxes
    named unheld by brute force, every other clue as long named; "box", "it" of one cell).
    ``states``
    are the line before the step and after each of its premises' rounds but the last: words
    true of one of them pass.  Every "decided", "walled in", "there, at", "with room for" and
    "if the box at … were the … clue, the clues … could not hold" in the text must be read by
    one of these."""
    hints = [h for h in hints if h > 0]
    problems = []

    def judged(found: list[str | None]) -> str | None:  # true of one state: passed
        return None if any(f is None for f in found) else found[0]

    for m in _NO_ROOM_ORDER.finditer(text):
        wrong = _no_room_order(hints, len(states[0]), *m.groups())
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    if text.count(" would leave no room for ") > len(_NO_ROOM_ORDER.findall(text)):
        problems.append("a 'would leave no room for … it' the checker cannot read")
    read = 0
    for m in _COUNTED_ONE.finditer(text):
        read += 1
        place, at, side, o, clue, length = m.groups()
        open_ = [int(o) - 1] if o else []
        s, e = _at(at)
        if open_ and open_[0] not in (range(s) if side == "before" else range(e, len(states[0]))):
            problems.append(f"'{m.group(0)}': cell {o} is not {side} {at}")
            continue
        wrong = judged(
            [_counted_words(hints, c, place, at, side, open_, clue, int(length)) for c in states]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _COUNTED_TWO.finditer(text):
        read += 1
        p1, p2, at1, at2, side, o1, o2, c1, c2, n1, n2 = m.groups()
        open_ = [int(o) - 1 for o in (o1, o2) if o]
        wrong = judged(
            [
                _counted_words(hints, c, p1, at1, side, open_, c1, int(n1))
                or _counted_words(hints, c, p2, at2, side, open_, c2, int(n2))
                for c in states
            ]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _WALLED.finditer(text):
        read += 1
        at, clue, length, other, only = m.groups()
        named = None
        if other:  # the other clues that long: named before as other blocks' holders
            named = [
                _ordinal_index(w)
                for n in _NAMED.finditer(text[: m.start()])
                for w in n.groups()
                if w
            ]
        wrong = judged(
            [_walled_words(hints, c, at, clue, int(length), int(only), named) for c in states]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _PART_EDGE.finditer(text):
        read += 1
        a, b, sizes, side, at, clue, length = m.groups()
        part = (int(a) - 1, int(b))
        listed = [int(x) for x in sizes.split()]
        wrong = judged(
            [_part_edge_words(hints, c, part, listed, side, at, clue, int(length)) for c in states]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _NO_ROOM.finditer(text):
        read += 1 + bool(m.group(2))  # (its "walled in")
        wrong = judged([_no_room_words(text[: m.start()], hints, c, *m.groups()) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _NO_ROOM_TOGETHER.finditer(text):
        read += 1 + bool(m.group(2))  # (its "walled in")
        wrong = judged(
            [
                _no_room_words(text[: m.start()], hints, c, *m.groups(), together=True)
                for c in states
            ]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _APART.finditer(text):
        read += 1
        at, n1, n2, side1, m1, side2, m2, clue, length = m.groups()
        sides = [("the first block", n1), ("the last block", n2)] if n1 else []
        sides = sides or [(side1, m1), (side2, m2)]
        before = text[: m.start()]
        wrong = judged(
            [_apart_words(before, hints, c, at, sides, clue, int(length)) for c in states]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    rooms = 0
    for m in _ROOM_SIDES.finditer(text):
        rooms += 1
        at, before, _, after, _, clue, length = m.groups()
        wrong = judged(
            [_room_sides_words(hints, c, at, before, after, clue, int(length)) for c in states]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _ROOM_APART.finditer(text):
        rooms += 1
        read += ", too far from " in m.group(0)  # (its blocks', read here)
        at, k, side, k2, how, long, end, t, sizes, clue, length = m.groups()
        wrong = _too_long_read(side, k2, long, end, t)
        if wrong is None:
            said = (
                (said_count(t or "one"), [int(x) for x in sizes.split(" and ")]) if long else None
            )
            wrong = judged(
                [
                    _room_apart_words(hints, c, at, k, side, k2, clue, int(length), how, said)
                    for c in states
                ]
            )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _ROOM_STRETCH.finditer(text):
        rooms += 1
        read += 1  # (its "walled in")
        at, k, side, within, end, t, sizes, clue, length = m.groups()
        wrong = _room_stretch_read(k, side, end, t, sizes)
        if wrong is None:
            wrong = judged(
                [
                    _room_stretch_words(hints, c, at, k, side, within, sizes, clue, int(length))
                    for c in states
                ]
            )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _ROOM_LONG.finditer(text):
        rooms += 1
        at, k, side, end, t, sizes, clue, length = m.groups()
        wrong = _room_stretch_read(k, side, end, t, sizes)
        if wrong is None:
            found = [_block_of_clue(hints, c, at, clue, int(length)) for c in states]
            wrong = judged(
                [
                    f
                    if isinstance(f, str)
                    else _room_long(
                        hints,
                        c,
                        *f,
                        side,
                        said_count(k),
                        [int(x) for x in sizes.split(" and ")],
                    )
                    for f, c in zip(found, states, strict=True)
                ]
            )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _NEAR.finditer(text):
        at, w1, at1, at2, w2, clue, length = m.groups()
        wrong = judged(
            [
                _near_words(
                    hints, c, at, at1 or at2, int(w1 or w2) - 1, bool(w1), clue, int(length)
                )
                for c in states
            ]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    for m in _ROOM_NONE.finditer(text):
        rooms += 1
        at, side, clue, length = m.groups()
        wrong = judged([_room_none_words(hints, c, at, side, clue, int(length)) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    stranded = 0
    for m in _STRANDED.finditer(text):
        stranded += 1
        wrong = judged([_stranded_words(hints, c, m) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    named_at = ""
    kept = 0
    for m in _KEPT_STRANDED.finditer(text):  # (an "it" is the boxes named just before)
        kept += 1
        named_at = m.group(2) or named_at
        if not named_at:
            problems.append(f"'{m.group(0)}': 'it' of no boxes named")
            continue
        wrong = judged([_kept_stranded_words(hints, c, m, named_at) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    if len(re.findall(_KEPT_START, text)) > kept:
        problems.append("an 'if the box at … were the … clue, N, the clue(s) …' it cannot read")
    if len(_STRANDED_START.findall(text)) > stranded:
        problems.append("an 'if the box at … were …, the clues … could not hold' it cannot read")
    blocks_read = 0
    for m in _BLOCKS_APART.finditer(text):
        blocks_read += 1
        at, before, after, how, clue, length = m.groups()
        wrong = judged(
            [
                _blocks_apart_words(hints, c, at, before, after, how, clue, int(length))
                for c in states
            ]
        )
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    if len(re.findall(r", with \w+ blocks? before it and ", text)) > blocks_read:
        problems.append("a 'with … blocks before it and … after it' the checker cannot read")
    if text.count(" with room for ") > rooms:
        problems.append("a 'with room for … before it' the checker cannot read")
    for m in _BETWEEN.finditer(text):
        wrong = judged([_between_words(text[: m.start()], hints, c, *m.groups()) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    if text.count(" clues, is empty") + text.count(" clues, are empty") > len(
        _BETWEEN.findall(text)
    ):
        problems.append("a 'between the … clues' the checker cannot read")
    for m in re.finditer(r"into cell (\d+), outside cells (\d+)–(\d+)", text):
        # the part a clue cannot leave, named as the words named it, the cell next to it
        x, a, b = map(int, m.groups())
        if x not in (a - 1, b + 1):
            problems.append(f"'{m.group(0)}': cell {x} is not next to cells {a}–{b}")
        if f"cells {a}–{b} hold" not in text and f"in cells {a}–{b} the gap" not in text:
            problems.append(f"'{m.group(0)}': no part said to be cells {a}–{b}")
    parts_read = 0
    for m in _PART_WORDS.finditer(text):
        parts_read += 1
        wrong = judged([_part_words(hints, c, *m.groups()) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    if len(re.findall(r"\bcells? \d+(?:–\d+)? holds? (?:only|no clue)", text)) > parts_read:
        problems.append("a 'cells … hold only' the checker cannot read")
    covers = 0
    for m in _SPLIT_WHY.finditer(text):
        covers += 1
        wrong = judged([_split_why_words(hints, c, *m.groups()) for c in states])
        if wrong:
            problems.append(f"'{m.group(0)}': {wrong}")
    if len(re.findall(r"can cover all of (?:it|them) there \(", text)) > covers:
        problems.append("a 'no clue can cover all of it there (…)' the checker cannot read")
    unread = text.count(" decided") + text.count("walled in") + text.count(" there, at ")
    if unread + text.count(", too far from ") > read:
        problems.append("a short reason the checker cannot read")
    return problems


def check_trace(trace: Any) -> tuple[int, int, list[str]]:
    """``(line steps checked, steps skipped for too many arrangements, problems)`` of a trace."""
    puzzle = trace.puzzle
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    checked = skipped = 0
    problems = []
    for k, step in enumerate(trace.steps):
        if step.premises and step.premises[0]["say"] == "guess":
            checked += 1
            problems += [
                f"step {k + 1} ({step.text}): {p}" for p in check_guess(step, puzzle, grid)
            ]
        elif any(p["say"] == "suppose" for p in step.premises):
            found = check_chain(step, puzzle, grid)
            if found is None:
                skipped += 1
            else:
                checked += 1
                problems += [f"step {k + 1} ({step.text}): {problem}" for problem in found]
        elif step.premises:
            if step.axis == "row":
                hints, before = puzzle.rows[step.index], grid[step.index]
            else:
                hints = puzzle.cols[step.index]
                before = [row[step.index] for row in grid]
            hints = tuple(h for h in hints if h > 0)
            found = check_step(step, hints, list(before))
            if found is None:
                skipped += 1
            else:
                checked += 1
                problems += [f"step {k + 1} ({step.text}): {problem}" for problem in found]
            # the step's own cells, as the premises say them
            said = {(p, v) for premise in step.premises for p, v in premise["cells"]}
            on_line = {((c if step.axis == "row" else r), v) for r, c, v in step.cells}
            if said != on_line:
                problems.append(f"step {k + 1}: its cells are not the premises' cells")
            problems += [f"step {k + 1} ({step.text}): {p}" for p in check_more_lists(step)]
            states = [list(before)]
            rounds = sorted({p.get("round", 0) for p in step.premises})
            for r in rounds[:-1]:  # the line as each round after the first found it
                state = list(states[-1])
                for premise in step.premises:
                    if premise.get("round", 0) == r:
                        for p, v in premise["cells"]:
                            state[p] = v
                states.append(state)
            problems += [
                f"step {k + 1} ({step.text}): {p}"
                for p in check_short_words(step.text, hints, states)
            ]
        for r, c, v in step.cells:
            grid[r][c] = v
    return checked, skipped, problems
