"""Designer checks: the stuck region, and single-cell edits each re-verified here with the
complete solver (uniqueness) or plain line logic (line-solvability); which search the designer
runs for a picture, and the findings in words."""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.helping.designer import (
    MAX_EDITS,
    Edit,
    EditSearch,
    StuckRegion,
    candidate_cells,
    check_design,
    find_edits,
    line_solvable_edits,
    stuck_region,
    summary_text,
    uniqueness_edits,
)
from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.ruleset import RuleSet, load_rule_set

CONTROL = load_rule_set("control")
PROBE_PUZZLE = Puzzle(
    ((2, 1), (1, 3), (1,), (3,), (1, 1)), ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1))
)
# A drawn picture with a 2x2 "switch" (rows 1-2, columns 1-2 hold a diagonal): its clues also fit
# the other diagonal, so its puzzle has two solutions.
AMBIGUOUS = np.array(
    [[1, 0, 0, 0, 0], [0, 1, 0, 1, 1], [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], [1, 1, 0, 0, 0]],
    dtype=np.int8,
)


def line_solves(puzzle: Puzzle) -> bool:
    state = GridState(puzzle)
    state.propagate()
    return state.is_solved()


def test_the_picture_is_ambiguous() -> None:
    assert solve(Puzzle.from_grid(AMBIGUOUS)).verdict is Verdict.MULTIPLE


def test_stuck_region_of_no_rules_is_everything_and_line_logic_narrows_it() -> None:
    region = stuck_region(PROBE_PUZZLE, ())
    assert region.rules_stuck.all()
    logic = region.logic_stuck
    assert logic.any() and not logic.all()  # line logic decides some cells, not all
    # What line logic leaves open differs between the two pictures the cells could still take.
    solution = solve(PROBE_PUZZLE).solution
    decided = ~logic
    assert (region.logic_grid[decided] == solution[decided]).all()


def test_stuck_region_with_rules_is_a_superset_of_the_line_logic_region() -> None:
    region = stuck_region(PROBE_PUZZLE, CONTROL.rules)
    assert (region.rules_stuck | ~region.logic_stuck).all()
    assert region.logic_stuck.any()
    full = Puzzle(((2,), (2,)), ((2,), (2,)))
    assert not stuck_region(full, CONTROL.rules).rules_stuck.any()


def test_uniqueness_edits_are_verified_by_the_complete_solver() -> None:
    seen = []

    def progress(fraction: float, message: str) -> None:
        seen.append(fraction)

    search = uniqueness_edits(AMBIGUOUS, progress=progress)
    assert search.verdict is Verdict.MULTIPLE
    assert 1 <= len(search.edits) <= MAX_EDITS
    assert seen and all(0 < f <= 1 for f in seen)
    for edit in search.edits:
        edited = edit.apply(AMBIGUOUS)
        assert int((edited != AMBIGUOUS).sum()) == 1
        assert edited[edit.row, edit.col] == edit.value
        result = solve(Puzzle.from_grid(edited))
        assert result.verdict.is_unique
        assert (result.solution == edited).all()
        assert edit.describe().startswith(("fill row", "empty row"))


def test_uniqueness_edits_try_the_ambiguous_cells_first() -> None:
    # The first cell tried lies where line logic is stuck; so does the first edit found here.
    stuck = stuck_region(Puzzle.from_grid(AMBIGUOUS), ()).logic_stuck
    search = uniqueness_edits(AMBIGUOUS, max_edits=1)
    edit = search.edits[0]
    assert stuck[edit.row, edit.col]
    assert search.tried <= int(stuck.sum())


def test_a_unique_picture_needs_no_uniqueness_edit() -> None:
    picture = solve(PROBE_PUZZLE).solution
    search = uniqueness_edits(picture)
    assert search.verdict is Verdict.UNIQUE_SEARCH and search.edits == []


def test_line_solvable_edits_make_line_logic_finish() -> None:
    picture = solve(PROBE_PUZZLE).solution
    search = line_solvable_edits(picture, max_edits=3)
    assert search.verdict is Verdict.UNIQUE_SEARCH
    assert 1 <= len(search.edits) <= 3
    for edit in search.edits:
        edited = edit.apply(picture)
        puzzle = Puzzle.from_grid(edited)
        assert line_solves(puzzle)
        assert solve(puzzle).verdict is Verdict.UNIQUE_LINE
        assert edit.verdict is Verdict.UNIQUE_LINE


def test_a_line_solvable_picture_needs_no_edit() -> None:
    picture = np.array([[FILLED, FILLED], [FILLED, CROSSED]], dtype=np.int8)
    assert line_solvable_edits(picture).edits == []


