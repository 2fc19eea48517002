"""The technique catalogue: every definition is sound against brute force, every move is complete,
every worked example holds, and line-solver steps are explained in a sentence."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from nonostudio.analysis.catalogue.technique_moves import count_arrangements, extreme_arrangements
from nonostudio.analysis.catalogue.techniques import (
    BY_ID,
    CATALOGUE,
    DECIDES_ONLY,
    FALLBACK,
    MAX_WORDS,
    MOVES,
    example_cells,
    explain_line_solver,
    first_technique,
    technique,
)
from nonostudio.analysis.explaining.move_line import cell_ranges_text
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, cells_from_text, cells_to_text, clue_of
from nonostudio.core.linesolver import solve_cells, solve_text

IDS = [t.id for t in CATALOGUE]


@cache
def _solutions_by_clue(n: int) -> dict[tuple[int, ...], list[int]]:
    """Every full line of n cells as a bit mask (bit i = cell i filled), grouped by its clue."""
    out: dict[tuple[int, ...], list[int]] = {}
    for bits in itertools.product((0, 1), repeat=n):
        out.setdefault(clue_of(bits), []).append(sum(b << i for i, b in enumerate(bits)))
    return out


def _brute_force(clues: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, int, int]:
    """(number of solutions, cells filled in all of them, cells empty in all of them) as masks."""
    n = len(cells)
    filled = sum(1 << i for i, c in enumerate(cells) if c == FILLED)
    crossed = sum(1 << i for i, c in enumerate(cells) if c == CROSSED)
    full = (1 << n) - 1
    sols = [
        s for s in _solutions_by_clue(n).get(clues, []) if s & filled == filled and not s & crossed
    ]
    always, never = full, full
    for s in sols:
        always &= s
        never &= ~s
    return len(sols), always, never


def _random_states(seed: int, count: int, max_n: int = 13):
    """Seeded random lines with a solution: a random picture, its clue, some cells revealed."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, max_n)
        density = rng.choice((0.3, 0.5, 0.65, 0.8))
        picture = tuple(int(rng.random() < density) for _ in range(n))
        shown = rng.choice((0.0, 0.15, 0.3, 0.5, 0.7))
        cells = tuple(c if rng.random() < shown else UNKNOWN for c in picture)
        yield clue_of(picture), cells


def test_catalogue_has_the_families_in_difficulty_order() -> None:
    assert 8 <= len(CATALOGUE) <= 14
    assert len(set(IDS)) == len(IDS)
    assert [t.tier for t in CATALOGUE] == sorted(t.tier for t in CATALOGUE)
    assert CATALOGUE[-1].id == FALLBACK
    assert {"empty_line", "line_complete", "overlap", "glue", "punctuate", "mercury"} <= set(IDS)
    assert list(MOVES) == IDS
    for t in CATALOGUE:
        assert t.name and t.idea.endswith(".") and len(t.idea.split()) <= 40, t.id
        assert technique(t.id) is t
    with pytest.raises(KeyError, match="known"):
        technique("no_such_technique")


@pytest.mark.parametrize("tech", CATALOGUE, ids=IDS)
def test_worked_example_is_the_techniques_move(tech) -> None:
    before, after = example_cells(tech.example)
    assert before != after, "a worked example must decide something"
    assert tech.apply(tech.example.clues, before) == after
    # the example is a real line: the exact line solver agrees with every cell decided
    exact = solve_cells(tech.example.clues, before)
    assert exact is not None
    assert all(a == UNKNOWN or a == e for a, e in zip(after, exact, strict=True))


def test_every_technique_is_sound_against_brute_force() -> None:
    """Thousands of random partial lines up to 13 cells: every cell a move decides has that value
    in every solution of the line, and no known cell is changed."""
    gained = dict.fromkeys(IDS, 0)
    cases = 0
    for clues, cells in _random_states(seed=33, count=4000):
        count, always, never = _brute_force(clues, cells)
        assert count > 0
        cases += 1
        for tid, move in MOVES.items():
            out = move(clues, cells)
            for i, (b, a) in enumerate(zip(cells, out, strict=True)):
                if b != UNKNOWN:
                    assert a == b, (tid, clues, cells_to_text(cells), cells_to_text(out))
                elif a == FILLED:
                    assert always >> i & 1, (tid, clues, cells_to_text(cells), cells_to_text(out))
                    gained[tid] += 1
                elif a == CROSSED:
                    assert never >> i & 1, (tid, clues, cells_to_text(cells), cells_to_text(out))
                    gained[tid] += 1
    assert cases == 4000
    # every technique actually decides cells on these lines (the check above is not vacuous)
    assert all(g > 50 for g in gained.values()), gained


