"""Example fills attached to rules in rule files: ``(3 1) ----- -> true [0,3)``.

An example says "on this line the rule fills cells [start, end) with this value"; the control
rules carry the examples their sources give, and the tests check each one against the
interpreter and the line solver.  Learned rules carry the line they were learned from, often a
line of one or two cells (``(1) - -> true [0,1)``); :func:`telling_examples` puts a longer, clearer
example of the rule first for display.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.tokens import RuleSyntaxError

_MAX_DIGITS = 9  # as in rules (parser.MAX_DIGITS): lines have at most 4096 cells
_NUMBER = re.compile(r"[0-9]+")

_STEPS = (
    # digits and spaces, split later: "(?:[0-9]+\s*)*" backtracked exponentially on "(111…1x"
    ("hints", re.compile(r"\(([0-9\s]*)\)\s*"), "hints in parentheses, like '(3 1)'"),
    (
        "cells",
        re.compile(r"([-Ox]+)\s*"),
        "the line's cells ('-' unknown, 'O' filled, 'x' crossed)",
    ),
    ("arrow", re.compile(r"(->|→)\s*"), "'->'"),
    ("value", re.compile(r"(true|false)\s*"), "'true' or 'false'"),
    ("range", re.compile(r"\[\s*([0-9]+)\s*,\s*([0-9]+)\s*\)\s*$"), "a cell range like '[0,3)'"),
)


@dataclass(frozen=True, slots=True)
class Example:
    """On the line ``hints``/``cells`` (``-Ox`` text) the rule fills ``[start, end)`` with
    ``value``."""

    hints: tuple[int, ...]
    cells: str
    value: bool
    start: int
    end: int


def format_example(example: Example) -> str:
    """The example's text form, as written after ``#: example:``."""
    hints = " ".join(str(h) for h in example.hints)
    value = "true" if example.value else "false"
    return f"({hints}) {example.cells} -> {value} [{example.start},{example.end})"


def parse_example(text: str, source: str = "<text>", line: int = 1, column: int = 1) -> Example:
    """Read an example's text form; ``line``/``column`` locate ``text`` in its file for errors."""
    pos = 0
    groups: dict[str, tuple[str, ...]] = {}
    for step, pattern, expected in _STEPS:
        m = pattern.match(text, pos)
        if m is None:
            found = repr(text[pos : pos + 12]) if pos < len(text) else "the end of the line"
            raise RuleSyntaxError(
                source,
                line,
                column + pos,
                expected,
                found,
                f"in the example: expected {expected}, found {found}",
            )
        groups[step] = m.groups()
        for g in range(1, len(m.groups()) + 1):
            for number in _NUMBER.finditer(text, m.start(g), m.end(g)):
                if len(number.group()) <= _MAX_DIGITS:
                    continue
                expected = f"numbers of at most {_MAX_DIGITS} digits"
                raise RuleSyntaxError(
                    source,
                    line,
                    column + number.start(),
                    expected,
                    f"{len(number.group()):,} digits",
                    f"in the example: a number of {len(number.group()):,} "
                    f"digits; expected {expected}",
                )
        pos = m.end()
    hints = tuple(int(h) for h in groups["hints"][0].split())
    cells = groups["cells"][0]
    start, end = (int(x) for x in groups["range"])
    if any(h <= 0 for h in hints):
        raise RuleSyntaxError(
            source,
            line,
            column,
            "positive hints",
            groups["hints"][0].strip(),
            "in the example: hints must be positive",
        )
    if not 0 <= start < end <= len(cells):
        raise RuleSyntaxError(
            source,
            line,
            column,
            f"a non-empty range inside the {len(cells)} cells",
            f"[{start},{end})",
            f"in the example: the range [{start},{end}) is empty or outside "
            f"the line's {len(cells)} cells",
        )
    return Example(hints, cells, groups["value"][0] == "true", start, end)


TELLING_CELLS = 5
"""An example line shorter than this tells little (``(1) -``): a longer one is looked for."""


def telling_examples(rule: Rule, examples: Sequence[Example], *, tries: int = 400) -> list[Example]:
    """``examples`` led by a longer, clearer example when none of them has
    :data:`TELLING_CELLS` cells or more (learned rules carry the line they were learned from,
    often one or two cells).

    The extra example is searched deterministically (seeded by the rule's name) among lines of
    6 to 10 cells: a random solution, some of its cells shown, the rule applied.  A candidate
    counts when the rule's fill sets at least one unknown cell and the exact line solver forces
    every cell of it; preferred are fills setting two or more unknown cells, lines with more
    than one clue and few known cells.  At most ``tries`` lines are tried (a few milliseconds
    each); when nothing fits the examples are returned as they are.
    """
    if any(len(x.cells) >= TELLING_CELLS for x in examples):
        return list(examples)
    found = _search_example(rule, tries)
    return list(examples) if found is None else [found, *examples]


def _search_example(rule: Rule, tries: int) -> Example | None:
    from nonostudio.core.line import CROSSED, FILLED, Line, clue_of
    from nonostudio.core.linesolver import solve_text
    from nonostudio.rules.language.interpreter import apply_rule, is_valid_fill

    rng = random.Random(f"telling example of {rule.name}")
    best: tuple[tuple[int, ...], Example] | None = None
    try:
        for i in range(tries):
            n = 6 + i % 5
            density = (0.5, 0.6, 0.7)[i % 3]
            solution = [FILLED if rng.random() < density else CROSSED for _ in range(n)]
            hints = tuple(clue_of(solution))
            if not hints:
                continue
            shown = (0.0, 0.0, 0.2, 0.35)[i % 4]
            cells = "".join(
                ("O" if c == FILLED else "x") if rng.random() < shown else "-" for c in solution
            )
            line = Line.parse(hints, cells)
            for fill in apply_rule(rule, line, flipped=False):
                if not is_valid_fill(fill, line):
                    continue
                new = sum(cells[j] == "-" for j in fill.cells())
                if new == 0:
                    continue
                deduced = solve_text(hints, cells)
                char = "O" if fill.value == FILLED else "x"
                if deduced is None or any(deduced[j] != char for j in fill.cells()):
                    continue  # not forced: an unsound rule's fill is no example
                known = sum(c != "-" for c in cells)
                score = (min(new, 2), len(hints) > 1, -known, -abs(n - 8), new)
                if best is None or score > best[0]:
                    best = (
                        score,
                        Example(hints, cells, fill.value == FILLED, fill.start, fill.end),
                    )
            if best is not None and best[0][:3] == (2, True, 0):
                break
    except (ValueError, ArithmeticError):  # a rule the interpreter cannot run has no example
        return None
    return None if best is None else best[1]