def test_the_time_limit_and_should_stop_end_the_search() -> None:
    search = uniqueness_edits(AMBIGUOUS, time_limit=0.0)
    assert search.stopped and not search.complete and search.edits == []
    picture = solve(PROBE_PUZZLE).solution
    reported: list[float] = []

    def stop() -> bool:  # stop once the search has tried its first candidate
        return bool(reported)

    search = line_solvable_edits(
        picture, should_stop=stop, progress=lambda fraction, _message: reported.append(fraction)
    )
    assert search.stopped and 0 < search.tried < search.candidates


def test_candidates_start_in_the_region_then_by_distance() -> None:
    region = np.zeros((3, 4), dtype=bool)
    region[1, 1] = True
    cells = candidate_cells(region)
    assert cells[0] == (1, 1)
    assert set(cells[1:5]) == {(0, 1), (1, 0), (1, 2), (2, 1)}
    assert len(cells) == 12 and len(set(cells)) == 12
    assert candidate_cells(np.zeros((2, 2), dtype=bool)) == []


def test_empty_rule_set_region_matches_unknown_cells() -> None:
    region = stuck_region(Puzzle(((1,), (1,)), ((1,), (1,))), RuleSet("none", ()).rules)
    assert (region.logic_grid == UNKNOWN).all()


def test_find_edits_asks_for_uniqueness_first_then_line_solvability() -> None:
    ambiguous = find_edits(AMBIGUOUS)
    assert ambiguous.verdict is Verdict.MULTIPLE and ambiguous.edits
    assert all(
        solve(Puzzle.from_grid(e.apply(AMBIGUOUS))).verdict.is_unique for e in ambiguous.edits
    )
    # A unique picture that needs search gets line-solvability edits instead.
    picture = solve(PROBE_PUZZLE).solution
    search = find_edits(picture)
    assert search.verdict is Verdict.UNIQUE_SEARCH and search.edits
    assert all(e.verdict is Verdict.UNIQUE_LINE for e in search.edits)
    # A line-solvable picture needs no edit and no second search.
    done = find_edits(np.array([[FILLED, FILLED], [FILLED, CROSSED]], dtype=np.int8))
    assert done.verdict is Verdict.UNIQUE_LINE and done.edits == []


def test_check_design_without_a_picture_gives_the_region_only() -> None:
    findings = check_design(PROBE_PUZZLE, CONTROL.rules, None)
    assert findings.search is None and findings.edits == []
    expected = stuck_region(PROBE_PUZZLE, CONTROL.rules)
    assert (findings.region.rules_grid == expected.rules_grid).all()
    assert findings.summary().endswith("Draw the picture to get suggested edits.")


def test_check_design_with_a_picture_reports_its_edits() -> None:
    findings = check_design(Puzzle.from_grid(AMBIGUOUS), (), AMBIGUOUS)
    assert findings.search is not None and findings.edits == findings.search.edits
    assert f"{len(findings.edits)} single-cell edits make it unique" in findings.summary()


def _region(rules_left: int, logic_left: int) -> StuckRegion:
    rules = np.full((1, 10), FILLED, dtype=np.int8)
    rules[0, :rules_left] = UNKNOWN
    logic = np.full((1, 10), FILLED, dtype=np.int8)
    logic[0, :logic_left] = UNKNOWN
    return StuckRegion(rules, logic)


def test_summary_text_says_where_solving_gets_stuck_and_what_edits_do() -> None:
    # Typed clues line logic finishes need no edit: no "Draw the picture to get suggested
    # edits" (an edit is looked for only to make a puzzle unique or line-solvable).
    assert summary_text(_region(0, 0), None) == (
        "The rules alone decide every cell in their own order, line by line (the grade's "
        "easiest-first order can take steps beyond them). The puzzle is unique and "
        "line-solvable: no edit needed."
    )
    assert summary_text(_region(4, 0), None) == (
        "The rules get stuck with 4 cells undecided (shaded); line logic then finishes. The "
        "puzzle is unique and line-solvable: no edit needed."
    )
    assert summary_text(_region(4, 2), None).endswith("Draw the picture to get suggested edits.")
    assert "line logic then leaves 2 (hatched)." in summary_text(_region(4, 2), None)
    one = Edit(0, 0, FILLED, Verdict.UNIQUE_LINE)
    assert summary_text(_region(1, 0), None).startswith(
        "The rules get stuck with 1 cell undecided (shaded)"
    )  # was "1 cell(s)"
    texts = [
        (
            EditSearch(Verdict.MULTIPLE, [one, one]),
            "2 single-cell edits make it unique (numbered on the grid).",
        ),
        (
            EditSearch(Verdict.MULTIPLE, [one]),
            "1 single-cell edit makes it unique (numbered on the grid).",
        ),
        (EditSearch(Verdict.UNIQUE_SEARCH), "No single-cell edit makes it line-solvable."),
        (
            EditSearch(Verdict.MULTIPLE, stopped=True),
            "No single-cell edit makes it unique within the time limit.",
        ),
        (
            EditSearch(Verdict.UNIQUE_LINE),
            "The puzzle is unique and line-solvable: no edit needed.",
        ),
        (EditSearch(Verdict.NO_SOLUTION), "No picture fits the clues."),
        (EditSearch(Verdict.UNDECIDED), "The solver could not decide the puzzle in time."),
    ]
    for search, text in texts:
        assert summary_text(_region(0, 0), search).endswith(f"beyond them). {text}")


