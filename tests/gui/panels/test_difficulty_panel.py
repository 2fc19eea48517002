"""The difficulty report: background grading with debounce and cancel, charts painted from the
palette, and the library's cached difficulty column (schema migration, sorting)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from pictures import HOUSE, picture
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.difficulty import LABELS, TIER_TEXT, Grade
from nonostudio.core import library as library_module
from nonostudio.core.formats import read_file
from nonostudio.core.library import Library
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.theme import apply_theme
from nonostudio.gui.common.workers import Worker
from nonostudio.gui.library.model import DIFFICULTY, LibraryFilterModel, LibraryModel
from nonostudio.gui.panels.difficulty import DifficultyPanel
from nonostudio.gui.panels.difficulty_charts import MAX_RULE_BARS, RuleUsageChart
from nonostudio.rules.ruleset import RuleSet

# Two diagonals fit the clues 1/1 x 1/1: no reasoning can finish it.
AMBIGUOUS = Puzzle(((1,), (1,)), ((1,), (1,)))
SAMPLES = Path(__file__).resolve().parents[3] / "nonostudio" / "_resources" / "samples"

# The ``started_workers`` fixture (``conftest.py``).
StartedWorkers = Callable[[str], list[Worker]]


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[DifficultyPanel]:
    widget = DifficultyPanel(delay_ms=10)
    qtbot.addWidget(widget)
    widget.resize(320, 480)
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def graded(qtbot: QtBot, panel: DifficultyPanel, puzzle: Puzzle) -> Grade:
    with qtbot.waitSignal(panel.gradeReady, timeout=20000) as blocker:
        panel.set_puzzle(puzzle)
    return blocker.args[0]


def test_line_solvable_puzzle_report(qtbot: QtBot, panel: DifficultyPanel) -> None:
    result = graded(qtbot, panel, HOUSE)
    # Line logic solves the house, so no probing or search is needed: a line technique's tier
    # (at most 5), a unique label.
    assert result.tier <= 5 and result.label in LABELS
    assert result.rule_set == DEFAULT_RULE_SET == panel.rule_set_combo.currentText()
    assert panel.label.text() == result.label
    assert panel.tier_label.text().startswith(f"Tier {result.tier}: {TIER_TEXT[result.tier]}.")
    assert result.hardest_technique is not None and result.trace is not None
    assert f"Hardest technique: {BY_ID[result.hardest_technique].name}." in panel.tier_label.text()
    assert panel.explanation_label.text() == result.explanation
    assert not panel.is_busy() and panel.busy.isHidden()
    steps = panel.steps_chart.steps()
    # Every cell of a solved puzzle is decided by exactly one step.
    assert len(steps) == len(result.trace.steps) and sum(n for n, _ in steps) == 25
    assert sum(result.features.uses.values()) == sum(1 for _, rule in steps if rule)
    uses = result.features.techniques  # the chart shows the techniques, by name
    assert sum(uses.values()) == len(steps)
    bars = panel.usage_chart.bars()
    assert {name for name, _ in bars} <= {BY_ID[t].name for t in uses}
    assert len(bars) == min(MAX_RULE_BARS, len(uses))
    # The longest bars are drawn, longest first.
    assert [n for _, n in bars] == sorted(uses.values(), reverse=True)[: len(bars)]


def test_the_steps_chart_says_what_its_bars_are(qtbot: QtBot, panel: DifficultyPanel) -> None:
    """Its grey bars, steps beyond the rules, were told only by a tooltip (seen under Xvfb:
    the face with a two-way diagonal, four grey bars at the end); the words under it say both
    colours with their counts, read here from the grade's own steps."""
    result = graded(qtbot, panel, HOUSE)
    assert result.trace is not None
    steps = len(result.trace.steps)
    assert all(s.kind == "rule" for s in result.trace.steps)
    assert panel.steps_note.text() == f"{steps} steps, all by the rules."
    edge = read_file(str(SAMPLES / "webpbn-00023-edge.non"))
    result = graded(qtbot, panel, edge)
    assert result.trace is not None
    kinds = [s.kind for s in result.trace.steps]
    beyond = sum(1 for kind in kinds if kind != "rule")
    assert beyond > 0
    assert panel.steps_note.text() == (
        f"{len(kinds)} steps: {len(kinds) - beyond} by the rules (coloured bars), {beyond} beyond "
        "them (grey bars: line logic, probes or search)."
    )
    panel.set_puzzle(None)
    assert panel.steps_note.text() == ""


def test_ambiguous_puzzle_is_tier_eight_not_unique(qtbot: QtBot, panel: DifficultyPanel) -> None:
    result = graded(qtbot, panel, AMBIGUOUS)
    assert result.tier == 8 and result.hardest_technique == "search"
    assert panel.label.text() == "Not unique"
    assert "Several pictures fit these clues" in panel.explanation_label.text()
    # Nothing says a search (or any technique) solves it: reasoning decides nothing here.
    assert "none of its cells" in panel.explanation_label.text()
    assert "Search" not in panel.tier_label.text() + panel.explanation_label.text()
    assert panel.usage_chart.bars() == [] and panel.steps_chart.steps() == []


