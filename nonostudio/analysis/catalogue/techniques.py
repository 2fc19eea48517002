"""The catalogue of solving techniques: the line techniques players name, in difficulty order.

A technique is one :class:`Technique` record, and :data:`CATALOGUE` is the one list to edit to add
one: its id, name, idea, tier, worked example and other names, its round of deductions on a line
(:mod:`nonostudio.analysis.catalogue.technique_moves`; ``apply``, its complete move, repeats the
round), its witness function (the reasons behind a round,
:mod:`nonostudio.analysis.explaining.premises`), the wording of each say its witnesses use
(:mod:`nonostudio.analysis.explaining.premise_text`) and the one value its move ever decides, if
only one.  :data:`ROUNDS`, :data:`MOVES`, :data:`WITNESSES`, :data:`WORDS` and
:data:`DECIDES_ONLY` are read-only views built from the records; :func:`check_catalogue`
refuses a partial or inconsistent record by name (at import, and on random lines in its test).
``line_solver`` names what the exact line solver does beyond the others (docs/design/analysis.md,
"Techniques").
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from nonostudio.analysis.catalogue import technique_moves as rounds
from nonostudio.analysis.catalogue.technique_moves import (
    Cells,
    Move,
    Round,
    count_arrangements,
    fixed_point,
    normal_clues,
)
from nonostudio.analysis.explaining import premise_text as words
from nonostudio.analysis.explaining import premises as found
from nonostudio.analysis.explaining.move_line import (
    cell_ranges_text as cell_ranges_text,  # re-exported: the colour texts import it from here
)
from nonostudio.analysis.explaining.move_line import effect_text
from nonostudio.analysis.explaining.premise_text import Wording
from nonostudio.analysis.explaining.premises import Witness, WitnessFinder, WitnessLine
from nonostudio.core.line import (
    CROSSED,
    FILLED,
    UNKNOWN,
    cells_from_text,
    cells_to_text,
    clue_of,
)

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
    """A solving technique, all of it: names, idea, tier and worked example; for a line
    technique also its round of deductions (its complete move repeats it), its witness function,
    the wording of each say its witnesses use, and the one value it only ever decides (if any)."""

    id: str
    name: str
    idea: str
    tier: int
    example: WorkedExample | None
    also_known_as: tuple[str, ...] = ()
    scope: str = "line"
    """``"line"``: a move on one line (:meth:`apply`); ``"grid"``: reasoning across lines
    (probing, search), which has no line move, no line example, no round and no witnesses."""
    round: Round | None = field(default=None, compare=False)
    """One round of the technique's deductions on a line, in place."""
    witness: WitnessFinder | None = field(default=None, compare=False)
    """The reasons of one round, each with the cells it proves (whenever the round decides a
    cell, some witness does)."""
    says: Mapping[str, Wording] = field(default_factory=dict, compare=False)
    """Each say its witnesses use → its wording (matching's witnesses are its parts' techniques',
    worded by theirs)."""
    decides_only: int | None = None
    """The one value (``FILLED`` or ``CROSSED``) its move ever decides cells to; None: either."""
    _move: Move | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "says", MappingProxyType(dict(self.says)))
        if self.round is not None:
            object.__setattr__(self, "_move", fixed_point(self.round))

    def idea_on(self, axis: str) -> str:
        """The idea said of a line on ``axis`` (``"row"`` or ``"column"``): a column's clues
        are pushed up and down, not left and right."""
        return words.along(self.idea, axis)

    def apply(self, clues: Sequence[int], cells: Sequence[int]) -> Cells:
        """The technique's complete move on a line: the cells with every deduction it implies
        (a grid technique decides nothing on a line by itself: the cells come back unchanged)."""
        if self.scope != "line":
            return tuple(int(c) for c in cells)
        return self.move(normal_clues(clues), tuple(int(c) for c in cells))

    @property
    def move(self) -> Move:
        """The complete move: :attr:`round` repeated until it gives nothing more."""
        if self._move is None:
            raise KeyError(f"technique {self.id!r} has no line move")
        return self._move

    def witnesses(
        self,
        hints: Sequence[int],
        cells: Sequence[int],
        offset: int = 0,
        clue_offset: int = 0,
        *,
        sub: bool = False,
    ) -> list[Witness]:
        """The reasons of one round of the move on the (sub-)line ``hints``/``cells`` (placed at
        cell ``offset`` and clue ``clue_offset`` of its whole line; ``sub``: the line is a part
        of its whole line the oracle split off), each with the cells it proves; none for a grid
        technique.  None either on a line state a complete move of the technique is known to
        have ended on: its round decides nothing there, and a witness proves only cells the
        round decides (a trace's premises ask again at the end of every move)."""
        if self.witness is None:
            return []
        if self.round is not None and rounds.is_fixed(self.round, hints, cells):
            return []
        return self.witness(WitnessLine(hints, cells, offset, clue_offset, sub))


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
        round=rounds.empty_line,
        witness=found.empty_line,
        says={"empty_line": words.empty_line, "part_empty": words.part_empty},
        decides_only=CROSSED,
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
        round=rounds.line_complete,
        witness=found.line_complete,
        says={"line_complete": words.line_complete},
        decides_only=CROSSED,
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
        round=rounds.overlap,
        witness=found.overlap,
        says={"overlap": words.overlap},
        decides_only=FILLED,
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
        round=rounds.small_gap,
        witness=found.small_gap,
        says={"small_gap": words.small_gap},
        decides_only=CROSSED,
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
        round=rounds.simple_spaces,
        witness=found.simple_spaces,
        says={"simple_spaces": words.between, "simple_spaces_misfit": words.misfit},
        decides_only=CROSSED,
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
        round=rounds.punctuate,
        witness=found.punctuate,
        says={
            "punctuate": words.punctuate,
            "punctuate_reach": words.punctuate_reach,
            "punctuate_reach_misfit": words.punctuate_misfit,
        },
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
        round=rounds.glue,
        witness=found.glue,
        says={"glue": words.glue},
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
        round=rounds.matching,
        witness=found.matching,
        says={},
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
        round=rounds.joining_splitting,
        witness=found.joining_splitting,
        says={"join": words.join, "split": words.split, "split_long": words.split},
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
        round=rounds.mercury,
        witness=found.mercury,
        says={"mercury": words.between, "mercury_misfit": words.misfit},
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
        round=rounds.arrangement,
        witness=found.arrangement,
        says={"arrangement": words.arrangement},
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
        round=rounds.line_solver,
        witness=found.line_solver,
        says={"line_solver": words.line_solver},
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
"""Technique id → its record."""
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


