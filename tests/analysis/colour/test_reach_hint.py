"""The premise rung of a Colour out of reach hint names the clues that prove its cells (the
last item of the lost colour that ends before them and the first that starts after them), not
the first item's range; every claim of its words is checked by brute force on small lines."""

from __future__ import annotations

import random
import re

from nonostudio.analysis.colour.catalogue import colour_reach
from nonostudio.analysis.colour.colour_text import colour_premises, reach_reason
from nonostudio.analysis.colour.hints import colour_hint_ladder
from nonostudio.analysis.colour.trace import COLOUR, ColourStep
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from tests.analysis.colour.brute import clue_of, fitting

PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
ITEM = r"the (?:(\w+) clue, )?(\d+) (red|blue),?"


def _starts(line: tuple[int, ...]) -> list[int]:
    return [p for p, v in enumerate(line) if v and (p == 0 or line[p - 1] != v)]


def _cells(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(", "):
        lo, _, hi = part.partition("\u2013")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def _check(clue, before, after) -> str:  # type: ignore[no-untyped-def]
    """The reason's words for one step, each claim checked against every arrangement."""
    premises = colour_premises("colour_reach", clue, before, after)
    changed = [(p, b, a) for p, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
    text, _shown = reach_reason(PALETTE, clue, premises, changed)
    arrangements = fitting(clue, before, 3)
    assert arrangements and text
    m = re.search(r"(?:reaches|so) cells? ([\d\u2013, ]+?)(?: cannot| *$)", text)
    assert m, text
    cells = _cells(m.group(1))
    colour = 1 if re.search(r"(no red clue|cannot be red)", text) else 2
    first_lost = next(p for p, b, a in changed if b & ~a & ~1)
    assert first_lost + 1 in cells  # the cell the step narrows first
    for q in cells:  # no arrangement puts the colour there, and the step takes it away
        assert all(a[q - 1] != colour for a in arrangements), text
        assert before[q - 1] >> colour & 1 and not after[q - 1] >> colour & 1
    for who, n, name, verb, cell in re.findall(
        ITEM + r" cannot start (after|before) cell (\d+)", text
    ):
        k = ORDINALS.index(who) if who else 0
        assert clue[k] == (int(n), 1 if name == "red" else 2)
        for a in arrangements:  # the item's start, read from each arrangement
            start = _starts(a)[k] + 1
            assert start <= int(cell) if verb == "after" else start >= int(cell), text
        if verb == "after":  # it ends before the cells named; before: it starts after them
            assert int(cell) + int(n) - 1 < min(cells)
        else:
            assert int(cell) > max(cells)
    return text


def test_the_reason_names_the_clues_around_the_cell() -> None:
    red, full = 0b010, 0b111
    clue = ((2, 1), (3, 2), (1, 1))
    before = (full,) * 8
    text = _check(clue, before, colour_reach(clue, before, 3))
    assert text == (
        "the second clue, 3 blue, cannot start before cell 3, so no blue clue reaches "
        "cells 1\u20132"
    )
    clue = ((1, 1), (3, 2), (1, 1))  # cell 1 red: the cells between the two reds
    before = (red, full, full, full, full, full)
    text = _check(clue, before, colour_reach(clue, before, 3))
    assert text == (
        "the first clue, 1 red, cannot start after cell 2, so it ends by cell 2, and the third "
        "clue, 1 red, cannot start before cell 5, so no red clue reaches cells 3\u20134"
    )


def test_every_reason_on_small_lines_is_true_by_brute_force() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        n = rng.randint(3, 8)
        line = tuple(rng.choice((0, 0, 1, 2)) for _ in range(n))
        clue = clue_of(line)
        before = tuple(
            (1 << v) | rng.choice((0, 0, 0b111)) | rng.choice((0, 1)) for v in line
        )  # each cell keeps its colour in ``line``, so the line fits
        after = colour_reach(clue, before, 3)
        if after is None or after == before:
            continue
        if not any(b & ~a & ~1 for b, a in zip(before, after, strict=True)):
            continue
        _check(clue, before, after)
        checked += 1
    assert checked > 100


def test_the_hint_rung_names_the_clue_that_proves_the_cell() -> None:
    """A row '2 red, 3 blue, 1 red' of 8: cells 1-2 cannot be blue because the blue 3 starts at
    cell 3 at the earliest; the rung said only the first item's range (2 red, cells 1-3)."""
    clue = ((2, 1), (3, 2), (1, 1))
    before = (0b111,) * 8
    after = colour_reach(clue, before, 3)
    assert after is not None
    premises = tuple(colour_premises("colour_reach", clue, before, after))
    pairs = enumerate(zip(before, after, strict=True))
    cells = tuple((0, p, b, a) for p, (b, a) in pairs if b != a)
    step = ColourStep(COLOUR, "colour_reach", 1, "row", 0, None, cells, "(sentence)", premises)
    puzzle = ColourPuzzle(PALETTE, *clues_of_colour_grid(((1, 1, 2, 2, 2, 0, 1, 0),)))
    assert puzzle.rows == (clue,)
    ladder = colour_hint_ladder(step, puzzle)
    assert ladder.premise == (
        "On row 1, the second clue, 3 blue, cannot start before cell 3, so no blue clue "
        "reaches cells 1\u20132."
    )
    assert [p["clue"] for p in ladder.shown_premises] == [1]