# A full top row, an empty row, two lines of one box each below: the first two rows and the
# two right-hand columns are decided by reasoning (12 cells); the 2x2 at the bottom left holds
# either diagonal.
PARTLY_AMBIGUOUS = Puzzle.from_grid(picture("####", "....", "#...", ".#.."))


def test_not_unique_words_say_where_reasoning_stops(qtbot: QtBot, panel: DifficultyPanel) -> None:
    result = graded(qtbot, panel, PARTLY_AMBIGUOUS)
    assert panel.label.text() == "Not unique"
    words = panel.tier_label.text() + " " + panel.explanation_label.text()
    assert "12 of its 16 cells, then stops" in words
    # No tier 8, no "Hardest technique: Search", no search among the techniques listed.
    assert "Tier" not in words and "Hardest technique" not in words and "Search" not in words
    assert result.trace is not None and any(s.kind == "search" for s in result.trace.steps)
    names = {name for name, _ in panel.usage_chart.bars()}
    assert names and BY_ID["search"].name not in names
    assert panel.usage_heading.text() == "Techniques used before reasoning stops"
    assert sum(n for n, _ in panel.steps_chart.steps()) == 12
    # A unique puzzle afterwards has its plain heading back.
    graded(qtbot, panel, HOUSE)
    assert panel.usage_heading.text() == "Techniques used"


def test_a_blank_border_keeps_the_grade(qtbot: QtBot, panel: DifficultyPanel) -> None:
    plain = graded(qtbot, panel, HOUSE)
    grid = np.zeros((9, 9), dtype=np.int8)
    grid[2:7, 2:7] = picture("..#..", ".###.", "#####", "#...#", "#.###")
    bordered = graded(qtbot, panel, Puzzle.from_grid(grid))
    assert (bordered.tier, bordered.score, bordered.label) == (plain.tier, plain.score, plain.label)
    assert bordered.features.margins == (2, 2, 2, 2)
    assert panel.label.text() == plain.label


def test_newer_puzzle_replaces_pending_grade(
    qtbot: QtBot, panel: DifficultyPanel, started_workers: StartedWorkers
) -> None:
    workers = started_workers("nonostudio.gui.panels.grading")
    seen: list[Grade] = []
    panel.gradeReady.connect(seen.append)
    panel.set_puzzle(AMBIGUOUS)
    assert panel.is_busy() and panel.label.text() == "Grading\u2026"
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        panel.set_puzzle(HOUSE)
    qtbot.waitUntil(lambda: all(w.is_delivered() for w in workers), timeout=5000)
    assert len(workers) == 1  # the pending grade was replaced before it started
    assert len(seen) == 1 and seen[0].features.cells == 25


def test_running_grade_is_cancelled_by_a_newer_puzzle(
    qtbot: QtBot,
    panel: DifficultyPanel,
    monkeypatch: pytest.MonkeyPatch,
    started_workers: StartedWorkers,
) -> None:
    import threading

    from nonostudio.analysis.grades import difficulty

    running, stopped = threading.Event(), threading.Event()

    def slow_grade(
        puzzle: Puzzle,
        rule_set: RuleSet,
        *,
        should_stop: StopCallback,
        time_limit: float,
        memory_budget: int | None = None,
    ) -> Grade:
        if puzzle is AMBIGUOUS:
            running.set()
            while not should_stop():
                threading.Event().wait(0.005)
            stopped.set()
        return difficulty.grade(puzzle, rule_set, should_stop=should_stop, time_limit=time_limit)

    monkeypatch.setattr("nonostudio.gui.panels.panel_jobs.grade", slow_grade)
    workers = started_workers("nonostudio.gui.panels.grading")
    seen: list[Grade] = []
    panel.gradeReady.connect(seen.append)
    panel.set_puzzle(AMBIGUOUS)
    qtbot.waitUntil(running.is_set, timeout=5000)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        panel.set_puzzle(HOUSE)
    assert stopped.wait(5)
    qtbot.waitUntil(lambda: all(w.is_delivered() for w in workers), timeout=5000)
    assert len(workers) == 2 and workers[0].is_cancelled()
    assert [g.features.cells for g in seen] == [25]


def test_metadata_change_does_not_regrade(qtbot: QtBot, panel: DifficultyPanel) -> None:
    graded(qtbot, panel, HOUSE)
    panel.set_puzzle(HOUSE.with_meta(title="Renamed"))
    assert not panel.is_busy() and panel.result() is not None


