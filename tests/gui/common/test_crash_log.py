"""Unexpected errors: a rotating log with full tracebacks, one dialog, and the studio keeps running.

Also Help → Open Log Folder, worker failures in the log, and a data folder where the log cannot
be written (stderr instead, no crash).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import signal
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from app_process import run_driver
from mounts import tmpfs
from PySide6.QtCore import QSettings, QThreadPool, QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from nonostudio.core import logs
from nonostudio.core.library import Library
from nonostudio.gui.common.crash import TITLE, CrashReporter
from nonostudio.gui.common.workers import run_in_background
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def log_file(data_dir: Path) -> Path:
    path = logs.setup_logging()
    assert path == data_dir / "logs" / "nonostudio.log"
    yield path
    logs.reset_logging()


@pytest.fixture
def reporter(qapp, monkeypatch: pytest.MonkeyPatch):
    # the test framework's own hooks come back after the test, whatever happens
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    rep = CrashReporter()
    rep.install()
    yield rep
    rep.uninstall()
    if rep.box is not None:
        rep.box.close()


def read(path: Path) -> str:
    for handler in logging.getLogger(logs.LOGGER_NAME).handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


class Failing(QWidget):
    """A widget whose paint handler fails every time, like a bug in a view."""

    paints = 0

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        Failing.paints += 1
        raise ZeroDivisionError(f"paint number {Failing.paints} divides by zero")


# --- the log file ------------------------------------------------------------------------------


def test_log_is_a_rotating_file_in_the_data_folder(log_file: Path) -> None:
    handler = next(
        h
        for h in logging.getLogger("nonostudio").handlers
        if isinstance(h, logging.handlers.RotatingFileHandler)
    )
    assert Path(handler.baseFilename) == log_file
    assert 500_000 <= handler.maxBytes <= 2_000_000 and handler.backupCount == 3
    logging.getLogger("nonostudio.some.module").warning("a note for the log")
    assert "WARNING nonostudio.some.module" in read(log_file)
    assert logs.where_the_log_is() == str(log_file)


@pytest.fixture
def read_only_folder(tmp_path: Path):
    """A folder where writes really fail: a read-only tmpfs (root) or mode 0555 (other users)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    with tmpfs(folder, "size=1m,ro"):
        yield folder


def test_an_unwritable_log_folder_falls_back_to_stderr(
    read_only_folder: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(OSError):
        (read_only_folder / "probe").write_text("x")  # writes really fail here
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(read_only_folder))
    try:
        assert logs.setup_logging() is None
        assert logs.log_file() is None
        problem = logs.log_problem() or ""
        assert str(read_only_folder / "logs") in problem and "Read-only" in problem
        logging.getLogger("nonostudio.test").error("still heard")
        err = capsys.readouterr().err
        assert "still heard" in err and "logging to stderr" in err
        assert "terminal" in logs.where_the_log_is()
    finally:
        logs.reset_logging()


# --- the exception hook --------------------------------------------------------------------------


def test_errors_in_a_paint_handler_are_logged_and_shown_once(
    qtbot, log_file: Path, reporter: CrashReporter
) -> None:
    widget = Failing()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    for _ in range(5):
        widget.update()  # a repaint from the event loop, as in real use
        qtbot.wait(30)
    qtbot.waitUntil(lambda: reporter.box is not None)
    qtbot.wait(50)
    assert Failing.paints >= 5
    assert len(reporter.reports) == 1 and reporter.suppressed >= 4
    box = reporter.box
    assert box.windowTitle() == TITLE and box.isVisible()
    assert "ZeroDivisionError: paint number 1 divides by zero" in box.informativeText()
    assert "paintEvent" in box.informativeText() and str(log_file) in box.informativeText()
    text = read(log_file)
    assert text.count("Traceback (most recent call last)") >= 5  # every one is in the log
    assert "in paintEvent\n    raise ZeroDivisionError" in text
    widget.hide()
    box.close()
    qtbot.waitUntil(lambda: reporter.box is None)
    assert QApplication.instance() is not None  # the studio is still running


