"""The Practice tab with real clicks: a mark drill answered wrong then right, the spaced
repetition bringing the missed drill back, the mastery chart drawn from a profile, and the
profile chooser (create, rename, delete, export, import with a clear message on a bad file)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from nonostudio.analysis.tutor.drills import MARK, SOUND, WHICH
from nonostudio.core.library.profiles import ProfileEvent
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.samples import sample_puzzles
from nonostudio.gui.tutor.mastery_chart import ROW
from nonostudio.gui.tutor.practice_view import PracticeView


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _small() -> list:
    return sample_puzzles(max_side=15)[:4]


@pytest.fixture
def view(qtbot, tmp_path: Path):
    clock = Clock()
    v = PracticeView(tmp_path / "library.sqlite", clock=clock, puzzles=_small)
    v.clock_for_test = clock  # type: ignore[attr-defined]
    qtbot.addWidget(v)
    v.resize(1000, 700)
    v.show()
    yield v
    v.shutdown()


def _choose(view: PracticeView, tid: str) -> None:
    view.technique_box.setCurrentIndex(view.technique_box.findData(tid))


def _click(qtbot, view: PracticeView, position: int, value: int) -> None:
    button = Qt.MouseButton.LeftButton if value == FILLED else Qt.MouseButton.RightButton
    qtbot.mouseClick(view.line, button, pos=view.line.cell_rect(position).center())


def test_mark_drill_wrong_then_right_with_clicks(qtbot, view: PracticeView) -> None:
    _choose(view, "overlap")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    drill = view.drill
    assert drill is not None and drill.kind == MARK and drill.technique == "overlap"
    # the puzzle at that moment beside it, the drill's line shaded: its cells are the drill's
    assert view.context.isVisible() and drill.line.grid is not None
    assert view.context.line_cells() == drill.line.cells
    assert (view.context.grid() == drill.line.grid).all()
    expected = drill.line.expected
    decided = [p for p, (a, b) in enumerate(zip(drill.line.cells, expected, strict=True)) if a != b]
    assert decided
    # wrong: the first decided cell given the other value, the rest left open
    first = decided[0]
    other = CROSSED if expected[first] == FILLED else FILLED
    _click(qtbot, view, first, other)
    assert view.line.cells()[first] == other
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    fb = view.feedback
    assert fb is not None and not fb.correct
    assert first in fb.wrong
    assert set(decided[1:]) <= set(fb.missing)
    assert fb.explanation and fb.explanation in view.result.text()
    assert view.result.text().startswith("Not quite.")
    assert f"Wrong: cell {first + 1}." in view.result.text()
    # the missing cells said as ranges (runs of neighbours), every one of them
    runs, start = [], None
    missing = sorted(fb.missing)
    for k, p in enumerate(missing):
        start = p if start is None else start
        if k + 1 == len(missing) or missing[k + 1] != p + 1:
            runs.append(f"{start + 1}" if start == p else f"{start + 1}–{p + 1}")
            start = None
    word = "cell" if len(missing) == 1 else "cells"
    assert f"Missing: {word} {', '.join(runs)}." in view.result.text()
    assert first in view.line._wrong  # drawn red
    assert view.line._premise  # the premise's cells are outlined
    events = view.store.events(view.profile)
    assert [(e.source, e.kind, e.technique, e.score) for e in events] == [
        ("drill", "mark", "overlap", 0.0)
    ]
    # right: clear the wrong mark (click its button again), then mark every decided cell
    _click(qtbot, view, first, other)
    assert view.line.cells()[first] == UNKNOWN
    for p in decided:
        _click(qtbot, view, p, expected[p])
    assert view.line.cells() == expected
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    assert view.feedback is not None and view.feedback.correct
    assert view.result.text().startswith("Right.")
    assert "The first answer is the one recorded" in view.result.text()
    assert len(view.store.events(view.profile)) == 1  # a retry is not recorded again

    # the schedule: another drill now, the missed one back after its minute
    missed = drill.item
    view.clock_for_test.now += 30  # type: ignore[attr-defined]
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.drill is not None and view.drill.item != missed
    view.clock_for_test.now += 61  # type: ignore[attr-defined]
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.drill is not None and view.drill.item == missed


def test_clicks_do_not_change_given_cells(qtbot, view: PracticeView) -> None:
    view.line.set_line((2,), (FILLED, UNKNOWN, UNKNOWN), editable=True)
    qtbot.mouseClick(view.line, Qt.MouseButton.RightButton, pos=view.line.cell_rect(0).center())
    qtbot.mouseClick(view.line, Qt.MouseButton.LeftButton, pos=view.line.cell_rect(1).center())
    assert view.line.cells() == (FILLED, FILLED, UNKNOWN)


def test_a_long_line_fits_the_width_it_is_given(qtbot, view: PracticeView) -> None:
    # a 40-cell line in a 600 px wide drill: every cell inside the widget, none under 12 px
    view.line.set_line((3, 1), (UNKNOWN,) * 40, editable=True)
    view.line.resize(600, view.line.height())
    last = view.line.cell_rect(39)
    assert last.right() < 600 and last.width() >= 12
    assert view.line.minimumSizeHint().width() <= 600
    qtbot.mouseClick(view.line, Qt.MouseButton.LeftButton, pos=last.center())
    assert view.line.cells()[39] == FILLED


def test_mastery_chart_drawn_from_the_profile(qtbot, view: PracticeView) -> None:
    known = ("empty_line", "line_complete", "overlap", "small_gap", "simple_spaces")  # tiers 0-1
    events = [
        ProfileEvent("drill", "mark", t, 1.0, 3.0, f"{t}{k}", k) for t in known for k in range(12)
    ]
    events += [ProfileEvent("drill", "mark", "glue", 0.0, 9.0, f"g{k}", k) for k in range(12)]
    view.store.record(view.profile, events)
    view.refresh_mastery()
    chart = view.chart
    chart.resize(600, chart.minimumHeight())
    image = chart.grab().toImage()
    good, bad = chart.bar_rect("overlap"), chart.bar_rect("glue")
    track = chart._track(0).width()
    assert good.width() > 0.8 * track > bad.width() > 0
    assert image.pixelColor(good.center()).name() == "#3a9a4a"  # mastered: green
    assert image.pixelColor(bad.center()).name() == "#d08a2a"  # not mastered
    text = view.mastery_label.text()
    assert "5 of 12 techniques mastered (each takes at least three right answers)" in text
    assert text.endswith(
        "next step: tier 2, judged on whole tiers from 72 drill answers: tiers 0–1 right 60 of "
        "60; tier 2 right 0 of 12; none yet above it"
    )


def test_the_step_after_one_right_answer_says_what_it_rests_on(
    qtbot, view: PracticeView, tmp_path: Path, capsys
) -> None:
    # one right Empty line drill: the label said "0 of 12 techniques mastered; next step:
    # tier 1", read as "tier 0 is done" with Line complete (tier 0) never asked
    view.store.record(view.profile, [ProfileEvent("drill", "mark", "empty_line", 1.0, 4.0, "e", 0)])
    view.refresh_mastery()
    first, step = view.mastery_label.text().split("\n")
    assert first.startswith("Player: 1 event; 0 of 12 techniques mastered (")
    assert first.endswith("nearest: Empty line (2 more right answers)")
    assert step == (
        "next step: tier 1, judged on whole tiers from 1 drill answer: tier 0 right 1 of 1 "
        "(not yet asked: Line complete); none yet at tier 1 or above"
    )
    tip = view.chart.row_tip("empty_line")
    assert tip == "Empty line: level 0.62 from 1 event, 1 right; 2 more right in a row to master"
    assert view.chart.row_tip("line_complete").endswith("; not yet asked")
    chart = view.chart  # hovering the second row shows its tip
    at = QPoint(20, 4 + ROW + ROW // 2)
    QApplication.sendEvent(chart, QHelpEvent(QEvent.Type.ToolTip, at, chart.mapToGlobal(at)))
    assert QToolTip.text().startswith("Line complete: level 0.50 from 0 events, 0 right;")
    QToolTip.hideText()
    # the CLI's profile show ends with the same two sentences
    from nonostudio.cli import main

    library = str(tmp_path / "library.sqlite")
    assert main(["profile", "show", "--profile", "Player", "--library", library]) == 0
    shown = capsys.readouterr().out.rstrip("\n").split("\n")
    assert shown[-2:] == [first.partition("; ")[2], step]


def test_profiles_created_renamed_exported_imported_deleted(
    qtbot, view: PracticeView, tmp_path: Path, monkeypatch
) -> None:
    assert view.profile == "Player"
    monkeypatch.setattr(view, "ask_text", lambda *a, **k: "Ada")
    qtbot.mouseClick(view.new_button, Qt.MouseButton.LeftButton)
    assert view.profile == "Ada"
    view.store.record("Ada", [ProfileEvent("drill", "mark", "overlap", 1.0, 2.0, "x", 1.0)])
    monkeypatch.setattr(view, "ask_text", lambda *a, **k: "Ada L")
    qtbot.mouseClick(view.rename_button, Qt.MouseButton.LeftButton)
    assert view.profile == "Ada L" and "Ada" not in view.store.names()
    assert len(view.store.events("Ada L")) == 1
    out = tmp_path / "ada.json"
    monkeypatch.setattr(view, "ask_save_path", lambda *a: str(out))
    qtbot.mouseClick(view.export_button, Qt.MouseButton.LeftButton)
    assert json.loads(out.read_text())["events"][0]["technique"] == "overlap"
    assert view.status.text().endswith("(1 event).")  # (it said "1 events")
    asked: list[str] = []
    monkeypatch.setattr(view, "confirm", lambda question: asked.append(question) or True)
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert "Ada L" not in view.store.names()
    assert asked == ["Delete profile 'Ada L' and its 1 event?"]
    monkeypatch.setattr(view, "ask_open_path", lambda: str(out))
    qtbot.mouseClick(view.import_button, Qt.MouseButton.LeftButton)
    assert view.profile == "Ada L" and len(view.store.events("Ada L")) == 1
    assert view.status.text().endswith("(1 event).")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nonostudio-profile",\n "version": 1, "name": ')
    monkeypatch.setattr(view, "ask_open_path", lambda: str(bad))
    qtbot.mouseClick(view.import_button, Qt.MouseButton.LeftButton)
    assert view.status.text().startswith("Could not import:")
    assert "bad.json" in view.status.text() and "line 2" in view.status.text()


def test_cancel_stops_the_search(qtbot, view: PracticeView) -> None:
    _choose(view, "line_solver")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert not view.is_loading() and view.start_button.isEnabled()
    assert view.drill is None


def test_what_i_need_is_the_next_step(view: PracticeView) -> None:
    events = [
        ProfileEvent("drill", "mark", t, 1.0, 1.0, t, 0)
        for t in ("empty_line", "line_complete")
        for _ in range(10)
    ]
    view.store.record(view.profile, events)
    assert view.chosen_techniques() == ["overlap", "small_gap", "simple_spaces"]
    _choose(view, "glue")
    assert view.chosen_techniques() == ["glue"]


def test_what_i_need_asks_what_the_step_took_as_known_unasked(view: PracticeView) -> None:
    # one right Empty line answer: the step is tier 1 (judged on the whole of tier 0), and
    # What I need gave tier 1 only, so Line complete, which the step words say was never
    # asked, was never asked by it either
    view.store.record(view.profile, [ProfileEvent("drill", "mark", "empty_line", 1.0, 4.0, "e", 0)])
    assert view.chosen_techniques() == ["line_complete", "overlap", "small_gap", "simple_spaces"]


def test_long_messages_do_not_widen_the_tab(view: PracticeView) -> None:
    # seen under Xvfb at 1280x720: the search's progress text widened the window past the screen
    narrow = view.minimumSizeHint().width()
    view.progress.show()
    view.cancel_button.show()
    view._load_progress(0.5, "looking at " + "a-very-long-puzzle-file-name " * 8)
    view.prompt.setText("Mark every cell " + "this technique decides " * 12)
    view.result.setText("Not quite. " + "A true and rather long explanation. " * 10)
    assert view.minimumSizeHint().width() <= max(narrow, 700)


def test_the_choices_of_a_which_drill_wrap_and_do_not_widen_the_tab(
    qtbot, view: PracticeView
) -> None:
    """Seen under Xvfb at 1024x600: a Which technique drill's four choices on one row (Finished
    block, Joining and splitting, Matching blocks to clues, Out of reach) widened the window to
    1032 px, past the screen, and squeezed the Library dock."""
    _choose(view, "overlap")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    for _ in range(6):
        if view.drill is not None and view.drill.kind == WHICH:
            break
        view.next_drill()
    assert view.drill is not None and view.drill.kind == WHICH
    assert len(view.choice_buttons) >= 3
    widest = max(b.sizeHint().width() for b in view.choice_buttons)
    choices = view.choice_row
    assert choices.minimumSize().width() <= widest  # (on one row: their sum, 462 px)
    # given the room of one button and a half, they stand on more rows, each whole
    room = QRect(0, 0, widest * 3 // 2, choices.heightForWidth(widest * 3 // 2))
    choices.setGeometry(room)
    assert len({b.geometry().top() for b in view.choice_buttons}) > 1
    for b in view.choice_buttons:
        assert room.contains(b.geometry()) and b.width() >= b.sizeHint().width()


def test_drills_from_my_library(qtbot, view: PracticeView) -> None:
    from nonostudio.core.library import Library

    name, puzzle = sample_puzzles(max_side=15)[0]
    library = Library(view.store.path)
    library.add(puzzle.with_meta(title="My soup"), name)
    library.close()
    _choose(view, "overlap")
    view.source_box.setCurrentIndex(view.source_box.findData("library"))
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    assert view.drill is not None
    assert view.drill.line.source == "My soup"
    assert view.drill.line.source in view.where.text()


def test_no_drill_line_in_an_empty_library_says_so(qtbot, view: PracticeView) -> None:
    _choose(view, "overlap")
    view.source_box.setCurrentIndex(view.source_box.findData("library"))
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.is_loading(), timeout=15000)
    assert view.prompt.text() == "No drill line for Overlap in my library."
    assert view.drill is None


def test_cancel_leaves_one_state(qtbot, view: PracticeView) -> None:
    # seen under Xvfb: after Cancel the line above Drill still said "Finding drill lines: 47 %"
    view.where.setText("Row 8 of jwilk-150-buffalo.non, clue 2 1 1")  # the last drill's
    view.result.setText("Not quite.")
    _choose(view, "overlap")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    view._load_progress(0.47, "looking at jwilk-038-bike.non")
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert "Finding" not in view.status.text() and "Finding" not in view.prompt.text()
    assert view.prompt.text().startswith("Cancelled.") and view.start_button.isEnabled()
    assert view.where.text() == view.result.text() == ""  # not the last drill's line


def test_a_failed_search_leaves_one_state(qtbot, view: PracticeView) -> None:
    # seen after kill -9 of the worker: a red "Could not find drill lines" line over a drill text
    # still saying "Finding drill lines for ..."
    view.prompt.setText("Finding drill lines for All arrangements agree…")
    view._load_progress(0.3, "looking at owl.non")
    view._load_failed("the background process stopped unexpectedly (exit -9)")
    view._load_done()
    assert "Finding" not in view.status.text() and "Finding" not in view.prompt.text()
    assert "stopped unexpectedly (exit -9)" in view.prompt.text()
    assert "Start practice" in view.prompt.text() and view.start_button.isEnabled()


def test_the_mastery_number_is_what_the_bar_shows(view: PracticeView) -> None:
    # seen under Xvfb: after a wrong drill answer the bar shrank (level 0.50 -> 0.25) while the
    # number beside it read "+0.00 (1)" (the trend, none for a single event)
    view.store.record(view.profile, [ProfileEvent("drill", "mark", "empty_line", 0.0, 1.0, "x", 0)])
    view.refresh_mastery()
    chart = view.chart
    level = next(m.level for m in chart.levels() if m.technique == "empty_line")
    assert level < 0.5  # the wrong answer lowered it
    number = float(chart.label("empty_line").split()[0])
    assert abs(number - level) <= 0.005 + 1e-9  # two decimals (0.375 reads 0.38)
    track = chart._track(0)
    assert abs(chart.bar_rect("empty_line").width() / track.width() - number) < 0.01
    assert chart.label("empty_line").endswith("(1)")


def test_the_drill_words_are_whole_in_a_short_tab(qtbot, view: PracticeView) -> None:
    """Seen under Xvfb at 1024x600: a wrong answer's feedback lost its last line, the prompt
    its last words ('Then Check my'), cut by the Drill box under a Mastery box with room to
    spare (the labels were given one line's height: a tab page gets no height-for-width).
    Now the Drill box's words get their height and the Mastery words and chart scroll."""
    view.resize(640, 480)
    _choose(view, "mercury")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    drill = view.drill
    assert drill is not None and drill.kind == MARK
    open_cell = drill.line.cells.index(UNKNOWN)
    view.line.set_cells(
        tuple(CROSSED if p == open_cell else c for p, c in enumerate(drill.line.cells))
    )
    view.check_marks()
    assert view.result.text().startswith("Not quite.")
    qtbot.wait(50)
    for label in (view.prompt, view.result):
        assert label.height() >= label.heightForWidth(label.width()), label.text()


def test_next_drill_unanswered_shows_another_and_records_nothing(qtbot, view: PracticeView) -> None:
    """Seen under Xvfb: Next drill pressed 5 times without answering showed the same drill
    (Air wettener row 4, answered wrong 3 minutes before) each time."""
    _choose(view, "overlap")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    missed = view.drill
    assert missed is not None and missed.kind == MARK
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)  # nothing marked: wrong
    assert view.feedback is not None and not view.feedback.correct
    view.clock_for_test.now += 180  # type: ignore[attr-defined]
    shown = []
    for _ in range(5):
        qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
        assert view.drill is not None
        shown.append(view.drill.item)
    assert shown[0] == missed.item and len(set(shown)) == 5
    events = view.store.events(view.profile)
    assert [(e.item, e.score) for e in events] == [(missed.item, 0.0)]  # skips not recorded
    view.clock_for_test.now += 60  # type: ignore[attr-defined]
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.drill is not None and view.drill.item == missed.item  # still due: back first