def test_summary_text_groups_the_digits_of_its_counts() -> None:
    # A 200x200 design said "stuck with 40000 cells ... then leaves 39000" where the Check
    # panel says "1,000,000": one way of writing counts.
    rules = np.full((200, 200), UNKNOWN, dtype=np.int8)
    logic = rules.copy()
    logic[:5] = FILLED
    said = summary_text(StuckRegion(rules, logic), None)
    assert said.startswith(
        "The rules get stuck with 40,000 cells undecided (shaded); line logic then leaves "
        "39,000 (hatched)."
    )


def test_the_rules_part_says_its_progress_and_stops_when_asked() -> None:
    # On a 200x200 puzzle (nonograms.org Gargantua) the rules ran 230 s telling nothing and
    # deaf to should_stop: the panel said "Checking…" all along (Clear had the process killed).
    from nonostudio.core.formats import read_file
    from nonostudio.core.paths import samples_dir

    puzzle = read_file(samples_dir() / "jwilk-120-bubble-cat.non")
    said: list[tuple[float, str]] = []
    region = stuck_region(
        puzzle,
        load_rule_set("learned").rules,
        progress=lambda f, m: said.append((f, m)),
        should_stop=lambda: len(said) >= 3,
    )
    assert len(said) == 3
    assert all(m.startswith("following the rules: step ") for _, m in said)
    assert 0 < said[-1][0] < 1
    assert region.rules_stuck.sum() > 0.5 * puzzle.width * puzzle.height  # stopped early


def test_edits_found_before_the_search_stopped_are_at_least_that_many() -> None:
    # The search stops at its count of edits: "5 single-cell edits make it unique" read as if
    # there were exactly five.  Here every cell is tried, then the search stops at the first.
    every = uniqueness_edits(AMBIGUOUS, max_edits=AMBIGUOUS.size)
    assert every.looked_at_all and len(every.edits) > 1
    first = uniqueness_edits(AMBIGUOUS, max_edits=1)
    assert len(first.edits) == 1 and not first.looked_at_all
    region = stuck_region(Puzzle.from_grid(AMBIGUOUS), ())
    assert summary_text(region, first).endswith(
        "At least 1 single-cell edit makes it unique (numbered on the grid): the search "
        "stopped at the first 1."
    )
    said = summary_text(region, every)
    assert f"{len(every.edits)} single-cell edits make it unique" in said
    assert "At least" not in said
    timed = EditSearch(Verdict.MULTIPLE, every.edits[:2], candidates=25, tried=9, stopped=True)
    assert summary_text(region, timed).endswith("the search stopped at the time limit.")


def test_the_rules_stop_at_the_time_limit_and_the_words_say_so() -> None:
    # On 200x200 Gargantua the rules ran ~230 s with no limit (the colour checks have 10 s);
    # stopped, the words say what they had decided so far, not where they "get stuck".
    stopped = check_design(PROBE_PUZZLE, CONTROL.rules, None, time_limit=0.0)
    assert stopped.region.stopped and stopped.region.rules_stuck.all()
    assert stopped.summary().startswith(
        "The rules were stopped at their time limit with 25 cells undecided so far"
    )
    whole = check_design(PROBE_PUZZLE, CONTROL.rules, None, time_limit=None)
    assert not whole.region.stopped
    assert whole.summary().startswith("The rules get stuck with")


def test_the_rules_deciding_every_cell_and_the_grade_steps_beyond_them_say_which_order() -> None:
    # The Designer Checks said "The rules alone decide every cell" and the Difficulty panel "it
    # also takes three steps beyond the rules" for the same unique puzzle: both true, the rules
    # worked line by line in their own order and the grade's easiest step first.
    from nonostudio.analysis.grades.difficulty import grade
    from nonostudio.core.formats import read_file
    from nonostudio.core.paths import samples_dir

    puzzle = read_file(samples_dir() / "webpbn-26167-bloop-bloop.non")
    rules = load_rule_set("learned")
    region = stuck_region(puzzle, rules.rules)
    graded = grade(puzzle, rules)
    assert not region.rules_stuck.any() and graded.features.line_steps > 0
    assert "decide every cell in their own order, line by line" in summary_text(region, None)
    assert "steps beyond the rules in easiest-first order" in graded.explanation