def test_no_puzzle_shows_a_message(panel: DifficultyPanel) -> None:
    """What the panel gets while the typed clues are invalid (the editor's ``puzzleChanged``)."""
    panel.set_puzzle(None)
    assert panel.label.text() == "No puzzle to grade"
    assert not panel.is_busy()


def test_unknown_rule_set_is_reported_not_raised(panel: DifficultyPanel) -> None:
    panel.set_rule_set("no-such-rules")
    assert panel.label.text() == "Cannot grade"
    assert "no-such-rules" in panel.explanation_label.text()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_usage_bars_are_painted_in_the_highlight_colour(
    qtbot: QtBot, qapp: QApplication, theme: str
) -> None:
    apply_theme(qapp, theme)
    try:
        chart = RuleUsageChart()
        qtbot.addWidget(chart)
        chart.set_usage({"a": 4, "b": 1}, {"a": "Alpha", "b": "Beta"})
        chart.resize(300, chart.sizeHint().height())
        image = chart.grab().toImage()
        highlight = chart.palette().color(QPalette.ColorRole.Highlight)
        row = chart.fontMetrics().height() // 2 + 2
        colours = {image.pixelColor(x, row).rgb() for x in range(image.width())}
        assert highlight.rgb() in colours

        # The longer bar ends further right than the shorter one.
        def bar_end(y: int) -> int:
            return max(
                x for x in range(image.width()) if image.pixelColor(x, y).rgb() == highlight.rgb()
            )

        second = row + chart.fontMetrics().height() + 4
        assert bar_end(row) > bar_end(second)
    finally:
        apply_theme(qapp, "system")


# --- the library's difficulty column ---------------------------------------------------------


def test_schema_1_library_gains_an_empty_difficulty_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    library_module.MIGRATIONS[0](conn)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO puzzles (title, author, width, height, source, licence, verdict, data, "
        "created, modified) VALUES ('old', '', 2, 2, '', '', 'unique', ?, 'now', 'now')",
        (library_module.puzzle_to_json(HOUSE),),
    )
    conn.commit()
    conn.close()
    with Library(path) as lib:
        (entry,) = lib.entries()
        assert (entry.title, entry.verdict, entry.difficulty) == ("old", "unique", "")
        lib.set_difficulty(entry.id, "Hard")
        assert lib.entries()[0].difficulty == "Hard"
        lib.update(entry.id, Puzzle(HOUSE.rows, HOUSE.cols, title="renamed"))
        assert lib.entries()[0].difficulty == "Hard"  # the same clues: the label still holds
        lib.update(entry.id, Puzzle.from_grid([[1, 0], [0, 1]]))
        assert lib.entries()[0].difficulty == ""  # new clues: the cached label no longer holds


def test_difficulty_column_sorts_by_level(
    qtmodeltester: ModelTester, small_library: Library
) -> None:
    ids = [e.id for e in small_library.entries()]
    for id, label in zip(ids, ("Hard", "Beginner", "Not unique"), strict=True):
        small_library.set_difficulty(id, label)
    extra = small_library.add(HOUSE)  # never graded: sorts last
    model = LibraryModel(small_library)
    qtmodeltester.check(model)
    assert model.headerData(DIFFICULTY, Qt.Orientation.Horizontal) == "Difficulty"
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    proxy.sort(DIFFICULTY, Qt.SortOrder.AscendingOrder)
    shown = [proxy.index(r, DIFFICULTY).data() for r in range(proxy.rowCount())]
    assert shown == ["Beginner", "Hard", "Not unique", ""]
    assert small_library.entries()[-1].id == extra


def test_a_puzzle_with_no_solution_is_not_graded(qtbot: QtBot, panel: DifficultyPanel) -> None:
    """Equal totals, no picture (the duck with two column clues swapped, as a typo might): no
    tier or score is shown for it, and the panel points to the Check panel."""
    from nonostudio.core.formats import read_text
    from nonostudio.core.solver import Verdict, solve

    duck = read_text("3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3")
    cols = list(duck.cols)
    cols[2], cols[4] = cols[4], cols[2]
    typo = Puzzle(duck.rows, tuple(cols))
    assert solve(typo).verdict is Verdict.NO_SOLUTION
    graded(qtbot, panel, typo)
    assert panel.label.text() == "No solution"
    shown = panel.tier_label.text() + panel.explanation_label.text()
    assert "Tier" not in shown and "Score" not in shown, shown
    assert "Not graded" in shown and "Check panel" in shown
    assert panel.usage_chart.bars() == []


