"""The exact line solver against brute force, z3, the Butler testing set and solving properties."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from z3_line import agreed_masks, brute_masks, brute_solutions, fillings_by_clue, z3_forced

from nonostudio.core import linesolver
from nonostudio.core.line import (
    CROSSED,
    FILLED,
    UNKNOWN,
    Line,
    cells_from_text,
    cells_to_text,
    clue_of,
)
from nonostudio.core.linesolver import (
    cell_masks,
    masks_cells,
    masks_text,
    maximal_transition,
    placements,
    solve_cells,
    solve_masks,
    solve_text,
    text_masks,
)


def states(n: int) -> Iterator[tuple[int, int]]:
    """Every ``(filled, crossed)`` pair of disjoint masks over ``n`` cells."""
    for values in itertools.product((UNKNOWN, FILLED, CROSSED), repeat=n):
        filled = sum(1 << i for i, v in enumerate(values) if v == FILLED)
        crossed = sum(1 << i for i, v in enumerate(values) if v == CROSSED)
        yield filled, crossed


def block_starts(mask: int, n: int) -> list[int]:
    """Start cells of the blocks of a filling, left to right."""
    return [i for i in range(n) if (mask >> i) & 1 and not (i and (mask >> (i - 1)) & 1)]


def brute_placements(hints, n, filled, crossed):
    solutions = brute_solutions(hints, n, filled, crossed)
    if not solutions:
        return None
    out = [0] * len(hints)
    for m in solutions:
        for j, s in enumerate(block_starts(m, n)):
            out[j] |= 1 << s
    return out


# --- exhaustive and sampled brute force -------------------------------------------------------


@pytest.mark.slow
def test_every_line_up_to_eight_cells_matches_brute_force():
    """All clues that fit, all states over {-, O, x}^n, n = 0..8 (454,000 lines)."""
    contradictions = solvable = 0
    for n in range(9):
        clues = list(fillings_by_clue(n))
        for filled, crossed in states(n):
            for hints in clues:
                expected = brute_masks(hints, n, filled, crossed)
                assert solve_masks(hints, n, filled, crossed) == expected, (
                    hints,
                    n,
                    filled,
                    crossed,
                )
                if expected is None:
                    contradictions += 1
                else:
                    solvable += 1
    assert contradictions > 300_000 and solvable > 50_000


def test_hints_that_do_not_fit_are_contradictions():
    assert solve_text((3,), "--") is None
    assert solve_text((1, 1), "--") is None
    assert solve_text((2, 2), "-----") == "OOxOO"
    assert solve_text((5,), "----x----") is None
    assert solve_text((4,), "----x----") == "----x----"
    assert solve_text((), "---") == "xxx"
    assert solve_text((), "-O-") is None
    assert solve_text((), "") == ""
    assert solve_text((1,), "") is None


def test_every_entry_point_agrees_up_to_six_cells():
    for n in range(7):
        for filled, crossed in states(n):
            cells = masks_cells(n, filled, crossed)
            text = cells_to_text(cells)
            assert text_masks(text) == (filled, crossed)
            assert masks_text(n, filled, crossed) == text
            for hints in fillings_by_clue(n):
                expected = brute_masks(hints, n, filled, crossed)
                want_cells = None if expected is None else masks_cells(n, *expected)
                assert solve_cells(hints, cells) == want_cells
                assert solve_text(hints, text) == (
                    None if want_cells is None else cells_to_text(want_cells)
                )
                got_line = maximal_transition(Line(hints, cells))
                assert got_line == (None if want_cells is None else Line(hints, want_cells))


def test_placements_match_brute_force_up_to_seven_cells():
    for n in range(8):
        clues = list(fillings_by_clue(n))
        for filled, crossed in states(n):
            for hints in clues:
                want = brute_placements(hints, n, filled, crossed)
                assert placements(hints, n, filled, crossed) == want, (hints, n, filled, crossed)


def test_random_lines_of_nine_to_twelve_cells_match_brute_force():
    rng = random.Random(20170814)
    contradictions = 0
    for _ in range(6000):
        n = rng.randint(9, 12)
        hints = rng.choice(list(fillings_by_clue(n)))
        solution = rng.getrandbits(n)
        known = rng.getrandbits(n) & rng.getrandbits(n)
        filled, crossed = solution & known, ~solution & known & ((1 << n) - 1)
        if rng.random() < 0.3:  # an arbitrary state rather than one read off a picture
            wrong = 1 << rng.randrange(n)
            filled, crossed = filled & ~wrong, crossed | wrong
        expected = brute_masks(hints, n, filled, crossed)
        contradictions += expected is None
        assert solve_masks(hints, n, filled, crossed) == expected, (hints, n, filled, crossed)
    assert 0 < contradictions < 6000


# --- z3 differential on long lines -------------------------------------------------------------


def random_line(
    rng: random.Random, n: int, density: float, reveal: float, wrong: float
) -> tuple[tuple[int, ...], list[int]]:
    """The clue of a random picture of ``n`` cells (each filled with chance ``density``) and a
    state showing a random share (up to ``reveal``) of its cells; with chance ``wrong``, one
    cell of the state is the opposite of the picture's."""
    picture = [FILLED if rng.random() < density else CROSSED for _ in range(n)]
    hints = tuple(len(run) for run in "".join("O" if c == FILLED else " " for c in picture).split())
    shown = rng.random() * reveal
    cells = [c if rng.random() < shown else UNKNOWN for c in picture]
    if rng.random() < wrong:
        i = rng.randrange(n)
        cells[i] = CROSSED if picture[i] == FILLED else FILLED
    return hints, cells


