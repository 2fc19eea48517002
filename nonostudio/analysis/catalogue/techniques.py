"""The catalogue of solving techniques: the line techniques players name, in difficulty order.

Each :class:`Technique` has an id, a name, its idea in a sentence, a tier, a worked example and
``apply(clues, cells) -> cells``, its complete move on one line
(:mod:`nonostudio.analysis.catalogue.technique_moves`); ``line_solver`` names what the exact line
solver does beyond the others (docs/design/analysis.md, "Techniques").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.analysis.catalogue.technique_moves import MOVES, Cells, Move, normal_clues
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, cells_from_text

FALLBACK = "line_solver"
MAX_WORDS = 40
"""The longest explanation :func:`explain_line_solver` gives, in words."""


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """A concrete line: its clue, the cells before (``-Ox`` text) and after the technique's move."""

    clues: tuple[int, ...]
    before: str
    after: str
    note: str

    def __str__(self) -> str:
        return f"({' '.join(map(str, self.clues)) or '0'}) {self.before} → {self.after}"


@dataclass(frozen=True, slots=True)
class Technique:
    """A solving technique: names, idea, tier, worked example and its complete move."""

    id: str
    name: str
    idea: str
    tier: int
    example: WorkedExample | None
    also_known_as: tuple[str, ...] = ()
    scope: str = "line"
    """``"line"``: a move on one line (:meth:`apply`); ``"grid"``: reasoning across lines
    (probing, search), which has no line move and no line example."""

    def apply(self, clues: Sequence[int], cells: Sequence[int]) -> Cells:
        """The technique's complete move on a line: the cells with every deduction it implies
        (a grid technique decides nothing on a line by itself: the cells come back unchanged)."""
        if self.scope != "line":
            return tuple(int(c) for c in cells)
        return MOVES[self.id](normal_clues(clues), tuple(int(c) for c in cells))

    @property
    def move(self) -> Move:
        return MOVES[self.id]


def _ex(clues: tuple[int, ...], before: str, after: str, note: str) -> WorkedExample:
    return WorkedExample(clues, before, after, note)


