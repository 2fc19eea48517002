"""Per-colour steps against brute force on random colour lines: every black-and-white technique's
move on one colour's projection keeps every colour a fitting arrangement gives a cell, and the
claims of its premises hold on the projected line in every projected arrangement (checked by the
independent sentence checker), as do the cells the premises decide."""

from __future__ import annotations

import os
import random
import sys
from types import SimpleNamespace

from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.analysis.colour.projection import per_colour_move, project, projected_step
from nonostudio.core.colour.model import WHITE, Colour, Palette
from tests.analysis.colour.brute import clue_of, fitting

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from sentence_checker import check_claim, check_inference, check_step  # noqa: E402

PALETTE = Palette(
    (
        WHITE,
        Colour("red", "#ff0000", "r"),
        Colour("blue", "#0000ff", "b"),
        Colour("green", "#00ff00", "g"),
    )
)
# Claims about every arrangement of the whole black-and-white line (how many there are, each
# clue's exact extremes) are true of the projected line, not of the colour arrangements alone.
EXACT_CLAIMS = {"arrangements", "extremes"}


def _starts(a: tuple[int, ...], colour: int) -> tuple[int, ...]:
    """The start of each block of ``colour`` in a colouring: its projected arrangement."""
    return tuple(p for p, v in enumerate(a) if v == colour and (p == 0 or a[p - 1] != colour))


def _lines(seed: int, count: int) -> list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.randint(4, 8)
        solution = [rng.choice([0, 0, 1, 2, 3]) for _ in range(n)]
        cells = tuple(
            (1 << v) | (rng.getrandbits(4) if rng.random() < 0.7 else 15) for v in solution
        )
        out.append((clue_of(solution), cells))
    return out


def test_per_colour_moves_are_sound() -> None:
    for clue, cells in _lines(7, 150):
        arr = fitting(clue, cells, 4)
        for colour in (1, 2, 3):
            for t in CATALOGUE:
                after = per_colour_move(t.id, clue, cells, colour)
                for a in arr:
                    for p, v in enumerate(a):
                        assert after[p] >> v & 1, (t.id, clue, cells, colour, p)
                assert all(x & ~b == 0 for x, b in zip(after, cells, strict=True))


def test_premises_hold_on_the_projected_line() -> None:
    steps = 0
    for clue, cells in _lines(8, 150):
        arr = fitting(clue, cells, 4)
        for colour in (1, 2, 3):
            hints, bw = project(clue, cells, colour)
            projected = sorted({_starts(a, colour) for a in arr})
            for t in CATALOGUE:
                step = projected_step(t.id, "row", 0, clue, cells, colour, PALETTE)
                if step is None:
                    continue
                steps += 1
                assert step.after != step.before
                # true of the projected line: every claim over all its b&w arrangements
                assert check_step(SimpleNamespace(premises=step.premises), hints, bw) == []
                # and of the colour line seen through it, round by round
                state = list(bw)
                for k in sorted({p.get("round", 0) for p in step.premises}):
                    now = [p for p in step.premises if p.get("round", 0) == k]
                    for premise in now:
                        for claim in premise["claims"]:
                            if claim["claim"] not in EXACT_CLAIMS:
                                assert check_claim(claim, hints, state, projected) is None, claim
                        assert check_inference(premise, hints, len(bw)) is None
                        for p, v in premise["cells"]:
                            assert all((a[p] == colour) == (v == 1) for a in arr), (p, v)
                    for premise in now:
                        for p, v in premise["cells"]:
                            state[p] = v
                assert step.text.startswith("Row 1, looking only at the ")
    assert steps > 200


def test_sentence() -> None:
    step = projected_step("overlap", "row", 6, ((4, 1), (1, 2), (5, 1)), (15,) * 12, 1, PALETTE)
    assert step is not None
    assert step.text == (
        "Row 7, looking only at the red clues 4 5 (red as filled, every other colour as empty) — "
        "Overlap: the first clue, 4, cannot start before cell 1 or after cell 3, so it covers "
        "cells 3–4 either way. The second clue, 5, cannot start before cell 6 or after cell 8, "
        "so it covers cells 8–10 either way; so cells 3–4, 8–10 are red."
    )


def test_a_cell_left_empty_by_the_last_colour_says_why() -> None:
    # Row 1 of a red and blue picture whose red is already ruled out: each cell is empty or
    # blue (0b101). Blue's clue is 0, so the cells cannot be blue, which leaves them empty.
    # The sentence used to end "... so cells 1–4 are empty; so cells 1–4 are empty.", its
    # second "empty" (the background) not the first (not blue, looking only at blue).
    step = projected_step("empty_line", "row", 0, (), (0b101,) * 4, 2, PALETTE)
    assert step is not None
    assert step.after == (1,) * 4
    assert step.text.endswith(
        "so cells 1–4 are empty; so cells 1–4 cannot be blue, which leaves them empty."
    ), step.text
    one = projected_step("empty_line", "row", 0, (), (0b101, 1, 1), 2, PALETTE)
    assert one is not None and one.text.endswith("so cell 1 cannot be blue, which leaves it empty.")
    # a colour removed that leaves several: no "leaves"
    red = projected_step("empty_line", "row", 0, (), (0b111,) * 2, 1, PALETTE)
    assert red is not None and red.text.endswith("so cells 1–2 cannot be red."), red.text


def test_the_starts_the_clues_order_rules_out_are_said() -> None:
    """Colour r0048 row 3 step 441 (clue 1 3 7, all c2): Reach of a box on c2 emptied cell 9
    and said why no start of the 7 from cells 5–9 covers it, not why none from cells 3–4 does
    (the 1 and the 3 before it: the clues' order, left to the reader's counting)."""
    from sentence_checker import check_short_words

    palette = Palette((WHITE, Colour("c1", "#255b35", "a"), Colour("c2", "#4ab66a", "b")))
    clue = ((1, 2), (3, 2), (7, 2))
    cells = tuple({".": 0b101, "x": 0b001, "#": 0b100}[c] for c in ".x.x..#x.xx.x...xx#######")
    step = projected_step("mercury", "row", 2, clue, cells, 2, palette)
    assert step is not None
    said = "a 7 from cell 3 or 4 would leave no room for the clues 1 3 before it: cell 9 is empty"
    assert said in step.text, step.text
    assert check_step(SimpleNamespace(premises=step.premises), step.hints, step.projected) == []
    assert check_short_words(step.text, step.hints, [list(step.projected)]) == []
