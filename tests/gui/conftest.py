"""Fixtures for the window and library tests: a small library of known puzzles in a temp folder,
and a check that no test leaves background work running on Qt's thread pool or in the studio's
worker processes."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import shipped_proofs
from keyboard import release_modifiers
from leaks import THREAD_GRACE_S
from pictures import big_colour_puzzle, picture
from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from studio_window import (
    OpenWindow,
    discard_on_question,
    end_background,
    record_message_boxes,
    show_window,
)

from nonostudio.analysis.colour.trace import ColourTrace
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common import process_pool
from nonostudio.gui.common.workers import Worker
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.solve.view import SolveView
from nonostudio.gui.window.main_window import MainWindow

# The panels' jobs run on the thread pool in the tests, where a test can replace the core call a
# job makes and nothing starts processes per test run; the tests of the worker processes (the
# studio's default) ask for them with ``worker_processes``.
os.environ.setdefault(process_pool.ENV, "0")

# The offscreen platform cannot honour size hints of top-level windows, nor raise one, and says so
# as a warning on every show() or raise_(); that is a limit of the test platform, not a problem in
# our widgets.
OFFSCREEN_NOISE = r"This plugin does not support (propagateSizeHints|raise)\(\)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


_PARSED_RULES: dict[tuple[str, str], tuple[Any, ...]] = {}


@pytest.fixture(autouse=True, scope="module")
def rule_files_parsed_once() -> Iterator[None]:
    """In the GUI tests each rule file's text is parsed once a session: building a main window
    loads the shipped sets several times, and parsing them was most of its time (seven parses
    of the learned set a window).  The parser's result for a text and source is the same each
    time (its entries are frozen; each caller gets its own list); a text that does not parse
    raises each time.  The parser itself is tested in tests/rules/, without this."""
    from nonostudio.rules import ruleset

    real = ruleset.parse_rules

    def parse_once(text: str, source: str = "<text>") -> list[Any]:
        key = (text, source)
        if key not in _PARSED_RULES:
            _PARSED_RULES[key] = tuple(real(text, source))
        return list(_PARSED_RULES[key])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ruleset, "parse_rules", parse_once)
        yield


@pytest.fixture(autouse=True)
def no_keys_held() -> None:
    """Each test starts with no modifier key held (see :func:`keyboard.release_modifiers`)."""
    release_modifiers()


@pytest.fixture(autouse=True)
def no_background_work_left() -> Iterator[None]:
    """Fails a test that leaves a job running on Qt's global thread pool (where the app's
    background work runs, on threads Python's leak check cannot see) once its fixtures are torn
    down; a job may take up to ``THREAD_GRACE_S`` to notice its cancel and end."""
    yield
    pool = QThreadPool.globalInstance()
    if not pool.waitForDone(int(THREAD_GRACE_S * 1000)):
        pytest.fail(
            f"the test left {pool.activeThreadCount()} job(s) running on Qt's thread "
            f"pool {THREAD_GRACE_S:g} s after it ended",
            pytrace=False,
        )


def _processes_settle(deadline: float) -> bool:
    """Let the worker pools deliver until they are idle (True) or ``deadline`` passes."""
    from PySide6.QtWidgets import QApplication

    while not all(pool.is_idle() for pool in process_pool.live_pools()):
        if time.monotonic() > deadline:
            return False
        QApplication.processEvents()
        time.sleep(0.005)
    return True


@pytest.fixture(autouse=True)
def no_process_work_left() -> Iterator[None]:
    """Fails a test that leaves a job in a worker pool, or a child process it started that is
    not one of the pools' processes, once its fixtures are torn down (after ``THREAD_GRACE_S``,
    and the time a cancelled job that does not stop is given before its process is ended).
    Children alive before the test are not its own, nor are the workers of the shipped rules'
    proofs, which run beside the whole session (``shipped_proofs``) and may start mid-test."""
    before = {p.pid for p in multiprocessing.active_children()}
    yield
    grace = THREAD_GRACE_S + process_pool.KILL_AFTER_S
    if not _processes_settle(time.monotonic() + grace):
        pytest.fail(
            f"the test left jobs in the studio's worker processes {grace:g} s after it ended",
            pytrace=False,
        )
    ours = {pid for pool in process_pool.live_pools() for pid in pool.pids()}
    deadline = time.monotonic() + THREAD_GRACE_S
    ours |= before | shipped_proofs.session_pids()
    while stray := [p for p in multiprocessing.active_children() if p.pid not in ours]:
        if time.monotonic() > deadline:
            pytest.fail(f"the test left child processes running: {stray}", pytrace=False)
        time.sleep(0.02)


@pytest.fixture(scope="session", autouse=True)
def worker_processes_end() -> Iterator[None]:
    """The worker processes started by the tests end with the session."""
    yield
    process_pool.shut_down_pools()


@pytest.fixture
def worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The panels' jobs run in worker processes, as in the studio (the tests' default is the
    thread pool).  The processes are shared by the tests that ask for them."""
    monkeypatch.setenv(process_pool.ENV, "1")