CATALOGUE: tuple[Technique, ...] = (
    Technique(
        "empty_line",
        "Empty line",
        "A line whose clue is 0 has no filled cell: cross out every cell.",
        0,
        _ex((), "----------", "xxxxxxxxxx", "The clue is 0, so all ten cells are empty."),
        ("zero clue",),
    ),
    Technique(
        "line_complete",
        "Line complete",
        "When the filled cells already add up to the clue, every clue is placed: every other "
        "cell is empty.",
        0,
        _ex(
            (2, 1),
            "-OO---O---",
            "xOOxxxOxxx",
            "Three cells are filled and the clue 2 1 asks for three: the rest are empty.",
        ),
        ("every clue placed", "finished line"),
    ),
    Technique(
        "overlap",
        "Overlap",
        "Push the clues as far left as the crosses let them, then as far right, minding only "
        "the crosses: a clue longer than its room to move covers the same cells in both "
        "positions, and they are filled.",
        1,
        _ex(
            (8,),
            "----------",
            "--OOOOOO--",
            "Pushed left, the 8 covers cells 1–8; pushed right, cells 3–10: cells 3–8 are "
            "filled either way.",
        ),
        # Wikipedia's and webpbn's "simple boxes" is this move exactly (the 8 in ten cells).
        ("simple boxes",),
    ),
    Technique(
        "small_gap",
        "Gap too small",
        "A gap between crosses that is too small for every clue that can reach it is empty.",
        1,
        _ex(
            (4,),
            "----x---x---",
            "----xxxxxxxx",
            "The 4 does not fit in cells 6–8 or 10–12: they are empty.",
        ),
        # Wikipedia's "forcing" ends with this: a gap too small for any block is spaces.
        ("forcing", "cross small gap"),
    ),
    Technique(
        "simple_spaces",
        "Out of reach",
        "Cells that no clue can reach, however the clues are pushed, are empty.",
        1,
        _ex(
            (3, 1),
            "-----",
            "---x-",
            "The 3 and the 1 fill the line with one space between them: cell 4 is that space.",
        ),
        ("simple spaces", "unreachable cells"),
    ),
    Technique(
        "punctuate",
        "Finished block",
        "A block as long as the longest clue that can hold it is complete: put a cross at each "
        "end, and when it can only be one clue, cross what no clue reaches any more.",
        2,
        _ex(
            (1, 3),
            "---OOO----",
            "--xOOOxxxx",
            "The block of three is as long as the biggest clue, so it is the 3 and finished: "
            "cells 3 and 7 are empty, and cells 8–10 are out of every clue's reach now.",
        ),
        ("punctuating", "capping"),
    ),
    Technique(
        "glue",
        "Edges and walls",
        "A filled cell near an edge or a cross belongs to a clue that cannot start before the "
        "wall, so the block must stick out from the wall by the clue's length.",
        2,
        _ex(
            (4,),
            "xO--------",
            "xOOOO-----",
            "The 4 holds cell 2 and cannot start before it: cells 2–5 are filled.",
        ),
        ("glue", "edge", "wall"),
    ),
    Technique(
        "matching",
        "Matching blocks to clues",
        "A block only one clue can be, by order and size, is that clue's: the clues before "
        "it stay before it and those after stay after, so the line splits into parts, each "
        "solved as a line of its own.",
        2,
        _ex(
            (2, 1),
            "-O-----O--",
            "-O--xxxOxx",
            "The box at cell 2 is the first box, so the 2 holds it and ends by cell 3; the "
            "box at cell 8 can then only be the 1. Cells 5–10 hold the 1 alone, and it is "
            "placed: the rest of them are empty.",
        ),
        # Sub-lines are the decomposition the FDG 2017 paper's oracle makes; players split a
        # line the same way once they know which clue a block is.
        ("clue ownership", "splitting the line into parts"),
    ),
    Technique(
        "joining_splitting",
        "Joining and splitting",
        "Boxes that only one clue can hold are joined into one block; a cell that would make a "
        "block longer than any clue able to hold it is empty.",
        3,
        _ex(
            (4,),
            "---O-O---",
            "---OOO---",
            "Only the 4 can hold both boxes, so it covers cell 5 between them too.",
        ),
        ("joining", "splitting"),
    ),
    Technique(
        "mercury",
        "Reach of a box",
        "A filled cell must be covered by its clue, so cells farther from it than that clue "
        "reaches (and out of every other clue's reach) are empty.",
        3,
        _ex(
            (4,),
            "----OO----",
            "xx--OO--xx",
            "The 4 covers cells 5–6, so it cannot reach cells 1–2 or 9–10.",
        ),
        # "Mercury" (Wikipedia, from webpbn's vocabulary) is this move: a box as far from the
        # edge as the first clue is long must be covered by that clue, so the clue cannot
        # reach the edge and the first cell is empty; a longer block pulls it back further, as
        # mercury pulls back from a container's wall.  _mercury does exactly that (the boxes
        # narrow the clue's range, the cells out of its reach are empty), where glue
        # (_glue) only fills and joining (_joining_splitting) joins or splits blocks.
        ("mercury",),
    ),
    Technique(
        "arrangement",
        "Leftmost and rightmost",
        "Find the leftmost and the rightmost ways the clues fit the line with every filled "
        "cell covered: a cell one clue covers in both is filled, a cell between the same two "
        "clues in both is empty.",
        4,
        _ex(
            (1, 2, 1),
            "-x-O----",
            "Ox-O----",
            "The box at cell 4 must be covered, which keeps the first 1 at cell 1: pushed left, "
            "the clues start at cells 1, 3 and 6; pushed right, at 1, 4 and 8. Overlap, "
            "minding only the crosses, sees nothing here.",
        ),
        # Jan Wolter's pbnsolve (webpbn) calls this "left-right overlap".
        ("left-right overlap",),
    ),
    Technique(
        FALLBACK,
        "All arrangements agree",
        "Among all the ways the clues fit the line, a cell with the same value in every one is "
        "decided.",
        5,
        _ex(
            (2, 1),
            "--xO---",
            "--xO-x-",
            "The clues fit in two ways, OOxOxxx and xxxOOxO; cell 6 is empty in both.",
        ),
        ("line solver", "exhaustive line logic"),
    ),
)
"""The line techniques in difficulty order (tier, then catalogue order)."""

CONTRADICTION = "contradiction"
DEEP_CONTRADICTION = "deep_contradiction"
SEARCH = "search"

GRID_TECHNIQUES: tuple[Technique, ...] = (
    Technique(
        CONTRADICTION,
        "Contradiction",
        "When no line decides anything, suppose one cell is filled (or empty) and follow the "
        "line logic: if some line can no longer hold its clue, the cell is the other way.",
        6,
        None,
        ("probing", "trial and error on one cell"),
        "grid",
    ),
    Technique(
        DEEP_CONTRADICTION,
        "Chained contradiction",
        "Suppose two cells in turn: when every value of a second cell leads to a contradiction "
        "under the first supposition, the first supposition is wrong.",
        7,
        None,
        ("depth-2 probing",),
        "grid",
    ),
    Technique(
        SEARCH,
        "Search",
        "When no line and no contradiction, chained or not, decides a cell: take an undecided "
        "cell as one value and go on; a player tries it and backs out of a dead end (the "
        "puzzle may have several solutions).",
        8,
        None,
        ("guessing", "backtracking"),
        "grid",
    ),
)
"""Reasoning across lines, beyond every line technique, in difficulty order: fallback steps of a
trace (probe, search) and grading (chained contradictions) are named by them."""

ALL_TECHNIQUES: tuple[Technique, ...] = CATALOGUE + GRID_TECHNIQUES
"""Every technique a step or a grade can be named by, in difficulty order."""

BY_ID: dict[str, Technique] = {t.id: t for t in ALL_TECHNIQUES}
ORDER: dict[str, int] = {t.id: i for i, t in enumerate(ALL_TECHNIQUES)}
"""A technique id's place in the difficulty order."""


