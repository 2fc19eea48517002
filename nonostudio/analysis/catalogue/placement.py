"""Placing rules in techniques: which technique of the catalogue a rule is an instance of.

A rule belongs to the first technique, in difficulty order, whose complete moves explain (nearly)
all of its firings, read both ways; the evidence is kept, and a rule no catalogued technique
explains is *unplaced*.  :func:`coverage_share` measures how much of a rule set's coverage is
carried by placed rules.  The criterion: docs/design/analysis.md, "Placement".
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from nonostudio.analysis.catalogue.techniques import CATALOGUE, FALLBACK
from nonostudio.core.line import Line
from nonostudio.core.linesolver import text_masks
from nonostudio.core.progress import ProgressCallback, report_count
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.interpreter import LineView, compiled
from nonostudio.rules.measuring.coverage import Transition, coverage
from nonostudio.rules.ruleset import RuleSet

UNPLACED = "unplaced"
THRESHOLD = 0.95
"""The share of a rule's firings a technique must explain for the rule to be placed in it."""

_RULE_TECHNIQUES = tuple(t.id for t in CATALOGUE if t.id != FALLBACK)


@dataclass(frozen=True, slots=True)
class Firing:
    """A rule setting ``cells`` (indices into the line as given) to ``value`` on a line state;
    ``flipped`` when it fired on the line read right to left."""

    hints: tuple[int, ...]
    before: str
    filled: tuple[int, ...]
    crossed: tuple[int, ...]
    flipped: bool

    def __str__(self) -> str:
        line = f"({' '.join(map(str, self.hints))}) {self.before}"
        parts = []
        if self.filled:
            parts.append("fills " + ", ".join(str(c + 1) for c in self.filled))
        if self.crossed:
            parts.append("crosses " + ", ".join(str(c + 1) for c in self.crossed))
        reading = " (read right to left)" if self.flipped else ""
        return f"{line}: {' and '.join(parts)}{reading}"


@dataclass
class Evidence:
    """How many of a rule's firings (and cells) a technique's complete move explains."""

    technique: str
    firings: int = 0
    cells: int = 0
    example: Firing | None = None


@dataclass
class Placement:
    """The technique a rule is placed in (``UNPLACED`` when none), with the evidence."""

    rule: str
    technique: str
    firings: int
    cells: int
    evidence: dict[str, Evidence] = field(default_factory=dict)
    example: Firing | None = None
    unexplained: Firing | None = None

    @property
    def placed(self) -> bool:
        return self.technique != UNPLACED

    @property
    def share(self) -> float:
        """The share of the rule's firings its technique explains (0 when unplaced)."""
        e = self.evidence.get(self.technique)
        return e.firings / self.firings if e and self.firings else 0.0

    def to_json(self) -> dict[str, object]:
        """The placement as plain data: technique, firings, cells, per-technique evidence and
        example lines as text."""
        return {
            "rule": self.rule,
            "technique": self.technique,
            "firings": self.firings,
            "cells": self.cells,
            "evidence": {
                t: {
                    "firings": e.firings,
                    "cells": e.cells,
                    "example": None if e.example is None else str(e.example),
                }
                for t, e in self.evidence.items()
            },
            "example": None if self.example is None else str(self.example),
            "unexplained": None if self.unexplained is None else str(self.unexplained),
        }


def by_technique(placements: Iterable[Placement]) -> dict[str, list[str]]:
    """Rule names per technique id, in catalogue order, then ``UNPLACED`` (empty ones left out)."""
    out: dict[str, list[str]] = {t: [] for t in (*_RULE_TECHNIQUES, UNPLACED)}
    for p in placements:
        out[p.technique].append(p.rule)
    return {t: rules for t, rules in out.items() if rules}


class MoveCache:
    """Every technique's complete move on each line state, as ``(filled, crossed)`` bit masks of
    the cells it decides; computed once per state and shared by all the rules placed."""

    def __init__(self) -> None:
        self._moves: dict[tuple[tuple[int, ...], str], dict[str, tuple[int, int]]] = {}

    def moves(self, hints: tuple[int, ...], text: str) -> dict[str, tuple[int, int]]:
        key = (hints, text)
        found = self._moves.get(key)
        if found is None:
            cells = Line.parse(hints, text).cells
            found = {}
            for technique in CATALOGUE:
                out = technique.apply(hints, cells)
                found[technique.id] = text_masks(
                    "".join(
                        "O" if o == 1 and c == -1 else "x" if o == 0 and c == -1 else "-"
                        for c, o in zip(cells, out, strict=True)
                    )
                )
            self._moves[key] = found
        return found

    def __len__(self) -> int:
        return len(self._moves)


