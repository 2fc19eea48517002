"""The colour step checker itself: its item starts equal brute force on random small lines, it
passes the colour techniques' steps and it catches a claim or a cell that is wrong."""

from __future__ import annotations

import random

from nonostudio.analysis.colour.catalogue import COLOUR_CATALOGUE
from nonostudio.analysis.colour.colour_text import colour_premises
from tests.analysis.colour.brute import clue_of, fitting
from tests.analysis.colour.colour_checker import check_colour_step, fits, possible_starts


def _starts(a: tuple[int, ...]) -> list[int]:
    return [p for p, v in enumerate(a) if v and (p == 0 or a[p - 1] != v)]


def _lines(seed: int, count: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, 7)
        solution = [rng.choice([0, 0, 1, 2, 3]) for _ in range(n)]
        cells = tuple(
            (1 << v) | (rng.getrandbits(4) if rng.random() < 0.7 else 15) for v in solution
        )
        yield clue_of(solution), cells


def test_starts_equal_brute_force() -> None:
    rng = random.Random(3)
    for clue, cells in _lines(1, 400):
        arr = fitting(clue, cells, 4)
        brute = [{_starts(a)[k] for a in arr} for k in range(len(clue))]
        assert possible_starts(clue, cells) == brute, (clue, cells)
        assert fits(clue, cells) == bool(arr)
        other = tuple(rng.choice([c, c & rng.getrandbits(4)]) for c in cells)
        assert fits(clue, other) == bool(fitting(clue, other, 4)), (clue, other)


def test_passes_the_techniques_and_catches_mistakes() -> None:
    caught = passed = 0
    for clue, cells in _lines(2, 400):
        for t in COLOUR_CATALOGUE:
            after = t.apply(clue, cells, 4)
            if after is None or after == cells:
                continue
            premises = colour_premises(t.id, clue, cells, after)
            assert check_colour_step(t.id, clue, cells, after, premises) == [], (t.id, clue, cells)
            passed += 1
            wrong = [dict(c) for c in premises]
            for c in wrong:
                if c["claim"] == "item_starts" and c["min"] < c["max"]:
                    c["max"] -= 1  # a bound tighter than the truth
                    break
            else:
                continue
            if any(
                c["claim"] == "item_starts"
                and c["max"] + 1 in possible_starts(clue, cells)[c["clue"]]
                for c in wrong
            ):
                assert check_colour_step(t.id, clue, cells, after, wrong) != []
                caught += 1
    assert passed > 100 and caught > 10