def test_a_different_error_after_the_box_closes_gets_its_own_box(
    qtbot, log_file: Path, reporter: CrashReporter
) -> None:
    def first() -> None:
        raise KeyError("first")

    def second() -> None:
        raise ValueError("second")

    QTimer.singleShot(0, first)
    qtbot.waitUntil(lambda: reporter.box is not None)
    reporter.box.close()
    QTimer.singleShot(0, first)  # the same error again: logged only
    QTimer.singleShot(0, second)
    qtbot.waitUntil(lambda: len(reporter.reports) == 2)
    assert "ValueError: second" in reporter.reports[1] and reporter.suppressed == 1
    assert read(log_file).count("Traceback") == 3


def test_a_thread_error_is_reported_on_the_gui_thread(
    qtbot, log_file: Path, reporter: CrashReporter
) -> None:
    shown_on: list[threading.Thread] = []
    original = reporter._show

    def spy(summary: str, key: str) -> None:
        shown_on.append(threading.current_thread())
        original(summary, key)

    reporter._show = spy  # type: ignore[method-assign]

    def job() -> None:
        raise RuntimeError("failure in a helper thread")

    worker = threading.Thread(target=job, name="helper-7")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: reporter.box is not None)
    assert shown_on == [threading.main_thread()]
    assert "RuntimeError: failure in a helper thread" in reporter.box.informativeText()
    text = read(log_file)
    assert "uncaught exception in helper-7" in text and "raise RuntimeError" in text


def test_worker_failures_log_the_full_traceback(qtbot, log_file: Path) -> None:
    def deep(n: int) -> None:
        if n == 0:
            raise ArithmeticError("bad sum in the background")
        deep(n - 1)

    errors: list[str] = []
    pool = QThreadPool()  # its own pool: jobs of earlier tests may still occupy the global one
    worker = run_in_background(
        lambda progress, stop: deep(3), on_result=lambda _v: None, on_error=errors.append, pool=pool
    )
    qtbot.waitUntil(worker.is_delivered, timeout=10000)
    pool.waitForDone()
    assert errors == ["ArithmeticError: bad sum in the background"]
    text = read(log_file)
    assert "background job failed: ArithmeticError: bad sum in the background" in text
    assert text.count("in deep") == 4  # the whole stack, not just the message


# --- Help → Open Log Folder --------------------------------------------------------------------


def test_help_opens_the_log_folder(
    qtbot, small_library: Library, tmp_path: Path, log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    win = MainWindow(small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    assert win.commands.open_log_folder in help_menu.actions()
    win.commands.open_log_folder.trigger()
    assert opened == [QUrl.fromLocalFile(str(log_file.parent))]
    win.check_panel.cancel()


def test_open_log_folder_without_a_log_file_says_where_the_log_went(
    qtbot,
    small_library: Library,
    tmp_path: Path,
    read_only_folder: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[QUrl] = []
    told: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: told.append(text))
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(read_only_folder))
    logs.setup_logging()
    try:
        win = MainWindow(
            small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        )
        qtbot.addWidget(win)
        win.commands.open_log_folder.trigger()
        win.check_panel.cancel()
    finally:
        logs.reset_logging()
    assert opened == []
    assert len(told) == 1 and "terminal" in told[0] and str(read_only_folder) in told[0]


# --- a crash Python cannot catch ---------------------------------------------------------------

SEGFAULT_DRIVER = textwrap.dedent("""
    import faulthandler, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from nonostudio.gui import app

    qapp = QApplication([sys.argv[0]])

    def paint_crash():  # stands for a binding that corrupts the interpreter while painting
        faulthandler._sigsegv()

    QTimer.singleShot(1500, paint_crash)
    sys.exit(app.main([]))
""")


@pytest.mark.slow
def test_a_fatal_crash_leaves_its_stacks_in_the_log_folder(tmp_path: Path, data_dir: Path) -> None:
    result = run_driver(tmp_path, SEGFAULT_DRIVER, data_dir)
    assert result.returncode == -signal.SIGSEGV, result.stderr
    faults = (data_dir / "logs" / "faults.log").read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in faults
    assert 'driver.py", line 10 in paint_crash' in faults
    assert "Nonostudio" in (data_dir / "logs" / "nonostudio.log").read_text(encoding="utf-8")
