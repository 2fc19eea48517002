"""Words for colour steps: colour names, clue items, and what a step did to a cell's set of
still-possible colours ("cells 3–4 are red", "cell 7 cannot be red", "cell 5 is red or blue")."""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.analysis.catalogue.techniques import cell_ranges_text
from nonostudio.core.colour.model import BACKGROUND, Palette
from nonostudio.rules.words.phrase_words import ordinal

ClueItem = tuple[int, int]


def colour_name(palette: Palette, colour: int) -> str:
    """A palette entry as a step names it: the background is ``empty``."""
    return "empty" if colour == BACKGROUND else palette[colour].name


def colours_of(cell: int) -> list[int]:
    """The palette indices in a cell's set, lowest first."""
    return [i for i in range(cell.bit_length()) if cell >> i & 1]


def set_text(palette: Palette, cell: int) -> str:
    """A cell's set of colours: ``red``, ``red or blue``, ``red, blue or empty`` (the background
    last)."""
    names = [colour_name(palette, c) for c in colours_of(cell) if c != BACKGROUND]
    if cell & 1:
        names.append(colour_name(palette, BACKGROUND))
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def item_text(palette: Palette, clue: Sequence[ClueItem], k: int, *, subject: bool = False) -> str:
    """``the second clue, 3 red`` (``the 3 red`` when it is the line's only clue); as the
    subject of a sentence, ``the second clue, 3 red,``."""
    n, c = clue[k]
    if len(clue) == 1:
        return f"the {n} {colour_name(palette, c)}"
    return f"the {ordinal(k)} clue, {n} {colour_name(palette, c)}{',' if subject else ''}"


def colour_clue_text(palette: Palette, clue: Sequence[ClueItem]) -> str:
    """A clue as ``2 red, 1 blue`` (``0`` when blank)."""
    return ", ".join(f"{n} {colour_name(palette, c)}" for n, c in clue) or "0"


def change_text(
    palette: Palette, before: Sequence[int], after: Sequence[int], *, leaves: bool = False
) -> str:
    """What happened to the cells that changed: grouped as ``cells 3–4 are red``, ``cell 7
    cannot be red`` (one colour removed), ``cell 5 is red or blue`` (several left).  With
    ``leaves``, a cell decided by removing one colour says so: ``cell 7 cannot be red, which
    leaves it empty`` (after a sentence that looked only at red, where "empty" meant "not red",
    a bare ``cell 7 is empty`` repeated its words with another meaning)."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, (b, a) in enumerate(zip(before, after, strict=True)):
        if a == b:
            continue
        removed = b & ~a
        one_removed = bool(removed) and not removed & (removed - 1)
        if leaves and one_removed and a and not a & (a - 1):
            what = (
                "cannot be",
                f"{colour_name(palette, removed.bit_length() - 1)}, which leaves "
                f"\0 {colour_name(palette, a.bit_length() - 1)}",
            )
        elif a and not a & (a - 1):
            what = ("is", colour_name(palette, a.bit_length() - 1))
        elif one_removed:
            what = ("cannot be", colour_name(palette, removed.bit_length() - 1))
        else:
            what = ("is", set_text(palette, a))
        groups.setdefault(what, []).append(i)
    parts = []
    for (verb, rest), cells in groups.items():
        one = len(cells) == 1
        if verb == "is" and not one:
            verb = "are"
        rest = rest.replace("\0", "it" if one else "them")
        parts.append(f"{'cell' if one else 'cells'} {cell_ranges_text(cells)} {verb} {rest}")
    return " and ".join(parts)