def technique(technique_id: str) -> Technique:
    """The technique with this id; raises KeyError naming the known ids."""
    try:
        return BY_ID[technique_id]
    except KeyError:
        raise KeyError(f"no technique {technique_id!r} (known: {', '.join(BY_ID)})") from None


def first_technique(clues: Sequence[int], cells: Sequence[int]) -> Technique | None:
    """The first technique in difficulty order whose complete move decides a cell of the line."""
    before = tuple(int(c) for c in cells)
    for t in CATALOGUE:
        if t.apply(clues, before) != before:
            return t
    return None


# ---- explaining a line-solver step --------------------------------------------------------------


def count_arrangements(clues: Sequence[int], cells: Sequence[int]) -> int:
    """How many arrangements of the clues fit the line (every box covered, no clue on a cross);
    counted exactly by dynamic programming, so long lines cost no more than short ones."""
    hints = normal_clues(clues)
    n = len(cells)
    k = len(hints)
    run = [0] * (n + 1)  # cells from p on that are not crossed
    for p in range(n - 1, -1, -1):
        run[p] = run[p + 1] + 1 if cells[p] != CROSSED else 0
    # ways[p]: arrangements of clues i.. in cells [p, n), cells before the first clue empty.
    ways = [0] * (n + 2)
    ways[n] = ways[n + 1] = 1
    for p in range(n - 1, -1, -1):
        ways[p] = ways[p + 1] if cells[p] != FILLED else 0
    for i in range(k - 1, -1, -1):
        h = hints[i]
        nxt = ways
        ways = [0] * (n + 2)
        for p in range(n - 1, -1, -1):
            total = ways[p + 1] if cells[p] != FILLED else 0
            if run[p] >= h and (p + h == n or cells[p + h] != FILLED):
                total += nxt[min(p + h + 1, n)]
            ways[p] = total
    return ways[0]


def cell_ranges_text(cells: Sequence[int], limit: int = 4) -> str:
    """1-based cell numbers as ranges: ``[0, 1, 2, 5]`` → ``"1–3, 6"``; past ``limit`` ranges the
    rest is counted (``"1, 3, 5, 7 and 2 more"``)."""
    parts = []
    for _, group in itertools.groupby(enumerate(sorted(cells)), lambda p: p[1] - p[0]):
        run = [c for _, c in group]
        parts.append(f"{run[0] + 1}" if len(run) == 1 else f"{run[0] + 1}–{run[-1] + 1}")
    if len(parts) > limit:
        return f"{', '.join(parts[:limit])} and {len(parts) - limit} more"
    return ", ".join(parts)


def _cells(value: Sequence[int] | str) -> Cells:
    return cells_from_text(value) if isinstance(value, str) else tuple(int(c) for c in value)


def effect_text(filled: Sequence[int], crossed: Sequence[int], limit: int = 4) -> str:
    """``cells 4–7 are filled and cell 9 is empty`` (1-based ranges, past ``limit`` counted)."""
    parts = []
    for cells, what in ((filled, "filled"), (crossed, "empty")):
        if cells:
            one = len(cells) == 1
            parts.append(
                f"{'cell' if one else 'cells'} {cell_ranges_text(cells, limit)} "
                f"{'is' if one else 'are'} {what}"
            )
    return " and ".join(parts)


def explain_line_solver(
    clues: Sequence[int], before: Sequence[int] | str, after: Sequence[int] | str
) -> str:
    """Why a line-solver step holds, in at most :data:`MAX_WORDS` words: the leftmost and the
    rightmost arrangement agree on every cell it decides, or the clue fits in N ways that all
    agree.  ``before`` and ``after`` are cell values or ``-Ox`` text; cells are numbered from 1.
    """
    b, a = _cells(before), _cells(after)
    changed = [i for i, (x, y) in enumerate(zip(b, a, strict=True)) if x == UNKNOWN != y]
    filled = [i for i in changed if a[i] == FILLED]
    crossed = [i for i in changed if a[i] == CROSSED]
    numbers = " ".join(map(str, normal_clues(clues))) or "0"
    if not changed:
        return f"The clue {numbers} decides no new cell here."
    sliding = BY_ID["arrangement"].apply(clues, b)
    agree = all(sliding[i] == a[i] for i in changed)
    count = 0 if agree else count_arrangements(clues, b)
    text = ""
    for clue, limit in ((f"the clue {numbers}", 4), ("the clue", 4), ("the clue", 2)):
        effect = effect_text(filled, crossed, limit)
        if agree:
            text = (
                f"Slide {clue} as far left as it fits, then as far right: both arrangements "
                f"agree that {effect}."
            )
        else:
            ways = "both ways" if count == 2 else f"all {count:,} ways"
            text = f"In {ways} {clue} fits this line, {effect}."
        if len(text.split()) <= MAX_WORDS:
            break
    return text


def example_cells(example: WorkedExample) -> tuple[Cells, Cells]:
    """The worked example's cells before and after, as cell values."""
    return cells_from_text(example.before), cells_from_text(example.after)