def test_the_difficulty_job_hands_its_memory_share_to_the_solver(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Difficulty job is given its share of the memory budget as it starts
    (``process_child.MemoryShares``) and the grade's solver keeps to it: a share of one byte,
    and a puzzle that needs the SAT stage is Undecided with the solver's reason (the grade
    took the solver's default, half the memory available, whatever else ran)."""
    from nonostudio.gui.common import process_child

    monkeypatch.setattr(process_child.SHARES, "_budget", lambda: 1)
    monkeypatch.setattr(process_child.SHARES, "_floor", 1)
    ones = ((1,),) * 14  # every permutation matrix fits: no line logic, no probe, SAT stage
    result = graded(qtbot, panel, Puzzle(ones, ones))
    assert result.label == "Undecided" and result.trace is not None
    assert result.trace.stop_reason.startswith("too large for the complete solver")
    assert "against a memory budget of 1 b" in result.trace.stop_reason
    assert process_child.SHARES.running() == 0


def test_a_grade_the_solver_refused_claims_no_tier_and_says_why(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A grade left Undecided because the complete solver refused its formula (a share of one
    byte) says the grade is unknown and the solver's reason, as the Check panel does, and no
    tier or score: the panel said "Tier 8: search, or the puzzle is not unique... Score 88.9"
    above an explanation saying Undecided."""
    from nonostudio.gui.common import process_child

    monkeypatch.setattr(process_child.SHARES, "_budget", lambda: 1)
    monkeypatch.setattr(process_child.SHARES, "_floor", 1)
    ones = ((1,),) * 14  # every permutation matrix fits: no line logic, no probe, SAT stage
    result = graded(qtbot, panel, Puzzle(ones, ones))
    assert result.label == "Undecided" and not result.timed_out
    shown = panel.tier_label.text()
    assert "Tier" not in shown and "Score" not in shown and "tier 8" not in shown.lower(), shown
    assert shown.startswith(
        "No tier or score: the grade is unknown. Too large for the complete solver"
    )
    assert "against a memory budget of 1 byte" in shown and "1 bytes" not in shown, shown
    assert "time limit" not in shown
    assert panel.label.text() == "Undecided"


def test_a_grade_whose_whole_solve_was_refused_says_the_solvers_reason(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trace's own search ran, the grade's second uniqueness check (a whole solve) was
    refused as too large for a 1-byte budget: the trace has no stop_reason, so the panel said
    'Grading stopped before it could tell...' with no reason; it says the grade's reason now."""
    from nonostudio.analysis.grades import difficulty
    from nonostudio.analysis.grades.difficulty import GradeSettings, grade
    from nonostudio.core.solver import solve
    from nonostudio.rules.ruleset import load_rule_set

    def refused(puzzle: Puzzle, **kwargs: object) -> object:  # only the budget ends it
        return solve(puzzle, should_stop=kwargs.get("should_stop"), memory_budget=1)  # type: ignore[arg-type]

    monkeypatch.setattr(difficulty, "solve", refused)
    ones = ((1,),) * 14  # the trace's search: several solutions; asked again as over 0 s
    result = grade(
        Puzzle(ones, ones),
        load_rule_set(DEFAULT_RULE_SET),
        settings=GradeSettings(solve_time_limit=0.0),
    )
    assert result.trace is not None and result.trace.stop_reason == "" and result.reason
    panel._show_grade(result)
    shown = panel.tier_label.text()
    assert shown.startswith(
        "No tier or score: the grade is unknown. Too large for the complete solver"
    ), shown
    assert "against a memory budget of 1 byte" in shown and "Grading stopped" not in shown


def test_an_undecided_grade_without_a_reason_says_it_stopped_once(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A grade left Undecided with no reason from the solver (as every such grade was before
    ``Grade.reason``) has the explanation 'Undecided: grading stopped before it could tell...'
    below the tier line; the tier line said it again ('Grading stopped before it could tell...')
    where the colour panel says what the explanation says once (``unknown_grade_text``)."""
    from dataclasses import replace

    from nonostudio.analysis.grades import difficulty
    from nonostudio.analysis.grades.difficulty import GradeSettings, grade
    from nonostudio.core.solver import solve
    from nonostudio.rules.ruleset import load_rule_set

    def refused(puzzle: Puzzle, **kwargs: object) -> object:  # only the budget ends it
        return solve(puzzle, should_stop=kwargs.get("should_stop"), memory_budget=1)  # type: ignore[arg-type]

    monkeypatch.setattr(difficulty, "solve", refused)
    ones = ((1,),) * 14
    result = grade(
        Puzzle(ones, ones),
        load_rule_set(DEFAULT_RULE_SET),
        settings=GradeSettings(solve_time_limit=0.0),
    )
    assert result.trace is not None and result.trace.stop_reason == "" and result.reason
    result = replace(result, reason="")  # undecided, and no reason to say
    panel._show_grade(result)
    shown = panel.tier_label.text()
    assert shown == f"No tier or score: the grade is unknown. Stopped after {result.seconds:.2f} s."
    said = f"{shown} {panel.explanation_label.text()}".lower()
    assert said.count("grading stopped before it could tell") == 1, said
