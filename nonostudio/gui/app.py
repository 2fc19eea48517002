"""The ``nonostudio`` GUI entry point: application setup, library opening, the main window.

``nonostudio [FILE]`` opens the studio (and FILE); ``nonostudio --screenshot DIR`` renders each
main view to PNG files in DIR without needing a display and exits.  Heavy modules are imported
after argument parsing so that ``--help`` and start-up stay fast.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from nonostudio.core.counts import number
from nonostudio.gui.library.seed import seed_library

if TYPE_CHECKING:
    import logging

    from PySide6.QtWidgets import QApplication

    from nonostudio.core.library import Library
    from nonostudio.gui.common.crash import CrashReporter
    from nonostudio.gui.window.main_window import MainWindow

APP_ID = "io.github.nonostudio.Nonostudio"

# What Qt's X11 (xcb) platform plugin needs beyond libxcb itself: Debian package -> library.
XCB_PACKAGES = {
    "libxcb-cursor0": "libxcb-cursor.so.0",
    "libxcb-icccm4": "libxcb-icccm.so.4",
    "libxcb-image0": "libxcb-image.so.0",
    "libxcb-keysyms1": "libxcb-keysyms.so.1",
    "libxcb-randr0": "libxcb-randr.so.0",
    "libxcb-render-util0": "libxcb-render-util.so.0",
    "libxcb-shape0": "libxcb-shape.so.0",
    "libxcb-xinerama0": "libxcb-xinerama.so.0",
    "libxcb-xkb1": "libxcb-xkb.so.1",
    "libxkbcommon-x11-0": "libxkbcommon-x11.so.0",
}
WITHOUT_A_DISPLAY = """\
Without a display you can still:
  nonostudio --screenshot DIR [FILE]      save a PNG of each main view in DIR
  QT_QPA_PLATFORM=offscreen nonostudio    run the studio without showing it (tests)
  nonostudio-cli --help                   check, solve, grade and convert puzzles"""


def _loads(library: str) -> bool:
    import ctypes

    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True


def x_display_reachable(display: str) -> bool | None:
    """Whether an X server answers at ``display`` (None when libxcb itself cannot be loaded)."""
    import ctypes

    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    try:
        return xcb.xcb_connection_has_error(connection) == 0
    finally:
        xcb.xcb_disconnect(connection)


def missing_xcb_libraries(loads: Callable[[str], bool] = _loads) -> list[str]:
    """The Debian packages whose libraries Qt's xcb plugin needs and cannot load."""
    return [package for package, library in XCB_PACKAGES.items() if not loads(library)]


def display_problem(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    loads: Callable[[str], bool] = _loads,
    reachable: Callable[[str], bool | None] = x_display_reachable,
) -> str | None:
    """Why Qt could not open a window here (None when it should): no display at all, or the
    X11 platform's system libraries are missing.  Qt itself would abort with "could not load
    the Qt platform plugin xcb … Reinstalling the application may fix this problem"."""
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    chosen = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip()
    if chosen not in ("", "xcb"):
        return None  # offscreen, wayland, vnc…: Qt is told what to use
    if env.get("WAYLAND_DISPLAY") and not chosen:
        return None  # Qt can use Wayland
    if not env.get("DISPLAY"):
        return (
            "nonostudio: cannot open a window: there is no display (neither DISPLAY nor "
            "WAYLAND_DISPLAY is set). Start it from a desktop session, or over SSH with X "
            "forwarding (ssh -X).\n" + WITHOUT_A_DISPLAY
        )
    missing = missing_xcb_libraries(loads)
    if not missing and reachable(env["DISPLAY"]) is False:
        return (
            f"nonostudio: cannot open a window: no X server answers on display "
            f"{env['DISPLAY']} (DISPLAY is set, but the display is gone or not "
            "allowed to this user). Check DISPLAY, or start nonostudio from the desktop "
            "session.\n" + WITHOUT_A_DISPLAY
        )
    if missing:
        return (
            f"nonostudio: cannot open a window on display {env['DISPLAY']}: Qt's X11 "
            f"platform (xcb) needs system libraries that are not installed. On Debian or "
            f"Ubuntu install them with:\n  sudo apt install {' '.join(missing)}\n"
            "(the whole list: " + " ".join(XCB_PACKAGES) + ")\n" + WITHOUT_A_DISPLAY
        )
    return None


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="nonostudio", description="A studio for analysing nonogram puzzles."
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a puzzle file to open; FILE#ITEM (or FILE:ITEM) opens one puzzle of a collection, "
        "as nonostudio-cli reads it",
    )
    parser.add_argument(
        "more",
        nargs="*",
        metavar="MORE",
        help="more puzzle files (a file manager opening several): added to the library",
    )
    parser.add_argument(
        "--screenshot",
        metavar="DIR",
        type=Path,
        help="save a PNG of each main view in DIR (works without a display), then exit; FILE "
        "(or FILE#ITEM) is the puzzle shown",
    )
    return parser.parse_args(argv)


