"""The colour techniques against brute force: every move is sound (it keeps every colour some
fitting arrangement gives a cell), the exact one is exact, and each technique decides something
somewhere.

Exhaustive: every clue of every line of up to 3 cells with 2 colours besides the background in
every state of its cells (every non-empty set of colours in every cell); every clue of lines of
3 cells with 3 colours and of 4 cells with 2 colours, each cell unknown, decided, or not the
background; random: 300 lines of 6 to 16 cells with 2 to 5 colours, in states reached from a
solution by adding random colours (brute force up to 7 cells and 3 colours, the exact solver
beyond).
"""

from __future__ import annotations

import itertools
import random

import pytest

from nonostudio.analysis.colour.catalogue import COLOUR_CATALOGUE, COLOUR_LINE_SOLVER
from tests.analysis.colour.brute import by_clue, clue_of, exact


def _check(technique, clue, cells, ncolours):  # type: ignore[no-untyped-def]
    truth = exact(clue, cells, ncolours)
    got = technique.apply(clue, cells, ncolours)
    if truth is None:
        return got  # the line cannot hold its clue: any answer is sound
    assert got is not None, (technique.id, clue, cells)
    for p, (t, g) in enumerate(zip(truth, got, strict=True)):
        assert t & ~g == 0, (technique.id, clue, cells, p, t, g)  # sound: nothing true removed
        assert g & ~cells[p] == 0, (technique.id, clue, cells, p)  # only narrows
    if technique.id == COLOUR_LINE_SOLVER:
        assert got == truth
    return got


def _states(ncolours: int, every: bool) -> list[int]:
    full = (1 << ncolours) - 1
    if every:
        return list(range(1, full + 1))
    return sorted({full, *(1 << c for c in range(ncolours)), full & ~1})


@pytest.mark.parametrize(
    ("n", "ncolours", "every"),
    [(1, 3, True), (2, 3, True), (3, 3, True), (3, 4, False), (4, 3, False)],
)
def test_every_small_line(n: int, ncolours: int, every: bool) -> None:
    sets = _states(ncolours, every)
    narrowed = {t.id: 0 for t in COLOUR_CATALOGUE}
    for clue in by_clue(n, ncolours):
        for cells in itertools.product(sets, repeat=n):
            for t in COLOUR_CATALOGUE:
                got = _check(t, clue, cells, ncolours)
                if got is not None and got != cells and exact(clue, cells, ncolours) is not None:
                    narrowed[t.id] += 1
    if n >= 3:  # every technique does something on these lines
        assert all(narrowed.values()), narrowed


def test_random_longer_lines() -> None:
    rng = random.Random(44)
    for _ in range(300):
        n = rng.randint(6, 16)
        ncolours = rng.randint(3, 6)
        solution = [rng.choice([0, 0, *range(1, ncolours)]) for _ in range(n)]
        clue = clue_of(solution)
        full = (1 << ncolours) - 1
        cells = [
            (1 << v) | (rng.getrandbits(ncolours) & full if rng.random() < 0.8 else full)
            for v in solution
        ]
        if n > 7 or ncolours > 4:  # brute force over colourings is too slow: compare with the
            # exact solver instead (itself tested against brute force above)
            truth = COLOUR_CATALOGUE[-1].apply(clue, cells, ncolours)
            assert truth is not None
            for t in COLOUR_CATALOGUE:
                got = t.apply(clue, cells, ncolours)
                assert got is not None
                for p in range(n):
                    assert truth[p] & ~got[p] == 0, (t.id, clue, cells, p)
                    assert (1 << solution[p]) & got[p]
        else:
            for t in COLOUR_CATALOGUE:
                _check(t, clue, tuple(cells), ncolours)


def test_examples() -> None:
    red, blue = 1, 2
    full = 0b111
    # 3 red then 2 blue touch in 5 cells: all decided by touching overlap, not by red alone
    t = {x.id: x for x in COLOUR_CATALOGUE}
    assert t["touching_overlap"].apply(((3, red), (2, blue)), (full,) * 5, 3) == (2, 2, 2, 4, 4)
    # a blue 1 in cells 4-6 of 6: cells 1-3 cannot be blue
    cells = (full, full, full, full, full, full)
    got = t["colour_reach"].apply(((3, red), (1, blue)), cells, 3)
    assert got is not None and [x & 4 for x in got[:3]] == [0, 0, 0]
    # a red block of 2 (the longest red) in the middle: its neighbours cannot be red
    got = t["colour_punctuation"].apply(((2, red), (2, blue)), (full, 2, 2, full, full), 3)
    assert got == (full & ~2, 2, 2, full & ~2, full)


def _implied(clue, cells, ncolours) -> bool | None:  # type: ignore[no-untyped-def]
    """Whether colour out of reach then touching overlap narrow every cell as far as narrowing
    to a set of colours (None when the line cannot hold its clue); and whether that narrows."""
    by = {t.id: t for t in COLOUR_CATALOGUE}
    narrowed = by["colour_set"].apply(clue, cells, ncolours)
    reach = by["colour_reach"].apply(clue, cells, ncolours)
    if narrowed is None or reach is None:
        return None
    both = by["touching_overlap"].apply(clue, reach, ncolours)
    assert both is not None
    assert all(b & ~s == 0 for b, s in zip(both, narrowed, strict=True)), (clue, cells)
    return narrowed != tuple(cells)


@pytest.mark.parametrize(("n", "ncolours", "every"), [(3, 3, True), (4, 3, False)])
def test_narrowing_to_a_set_is_implied_by_tier_1(n: int, ncolours: int, every: bool) -> None:
    """Why the trace never takes "narrowing to a set of colours" (tier 3): on the same item
    ranges, a colour it removes no item reaches (colour out of reach, tier 1), and a cell it
    finds cannot be empty is covered by one item in both pushes (touching overlap, tier 1),
    which decides it.  So colour out of reach then touching overlap narrow every cell at least
    as far (docs/design/colour.md)."""
    sets = _states(ncolours, every)
    applied = 0
    for clue in by_clue(n, ncolours):
        for cells in itertools.product(sets, repeat=n):
            applied += bool(_implied(clue, cells, ncolours))
    assert applied  # it does narrow these lines: only never first


def test_narrowing_to_a_set_is_implied_by_tier_1_on_longer_lines() -> None:
    """The same on 400 random lines of 6 to 20 cells with 2 to 5 colours (every line of up to
    4 cells above)."""
    rng = random.Random(45)
    applied = 0
    for _ in range(400):
        n = rng.randint(6, 20)
        ncolours = rng.randint(3, 6)
        solution = [rng.choice([0, 0, *range(1, ncolours)]) for _ in range(n)]
        full = (1 << ncolours) - 1
        cells = [(1 << v) | (rng.getrandbits(ncolours) & full) for v in solution]
        applied += bool(_implied(clue_of(solution), cells, ncolours))
    assert applied > 50