@pytest.mark.slow
def test_long_random_lines_match_z3():
    rng = random.Random(1)
    contradictions = decided = 0
    for _ in range(250):
        n = rng.randint(15, 60)
        # a wrong cell in a quarter of them: usually a contradiction
        hints, cells = random_line(rng, n, density=0.6, reveal=0.4, wrong=0.25)
        expected = z3_forced(hints, cells)
        assert solve_cells(hints, cells) == expected, (hints, cells_to_text(cells))
        if expected is None:
            contradictions += 1
        else:
            decided += sum(c != UNKNOWN for c in expected) - sum(c != UNKNOWN for c in cells)
    assert contradictions > 10 and decided > 1000


def automaton_forced(hints, cells):
    """Reference for long lines: forward/backward reachability over the clue's automaton, cell by
    cell (no bit tricks): the values each cell takes on some accepted path, or None."""
    n = len(cells)
    pattern = []  # the clue as a sequence of block cells and the mandatory gaps between blocks
    for j, h in enumerate(hints):
        if j:
            pattern.append(0)
        pattern.extend([1] * h)
    m = len(pattern)

    def moves(state, value):
        # state = how many pattern symbols are matched; optional gaps loop where allowed
        out = []
        if value == CROSSED and (state == 0 or state == m or pattern[state - 1] == 0):
            out.append(state)  # an extra empty cell before, between or after blocks
        if state < m and pattern[state] == (1 if value == FILLED else 0):
            out.append(state + 1)
        return out

    values = [(FILLED, CROSSED) if c == UNKNOWN else (c,) for c in cells]
    reach = [{0}]
    for i in range(n):
        reach.append({t for s in reach[i] for v in values[i] for t in moves(s, v)})
    alive: list[set[int]] = [set() for _ in range(n + 1)]
    alive[n] = reach[n] & {m}
    if not alive[n]:
        return None
    seen: list[set[int]] = [set() for _ in range(n)]
    for i in range(n - 1, -1, -1):
        for s in reach[i]:
            for v in values[i]:
                if any(t in alive[i + 1] for t in moves(s, v)):
                    alive[i].add(s)
                    seen[i].add(v)
    return tuple(next(iter(vs)) if len(vs) == 1 else UNKNOWN for vs in seen)


@pytest.mark.slow
def test_long_lines_past_64_cells_match_a_cell_by_cell_reference():
    """Lines of 65-600 cells (masks wider than any machine word, byte boundaries everywhere),
    against reachability over the clue's automaton."""
    rng = random.Random(7)
    contradictions = decided = 0
    for _ in range(40):
        n = rng.choice([65, 100, 127, 128, 129, 255, 256, 257, 512, 600])
        density = rng.uniform(0.5, 0.85)
        # a wrong cell in 40% of them: often a contradiction
        hints, cells = random_line(rng, n, density=density, reveal=0.6, wrong=0.4)
        expected = automaton_forced(hints, cells)
        assert solve_cells(hints, cells) == expected, (n, hints, cells_to_text(cells))
        if expected is None:
            contradictions += 1
        else:
            decided += sum(c != UNKNOWN for c in expected) - sum(c != UNKNOWN for c in cells)
            text = cells_to_text(cells)
            assert solve_text(hints, text) == cells_to_text(expected)
    assert contradictions >= 3 and decided > 2000


