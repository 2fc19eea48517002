"""Colour clues typed as text, one line a clue: ``3r 1b`` (each block's length followed by its
colour's letter), ``0`` or an empty line for a line with no block.  The colour editor's *Type
clues* shows a puzzle's clues this way and reads them back (:func:`clue_lines_text`,
:func:`read_clue_lines`).

A colour's letter is its character when that is a letter no other colour has (``r`` for the
new puzzle's red), else a free letter of its name, else the first free letter of the alphabet:
a character such as ``#`` (black's) or a digit cannot follow a length.  A letter chosen so is
never one that reads as a digit after a length (``l``, ``I``, ``o``, ``O``): the new puzzle's
black was ``l`` (``b`` is blue's), and its blocks read ``4l 1l``, four-one and one-one.  With
one colour besides the background a length alone is that colour's block.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.core.colour.model import ClueItem, ColourClue, ColourClues, Palette

_ITEM = re.compile(r"([0-9]+)(\D?)\Z")
_SEPARATORS = re.compile(r"[\s,]+")
_ALPHABET = string.ascii_lowercase + string.ascii_uppercase
LIKE_DIGITS = frozenset("lIoO")
"""Letters that read as a digit after a length (``1o``, ten; ``4l``, four-one): never chosen
for a colour here, nor by the colour editor for a new colour's character (a colour's own
character, a file's, may still be one)."""


def clue_letters(palette: Palette) -> list[str]:
    """The letter each palette index is typed with ('' for the background)."""
    letters = [""] * len(palette)
    taken: set[str] = set()
    for index in range(1, len(palette)):  # a colour's own letter first: no other takes it
        char = palette[index].char
        if char in _ALPHABET and char not in taken:
            letters[index] = char
            taken.add(char)
    for index in range(1, len(palette)):
        if not letters[index]:
            name = palette[index].name
            letter = next(
                ch
                for ch in (*name.lower(), *_ALPHABET)
                if ch in _ALPHABET and ch not in taken and ch not in LIKE_DIGITS
            )
            letters[index] = letter
            taken.add(letter)
    return letters


def letters_legend(palette: Palette) -> str:
    """The letters in words: ``r = red, b = blue``."""
    letters = clue_letters(palette)
    return ", ".join(f"{letters[i]} = {palette[i].name}" for i in range(1, len(palette)))


def clue_lines_text(clues: Sequence[ColourClue], palette: Palette) -> str:
    """``clues`` one a line in the typed form (``0`` for a clue with no block)."""
    letters = clue_letters(palette)
    return "\n".join(" ".join(f"{n}{letters[c]}" for n, c in clue) or "0" for clue in clues)


@dataclass(frozen=True)
class ClueTextProblem:
    """What is wrong on one typed line: ``line`` counts from 1."""

    line: int
    message: str


def _item(token: str, letters: list[str], palette: Palette) -> ClueItem | str:
    """The block ``token`` types, or what is wrong with it."""
    match = _ITEM.match(token)
    if match is None:
        return f"expected a length and a letter, found {token!r}"
    length, letter = int(match.group(1)), match.group(2)
    if not letter and len(palette) == 2:  # one colour: a length alone is its block
        letter = letters[1]
    if not letter:
        return f"{token!r} needs its colour's letter ({letters_legend(palette)})"
    if letter not in letters[1:]:
        return f"no colour is typed {letter!r} ({letters_legend(palette)})"
    if length < 1:
        return "a block is 1 cell or more"
    return (length, letters.index(letter))


def unknown_letters(text: str, palette: Palette) -> list[str]:
    """The letters typed after a length in ``text`` that name no colour of ``palette``, in the
    order first typed (a mistyped colour: ``4q`` where the colours are r and b)."""
    letters = set(clue_letters(palette))
    found: list[str] = []
    for token in _SEPARATORS.split(text):
        match = _ITEM.match(token)
        if match and match.group(2) in _ALPHABET and match.group(2) not in letters:
            if match.group(2) not in found:
                found.append(match.group(2))
    return found


def read_clue_lines(
    text: str, palette: Palette, what: str = "row"
) -> tuple[ColourClues, list[ClueTextProblem]]:
    """The clues typed in ``text`` (one a line; blank lines at the end are not clues) and what
    is wrong with any line, naming the ``what`` (``"row"``, ``"column"``), its number and the
    block.  A line with a problem reads as no block."""
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    letters = clue_letters(palette)
    clues: list[ColourClue] = []
    problems: list[ClueTextProblem] = []
    for number, line in enumerate(lines, start=1):
        tokens = [t for t in _SEPARATORS.split(line.strip()) if t]
        items: list[ClueItem] = []
        for place, token in enumerate([] if tokens == ["0"] else tokens, start=1):
            item = _item(token, letters, palette)
            if isinstance(item, str):
                problems.append(ClueTextProblem(number, f"{what} {number}, block {place}: {item}"))
                items = []
                break
            items.append(item)
        clues.append(tuple(items))
    return tuple(clues), problems