def test_every_technique_agrees_with_the_line_solver_on_long_lines() -> None:
    """Lines of 14–30 cells (beyond brute force): every cell a move decides is decided the same
    way by the exact line solver."""
    rng = random.Random(30)
    for _ in range(700):
        n = rng.randint(14, 30)
        picture = tuple(int(rng.random() < rng.choice((0.4, 0.6, 0.75))) for _ in range(n))
        shown = rng.choice((0.0, 0.2, 0.4, 0.6))
        cells = tuple(c if rng.random() < shown else UNKNOWN for c in picture)
        clues = clue_of(picture)
        exact = solve_cells(clues, cells)
        for tid, move in MOVES.items():
            out = move(clues, cells)
            assert all(o == UNKNOWN or o == e for o, e in zip(out, exact, strict=True)), (
                tid,
                clues,
                cells_to_text(cells),
                cells_to_text(out),
            )


def test_the_last_family_is_the_exact_line_solver() -> None:
    for clues, cells in _random_states(seed=7, count=600):
        _, always, never = _brute_force(clues, cells)
        out = BY_ID[FALLBACK].apply(clues, cells)
        for i, c in enumerate(out):
            assert (c == FILLED) == bool(always >> i & 1)
            assert (c == CROSSED) == bool(never >> i & 1)


@pytest.mark.slow
def test_moves_are_complete() -> None:
    """Applying a technique to its own output decides nothing more: one move is the whole
    technique on that line."""
    for clues, cells in _random_states(seed=11, count=1500, max_n=20):
        for tid, move in MOVES.items():
            once = move(clues, cells)
            assert move(clues, once) == once, (tid, clues, cells_to_text(cells))


def test_moves_said_to_decide_one_value_decide_only_that_value() -> None:
    """A covering search skips the moves of DECIDES_ONLY for the other value: on lines with and
    without a solution, each decides no cell to the other value (and each decides some cell to
    its own on some line, so that the list says something)."""
    rng = random.Random(21)
    states = list(_random_states(seed=12, count=1500, max_n=20))
    for _ in range(1500):
        n = rng.randint(0, 14)
        cells = tuple(rng.choice((UNKNOWN, UNKNOWN, FILLED, CROSSED)) for _ in range(n))
        states.append((tuple(rng.randint(1, 5) for _ in range(rng.randint(0, 4))), cells))
    states.append(((), (UNKNOWN,) * 3))
    decided = dict.fromkeys(DECIDES_ONLY, False)
    for clues, cells in states:
        for tid, value in DECIDES_ONLY.items():
            out = MOVES[tid](clues, cells)
            new = {now for was, now in zip(cells, out, strict=True) if was != now}
            assert new <= {value}, (tid, clues, cells_to_text(cells))
            decided[tid] = decided[tid] or bool(new)
    assert all(decided.values()), decided


def test_moves_never_raise_on_lines_without_a_solution() -> None:
    rng = random.Random(3)
    for _ in range(1500):
        n = rng.randint(0, 12)
        cells = tuple(rng.choice((UNKNOWN, UNKNOWN, FILLED, CROSSED)) for _ in range(n))
        clues = tuple(rng.randint(1, 5) for _ in range(rng.randint(0, 4)))
        for move in MOVES.values():
            out = move(clues, cells)
            assert len(out) == n


def test_empty_clue_in_both_spellings_crosses_the_line() -> None:
    blank = cells_from_text("-O--x")
    for clue in ((), (0,)):
        assert BY_ID["empty_line"].apply(clue, cells_from_text("------")) == (CROSSED,) * 6
        # a line whose clue is 0 but holds a box has no solution: the move still returns a line
        assert len(BY_ID["empty_line"].apply(clue, blank)) == 5
    assert BY_ID["empty_line"].apply((2,), cells_from_text("----")) == cells_from_text("----")


