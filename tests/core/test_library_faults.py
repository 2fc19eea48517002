"""Fault injection for the puzzle library: a lock held by another process, damaged records, a
read-only file or folder, a full disk, ``kill -9`` in the middle of writing.

Read-only files and folders are made with read-only bind mounts and full disks with a small tmpfs
when the tests run as root and may mount (CI does); otherwise read-only comes from file modes
(non-root) and a full disk from SQLite's own limit (``PRAGMA max_page_count``), which raises the
same SQLITE_FULL error.  Each test says which one it used when it fails.
"""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from library_hooks import make_file_libraries_query_only

from nonostudio.core import library as library_module
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import (
    BUSY,
    CORRUPT,
    FULL,
    READ_ONLY,
    DamagedRecordError,
    Library,
    LibraryError,
)
from nonostudio.core.library import store as library_store
from nonostudio.core.puzzle import Puzzle

TIMEOUT = 0.5  # the busy timeout used here (the default is a few seconds)


def puzzle(title: str, author: str = "Ann", size: int = 5) -> Puzzle:
    grid = np.zeros((size, size), dtype=np.int8)
    grid[::2, :] = 1
    grid[:, 1] = 1
    return Puzzle.from_grid(grid, title=title, author=author, licence="CC0-1.0")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def quick_check(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        conn.close()


def make_library(path: Path, n: int = 4) -> list[int]:
    with Library(path) as lib:
        return [lib.add(puzzle(f"puzzle {i}"), source=f"p{i}.non") for i in range(n)]


def snapshot(lib: Library) -> list[tuple[object, ...]]:
    """Everything a user can see: the listing and every puzzle."""
    return [(e, lib.get(e.id)) for e in lib.entries()]


def moved_aside(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".unusable-" in p.name]


# -- mounting -------------------------------------------------------------------------------------


def _mount(*args: str) -> bool:
    if os.geteuid() != 0:
        return False
    try:
        return subprocess.run(["mount", *args], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _umount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=10, check=False)


@pytest.fixture
def make_read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], str]]:
    """Make a file or folder read-only (even for root); returns how ("mount", "chmod", "hook")."""
    undo: list[Callable[[], None]] = []

    def make(target: Path) -> str:
        if _mount("--bind", str(target), str(target)):
            undo.append(lambda: _umount(target))
            if _mount("-o", "remount,bind,ro", str(target), str(target)):
                return "mount"
        if os.geteuid() != 0:
            mode = target.stat().st_mode
            target.chmod(0o555 if target.is_dir() else 0o444)
            undo.append(lambda: target.chmod(mode))
            return "chmod"
        # Root that may not mount: SQLite's query_only gives the same SQLITE_READONLY error.
        make_file_libraries_query_only(monkeypatch)
        return "hook"

    yield make
    for step in reversed(undo):
        step()