def _cells(value: Sequence[int] | str) -> Cells:
    return cells_from_text(value) if isinstance(value, str) else tuple(int(c) for c in value)


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


# ---- views built from the records --------------------------------------------------------------


ROUNDS: Mapping[str, Round] = MappingProxyType(
    {t.id: t.round for t in CATALOGUE if t.round is not None}
)
"""Technique id → one round of its deductions on a line (in place); its move repeats it."""

MOVES: Mapping[str, Move] = MappingProxyType(
    {t.id: t.move for t in CATALOGUE if t.round is not None}
)
"""Technique id → its complete move, in difficulty order."""

WITNESSES: Mapping[str, WitnessFinder] = MappingProxyType(
    {t.id: t.witness for t in CATALOGUE if t.witness is not None}
)
"""Technique id → its witness function."""

WORDS: Mapping[str, Wording] = MappingProxyType(
    {say: wording for t in CATALOGUE for say, wording in t.says.items()}
)
"""A witness's say → its wording, from every technique's record."""

DECIDES_ONLY: Mapping[str, int] = MappingProxyType(
    {t.id: t.decides_only for t in CATALOGUE if t.decides_only is not None}
)
"""Technique id → the one value its move ever decides cells to (the moves not listed decide
either): a search for the technique whose move decides cells to the other value skips it."""


# ---- the check that refuses a partial or inconsistent record -------------------------------------


class CatalogueError(ValueError):
    """A technique record is partial or inconsistent; the message names each one and what."""


CHECK_LINES = 400
"""How many random lines :func:`check_catalogue` tries the moves and witnesses on."""


