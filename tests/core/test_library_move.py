"""A session that started on an in-memory library moves into its file once the file can be
opened: the puzzles added meanwhile are copied in with what was cached and played, nothing else."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from library_hooks import make_file_libraries_query_only

from nonostudio.core.library import READ_ONLY, REFUSED, Library, LibraryError
from nonostudio.core.library import store as library_store
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle


def picture(title: str, size: int = 4) -> Puzzle:
    grid = np.eye(size, dtype=np.int8)
    grid[0, :] = 1
    return Puzzle.from_grid(grid, title=title, author="Ann", licence="CC0-1.0")


def listing(library: Library) -> list[tuple[str, str, str, str]]:
    return [(e.title, e.source, e.verdict, e.difficulty) for e in library.entries()]


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> tuple[Library, dict[str, int]]:
    """An in-memory library seeded with the samples, where the user added two puzzles (one
    checked and graded, one half played) and changed one sample, a second later."""
    memory = Library(":memory:")
    memory.seed_samples(samples_dir())
    monkeypatch.setattr(library_store, "now", lambda: "2030-01-01T00:00:00+00:00")
    ids = {
        "checked": memory.add(picture("checked"), source="/home/ann/checked.non"),
        "played": memory.add(picture("played", 5), source=""),
    }
    memory.set_verdict(ids["checked"], "unique")
    memory.set_difficulty(ids["checked"], "Easy")
    cells = np.full((5, 5), -1, dtype=np.int8)
    cells[0, :] = 1
    memory.save_hand_progress(ids["played"], cells, seconds=42.0)
    sample = memory.entries()[0]
    memory.update(sample.id, picture("my version of a sample"))
    ids["sample"] = sample.id
    return memory, ids


def test_the_session_s_puzzles_are_copied_into_a_new_file_and_it_carries_on_there(
    tmp_path: Path, session: tuple[Library, dict[str, int]]
) -> None:
    memory, ids = session
    db = tmp_path / "data" / "library.sqlite3"
    kept = {e.title: e for e in memory.entries()}
    moved = memory.move_into(db)
    assert sorted(moved) == sorted(ids.values())
    assert not memory.in_memory and memory.path == db and not memory.read_only
    assert sorted(listing(memory)) == sorted(
        [
            ("checked", "/home/ann/checked.non", "unique", "Easy"),
            ("played", "", "", ""),
            ("my version of a sample", kept["my version of a sample"].source, "", ""),
        ]
    )
    assert memory.get(moved[ids["checked"]]) == picture("checked")
    progress = memory.hand_progress(moved[ids["played"]])
    assert progress is not None and progress.seconds == 42.0
    assert (progress.cells[0] == 1).all() and (progress.cells[1:] == -1).all()
    added = memory.add(picture("after the move"))  # written to the file from now on
    memory.close()
    with Library(db) as again:
        assert len(again) == 4 and again.get(added).title == "after the move"
        assert again.meta("samples_seeded") is None  # the file still gets its own samples


def test_an_existing_library_keeps_its_puzzles_and_gets_the_session_s_after_them(
    tmp_path: Path, session: tuple[Library, dict[str, int]]
) -> None:
    memory, ids = session
    db = tmp_path / "library.sqlite3"
    with Library(db) as before:
        first = before.add(picture("already there"))
    moved = memory.move_into(db)
    titles = [e.title for e in memory.entries()]
    assert titles[0] == "already there" and memory.get(first).title == "already there"
    assert first not in moved.values() and len(titles) == 4
    memory.close()


def test_a_file_that_still_cannot_be_opened_changes_nothing(
    tmp_path: Path, session: tuple[Library, dict[str, int]]
) -> None:
    memory, _ = session
    before = listing(memory)
    folder = tmp_path / "library.sqlite3"
    folder.mkdir()
    with pytest.raises(LibraryError, match="is a folder") as info:
        memory.move_into(folder)
    assert info.value.kind == REFUSED
    assert memory.in_memory and listing(memory) == before
    memory.add(picture("still in memory"))
    assert len(memory) == len(before) + 1
    memory.close()


def test_a_read_only_file_is_not_moved_into(
    tmp_path: Path, session: tuple[Library, dict[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    memory, _ = session
    db = tmp_path / "library.sqlite3"
    Library(db).close()
    make_file_libraries_query_only(monkeypatch)
    with pytest.raises(LibraryError, match="cannot be written") as info:
        memory.move_into(db)
    assert info.value.kind == READ_ONLY and memory.in_memory
    memory.close()
