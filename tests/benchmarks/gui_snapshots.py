"""Pixel snapshots of the studio's main views, to check that a reshaping of ``gui/`` changes
nothing on screen.  Run by hand, not by pytest:

    python3 tests/benchmarks/gui_snapshots.py render DIR     # one PNG per view in DIR
    python3 tests/benchmarks/gui_snapshots.py compare A B    # every pixel difference, exit 1 if any

``render`` runs offscreen with the Fusion style, the light theme, a fixed font and a fresh
library and settings in a temporary folder, at fixed sizes, so two runs on one machine give the
same pixels (render twice and compare to be sure).  The views: the main window on a library
sample, the library, the editor, the Solve view with a step selected and a hint shown (and by
hand), the rule browser with its technique browser and rule table, the jobs panel, the Check,
Difficulty and Designer Checks panels, a folder graded by Grade Folder, and the dialogs (guide,
shortcuts, paste, image import, about).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # run as a script from anywhere: the checkout's package
    sys.path.insert(0, str(REPO))

SAMPLE = "sample: webpbn-00006-cat.non"
WINDOW_SIZE = (1440, 900)
WAIT_S = 60.0


def _gui(name: str, *modules: str) -> Any:
    """``name`` from the first of the GUI ``modules`` that exists: the script renders the
    layout before a move of ``gui/`` modules and the one after, to compare the two."""
    import importlib

    for module in modules:
        try:
            found = importlib.import_module(f"nonostudio.gui.{module}")
        except ModuleNotFoundError:
            continue
        return getattr(found, name)
    raise SystemExit(f"gui_snapshots: none of {modules} defines {name}")


def _isolate() -> Path:
    """Fresh data and settings folders, offscreen Qt: before anything imports Qt."""
    sandbox = Path(tempfile.mkdtemp(prefix="nonostudio-snapshots-"))
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["NONOSTUDIO_DATA_DIR"] = str(sandbox / "data")
    os.environ["XDG_CONFIG_HOME"] = str(sandbox / "config")
    os.environ["XDG_DATA_HOME"] = str(sandbox / "share")
    os.environ["QT_SCALE_FACTOR"] = "1"
    os.environ.pop("NONOSTUDIO_TEST_SET", None)
    return sandbox


class _StoppedClock:
    """``time`` for the analysis modules: ``perf_counter`` stands still, so the seconds a grade
    took (the Difficulty panel's "graded in", Grade Folder's Seconds column) read 0.00 in every
    run; everything else is the real ``time``."""

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)

    @staticmethod
    def perf_counter() -> float:
        return 0.0


def _stop_analysis_clocks() -> None:
    """Import every analysis module and give those that time themselves the stopped clock."""
    import importlib
    import pkgutil

    import nonostudio.analysis

    prefix = nonostudio.analysis.__name__ + "."
    for info in pkgutil.walk_packages(nonostudio.analysis.__path__, prefix):
        module = importlib.import_module(info.name)
        if getattr(module, "time", None) is time:
            module.time = _StoppedClock()  # type: ignore[attr-defined]


def render(folder: Path) -> list[Path]:
    """Write one PNG per view into ``folder``; returns the paths."""
    sandbox = _isolate()
    from PySide6.QtCore import QSettings, QThreadPool
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication.instance() or QApplication(["gui_snapshots"])
    assert isinstance(app, QApplication)
    app.setStyle("Fusion")
    app.setFont(QFont("DejaVu Sans", 9))
    app.setCursorFlashTime(0)  # a text cursor that never blinks: the same in every grab

    _stop_analysis_clocks()
    from nonostudio.core.library import Library
    from nonostudio.core.paths import samples_dir

    AutosaveStore = _gui("AutosaveStore", "window.autosave", "autosave")
    MainWindow = _gui("MainWindow", "window.main_window", "mainwindow")

    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def settle(busy: Callable[[], bool] | None = None) -> None:
        deadline = time.monotonic() + WAIT_S
        for _ in range(5):
            app.processEvents()
        while busy is not None and busy() and time.monotonic() < deadline:
            time.sleep(0.01)
            app.processEvents()
        if busy is not None and busy():
            raise SystemExit("gui_snapshots: a view stayed busy for more than a minute")
        QThreadPool.globalInstance().waitForDone(10000)
        for _ in range(5):
            app.processEvents()

    def grab(widget: QWidget, name: str) -> None:
        path = folder / f"{name}.png"
        if not widget.grab().save(str(path), "PNG"):
            raise SystemExit(f"gui_snapshots: could not write {path}")
        written.append(path)

    library = Library(sandbox / "library.sqlite3")
    library.seed_samples(samples_dir())
    settings = QSettings(str(sandbox / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(library, settings, autosave=AutosaveStore([sandbox / "autosave"]))
    window.set_theme("light")
    entry = next(e for e in library.entries() if e.source == SAMPLE)
    getattr(window, "files", window).open_library_puzzle(entry.id)
    window.library_view.select_id(entry.id)
    window.resize(*WINDOW_SIZE)
    window.show()
    settle(lambda: window.check_panel.is_busy() or window.difficulty_panel.is_busy())

    grab(window, "main-window")
    grab(window.library_dock, "library")
    grab(window.editor, "editor")
    grab(window.check_dock, "check")
    grab(window.difficulty_dock, "difficulty")
    window.designer_dock.raise_()
    if window.designer_panel.run_checks():
        settle(window.designer_panel.is_busy)
    grab(window.designer_dock, "designer")

    solve = window.solve_view
    window.tabs.setCurrentWidget(solve)
    settle(solve.is_busy)
    trace = solve.trace()
    assert trace is not None
    solve.go_to(len(trace.steps) // 2)
    settle()
    grab(solve, "solve-step")
    solve.request_hint()
    settle()
    grab(solve, "solve-hint-1")
    solve.request_hint()
    settle()
    grab(solve, "solve-hint-2")
    getattr(solve, "ui", solve).hand_action.trigger()
    settle(solve.is_busy)
    grab(solve, "solve-by-hand")
    getattr(solve, "ui", solve).hand_action.trigger()
    settle(solve.is_busy)

    rules = window.rule_browser
    window.tabs.setCurrentWidget(rules)
    settle(rules.is_busy)
    grab(rules, "rules-techniques")
    rules.views.setCurrentIndex(1)
    settle(rules.is_busy)
    grab(rules, "rules-table")
    rules.views.setCurrentIndex(0)

    if window.jobs_panel is not None:
        window.tabs.setCurrentWidget(window.jobs_panel)
        settle()
        grab(window.jobs_panel, "jobs")
    window.tabs.setCurrentWidget(window.editor)
    settle()
    window.set_theme("dark")
    settle()
    grab(window, "main-window-dark")
    window.set_theme("light")
    settle()

    BatchGradeDialog = _gui("BatchGradeDialog", "library.batch_grade", "batch_grade")
    # a folder whose name, shown in the dialog, is the same wherever the checkout is
    folder_to_grade = Path(tempfile.gettempdir()) / "nonostudio-snapshots-samples"
    shutil.rmtree(folder_to_grade, ignore_errors=True)
    shutil.copytree(samples_dir(), folder_to_grade)
    batch = BatchGradeDialog(window, str(folder_to_grade))
    batch.resize(900, 600)
    batch.show()
    batch.start()
    settle(batch.is_busy)
    grab(batch, "batch-grade")
    batch.done(0)

    guide = getattr(window, "help", window).show_guide()
    guide.resize(800, 600)
    settle()
    grab(guide, "dialog-guide")
    guide.close()
    shortcuts = window.show_shortcuts()
    shortcuts.resize(600, 700)
    settle()
    grab(shortcuts, "dialog-shortcuts")
    shortcuts.close()

    PasteDialog = _gui("PasteDialog", "dialogs.paste", "paste_dialog")
    read_puzzle_text = _gui("read_puzzle_text", "window.file_commands", "window_files")

    paste = PasteDialog(read_puzzle_text, "5 5\n1 1\n", window)
    paste.resize(600, 400)
    paste.show()
    settle()
    grab(paste, "dialog-paste")
    paste.close()

    ImageImportDialog = _gui("ImageImportDialog", "dialogs.image_import", "image_import")

    image = ImageImportDialog(window)
    image.resize(800, 600)
    image.show()
    settle()
    grab(image, "dialog-image-import")
    image.close()

    from PySide6.QtWidgets import QMessageBox

    about_text = _gui("about_text", "window.help_commands", "window_help")

    about = QMessageBox(QMessageBox.Icon.NoIcon, "About", about_text(), parent=window)
    about.show()
    settle()
    grab(about, "dialog-about")
    about.close()

    window.cancel_background()
    window.autosaver.timer.stop()
    QThreadPool.globalInstance().waitForDone(10000)
    window.close()
    library.close()
    return written


def compare(before: Path, after: Path) -> int:
    """Print every view whose pixels differ (or that is missing); returns the number."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication, QImage

    _app = QGuiApplication.instance() or QGuiApplication(["gui_snapshots"])
    names = sorted({p.name for p in before.glob("*.png")} | {p.name for p in after.glob("*.png")})
    differ = 0
    for name in names:
        a, b = before / name, after / name
        if not a.is_file() or not b.is_file():
            print(f"{name}: only in {before if a.is_file() else after}")
            differ += 1
            continue
        left = QImage(str(a)).convertToFormat(QImage.Format.Format_ARGB32)
        right = QImage(str(b)).convertToFormat(QImage.Format.Format_ARGB32)
        if left.size() != right.size():
            sizes = f"{left.width()}x{left.height()} -> {right.width()}x{right.height()}"
            print(f"{name}: size {sizes}")
            differ += 1
            continue
        spots = [
            (x, y)
            for y in range(left.height())
            if left.constScanLine(y).tobytes() != right.constScanLine(y).tobytes()
            for x in range(left.width())
            if left.pixel(x, y) != right.pixel(x, y)
        ]
        if spots:
            xs, ys = [x for x, _ in spots], [y for _, y in spots]
            print(
                f"{name}: {len(spots)} pixel(s) differ, "
                f"within x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}"
            )
            differ += 1
        else:
            print(f"{name}: identical")
    print(f"{len(names)} view(s), {differ} differ" if names else "no PNG files to compare")
    del _app
    return differ


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "render":
        for path in render(Path(argv[1])):
            print(path)
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return 1 if compare(Path(argv[1]), Path(argv[2])) else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
