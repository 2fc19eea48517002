"""Colour puzzles in the studio's library: imported from a file, listed with their colour count
and a thumbnail in their colours, checked and graded in the background with the colour solver
and grade, opened into the colour editor, added and saved back."""

from __future__ import annotations

from pathlib import Path

from library_views import make_view, visible_titles
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor

from nonostudio.analysis.grades.difficulty import LABELS
from nonostudio.core.colour.model import (
    BLACK,
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.solver import Verdict
from nonostudio.gui.library.fill import check_and_grade
from nonostudio.gui.library.model import COLOURS, DECORATION, TITLE
from nonostudio.gui.window.main_window import MainWindow

PALETTE = Palette((WHITE, BLACK, Colour("red", "#d62728", "r")))
# every row and column is one block of one colour: unique, and line logic solves it
GOAL = ((2, 2, 2, 2), (0, 0, 0, 0), (1, 1, 1, 1), (0, 0, 0, 0))


def flag(title: str = "Flag") -> ColourPuzzle:
    rows, cols = clues_of_colour_grid(GOAL)
    return ColourPuzzle(PALETTE, rows, cols, title=title, goal=GOAL)


def row_of(view, title: str) -> int:
    return visible_titles(view).index(title)


def test_import_keeps_a_colour_file_and_lists_its_colours_and_thumbnail(
    qtbot, qtmodeltester, small_library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "flag.xml"
    write_file(flag(), path)
    view = make_view(qtbot, small_library)
    added, errors = view.import_files([path])
    assert (added, errors) == (1, [])
    qtmodeltester.check(view.model)
    row = row_of(view, "Flag")
    assert view.proxy.index(row, COLOURS).data() == "2"
    assert view.proxy.index(row_of(view, "Tee"), COLOURS).data() == ""
    assert view.proxy.index(row_of(view, "Tee"), TITLE).data(DECORATION) is None
    thumbnail = view.proxy.index(row, TITLE).data(DECORATION)
    image = thumbnail.toImage()
    assert max(image.width(), image.height()) == 16
    # the top rows of the picture are red, the third row black, in the puzzle's own colours
    assert image.pixelColor(image.width() // 2, 0) == QColor("#d62728")
    assert image.pixelColor(image.width() // 2, image.height() * 5 // 8) == QColor("#000000")
    (entry,) = [e for e in small_library.entries() if e.title == "Flag"]
    assert small_library.get_any(entry.id) == flag()


def test_background_check_of_a_colour_puzzle_uses_the_colour_solver_and_grade() -> None:
    verdict, difficulty = check_and_grade(flag(), "", "", "control", lambda: False)
    assert verdict == Verdict.UNIQUE_LINE.label
    assert difficulty in LABELS


def test_a_stopped_background_check_of_a_colour_puzzle_ends_at_once() -> None:
    """A colour grade that is stopped ends within a moment (it ran to its time limit, seconds,
    holding a worker thread, with the result dropped)."""
    import random
    import time

    rng = random.Random(5)
    picture = tuple(tuple(rng.choice([0, 0, 1, 2, 1]) for _ in range(40)) for _ in range(40))
    big = ColourPuzzle(PALETTE, *clues_of_colour_grid(picture))
    started = time.monotonic()
    end = started + 0.3
    verdict, difficulty = check_and_grade(big, "x", "", "control", lambda: time.monotonic() > end)
    assert time.monotonic() - started < 2.0
    assert (verdict, difficulty) == ("x", "")


def test_a_colour_library_puzzle_opens_in_the_colour_editor_and_saves_back(
    qtbot, small_library: Library, tmp_path: Path
) -> None:
    id = small_library.add(flag())
    window = MainWindow(
        small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    try:
        assert window.files.open_library_puzzle(id)
        assert window.files.is_colour()
        assert window.colour_editor.puzzle() == flag()
        # saved back to the library as a colour puzzle, not refused
        window.colour_editor.set_puzzle(flag("Flag 2"))
        window.colour_editor.set_modified(True)
        assert window.files.save()
        assert small_library.get_any(id) == flag("Flag 2")
        # Add Current Puzzle stores the colour puzzle as a new entry
        new = window.library_commands.add_to_library()
        assert new is not None and new != id
        assert small_library.get_any(new) == flag("Flag 2")
        assert not window.files.is_modified()
    finally:
        window.cancel_background()


def test_a_puzzle_without_a_picture_shows_its_solution_once_found(
    qtbot, small_library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "flag.g"  # .g holds no picture (and here no title)
    write_file(flag(""), path)
    view = make_view(qtbot, small_library)
    assert view.import_files([path]) == (1, [])
    row = row_of(view, "flag")  # the file's name stands for the missing title
    first = view.proxy.index(row, TITLE).data(DECORATION).toImage()
    assert first.width() == first.height() == 16  # the palette's stripes meanwhile
    qtbot.waitUntil(lambda: not view.model.is_solving_thumbnails(), timeout=10000)
    image = view.proxy.index(row, TITLE).data(DECORATION).toImage()
    assert image.pixelColor(image.width() // 2, 0) == QColor("#d62728")
    assert image.pixelColor(image.width() // 2, image.height() * 5 // 8) == QColor("#000000")


def test_thumbnail_solving_has_its_own_thread_and_stops_with_the_window(
    qtbot, small_library: Library, tmp_path: Path
) -> None:
    ids = [
        small_library.add(ColourPuzzle(PALETTE, flag().rows, flag().cols, title=f"f{i}"))
        for i in range(6)
    ]
    window = MainWindow(
        small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    model = window.library_view.model
    model.refresh()
    for id in ids:  # as the view asks for the rows it paints
        model.index(model.row_of(id), TITLE).data(DECORATION)
    assert model.is_solving_thumbnails()
    window.cancel_background()  # closing: the queued thumbnails are dropped, not waited for
    assert not model.is_solving_thumbnails()
    assert model.cancel_thumbnails(wait_ms=5000)


def test_a_check_of_an_edited_colour_library_puzzle_is_not_cached(
    qtbot, small_library: Library, tmp_path: Path, monkeypatch
) -> None:
    from nonostudio.core.colour.solver import solve_colour

    id = small_library.add(flag())
    stored: list[tuple[int, str]] = []
    monkeypatch.setattr(small_library, "set_verdict", lambda i, text: stored.append((i, text)))
    window = MainWindow(
        small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    try:
        assert window.files.open_library_puzzle(id)
        result = solve_colour(flag().rows, flag().cols, 3)
        window.colour_editor.set_modified(True)  # the clues on screen are not the stored ones
        window.library_commands.cache_verdict(result)
        assert stored == []
        window.colour_editor.set_modified(False)
        window.library_commands.cache_verdict(result)
        assert stored == [(id, result.verdict.label)]
    finally:
        window.cancel_background()


def test_the_background_check_shows_progress_within_a_puzzle_of_either_kind(
    qtbot, tmp_path: Path
) -> None:
    """The bar moves while one puzzle is checked and graded (the share of cells decided), for a
    colour puzzle as for a black-and-white one: between 'none done' and 'all done' the filler
    reports fractions of the one puzzle with how far it is."""
    import random

    from nonostudio.core.puzzle import Puzzle
    from nonostudio.gui.library.fill import LibraryFiller

    rng = random.Random(11)
    colour = tuple(tuple(rng.choice([0, 1, 2, 2, 0]) for _ in range(12)) for _ in range(12))
    bw = [[int(c <= r or c == 11 - r) for c in range(12)] for r in range(12)]  # line logic
    for puzzle in (
        ColourPuzzle(PALETTE, *clues_of_colour_grid(colour), title="c"),
        Puzzle.from_grid(bw, title="bw"),
    ):
        library = Library(tmp_path / f"{puzzle.title}.sqlite3")
        library.add(puzzle)
        filler = LibraryFiller(library)
        heard: list[tuple[float, str]] = []
        filler.progress.connect(lambda f, m, heard=heard: heard.append((f, m)))
        with qtbot.waitSignal(filler.finished, timeout=30000):
            filler.start()
        within = [(f, m) for f, m in heard if 0.0 < f < 1.0]
        assert within, (puzzle.title, heard)
        assert all("(this one " in m for _, m in within)
        assert [f for f, _ in heard] == sorted(f for f, _ in heard)  # it never goes back
        (entry,) = library.entries()
        assert entry.verdict and entry.difficulty
        library.close()


def test_the_colour_difficulty_panel_grade_is_kept_in_the_library(
    qtbot, small_library: Library, tmp_path: Path, monkeypatch
) -> None:
    """As for black and white: a colour library puzzle graded by the Difficulty panel keeps its
    label in the library, and only that one: not an Undecided one, nor the black-and-white
    panel's grade of the puzzle shown before (it landed after the colour one opened and was
    kept as its difficulty, 'Beginner')."""
    from nonostudio.analysis.colour.grade import colour_grade

    id = small_library.add(flag())
    stored: list[tuple[int, str]] = []
    monkeypatch.setattr(small_library, "set_difficulty", lambda i, text: stored.append((i, text)))
    window = MainWindow(
        small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    try:
        panel = window.colour_pages().difficulty_panel
        with qtbot.waitSignal(panel.gradeReady, timeout=20000) as ready:
            assert window.files.open_library_puzzle(id)
        assert stored == [(id, ready.args[0].label)] and ready.args[0].label == (
            colour_grade(flag()).label
        )
        stored.clear()
        stopped = colour_grade(flag(), should_stop=lambda: True)
        assert stopped.label == "Undecided"
        window.library_commands.cache_grade(stopped)
        assert stored == []
    finally:
        window.cancel_background()