@pytest.fixture
def default_set_read_ahead(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[str]]:
    """The default rule set read as ``rule_sets.read_ahead`` would (off the GUI thread), and the
    list of the sets parsed from then on (empty while everything takes the shared copy)."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.gui.common import rule_sets
    from nonostudio.rules import ruleset

    monkeypatch.setattr(rule_sets, "_read", {})
    ahead = rule_sets.read_rule_set(DEFAULT_RULE_SET)
    parsed: list[str] = []
    for module in (rule_sets, ruleset):
        parse = module.parse_rule_set
        monkeypatch.setattr(
            module, "parse_rule_set", lambda *a, parse=parse: parsed.append(a[1]) or parse(*a)
        )
    return ahead, parsed


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The studio's user-data folder (``NONOSTUDIO_DATA_DIR``) for this test: ``tmp_path/data``,
    not created."""
    folder = tmp_path / "data"
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """The studio's settings for this test: an INI file in ``tmp_path``, not the user's."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


StartedWorkers = Callable[[str], list[Worker]]


@pytest.fixture
def started_workers(monkeypatch: pytest.MonkeyPatch) -> StartedWorkers:
    """``started_workers("nonostudio.gui.panels.check")``: the list of every background worker
    that module starts from then on (its ``run_in_background``), in order.  A test that asserts
    a stale result never arrives waits for ``worker.is_delivered()`` of each (its ``finished``
    signal, the last it sends, has reached the GUI thread) rather than for a fixed time."""
    from nonostudio.gui.common.workers import run_in_background

    def record(module: str) -> list[Worker]:
        started: list[Worker] = []

        def recording(job: Any, **kwargs: Any) -> Worker:
            worker = run_in_background(job, **kwargs)
            started.append(worker)
            return worker

        monkeypatch.setattr(f"{module}.run_in_background", recording)
        return started

    return record


def show_at(qtbot: QtBot, widget: QWidget, width: int, height: int) -> None:
    """``widget`` sized ``width`` x ``height`` and shown (qtbot closes it after the test)."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)


def cancel_all(views: Sequence[SolveView | ColourSolveView]) -> None:
    """Cancel each Solve view and wait for its background work to end."""
    for view in views:
        view.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


ShowSolveView = Callable[..., SolveView]


@pytest.fixture
def show_solve_view(qtbot: QtBot) -> Iterator[ShowSolveView]:
    """``show_solve_view(height=700, rule_set=None, width=1100)``: a Solve view (1 ms a step)
    sized ``width`` x ``height``, shown and made the active window (keys reach shortcuts only in
    the active window, X11), on ``rule_set`` if named.  Each is cancelled after the test, which
    waits for its background work to end."""
    shown: list[SolveView] = []

    def show(height: int = 700, rule_set: str | None = None, width: int = 1100) -> SolveView:
        widget = SolveView(delay_ms=1)
        show_at(qtbot, widget, width, height)
        widget.activateWindow()
        qtbot.waitActive(widget)
        if rule_set is not None:
            widget.set_rule_set(rule_set)
        shown.append(widget)
        return widget

    yield show
    cancel_all(shown)


