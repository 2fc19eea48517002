"""Specification mining: the canonical transition counts, deductions against brute force and z3."""

from __future__ import annotations

import random
from itertools import product

import pytest
import z3

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.learn.mining.specs import (
    Specification,
    canonical_transitions,
    mine_transitions,
    most_specific_patterns,
    new_runs,
    specifications,
)
from nonostudio.rules.language.ast import Binding, Constant, ElementType, Singleton
from nonostudio.rules.measuring.coverage import Transition

# The original implementation's counts (docs/rule-language.md §7).
PUBLISHED_COUNTS = {1: 2, 2: 6, 3: 14, 4: 41, 5: 121, 6: 360, 7: 1101}


def brute_after(hints: tuple[int, ...], text: str) -> str | None:
    """Maximal deduction by enumerating every filling (independent of the line solver)."""
    sols = []
    for bits in product("Ox", repeat=len(text)):
        if any(c != "-" and c != b for c, b in zip(text, bits, strict=True)):
            continue
        if tuple(len(r) for r in "".join(bits).split("x") if r) == hints:
            sols.append(bits)
    if not sols:
        return None
    return "".join(col[0] if len(set(col)) == 1 else "-" for col in zip(*sols, strict=True))


def brute_canonical(n: int) -> set[tuple[tuple[int, ...], str, str]]:
    out = set()
    for full in product("Ox", repeat=n):
        hints = tuple(len(r) for r in "".join(full).split("x") if r)
        for known in product((False, True), repeat=n):
            before = "".join(c if k else "-" for c, k in zip(full, known, strict=True))
            after = brute_after(hints, before)
            assert after is not None  # ``before`` is read off a solution
            if after == before:
                continue
            blanked = [before[:i] + "-" + before[i + 1 :] for i in range(n) if before[i] != "-"]
            if all(brute_after(hints, b) != after for b in blanked):
                out.add((hints, before, after))
    return out


def z3_after(hints: tuple[int, ...], text: str) -> str:
    """Maximal deduction with z3: one start per hint, a cell is filled iff some hint covers it."""
    n = len(text)
    ctx = z3.Context()
    starts = [z3.Int(f"s{j}", ctx) for j in range(len(hints))]
    cells = [z3.Bool(f"c{i}", ctx) for i in range(n)]
    solver = z3.Solver(ctx=ctx)
    for j, h in enumerate(hints):
        solver.add(starts[j] >= 0, starts[j] + h <= n)
        if j:
            solver.add(starts[j] >= starts[j - 1] + hints[j - 1] + 1)
    for i, c in enumerate(cells):
        covered = [z3.And(s <= i, i < s + h) for s, h in zip(starts, hints, strict=True)]
        solver.add(c == (z3.Or(*covered) if covered else z3.BoolVal(False, ctx)))
        if text[i] != "-":
            solver.add(c if text[i] == "O" else z3.Not(c))
    assert solver.check() == z3.sat
    out = []
    for c in cells:
        can_fill = solver.check(c) == z3.sat
        can_cross = solver.check(z3.Not(c)) == z3.sat
        out.append("-" if can_fill and can_cross else "O" if can_fill else "x")
    return "".join(out)


@pytest.fixture(scope="module")
def mined() -> list[Transition]:
    return mine_transitions(7)


def test_counts_match_the_original(mined: list[Transition]) -> None:
    counts = {n: sum(1 for t in mined if len(t.before) == n) for n in range(1, 8)}
    assert counts == PUBLISHED_COUNTS
    assert len(mined) == 1645
    assert len({(t.hints, t.before) for t in mined}) == 1645


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_same_transitions_as_brute_force(n: int) -> None:
    got = {(t.hints, t.before, t.after) for t in canonical_transitions(n)}
    assert got == brute_canonical(n)


def test_small_lengths_by_hand() -> None:
    assert {(t.hints, t.before, t.after) for t in canonical_transitions(1)} == {
        ((), "-", "x"),
        ((1,), "-", "O"),
    }
    two = {(t.hints, t.before, t.after) for t in canonical_transitions(2)}
    assert two == {
        ((), "--", "xx"),
        ((2,), "--", "OO"),
        ((1,), "O-", "Ox"),
        ((1,), "-O", "xO"),
        ((1,), "x-", "xO"),
        ((1,), "-x", "Ox"),
    }


def test_sample_agrees_with_z3(mined: list[Transition]) -> None:
    rng = random.Random(7)
    for t in rng.sample([t for t in mined if len(t.before) >= 5], 40):
        assert t.after == z3_after(t.hints, t.before), t