def test_solving_between_known_ends_matches_brute_force_up_to_seven_cells(monkeypatch):
    """Every state of every clue up to 7 cells with the known ends checked and cut off, as long
    lines are solved (short ones are not: the length from which they are is lowered to 0)."""
    monkeypatch.setattr(linesolver, "_ENDS_FROM", 0)
    for n in range(8):
        clues = list(fillings_by_clue(n))
        for filled, crossed in states(n):
            for hints in clues:
                want = brute_masks(hints, n, filled, crossed)
                assert solve_masks(hints, n, filled, crossed) == want, (hints, n, filled, crossed)


@pytest.mark.slow
def test_long_lines_known_at_both_ends_match_a_cell_by_cell_reference():
    """Long lines whose ends are known (the solver checks those cells against the first and last
    hints and solves only the cells between), with wrong cells near the ends, complete lines and
    lines known but for one cell, against reachability over the clue's automaton."""
    rng = random.Random(11)
    contradictions = decided = complete = 0
    for _ in range(300):
        n = rng.choice([40, 65, 129, 256, 512])
        density = rng.uniform(0.4, 0.8)
        picture = [FILLED if rng.random() < density else CROSSED for _ in range(n)]
        hints = clue_of(picture)
        lo, hi = sorted(rng.randrange(n + 1) for _ in range(2))
        # The ends are shown and the middle hidden: all of it, part of it, or one cell of it.
        cells = [
            c if i < lo or i >= hi or rng.random() < 0.3 else UNKNOWN for i, c in enumerate(picture)
        ]
        kind = rng.random()
        if kind < 0.2:
            cells = list(picture)  # complete
        elif kind < 0.3:
            cells = list(picture)
            cells[rng.randrange(n)] = UNKNOWN
        if rng.random() < 0.4:  # one wrong cell, at an end most of the time
            i = rng.choice([rng.randrange(max(lo, 1)), rng.randrange(min(hi, n - 1), n)])
            i = i if rng.random() < 0.8 else rng.randrange(n)
            cells[i] = CROSSED if picture[i] == FILLED else FILLED
        expected = automaton_forced(hints, cells)
        assert solve_cells(hints, cells) == expected, (n, hints, cells_to_text(cells))
        contradictions += expected is None
        complete += UNKNOWN not in cells and expected is not None
        if expected is not None:
            decided += sum(c != UNKNOWN for c in expected) - sum(c != UNKNOWN for c in cells)
    assert contradictions >= 10 and complete >= 3 and decided > 500


def test_cells_kept_from_an_earlier_result_are_not_checked_again_and_fresh_ones_are():
    """``fresh``: a long line solved once, then given more cells (right or, one time in three, one
    of them wrong), as a crossing line would; solved with ``fresh`` the cells the first result
    decided, it must find what the reference finds: the same cells, or no solution when a fresh
    cell is wrong, and do so with the kept known ends left unchecked."""
    rng = random.Random(17)
    contradictions = kept_ends = 0
    for _ in range(150):
        n = rng.choice([64, 65, 100, 129, 256])
        picture = [FILLED if rng.random() < rng.uniform(0.4, 0.8) else CROSSED for _ in range(n)]
        hints = clue_of(picture)
        shown = rng.uniform(0.2, 0.7)
        first = solve_cells(hints, [c if rng.random() < shown else UNKNOWN for c in picture])
        assert first is not None
        cells = list(first)
        for i in range(n):
            if cells[i] == UNKNOWN and rng.random() < 0.3:
                cells[i] = picture[i]
        if rng.random() < 1 / 3:
            i = rng.choice([i for i in range(n) if cells[i] == UNKNOWN] or [0])
            cells[i] = CROSSED if picture[i] == FILLED else FILLED
        before, now = cell_masks(first), cell_masks(cells)
        fresh = (before[0] ^ now[0]) | (before[1] ^ now[1])
        expected = automaton_forced(hints, cells)
        got = solve_masks(hints, n, *now, fresh)
        assert (None if got is None else masks_cells(n, *got)) == expected, (hints, cells)
        assert got == solve_masks(hints, n, *now)  # as with every cell checked
        contradictions += expected is None
        kept_ends += first[0] != UNKNOWN and cells[0] == first[0] and not fresh & 1
    assert contradictions >= 20 and kept_ends >= 20


