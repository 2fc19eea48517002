"""The exact colour line solver against brute force and against the black-and-white solver.

Brute force: every colouring of a line is enumerated, its clue derived, and a cell's narrowed set
is the union of the colours the colourings with that clue that fit the cells give it.
Exhaustive: every clue and every state of the cells (each cell any set of the palette) for lines
up to 4 cells with 2 colours and 3 cells with 3 colours; every clue with each cell unknown or
decided up to 5 cells with 2 colours and 4 cells with 3 colours.  The slow tests add every state
of 5 cells with 2 colours, and unknown-or-decided cells up to 6 cells with 2 colours and 5 with 3.
Then 1,500 random lines of 7-30 cells with 1-6 colours and 300 with 8-31 (seeded) against a
memoised search, and
black-and-white lines against :func:`nonostudio.core.linesolver.solve_cells`: every clue and
state up to 6 cells, and 2,000 random lines up to 90 cells.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import defaultdict

import pytest

from nonostudio.core.colour.linesolver import colour_placements, solve_colour_line
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.linesolver import solve_cells


def clue_of(line: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The clue of a fully coloured line (0 = background)."""
    return tuple((len(list(run)), c) for c, run in itertools.groupby(line) if c)


def colourings(n: int, ncolours: int) -> dict[tuple, list[tuple[int, ...]]]:
    """Every colouring of ``n`` cells, grouped by clue."""
    by_clue: dict[tuple, list[tuple[int, ...]]] = defaultdict(list)
    for line in itertools.product(range(ncolours), repeat=n):
        by_clue[clue_of(line)].append(line)
    return by_clue


def brute(lines: list[tuple[int, ...]], cells: tuple[int, ...]) -> tuple[int, ...] | None:
    """Union of the cells' colours over the colourings that fit the cells; None if none fits."""
    out = [0] * len(cells)
    found = False
    for line in lines:
        if all(cells[i] >> c & 1 for i, c in enumerate(line)):
            found = True
            for i, c in enumerate(line):
                out[i] |= 1 << c
    return tuple(out) if found else None


def check_all(n: int, ncolours: int, states: list[int]) -> int:
    """Every clue of ``n`` cells against every cell state drawn from ``states``; the count."""
    clues = sorted(colourings(n, ncolours))
    sets = {s: [c for c in range(ncolours) if s >> c & 1] for s in states}
    count = 0
    for cells in itertools.product(states, repeat=n):
        # The colourings that fit the cells, by clue: the brute force for every clue at once.
        union: dict[tuple, list[int]] = {}
        for line in itertools.product(*(sets[s] for s in cells)):
            out = union.setdefault(clue_of(line), [0] * n)
            for i, c in enumerate(line):
                out[i] |= 1 << c
        for clue in clues:
            expected = union.get(clue)
            got = solve_colour_line(clue, cells, ncolours)
            assert got == (None if expected is None else tuple(expected)), (clue, cells)
            count += 1
    return count


@pytest.mark.parametrize(("n", "ncolours"), [(0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (3, 4)])
def test_every_clue_and_cell_state(n: int, ncolours: int) -> None:
    # Every set of the palette, the empty one included (no colour left: no arrangement).
    states = list(range(1 << ncolours))
    assert check_all(n, ncolours, states) >= len(states) ** n


@pytest.mark.parametrize(("n", "ncolours"), [(5, 3), (4, 4)])
def test_every_clue_with_cells_unknown_or_decided(n: int, ncolours: int) -> None:
    states = [(1 << ncolours) - 1] + [1 << c for c in range(ncolours)]
    check_all(n, ncolours, states)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "ncolours", "every_state"), [(5, 3, True), (6, 3, False), (5, 4, False)]
)
def test_every_clue_longer_lines(n: int, ncolours: int, every_state: bool) -> None:
    full = (1 << ncolours) - 1
    states = list(range(1, full + 1)) if every_state else [full] + [1 << c for c in range(ncolours)]
    check_all(n, ncolours, states)


def item_starts(line: tuple[int, ...]) -> list[int]:
    """The start cell of each item of a coloured line."""
    return [i for i, c in enumerate(line) if c and (i == 0 or line[i - 1] != c)]


def test_placements_against_brute_force() -> None:
    # For each item, the starts it takes over the colourings that fit: every clue and state of
    # 4 cells with 2 colours.
    n, ncolours = 4, 3
    by_clue = colourings(n, ncolours)
    for cells in itertools.product(range(1, 8), repeat=n):
        for clue, lines in by_clue.items():
            fitting = [line for line in lines if all(cells[i] >> c & 1 for i, c in enumerate(line))]
            expected = [0] * len(clue) if fitting else None
            for line in fitting:
                for j, start in enumerate(item_starts(line)):
                    expected[j] |= 1 << start
            assert colour_placements(clue, cells, ncolours) == expected, (clue, cells)


def test_no_clue_for_an_impossible_cell_set_is_a_contradiction() -> None:
    assert solve_colour_line(((1, 1),), (0b11, 0), 3) is None
    assert solve_colour_line((), (), 3) == ()
    assert solve_colour_line(((1, 1),), (), 3) is None