def firings(rule: Rule, lines: Iterable[Line | Transition]) -> list[Firing]:
    """The rule's firings on the lines (both readings): each valid fill's cells that were unknown,
    one firing per line and reading that sets at least one cell."""
    run = compiled(rule).run
    value = compiled(rule).value
    out = []
    for line in lines:
        hints, text = _state(line)
        n = len(text)
        for flipped in (False, True):
            view = (
                LineView.of_text(hints[::-1], text[::-1])
                if flipped
                else LineView.of_text(hints, text)
            )
            new: set[int] = set()
            for s, e, _ in run(view):
                if not 0 <= s < e <= n:
                    continue
                if flipped:
                    s, e = n - e, n - s
                new.update(c for c in range(s, e) if text[c] == "-")
            if new:
                cells = tuple(sorted(new))
                out.append(
                    Firing(
                        hints,
                        text,
                        cells if value == 1 else (),
                        cells if value != 1 else (),
                        flipped,
                    )
                )
    return out


def _state(line: Line | Transition) -> tuple[tuple[int, ...], str]:
    if isinstance(line, Transition):
        return line.hints, line.before
    return line.hints, line.text


def _mask(cells: Sequence[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def place(
    rule: Rule,
    lines: Iterable[Line | Transition],
    *,
    cache: MoveCache | None = None,
    threshold: float = THRESHOLD,
) -> Placement:
    """Place ``rule`` in the first technique (difficulty order) whose complete move contains the
    rule's fills on at least ``threshold`` of the lines it fires on (both readings).

    A rule that fires nowhere, or that no technique but the exact line solver explains, is
    ``UNPLACED``; ``unexplained`` is then a firing the catalogued techniques miss.
    """
    cache = cache if cache is not None else MoveCache()
    fired = firings(rule, lines)
    evidence = {t: Evidence(t) for t in (*_RULE_TECHNIQUES, FALLBACK)}
    missed: dict[str, Firing] = {}
    for f in fired:
        moves = cache.moves(f.hints, f.before)
        filled, crossed = _mask(f.filled), _mask(f.crossed)
        size = len(f.filled) + len(f.crossed)
        for technique, e in evidence.items():
            got_filled, got_crossed = moves[technique]
            if filled & ~got_filled or crossed & ~got_crossed:
                missed.setdefault(technique, f)
                continue
            e.firings += 1
            e.cells += size
            if e.example is None or size > len(e.example.filled) + len(e.example.crossed):
                e.example = f
    total = len(fired)
    cells = sum(len(f.filled) + len(f.crossed) for f in fired)
    for technique in _RULE_TECHNIQUES:
        e = evidence[technique]
        if total and e.firings >= threshold * total:
            return Placement(
                rule.name, technique, total, cells, evidence, e.example, missed.get(technique)
            )
    first = next((missed[t] for t in reversed(_RULE_TECHNIQUES) if t in missed), None)
    return Placement(
        rule.name, UNPLACED, total, cells, evidence, fired[0] if fired else None, first
    )


def place_all(
    rules: Sequence[Rule],
    lines: Sequence[Line | Transition],
    *,
    threshold: float = THRESHOLD,
    progress: ProgressCallback | None = None,
) -> list[Placement]:
    """:func:`place` for each rule, sharing one :class:`MoveCache`; ``progress(fraction,
    message)`` after each rule."""
    cache = MoveCache()
    out = []
    for i, rule in enumerate(rules):
        out.append(place(rule, lines, cache=cache, threshold=threshold))
        report_count(progress, i + 1, len(rules), f"{i + 1} of {len(rules)} rules placed")
    return out


@dataclass(frozen=True)
class CoverageShare:
    """Test-set cells covered by the rule set, and how many of them rules placed in a technique
    cover (a cell counts as placed when any placed rule covers it)."""

    covered: int
    placed: int
    unplaced_only: int
    seconds: float
    by_technique: dict[str, int] = field(default_factory=dict)
    """Cells covered by the rules of each technique (a cell may count for several)."""

    @property
    def share(self) -> float:
        return self.placed / self.covered if self.covered else 1.0


def coverage_share(
    rule_set: RuleSet | Sequence[Rule],
    placements: Mapping[str, Placement] | Sequence[Placement],
    transitions: Sequence[Transition],
) -> CoverageShare:
    """The share of the rule set's coverage C(R) on ``transitions`` carried by rules placed in a
    technique: cells covered by some placed rule over the cells covered by any rule."""
    started = time.perf_counter()
    rules = rule_set.rules if isinstance(rule_set, RuleSet) else tuple(rule_set)
    by_name = (
        dict(placements) if isinstance(placements, Mapping) else {p.rule: p for p in placements}
    )
    report = coverage(rules, transitions)
    every: set[tuple[int, int]] = set()
    placed: set[tuple[int, int]] = set()
    per: dict[str, set[tuple[int, int]]] = {}
    for name, cells in report.cells_by_rule.items():
        every |= cells
        p = by_name.get(name)
        technique = p.technique if p is not None else UNPLACED
        per.setdefault(technique, set()).update(cells)
        if technique != UNPLACED:
            placed |= cells
    order = [*_RULE_TECHNIQUES, UNPLACED]
    return CoverageShare(
        len(every),
        len(placed),
        len(every - placed),
        time.perf_counter() - started,
        {t: len(per[t]) for t in order if per.get(t)},
    )