def test_propagation_leaves_unchecked_only_cells_of_a_line_s_earlier_result(monkeypatch):
    """Every line solve in propagation and in probing (copies of the state, cells set by hand)
    is told as fresh every cell that differs from the line's last result, which copies share."""
    from nonostudio.core import gridstate
    from nonostudio.core.gridstate import GridState
    from nonostudio.core.probing import probe
    from nonostudio.core.puzzle import Puzzle

    rng = random.Random(5)
    picture = [[FILLED if rng.random() < 0.6 else CROSSED for _ in range(70)] for _ in range(66)]
    rows = [clue_of(row) for row in picture]
    cols = [clue_of([row[c] for row in picture]) for c in range(70)]
    results: dict[tuple[tuple[int, ...], int], list[tuple[int, int]]] = {}
    calls = 0
    solve = gridstate.solve_masks

    def checked(hints, n, filled, crossed, fresh=-1):
        nonlocal calls
        calls += 1
        # the cells outside ``fresh`` are those of one earlier result of this line, if any
        earlier = results.get((tuple(hints), n), [(0, 0)])
        assert any(
            filled & ~fresh == f & ~fresh and crossed & ~fresh == x & ~fresh for f, x in earlier
        )
        out = solve(hints, n, filled, crossed, fresh)
        if out is not None:
            results.setdefault((tuple(hints), n), []).append(out)
        return out

    monkeypatch.setattr(gridstate, "solve_masks", checked)
    state = GridState(Puzzle(rows, cols))
    state.propagate()
    probe(state)
    assert calls > 300


# --- the Butler testing set --------------------------------------------------------------------


def test_butler_testing_set_reproduced_exactly(anchors):
    items = json.loads((anchors / "butler" / "testing-set.json").read_text())["items"]
    assert len(items) == 2805
    wrong = [
        (it["hints"], it["before"], it["after"])
        for it in items
        if solve_text(it["hints"], it["before"]) != it["after"]
    ]
    assert wrong == []
    for it in items[::7]:
        line = maximal_transition(Line.parse(it["hints"], it["before"]))
        assert line is not None and line.text == it["after"]


# --- properties --------------------------------------------------------------------------------


@st.composite
def arbitrary_lines(draw):
    """Any hints that fit and any cells: mostly contradictory once the line is long."""
    n = draw(st.integers(0, 40))
    cells = draw(
        st.lists(
            st.sampled_from((UNKNOWN, UNKNOWN, UNKNOWN, FILLED, CROSSED)), min_size=n, max_size=n
        )
    )
    hints: list[int] = []
    room = n
    while room > 0 and draw(st.booleans()):
        h = draw(st.integers(1, room))
        hints.append(h)
        room -= h + 1
    return tuple(hints), tuple(cells)


@st.composite
def solved_lines(draw):
    """A picture of a line, its hints, and a state showing some of its cells."""
    picture = draw(st.lists(st.sampled_from((FILLED, CROSSED)), min_size=0, max_size=60))
    shown = draw(st.lists(st.booleans(), min_size=len(picture), max_size=len(picture)))
    hints = tuple(len(r) for r in cells_to_text(picture).split("x") if r)
    cells = tuple(c if s else UNKNOWN for c, s in zip(picture, shown, strict=True))
    return hints, tuple(picture), cells


def extends(result: Sequence[int], cells: Sequence[int]) -> bool:
    return all(c == UNKNOWN or r == c for r, c in zip(result, cells, strict=True))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(arbitrary_lines())
def test_solving_is_idempotent_monotone_and_symmetric(line):
    hints, cells = line
    result = solve_cells(hints, cells)
    flipped = solve_cells(hints[::-1], cells[::-1])
    if result is None:
        assert flipped is None
        return
    assert extends(result, cells)
    assert solve_cells(hints, result) == result
    assert flipped == result[::-1]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(arbitrary_lines())
