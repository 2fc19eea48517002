"""Counts said in words for the messages people read: "1 puzzle", "3 puzzles" (not
"puzzle(s)"); the tutor's, the designer's, the library's and the CLI's."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, singular for exactly one, else ``plural`` (default: ``noun`` + s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
