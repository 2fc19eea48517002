"""The strategy guide: two or three real examples per technique, each
a real step's sentence checked by the independent sentence checker; examples for every tier;
cell numbers over every picture; Overlap's two pushed placements drawn; a contradiction drawn
line by line down to the line that breaks; one idea per technique and the literature's names."""

from __future__ import annotations

import re

import pytest
from examples_once import real_examples_once

from nonostudio.analysis.catalogue.techniques import (
    ALL_TECHNIQUES,
    BY_ID,
    CATALOGUE,
    DEEP_CONTRADICTION,
    SEARCH,
)
from nonostudio.analysis.helping.guide import (
    CHAINED,
    Examples,
    guide_html,
    line_picture,
    picture_html,
    worked_pictures,
)
from nonostudio.analysis.helping.guide_pictures import Picture, ruler_marks
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.samples import sample_puzzles
from nonostudio.rules.ruleset import load_rule_set
from tests.analysis import sentence_checker as checker

# One xdist worker runs this module (``--dist loadgroup``): its module fixture is made once, and
# the module is handed out among the first units.
pytestmark = pytest.mark.xdist_group("test_guide")


@pytest.fixture(scope="module")
def examples() -> Examples:
    # The real function's result, kept for the session's later guides of the same samples
    # (tests/examples_once.py: the CLI's and the Help menu's guide tests).
    return real_examples_once(sample_puzzles(), load_rule_set("learned").rules)


def _check(example) -> list[str] | None:
    """The sentence checker's verdict on the example's step, from the grid before it."""
    step, puzzle = example.record, example.source_puzzle
    grid = [list(row) for row in example.grid]
    if step.premises and step.premises[0]["say"] == "guess":
        return checker.check_guess(step, puzzle, grid)
    if any(p["say"] == "suppose" for p in step.premises):
        return checker.check_chain(step, puzzle, grid)
    hints = tuple(h for h in example.clues if h > 0)
    return checker.check_step(step, hints, list(example.before))


@pytest.mark.slow
def test_every_real_example_is_a_real_step_the_checker_finds_true(examples) -> None:
    checked = 0
    for technique, found in examples.items():
        assert 1 <= len(found) <= 3, technique
        for example in found:
            assert example.technique == technique
            assert example.text == example.record.text and example.record.premises
            problems = _check(example)
            assert problems is not None, f"{example.text}: too many arrangements to check"
            assert problems == [], (example.text, problems)
            checked += 1
    assert checked >= 30
    page = guide_html(examples)
    for found in examples.values():
        for example in found:
            assert example.text.replace("'", "&#x27;") in page


@pytest.mark.slow
def test_two_or_three_examples_per_technique_and_every_tier(examples) -> None:
    tiers = {t.tier for t in ALL_TECHNIQUES}
    assert tiers == set(range(9))
    assert {BY_ID[t].tier for t in examples} == tiers  # tiers 7 and 8 included
    for t in CATALOGUE:
        assert len(examples[t.id]) >= 2, t.id
    # from different puzzles where the samples allow it
    for technique in ("overlap", "small_gap", "punctuate", "glue", "mercury", "contradiction"):
        assert len({e.source for e in examples[technique]}) == 3, technique


def test_the_built_in_chained_contradiction_is_a_true_step_before_any_search() -> None:
    # The samples' traces had a chained contradiction only through an early guess; since the
    # guess reveals the cell that decides most, none has one and the guide's tier 7 comes from
    # CHAINED (no sample needs it).
    for name in ("control", "learned"):
        trace = rule_trace(CHAINED, load_rule_set(name).rules)
        used = [s.technique for s in trace.steps if s.technique in (DEEP_CONTRADICTION, SEARCH)]
        assert used and used[0] == DEEP_CONTRADICTION, name
    number = next(i for i, s in enumerate(trace.steps) if s.technique == DEEP_CONTRADICTION)
    grid = [list(row) for row in trace.grid_after(number)]
    assert checker.check_chain(trace.steps[number], CHAINED, grid) == []


def _numbers(table: str) -> list[str]:
    ruler = re.search(r'<tr class="ruler">(.*?)</tr>', table)
    assert ruler is not None
    return re.findall(r"<th>([^<]*)</th>", ruler.group(1))[1:]  # after the clue's column


def test_every_picture_numbers_its_cells_from_one() -> None:
    short = line_picture((2, 1), (UNKNOWN,) * 10)
    assert _numbers(short) == [str(i) for i in range(1, 11)]
    long = line_picture((5,), (UNKNOWN,) * 27)
    marks = _numbers(long)
    assert len(marks) == 27 and marks[0] == "1" and marks[4] == "5" and marks[24] == "25"
    assert marks[1] == marks[5] == "·"
    assert ruler_marks(27) == marks
    # the cells keep their <td>s (the ruler is <th>s): one for the clue, one per cell
    assert short.count("<td") == 11
    page = guide_html({})
    assert page.count('<tr class="ruler">') == page.count('<table class="line">') > 10


