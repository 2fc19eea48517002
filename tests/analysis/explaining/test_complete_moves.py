"""Traces of complete moves (the default): every step is one catalogued technique's complete move
on one line or oracle sub-line, with the firing rule's fill inside it, leaves nothing that the
same technique on the same line would still decide, is sound, and is explained in a sentence
that names the technique, the clue as a player sees it and the cells in display order; blank
margins are crossed out by the empty-line technique and never change a grade."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.catalogue.techniques import BY_ID, CATALOGUE
from nonostudio.analysis.explaining.chain import Link, chain_premises, chain_text
from nonostudio.analysis.explaining.narrate import narrate, seen_line, summary_text
from nonostudio.analysis.explaining.step_text import SHORT_SENTENCE_WORDS, explain_move
from nonostudio.analysis.grades.difficulty import grade
from nonostudio.analysis.grades.margins import blank_margins, without_margins
from nonostudio.analysis.helping.designer import stuck_region
from nonostudio.analysis.tracing.steps import LINE, PROBE, RULE, Step, Trace
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, cells_from_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.ruleset import RuleSet, load_rule_set
from nonostudio.rules.words.phrase_words import ordinal

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ladder import easiest_order  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
LEARNED = load_rule_set("learned")
CONTROL = load_rule_set("control")
PROBE_PUZZLE = Puzzle(
    ((2, 1), (1, 3), (1,), (3,), (1, 1)), ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1))
)


MAX_WORDS = 75
"""The longest a step's sentence may be.  A sentence states the reason of every bound it uses,
with only the links of its chains that the cells it decides need: the tested samples' steps
take at most 69 words and the random lines' at most 72 (when every link of every clue's chain
was stated: 76 and 78, and the cap was 120); ``tests/benchmarks/bench_teaching.py`` measures
real puzzles (the goal: 95th percentile <= 70)."""


def sample(name: str) -> Puzzle:
    return read_all(SAMPLES / name)[0][1]


def bordered(puzzle: Puzzle, border: int) -> Puzzle:
    """The same picture with ``border`` blank rows and columns all round."""
    blank: tuple[tuple[int, ...], ...] = ((),) * border
    return Puzzle(blank + puzzle.rows + blank, blank + puzzle.cols + blank)


def check_trace(trace: Trace) -> None:
    """Every step: a catalogued technique, sound, its move on its line (complete, but for at
    most one step in 10 whose sentence had no room for all its premises), rule fill inside it,
    explained in at most :data:`MAX_WORDS` words naming the technique."""
    puzzle = trace.puzzle
    solution = solve(puzzle).solution
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    rules = {r.name: r for r in (*LEARNED.rules, *CONTROL.rules)}
    cut = 0
    for number, step in enumerate(trace.steps, 1):
        assert step.technique in BY_ID, f"step {number} has no catalogued technique"
        assert step.text and len(step.text.split()) <= MAX_WORDS, step.text
        assert BY_ID[step.technique].name in step.text, step.text
        for r, c, v in step.cells:
            assert grid[r, c] == UNKNOWN and solution[r, c] == v, f"step {number} is unsound"
        if step.kind in (RULE, LINE):
            seen = seen_line(puzzle, grid, step)
            offset = 0 if step.subline is None else step.subline[0]
            along = 1 if step.axis == "row" else 0
            after = list(seen.cells)
            for cell in step.cells:
                after[cell[along] - offset] = cell[2]
            # The step is the technique's move there: all of it, or as many of its premises
            # as its sentence has room for (the rest is a later step) ...
            move = BY_ID[step.technique].apply(seen.hints, seen.cells)
            assert all(a == m for a, m in zip(after, move, strict=True) if a != UNKNOWN), step
            if tuple(after) != move:
                cut += 1
                said = sum(len(p["cells"]) for p in step.premises)
                assert said == len(step.cells), step
            else:
                # ... so the same technique on the same line decides nothing more after it.
                assert BY_ID[step.technique].apply(seen.hints, after) == tuple(after), step
            if step.kind == RULE and step.rule is not None:
                new = {cell[along] - offset for cell in step.cells}
                fills = [
                    f
                    for f in apply_rule(rules[step.rule], seen)
                    if f.flipped == step.flipped
                    and {n: (e.type.value, e.index, e.start, e.size) for n, e in f.env.items()}
                    == step.env
                ]
                assert fills, f"step {number}: its rule does not fire there"
                rule_new = {
                    p for f in fills for p in range(f.start, f.end) if seen.cells[p] == UNKNOWN
                }
                assert rule_new & new and rule_new <= set(range(len(after))), step
                assert all(after[p] == fills[0].value for p in rule_new), step
        for r, c, v in step.cells:
            grid[r, c] = v
    assert trace.solved and puzzle.is_solution(grid)
    assert cut <= len(trace.steps) // 10, f"{cut} of {len(trace.steps)} steps are cut short"


@pytest.mark.parametrize(
    "name",
    [
        "webpbn-00001-dancer.non",
        "webpbn-00006-cat.non",
        "webpbn-00023-edge.non",
        "webpbn-00021-skid.non",
    ],
)
def test_real_puzzles_are_solved_in_complete_moves(name: str) -> None:
    check_trace(rule_trace(sample(name), LEARNED.rules))


def test_with_few_rules_the_fallbacks_are_named_techniques_too() -> None:
    trace = rule_trace(sample("webpbn-00006-cat.non"), CONTROL.rules)
    check_trace(trace)
    beyond = [s for s in trace.steps if s.kind == LINE]
    assert beyond, "the control rules get stuck on the cat"
    for step in beyond:
        assert "(beyond the rules)" in step.text and step.rule is None
    assert any(s.technique != "line_solver" for s in beyond)  # easiest technique first


def test_complete_moves_take_fewer_steps_than_rule_fills() -> None:
    puzzle = sample("webpbn-00006-cat.non")
    moves = rule_trace(puzzle, LEARNED.rules)
    fills = rule_trace(puzzle, LEARNED.rules, complete_moves=False)
    assert len(moves.steps) < len(fills.steps)
    assert all(not s.technique and not s.text for s in fills.steps)


def test_a_step_names_the_clue_as_a_player_sees_it() -> None:
    # (1 8) in 12 cells: the 8 starts at cell 3 at the earliest, at cell 5 at the latest.
    before = cells_from_text("------------")
    after = BY_ID["overlap"].apply((1, 8), before)
    text = explain_move("overlap", "row", 2, (1, 8), before)[0].text
    assert after != before
    assert text == (
        "Row 3 — Overlap: the second clue, 8, cannot start before cell 3 or after cell 5, "
        "so it covers cells 5–10 either way."
    )
    assert ordinal(1) == "second" and ordinal(11) == "12th" and ordinal(21) == "22nd"


def test_steps_on_parts_are_numbered_on_the_whole_line() -> None:
    # A step on a part of a line (matching blocks to clues, or a harder technique on a part
    # matching cut off) states the part as a premise (which clues it holds, checked by brute
    # force in test_premises) and numbers cells and clues on the whole line.
    trace = rule_trace(sample("jwilk-038-bike.non"), LEARNED.rules)
    on_parts = [s for s in trace.steps if any(p["say"] == "part" for p in s.premises)]
    assert any(s.technique == "matching" for s in on_parts)
    along = {"row": 1, "column": 0}
    for step in on_parts:
        spans = []
        for part in (p for p in step.premises if p["say"] == "part"):
            (claim,) = [c for c in part["claims"] if c["claim"] == "part"]
            start, end = claim["start"], claim["end"]
            spans.append((start, end))
            assert f"cells {start + 1}–{end}" in step.text or f"cell {start + 1}" in step.text
        if step.subline is not None:
            assert spans == [step.subline]
        assert all(any(s <= cell[along[step.axis]] < e for s, e in spans) for cell in step.cells), (
            step.text
        )


@pytest.mark.parametrize(
    ("technique", "clues", "before", "words"),
    [
        (
            "small_gap",
            (4,),
            "----x---x---",
            ("the gap at cells 6–8 holds 3 cells, fewer than the shortest clue, 4, needs",),
        ),
        ("small_gap", (4,), "---x-------", ("the gap at cells 1–3 holds 3 cells",)),
        (
            "punctuate",
            (1, 3),
            "---OOO----",
            ("the block at cells 4–6", "so it is finished", "cells 3, 7 are empty"),
        ),
        (  # every clue able to hold the block is as long: not listed one by one
            "punctuate",
            (1, 1, 1, 1, 4),
            "------OxO---O-------",
            ("the block at cell 7 is 1 long, as long as every clue that can hold it, so it",),
        ),
        (  # blocks placed by the step's earlier premises are not placed again
            "punctuate",
            (2, 4, 2),
            "-------OOOO-OO------",
            ("cell 15 is empty. The third clue, 2, ends by cell 14: cells 16–20 are empty",),
        ),
        (  # one reason for cells in two places: said once
            "punctuate",
            (1, 1, 4, 1),
            "----x-xxOOOOxOx-xxx-",
            ("can only be the fourth clue, 1. It ends by cell 14: cells 16, 20 are empty",),
        ),
        (
            "glue",
            (4,),
            "xO--------",
            (
                "the box at cell 2 can only be the 4 starting at cell 2",
                "it cannot cross the cross at cell 1",
                "cells 3–5 are filled",
            ),
        ),
        (
            "mercury",
            (4,),
            "----OO----",
            ("the 4 holds the boxes at cells 5–6", "cells 1–2 are empty", "cells 9–10 are empty"),
        ),
        (
            "joining_splitting",
            (4,),
            "---O-O---",
            ("the blocks at cell 4 and cell 6 can only both be the 4", "cell 5"),
        ),
        ("empty_line", (), "-----", ("the clue is 0, so cells 1–5 are empty",)),
        ("line_complete", (2, 1), "-OO---O---", ("the 3 filled cells already make the clues 2 1",)),
        ("line_solver", (2, 1), "--xO---", ("in both ways the clue 2 1 fits, cell 6 is empty",)),
    ],
)
def test_each_technique_says_its_instance(
    technique: str, clues: tuple[int, ...], before: str, words: tuple[str, ...]
) -> None:
    cells = cells_from_text(before)
    after = BY_ID[technique].apply(clues, cells)
    assert after != cells
    x, premises = explain_move(technique, "column", 4, clues, cells)
    assert premises
    assert x.text.startswith(f"Column 5 — {BY_ID[technique].name}: ")
    for w in words:
        assert w in x.text, x.text
    assert len(x.text.split()) <= MAX_WORDS, x.text


def _numbers(text: str) -> set[int]:
    """``"cells 4–7, 9"`` → {4, 5, 6, 7, 9}."""
    out: set[int] = set()
    for first, last in re.findall(r"(\d+)(?:–(\d+))?", text):
        out.update(range(int(first), int(last or first) + 1))
    return out


def test_backwards_matches_are_numbered_as_displayed() -> None:
    # Rules also match lines read right to left (bottom to top); the sentence still numbers the
    # cells as the grid shows them, so the cells it names are the step's cells.
    trace = rule_trace(sample("webpbn-00006-cat.non"), LEARNED.rules)
    checked = 0
    for step in trace.steps:
        if not step.flipped or step.technique not in ("overlap", "line_complete"):
            continue
        along = 1 if step.axis == "row" else 0
        said = re.findall(r"cells? ([\d–, ]+?)(?: either way| are| is)", step.text)
        assert said, step.text
        assert _numbers(said[-1]) == {cell[along] + 1 for cell in step.cells}, step.text
        checked += 1
    assert checked >= 3


def test_a_probe_is_explained_by_its_contradiction() -> None:
    trace = rule_trace(PROBE_PUZZLE, LEARNED.rules)
    probes = [s for s in trace.steps if s.kind == PROBE]
    assert probes
    for step in probes:
        ((r, c, v),) = step.cells
        assert step.technique == "contradiction"
        value, other = ("empty", "filled") if v == FILLED else ("filled", "empty")
        assert re.fullmatch(
            rf"Row {r + 1}, column {c + 1} — Contradiction: suppose this cell were {value}"
            rf"(\. Then (row|column)s? \d+(, \d+)*: [^.]+)*\. Then (row|column) \d+ could not "
            rf"match its clue(, [\d ]+)?\. So this cell is {other}\.",
            step.text,
        ), step.text


def test_search_steps_are_named_guesses_and_the_trace_goes_on() -> None:
    # Two solutions: line logic and contradictions decide nothing, so the search step guesses
    # one cell (saying what it assumed) and line logic does the rest.
    trace = rule_trace(Puzzle(((1,), (1,)), ((1,), (1,))), LEARNED.rules)
    step, *rest = trace.steps
    assert step.technique == "search" and step.cells == ((0, 0, FILLED),), step
    assert step.text.startswith("Row 1, column 1 — Search: ") and "several" in step.text
    assert "take this cell as filled" in step.text
    assert rest and all(s.kind in (RULE, LINE) for s in rest) and trace.solved


def test_the_narration_and_summary_use_the_steps_sentences() -> None:
    trace = rule_trace(sample("webpbn-00001-dancer.non"), LEARNED.rules)
    assert list(narrate(trace, LEARNED.rules, {})) == [s.text for s in trace.steps]
    techniques = trace.summary().techniques
    assert sum(techniques.values()) == len(trace.steps)
    assert list(techniques) == sorted(techniques, key=[t.id for t in CATALOGUE].index)
    assert "Techniques: " in summary_text(trace, {})


def test_the_new_fields_survive_json() -> None:
    trace = rule_trace(sample("webpbn-00001-dancer.non"), LEARNED.rules)
    back = Trace.from_json(trace.to_json(), trace.puzzle)
    assert back.steps == trace.steps
    old = {
        k: v for k, v in trace.steps[0].to_json().items() if k not in ("technique", "text", "focus")
    }
    assert Step.from_json(old).technique == ""  # an older file still reads


def test_a_blank_margin_is_crossed_out_by_the_empty_line_technique() -> None:
    puzzle = bordered(Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,))), 1)
    trace = rule_trace(puzzle, CONTROL.rules, fallback=False)
    assert trace.solved
    empty = [s for s in trace.steps if s.technique == "empty_line"]
    assert len(empty) == 4 and all(s.kind == RULE and s.rule is None for s in empty)
    # The designer check no longer marks the blank corners as where the rules get stuck.
    region = stuck_region(puzzle, CONTROL.rules)
    assert not region.rules_grid[0].tolist().count(UNKNOWN)
    assert (region.rules_grid != UNKNOWN).all()


@pytest.mark.parametrize(
    "name", ["webpbn-00001-dancer.non", "webpbn-00021-skid.non", "webpbn-00023-edge.non"]
)
@pytest.mark.parametrize("border", [1, 2])
def test_a_blank_border_never_changes_the_grade(name: str, border: int) -> None:
    plain = grade(sample(name), LEARNED)
    framed = grade(bordered(sample(name), border), LEARNED)
    assert (framed.tier, framed.score, framed.label, framed.hardest_technique) == (
        plain.tier,
        plain.score,
        plain.label,
        plain.hardest_technique,
    )
    assert framed.features.margins == (border,) * 4
    # Rows the explanation names are the framed puzzle's (the picture moved down).
    shift = re.sub(r"row (\d+)", lambda m: f"row {int(m.group(1)) + border}", plain.explanation)
    assert framed.explanation == shift


def test_margins_are_found_on_each_side_and_a_blank_grid_is_kept_whole() -> None:
    puzzle = Puzzle(((), (1,), ()), ((), (), (1,), ()))
    assert blank_margins(puzzle) == (1, 1, 2, 1)
    core, margins = without_margins(puzzle)
    assert (core.rows, core.cols, margins) == (((1,),), ((1,),), (1, 1, 2, 1))
    blank = Puzzle(((),) * 4, ((),) * 4)
    assert blank_margins(blank) == (0, 0, 0, 0)
    g = grade(blank, RuleSet("none", ()))
    assert (g.tier, g.label, g.hardest_technique) == (0, "Beginner", "empty_line")


def test_the_fallback_line_step_picks_the_easiest_technique() -> None:
    # No rules at all: every step is beyond the rules, and each is the easiest technique
    # that decides a cell somewhere at that moment (on a line or a part of one: ladder.py).
    trace = rule_trace(sample("webpbn-00001-dancer.non"), [])
    grid = np.full((10, 5), UNKNOWN, dtype=np.int8)
    puzzle = trace.puzzle
    for step in trace.steps:
        order = [t.id for t in CATALOGUE]
        assert order.index(step.technique) == easiest_order(puzzle, grid), step.text
        for r, c, v in step.cells:
            grid[r, c] = v


def test_every_technique_explains_any_line_it_changes() -> None:
    # Random lines (seeded) for every line technique: the sentence names the technique, stays
    # short, and points only at cells of the line and clues it has.
    rng = np.random.default_rng(33)
    seen = dict.fromkeys((t.id for t in CATALOGUE), 0)
    for _ in range(600):
        n = int(rng.integers(1, 16))
        picture = rng.random(n) < 0.55
        clues = tuple(
            len(run) for run in "".join("O" if v else "x" for v in picture).split("x") if run
        )
        cells = tuple(int(v) if rng.random() < 0.3 else UNKNOWN for v in picture)
        for technique in CATALOGUE:
            after = technique.apply(clues, cells)
            if after == cells:
                continue
            seen[technique.id] += 1
            x, premises = explain_move(technique.id, "row", 0, clues, cells)
            assert premises, (technique.id, clues, cells)
            assert x.text.startswith(f"Row 1 — {technique.name}: "), x.text
            # (a short reason a block is one clue, which the word budget does not count, may
            # take the sentence to SHORT_SENTENCE_WORDS: a 1 1 8 line's "with room for only two
            # clues before it and none after it" took one to 80)
            assert len(x.text.split()) <= SHORT_SENTENCE_WORDS, x.text
            assert all(0 <= a < b <= n for _, a, b in x.spans), (x, clues, cells)
            assert all(0 <= i < len(clues) for i in x.clues), (x, clues)
    assert all(seen.values()), seen


def test_chain_links_on_lines_of_one_kind_deciding_the_same_cells_are_said_once() -> None:
    # columns 8 and 9 both decide cell 2 empty: said once; row 2 then breaks (more than three
    # numbers in its clue: "its clue"); the premises keep every link for the checker.
    rows = ((1,), (1, 1, 1, 1), *(((),) * 8))
    puzzle = Puzzle(rows, tuple((1,) if c in (0, 2, 4, 6, 8) else () for c in range(10)))
    chain = [
        Link(("row", 0), {8: FILLED}),
        Link(("column", 7), {1: CROSSED}),
        Link(("column", 8), {1: CROSSED}),
        Link(("row", 1), {}),  # no cells: the dead end
    ]
    text = chain_text(puzzle, 0, 7, FILLED, chain)
    assert text == (
        "suppose this cell were filled. Then row 1: cell 9 filled. Then columns 8, 9: cell 2 "
        "empty. Then row 2 could not match its clue. So this cell is empty"
    )
    assert [p["say"] for p in chain_premises(0, 7, FILLED, chain)] == [
        "suppose",
        "forced",
        "forced",
        "forced",
        "dead",
    ]