def test_every_transition_is_productive_and_sound(mined: list[Transition]) -> None:
    for t in mined:
        assert t.after != t.before
        assert all(b in ("-", a) for b, a in zip(t.before, t.after, strict=True))


def test_new_runs() -> None:
    t = Transition((3, 1), "-----", "OOOxO")
    assert new_runs(t) == [(FILLED, 0, 3), (CROSSED, 3, 4), (FILLED, 4, 5)]
    # Known cells split runs; cells left unknown are not runs.
    t = Transition((4,), "--O---x", "-OOO--x")
    assert new_runs(t) == [(FILLED, 1, 2), (FILLED, 3, 4)]
    t = Transition((1, 1), "O-O--", "OxOxx")
    assert new_runs(t) == [(CROSSED, 1, 2), (CROSSED, 3, 5)]


def test_most_specific_patterns() -> None:
    line = Line.parse((4, 1), "x---OOOO--")
    assert most_specific_patterns(line) == [
        Binding("h0", Constant(ElementType.HINT, 0)),
        Binding("h1", Constant(ElementType.HINT, 1)),
        Binding("b", Singleton(ElementType.BLOCK)),
        Binding("g", Singleton(ElementType.GAP)),
    ]
    line = Line.parse((2,), "-O-xO-x-")
    assert [b.name for b in most_specific_patterns(line)] == ["h", "b0", "b1", "g0", "g1", "g2"]
    assert most_specific_patterns(Line.parse((), "---")) == [
        Binding("g", Singleton(ElementType.GAP))
    ]


def test_specifications_of_one_transition() -> None:
    t = Transition((3, 1), "-----", "OOOxO")
    specs = specifications(t)
    # 3 runs x subsets with a hint of {h0, h1, g}: {h0} {h1} {h0 h1} {h0 g} {h1 g} {h0 h1 g}.
    assert len(specs) == 18
    assert specs[0].key == "3 1|-----|O0-3|h0"
    assert specs[5].key == "3 1|-----|O0-3|h0,h1,g"
    assert specs[-1].key == "3 1|-----|O4-5|h0,h1,g"
    assert {s.group for s in specs} == {"3 1|-----|O0-3", "3 1|-----|x3-4", "3 1|-----|O4-5"}
    assert [len(s.patterns) for s in specs[:6]] == [1, 1, 2, 2, 2, 3]
    assert len(specifications(t, max_patterns=1)) == 6
    # Three patterns naming the first elements only: {h0, h1, g} names hint 1, so it goes.
    first = specifications(t, three_first=True)
    assert [s.key for s in first] == [s.key for s in specs if len(s.patterns) < 3]


@pytest.mark.slow
def test_three_first_keeps_the_three_pattern_sets_of_first_elements(
    mined: list[Transition],
) -> None:
    for t in mined:
        every = specifications(t)
        first = specifications(t, three_first=True)
        assert [s for s in every if len(s.patterns) < 3] == [
            s for s in first if len(s.patterns) < 3
        ]
        for s in every:
            if len(s.patterns) == 3:
                names_first = all(
                    not isinstance(b.pattern, Constant) or b.pattern.index == 0 for b in s.patterns
                )
                assert (s in first) == names_first, s.key


def test_no_specification_without_a_hint(mined: list[Transition]) -> None:
    for t in mined[:300]:
        for s in specifications(t):
            assert any(b.pattern.type is ElementType.HINT for b in s.patterns)


def test_keys_are_unique_and_round_trip(mined: list[Transition]) -> None:
    specs = [s for t in mined if len(t.before) <= 5 for s in specifications(t)]
    assert len({s.key for s in specs}) == len(specs)
    for s in specs[::37]:
        assert Specification.from_json(s.to_json()) == s


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {
            "hints": [1],
            "before": "-",
            "after": "O",
            "patterns": ["q0"],
            "value": 1,
            "start": 0,
            "end": 1,
        },
        {
            "hints": [1],
            "before": "-",
            "after": "O",
            "patterns": ["h"],
            "value": 5,
            "start": 0,
            "end": 1,
        },
        {
            "hints": ["a"],
            "before": "-",
            "after": "O",
            "patterns": ["h"],
            "value": 1,
            "start": 0,
            "end": 1,
        },
    ],
)
def test_malformed_record(bad: dict) -> None:
    with pytest.raises(ValueError, match="malformed specification"):
        Specification.from_json(bad)


def test_bad_lengths() -> None:
    with pytest.raises(ValueError):
        canonical_transitions(0)
    with pytest.raises(ValueError):
        mine_transitions(2, min_length=3)