def test_the_refutation_words_under_the_line_are_whole(qtbot, view: PracticeView) -> None:
    """Seen under Xvfb at 1280x720: after an unsound move the line's words ran on ('… clue 23.
    Above: an arrangement of the clue th') past the tab's edge, cut: one unwrapped line."""
    view.resize(640, 480)
    _choose(view, "overlap")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    for _ in range(len(view.practice.drills) if view.practice else 0):
        drill = view.drill
        assert drill is not None
        if drill.kind == SOUND:
            feedback = view.answer_text("y")
            if feedback is not None and feedback.counterexample is not None:
                break
        qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert "refutes the move" in view.where.text()
    qtbot.wait(50)
    where = view.where
    assert where.width() <= view.width()
    if where.wordWrap():  # its lines all shown
        assert where.height() >= where.heightForWidth(where.width()), where.text()
    else:  # one line, as wide as the label
        assert where.fontMetrics().horizontalAdvance(where.text()) <= where.width()


def test_import_of_a_fifo_is_refused_at_once(
    view: PracticeView, tmp_path: Path, monkeypatch
) -> None:
    """A FIFO chosen in Import's dialog, no program writing to it, hung the window for good (a
    plain read), then 3 s ("sent nothing for 3 s"); now it is named at once, unopened (the
    alarm fails a read that waits rather than hang the test)."""
    import os
    import signal
    import time

    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    monkeypatch.setattr(view, "ask_open_path", lambda: str(fifo))

    class Hung(Exception):
        pass

    def ring(signum, frame):
        raise Hung("Import still waiting on the FIFO after 2 s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    start = time.monotonic()
    try:
        view.import_profile()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.monotonic() - start < 0.5
    assert view.status.text() == (
        f"Could not import: {fifo}: is a named pipe (FIFO), not a profile file"
    )


def test_export_onto_a_fifo_is_refused_at_once(
    view: PracticeView, tmp_path: Path, monkeypatch
) -> None:
    """Export onto a FIFO no program reads waited for a reader for good, the window frozen
    (the alarm fails the old code rather than hang it)."""
    import os
    import signal

    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    monkeypatch.setattr(view, "ask_save_path", lambda *a: str(fifo))

    def ring(signum, frame):
        raise TimeoutError("Export still waiting on the FIFO after 2 s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        view.export_profile()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert view.status.text() == (
        f"Could not export: {fifo}: is a named pipe (FIFO), not a file to write in"
    )


def test_import_says_a_socket_is_one_and_reads_as_much_as_the_command_line(
    view: PracticeView, tmp_path: Path, monkeypatch
) -> None:
    import socket

    from nonostudio.core.library import profiles

    sock_path = tmp_path / "s.json"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        monkeypatch.setattr(view, "ask_open_path", lambda: str(sock_path))
        view.import_profile()
    assert view.status.text() == f"Could not import: {sock_path}: is a socket, not a profile file"
    monkeypatch.setattr(profiles, "PROFILE_FILE_BYTES", 2**20)  # (the command line's too)
    big = tmp_path / "big.json"
    big.write_text(" " * (2**20 + 1))
    monkeypatch.setattr(view, "ask_open_path", lambda: str(big))
    view.import_profile()
    assert view.status.text() == (
        f"Could not import: {big}: the file is larger than 1 MB; profile files are read up to "
        "that (the limit keeps memory bounded)"
    )


def test_the_keys_go_to_the_new_drill_and_enter_checks_it(qtbot, view: PracticeView) -> None:
    """Seen under Xvfb at 1024x600: after Next drill the keys stayed on that button, so X (to
    cross) did nothing and Space (to fill) skipped the drill.  The new drill's line takes the
    keys, and Enter on it checks the marks."""
    view.activateWindow()
    qtbot.waitActive(view)
    _choose(view, "overlap")
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.drill is not None, timeout=15000)
    kinds = []
    for _ in range(30):  # Next drill from the keyboard, until a drill to mark comes
        view.next_button.setFocus()
        qtbot.keyClick(view.next_button, Qt.Key.Key_Space)
        drill = view.drill
        assert drill is not None
        kinds.append(drill.kind)
        if drill.kind == MARK:
            qtbot.waitUntil(lambda: QApplication.focusWidget() is view.line, timeout=2000)
            break
        # a choice or Sound is not given the keys: a second Space would answer there
        assert QApplication.focusWidget() is view.next_button
    assert drill.kind == MARK and {MARK, WHICH} <= set(kinds), kinds
    open_cell = view.line.cursor_cell()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_X)
    assert view.line.cells()[open_cell] == CROSSED
    assert view.drill is drill and view.feedback is None
    qtbot.keyClick(view.line, Qt.Key.Key_Return)
    assert view.feedback is not None  # checked: right or wrong, it is answered
    assert [e.source for e in view.store.events(view.profile)] == ["drill"]
