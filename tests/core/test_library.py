"""The SQLite puzzle library: storage round trips, persistence, seeding, damaged files, samples."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import (
    SCHEMA_VERSION,
    Library,
    LibraryError,
    puzzle_from_json,
    puzzle_to_json,
)
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle

# A 5x3 picture "T": rows 5 / 1 / 1, columns 1 / 1 / 3 / 1 / 1.
T_GRID = np.array([[1, 1, 1, 1, 1], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0]], dtype=np.int8)

DANCER_NON = """catalogue "webpbn.com #1"
title "Dancer"
by "Jan Wolter"
copyright "(c) 2004 Jan Wolter"
license CC-BY-3.0
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1
"""


def t_puzzle(**meta: str) -> Puzzle:
    return Puzzle.from_grid(T_GRID, **meta)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


def test_add_get_round_trip_keeps_clues_metadata_and_goal(db: Path) -> None:
    puzzle = t_puzzle(title="Tee", author="Ann", copyright="(c) Ann", licence="CC0-1.0")
    with Library(db) as lib:
        pid = lib.add(puzzle, source="/tmp/tee.non")
        got = lib.get(pid)
    assert got == puzzle
    assert got.rows == ((5,), (1,), (1,))
    assert got.cols == ((1,), (1,), (3,), (1,), (1,))
    assert got.goal is not None and np.array_equal(got.goal, T_GRID)


def test_puzzle_without_goal_comes_back_without_goal(db: Path) -> None:
    puzzle = Puzzle(rows=((1,), ()), cols=((1,), ()), title="dot")
    with Library(db) as lib:
        assert lib.get(lib.add(puzzle)).goal is None


def test_entries_list_the_listing_columns(db: Path) -> None:
    with Library(db) as lib:
        first = lib.add(t_puzzle(title="Tee", author="Ann", licence="MIT"), source="tee.non")
        second = lib.add(Puzzle(rows=((1,),), cols=((1,),), title="One"))
        entries = lib.entries()
    assert [e.id for e in entries] == [first, second]
    tee = entries[0]
    assert (tee.title, tee.author, tee.width, tee.height, tee.source, tee.licence, tee.verdict) == (
        "Tee",
        "Ann",
        5,
        3,
        "tee.non",
        "MIT",
        "",
    )
    assert tee.size_text == "5x3"
    assert tee.created and tee.created == tee.modified


def test_update_replaces_puzzle_and_clears_cached_verdict(db: Path) -> None:
    with Library(db) as lib:
        pid = lib.add(t_puzzle(title="Tee"))
        lib.set_verdict(pid, "unique, line-solvable")
        assert lib.entries()[0].verdict == "unique, line-solvable"
        bigger = Puzzle.from_grid(np.ones((2, 2), dtype=np.int8), title="Block")
        lib.update(pid, bigger)
        entry = lib.entries()[0]
        assert lib.get(pid) == bigger
    assert (entry.title, entry.width, entry.height, entry.verdict) == ("Block", 2, 2, "")


def test_remove_deletes_and_unknown_ids_are_reported(db: Path) -> None:
    with Library(db) as lib:
        pid = lib.add(t_puzzle())
        lib.remove(pid)
        assert lib.entries() == [] and len(lib) == 0
        for call in (
            lambda: lib.get(pid),
            lambda: lib.remove(pid),
            lambda: lib.set_verdict(pid, "x"),
            lambda: lib.update(pid, t_puzzle()),
        ):
            with pytest.raises(LibraryError, match=f"no puzzle with id {pid}"):
                call()


def test_everything_survives_close_and_reopen(db: Path) -> None:
    lib = Library(db)
    pid = lib.add(t_puzzle(title="Tee"), source="s")
    lib.set_verdict(pid, "multiple solutions")
    before = lib.entries()
    lib.close()
    with Library(db) as again:
        assert again.entries() == before
        assert again.get(pid) == t_puzzle(title="Tee")


def test_new_database_gets_current_schema_version(db: Path) -> None:
    Library(db).close()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_empty_version_zero_database_is_migrated(db: Path) -> None:
    sqlite3.connect(db).close()  # an empty SQLite file, as left by an interrupted first start
    with Library(db) as lib:
        assert lib.add(t_puzzle()) >= 1


def test_non_sqlite_file_is_moved_aside_with_a_clear_error(db: Path) -> None:
    junk = b"these are my notes, not a database\n" * 200
    db.write_bytes(junk)
    with pytest.raises(LibraryError) as info:
        Library(db)
    err = info.value
    assert str(db) in str(err) and "not a readable SQLite database" in str(err)
    assert err.moved_to is not None and err.moved_to.read_bytes() == junk
    assert str(err.moved_to) in str(err)
    assert not db.exists()
    with Library(db) as fresh:  # the next start works with an empty library
        assert fresh.entries() == []
    assert err.moved_to.read_bytes() == junk


def test_damaged_database_is_moved_aside_and_its_puzzles_recovered(db: Path) -> None:
    with Library(db) as lib:
        for i in range(25):
            lib.add(t_puzzle(title=f"puzzle {i}", author="x" * 1500))
        before = lib.entries()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page : 3 * page] = b"\xff" * page  # wipe a b-tree page (the settings' index)
    db.write_bytes(bytes(data))
    with pytest.raises(LibraryError, match="could not be used as it was") as info:
        Library(db)
    assert info.value.moved_to is not None and info.value.moved_to.read_bytes() == bytes(data)
    assert info.value.recovered == 25 and "\n" not in str(info.value)
    with Library(db) as recovered:
        assert recovered.entries() == before


def test_other_programs_database_is_not_touched_in_place(db: Path) -> None:
    # Not corrupt, just not ours: it is refused and left where it is, byte for byte (renaming it
    # could break the program it belongs to); only files SQLite calls corrupt are moved aside.
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Ada')")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(LibraryError, match="another program") as info:
        Library(db)
    assert info.value.moved_to is None and "left unchanged" in str(info.value)
    assert db.read_bytes() == before
    assert [p.name for p in db.parent.iterdir()] == [db.name]
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT name FROM contacts").fetchall() == [("Ada",)]
    conn.close()


def test_library_from_newer_version_is_refused(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.execute("CREATE TABLE puzzles (id INTEGER)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(LibraryError, match="newer nonostudio") as info:
        Library(db)
    assert info.value.moved_to is None and db.read_bytes() == before


def test_damaged_record_gives_puzzle_error_naming_the_record(db: Path) -> None:
    with Library(db) as lib:
        pid = lib.add(t_puzzle())
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE puzzles SET data = ? WHERE id = ?", ('{"rows": [[9]], "cols": [[1]]}', pid)
    )
    conn.commit()
    conn.close()
    with Library(db) as lib, pytest.raises(PuzzleError, match=f"library puzzle {pid}"):
        lib.get(pid)


def test_json_document_is_readable_text(db: Path) -> None:
    text = puzzle_to_json(t_puzzle(title="Tee"))
    assert '"goal":["#####","..#..","..#.."]' in text
    assert '"rows":[[5],[1],[1]]' in text


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.booleans(), min_size=1, max_size=8), min_size=1, max_size=8).filter(
        lambda rows: len({len(r) for r in rows}) == 1
    ),
    st.text(max_size=20),
)
def test_json_round_trip_of_any_picture(rows: list[list[bool]], title: str) -> None:
    puzzle = Puzzle.from_grid(np.array(rows, dtype=np.int8), title=title, licence="MIT")
    assert puzzle_from_json(puzzle_to_json(puzzle)) == puzzle


def test_json_junk_is_a_puzzle_error() -> None:
    for junk in ("", "[]", '{"rows": 3}', '{"rows": [[1]], "cols": [[1]], "goal": ["?"]}'):
        with pytest.raises(PuzzleError, match="library"):
            puzzle_from_json(junk)


# -- seeding ----------------------------------------------------------------------------------


@pytest.fixture
def sample_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "samples"
    folder.mkdir()
    (folder / "dancer.non").write_text(DANCER_NON, encoding="utf-8")
    (folder / "README.md").write_text("not a puzzle", encoding="utf-8")
    return folder


def test_seeding_happens_once_and_deleted_samples_stay_deleted(
    db: Path, sample_folder: Path
) -> None:
    with Library(db) as lib:
        assert lib.seed_samples(sample_folder) == 1
        (entry,) = lib.entries()
        assert (entry.title, entry.author, entry.licence, entry.source) == (
            "Dancer",
            "Jan Wolter",
            "CC-BY-3.0",
            "sample: dancer.non",
        )
        assert lib.get(entry.id).cols == ((2, 1), (2, 1, 3), (7,), (1, 3), (2, 1))
        lib.remove(entry.id)
    with Library(db) as lib:
        assert lib.seed_samples(sample_folder) == 0
        assert lib.entries() == []


def test_bad_sample_adds_nothing_and_does_not_mark_seeded(db: Path, sample_folder: Path) -> None:
    (sample_folder / "zz-broken.non").write_text("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
    with Library(db) as lib:
        with pytest.raises(PuzzleError, match="zz-broken.non"):
            lib.seed_samples(sample_folder)
        assert lib.entries() == []
        (sample_folder / "zz-broken.non").unlink()
        assert lib.seed_samples(sample_folder) == 1


# -- the shipped samples ----------------------------------------------------------------------


def test_shipped_samples_are_licensed_and_listed_in_readme() -> None:
    from nonostudio.core.formats import read_file

    folder = samples_dir()
    files = sorted(folder.glob("*.non"))
    assert 10 <= len(files) <= 20
    readme = (folder / "README.md").read_text(encoding="utf-8")
    sizes = set()
    for path in files:
        puzzle = read_file(path)
        assert puzzle.title and puzzle.author and puzzle.copyright, path.name
        assert puzzle.licence, f"{path.name} has no licence line"
        assert "not stated" not in puzzle.licence.lower()
        assert path.name in readme, f"{path.name} is missing from samples/README.md"
        sizes.add(puzzle.width * puzzle.height)
    assert min(sizes) <= 100 and max(sizes) >= 600


def test_samples_come_from_the_anchor_files_unchanged_in_clues(anchors: Path) -> None:
    from nonostudio.core.formats import read_file

    index = (samples_dir() / "README.md").read_text(encoding="utf-8")
    checked = 0
    for line in index.splitlines():
        quoted = re.findall(r"`([^`]+)`", line)  # table rows: `sample` | `origin` ...
        if len(quoted) < 2 or not quoted[0].endswith(".non"):
            continue
        ours, theirs = (
            read_file(samples_dir() / quoted[0]),
            read_file(anchors / "puzzles" / quoted[1]),
        )
        assert (ours.rows, ours.cols) == (theirs.rows, theirs.cols), quoted[0]
        assert (ours.title, ours.author) == (theirs.title, theirs.author), quoted[0]
        checked += 1
    assert checked == len(list(samples_dir().glob("*.non")))


def test_schema_1_library_is_upgraded_keeping_its_puzzles(db: Path) -> None:
    from nonostudio.core.library import MIGRATIONS, puzzle_to_json

    conn = sqlite3.connect(db, isolation_level=None)
    MIGRATIONS[0](conn)  # schema 1: before difficulty labels
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO puzzles (title, author, width, height, source, licence, verdict, data, "
        "created, modified) VALUES ('Tee', 'Ann', 5, 3, '', 'MIT', 'unique', ?, 'c', 'm')",
        (puzzle_to_json(t_puzzle(title="Tee", author="Ann", licence="MIT")),),
    )
    conn.close()
    with Library(db) as lib:
        (entry,) = lib.entries()
        assert (entry.title, entry.verdict, entry.difficulty) == ("Tee", "unique", "")
        assert lib.get(entry.id) == t_puzzle(title="Tee", author="Ann", licence="MIT")
        lib.set_difficulty(entry.id, "Easy")
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
