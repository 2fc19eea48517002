"""Decomposition oracle tests: the original implementation's published cases, and every split
checked against all solutions enumerated by brute force on random lines."""

from __future__ import annotations

import itertools
import random

import pytest

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line, clue_of, runs
from nonostudio.rules.measuring.oracle import SubLine, decompose, split_cells

# Cases from the original implementation's test suite (src/test/test-solve.rkt of
# edbutler/nonograms-rule-synthesis): line -> [(hint range, cell range)].
ORIGINAL_CASES = [
    ((), "------", []),
    ((5,), "------", []),
    ((1, 1), "--O---", []),
    ((1, 1), "-O----", [((0, 1), (0, 2)), ((1, 2), (3, 6))]),
    ((1, 1), "----O-", [((0, 1), (0, 3)), ((1, 2), (4, 6))]),
    ((1, 1), "O-----", [((1, 2), (2, 6))]),
    ((1, 1), "-----O", [((0, 1), (0, 4))]),
    ((1, 1, 1), "O----O", [((1, 2), (2, 4))]),
    ((1, 1, 1, 1), "O----O---", [((1, 2), (2, 4)), ((3, 4), (7, 9))]),
    ((2, 1), "-O----", []),
    ((1, 2), "----O-", []),
    ((3, 6), "-----O--OOO---", []),
    ((3, 6), "----O---OOO---", []),
]


@pytest.mark.parametrize(("hints", "text", "expected"), ORIGINAL_CASES)
def test_original_cases(hints, text, expected):
    line = Line.parse(hints, text)
    got = [((s.hint_start, s.hint_end), (s.cell_start, s.cell_end)) for s in decompose(line)]
    assert got == expected


def test_sub_lines_carry_their_hints_and_cells():
    line = Line.parse((1, 1, 1, 1), "O----O---")
    assert decompose(line) == [
        SubLine(1, 2, 2, 4, Line.parse((1,), "--")),
        SubLine(3, 4, 7, 9, Line.parse((1,), "--")),
    ]


def test_a_line_without_solution_is_an_error():
    with pytest.raises(ValueError, match="no solution"):
        decompose(Line.parse((3,), "-x-x-"))


def solutions(line: Line) -> list[tuple[int, ...]]:
    unknown = [i for i, c in enumerate(line.cells) if c == UNKNOWN]
    out = []
    for values in itertools.product((CROSSED, FILLED), repeat=len(unknown)):
        cells = list(line.cells)
        for i, v in zip(unknown, values, strict=True):
            cells[i] = v
        if clue_of(cells) == line.hints:
            out.append(tuple(cells))
    return out


def brute_splits(line: Line, sols: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    """Smallest c with: in every solution block i-1 ends at or before c and block i starts
    after c."""
    blocks = [runs(s, frozenset({FILLED})) for s in sols]
    out = []
    for i in range(1, len(line.hints)):
        for c in range(line.size):
            if all(b[i - 1][0] + b[i - 1][1] <= c < b[i][0] for b in blocks):
                out.append((i, c))
                break
    return out


def random_valid_line(rng: random.Random) -> Line:
    n = rng.randint(1, 12)
    solution = [rng.choice((CROSSED, FILLED)) for _ in range(n)]
    shown = [c if rng.random() < 0.35 else UNKNOWN for c in solution]
    return Line(clue_of(solution), tuple(shown))


def test_splits_match_brute_force_on_random_lines():
    rng = random.Random(7)
    nontrivial = 0
    for _ in range(1500):
        line = random_valid_line(rng)
        sols = solutions(line)
        expected = brute_splits(line, sols)
        assert split_cells(line) == expected, str(line)
        nontrivial += bool(expected)
        pieces = decompose(line)
        # Pieces lie between consecutive split cells and keep only those with unknown cells.
        bounds = [(0, -1), *expected, (len(line.hints), line.size)]
        want = (
            [
                (h0, h1, c0 + 1, c1)
                for (h0, c0), (h1, c1) in itertools.pairwise(bounds)
                if UNKNOWN in line.cells[c0 + 1 : c1]
            ]
            if expected
            else []
        )
        assert [(p.hint_start, p.hint_end, p.cell_start, p.cell_end) for p in pieces] == want
        for p in pieces:
            # The sub-line's solutions are exactly the slices of the line's solutions.
            assert set(solutions(p.line)) == {s[p.cell_start : p.cell_end] for s in sols}, str(line)
    assert nontrivial > 100
