"""Specification mining (Butler et al. 2017, §6.1): the training transitions of short lines
(canonical: productive and minimal) and their specifications, each a transition, one run of newly
set cells and a subset of the state's most specific patterns, with a stable key so a job store
can resume a run.  What is mined and the counts it gives: docs/design/learning.md,
"Specification mining".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.core.linesolver import masks_text, solve_masks
from nonostudio.rules.language.ast import Binding, Constant, ElementType, Singleton
from nonostudio.rules.measuring.coverage import Transition

_TYPE_LETTER = {ElementType.HINT: "h", ElementType.BLOCK: "b", ElementType.GAP: "g"}
_LETTER_TYPE = {v: k for k, v in _TYPE_LETTER.items()}
_VALUE_CHAR = {FILLED: "O", CROSSED: "x"}
_CHAR_VALUE = {v: k for k, v in _VALUE_CHAR.items()}


def _hints_of(mask: int, n: int) -> tuple[int, ...]:
    bits = format(mask, f"0{n}b")[::-1]
    return tuple(len(run) for run in bits.split("0") if run)


def _is_minimal(
    hints: tuple[int, ...], n: int, filled: int, crossed: int, target: tuple[int, int]
) -> bool:
    known = filled | crossed
    for i in range(n):
        bit = 1 << i
        if known & bit and solve_masks(hints, n, filled & ~bit, crossed & ~bit) == target:
            return False
    return True


def canonical_transitions(n: int) -> list[Transition]:
    """The canonical transitions of lines of exactly ``n`` cells, sorted by (hints, before)."""
    if n < 1:
        raise ValueError(f"line length must be at least 1, got {n}")
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    out: list[Transition] = []
    for solution in range(1 << n):
        hints = _hints_of(solution, n)
        for known in range(1 << n):
            filled, crossed = solution & known, known & ~solution
            if (hints, filled, crossed) in seen:
                continue
            seen.add((hints, filled, crossed))
            target = solve_masks(hints, n, filled, crossed)
            if target is None or target == (filled, crossed):
                continue
            if _is_minimal(hints, n, filled, crossed, target):
                out.append(
                    Transition(hints, masks_text(n, filled, crossed), masks_text(n, *target))
                )
    out.sort(key=lambda t: (t.hints, t.before))
    return out


def mine_transitions(max_length: int, min_length: int = 1) -> list[Transition]:
    """Canonical transitions of every line length in ``[min_length, max_length]``, shortest
    first."""
    if min_length < 1 or max_length < min_length:
        raise ValueError(f"bad line lengths {min_length}..{max_length}")
    return [t for n in range(min_length, max_length + 1) for t in canonical_transitions(n)]


def new_runs(transition: Transition) -> list[tuple[int, int, int]]:
    """Maximal contiguous runs ``(value, start, end)`` of cells newly set by the transition."""
    out: list[tuple[int, int, int]] = []
    before, after = transition.before, transition.after
    i, n = 0, len(before)
    while i < n:
        if before[i] != "-" or after[i] == "-":
            i += 1
            continue
        j = i
        while j < n and before[j] == "-" and after[j] == after[i]:
            j += 1
        out.append((_CHAR_VALUE[after[i]], i, j))
        i = j
    return out


def most_specific_patterns(line: Line) -> list[Binding]:
    """The state's elements as the most specific patterns: hints, then blocks, then gaps.

    Names: ``h``/``b``/``g`` for a singleton, ``h0``, ``b1`` … for constants.
    """
    out: list[Binding] = []
    counts = {
        ElementType.HINT: len(line.hints),
        ElementType.BLOCK: len(line.blocks()),
        ElementType.GAP: len(line.gaps()),
    }
    for t, count in counts.items():
        letter = _TYPE_LETTER[t]
        if count == 1:
            out.append(Binding(letter, Singleton(t)))
        else:
            out.extend(Binding(f"{letter}{i}", Constant(t, i)) for i in range(count))
    return out


def _pattern_code(b: Binding) -> str:
    p = b.pattern
    letter = _TYPE_LETTER[p.type]
    if isinstance(p, Singleton):
        return letter
    if isinstance(p, Constant):
        return f"{letter}{p.index}"
    raise ValueError(f"a specification binds {b.name} by a singleton or constant pattern")


def _binding_of_code(code: str) -> Binding:
    t = _LETTER_TYPE[code[0]]
    if len(code) == 1:
        return Binding(code, Singleton(t))
    return Binding(code, Constant(t, int(code[1:])))


@dataclass(frozen=True, slots=True)
class Specification:
    """A rule to synthesise must bind ``patterns`` on ``transition.before`` and fill ``value`` on
    cells ``[start, end)`` (one maximal run of cells the transition newly sets)."""

    transition: Transition
    patterns: tuple[Binding, ...]
    value: int
    start: int
    end: int

    @property
    def group(self) -> str:
        """The (transition, run) this specification belongs to, e.g. ``3 1|-----|O0-3``."""
        t = self.transition
        hints = " ".join(map(str, t.hints))
        return f"{hints}|{t.before}|{_VALUE_CHAR[self.value]}{self.start}-{self.end}"

    @property
    def key(self) -> str:
        """Stable id: group plus pattern codes, e.g. ``3 1|-----|O0-3|h0,h1``."""
        return f"{self.group}|{','.join(_pattern_code(b) for b in self.patterns)}"

    @staticmethod
    def split_key(key: str) -> tuple[str, frozenset[str]]:
        """A :attr:`key`'s group and pattern codes (``3 1|-----|O0-3|h0,b`` → group, {h0, b})."""
        group, _, codes = key.rpartition("|")
        return group, frozenset(codes.split(","))

    @property
    def line(self) -> Line:
        return Line.parse(self.transition.hints, self.transition.before)

    def to_json(self) -> dict[str, Any]:
        t = self.transition
        return {
            "hints": list(t.hints),
            "before": t.before,
            "after": t.after,
            "patterns": [_pattern_code(b) for b in self.patterns],
            "value": self.value,
            "start": self.start,
            "end": self.end,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Specification:
        """Inverse of :meth:`to_json`; raises ValueError on a malformed record."""
        try:
            transition = Transition(
                tuple(int(h) for h in data["hints"]), str(data["before"]), str(data["after"])
            )
            patterns = tuple(_binding_of_code(str(c)) for c in data["patterns"])
            value, start, end = int(data["value"]), int(data["start"]), int(data["end"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"malformed specification record {data!r}: {exc}") from exc
        if value not in _VALUE_CHAR:
            raise ValueError(f"malformed specification record {data!r}: value {value}")
        return cls(transition, patterns, value, start, end)


def _names_first(b: Binding) -> bool:
    return isinstance(b.pattern, Singleton) or (
        isinstance(b.pattern, Constant) and b.pattern.index == 0
    )


def specifications(
    transition: Transition, max_patterns: int = 3, *, three_first: bool = False
) -> list[Specification]:
    """The specifications of one transition: each run × each pattern subset with a hint pattern
    (with ``three_first``, subsets of three only when they name first elements: module docstring).

    Ordered by run, then subset size, then the patterns' order (hints, blocks, gaps).
    """
    patterns = most_specific_patterns(Line.parse(transition.hints, transition.before))
    subsets = [
        combo
        for size in range(1, max_patterns + 1)
        for combo in combinations(patterns, size)
        if any(b.pattern.type is ElementType.HINT for b in combo)
        and not (three_first and size >= 3 and not all(map(_names_first, combo)))
    ]
    return [
        Specification(transition, combo, value, start, end)
        for value, start, end in new_runs(transition)
        for combo in subsets
    ]


def all_specifications(
    max_length: int, max_patterns: int = 3, *, three_first: bool = False
) -> Iterator[Specification]:
    """Specifications of every canonical transition up to ``max_length`` cells."""
    for transition in mine_transitions(max_length):
        yield from specifications(transition, max_patterns, three_first=three_first)