def _random_lines(seed: int, count: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Seeded random lines that have a solution: a random picture, its clue, some cells shown."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, 12)
        density = rng.choice((0.3, 0.5, 0.7))
        picture = [int(rng.random() < density) for _ in range(n)]
        shown = rng.choice((0.0, 0.2, 0.4, 0.6))
        cells = tuple(
            (FILLED if c else CROSSED) if rng.random() < shown else UNKNOWN for c in picture
        )
        yield clue_of(picture), cells


def _record_problems(t: Technique) -> list[str]:
    """What is missing from or wrong in one record, each naming it."""
    name = f"technique {t.id!r}"
    out = []
    if t.scope == "grid":
        if t.round is not None or t.witness is not None or t.says or t.example is not None:
            out.append(f"{name} reasons across lines: it has no round, witness, says or example")
        if t.decides_only is not None:
            out.append(f"{name} reasons across lines: it decides nothing only")
        return out
    if t.scope != "line":
        return [f"{name} has scope {t.scope!r} (a technique is 'line' or 'grid')"]
    if t.round is None:
        out.append(f"{name} has no round function")
    if t.witness is None:
        out.append(f"{name} has no witness function")
    for say, wording in t.says.items():
        if not callable(wording):
            out.append(f"{name}: say {say!r} has no words")
    if t.decides_only not in (None, FILLED, CROSSED):
        out.append(f"{name} decides only {t.decides_only!r}, not FILLED or CROSSED")
    if t.example is None:
        out.append(f"{name} has no worked example")
    elif t.round is not None:
        before, after = example_cells(t.example)
        got = t.apply(t.example.clues, before)
        if got != after:
            out.append(
                f"{name}: its worked example's move gives {cells_to_text(got)}, "
                f"not its 'after' {t.example.after}"
            )
        elif got == before:
            out.append(f"{name}: its worked example decides nothing")
    return out


def check_catalogue(
    line_techniques: Sequence[Technique] = CATALOGUE,
    grid_techniques: Sequence[Technique] = GRID_TECHNIQUES,
    *,
    lines: int = CHECK_LINES,
    seed: int = 0,
) -> None:
    """Refuse a partial or inconsistent catalogue, naming each record and what is wrong: an id
    used twice, tiers out of difficulty order, a line technique with no round or no witness
    function, a say with no words, a worked example whose move does not give its 'after', the
    part techniques of matching blocks to clues out of step with their rounds and witnesses; on
    ``lines`` random lines, a move that decides a cell to another value than its
    ``decides_only`` or changes a known cell, and a witness whose say no record words.  Raises
    :class:`CatalogueError`; the records given are checked, the catalogue by default."""
    problems: list[str] = []
    every = [*line_techniques, *grid_techniques]
    seen: set[str] = set()
    for t in every:
        if t.id in seen:
            problems.append(f"technique {t.id!r}: its id is used twice")
        seen.add(t.id)
    for earlier, later in zip(every, every[1:], strict=False):
        if later.tier < earlier.tier:
            problems.append(
                f"technique {later.id!r} (tier {later.tier}) comes after {earlier.id!r} "
                f"(tier {earlier.tier}): tiers out of order"
            )
    for t in line_techniques:
        problems += _record_problems(t)
        if t.scope != "line":
            problems.append(f"technique {t.id!r} is listed with the line techniques")
    for t in grid_techniques:
        problems += _record_problems(t)
        if t.scope != "grid":
            problems.append(f"technique {t.id!r} is listed with the grid techniques")
    worded: dict[str, Wording] = {}
    for t in line_techniques:
        for say, wording in t.says.items():
            if worded.setdefault(say, wording) is not wording:
                problems.append(f"technique {t.id!r}: say {say!r} is worded twice, differently")
    by_id = {t.id: t for t in line_techniques}
    parts = [by_id.get(i) for i in rounds.PART_TECHNIQUES]
    if any(p is None for p in parts) or (
        tuple(p.round for p in parts if p) != rounds.PART_ROUNDS
        or tuple(p.witness for p in parts if p) != found.PART_WITNESSES
    ):
        problems.append(
            "technique 'matching': its part techniques "
            f"({', '.join(rounds.PART_TECHNIQUES)}) are not the records' rounds and witnesses"
        )
    checked = [t for t in line_techniques if t.round is not None and t.witness is not None]
    broken: set[tuple[str, str]] = set()
    for clues, cells in _random_lines(seed, lines):
        for t in checked:
            after = t.apply(clues, cells)
            line = f"({' '.join(map(str, clues)) or '0'}) {cells_to_text(cells)}"
            if any(b != UNKNOWN and a != b for a, b in zip(after, cells, strict=True)):
                if (t.id, "known") not in broken:
                    broken.add((t.id, "known"))
                    problems.append(f"technique {t.id!r} changes a known cell on {line}")
            if t.decides_only is not None and (t.id, "only") not in broken:
                other = [a for a, b in zip(after, cells, strict=True) if b == UNKNOWN != a]
                if any(a != t.decides_only for a in other):
                    broken.add((t.id, "only"))
                    value = "filled" if t.decides_only == FILLED else "empty"
                    problems.append(
                        f"technique {t.id!r} decides cells {value} only, but its move gives "
                        f"{cells_to_text(after)} on {line}"
                    )
            witness = t.witness  # (called itself: every witness, at a move's end too)
            found_here = [] if witness is None else witness(WitnessLine(clues, cells, 0, 0, False))
            for w in found_here:
                if w.say not in worded and (t.id, w.say) not in broken:
                    broken.add((t.id, w.say))
                    problems.append(
                        f"technique {t.id!r}: its witness says {w.say!r}, which no record "
                        f"words (on {line})"
                    )
    if problems:
        raise CatalogueError("the technique catalogue is refused:\n" + "\n".join(problems))


check_catalogue(lines=0)  # every import refuses a partial record; the tests try random lines too