def test_touching_colours_need_no_gap_and_equal_ones_do() -> None:
    # 2 red then 1 blue in 3 cells: they touch; 2 red then 1 red cannot fit in 3.
    assert solve_colour_line(((2, 1), (1, 2)), (7, 7, 7), 3) == (2, 2, 4)
    assert solve_colour_line(((2, 1), (1, 1)), (7, 7, 7), 3) is None
    assert solve_colour_line(((2, 1), (1, 1)), (7, 7, 7, 7), 3) == (2, 2, 1, 2)


def test_clue_outside_the_palette_is_refused() -> None:
    with pytest.raises(ValueError, match="outside a palette of 3"):
        solve_colour_line(((1, 3),), (7,), 3)


def fits(clue: tuple, cells: tuple[int, ...]) -> bool:
    """Whether some arrangement of ``clue`` fits ``cells``: a depth-first search over the items'
    starts, memoised on (item, position, colour of the item before)."""
    n = len(cells)

    @functools.cache
    def rest(j: int, p: int, prev: int) -> bool:
        # Items j.. fit in cells p.. (the item before them, of colour ``prev``, ends at p).
        if j == len(clue):
            return all(cells[i] & 1 for i in range(p, n))
        length, colour = clue[j]
        start = p
        if colour == prev:  # the same colour needs a background cell first
            if p >= n or not cells[p] & 1:
                return False
            start = p + 1
        for s in range(start, n - length + 1):
            if s > start and not cells[s - 1] & 1:
                break  # cells before the item must be background
            if all(cells[i] >> colour & 1 for i in range(s, s + length)):
                if rest(j + 1, s + length, colour):
                    return True
        return False

    return rest(0, 0, -1)


def reference(clue: tuple, cells: tuple[int, ...]) -> tuple[int, ...] | None:
    """Each cell's colours for which some arrangement still fits (a search per cell colour)."""
    if not fits(clue, cells):
        return None
    out = []
    for i, cell in enumerate(cells):
        keep = 0
        for c in range(cell.bit_length()):
            if cell >> c & 1 and fits(clue, cells[:i] + (1 << c,) + cells[i + 1 :]):
                keep |= 1 << c
        out.append(keep)
    return tuple(out)


def test_reference_search_agrees_with_brute_force() -> None:
    rng = random.Random(7)
    by_clue = colourings(6, 3)
    clues = sorted(by_clue)
    for _ in range(500):
        clue = rng.choice(clues)
        cells = tuple(rng.randrange(8) for _ in range(6))
        assert reference(clue, cells) == brute(by_clue[clue], cells)


@pytest.mark.parametrize(("seed", "lines", "fewest", "most"), [(44, 1500, 2, 7), (45, 300, 9, 32)])
def test_random_longer_lines_against_the_reference_search(
    seed: int, lines: int, fewest: int, most: int
) -> None:
    # Palettes up to 8 take the bytes path of the masks, larger ones the loop over the cells.
    rng = random.Random(seed)
    feasible = 0
    for _ in range(lines):
        n = rng.randint(7, 30)
        ncolours = rng.randint(fewest, most)
        full = (1 << ncolours) - 1
        solution = [0] * n
        i = 0
        while i < n:  # blocks of random colours with random background between
            length = rng.randint(1, 5)
            colour = rng.choice([0, 0] + list(range(1, ncolours)))
            solution[i : i + length] = [colour] * min(length, n - i)
            i += length
        clue = clue_of(tuple(solution))
        if rng.random() < 0.2:  # a clue from another line: often no fit
            other = [rng.randrange(ncolours) for _ in range(n)]
            clue = clue_of(tuple(other))
        cells = []
        for c in solution:
            r = rng.random()
            cells.append(full if r < 0.5 else 1 << c if r < 0.7 else (rng.randrange(full) | 1 << c))
        if rng.random() < 0.1:
            cells[rng.randrange(n)] = rng.randrange(1, full + 1)
        expected = reference(clue, tuple(cells))
        assert solve_colour_line(clue, cells, ncolours) == expected, (clue, cells)
        feasible += expected is not None
    assert lines * 0.6 < feasible < lines  # both outcomes are exercised


_BW = {UNKNOWN: 0b11, FILLED: 0b10, CROSSED: 0b01}
_FROM_BW = {0b11: UNKNOWN, 0b10: FILLED, 0b01: CROSSED}


def bw_solve(hints: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, ...] | None:
    out = solve_colour_line(tuple((h, 1) for h in hints), [_BW[c] for c in cells], 2)
    return None if out is None else tuple(_FROM_BW[c] for c in out)


def test_black_and_white_lines_match_the_black_and_white_solver() -> None:
    count = 0
    for n in range(7):
        clues = sorted(
            {tuple(h for h, _ in clue_of(line)) for line in itertools.product((0, 1), repeat=n)}
        )
        for cells in itertools.product((UNKNOWN, FILLED, CROSSED), repeat=n):
            for hints in clues:
                assert bw_solve(hints, cells) == solve_cells(hints, cells), (hints, cells)
                count += 1
    assert count > 10000
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(7, 90)  # long lines take the b&w solver's cut at its known ends
        line = [int(rng.random() < 0.55) for _ in range(n)]
        hints = tuple(len(list(g)) for k, g in itertools.groupby(line) if k)
        if rng.random() < 0.15 and hints:
            hints = hints[:-1] + (hints[-1] + 1,)
        cells = tuple(UNKNOWN if rng.random() < 0.6 else FILLED if v else CROSSED for v in line)
        assert bw_solve(hints, cells) == solve_cells(hints, cells), (hints, cells)