def test_line_complete_crosses_the_rest_once_every_clue_is_placed() -> None:
    move = BY_ID["line_complete"].apply
    assert cells_to_text(move((1, 2), cells_from_text("-O--OO--"))) == "xOxxOOxx"
    assert cells_to_text(move((1, 2), cells_from_text("-O--O---"))) == "-O--O---"


def test_techniques_accept_grid_rows() -> None:
    np = pytest.importorskip("numpy")
    row = np.array(cells_from_text("----OO----"), dtype=np.int8)
    assert cells_to_text(BY_ID["mercury"].apply((4,), row)) == "xx--OO--xx"


def test_first_technique_is_the_easiest_that_applies() -> None:
    assert first_technique((), cells_from_text("-----")).id == "empty_line"
    assert first_technique((8,), cells_from_text("----------")).id == "overlap"
    assert first_technique((4,), cells_from_text("----OO----")).id == "mercury"
    assert first_technique((2,), cells_from_text("xOOxx")) is None


def test_count_arrangements_matches_brute_force() -> None:
    for clues, cells in _random_states(seed=5, count=800, max_n=12):
        count, _, _ = _brute_force(clues, cells)
        assert count_arrangements(clues, cells) == count, (clues, cells_to_text(cells))
    assert count_arrangements((1,) * 8, (UNKNOWN,) * 30) == 490314  # C(23, 8)


def test_extreme_arrangements_bound_every_solution() -> None:
    for clues, cells in _random_states(seed=9, count=300, max_n=12):
        left, right = extreme_arrangements(clues, cells)
        n = len(cells)
        for s in _solutions_by_clue(n)[clues]:
            bits = [s >> i & 1 for i in range(n)]
            if any(c != UNKNOWN and c != b for c, b in zip(cells, bits, strict=True)):
                continue
            text = "".join("O" if b else "x" for b in bits)
            starts = [i for i in range(n) if text[i] == "O" and (i == 0 or text[i - 1] == "x")]
            assert all(lo <= s0 <= hi for lo, s0, hi in zip(left, starts, right, strict=True))
    assert extreme_arrangements((3,), cells_from_text("-x-")) is None


def test_line_solver_steps_are_explained_by_the_arrangements_that_agree() -> None:
    text = explain_line_solver((1, 2, 1), "-x-O----", "Ox-O----")
    assert text.startswith("Slide the clue 1 2 1 as far left")
    assert "cell 1 is filled" in text
    text = explain_line_solver((2, 1), "--xO---", "--xO-x-")
    assert text == "In both ways the clue 2 1 fits this line, cell 6 is empty."
    assert explain_line_solver((3,), "---", "---") == "The clue 3 decides no new cell here."


def test_line_solver_explanations_stay_short_on_long_lines() -> None:
    rng = random.Random(21)
    counted = 0
    for _ in range(400):
        n = rng.randint(10, 30)
        picture = tuple(int(rng.random() < 0.55) for _ in range(n))
        clues = clue_of(picture)
        before = "".join(("O" if p else "x") if rng.random() < 0.25 else "-" for p in picture)
        after = solve_text(clues, before)
        text = explain_line_solver(clues, before, after)
        assert len(text.split()) <= MAX_WORDS, text
        counted += "ways" in text
    assert counted > 0  # some steps needed the count of arrangements


def test_cell_ranges_are_numbered_from_one_and_shortened() -> None:
    assert cell_ranges_text([0, 1, 2, 5]) == "1–3, 6"
    assert cell_ranges_text([0, 2, 4, 6, 8, 10], limit=4) == "1, 3, 5, 7 and 2 more"
    # The rest is counted in cells, not ranges: "and 1 more" hid cells 22-27 of Bucks' row 4.
    assert cell_ranges_text([0, 1, 5, 6, 11, 17, 18, 19, *range(21, 27)]) == (
        "1–2, 6–7, 12, 18–20 and 6 more"
    )
