"""The small words of the explainer's phrases: element nouns, ordinals and places, numbers and cell
counts, lists joined with "and" (:mod:`nonostudio.rules.words.phrases` builds the phrases from
them).
"""

from __future__ import annotations

from nonostudio.rules.language.ast import ElementType

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP
NOUN = {HINT: "clue", BLOCK: "block", GAP: "gap"}
MIRRORED = {">=": "<=", ">": "<", "=": "="}  # the operator with its sides swapped
_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)
_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def ordinal(i: int) -> str:
    """``0 -> "first"``, …, ``10 -> "11th"`` (0-based index to an English ordinal)."""
    if 0 <= i < len(_ORDINALS):
        return _ORDINALS[i]
    n = i + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place(index: int) -> str:
    """A constant pattern's place in its list: ``0 -> "first"``, ``-1 -> "last"``,
    ``-2 -> "second-to-last"`` (a negative index counts from the end)."""
    if index >= 0:
        return ordinal(index)
    if index == -1:
        return "last"
    return f"{ordinal(-index - 1)}-to-last"


def offset_phrase(amount: str, way: str, here: str) -> str:
    """``amount`` cells ``way`` (before, after) ``here``.  An amount that counts cells before or
    after a place itself ("the number of cells before the first gap") is put last, so that the two
    do not run together ("… before the first gap after where the clue ends" reads as one place)."""
    if "cells before " in amount or "cells after " in amount:
        return f"{here}, moved {'back' if way == 'before' else 'on'} by {amount}"
    return f"{amount} {way} {here}"


def join_and(parts: list[str]) -> str:
    """ "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def number_word(n: int) -> str:
    """``0`` to ``10`` in words ("three"), larger and negative numbers in digits."""
    return _SMALL[n] if 0 <= n < len(_SMALL) else str(n)


def cells(n: int) -> str:
    """ "one cell", "three cells"."""
    return "one cell" if n == 1 else f"{number_word(n)} cells"