ShowColourSolveView = Callable[[ColourPuzzle, int, int], ColourSolveView]


@pytest.fixture
def show_colour_solve_view(qtbot: QtBot) -> Iterator[ShowColourSolveView]:
    """``show_colour_solve_view(puzzle, width, height)``: a colour Solve view (1 ms a step) sized
    ``width`` x ``height``, shown, on ``puzzle`` with its trace ready.  Each is cancelled after
    the test, which waits for its background work to end."""
    shown: list[ColourSolveView] = []

    def show(puzzle: ColourPuzzle, width: int, height: int) -> ColourSolveView:
        view = ColourSolveView(delay_ms=1)
        show_at(qtbot, view, width, height)
        shown.append(view)
        with qtbot.waitSignal(view.traceReady, timeout=20000):
            view.set_puzzle(puzzle)
        return view

    yield show
    cancel_all(shown)


@pytest.fixture
def big_colour_solve_view(
    qtbot: QtBot, show_colour_solve_view: ShowColourSolveView
) -> tuple[ColourSolveView, ColourTrace]:
    """A colour Solve view at 900x560 on ``big_colour_puzzle(36, 32)``, too big for it to show
    whole: the view, once its trace is ready and its grid scrolls, and the trace."""
    view = show_colour_solve_view(big_colour_puzzle(36, 32), 900, 560)
    trace = view.trace()
    assert trace is not None
    area = view.ui.scroll
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    return view, trace


@pytest.fixture
def small_library(tmp_path: Path) -> Iterator[Library]:
    """Three puzzles: Tee 5x3 (MIT), Block 2x2 (CC0), zebra 4x1 (no licence, multiple words)."""
    lib = Library(tmp_path / "lib.sqlite3")
    lib.add(
        Puzzle.from_grid(
            picture("#####", "..#..", "..#.."), title="Tee", author="Ann", licence="MIT"
        ),
        source="tee.non",
    )
    lib.add(Puzzle.from_grid(picture("##", "##"), title="Block", author="Bob", licence="CC0-1.0"))
    lib.add(Puzzle.from_grid(picture("#.#."), title="zebra crossing", author="Ann"))
    yield lib
    lib.close()


@pytest.fixture
def window(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """The main window on ``small_library`` at 1280x720, shown; a question box is answered
    Discard.  After the test its editor is marked unmodified and its background work ended."""
    discard_on_question(monkeypatch)
    win = show_window(qtbot, small_library, settings)
    yield win
    win.editor.set_modified(False)
    end_background(win, 20000)


@pytest.fixture
def open_window(qtbot: QtBot, small_library: Library, settings: QSettings) -> Iterator[OpenWindow]:
    """``open_window(size=None)``: the main window on ``small_library``, shown, at ``size`` if
    given (else the size it opens at); nothing answers its message boxes (a test that expects
    one answers it).  Called from a test's own fixture, after what the window must find set up
    (a data folder, patched boxes).  Each window's background work is ended after the test."""
    opened: list[MainWindow] = []

    def open_(size: tuple[int, int] | None = None) -> MainWindow:
        win = show_window(qtbot, small_library, settings, size=size)
        opened.append(win)
        return win

    yield open_
    for win in opened:
        end_background(win, 30000)


@pytest.fixture
def started(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """The window as ``nonostudio`` makes it at 1280x720 on an empty library: shown and made the
    active window, then its deferred panels built.  ``win.boxes`` lists the message boxes it
    asked (each answered Discard)."""
    boxes = record_message_boxes(monkeypatch)
    library = Library(tmp_path / "library.sqlite3")
    win = show_window(qtbot, library, settings, active=True, defer_panels=True)
    win.boxes = boxes
    yield win
    end_background(win, 30000)
    library.close()