def test_placements_are_consistent_with_the_result(line):
    hints, cells = line
    n = len(cells)
    result = solve_cells(hints, cells)
    starts = placements(hints, n, *cell_masks(cells))
    if result is None:
        assert starts is None
        return
    assert starts is not None and len(starts) == len(hints)
    coverable: set[int] = set()
    for j, (mask, h) in enumerate(zip(starts, hints, strict=True)):
        assert mask, f"hint {j} has no placement"
        for s in (i for i in range(n) if (mask >> i) & 1):
            block = range(s, s + h)
            assert s + h <= n
            assert all(result[i] != CROSSED for i in block)
            assert s == 0 or result[s - 1] != FILLED
            assert s + h == n or result[s + h] != FILLED
            coverable.update(block)
        if j:
            prev, prev_h = starts[j - 1], hints[j - 1]
            assert _low(mask) >= _low(prev) + prev_h + 1
            assert _high(mask) >= _high(prev) + prev_h + 1
    assert coverable == {i for i in range(n) if result[i] != CROSSED}


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(solved_lines(), st.data())
def test_a_solution_always_extends_the_deduction(line, data):
    hints, picture, cells = line
    result = solve_cells(hints, cells)
    assert result is not None
    assert extends(picture, result)
    assert extends(result, cells)
    # Showing more of the same picture can only decide more.
    more = tuple(
        p if c != UNKNOWN or data.draw(st.booleans()) else UNKNOWN
        for p, c in zip(picture, cells, strict=True)
    )
    decided = solve_cells(hints, more)
    assert decided is not None and extends(decided, result)
    assert solve_cells(hints, picture) == picture


def test_text_round_trip_and_known_deductions():
    assert solve_text((4, 1), "x---OOOO--") == "xxxxOOOOxO"
    assert solve_text((3,), "-----") == "--O--"
    assert solve_text((1, 1), "-O-O-") == "xOxOx"
    assert cells_to_text(cells_from_text("-Ox")) == "-Ox"


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def test_masks_and_cells_convert_both_ways_on_lines_of_every_length() -> None:
    # masks_cells goes through text on long lines; both paths must match a cell-by-cell reading,
    # including masks with bits past the line's end or on the same cell (that cell is filled).
    rng = random.Random(36)
    for n in [*range(0, 70), 100, 511, 512, 600, 4001]:
        cells = tuple(rng.choice((UNKNOWN, FILLED, CROSSED)) for _ in range(n))
        filled, crossed = cell_masks(cells)
        assert masks_cells(n, filled, crossed) == cells
        extra_f, extra_x = rng.getrandbits(n + 5), rng.getrandbits(n + 5)
        expected = tuple(
            FILLED if (extra_f >> i) & 1 else CROSSED if (extra_x >> i) & 1 else UNKNOWN
            for i in range(n)
        )
        assert masks_cells(n, extra_f, extra_x) == expected


def test_lines_with_no_cell_decided_match_brute_force() -> None:
    """A line with no cell decided is solved from its slack alone (each block's overlap of its
    leftmost and rightmost places): every clue up to 13 cells against every filling that spells
    it, and each clue that fills its line exactly on a line one cell too short."""
    for n in range(1, 14):
        full = (1 << n) - 1
        for hints, masks in fillings_by_clue(n).items():
            always, ever = full, 0
            for mask in masks:
                always &= mask
                ever |= mask
            assert solve_masks(hints, n, 0, 0) == (always, full & ~ever), (hints, n)
            if sum(hints) + len(hints) - 1 == n:  # no room to spare: one cell less is too few
                assert solve_masks(hints, n - 1, 0, 0) is None, (hints, n)


