"""One coverage computation's engine: the rules run to a fixed point on each test line, the
oracle's split where they stop, the cells each rule sets and the fills that contradict a deduction.

:mod:`nonostudio.rules.measuring.coverage` drives a :class:`CoverageRun` over a test set and reports
C(R); the readings it can run under are in ``docs/design/rules.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.rules.language.interpreter import CompiledRule, LineView, RuleFill
from nonostudio.rules.measuring.oracle import SubLine, decompose
from nonostudio.rules.measuring.transitions import Transition


@dataclass(frozen=True, slots=True)
class RuleBug:
    """A fill of ``rule`` on test transition ``transition`` that contradicts its deduction.

    The fill's range is in the transition's line; its bindings are those on the (sub-)line the
    rule saw.
    """

    rule: str
    transition: int
    fill: RuleFill


_CHAR = {FILLED: "O", CROSSED: "x"}


PIECES = ("first", "middle", "last", "whole", "between")


@dataclass
class UnsetCells:
    """Where a paper-reading run leaves cells unset (see
    :class:`~nonostudio.rules.measuring.coverage.CoverageGaps`)."""

    no_rule_fires: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PIECES, 0))
    no_rule_fires_lines: int = 0
    sub_line_no_rule: int = 0
    stuck_unsplit: int = 0
    split_cells: int = 0


def unset_by_piece(k: int, text: str, after: str, subs: list[SubLine]) -> dict[str, int]:
    """The cells ``text`` has not set of ``after``, by where they lie among the oracle pieces
    ``subs`` of a line with ``k`` hints: ``first``/``middle``/``last`` (the piece holds the first
    hint, neither end's, the last hint), ``whole`` (no split) or ``between`` (a split cell)."""
    where = ["between" if subs else "whole"] * len(text)
    for sub in subs:
        kind = "first" if sub.hint_start == 0 else "last" if sub.hint_end == k else "middle"
        where[sub.cell_start : sub.cell_end] = [kind] * (sub.cell_end - sub.cell_start)
    out = dict.fromkeys(PIECES, 0)
    for c, (t, a) in enumerate(zip(text, after, strict=True)):
        if t != a:
            out[where[c]] += 1
    return out


@dataclass
class CoverageRun:
    """Accumulators of one coverage computation.

    ``directions`` lists the readings each rule gets (``False`` forward, ``True`` on the flipped
    line); ``oracle_first`` lets the oracle split a line no rule has fired on; ``gaps`` (paper
    reading only) records where cells are left unset.
    """

    rules: list[CompiledRule]
    per_rule: dict[str, int]
    cells_by_rule: dict[str, set[tuple[int, int]]]
    bugs: list[RuleBug] = field(default_factory=list)
    reported: set[tuple[str, int, int, int]] = field(default_factory=set)
    index: int = 0  # the transition being measured, and its test state
    before: str = ""
    directions: tuple[bool, ...] = (False,)
    oracle_first: bool = False
    gaps: UnsetCells | None = None

    def transition(self, index: int, t: Transition) -> None:
        self.index = index
        self.before = t.before
        self.line(t.hints, t.before, t.after, 0, top=True)

    def line(
        self, hints: tuple[int, ...], text: str, after: str, offset: int, top: bool = False
    ) -> None:
        start = text
        text, fired = self.fixed_point(hints, text, after, offset)
        if text == after:
            return
        gaps = self.gaps
        if not fired and not self.oracle_first:
            if gaps is not None and top:
                gaps.no_rule_fires_lines += 1
                unset = unset_by_piece(
                    len(hints), start, after, decompose(Line.parse(hints, start))
                )
                for kind, cells in unset.items():
                    gaps.no_rule_fires[kind] += cells
            elif gaps is not None:
                gaps.sub_line_no_rule += sum(t != a for t, a in zip(start, after, strict=True))
            return
        subs = decompose(Line.parse(hints, text))
        if gaps is not None:
            unset = unset_by_piece(len(hints), text, after, subs)
            gaps.stuck_unsplit += unset["whole"]
            gaps.split_cells += unset["between"]
        for sub in subs:
            self.line(
                sub.line.hints,
                text[sub.cell_start : sub.cell_end],
                after[sub.cell_start : sub.cell_end],
                offset + sub.cell_start,
            )

    def fixed_point(
        self, hints: tuple[int, ...], text: str, after: str, offset: int
    ) -> tuple[str, bool]:
        """Apply every rule in turn until none sets a cell; the final text and whether any did."""
        n = len(text)
        fired = False
        views: list[LineView | None] = [None, None]  # forward, flipped
        changed = True
        while changed:
            changed = False
            for rule in self.rules:
                for flipped in self.directions:
                    view = views[flipped]
                    if view is None:
                        view = views[flipped] = (
                            LineView.of_text(hints[::-1], text[::-1])
                            if flipped
                            else LineView.of_text(hints, text)
                        )
                    raw = rule.run(view)
                    if not raw:
                        continue
                    if flipped:
                        raw = [(n - e, n - s, env) for s, e, env in raw]
                    ch = _CHAR[rule.value]
                    if not all(0 <= s < e <= n and after[s:e] == ch * (e - s) for s, e, _ in raw):
                        self.report(rule, raw, after, offset, flipped)
                        continue
                    name = rule.rule.name
                    covered = self.cells_by_rule[name]
                    new = 0
                    for s, e, _ in raw:
                        for c in range(s, e):
                            if self.before[offset + c] == "-":
                                covered.add((self.index, offset + c))
                        gained = text.count("-", s, e)
                        if gained:
                            new += gained
                            text = text[:s] + ch * (e - s) + text[e:]
                    if new:
                        self.per_rule[name] += new
                        fired = changed = True
                        views = [None, None]
                        if text == after:
                            return text, True
        return text, fired

    def report(
        self, rule: CompiledRule, raw: list, after: str, offset: int, flipped: bool = False
    ) -> None:
        n = len(after)
        ch = _CHAR[rule.value]
        names = [b.name for b in rule.rule.bindings]
        for s, e, env in raw:
            if 0 <= s < e <= n and after[s:e] == ch * (e - s):
                continue
            key = (rule.rule.name, self.index, offset + s, offset + e)
            if key in self.reported:
                continue
            self.reported.add(key)
            fill = RuleFill(
                rule.rule.name,
                rule.value,
                offset + s,
                offset + e,
                dict(zip(names, env, strict=True)),
                flipped,
            )
            self.bugs.append(RuleBug(rule.rule.name, self.index, fill))