def _row(picture: Picture, label: str):
    return next(line for line in picture.lines if line.label == label)


def test_overlap_draws_both_pushed_placements_over_the_result() -> None:
    (picture,) = worked_pictures(BY_ID["overlap"])
    assert [line.label for line in picture.lines] == [
        "before",
        "pushed left",
        "pushed right",
        "after",
    ]
    left, right = _row(picture, "pushed left"), _row(picture, "pushed right")
    assert left.placed == tuple(range(0, 8)) and right.placed == tuple(range(2, 10))
    assert set(_row(picture, "after").new) == set(left.placed) & set(right.placed)
    html = picture_html(picture)
    assert html.count('class="f pl"') == 16 and html.count("f new") == 6
    # "Leftmost and rightmost" draws its two arrangements, boxes covered
    (picture,) = worked_pictures(BY_ID["arrangement"])
    left, right = _row(picture, "pushed left"), _row(picture, "pushed right")
    assert left.cells[3] == right.cells[3] == FILLED  # the box is covered both ways
    assert 0 in left.placed and 0 in right.placed


@pytest.mark.slow
def test_real_overlaps_draw_the_cited_clues_pushed(examples) -> None:
    for example in examples["overlap"] + examples["arrangement"]:
        (picture,) = example.pictures
        left, right = _row(picture, "pushed left"), _row(picture, "pushed right")
        after = _row(picture, "after")
        filled = {p for p in after.new if after.cells[p] == FILLED}
        empty = set(after.new) - filled
        assert filled <= set(left.placed) & set(right.placed), example.text
        assert not empty & (set(left.placed) | set(right.placed)), example.text
        for premise in example.record.premises:
            for claim in premise["claims"]:
                if claim["claim"] == "starts":  # the sentence's earliest and latest start
                    h = [c for c in example.clues if c > 0][claim["clue"]]
                    assert set(range(claim["min"], claim["min"] + h)) <= set(left.placed)
                    assert set(range(claim["max"], claim["max"] + h)) <= set(right.placed)


@pytest.mark.slow
def test_contradictions_draw_their_chain_down_to_the_line_that_breaks(examples) -> None:
    for technique in ("contradiction", "deep_contradiction"):
        for example in examples.get(technique, ()):
            premises = example.record.premises
            links = [p for p in premises if p["say"] in ("forced", "dead")]
            drawn = [p for p in example.pictures if p.lines]
            assert len(drawn) == len(links)
            assert example.pictures[0].caption.startswith("Suppose row ")
            for picture, link in zip(drawn, links, strict=True):
                claim = link["claims"][0]
                name = f"{claim['axis'].capitalize()} {claim['index'] + 1}"
                if link["say"] == "forced":
                    assert picture.caption == name
                    after = _row(picture, "after")
                    assert set(after.new) == {p for p, _ in link["cells"]}
                    assert all(after.cells[p] == v for p, v in link["cells"])
                else:  # the line that breaks: no arrangement of its clue fits what is drawn
                    assert picture.caption.startswith(f"{name}: cannot match ")
                    (line,) = picture.lines
                    assert checker.arrangements(line.clues, line.cells) == []
                    assert line.wrong or line.assumed  # the chain's cells there are marked
            assert example.pictures[-1].lines[0].label.startswith(("Row", "Column"))
            assert "cannot match" in example.pictures[-1].caption


def test_one_idea_per_technique_and_the_literatures_names() -> None:
    ideas = [t.idea for t in ALL_TECHNIQUES]
    assert len(set(ideas)) == len(ideas)
    overlap, arrangement = BY_ID["overlap"], BY_ID["arrangement"]
    assert "crosses" in overlap.idea and "filled cell covered" in arrangement.idea
    names = {t.id: t.also_known_as for t in ALL_TECHNIQUES}
    owner = {name: tid for tid, aka in names.items() for name in aka}
    assert owner["simple boxes"] == "overlap"
    assert owner["simple spaces"] == "simple_spaces"
    assert owner["forcing"] == "small_gap"
    assert owner["glue"] == "glue"
    assert owner["joining"] == owner["splitting"] == "joining_splitting"
    assert owner["punctuating"] == "punctuate"
    # mercury: a box pulls its clue back from the far wall, leaving the cells there empty
    assert owner["mercury"] == "mercury"
    assert sum("mercury" in aka for aka in names.values()) == 1
    move = BY_ID["mercury"].apply
    assert move((3,), (UNKNOWN, UNKNOWN, FILLED, UNKNOWN, UNKNOWN, UNKNOWN))[-1] == CROSSED
    assert move((3, 1), (UNKNOWN, UNKNOWN, UNKNOWN, FILLED) + (UNKNOWN,) * 4)[0] == CROSSED