IN_MEMORY_NOTE = "Puzzles added in this session will not be kept: the library is in memory only."


def open_library(*, seed: bool = True) -> tuple[Library, list[str]]:
    """The user's library (seeded with the samples on first start) and messages for the user.

    Never raises.  A file SQLite calls corrupt is moved aside (the note says where) and a new
    library started.  A library in use by another process is opened read-only if it can be read,
    a read-only file or folder is used read-only, and a full disk is reported; none of these
    touches the file.  When nothing works the session runs on an in-memory library and says so
    (:data:`IN_MEMORY_NOTE`; the studio then shows
    :mod:`~nonostudio.gui.window.library_fallback`'s bar).  ``seed=False`` leaves the samples
    for :func:`seed_library` (after the window is shown).
    """
    from nonostudio.core.library import BUSY, Library, LibraryError
    from nonostudio.core.paths import library_db_path

    notes: list[str] = []
    path = library_db_path()
    library: Library | None = None
    try:
        library = Library(path)
    except LibraryError as exc:
        notes.append(str(exc))
        if exc.moved_to is not None:  # the damaged file is kept aside: start a new library
            try:
                library = Library(path)
            except LibraryError as again:
                notes.append(str(again))
        elif exc.kind == BUSY and path.is_file():
            try:
                library = Library(path, read_only=True)
                library.read_only_reason = "another process was using it when nonostudio started"
                notes.append(
                    "The library was opened read-only: you can open its puzzles, but "
                    "changes cannot be stored until the other process lets go of it "
                    "and nonostudio is started again."
                )
            except LibraryError as again:
                if again.kind != BUSY:
                    notes.append(str(again))
    except Exception as exc:  # noqa: BLE001 - start-up must go on with some library
        notes.append(f"The puzzle library {path} cannot be opened ({exc}).")
    if library is None:
        notes.append(IN_MEMORY_NOTE)
        library = Library(":memory:")
    elif library.read_only and not notes:
        notes.append(
            f"The puzzle library {path} is read-only ({library.read_only_reason}): you "
            "can open its puzzles, but changes and new puzzles cannot be stored."
        )
    if library.warning:
        notes.append(library.warning)
    if seed:
        notes.extend(seed_library(library))
    return library, notes


def main(argv: Sequence[str] | None = None) -> int:
    """Run the studio; returns the process exit status."""
    args = parse_args(argv)
    if args.screenshot is not None and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if (problem := display_problem()) is not None:
        print(problem, file=sys.stderr)
        return 1
    app = _application()
    screenshots = args.screenshot is not None
    log, reporter = _start_logging(app, crash_reports=not screenshots)

    from nonostudio.gui.window.main_window import MainWindow

    library, notes = open_library(seed=screenshots)
    for note in notes:
        log.warning("%s", note)
    # The window is shown first; the library listing, the samples of a first start, the rule
    # sets and the other tabs and panels follow from the event loop (see finish_start).
    window = MainWindow(library, defer_panels=not screenshots)
    if library.in_memory and not screenshots:  # stays in sight, with Retry, until it is fixed
        from nonostudio.core.paths import library_db_path
        from nonostudio.gui.window.library_fallback import show_memory_fallback

        show_memory_fallback(window, library_db_path(), [n for n in notes if n != IN_MEMORY_NOTE])
    try:
        if screenshots:
            return _screenshots(window, args, notes)
        return _run_window(app, window, library, args, notes, log)
    finally:
        _shut_down(window, library, reporter, log)


