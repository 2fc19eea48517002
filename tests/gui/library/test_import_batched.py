"""An import stores its puzzles a batch to a write (``Library.add_many``), not one a write: each
write waits for the disk, and one a puzzle took Janko's 2,307 new puzzles 31.4 s to add."""

from __future__ import annotations

from pathlib import Path

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.importing import Imported, add_read


def bars(n: int) -> list[tuple[Path, Puzzle]]:
    """``n`` different puzzles read from ``n`` files (bar k: k + 1 cells long of n)."""
    return [
        (
            Path(f"bar{k}.non"),
            Puzzle(((k + 1,),), tuple((1,) if c <= k else () for c in range(n)), title=f"B{k}"),
        )
        for k in range(n)
    ]


ADD_BATCH = 50  # puzzles a write (importing.ADD_BATCH)


def test_an_import_writes_a_batch_at_a_time(tmp_path: Path) -> None:
    read = bars(120)
    with Library(tmp_path / "lib.sqlite3") as library:
        before = library._writes
        imported = Imported(len(read))
        assert add_read(library, read, imported, 0, float("inf")) == len(read)
        writes = library._writes - before
        assert writes <= -(-len(read) // ADD_BATCH) < 10, writes  # one a puzzle: 120
        assert imported.added == len(read) == len(library)
        stored = [(library.get(id).title, library.entry(id).source) for id in imported.ids]
        assert stored == [(p.title, str(path)) for path, p in read]


def test_a_refused_write_stores_none_of_its_batch_and_says_what_was_left(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.sqlite3"
    Library(path).close()
    read = bars(7)
    with Library(path, read_only=True) as library:
        imported = Imported(len(read))
        assert add_read(library, read, imported, 0, float("inf")) == len(read)
        assert imported.added == 0 and imported.ids == [] and len(library) == 0
        [error] = imported.errors
        assert error.startswith("bar0.non: The library is read-only: cannot add the puzzle “B0”")
        assert error.endswith("(6 more files not imported)")
