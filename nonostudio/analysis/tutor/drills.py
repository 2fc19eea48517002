"""Drills: the three kinds of question asked about a drill line, and how an item is named.

* ``mark`` — mark every cell the technique decides on this line;
* ``which`` — which technique applies here (the easiest deciding one), among four: the others
  decide no cell or are of a harder tier, so one choice is right;
* ``sound`` — is this candidate move sound?  Sound candidates are the technique's move (or part
  of it); unsound ones decide a cell some arrangement of the clue gives the other value
  (:func:`arrangement_with` finds that arrangement, the refutation).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES, DrillLine
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, cells_to_text
from nonostudio.core.linesolver import solve_cells

MARK, WHICH, SOUND = "mark", "which", "sound"
KINDS = (MARK, WHICH, SOUND)
CHOICES = 4
"""How many techniques a ``which`` drill offers."""


@dataclass(frozen=True)
class Drill:
    """One question: its kind, its line, the technique practised, and for ``which`` the
    techniques offered, for ``sound`` the candidate cells after the move proposed."""

    kind: str
    line: DrillLine
    choices: tuple[str, ...] = ()
    candidate: tuple[int, ...] | None = None

    @property
    def technique(self) -> str:
        return self.line.technique

    @property
    def item(self) -> str:
        """The item's name for spaced repetition: the kind, the technique and the line."""
        clue = " ".join(map(str, self.line.clues)) or "0"
        return f"{self.kind}:{self.technique}:{clue}:{cells_to_text(self.line.cells)}"

    @property
    def prompt(self) -> str:
        """The question in words."""
        clue = " ".join(map(str, self.line.clues)) or "0"
        where = f"A {self.line.axis} with clue {clue}: {cells_to_text(self.line.cells)}"
        if self.kind == MARK:
            name = BY_ID[self.technique].name
            return f"{where}. Mark every cell {name} decides (give the whole line as -Ox)."
        if self.kind == WHICH:
            names = ", ".join(f"{i + 1}) {BY_ID[t].name}" for i, t in enumerate(self.choices))
            return f"{where}. Which technique is the easiest that decides a cell here? {names}"
        assert self.candidate is not None
        return (
            f"{where}. Is this move sound: {cells_to_text(self.line.cells)} → "
            f"{cells_to_text(self.candidate)}? (y/n)"
        )

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind, "item": self.item, "prompt": self.prompt}
        data["line"] = self.line.to_json()
        if self.choices:
            data["choices"] = list(self.choices)
        if self.candidate is not None:
            data["candidate"] = cells_to_text(self.candidate)
        return data


def arrangement_with(
    clues: Sequence[int], cells: Sequence[int], position: int, value: int
) -> tuple[int, ...] | None:
    """A full arrangement of the clue (every cell filled or crossed) fitting ``cells`` with cell
    ``position`` of value ``value``; None when there is none (the other value is forced)."""
    work = [int(c) for c in cells]
    work[position] = value
    hints = tuple(int(c) for c in clues if int(c) > 0)
    for p in range(len(work)):
        solved = solve_cells(hints, work)
        if solved is None:
            return None
        work = list(solved)
        if work[p] == UNKNOWN:
            work[p] = FILLED
            if solve_cells(hints, work) is None:
                work[p] = CROSSED
    final = solve_cells(hints, work)
    return None if final is None or UNKNOWN in final else tuple(final)


def decides(tid: str, clues: Sequence[int], cells: Sequence[int]) -> bool:
    """Whether technique ``tid``'s complete move decides a cell of the whole line."""
    technique = BY_ID[tid]
    return technique.scope == "line" and technique.apply(clues, cells) != tuple(cells)


def _which(line: DrillLine, rng: random.Random) -> Drill:
    # no other choice decides a cell at the answer's tier (or below): of two of one tier
    # neither is easier than the other, and only one choice may be right
    tier = BY_ID[line.technique].tier
    others = [
        t
        for t in LINE_TECHNIQUES
        if t != line.technique
        and not (BY_ID[t].tier <= tier and decides(t, line.clues, line.cells))
    ]
    offered = [line.technique, *rng.sample(others, CHOICES - 1)]
    rng.shuffle(offered)
    return Drill(WHICH, line, tuple(offered))


def _sound(line: DrillLine, rng: random.Random) -> Drill:
    expected = line.expected
    decided = [p for p, (a, b) in enumerate(zip(line.cells, expected, strict=True)) if a != b]
    if rng.random() < 0.5:
        keep = set(rng.sample(decided, rng.randint(1, len(decided))))
        candidate = tuple(expected[p] if p in keep else c for p, c in enumerate(line.cells))
        return Drill(SOUND, line, candidate=candidate)
    exact = solve_cells(tuple(c for c in line.clues if c > 0), line.cells) or expected
    open_cells = [p for p, v in enumerate(exact) if v == UNKNOWN]
    work = list(expected)
    if open_cells:  # a cell no arrangement decides, claimed anyway
        p = rng.choice(open_cells)
        work[p] = rng.choice((FILLED, CROSSED))
    else:  # one cell of the move given the wrong value
        p = rng.choice(decided)
        work[p] = FILLED if expected[p] == CROSSED else CROSSED
    return Drill(SOUND, line, candidate=tuple(work))


def make_drill(kind: str, line: DrillLine, rng: random.Random) -> Drill:
    """A drill of ``kind`` on ``line``; ``rng`` picks the choices or the candidate."""
    if kind == MARK:
        return Drill(MARK, line)
    if kind == WHICH:
        return _which(line, rng)
    if kind == SOUND:
        return _sound(line, rng)
    raise ValueError(f"unknown drill kind {kind!r} (known: {', '.join(KINDS)})")
