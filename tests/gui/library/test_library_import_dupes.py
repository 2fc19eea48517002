"""Importing a puzzle the library has already (the same clues, and for colour the same colours)
does not add it again, whatever its title, and the import's summary says how many were there:
importing one folder twice gave two rows of every puzzle, silently."""

from __future__ import annotations

from pathlib import Path

from library_views import make_view

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
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.importing import Imported, add_read, import_now, summary

RED = Colour("red", "#d62728", "r")


def bw_files(folder: Path) -> list[Path]:
    """Two different black-and-white puzzles in files."""
    tee = folder / "tee.non"
    tee.write_text('title "Tee"\nwidth 3\nheight 2\nrows\n3\n1\ncolumns\n1\n2\n1\n')
    bar = folder / "bar.non"
    bar.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    return [tee, bar]


def test_black_and_white_files_imported_twice_are_added_once(tmp_path: Path) -> None:
    files = bw_files(tmp_path)
    with Library(tmp_path / "lib.sqlite3") as library:
        first = import_now(library, files)
        assert (first.added, first.known) == (2, [])
        again = import_now(library, files)
        assert len(library) == 2
        assert again.added == 0 and again.ids == []
        assert [(k.path, k.id, k.this_import) for k in again.known] == [
            (files[0], first.ids[0], False),
            (files[1], first.ids[1], False),
        ]
        assert summary(again) == (
            "2 files: 0 puzzles added, 2 already in the library (not added again)."
        )


def test_the_same_clues_under_another_title_are_the_same_puzzle(tmp_path: Path) -> None:
    """The title does not count: the summary says the library has it under another title.  A
    puzzle met twice in one import is added once."""
    with Library(":memory:") as library:
        tee = library.add(Puzzle(((3,), (1,)), ((1,), (2,), (1,)), title="Tee"))
        imported = Imported(3)
        read = [
            (Path("t.non"), Puzzle(((3,), (1,)), ((1,), (2,), (1,)), title="T shape")),
            (Path("e.non"), Puzzle(((3,), ()), ((1,), (1,), (1,)), title="Bar on top")),
            (Path("f.non"), Puzzle(((3,), ()), ((1,), (1,), (1,)), title="Bar on top")),
        ]
        add_read(library, read, imported, 0, float("inf"))
        assert len(library) == 2 and imported.added == 1
        assert [(k.id, k.title, k.this_import, k.other_title) for k in imported.known] == [
            (tee, "Tee", False, True),
            (imported.ids[0], "Bar on top", True, False),
        ]
        assert summary(imported) == (
            "3 files: 1 puzzle added, 1 already in the library, 1 the same puzzle as an earlier "
            "file of this import (not added again; 1 of them there under another title: t.non "
            "as “Tee”)."
        )


def flag(palette: Palette, goal: tuple[tuple[int, ...], ...], title: str) -> ColourPuzzle:
    rows, cols = clues_of_colour_grid(goal)
    return ColourPuzzle(palette, rows, cols, title=title, goal=goal)


def test_colour_puzzles_are_the_same_with_the_same_colours(tmp_path: Path) -> None:
    """Colour: the clues with each block's colour (its RGB value; the palette's order and names
    do not count); the same blocks in other colours are another puzzle."""
    goal = ((1, 1, 2), (0, 2, 2))
    swapped = ((2, 2, 1), (0, 1, 1))  # the same picture with the palette's order turned round
    xml, g = tmp_path / "flag.xml", tmp_path / "flag.g"
    write_file(flag(Palette((WHITE, BLACK, RED)), goal, "Flag"), xml)
    write_file(flag(Palette((WHITE, RED, Colour("ink", "#000000", "k"))), swapped, "Flag"), g)
    other = tmp_path / "blue.xml"
    blue = Colour("blue", "#1f77b4", "b")
    write_file(flag(Palette((WHITE, BLACK, blue)), goal, "Flag"), other)
    with Library(":memory:") as library:
        first = import_now(library, [xml, g, other])
        assert first.added == 2 and [(k.path, k.this_import) for k in first.known] == [(g, True)]
        again = import_now(library, [g, xml, other])
        assert len(library) == 2 and again.added == 0
        assert [k.id for k in again.known] == [first.ids[0], first.ids[0], first.ids[1]]
        assert summary(again) == (
            "3 files: 0 puzzles added, 3 already in the library (not added again)."
        )


def test_the_studio_says_so_after_an_import(qtbot, small_library: Library, tmp_path: Path) -> None:
    files = bw_files(tmp_path)
    view = make_view(qtbot, small_library)
    assert view.import_files(files) == (2, [])
    assert view.import_files(files) == (0, [])
    assert len(small_library) == 3 + 2
    said = "Import of 2 files: 0 puzzles added, 2 already in the library (not added again)."
    assert view.status_label.isVisible() and view.status_label.text() == said
    view.select_id(1)  # (the status line is made again: it keeps saying so)
    assert view.status_label.isVisible() and view.status_label.text() == said
    with qtbot.waitSignal(view.importer.finished, timeout=5000):  # Import Files
        view.start_import(files[:1])
    assert len(small_library) == 3 + 2
    assert view.status_label.text() == (
        "Import of 1 file: 0 puzzles added, 1 already in the library (not added again)."
    )
    assert view.selected_ids() == [small_library.entries()[3].id]  # the puzzle there


def test_the_library_keys_a_stored_puzzle_as_the_puzzle(monkeypatch) -> None:
    """The library's index (read in SQL, or from each document where SQLite has no JSON) finds
    a stored puzzle under the key of the puzzle itself."""
    from nonostudio.core.library import store
    from nonostudio.core.library.records import clue_key, document_clue_key, puzzle_to_json

    puzzles = [
        Puzzle(((3,),), ((1,), (1,), (1,)), title="Bar"),  # 3x1
        flag(Palette((WHITE, BLACK, RED)), ((1, 1, 2), (0, 2, 2)), "Flag"),
    ]
    with Library(":memory:") as library:
        ids = [library.add(p) for p in puzzles]
        wanted = {clue_key(p): (id, p.title) for id, p in zip(ids, puzzles, strict=True)}
        assert len(wanted) == 2 and library.clue_index() == wanted
        assert library.clue_index(sizes={(3, 1)}) == {clue_key(puzzles[0]): (ids[0], "Bar")}
        monkeypatch.setattr(store, "_has_sql_json", lambda conn: False)
        assert library.clue_index() == wanted
    assert [document_clue_key(puzzle_to_json(p)) for p in puzzles] == list(wanted)
