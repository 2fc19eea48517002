"""The ``nonostudio`` entry point: first start, damaged library, ``--screenshot`` with and
without FILE."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from app_process import run_driver
from mounts import tmpfs
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from screenshot_views import VIEWS
from studio_window import start_as_nonostudio

from nonostudio.core.paths import library_db_path, samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui import app
from nonostudio.gui.window import screenshots

# One xdist worker runs this module (``--dist loadgroup``): its module fixture is made once, and
# the module is handed out among the first units.
pytestmark = pytest.mark.xdist_group("test_app")


REPO = Path(__file__).resolve().parents[2]


DISPLAY_VARIABLES = ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")


def environment_without(*names: str) -> dict[str, str]:
    """This process's environment less the variables ``names``."""
    return {k: v for k, v in os.environ.items() if k not in names}


def run_app(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m nonostudio.gui.app ARGS`` as a real process from the repo, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "nonostudio.gui.app", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def mean_lightness(image: QImage) -> float:
    step = 16
    values = [
        image.pixelColor(x, y).lightness()
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    ]
    return sum(values) / len(values)


def distinct_colours(image: QImage) -> int:
    return len(
        {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    )


def test_first_start_seeds_the_samples_only_once(data_dir: Path) -> None:
    library, notes = app.open_library()
    samples = sorted(p.name for p in samples_dir().glob("*.non"))
    assert notes == []
    assert sorted(e.source.removeprefix("sample: ") for e in library.entries()) == samples
    first = library.entries()[0]
    library.remove(first.id)
    library.close()
    library, notes = app.open_library()
    assert len(library) == len(samples) - 1
    assert first.id not in [e.id for e in library.entries()]
    library.close()


def test_damaged_library_is_moved_aside_and_reported(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    junk = b"GIF89a not a database" * 50
    library_db_path().write_bytes(junk)
    library, notes = app.open_library()
    assert len(notes) == 1 and "moved to" in notes[0] and str(library_db_path()) in notes[0]
    assert len(library) == len(list(samples_dir().glob("*.non")))  # a fresh, seeded library
    assert "empty" not in notes[0]  # (it said "a new, empty library", which holds the samples)
    library.close()
    moved = [p for p in data_dir.iterdir() if ".unusable-" in p.name]
    assert [p.read_bytes() for p in moved] == [junk]


@pytest.fixture(scope="module")
def rules_tab_measured(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The Rules tab's measures (its rule set's coverage, the techniques' placement and
    frequencies, real examples from the seeded library's puzzles) worked out once for this
    module's ``--screenshot`` runs, by a Rules browser of its own on a library seeded as theirs
    are.  The browsers keep those measures for the process (class-wide caches keyed by the rule
    set, the test set and the puzzles), so each run's Rules tab shows them at once instead of
    waiting the screenshots' 5 s limit for work that is cut off and redone by the next run."""
    from nonostudio.gui.rules.browser import RuleBrowser

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NONOSTUDIO_DATA_DIR", str(tmp_path_factory.mktemp("rules-tab") / "data"))
        library, notes = app.open_library()
        assert notes == []
        browser = RuleBrowser(load=False)
        browser.set_library(library)
        browser.show()  # the chosen set is shown, measured and its examples sought
        deadline = time.monotonic() + 120
        while browser.is_busy() and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.01)
        assert not browser.is_busy(), "the Rules tab's measures took over 120 s"
        browser.close()
        browser.deleteLater()
        QApplication.processEvents()
        library.close()


@pytest.mark.usefixtures("rules_tab_measured")
def test_screenshot_option_renders_every_view(
    qapp: QApplication, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shots"
    assert app.main(["--screenshot", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(VIEWS)
    images = {name: QImage(str(out / name)) for name in VIEWS}
    for name, image in images.items():
        assert not image.isNull() and image.width() >= 150 and image.height() >= 80, name
        assert distinct_colours(image) > 3, f"{name} looks blank"
    assert (images["main-window.png"].width(), images["main-window.png"].height()) == (1440, 900)
    light, dark = images["main-window.png"], images["main-window-dark.png"]
    assert mean_lightness(dark) < mean_lightness(light) - 60
    assert capsys.readouterr().out.split() == [str(out / name) for name in VIEWS]


@pytest.mark.slow
@pytest.mark.usefixtures("rules_tab_measured")
def test_screenshot_of_a_file_shows_that_file(
    qapp: QApplication, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle_file = tmp_path / "bar.non"
    puzzle_file.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    titles: list[str] = []
    grab = screenshots._grab

    def noted_grab(widget: QWidget, path: Path) -> Path:
        titles.append(widget.window().windowTitle())
        return grab(widget, path)

    monkeypatch.setattr(screenshots, "_grab", noted_grab)
    assert app.main(["--screenshot", str(tmp_path / "shots"), str(puzzle_file)]) == 0
    assert titles and all(t.startswith("bar.non") for t in titles)


@pytest.mark.slow
@pytest.mark.usefixtures("rules_tab_measured")
@pytest.mark.parametrize("with_picture", [True, False], ids=["picture", "clues only"])
def test_screenshot_of_a_colour_file_shows_it_in_the_colour_editor(
    qapp: QApplication, data_dir: Path, tmp_path: Path, with_picture: bool
) -> None:
    """The editor shows the picture: the file's, or (clues only) the one looked for off the GUI
    thread, which the screenshots wait for."""
    from PySide6.QtGui import QColor

    from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette
    from nonostudio.core.formats import write_file

    palette = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
    goal = ((1, 2), (2, 1)) if with_picture else None
    rows = (((1, 1), (1, 2)), ((1, 2), (1, 1)))
    puzzle_file = tmp_path / "flag.xml"
    write_file(ColourPuzzle(palette, rows, rows, title="Flag", goal=goal), puzzle_file)
    assert app.main(["--screenshot", str(tmp_path / "shots"), str(puzzle_file)]) == 0
    editor = QImage(str(tmp_path / "shots" / "editor.png"))
    seen = {
        QColor(editor.pixel(x, y)).name()
        for x in range(0, editor.width(), 3)
        for y in range(0, editor.height(), 3)
    }
    assert {"#d62728", "#1f77b4"} <= seen


def test_screenshot_of_a_bad_file_fails_with_message(
    qapp: QApplication, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 1\nrows\nfoo\ncolumns\n1\n1\n")
    assert app.main(["--screenshot", str(tmp_path / "shots"), str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.non" in err and "line 4" in err and "Traceback" not in err


# ``--screenshot`` as a real process with no display and no QT_QPA_PLATFORM, on a fresh data
# folder, every view written: the README's example does that run, and
# tests/test_readme_examples.py checks the same of it (one such process start for the suite).


# --- a data folder that cannot be written ----------------------------------------------------


@contextmanager
def read_only_folder(folder: Path, prepare: Callable[[Path], None] | None = None) -> Iterator[Path]:
    """``folder`` (first filled by ``prepare``) where writes really fail, even for root.

    As root: a tmpfs remounted read-only (chmod does not stop root). Other users: mode 0555.
    """
    folder.mkdir(parents=True)
    if os.geteuid() != 0:
        if prepare is not None:
            prepare(folder)
        for path in folder.rglob("*"):
            path.chmod(0o555 if path.is_dir() else 0o444)
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    with tmpfs(folder, "size=16m"):
        if prepare is not None:
            prepare(folder)
        remount = subprocess.run(
            ["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True, check=False
        )
        assert remount.returncode == 0, remount.stderr
        yield folder


def a_library_in(folder: Path) -> None:
    os.environ["NONOSTUDIO_DATA_DIR"] = str(folder)
    library, notes = app.open_library()
    assert notes == [] and len(library) > 0
    library.close()


# Starts the real studio, answers each message box (recording its text) and, once the window
# has been idle with no box for a second, records what it shows and closes it like a user.
DRIVER = textwrap.dedent("""
    import json, sys, time
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox
    from nonostudio.gui import app
    from nonostudio.gui.window.main_window import MainWindow

    qapp = QApplication([sys.argv[0]])
    seen = {"boxes": []}
    quiet_since = [None]

    def poll():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen["boxes"].append(box.text() + " " + box.informativeText())
            box.done(0)
            quiet_since[0] = None
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()]
        if windows and box is None:
            quiet_since[0] = quiet_since[0] or time.monotonic()
            if time.monotonic() - quiet_since[0] > 1.0:
                w = windows[0]
                seen["banner"] = w.banner.text() if w.banner.isVisible() else None
                seen["puzzles"] = w.library_view.proxy.rowCount()
                seen["title"] = w.windowTitle()
                print(json.dumps(seen), flush=True)
                w.close()
                return
        QTimer.singleShot(100, poll)

    QTimer.singleShot(100, poll)
    sys.exit(app.main(sys.argv[1:]))
""")


def run_studio(tmp_path: Path, data: Path, *args: str) -> tuple[dict, subprocess.CompletedProcess]:
    result = run_driver(tmp_path, DRIVER, data, *args, cwd=REPO)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the studio did not come up: {result.stderr}"
    return json.loads(lines[-1]), result


@pytest.mark.slow
def test_start_with_a_read_only_library_and_data_folder(tmp_path: Path) -> None:
    with read_only_folder(tmp_path / "data", a_library_in) as data:
        with pytest.raises(OSError):
            (data / "probe").write_text("x")
        before = sorted(p.name for p in data.iterdir())
        seen, result = run_studio(tmp_path, data)
        assert sorted(p.name for p in data.iterdir()) == before  # nothing written there
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert seen["puzzles"] == len(list(samples_dir().glob("*.non")))
    assert seen["banner"] and seen["banner"].startswith("The library is read-only (")
    assert "your unsaved work is kept in" in seen["banner"]
    assert any("read-only" in box for box in seen["boxes"])
    assert "logging to stderr" in result.stderr  # the log could not be written there either


@pytest.mark.slow
def test_start_with_an_empty_read_only_data_folder(tmp_path: Path) -> None:
    with read_only_folder(tmp_path / "data") as data:
        seen, result = run_studio(tmp_path, data)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert any("in memory only" in box for box in seen["boxes"])
    assert seen["title"].startswith("Untitled")


@pytest.mark.slow
@pytest.mark.usefixtures("rules_tab_measured")
def test_screenshots_with_a_read_only_data_folder(
    qapp: QApplication,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # In this process, as test_screenshot_option_renders_every_view: the headless start of a
    # real process is test_screenshot_runs_headless_as_a_real_process's point, not this one's.
    out = tmp_path / "shots"
    with read_only_folder(tmp_path / "data") as data:
        monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(data))
        assert app.main(["--screenshot", str(out)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    # every view but Jobs, which needs a job store (none can be created there)
    names = {p.name for p in out.iterdir()}
    assert set(VIEWS) - {"jobs.png"} <= names <= set(VIEWS)


# --- work left by a crash --------------------------------------------------------------------


def test_start_offers_to_restore_work_left_by_a_crash(
    qapp: QApplication, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonostudio.gui.editor.view import EditorView
    from nonostudio.gui.window.autosave import AutosaveStore
    from nonostudio.gui.window.main_window import MainWindow

    editor = EditorView()
    editor.new_puzzle(3, 2)
    editor.ui.meta_edits["title"].setText("Left behind")
    cells = editor.grid.cells()
    cells[0, :] = 1
    editor.grid.set_cells(cells)
    state = {"editor": editor.snapshot(), "path": None, "format": None, "library_id": None}
    editor.deleteLater()
    crashed = AutosaveStore()
    crashed.save(state)
    crashed.abandon()  # as if the process had died

    asked: list[str] = []
    seen: dict[str, object] = {}

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        return QMessageBox.StandardButton.Open.value  # the button labelled Restore

    def in_event_loop(window: MainWindow) -> None:
        assert isinstance(window, MainWindow) and window.isVisible()
        seen["puzzle"] = window.editor.puzzle()
        seen["modified"] = window.isWindowModified()
        seen["hook"] = sys.excepthook

    monkeypatch.setattr(QMessageBox, "exec", answer)
    hook = sys.excepthook
    assert start_as_nonostudio(monkeypatch, in_event_loop) == 0
    assert len(asked) == 1 and "Left behind" in asked[0]
    puzzle = seen["puzzle"]
    assert isinstance(puzzle, Puzzle)
    assert puzzle.title == "Left behind" and puzzle.rows == ((3,), ())
    assert seen["modified"] is True
    assert getattr(seen["hook"], "__self__", None).__class__.__name__ == "CrashReporter"
    assert sys.excepthook is hook  # put back when the studio ends
    assert (data_dir / "logs" / "nonostudio.log").read_text().count("Nonostudio stopped") == 1


# --- no display ------------------------------------------------------------------------------


def test_without_a_display_the_studio_says_so_and_exits_1(tmp_path: Path) -> None:
    env = environment_without(*DISPLAY_VARIABLES)
    env["NONOSTUDIO_DATA_DIR"] = str(tmp_path / "data")
    result = run_app(env)
    assert result.returncode == 1
    assert "there is no display" in result.stderr
    assert "DISPLAY" in result.stderr and "WAYLAND_DISPLAY" in result.stderr
    assert "--screenshot" in result.stderr and "QT_QPA_PLATFORM=offscreen" in result.stderr
    assert "Reinstalling" not in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "data" / "library.sqlite3").exists()  # nothing was started


def test_missing_xcb_libraries_are_named_with_their_debian_packages() -> None:
    from nonostudio.gui.app import XCB_PACKAGES, display_problem

    env = {"DISPLAY": ":0"}
    problem = display_problem(env, "linux", loads=lambda lib: lib != "libxcb-cursor.so.0")
    assert problem is not None
    assert "sudo apt install libxcb-cursor0\n" in problem
    assert all(package in problem for package in XCB_PACKAGES)  # the whole list
    assert "--screenshot" in problem
    assert (
        display_problem(env, "linux", loads=lambda lib: True, reachable=lambda display: True)
        is None
    )
    gone = display_problem(env, "linux", loads=lambda lib: True, reachable=lambda display: False)
    assert gone is not None and "no X server answers on display :0" in gone
    assert display_problem({}, "linux") is not None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({}, "win32") is None


def test_a_display_nobody_answers_is_named(tmp_path: Path) -> None:
    env = environment_without("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")
    env["DISPLAY"] = ":9937"  # no X server there
    env["NONOSTUDIO_DATA_DIR"] = str(tmp_path / "data")
    result = run_app(env)
    assert result.returncode == 1
    assert "no X server answers on display :9937" in result.stderr
    assert "Reinstalling" not in result.stderr
