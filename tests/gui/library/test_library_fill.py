"""The library's Verdict and Difficulty columns fill in the background for every puzzle, with
progress under the table, without blocking the GUI thread, and stop at once when cancelled."""

from __future__ import annotations

import time

import numpy as np
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.fill import LibraryFiller, check_and_grade
from nonostudio.gui.library.model import DIFFICULTY, VERDICT
from nonostudio.gui.window.main_window import MainWindow


def column(win: MainWindow, col: int) -> list[str]:
    model = win.library_view.model
    return [model.index(row, col).data() for row in range(model.rowCount())]


def test_every_library_puzzle_gets_a_verdict_and_a_difficulty(
    qtbot, small_library: Library, tmp_path
) -> None:
    win = MainWindow(small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    assert column(win, VERDICT) == ["", "", ""]
    progress: list[tuple[float, str]] = []
    filler = win.library_commands.start_background_checks()
    filler.progress.connect(lambda f, m: progress.append((f, m)))
    assert win.library_view.fill_bar.isVisible()  # progress shows at once
    with qtbot.waitSignal(filler.finished, timeout=60000):
        pass
    verdicts = dict(
        zip(
            [e.title for e in small_library.entries()],
            [e.verdict for e in small_library.entries()],
            strict=True,
        )
    )
    assert verdicts == {
        "Tee": "unique, line-solvable",
        "Block": "unique, line-solvable",
        "zebra crossing": "unique, line-solvable",
    }
    assert all(e.difficulty for e in small_library.entries())  # stored…
    assert all(column(win, DIFFICULTY)) and all(column(win, VERDICT))  # …and shown
    assert progress[-1][0] == 1.0 and "3 of 3" in progress[-1][1]
    assert not win.library_view.fill_bar.isVisible()
    assert filler.start() == 0  # nothing left to do
    win.cancel_background()


@pytest.mark.slow
def test_a_multiple_solution_puzzle_and_the_gui_stays_responsive(qtbot, tmp_path) -> None:
    library = Library(tmp_path / "lib.sqlite3")
    library.add(Puzzle.from_grid(np.eye(2, dtype=np.int8), title="Diagonal"))
    rng = np.random.default_rng(7)
    library.add(Puzzle.from_grid((rng.random((25, 25)) < 0.55).astype(np.int8), title="Big"))
    filler = LibraryFiller(library)
    ticks: list[float] = []
    start = time.monotonic()
    filler.start()
    while filler.is_running() and time.monotonic() - start < 60:
        before = time.monotonic()
        QApplication.processEvents()
        ticks.append(time.monotonic() - before)
        qtbot.wait(5)
    assert not filler.is_running()
    entries = {e.title: e for e in library.entries()}
    assert entries["Diagonal"].verdict == "multiple solutions"
    assert entries["Diagonal"].difficulty
    assert entries["Big"].verdict and entries["Big"].difficulty
    assert max(ticks) < 1.0, "the GUI thread was blocked"
    library.close()


@pytest.mark.slow
def test_cancel_stops_at_once_and_stores_nothing_more(qtbot, tmp_path) -> None:
    library = Library(tmp_path / "lib.sqlite3")
    rng = np.random.default_rng(3)
    for n in range(6):
        library.add(
            Puzzle.from_grid((rng.random((30, 30)) < 0.5).astype(np.int8), title=f"random {n}")
        )
    filler = LibraryFiller(library)
    filler.start()
    qtbot.waitUntil(lambda: filler.remaining() < 6, timeout=10000)  # a job is running
    began = time.monotonic()
    filler.cancel()
    assert filler.wait(5000)
    assert time.monotonic() - began < 1.0
    QApplication.processEvents()
    done = [e.title for e in library.entries() if e.verdict or e.difficulty]
    qtbot.wait(300)
    QApplication.processEvents()
    assert [e.title for e in library.entries() if e.verdict or e.difficulty] == done
    assert len(done) < 6 and not filler.is_running()
    library.close()


@pytest.mark.slow
def test_puzzles_imported_later_are_checked_too(qtbot, small_library: Library, tmp_path) -> None:
    win = MainWindow(small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    filler = win.library_commands.start_background_checks()
    qtbot.waitUntil(lambda: not filler.is_running(), timeout=60000)
    path = tmp_path / "bar.non"
    path.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    assert win.library_view.import_files([path]) == (1, [])
    qtbot.waitUntil(
        lambda: all(e.verdict and e.difficulty for e in small_library.entries()), timeout=60000
    )
    bar = next(e for e in small_library.entries() if e.title == "Bar")
    assert bar.verdict == "unique, line-solvable"
    win.cancel_background()


def test_a_full_disk_that_stops_the_checks_is_in_the_banner_and_the_status_bar(
    qtbot, window: MainWindow, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = "The disk holding the puzzle library is full: changes cannot be saved."

    def full_disk(id: int, _label: str) -> None:
        small_library.warning = full  # as Library notes a write SQLite found the disk full for
        raise LibraryError(f"The disk is full: cannot store the verdict of library puzzle {id}.")

    monkeypatch.setattr(small_library, "set_verdict", full_disk)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: pytest.fail(f"a dialog: {a}"))
    window.statusBar().messageChanged.connect(lambda text: shown.append(text))
    assert window.banner.isHidden()
    filler = window.library_commands.start_background_checks()
    qtbot.waitUntil(lambda: not filler.is_running(), timeout=30000)
    assert window.banner.isVisible() and window.banner.text() == full
    assert [text for text in shown if text] == [
        "The results of the background checks could not be stored in the library: The disk is "
        "full: cannot store the verdict of library puzzle 2."  # (Block, 2x2: the smallest)
    ]
    assert not any(e.verdict for e in small_library.entries())


def never() -> bool:
    return False


def slow_then_small(tmp_path) -> tuple[Library, int]:
    """A library whose one puzzle takes the filler a while (30x30, random), and its id."""
    library = Library(tmp_path / "lib.sqlite3")
    rng = np.random.default_rng(3)
    grid = (rng.random((30, 30)) < 0.5).astype(np.int8)
    return library, library.add(Puzzle.from_grid(grid, title="slow"))


@pytest.mark.slow
def test_a_puzzle_changed_while_it_is_checked_gets_the_verdict_of_its_new_clues(
    qtbot, tmp_path
) -> None:
    library, id = slow_then_small(tmp_path)
    filler = LibraryFiller(library)
    filler.start()
    qtbot.waitUntil(lambda: filler.remaining() == 1 and not filler._queue, timeout=10000)
    block = Puzzle.from_grid(np.ones((2, 2), dtype=np.int8), title="now a block")
    library.update(id, block)  # saved from the editor while the old clues are checked
    qtbot.waitUntil(lambda: not filler.is_running(), timeout=60000)
    (entry,) = library.entries()
    assert entry.verdict == "unique, line-solvable"  # the block's, not the random picture's
    graded = check_and_grade(block, "", "", DEFAULT_RULE_SET, never)
    assert (entry.verdict, entry.difficulty) == graded
    library.close()


@pytest.mark.slow
def test_a_puzzle_deleted_while_it_is_checked_stops_nothing(qtbot, tmp_path) -> None:
    library, id = slow_then_small(tmp_path)
    block = library.add(Puzzle.from_grid(np.ones((2, 2), dtype=np.int8), title="block"))
    filler = LibraryFiller(library)
    failed: list[object] = []
    filler.storeFailed.connect(failed.append)
    filler.start()
    # (the block, smaller, is checked first)
    qtbot.waitUntil(lambda: filler.remaining() == 1 and filler._current == id, timeout=10000)
    library.remove(id)
    qtbot.waitUntil(lambda: not filler.is_running(), timeout=60000)
    assert failed == []
    assert [(e.id, e.verdict) for e in library.entries()] == [(block, "unique, line-solvable")]
    library.close()


def test_a_grade_the_solver_refused_for_memory_is_not_stored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The library's fill stores no difficulty for a grade the complete solver left Undecided by
    refusing its formula (a 1-byte budget for the trace's search), as for one stopped at the time
    limit: it stored 'Undecided', a verdict of the memory share at the time, not of the puzzle."""
    from functools import partial

    from nonostudio.analysis.tracing import trace_fallbacks
    from nonostudio.core.solver import solve

    monkeypatch.setattr(trace_fallbacks, "solve", partial(solve, memory_budget=1))
    ones = ((1,),) * 14  # every permutation matrix fits: no line logic, no probe, SAT stage
    verdict, difficulty = check_and_grade(
        Puzzle(ones, ones), "multiple", "", DEFAULT_RULE_SET, lambda: False
    )
    assert (verdict, difficulty) == ("multiple", "")


def test_the_smallest_puzzles_are_checked_first(tmp_path) -> None:
    """Stored first, Faase (80x95) and Knotty (40x40) were checked first at every start, each
    up to its time limit, undecided, so met again next session; the quick ones wait no more."""
    library = Library(tmp_path / "lib.sqlite3")
    sizes = [(80, 95), (5, 5), (40, 40), (10, 10), (5, 5)]
    ids = [
        library.add(Puzzle.from_grid(np.eye(max(w, h), dtype=np.int8)[:h, :w], title=f"{w}x{h}"))
        for w, h in sizes
    ]
    filler = LibraryFiller(library)
    filler._running = True  # (queued only: no job starts)
    assert filler.start() == 5
    assert [id for id, _, _ in filler._queue] == [ids[1], ids[4], ids[3], ids[2], ids[0]]
    library.close()