def _application() -> QApplication:
    """The running QApplication (made here unless a test made it), named and with its icon."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from nonostudio.core.paths import icon_path

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication([sys.argv[0] if sys.argv else "nonostudio"])
    app.setApplicationName("nonostudio")
    app.setOrganizationName("nonostudio")
    app.setOrganizationDomain("nonostudio.github.io")
    app.setApplicationDisplayName("Nonostudio")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(QIcon(str(icon_path())))
    return app


def _start_logging(
    app: QApplication, *, crash_reports: bool
) -> tuple[logging.Logger, CrashReporter | None]:
    """The log (to the data folder, else stderr) and, unless only screenshots are taken, the
    crash reporter and the fault log."""
    import logging

    import PySide6

    from nonostudio import __version__
    from nonostudio.core.logs import enable_fault_log, setup_logging
    from nonostudio.gui.common import crash

    setup_logging()  # falls back to stderr when the data folder cannot be written
    log = logging.getLogger("nonostudio.gui.app")
    log.info(
        "Nonostudio %s starting (Python %s, PySide6 %s)",
        __version__,
        sys.version.split()[0],
        PySide6.__version__,
    )
    reporter = None
    if crash_reports:
        reporter = crash.install(app)
        enable_fault_log()  # a crash Python cannot catch still leaves its stacks in the log folder
    return log, reporter


def _run_window(
    app: QApplication,
    window: MainWindow,
    library: Library,
    args: argparse.Namespace,
    notes: list[str],
    log: logging.Logger,
) -> int:
    """Show the window, finish starting from the event loop, open the files asked for and run
    the event loop; returns its exit status."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    from nonostudio.gui.window.recovery_notice import tell_recoveries

    window.ready.connect(window.library_commands.start_background_checks)
    window.show()

    def after_first_paint() -> None:
        for note in seed_library(library):
            log.warning("%s", note)
            window.statusBar().showMessage(note, 15000)
        window.finish_start()
        if args.more:
            _import_more(window, args.file, args.more)

    QTimer.singleShot(0, after_first_paint)
    for note in notes:
        QMessageBox.warning(window, "Puzzle Library", note)
    # Recovered by another studio before this one opened it: said once, in a box that lets the
    # window go on (after the start-up's own boxes, not over them).
    tell_recoveries(window, said=notes, at_start=True)
    restored = window.offer_restore()
    if args.file:
        open_argument(window, args.file, ask=restored)
    return app.exec()


def open_argument(window: MainWindow, arg: str, *, ask: bool = True) -> bool:
    """Open the puzzle the command line's FILE names (``FILE#ITEM``: see
    :func:`~nonostudio.gui.window.collection_item.split_item`): a file as File > Open does, or
    one item of a collection, which Save then writes to a file of its own (as it does the first
    item of one opened whole).  Errors are shown in the window's box; whether it was opened."""
    from nonostudio.core.errors import PuzzleError
    from nonostudio.gui.window.collection_item import load_item, split_item

    path, item = split_item(arg)
    if item is None:
        return window.files.open_file(path, ask=ask)
    if ask and not window.files.maybe_save():
        return False
    try:
        load_item(window.files, path, item)
    except PuzzleError as exc:
        window.files.failed.emit("Cannot Open Puzzle", str(exc))
        return False
    return True


def _import_more(window: MainWindow, opened: str, paths: Sequence[str]) -> None:
    """Add the command line's extra files to the library in the background, as Import Files
    does (progress and Cancel under the library's table, a box naming the files that could not
    be read); the status line says how it went."""
    from nonostudio.gui.library.importing import Imported, summary

    importer = window.library_view.importer

    def done(imported: Imported) -> None:
        # the import's own words count files and puzzles apart: a file repeating a puzzle adds
        # none ("N more files added" counted the puzzles added as files)
        importer.finished.disconnect(done)
        errors = imported.errors
        window.statusBar().showMessage(
            f"Opened {opened}; library import of {summary(imported).removesuffix('.')}"
            + (" (stopped)" if imported.cancelled else "")
            + (f"; {number(len(errors))} could not be read: {errors[0]}" if errors else ""),
            30000,
        )

    importer.finished.connect(done)
    window.library_view.start_import(paths)


def _shut_down(
    window: MainWindow, library: Library, reporter: CrashReporter | None, log: logging.Logger
) -> None:
    """Stop the background work, then let go of the window, the library and the crash hooks."""
    from PySide6.QtCore import QThreadPool

    from nonostudio.core.logs import disable_fault_log
    from nonostudio.gui.common.process_pool import shut_down_pools

    window.cancel_background()
    window.autosaver.timer.stop()
    # Cancelled jobs notice within a fraction of a second; they must end before Qt's objects
    # go away under them.
    QThreadPool.globalInstance().waitForDone(5000)
    shut_down_pools()  # no worker process outlives the studio
    if (filler := window.library_commands.filler) is not None:
        filler.wait(5000)
    window.deleteLater()
    library.close()
    if reporter is not None:
        reporter.uninstall()
        disable_fault_log()
    log.info("Nonostudio stopped")


def _screenshots(window: MainWindow, args: argparse.Namespace, notes: list[str]) -> int:
    from nonostudio.core.errors import PuzzleError
    from nonostudio.gui.window.screenshots import save_screenshots

    for note in notes:
        print(f"nonostudio: {note}", file=sys.stderr)
    try:
        written = save_screenshots(window, args.screenshot, args.file)
    except PuzzleError as exc:
        print(f"nonostudio: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"nonostudio: cannot write screenshots: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":  # PyInstaller runs this file as a script
    import multiprocessing

    multiprocessing.freeze_support()  # a frozen studio's worker process starts here
    sys.exit(main())
