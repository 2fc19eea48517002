"""Counts said in words for the messages people read: "1 puzzle", "3 puzzles" (not
"puzzle(s)"), and every count written one way, its digits grouped ("40,000 cells", as
"1,000,000" is): the tutor's, the designer's, the library's, the panels' and the CLI's."""

from __future__ import annotations


def number(n: int) -> str:
    """``n`` as a person reads a count: digits grouped in threes ("40,000", "1,000,000")."""
    return f"{n:,}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` (see :func:`number`) and ``noun``, singular for exactly one, else ``plural``
    (default: ``noun`` + s)."""
    return f"{number(n)} {noun if n == 1 else plural or noun + 's'}"
