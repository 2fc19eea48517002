"""Checking drill answers: cell by cell, the explanation of a missed cell true by the
independent sentence checker, an unsound move refuted by an arrangement that really fits."""

from __future__ import annotations

import random

import pytest
from sentence_checker import arrangements, check_step

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tracing.steps import RULE, Step
from nonostudio.analysis.tutor.checking import AnswerError, check_mark, check_which, read_cells
from nonostudio.analysis.tutor.drills import MARK, SOUND, WHICH, make_drill
from nonostudio.analysis.tutor.practice import check_answer
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, cells_from_text, cells_to_text


def _sample(small_lines, per=6):
    for tid, lines in small_lines.items():
        yield from ((tid, line) for line in lines[:per])


def _as_step(line, feedback):
    cells = tuple(
        (line.index, p, v) if line.axis == "row" else (p, line.index, v)
        for premise in feedback.premises
        for p, v in premise["cells"]
    )
    return Step(
        RULE, line.axis, line.index, None, False, {}, cells, None, premises=feedback.premises
    )


def test_the_expected_answer_is_right_and_an_unchanged_line_is_all_missing(small_lines):
    for _, line in _sample(small_lines):
        drill = make_drill(MARK, line, random.Random(0))
        assert check_mark(drill, line.expected).correct
        missed = check_mark(drill, line.cells)
        decided = [
            p for p, (a, b) in enumerate(zip(line.cells, line.expected, strict=True)) if a != b
        ]
        assert not missed.correct and missed.missing == tuple(decided) and missed.wrong == ()


def test_a_missing_cell_gets_the_true_step_with_its_premise_first(small_lines):
    checked = 0
    for tid, line in _sample(small_lines):
        drill = make_drill(MARK, line, random.Random(0))
        expected = list(line.expected)
        decided = [p for p, (a, b) in enumerate(zip(line.cells, expected, strict=True)) if a != b]
        target = decided[-1]
        answer = list(expected)
        answer[target] = UNKNOWN
        feedback = check_mark(drill, answer)
        assert feedback.missing == (target,) and not feedback.correct
        assert feedback.explanation.split(" — ")[1].startswith(BY_ID[tid].name)
        assert feedback.premises
        # the premises drawn include the one deciding the missed cell
        assert target in [p for pr in feedback.premises for p, _ in pr["cells"]], feedback
        problems = check_step(_as_step(line, feedback), [c for c in line.clues if c], line.cells)
        if problems is not None:
            assert problems == [], (line, feedback.explanation, problems)
            checked += 1
    assert checked > 30


def test_a_wrong_cell_and_a_changed_cell_are_wrong(small_lines):
    line = next(line for line in small_lines["overlap"] if FILLED in line.expected)
    drill = make_drill(MARK, line, random.Random(0))
    answer = list(line.expected)
    p = answer.index(FILLED, next(i for i, c in enumerate(line.cells) if c == UNKNOWN))
    answer[p] = CROSSED
    feedback = check_mark(drill, answer)
    assert p in feedback.wrong and not feedback.correct
    assert f"cell {p + 1}" in feedback.explanation or "cells" in feedback.explanation


def test_an_unsound_move_is_refuted_by_an_arrangement_that_fits(small_lines):
    rng = random.Random(7)
    unsound = sound = 0
    for _, line in _sample(small_lines, per=10):
        drill = make_drill(SOUND, line, rng)
        hints = [c for c in line.clues if c]
        arr = arrangements(hints, line.cells)
        values = [
            {any(a[i] <= p < a[i] + h for i, h in enumerate(hints)) for a in arr}
            for p in range(len(line.cells))
        ]
        truly_sound = all(
            c == was or len(values[p]) == 1 and (c == FILLED) in values[p]
            for p, (was, c) in enumerate(zip(line.cells, drill.candidate, strict=True))
        )
        yes = check_answer(drill, "y")
        no = check_answer(drill, "n")
        assert yes.correct == truly_sound and no.correct != truly_sound
        if truly_sound:
            sound += 1
            continue
        unsound += 1
        counter = no.counterexample
        assert counter is not None and UNKNOWN not in counter
        starts = arrangements(hints, counter)  # the counterexample is an arrangement …
        assert len(starts) == 1
        assert all(
            w == UNKNOWN or w == c for w, c in zip(line.cells, counter, strict=True)
        )  # … of this line
        (p,) = no.wrong
        assert counter[p] != drill.candidate[p]  # where the move says otherwise
        assert cells_to_text(counter) in no.explanation
    assert sound > 10 and unsound > 10


def test_which_names_the_easiest_and_says_truly_why_another_is_not(small_lines):
    rng = random.Random(2)
    for tid, line in _sample(small_lines):
        drill = make_drill(WHICH, line, rng)
        assert tid in drill.choices and len(set(drill.choices)) == 4
        assert check_answer(drill, str(drill.choices.index(tid) + 1)).correct
        other = next(t for t in drill.choices if t != tid)
        feedback = check_answer(drill, other)
        assert not feedback.correct
        decides = BY_ID[other].apply(line.clues, line.cells) != line.cells
        assert ("decides a cell here too" in feedback.explanation) == decides
        assert ("decides no cell" in feedback.explanation) == (not decides)