def test_long_lines_with_no_cell_decided_match_a_cell_by_cell_reference() -> None:
    """Blank lines past 64 cells, with slack 0 (every cell decided), 1, a few, many, and -1 (a
    contradiction), against reachability over the clue's automaton."""
    rng = random.Random(49)
    for n in (64, 129):
        for slack in (0, 1, 4, n // 3, -1):
            hints = [rng.randint(1, 6) for _ in range(n // 12)]
            # the first block takes what is left of the line but the slack
            rest = n - slack - sum(hints) - len(hints)
            assert rest > 0
            hints = (rest, *hints)
            assert sum(hints) + len(hints) - 1 + slack == n
            cells = [UNKNOWN] * n
            want = automaton_forced(hints, cells)
            assert solve_cells(hints, cells) == want, (n, hints)
            assert (want is None) == (slack < 0)
            if slack == 0:
                assert want is not None and UNKNOWN not in want


def placement_masks(hints: Sequence[int], n: int) -> Iterator[int]:
    """Every filling of ``n`` cells that spells ``hints``, one placement of the blocks at a time
    (stars and bars: block j starts at ``c_j`` plus the sizes of the blocks before it, for each
    rising choice of ``c``)."""
    k = len(hints)
    slack = n - sum(hints) - k + 1
    if slack < 0:
        return
    before = [sum(hints[:j]) for j in range(k)]
    for chosen in itertools.combinations(range(slack + k), k):
        yield sum(((1 << h) - 1) << (c + b) for h, c, b in zip(hints, chosen, before, strict=True))


def enumerated_masks(hints: Sequence[int], n: int, filled: int, crossed: int):
    """Brute force over every placement: cells filled in all the solutions that agree with the
    decided cells and cells empty in all of them; None if no placement agrees."""
    agreeing = (m for m in placement_masks(hints, n) if not m & crossed and m & filled == filled)
    return agreed_masks(agreeing, n)


def test_placement_enumeration_spells_every_clue_exactly_once() -> None:
    """The brute force below enumerates by placements; up to 12 cells it yields exactly the
    fillings that spell each clue (from every filling's own clue)."""
    for n in range(13):
        for hints, masks in fillings_by_clue(n).items():
            assert sorted(placement_masks(hints, n)) == sorted(masks), (hints, n)


@pytest.mark.parametrize("ends_from", [linesolver._ENDS_FROM, 0])
def test_random_lines_up_to_thirty_cells_match_enumerated_placements(monkeypatch, ends_from):
    """Lines of 1-30 cells against every placement of their blocks: clues of random pictures
    and clues of far-apart sizes (the start cells of each size come from those of the size
    before it, by one or more shift-and steps, and the cells each size covers are spread from
    the largest size down), with states read off a solution or arbitrary, some with a wrong
    cell, some with none decided; hints given as a tuple or a list; solved whole and (with the
    length from which known ends are cut lowered to 0) between the known ends."""
    monkeypatch.setattr(linesolver, "_ENDS_FROM", ends_from)
    rng = random.Random(2055)
    contradictions = decided = 0
    for _ in range(700):
        n = rng.randint(1, 30)
        if rng.random() < 0.6:
            picture = rng.getrandbits(n) | rng.getrandbits(n)  # about 3/4 filled
            hints = clue_of([(picture >> i) & 1 for i in range(n)])
        else:  # a few blocks of sizes far apart, as they fit
            hints, room = [], n
            while room > 0 and len(hints) < 4:
                h = rng.choice([1, 2, 3, 5, 8, 9, 13, 17, 25, 30])
                if h > room:
                    break
                hints.append(h)
                room -= h + 1
            hints = tuple(hints)
        k = len(hints)
        if k and math.comb(n - sum(hints) + 1, k) > 3000:
            continue
        solution = next(iter(placement_masks(hints, n)), 0)
        known = rng.getrandbits(n) & rng.getrandbits(n) if rng.random() < 0.9 else 0
        if rng.random() < 0.7:
            filled, crossed = solution & known, ~solution & known & ((1 << n) - 1)
        else:  # any state at all: mostly contradictions
            filled = known & rng.getrandbits(n)
            crossed = known & ~filled
        if n and rng.random() < 0.2:
            wrong = 1 << rng.randrange(n)
            filled, crossed = filled & ~wrong, crossed | wrong
        expected = enumerated_masks(hints, n, filled, crossed)
        given = list(hints) if rng.random() < 0.3 else hints
        assert solve_masks(given, n, filled, crossed) == expected, (hints, n, filled, crossed)
        if expected is None:
            contradictions += 1
        else:
            decided += (expected[0] | expected[1]).bit_count() - (filled | crossed).bit_count()
    assert contradictions > 50 and decided > 2000


def test_a_block_nearly_as_long_as_the_line_matches_enumerated_placements() -> None:
    """Lines of every length from 2 to 140 cells (every byte boundary, both sides of 64) with a
    block of up to the whole line beside one or two small ones, solved by both passes (the
    known ends not cut), against every placement of the blocks.  The passes keep the line and
    its reverse side by side in one int only a few zero bits apart (twice the line's bytes), and
    a large block's start cells come from shifts that long: what they carry from one line into
    the other must be masked off."""
    rng = random.Random(8191)
    decided = contradictions = 0
    for n in range(2, 141):
        for _ in range(3):
            big = rng.randint(max(1, n - 6), n)
            small = [rng.choice([1, 2]) for _ in range(rng.randint(1, 2))]
            hints = list(small)
            hints.insert(rng.randint(0, len(small)), big)
            while sum(hints) + len(hints) - 1 > n:  # shrink the big block until the clue fits
                hints[hints.index(max(hints))] -= 1
            hints = tuple(h for h in hints if h)
            solution = next(iter(placement_masks(hints, n)), 0)
            known = rng.getrandbits(n) & rng.getrandbits(n)
            filled, crossed = solution & known, ~solution & known & ((1 << n) - 1)
            if rng.random() < 0.3:
                wrong = 1 << rng.randrange(n)
                filled, crossed = filled & ~wrong, crossed | wrong
            if len(hints) < 2 or not (filled | crossed):
                continue
            expected = enumerated_masks(hints, n, filled, crossed)
            assert linesolver._solve(hints, n, filled, crossed) == expected, (hints, n)
            if expected is None:
                contradictions += 1
            else:
                decided += (expected[0] | expected[1]).bit_count() - (filled | crossed).bit_count()
    assert contradictions > 20 and decided > 1000


def test_blocks_anchored_at_the_known_ends_match_a_cell_by_cell_reference(monkeypatch):
    """Long lines whose known ends stop inside a block, as they do once crossing lines have
    filled cells next to a known end: the block is anchored there (its cells filled, the cell
    after it crossed), the known end moves past it and past the known cells up to a crossed one
    after it, again and again, from either end.  Against reachability over the clue's automaton,
    with wrong cells (in an anchored block, just after it, or anywhere), lines left complete by
    the anchoring, and lines where no cell is unknown between a filled end and the other end."""
    rng = random.Random(29)
    anchored = []
    anchor = linesolver._anchor

    def counted(*args):
        out = anchor(*args)
        anchored.append(out)
        return out

    monkeypatch.setattr(linesolver, "_anchor", counted)
    contradictions = cut = complete = 0
    for _ in range(120):
        n = rng.choice([64, 65, 90, 129, 200])
        picture = [FILLED if rng.random() < rng.uniform(0.5, 0.9) else CROSSED for _ in range(n)]
        hints = clue_of(picture)
        # Shown: a stretch at each end stopping anywhere (often inside a block), filled cells
        # next to them, and some cells in the middle.
        lo, hi = sorted(rng.randrange(n + 1) for _ in range(2))
        hidden = rng.uniform(0.3, 1.0)
        cells = [
            c if i < lo or i >= hi or rng.random() > hidden else UNKNOWN
            for i, c in enumerate(picture)
        ]
        for i in range(n):  # chains: filled cells just past a shown end's last crossed cell
            if cells[i] == UNKNOWN and picture[i] == FILLED and rng.random() < 0.3:
                cells[i] = FILLED
        if rng.random() < 0.35:
            i = rng.randrange(n) if rng.random() < 0.5 else min(lo + rng.randrange(3), n - 1)
            cells[i] = CROSSED if picture[i] == FILLED else FILLED
        before = len(anchored)
        expected = automaton_forced(hints, cells)
        got = solve_cells(hints, cells)
        assert got == expected, (n, hints, cells_to_text(cells))
        contradictions += expected is None
        if len(anchored) > before and anchored[-1] is not None:
            cut += len(anchored[-1]) == 6
            complete += len(anchored[-1]) == 2
    assert contradictions >= 15 and cut >= 40 and complete >= 6
    assert sum(out is None for out in anchored) >= 5  # contradictions found while anchoring
