"""The coverage metric C(R) of a rule set on test transitions (RULES.md §6; seed 000 §6.3, §7.2).

For each test line the rules are applied, forward only and in the given order, to a fixed point;
the newly set cells are counted.  If some rule set a cell and the line still falls short of its
recorded maximal deduction, the decomposition oracle splits it and each sub-line is treated the
same way, adding its count.  This follows the original implementation: a rule's output on a state
is used only when *every* fill it emits there is compatible with the deduction (non-empty, inside
the line, the recorded value on each cell); otherwise all of it is discarded and each offending
fill is reported as a :class:`RuleBug`; and a line stops as soon as it reaches its deduction.

Per-rule figures: ``per_rule`` credits each newly set cell to the rule that set it first (rules
are tried in list order, so the sum over rules is the total); ``cells_by_rule`` is every
``(transition index, cell)`` — cell in the transition's own line — that was unknown in the test
state and lies in an accepted fill of the rule, whether or not an earlier rule had set it already
(a rule that never runs on a state — the line was finished before its turn — covers nothing there).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.core.linesolver import solve_text
from nonostudio.rules.ast import Rule
from nonostudio.rules.interpreter import CompiledRule, LineView, RuleFill, compiled
from nonostudio.rules.oracle import decompose


@dataclass(frozen=True, slots=True)
class Transition:
    """A test line state ``before`` (``-Ox`` text) and its maximal deduction ``after``."""

    hints: tuple[int, ...]
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class RuleBug:
    """A fill of ``rule`` on test transition ``transition`` that contradicts its deduction.

    The fill's range is in the transition's line; its bindings are those on the (sub-)line the
    rule saw.
    """

    rule: str
    transition: int
    fill: RuleFill


@dataclass
class CoverageReport:
    """The outcome of :func:`coverage`; ``complete`` is False when it was stopped early."""

    total: int
    per_rule: dict[str, int]
    cells_by_rule: dict[str, set[tuple[int, int]]]
    bugs: list[RuleBug]
    seconds: float
    complete: bool = True
    transitions: int = 0
    cells_to_fill: int = 0


def cells_to_fill(transitions: Sequence[Transition]) -> int:
    """How many cells the transitions' deductions set in all (the most any rule set can cover)."""
    return sum(sum(b != a for b, a in zip(t.before, t.after, strict=True)) for t in transitions)


def load_transitions(path: str | Path) -> list[Transition]:
    """Read a test set such as ``testing-set.json``: ``{"items": [{"hints", "before", "after"}]}``.

    Raises PuzzleError naming the file and the item for malformed entries and for lines without
    a solution (the oracle needs solvable lines).
    """
    source = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"not valid JSON: {exc.msg}", source=source, line=exc.lineno,
                          column=exc.colno) from None
    items = data.get("items") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise PuzzleError('expected a list of transitions under "items"', source=source)
    return [_transition(item, f"{source}, item {i}") for i, item in enumerate(items)]


def _transition(item: object, where: str) -> Transition:
    if not isinstance(item, dict):
        raise PuzzleError("expected an object with hints, before and after", source=where)
    hints = item.get("hints")
    if not isinstance(hints, list) or not all(
            isinstance(h, int) and not isinstance(h, bool) and h > 0 for h in hints):
        raise PuzzleError(f"hints must be a list of positive integers, found {hints!r}",
                          source=where)
    texts = []
    for key in ("before", "after"):
        text = item.get(key)
        if not isinstance(text, str):
            raise PuzzleError(f"{key!r} must be a string of '-', 'O' and 'x'", source=where)
        for column, ch in enumerate(text, 1):
            if ch not in "-Ox":
                raise PuzzleError(f"{key!r} has {ch!r} (expected '-', 'O' or 'x')",
                                  source=where, column=column)
        texts.append(text)
    before, after = texts
    if len(before) != len(after):
        raise PuzzleError(f"'before' has {len(before)} cells but 'after' {len(after)}",
                          source=where)
    for column, (b, a) in enumerate(zip(before, after, strict=True), 1):
        if b != "-" and b != a:
            raise PuzzleError(f"cell {column} is {b!r} before but {a!r} after", source=where,
                              column=column)
    if solve_text(hints, before) is None:
        raise PuzzleError(f"the line ({' '.join(map(str, hints))}) {before} has no solution",
                          source=where)
    return Transition(tuple(hints), before, after)


_CHAR = {FILLED: "O", CROSSED: "x"}


@dataclass
class _Run:
    """Accumulators of one coverage computation."""

    rules: list[CompiledRule]
    per_rule: dict[str, int]
    cells_by_rule: dict[str, set[tuple[int, int]]]
    bugs: list[RuleBug] = field(default_factory=list)
    reported: set[tuple[str, int, int, int]] = field(default_factory=set)
    index: int = 0  # the transition being measured, and its test state
    before: str = ""

    def transition(self, index: int, t: Transition) -> None:
        self.index = index
        self.before = t.before
        self.line(t.hints, t.before, t.after, 0)

    def line(self, hints: tuple[int, ...], text: str, after: str, offset: int) -> None:
        text, fired = self.fixed_point(hints, text, after, offset)
        if not fired or text == after:
            return
        for sub in decompose(Line.parse(hints, text)):
            self.line(sub.line.hints, text[sub.cell_start:sub.cell_end],
                      after[sub.cell_start:sub.cell_end], offset + sub.cell_start)

    def fixed_point(self, hints: tuple[int, ...], text: str, after: str,
                    offset: int) -> tuple[str, bool]:
        """Apply every rule in turn until none sets a cell; the final text and whether any did."""
        n = len(text)
        fired = False
        view: LineView | None = None
        changed = True
        while changed:
            changed = False
            for rule in self.rules:
                if view is None:
                    view = LineView.of_text(hints, text)
                raw = rule.run(view)
                if not raw:
                    continue
                ch = _CHAR[rule.value]
                if not all(0 <= s < e <= n and after[s:e] == ch * (e - s) for s, e, _ in raw):
                    self.report(rule, raw, after, offset)
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
                    view = None
                    if text == after:
                        return text, True
        return text, fired

    def report(self, rule: CompiledRule, raw: list, after: str, offset: int) -> None:
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
            fill = RuleFill(rule.rule.name, rule.value, offset + s, offset + e,
                            dict(zip(names, env, strict=True)), False)
            self.bugs.append(RuleBug(rule.rule.name, self.index, fill))


def coverage(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> CoverageReport:
    """C(rules) on the transitions, with the per-rule breakdown and the rules' bugs.

    ``progress(done, total)`` is called every 100 transitions and at the end; ``should_stop`` is
    polled between transitions (a stopped report has ``complete`` False and counts the
    transitions done so far).
    """
    started = time.perf_counter()
    names = [r.name for r in rules]
    run = _Run([compiled(r) for r in rules], dict.fromkeys(names, 0),
               {name: set() for name in names})
    total = len(transitions)
    done = 0
    complete = True
    for index, t in enumerate(transitions):
        if should_stop is not None and should_stop():
            complete = False
            break
        run.transition(index, t)
        done += 1
        if progress is not None and done % 100 == 0:
            progress(done, total)
    if progress is not None and complete and done % 100:
        progress(done, total)
    return CoverageReport(
        total=sum(run.per_rule.values()),
        per_rule=run.per_rule,
        cells_by_rule=run.cells_by_rule,
        bugs=run.bugs,
        seconds=time.perf_counter() - started,
        complete=complete,
        transitions=done,
        cells_to_fill=cells_to_fill(transitions[:done]),
    )