def test_unreadable_answers_say_where():
    # the cell of the answer ("column 3" named another line on a column drill)
    with pytest.raises(AnswerError, match=r"^cell 3: 'Z' is no mark \(use O filled"):
        read_cells("OxZ", 3)
    with pytest.raises(AnswerError, match="has 4 cells"):
        read_cells("Ox", 4)


def test_a_cell_the_technique_leaves_open_is_named_as_a_cell():
    """Seen under Xvfb: the drill of Soup's on row 5 (clue 2, '--O--', Reach of a box) with
    cell 4 filled said 'Reach of a box leaves 4 open.', read as four cells left open."""
    from nonostudio.analysis.tutor.lines import DrillLine

    line = DrillLine(
        "soups-on", "row", 4, (2,), (UNKNOWN, UNKNOWN, FILLED, UNKNOWN, UNKNOWN), "mercury"
    )
    drill = make_drill(MARK, line, random.Random(0))
    marked = (CROSSED, UNKNOWN, FILLED, FILLED, UNKNOWN)
    assert sorted(a[0] for a in arrangements((2,), line.cells)) == [1, 2]  # cell 4 open
    text = check_mark(drill, marked).explanation
    assert "Reach of a box leaves cell 4 open." in text
    two = check_mark(drill, (CROSSED, FILLED, FILLED, FILLED, UNKNOWN)).explanation
    assert "leaves cells 2, 4 open." in two


def test_a_which_drill_has_one_right_choice_and_its_words_are_true_by_brute_force(small_lines):
    """Seen in 4 of 90 drills of seed 11: two choices of one tier both deciding a cell (clue 17
    on ``---OOOOOOOOOOOOOO-OOx-x-x-x``: Gap too small and Out of reach), the second marked
    wrong with "but Gap too small is easier", which only the catalogue's order says.  Each
    choice of each drill of 30 seeds is checked against every technique's own move on the
    line: only the drill's technique decides a cell at the lowest tier offered; on 4 seeds it
    alone is checked right, and a wrong one is told it decides nothing only when it decides
    nothing, that the answer is easier only when the answer's tier is lower."""
    from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES, DrillLine

    lines = [line for found in small_lines.values() for line in found[:8]]
    seventeen = tuple(cells_from_text("---OOOOOOOOOOOOOO-OOx-x-x-x"))
    lines.append(DrillLine("reported", "row", 0, (17,), seventeen, "small_gap"))
    worded = []
    for seed in range(30):
        rng = random.Random(seed)
        for line in lines:
            drill = make_drill(WHICH, line, rng)
            assert line.technique in drill.choices and len(set(drill.choices)) == 4
            deciding = [
                t for t in drill.choices if BY_ID[t].apply(line.clues, line.cells) != line.cells
            ]
            lowest = min(BY_ID[t].tier for t in deciding)
            assert [t for t in deciding if BY_ID[t].tier == lowest] == [line.technique]
            if seed < 4:  # the words (each a step sentence) on 4 seeds, the choices on 30
                worded.append((drill, deciding))
    pairs = 0
    for drill, deciding in worded:
        line = drill.line
        tier = {t: BY_ID[t].tier for t in drill.choices}
        for t in drill.choices:
            feedback = check_which(drill, t)
            assert feedback.correct == (t == line.technique)
            if t == line.technique:
                continue
            name, answer = BY_ID[t].name, BY_ID[line.technique].name
            if t in deciding:
                pairs += 1
                assert tier[t] > tier[line.technique]
                assert feedback.explanation.startswith(
                    f"{name} decides a cell here too, but {answer} is easier "
                    f"(tier {tier[line.technique]}; {name} is tier {tier[t]})."
                )
            else:
                assert feedback.explanation.startswith(f"{name} decides no cell on this line.")
    assert pairs > 10  # the "easier" words were checked, not only "decides no cell"
    # the reported line: both tier-1 techniques decide; one is offered, never both
    both = [t for t in LINE_TECHNIQUES if BY_ID[t].apply((17,), seventeen) != seventeen]
    assert {"small_gap", "simple_spaces"} <= set(both)


def test_a_choice_of_the_same_tier_that_decides_is_not_marked_wrong():
    """A drill offering two of one tier that both decide (made by hand: make_drill offers no
    such pair) takes either as right and says both decide, not that one is easier."""
    from nonostudio.analysis.tutor.drills import Drill
    from nonostudio.analysis.tutor.lines import DrillLine

    cells = tuple(cells_from_text("---OOOOOOOOOOOOOO-OOx-x-x-x"))
    line = DrillLine("reported", "row", 0, (17,), cells, "small_gap")
    drill = Drill(WHICH, line, ("overlap", "small_gap", "simple_spaces", "line_solver"))
    other = check_which(drill, "simple_spaces")
    assert other.correct and "easier" not in other.explanation
    assert other.explanation.startswith(
        "Out of reach (tier 1) decides a cell here, as Gap too small (tier 1) does."
    )
    assert check_which(drill, "small_gap").correct
