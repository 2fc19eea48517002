"""Example fills attached to rules in rule files: ``(3 1) ----- -> true [0,3)``.

An example says "on this line the rule fills cells [start, end) with this value"; the control
rules carry the examples their sources give, and the tests check each one against the
interpreter and the line solver.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nonostudio.rules.tokens import RuleSyntaxError

_MAX_DIGITS = 9  # as in rules (parser.MAX_DIGITS): lines have at most 4096 cells
_NUMBER = re.compile(r"[0-9]+")

_STEPS = (
    # digits and spaces, split later: "(?:[0-9]+\s*)*" backtracked exponentially on "(111…1x"
    ("hints", re.compile(r"\(([0-9\s]*)\)\s*"), "hints in parentheses, like '(3 1)'"),
    ("cells", re.compile(r"([-Ox]+)\s*"), "the line's cells ('-' unknown, 'O' filled, 'x' crossed)"),
    ("arrow", re.compile(r"(->|→)\s*"), "'->'"),
    ("value", re.compile(r"(true|false)\s*"), "'true' or 'false'"),
    ("range", re.compile(r"\[\s*([0-9]+)\s*,\s*([0-9]+)\s*\)\s*$"), "a cell range like '[0,3)'"),
)


@dataclass(frozen=True, slots=True)
class Example:
    """On the line ``hints``/``cells`` (``-Ox`` text) the rule fills ``[start, end)`` with ``value``."""

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
            found = repr(text[pos:pos + 12]) if pos < len(text) else "the end of the line"
            raise RuleSyntaxError(source, line, column + pos, expected, found,
                                  f"in the example: expected {expected}, found {found}")
        groups[step] = m.groups()
        for g in range(1, len(m.groups()) + 1):
            for number in _NUMBER.finditer(text, m.start(g), m.end(g)):
                if len(number.group()) <= _MAX_DIGITS:
                    continue
                expected = f"numbers of at most {_MAX_DIGITS} digits"
                raise RuleSyntaxError(source, line, column + number.start(), expected,
                                      f"{len(number.group()):,} digits",
                                      f"in the example: a number of {len(number.group()):,} "
                                      f"digits; expected {expected}")
        pos = m.end()
    hints = tuple(int(h) for h in groups["hints"][0].split())
    cells = groups["cells"][0]
    start, end = (int(x) for x in groups["range"])
    if any(h <= 0 for h in hints):
        raise RuleSyntaxError(source, line, column, "positive hints", groups["hints"][0].strip(),
                              "in the example: hints must be positive")
    if not 0 <= start < end <= len(cells):
        raise RuleSyntaxError(source, line, column, f"a non-empty range inside the {len(cells)} cells",
                              f"[{start},{end})",
                              f"in the example: the range [{start},{end}) is empty or outside "
                              f"the line's {len(cells)} cells")
    return Example(hints, cells, groups["value"][0] == "true", start, end)