class FullDisk:
    """A small folder that can be filled up: a real tmpfs, or SQLite's page limit as a fallback."""

    def __init__(self, folder: Path, mounted: bool, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder, self.mounted, self._monkeypatch = folder, mounted, monkeypatch
        self._filler = folder / "filler"

    def fill(self) -> None:
        if not self.mounted:
            connect = Library._connect

            def capped(self: Library, *args: object, **kwargs: object) -> sqlite3.Connection:
                conn = connect(self, *args, **kwargs)  # type: ignore[arg-type]
                if not self.in_memory:
                    conn.execute("PRAGMA max_page_count = 1")  # no page beyond the current ones
                return conn

            self._monkeypatch.setattr(Library, "_connect", capped)
            return
        fd = os.open(self._filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for chunk in (65536, 4096, 1):
                try:
                    while True:
                        os.write(fd, b"\0" * chunk)
                except OSError as exc:
                    assert exc.errno == 28, exc  # ENOSPC
        finally:
            os.close(fd)

    def free(self) -> None:
        if self.mounted:
            self._filler.unlink()
        else:
            self._monkeypatch.undo()


@pytest.fixture
def full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FullDisk]:
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = _mount("-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", str(folder))
    yield FullDisk(folder, mounted, monkeypatch)
    if mounted:
        _umount(folder)


# -- a lock held by another process ---------------------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN " + sys.argv[2])
    conn.execute("INSERT INTO meta (key, value) VALUES ('holder', 'was here')")
    print("locked", flush=True)
    sys.stdin.readline()
    conn.execute("COMMIT")
    print("committed", flush=True)
    """
)


class Holder:
    """Another process that holds a write lock on ``path`` until :meth:`commit`."""

    def __init__(self, path: Path, mode: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path), mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "locked"

    def commit(self) -> str:
        out, err = self.proc.communicate("\n", timeout=20)
        assert self.proc.returncode == 0, err
        return out.strip()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.communicate()  # reaps it and closes its pipes


@pytest.fixture
def hold(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path, str], Holder]]:
    monkeypatch.setattr(library_store, "BUSY_TIMEOUT", TIMEOUT)  # where Library reads it
    holders: list[Holder] = []

    def start(path: Path, mode: str) -> Holder:
        holders.append(Holder(path, mode))
        return holders[-1]

    yield start
    for holder in holders:
        holder.stop()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["IMMEDIATE", "EXCLUSIVE"])
def test_a_locked_library_is_waited_for_then_reported_in_use_and_never_moved(
    tmp_path: Path, hold: Callable[[Path, str], Holder], mode: str
) -> None:
    db = tmp_path / "library.sqlite3"
    ids = make_library(db)
    before = sha(db)
    holder = hold(db, mode)
    start = time.monotonic()
    with pytest.raises(LibraryError) as info:
        Library(db)
    waited = time.monotonic() - start
    assert info.value.kind == BUSY and info.value.moved_to is None
    assert "in use by another process" in str(info.value) and str(db) in str(info.value)
    assert TIMEOUT <= waited < TIMEOUT + 2.5
    assert moved_aside(tmp_path) == [] and sha(db) == before
    if mode == "IMMEDIATE":  # readers are still allowed: the library can be read meanwhile
        with Library(db, read_only=True) as lib:
            assert lib.read_only and [e.id for e in lib.entries()] == ids
            with pytest.raises(LibraryError, match="read-only"):
                lib.add(puzzle("new"))
    else:  # an exclusive lock keeps readers out too
        with pytest.raises(LibraryError, match="in use by another process"):
            Library(db, read_only=True)
    assert holder.commit() == "committed"  # the other process's work is not lost
    with Library(db) as lib:
        assert lib.meta("holder") == "was here" and [e.id for e in lib.entries()] == ids
        assert lib.add(puzzle("after")) > max(ids)


@pytest.mark.slow
def test_a_write_while_another_process_holds_the_lock_fails_cleanly(
    tmp_path: Path, hold: Callable[[Path, str], Holder]
) -> None:
    db = tmp_path / "library.sqlite3"
    ids = make_library(db)
    lib = Library(db)
    holder = hold(db, "IMMEDIATE")
    for write in (
        lambda: lib.add(puzzle("new")),
        lambda: lib.set_verdict(ids[0], "x"),
        lambda: lib.remove(ids[1]),
    ):
        with pytest.raises(LibraryError, match="in use by another process") as info:
            write()
        assert info.value.kind == BUSY and "unchanged" in str(info.value)
    assert holder.commit() == "committed"
    assert [e.id for e in lib.entries()] == ids and lib.entries()[0].verdict == ""
    lib.set_verdict(ids[0], "unique")  # the lock is gone: writing works again
    assert lib.entries()[0].verdict == "unique"
    lib.close()


def test_a_locked_library_is_not_classified_as_damaged() -> None:
    """The classification that decides what is moved: only SQLite's own corrupt / not-a-database
    codes, never "database is locked" (a library another studio holds is busy, not damaged)."""
    locked = sqlite3.OperationalError("database is locked")
    locked.sqlite_errorcode = 5
    notadb = sqlite3.DatabaseError("file is not a database")
    notadb.sqlite_errorcode = 26
    malformed = sqlite3.DatabaseError("database disk image is malformed")
    malformed.sqlite_errorcode = 11
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = 13
    readonly_dir = sqlite3.OperationalError("attempt to write a readonly database")
    readonly_dir.sqlite_errorcode = 8 | (6 << 8)  # SQLITE_READONLY_DIRECTORY
    kinds = [library_module.fault_kind(e) for e in (locked, notadb, malformed, full, readonly_dir)]
    assert kinds == [BUSY, CORRUPT, CORRUPT, FULL, READ_ONLY]


def test_fault_kinds_keep_the_strings_callers_compare_and_show() -> None:
    """``LibraryError.kind`` is a StrEnum: its members equal, format and hash as the plain strings
    the kinds were before, so comparisons and messages elsewhere are unchanged."""
    assert [str(kind) for kind in library_module.FaultKind] == [
        "corrupt",
        "busy",
        "read-only",
        "full",
        "io",
        "refused",
        "missing",
        "damaged record",
        "conflict",
        "other",
    ]
    assert BUSY == "busy" and f"{READ_ONLY}" == "read-only" and {"full": 1}[FULL] == 1
    error = LibraryError("x", kind=CORRUPT)
    assert error.kind == "corrupt" and error.kind is library_module.FaultKind.CORRUPT
    assert LibraryError("y").kind == "other"


# -- damaged records ------------------------------------------------------------------------------


def flip_inside(db: Path, marker: bytes, occurrence: int) -> None:
    """Replace the first byte of the ``occurrence``-th copy of ``marker`` in the file by 0xff."""
    data = bytearray(db.read_bytes())
    spots = [i for i in range(len(data)) if data.startswith(marker, i)]
    assert len(spots) == 2, spots  # the listing column and the JSON document
    data[spots[occurrence]] = 0xFF
    db.write_bytes(bytes(data))


@pytest.fixture
def five(tmp_path: Path) -> tuple[Path, list[int]]:
    db = tmp_path / "library.sqlite3"
    with Library(db) as lib:
        ids = [lib.add(puzzle(f"puzzle {i}")) for i in range(2)]
        ids.append(lib.add(puzzle("Victim", author="Zoë Quillfeather")))
        ids += [lib.add(puzzle(f"puzzle {i}")) for i in range(3, 5)]
    return db, ids


@pytest.mark.parametrize("where", ["author column", "stored document"])
def test_one_flipped_byte_skips_that_record_names_it_and_the_rest_loads(
    five: tuple[Path, list[int]], where: str
) -> None:
    db, ids = five
    victim = ids[2]
    flip_inside(db, b"Quillfeather", 0 if where == "author column" else 1)
    assert quick_check(db) == "ok"  # SQLite itself sees nothing wrong
    with Library(db) as lib:
        entries = lib.entries()
        assert [e.id for e in entries] == [i for i in ids if i != victim]
        assert len(lib.skipped) == 1
        message = lib.skipped[0]
        assert f"library puzzle {victim} (“Victim”)" in message and "not valid UTF-8" in message
        assert ("author" in message) == (where == "author column")
        for entry in entries:
            assert lib.get(entry.id).title == entry.title
        if where == "stored document":
            with pytest.raises(LibraryError, match=f"library puzzle {victim} \\(“Victim”\\)"):
                lib.get(victim)
        lib.remove(victim)  # the user can clean up, and the library is whole again
        assert lib.entries() == entries and lib.skipped == []
    assert moved_aside(db.parent) == []


def test_a_damaged_title_is_named_by_id(five: tuple[Path, list[int]]) -> None:
    db, ids = five
    data = bytearray(db.read_bytes())
    spot = data.index(b"Victim")
    data[spot + 1] = 0xC3  # "V\xc3ctim": a lead byte without its continuation
    db.write_bytes(bytes(data))
    with Library(db) as lib:
        assert [e.id for e in lib.entries()] == [i for i in ids if i != ids[2]]
        assert lib.skipped == [
            f"library puzzle {ids[2]} was skipped: its title is not valid "
            "UTF-8 text (byte 0xc3 at position 2)."
        ]


@pytest.mark.parametrize("document", ['{"rows": [[5], [1]', "[1, 2, 3]", ""])
def test_a_record_that_is_not_json_is_skipped_and_get_names_it(
    five: tuple[Path, list[int]], document: str
) -> None:
    db, ids = five
    conn = sqlite3.connect(db)
    conn.execute("UPDATE puzzles SET data = ? WHERE id = ?", (document, ids[2]))
    conn.commit()
    conn.close()
    with Library(db) as lib:
        assert [e.id for e in lib.entries()] == [i for i in ids if i != ids[2]]
        assert len(lib.skipped) == 1 and f"library puzzle {ids[2]} (“Victim”)" in lib.skipped[0]
        with pytest.raises(DamagedRecordError, match=f"library puzzle {ids[2]}") as info:
            lib.get(ids[2])
        assert isinstance(info.value, LibraryError) and isinstance(info.value, PuzzleError)
        assert info.value.id == ids[2]
        assert lib.get(ids[3]).title == "puzzle 3"


@pytest.mark.parametrize("copies", [0, 300])  # few records are checked one by one, many in a pass
def test_documents_damaged_by_another_program_while_open_are_noticed(
    five: tuple[Path, list[int]], copies: int
) -> None:
    db, ids = five
    if copies:
        conn = sqlite3.connect(db)
        for _ in range(copies // 5):
            conn.execute(
                "INSERT INTO puzzles (title, author, width, height, source, licence, "
                "data, created, modified) SELECT title, author, width, height, source, "
                "licence, data, created, modified FROM puzzles WHERE id <= 5"
            )
        conn.commit()
        conn.close()
    with Library(db) as lib:
        assert len(lib.entries()) == 5 + copies and lib.skipped == []
        conn = sqlite3.connect(db)
        conn.execute(
            "UPDATE puzzles SET data = '{\"rows\": 1}', modified = 'later' WHERE id = ?", (ids[4],)
        )
        conn.commit()
        conn.close()
        assert [e.id for e in lib.entries()][:4] == ids[:4] and len(lib.entries()) == 4 + copies
        assert lib.skipped == [
            f"library puzzle {ids[4]} (“puzzle 4”) was skipped: its stored "
            "puzzle has no row and column clues."
        ]


def test_a_record_with_a_non_numeric_size_is_skipped(five: tuple[Path, list[int]]) -> None:
    db, ids = five
    conn = sqlite3.connect(db)
    conn.execute("UPDATE puzzles SET width = 'wide' WHERE id = ?", (ids[0],))
    conn.commit()
    conn.close()
    with Library(db) as lib:
        assert [e.id for e in lib.entries()] == ids[1:]
        assert lib.skipped == [
            f"library puzzle {ids[0]} (“puzzle 0”) was skipped: its size is damaged ('wide' x 5)."
        ]


def test_pages_damaged_while_the_library_is_open_are_read_around(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    with Library(db) as lib:
        ids = [lib.add(puzzle(f"puzzle {i}", author="a" * 900)) for i in range(40)]
    lib = Library(db)  # opened (and checked) while the file was whole
    page = 4096
    data = bytearray(db.read_bytes())
    victim_page = len(data) // page - 3  # a leaf page of the puzzles table, near the end
    data[victim_page * page + 8 : (victim_page + 1) * page] = b"\x07" * (page - 8)
    counter = int.from_bytes(data[24:28], "big") + 1  # make the open connection re-read pages
    data[24:28] = counter.to_bytes(4, "big")
    db.write_bytes(bytes(data))
    entries = lib.entries()
    assert lib.skipped and "is damaged" in lib.skipped[0] and str(db) in lib.skipped[0]
    listed = [e.id for e in entries]
    assert 0 < len(listed) < len(ids) and listed == sorted(set(listed))  # no stray duplicates
    assert set(listed) <= set(ids)
    assert all(lib.get(e.id).title == e.title for e in entries)
    lib.close()
    with pytest.raises(LibraryError) as info:  # the next start keeps the damaged file aside
        Library(db)
    assert info.value.kind == CORRUPT and info.value.moved_to is not None
    assert info.value.moved_to.read_bytes() == bytes(data)


# -- read-only ------------------------------------------------------------------------------------


def assert_every_write_is_refused(lib: Library, ids: list[int], reason: str) -> None:
    before = snapshot(lib)
    writes: list[Callable[[], object]] = [
        lambda: lib.add(puzzle("new")),
        lambda: lib.update(ids[0], puzzle("changed", size=3)),
        lambda: lib.set_verdict(ids[0], "unique"),
        lambda: lib.set_difficulty(ids[0], "Easy"),
        lambda: lib.remove(ids[1]),
    ]
    for write in writes:
        with pytest.raises(LibraryError) as info:
            write()
        assert reason in str(info.value).lower(), str(info.value)
    assert snapshot(lib) == before


@pytest.mark.parametrize("what", ["folder", "file"])
def test_a_read_only_library_opens_read_only_and_refuses_writes_cleanly(
    tmp_path: Path, make_read_only: Callable[[Path], str], what: str
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "library.sqlite3"
    ids = make_library(db)
    before = sha(db)
    how = make_read_only(folder if what == "folder" else db)
    with Library(db) as lib:
        assert lib.read_only, how
        assert "cannot be written" in lib.read_only_reason
        assert [e.id for e in lib.entries()] == ids and lib.skipped == []
        assert_every_write_is_refused(lib, ids, "read-only")
        with pytest.raises(LibraryError, match="read-only"):
            lib.seed_samples(tmp_path)
    assert sha(db) == before and sorted(p.name for p in folder.iterdir()) == [db.name]


def test_an_old_library_that_cannot_be_upgraded_is_left_unchanged(
    tmp_path: Path, make_read_only: Callable[[Path], str]
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "library.sqlite3"
    conn = sqlite3.connect(db, isolation_level=None)
    library_module.MIGRATIONS[0](conn)  # a schema 1 library, from before difficulty labels
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    before = sha(db)
    make_read_only(folder)
    for read_only in (False, True):
        with pytest.raises(LibraryError, match="older nonostudio") as info:
            Library(db, read_only=read_only)
        assert info.value.kind == READ_ONLY and info.value.moved_to is None
    assert sha(db) == before and [p.name for p in folder.iterdir()] == [db.name]


def test_a_new_library_in_a_read_only_folder_is_a_clear_error(
    tmp_path: Path, make_read_only: Callable[[Path], str]
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    how = make_read_only(folder)
    with pytest.raises(LibraryError) as info:
        Library(folder / "library.sqlite3")
    assert info.value.kind == READ_ONLY, how
    assert str(folder / "library.sqlite3") in str(info.value)
    if how != "hook":
        assert f"its folder {folder} is read-only" in str(info.value)
        assert list(folder.iterdir()) == []


def test_a_library_that_became_read_only_while_open_says_so(
    tmp_path: Path, make_read_only: Callable[[Path], str]
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "library.sqlite3"
    ids = make_library(db)
    lib = Library(db)
    assert not lib.read_only
    how = make_read_only(folder)
    if how == "hook":  # the hook only acts on new connections
        lib._conn.execute("PRAGMA query_only = 1")
    with pytest.raises(LibraryError, match="read-only") as info:
        lib.set_verdict(ids[0], "unique")
    assert info.value.kind == READ_ONLY and lib.read_only
    assert lib.entries()[0].verdict == ""
    lib.close()


# -- full disk ------------------------------------------------------------------------------------


def test_a_full_disk_refuses_writes_cleanly_and_keeps_the_previous_state(
    full_disk: FullDisk,
) -> None:
    db = full_disk.folder / "library.sqlite3"
    ids = make_library(db)
    full_disk.fill()
    with Library(db) as lib:
        assert not lib.read_only
        before = snapshot(lib)
        big = puzzle("big", author="x" * 20000, size=30)
        failing: list[Callable[[], object]] = [
            lambda: lib.add(big),
            lambda: lib.update(ids[0], big),
        ]
        if full_disk.mounted:  # a real disk has no room for the journal of even a small change
            assert "is full" in lib.warning
            failing += [
                lambda: lib.set_verdict(ids[0], "unique"),
                lambda: lib.set_difficulty(ids[0], "Easy"),
                lambda: lib.remove(ids[1]),
            ]
        for write in failing:
            with pytest.raises(LibraryError) as info:
                write()
            assert info.value.kind == FULL and "the disk is full" in str(info.value).lower()
            assert "cannot rollback" not in str(info.value)
            assert snapshot(lib) == before
            assert "is full" in lib.warning
    full_disk.free()
    assert quick_check(db) == "ok"
    with Library(db) as lib:
        assert lib.warning == "" and snapshot(lib) == before
        lib.add(big)  # with space again, writing works
        assert len(lib) == len(ids) + 1 and lib.warning == ""
    assert moved_aside(full_disk.folder) == []


def test_a_new_library_on_a_full_disk_is_a_clear_error(full_disk: FullDisk) -> None:
    if not full_disk.mounted:  # the fallback needs a database to cap: start from an empty file
        (full_disk.folder / "library.sqlite3").write_bytes(b"")
    full_disk.fill()
    db = full_disk.folder / "library.sqlite3"
    with pytest.raises(LibraryError) as info:
        Library(db)
    assert info.value.kind == FULL and "disk is full" in str(info.value).lower()
    assert info.value.moved_to is None and moved_aside(full_disk.folder) == []
    full_disk.free()
    with Library(db) as lib:  # whatever was left is picked up: an empty file is a new library
        assert lib.entries() == []


# -- kill -9 in the middle of writing -------------------------------------------------------------

WRITER = textwrap.dedent(
    """
    import sys
    import numpy as np
    from nonostudio.core.library import Library
    from nonostudio.core.puzzle import Puzzle
    lib = Library(sys.argv[1])
    rng = np.random.default_rng(int(sys.argv[2]))
    i = 0
    while True:
        grid = (rng.random((20, 20)) < 0.5).astype(np.int8)
        pid = lib.add(Puzzle.from_grid(grid, title=f"written {i}", author="w" * 2000))
        lib.set_verdict(pid, f"verdict {i}")
        print(pid, flush=True)
        i += 1
    """
)


@pytest.mark.slow
def test_kill_9_in_the_middle_of_writing_leaves_a_consistent_library(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    committed = make_library(db, n=2)
    hot_journals = 0
    # At least three crashes in a row, each recovered by the next opening, and more (up to 12)
    # until one has landed inside a transaction (where a kill lands is up to the scheduler).
    for round in range(12):
        if round >= 3 and hot_journals:
            break
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), str(round)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None
        written = [int(proc.stdout.readline()) for _ in range(8 + 4 * round)]
        time.sleep(0.002 * (round % 4))  # land somewhere inside a later write
        proc.send_signal(signal.SIGKILL)
        written += [int(line) for line in proc.stdout.read().split()]
        proc.stdout.close()
        proc.wait()
        assert proc.returncode == -signal.SIGKILL
        hot_journals += (tmp_path / "library.sqlite3-journal").exists()
        with Library(db) as lib:
            entries = lib.entries()
            assert lib.skipped == [] and not lib.read_only
            ids = [e.id for e in entries]
            assert set(committed) | set(written) <= set(ids)
            # At most the add whose id was not printed yet got committed.
            assert len(ids) - len(committed) - len(written) in (0, 1)
            for entry in entries:
                assert lib.get(entry.id).title == entry.title
                if entry.title.startswith("written"):
                    assert entry.verdict in ("", f"verdict {entry.title.split()[-1]}")
            committed = ids
        assert quick_check(db) == "ok"
        assert moved_aside(tmp_path) == []
    assert hot_journals >= 1, "no kill landed inside a transaction"


# -- start-up: open_library() never fails and never touches a file it cannot use ------------------


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(folder))
    return folder


def sample_count() -> int:
    from nonostudio.core.paths import samples_dir

    return len(list(samples_dir().glob("*.non")))


def test_start_up_while_another_process_writes_opens_read_only(
    data_dir: Path, hold: Callable[[Path, str], Holder]
) -> None:
    from nonostudio.gui.app import open_library

    db = data_dir / "library.sqlite3"
    ids = make_library(db)
    before = sha(db)
    holder = hold(db, "IMMEDIATE")
    library, notes = open_library()
    assert library.read_only and [e.id for e in library.entries()] == ids
    assert "in use by another process" in notes[0] and "read-only" in notes[1]
    with pytest.raises(LibraryError, match="read-only"):
        library.add(puzzle("new"))
    library.close()
    assert sha(db) == before and moved_aside(data_dir) == []
    assert holder.commit() == "committed"


def test_start_up_while_another_process_locks_everything_runs_in_memory(
    data_dir: Path, hold: Callable[[Path, str], Holder]
) -> None:
    from nonostudio.gui.app import open_library

    db = data_dir / "library.sqlite3"
    make_library(db)
    before = sha(db)
    holder = hold(db, "EXCLUSIVE")
    library, notes = open_library()
    assert library.in_memory and len(library) == sample_count()
    assert "in use by another process" in notes[0] and "will not be kept" in notes[-1]
    library.close()
    assert sha(db) == before and moved_aside(data_dir) == []
    assert holder.commit() == "committed"


def test_start_up_with_a_read_only_data_folder(
    data_dir: Path, make_read_only: Callable[[Path], str]
) -> None:
    from nonostudio.gui.app import open_library

    db = data_dir / "library.sqlite3"
    ids = make_library(db)
    make_read_only(data_dir)
    library, notes = open_library()
    assert library.read_only and [e.id for e in library.entries()] == ids  # no samples added
    assert len(notes) == 1 and "read-only" in notes[0] and str(db) in notes[0]
    library.close()


def test_start_up_when_the_data_folder_cannot_be_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_read_only: Callable[[Path], str]
) -> None:
    from nonostudio.gui.app import open_library

    parent = tmp_path / "home"
    parent.mkdir()
    how = make_read_only(parent)
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(parent / "nonostudio"))
    library, notes = open_library()
    assert library.in_memory and len(library) == sample_count()
    assert "will not be kept" in notes[-1]
    if how != "hook":
        assert "cannot be made" in notes[0] and not (parent / "nonostudio").exists()
    library.close()


def test_start_up_on_a_full_disk(full_disk: FullDisk, monkeypatch: pytest.MonkeyPatch) -> None:
    from nonostudio.gui.app import open_library

    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(full_disk.folder))
    db = full_disk.folder / "library.sqlite3"
    ids = make_library(db)
    full_disk.fill()
    library, notes = open_library()
    assert not library.read_only and [e.id for e in library.entries()] == ids
    assert any("disk is full" in note.lower() for note in notes), notes
    library.close()
    assert moved_aside(full_disk.folder) == []


# -- something else than a file at the library's path ---------------------------------------------


@pytest.mark.parametrize("read_only", [False, True])
def test_a_folder_at_the_library_path_is_called_a_folder_not_read_only(
    tmp_path: Path, read_only: bool
) -> None:
    db = tmp_path / "library.sqlite3"
    db.mkdir()
    (db / "kept.txt").write_text("mine")
    with pytest.raises(LibraryError) as info:
        Library(db, read_only=read_only)
    message = str(info.value)
    assert f"{db} is a folder, not a library file" in message and "read-only" not in message
    assert info.value.kind == library_module.REFUSED and info.value.moved_to is None
    assert [p.name for p in db.iterdir()] == ["kept.txt"] and moved_aside(tmp_path) == []


def test_a_named_pipe_at_the_library_path_is_refused_at_once(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    os.mkfifo(db)
    start = time.monotonic()
    with pytest.raises(LibraryError, match="is a named pipe \\(FIFO\\), not a library file"):
        Library(db)
    assert time.monotonic() - start < 1.0
