"""Import Files takes every puzzle of a collection file, as File > Open promises ("Import Files
adds them all to the library"); it took the first only: r-nonogram's 4,188-puzzle
puzzle_string_library.txt imported as 1 puzzle, not a word of the others (seen under Xvfb)."""

from __future__ import annotations

from pathlib import Path

from nonostudio.core.library import Library
from nonostudio.gui.library.importing import Imported, import_now, stopped_text, summary

# Three puzzle strings (rows-columns), the third with a clue '1,0' no picture has.
LINES = ["1:1-1:1", "2:1-1:2", "1,0:1-1:1", "1:2:1-1,1:1:1"]


def test_every_puzzle_of_a_collection_is_imported(tmp_path: Path) -> None:
    path = tmp_path / "set.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    with Library(":memory:") as library:
        imported = import_now(library, [path])
        titles = sorted(e.title for e in library.entries())
    assert imported.added == 3 and imported.puzzles == 3 and len(imported.errors) == 1
    assert "line 3" in imported.errors[0] and "set.txt" in imported.errors[0]
    assert titles == ["set 1", "set 2", "set 4"]  # untitled: the file's name and place
    assert summary(imported) == "1 file: 3 puzzles added."
    with Library(":memory:") as library:  # a file given twice: its puzzles repeat
        twice = summary(import_now(library, [path, path]))
    assert twice.endswith(
        "3 the same puzzle as an earlier puzzle of this import (not added again)."
    )


def test_a_stopped_import_of_a_collection_counts_puzzles_not_files() -> None:
    stopped = Imported(total=1, added=1200, puzzles=4188)
    assert (
        stopped_text(stopped) == "Import stopped: 1,200 of the 4,188 puzzles in 1 file were added."
    )


def test_a_bad_first_puzzle_does_not_drop_the_collection(tmp_path: Path) -> None:
    # The bad line first: the import said "1 file: 0 puzzles added", not a word of the other
    # two, where the same file with the bad line second added them (a reviewer's reproducer).
    path = tmp_path / "set.txt"
    path.write_text("1:1-1\n1:1-1:1\n1-1\n", encoding="utf-8")
    with Library(":memory:") as library:
        imported = import_now(library, [path])
    assert imported.added == 2 and len(imported.errors) == 1
    assert "line 1" in imported.errors[0] and "set.txt" in imported.errors[0]
