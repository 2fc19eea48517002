"""The library "for you": the puzzles at the player's next step (or the tier before) with their
predicted time beside the generic grade, and "Suggest my next puzzle" opening the first."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES
from nonostudio.analysis.tutor.mastery import mastery, outcomes_of, step_tier
from nonostudio.analysis.tutor.recommend import Candidate
from nonostudio.analysis.tutor.step_words import learning_at_step, step_words
from nonostudio.core.library import Library
from nonostudio.core.library.profiles import ProfileEvent
from nonostudio.core.puzzle import Puzzle, new_grid
from nonostudio.core.samples import sample_puzzles
from nonostudio.gui.tutor.for_you import ForYouPanel


def _mastered(*techniques: str) -> list[ProfileEvent]:
    return [
        ProfileEvent("drill", "mark", t, 1.0, 1.0, f"{t}{k}", k)
        for t in techniques
        for k in range(10)
    ]


@pytest.fixture
def panel(qtbot, tmp_path: Path):
    path = tmp_path / "library.sqlite"
    library = Library(path)
    ids = {name: library.add(p, name) for name, p in sample_puzzles(max_side=15)}
    p = ForYouPanel(library, path, lambda: "Ada")
    p.store.ensure("Ada")
    p.ids = ids  # type: ignore[attr-defined]
    qtbot.addWidget(p)
    p.show()
    yield p
    p.shutdown()
    assert QThreadPool.globalInstance().waitForDone(10000)
    library.close()


def _suggest(qtbot, panel: ForYouPanel) -> int:
    with qtbot.waitSignal(panel.openRequested, timeout=30000) as opened:
        qtbot.mouseClick(panel.suggest_button, Qt.MouseButton.LeftButton)
    return int(opened.args[0])


def test_suggest_opens_the_puzzle_at_the_next_step(qtbot, panel: ForYouPanel) -> None:
    # tiers 0 and 1 mastered: the next step is tier 2 (punctuate, glue, matching); of the two
    # small samples whose hardest technique is of tier 2, the dancer (33 steps) is the fewer.
    panel.store.record(
        "Ada", _mastered("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces")
    )
    assert _suggest(qtbot, panel) == panel.ids["webpbn-00001-dancer.non"]  # type: ignore[attr-defined]
    shown = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    # tier 2 first, then tier 1 (the soups); tier 3 (mercury) and beyond are not "for you"
    assert len(shown) == 3 and "tier 2" in panel.table.item(0, 1).text()
    assert panel.table.item(2, 1).text().startswith("practice at your level")
    assert "Your time appears once you have solved by hand" in panel.label.text()


def test_the_step_is_said_by_its_techniques(qtbot, panel: ForYouPanel) -> None:
    """ "at tier 2 (your next step)" told the player nothing of what tier 2 is: the words name
    the techniques of the step they are learning, by their catalogue names (a mastered one of
    the tier, Finished block here, is not named: it is learnt)."""
    panel.store.record(
        "Ada",
        _mastered("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces")
        + _mastered("punctuate"),
    )
    wrong = [ProfileEvent("drill", "mark", "glue", 0.0, 1.0, f"g{k}", 100 + k) for k in range(10)]
    panel.store.record("Ada", wrong)  # (tier 2 not known yet: the step stays there)
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    text = panel.label.text()
    assert text.startswith(
        "3 puzzles for Ada at your next step (tier 2: Edges and walls, Matching blocks to "
        "clues) or tier 1."
    ), text


@pytest.mark.parametrize(
    "known",
    [
        (),
        ("empty_line", "line_complete"),
        ("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces", "punctuate"),
        tuple(t.id for t in ALL_TECHNIQUES),
    ],
)
def test_step_words_name_the_steps_techniques_not_yet_mastered(known: tuple[str, ...]) -> None:
    """The words against the catalogue: every technique named is of the step's tier and not
    mastered, and every such technique is named (all of the tier when each is mastered)."""
    levels = mastery(outcomes_of(_mastered(*known)))
    step = step_tier(levels)
    said = step_words(levels)
    tier = [t for t in ALL_TECHNIQUES if t.tier == step]
    if not tier:
        assert said == f"past tier {step - 1}: every tier known"
        return
    learning = [t for t in tier if not (t.id in levels and levels[t.id].mastered)] or tier
    assert said == f"tier {step}: " + ", ".join(t.name for t in learning)
    assert learning_at_step(levels) == [t.id for t in learning]


def test_predicted_time_from_the_players_moves(qtbot, panel: ForYouPanel) -> None:
    panel.store.record("Ada", _mastered("empty_line", "line_complete"))
    # every timed move (of tier 0, known) took 2 s: the model predicts 2 s a step; the next
    # step is tier 1, of which the library has the soups (22 steps)
    panel.store.record(
        "Ada",
        [ProfileEvent("solve", "move", "empty_line", 1.0, 2.0, "x", 100 + k) for k in range(5)],
    )
    assert _suggest(qtbot, panel) == panel.ids["number-loom-soups-on.non"]  # type: ignore[attr-defined]
    assert panel.table.rowCount() == 1
    assert panel.table.item(0, 2).text() == "0:44"


def test_nothing_at_the_step_offers_the_tier_above(qtbot, panel: ForYouPanel) -> None:
    # tiers 0-4 mastered: the step is tier 5; the samples' hardest are tiers 1, 2, 3 and 6
    every = ("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces", "punctuate")
    panel.store.record(
        "Ada", _mastered(*every, "glue", "matching", "joining_splitting", "mercury", "arrangement")
    )
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    whys = [panel.table.item(r, 1).text() for r in range(panel.table.rowCount())]
    assert whys == ["one step up: Contradiction (tier 6)"], whys
    text = panel.label.text()
    assert text.startswith(
        "Nothing in the library at your step (tier 5: All arrangements agree) or the one "
        "before, so 1 puzzle one "
        "step up, at tier 6."
    ), text
    # without them, nothing at all: it says so
    for s in panel.suggestions:
        panel.library.remove(int(s.candidate.key))
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    assert panel.table.rowCount() == 0
    text = panel.label.text()
    assert text.startswith(
        "Nothing in the library at or above your step (tier 5: All arrangements agree), nor at"
    ), text


def test_a_library_in_memory_is_read_on_its_own_thread(qtbot, tmp_path: Path) -> None:
    # the studio's fallback library lives in memory: its one connection is the GUI thread's
    library = Library(":memory:")
    ids = {name: library.add(p, name) for name, p in sample_puzzles(max_side=15)}
    panel = ForYouPanel(library, tmp_path / "profiles.sqlite", lambda: "Ada")
    qtbot.addWidget(panel)
    panel.store.ensure("Ada")
    panel.store.record("Ada", _mastered("empty_line", "line_complete"))
    try:
        assert _suggest(qtbot, panel) == ids["number-loom-soups-on.non"]
    finally:
        panel.shutdown()
        assert QThreadPool.globalInstance().waitForDone(10000)
        library.close()


def test_a_new_player_is_offered_the_puzzles_one_step_up(qtbot, panel: ForYouPanel) -> None:
    # no events: the step is tier 0, and no sample is that easy (empty and complete lines
    # only); the Beginner puzzles one step up (tier 1: the soups) are offered and said to be
    # above the step; there is no tier before tier 0 to speak of ("or the one before", "or -1")
    assert _suggest(qtbot, panel) == panel.ids["number-loom-soups-on.non"]  # type: ignore[attr-defined]
    assert panel.table.rowCount() == 1
    assert panel.table.item(0, 1).text() == "one step up: Overlap (tier 1)"
    text = panel.label.text()
    assert text.startswith(
        "Nothing in the library at your step (tier 0: Empty line, Line complete), so 1 puzzle "
        "one step up, at tier 1."
    ), text
    assert "before" not in text and "-1" not in text and "to practise" not in text
    # the profile moves on (tier 0 learnt by drills): the list follows it, graded no more; it
    # stayed "Nothing in the library at your step (tier 0: …)" beside the Practice tab's
    # "next step: tier 1" (seen under Xvfb after a drill answered)
    panel.store.record("Ada", _mastered("empty_line", "line_complete"))
    panel.profile_moved()
    assert not panel.is_busy()
    assert panel.label.text().startswith("1 puzzle for Ada at your next step (tier 1: Overlap")
    assert panel.table.item(0, 1).text() != "one step up: Overlap (tier 1)"
    panel.hide()  # hidden, it lists when shown again
    panel.store.record("Ada", _mastered("overlap", "small_gap", "simple_spaces"))
    panel.profile_moved()
    assert panel.label.text().startswith("1 puzzle for Ada at your next step (tier 1")
    panel.show()
    assert "tier 2" in panel.label.text()


def test_a_tier_0_puzzle_is_offered_at_tier_0_alone(qtbot, panel: ForYouPanel) -> None:
    blank = Puzzle(((), ()), ((), ()), title="Blank")  # empty lines only: tier 0
    panel.library.add(blank, "blank.non")
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    assert [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())] == ["Blank"]
    text = panel.label.text()
    assert text.startswith(
        "1 puzzle for Ada at your next step (tier 0: Empty line, Line complete)."
    ), text
    assert "-1" not in text


def test_the_nearest_tier_above_further_than_one_step_is_named_so(
    qtbot, panel: ForYouPanel
) -> None:
    # tiers 0-2 known: the step is tier 3; with its puzzles (mercury) and those of tier 2 gone,
    # the nearest tier above with puzzles is 6, three steps up ("so 1 puzzle the nearest
    # tier above it with puzzles, at tier 6" read as no sentence)
    panel.store.record(
        "Ada",
        _mastered(
            *("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces"),
            *("punctuate", "glue", "matching"),
        ),
    )
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    for s in panel.suggestions:
        panel.library.remove(int(s.candidate.key))
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    whys = [panel.table.item(r, 1).text() for r in range(panel.table.rowCount())]
    assert whys == ["the nearest tier above your step: Contradiction (tier 6)"], whys
    text = panel.label.text()
    assert text.startswith(
        "Nothing in the library at your step (tier 3: Joining and splitting, Reach of a box) "
        "or the one before, so 1 puzzle from "
        "tier 6, the nearest tier above it with puzzles. Practise What I need"
    ), text


def test_the_chosen_suggestion_is_said_in_words_that_fit_a_narrow_dock(qtbot, panel) -> None:
    """At 1024x600 the For You dock is 163 px wide: the table showed "one step up: O" and left
    Your time and Grade behind a sideways scroll.  Under it, the chosen row (the first until
    one is chosen) is said whole, wrapped to the panel's width.  (Graded here by hand, not by
    the worker process: two candidates of tier 1, the step of a new player being tier 0.)"""
    entries = {e.id: e for e in panel.library.entries() if not e.is_colour}
    first, second = sorted(entries)[:2]
    panel._current = entries
    for id, steps in ((first, 3), (second, 5)):
        candidate = Candidate(str(id), "overlap", {"overlap": steps})
        panel._graded[(id, entries[id].modified)] = candidate
    panel.resize(163, 500)
    panel._list()
    assert panel.table.rowCount() == 2
    said = panel.detail.text()
    title = panel.table.item(0, 0).text()
    assert said.startswith(f"{title} \u2014 one step up: Overlap (tier 1).")
    assert panel.detail.isVisible() and panel.detail.wordWrap()
    assert panel.detail.width() <= panel.width()
    panel.table.setCurrentCell(1, 0)
    assert panel.detail.text().startswith(f"{panel.table.item(1, 0).text()} \u2014 ")
    grade = panel.table.item(1, 3).text()
    assert (f"Grade: {grade}." in panel.detail.text()) == (grade != "\u2014")


def test_which_puzzle_is_graded_is_said_under_the_bar_where_it_wraps(qtbot, panel) -> None:
    """On the bar, "87% grading Forever" was cut at the 163 px dock of 1024x600: the bar now
    shows how far, and the wrapped words under it which puzzle."""
    panel.resize(163, 500)
    panel._grading = "Grading 12 puzzles to find the ones at your step…"
    panel.bar.show()
    panel._progress(0.87, "grading Forever")
    assert panel.bar.text() == "87%"
    assert panel.label.text() == f"{panel._grading} (grading Forever)"
    assert panel.label.wordWrap() and panel.label.width() <= panel.width()


def test_suggest_opens_a_puzzle_not_solved_yet(qtbot, panel: ForYouPanel) -> None:
    """Seen under Xvfb at 1024x600: Suggest my next puzzle opened Soup's on!, solved by hand a
    moment before.  A puzzle solved by hand is listed last, marked solved, and Suggest opens the
    first one not solved; when every one is, it says so and opens none."""
    library, ids = panel.library, panel.ids  # type: ignore[attr-defined]
    dancer = ids["webpbn-00001-dancer.non"]
    panel.store.record(
        "Ada", _mastered("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces")
    )

    def solve(id: int) -> None:  # (the kept flag is what counts, not the cells)
        puzzle = library.get(id)
        library.save_hand_progress(id, new_grid(puzzle.height, puzzle.width), 60.0, solved=True)

    solve(dancer)
    opened = _suggest(qtbot, panel)
    assert opened != dancer and opened in ids.values()
    last = panel.table.rowCount() - 1
    assert panel.table.item(last, 0).text() == library.entry(dancer).title
    assert panel.table.item(last, 1).text().endswith("(solved)")
    for id in ids.values():
        if id != dancer:
            solve(id)
    with qtbot.assertNotEmitted(panel.openRequested, wait=200):
        qtbot.mouseClick(panel.suggest_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "You have solved every one" in panel.label.text(), timeout=5000)
