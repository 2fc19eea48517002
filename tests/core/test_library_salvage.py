"""A library file SQLite calls damaged: what can still be read of it (every readable puzzle with
its listing columns, hand progress, settings and player profiles) is recovered into a new
library in its place, the damaged file is kept aside byte for byte, the user is told how many
puzzles came back and where the damaged copy is, and nothing is lost when recovery itself fails.

The damage is real: pages of a file written by the store are overwritten, found through SQLite's
own catalogue (an index's or a table's root page) or by a record's bytes (a page of puzzles).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import numpy as np
import pytest

from nonostudio.core.colour.model import BLACK, WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.library import CORRUPT, Library, LibraryError
from nonostudio.core.library import opening as library_opening
from nonostudio.core.library import salvage as library_salvage
from nonostudio.core.library import store as library_store
from nonostudio.core.library.profiles import ProfileEvent, ProfileStore
from nonostudio.core.puzzle import Puzzle

PAGE = 4096


def bw_puzzle(i: int) -> Puzzle:
    grid = (np.random.default_rng(i).random((8, 8)) < 0.5).astype(np.int8)
    return Puzzle.from_grid(grid, title=f"puzzle {i:02d}", author="Ann " * 40, licence="CC0-1.0")


def colour_puzzle() -> ColourPuzzle:
    from nonostudio.core.colour.model import clues_of_colour_grid

    palette = Palette((WHITE, BLACK, Colour("red", "#d62728", "r")))
    goal = ((1, 2, 2), (0, 1, 0), (2, 2, 1))
    rows, cols = clues_of_colour_grid(goal)
    return ColourPuzzle(palette, rows, cols, goal=goal, title="Flag", author="Bo")


def write_library(db: Path, n: int = 40) -> dict[str, object]:
    """A library with what a user keeps in one: puzzles of both kinds (some deleted), verdicts,
    difficulties, a hand-solving grid, the samples' mark and a player profile; returns it all as
    read back before any damage."""
    with Library(db) as lib:
        lib._conn.execute("PRAGMA synchronous = OFF")  # a test's file need not survive a crash
        ids = [lib.add(bw_puzzle(i), source=f"p{i}.non") for i in range(n)]
        ids.append(lib.add(colour_puzzle(), source="flag.xml"))
        for id in ids[::3]:
            lib.set_verdict(id, "unique")
            lib.set_difficulty(id, "Medium")
        lib.remove(ids[1])
        grid = np.full((8, 8), -1, dtype=np.int8)
        grid[0, :3] = 1
        lib.save_hand_progress(ids[4], grid, seconds=75.5)
        conn = sqlite3.connect(db)
        conn.execute("INSERT INTO meta (key, value) VALUES ('samples_seeded', 'then')")
        conn.commit()
        conn.close()
    with ProfileStore(db) as profiles:
        profiles.create("ann")
        profiles.record(
            "ann",
            [ProfileEvent("drill", "mark", "glue", i / 100, at=1000.0 + i) for i in range(90)],
        )
    return read_back(db)


def read_back(db: Path) -> dict[str, object]:
    with Library(db) as lib:
        entries = lib.entries()
        assert lib.skipped == []
        state: dict[str, object] = {
            "entries": entries,
            "puzzles": [lib.get_any(e.id) for e in entries],
            "hand": {
                e.id: (h.cells.tolist(), h.seconds, h.solved)
                for e in entries
                if (h := lib.hand_progress(e.id)) is not None
            },
            "seeded": lib.meta("samples_seeded"),
        }
    with ProfileStore(db) as profiles:
        state["profiles"] = {name: profiles.events(name) for name in profiles.names()}
    return state


def catalogue(db: Path) -> dict[str, int]:
    """Each table's and index's root page."""
    conn = sqlite3.connect(db)
    try:
        return {
            name: page for name, page in conn.execute("SELECT name, rootpage FROM sqlite_master")
        }
    finally:
        conn.close()


def wipe_pages(db: Path, pages: list[int]) -> bytes:
    """Overwrite whole pages (numbered from 1) with junk; returns the damaged file's bytes."""
    data = bytearray(db.read_bytes())
    for page in pages:
        data[(page - 1) * PAGE : page * PAGE] = b"\x07" * PAGE
    db.write_bytes(bytes(data))
    return bytes(data)


def damaged_index(folder: Path) -> tuple[Path, dict[str, object], bytes]:
    """A library written by :func:`write_library` in ``folder``, what it held, and its bytes
    after its settings' index page was wiped."""
    db = folder / "library.sqlite3"
    before = write_library(db)
    return db, before, wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])


def page_holding(db: Path, marker: bytes) -> int:
    data = db.read_bytes()
    return data.index(marker) // PAGE + 1


def quick_check(db: Path) -> str:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return str(conn.execute("PRAGMA quick_check").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()


def kept_aside(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".unusable-" in p.name)


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".recovering-" in p.name]


@pytest.mark.parametrize(
    "damaged", ["sqlite_autoindex_meta_1", "sqlite_autoindex_profiles_1", "hand_progress"]
)
def test_damage_outside_the_puzzles_table_loses_no_puzzle(tmp_path: Path, damaged: str) -> None:
    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    broken = wipe_pages(db, [catalogue(db)[damaged]])
    assert quick_check(db) != "ok"
    with pytest.raises(LibraryError) as info:
        Library(db)
    error = info.value
    n = len(before["entries"])  # type: ignore[arg-type]
    assert error.kind == CORRUPT and error.recovered == n
    assert error.moved_to is not None and error.moved_to.read_bytes() == broken
    message = str(error)
    assert f"{n} puzzles could still be read and were recovered" in message
    assert str(db) in message and f"kept unchanged as {error.moved_to}" in message
    assert kept_aside(tmp_path) == [error.moved_to] and leftovers(tmp_path) == []
    assert quick_check(db) == "ok"
    after = read_back(db)
    if damaged == "hand_progress":  # the damaged table's own rows are what is lost
        assert after.pop("hand") == {} and before.pop("hand") != {}
    assert after == before
    with Library(db) as lib:  # a library in use: the samples stay as they were, ids go on
        assert lib.seed_samples(tmp_path) == 0
        assert lib.add(bw_puzzle(99)) > max(e.id for e in before["entries"])  # type: ignore[attr-defined]


def test_a_damaged_page_of_puzzles_loses_only_its_puzzles(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=60)
    entries = before["entries"]
    assert isinstance(entries, list)
    victim = page_holding(db, b"puzzle 20")
    broken = wipe_pages(db, [victim])
    with pytest.raises(LibraryError) as info:
        Library(db)
    error = info.value
    assert error.moved_to is not None and error.moved_to.read_bytes() == broken
    after = read_back(db)
    got = after["entries"]
    assert isinstance(got, list) and error.recovered == len(got)
    assert 0 < len(got) < len(entries)
    assert "puzzle 20" not in [e.title for e in got]
    assert max(e.id for e in got) == max(e.id for e in entries)  # found past the damaged page
    originals = dict(zip([e.id for e in entries], before["puzzles"], strict=True))  # type: ignore[call-overload]
    listed = {e.id: e for e in entries}
    for entry, puzzle in zip(got, after["puzzles"], strict=True):  # type: ignore[call-overload]
        assert entry == listed[entry.id] and puzzle == originals[entry.id]
    assert "others may be missing" in str(error) or "could not be read" in str(error)
    assert after["profiles"] == before["profiles"] and after["seeded"] == "then"


def test_salvage_of_a_file_that_is_not_a_database_moves_it_aside_as_before(
    tmp_path: Path,
) -> None:
    db = tmp_path / "library.sqlite3"
    junk = b"GIF89a not a database" * 300
    db.write_bytes(junk)
    with pytest.raises(LibraryError, match="moved to") as info:
        Library(db)
    assert info.value.moved_to is not None and info.value.moved_to.read_bytes() == junk
    assert info.value.recovered is None and leftovers(tmp_path) == []
    with Library(db) as fresh:
        assert fresh.entries() == []


def test_a_salvage_that_fails_to_write_changes_nothing_and_a_later_start_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, before, broken = damaged_index(tmp_path)
    copy = library_salvage._copy_hand_progress

    def full(damaged: sqlite3.Connection, out: sqlite3.Connection) -> None:
        copy(damaged, out)
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = 13  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(library_salvage, "_copy_hand_progress", full)
    with pytest.raises(LibraryError) as info:
        Library(db)
    error = info.value
    assert error.kind == CORRUPT and error.moved_to is None and error.recovered is None
    assert "could not be recovered now" in str(error) and "Free some space" in str(error)
    assert db.read_bytes() == broken and kept_aside(tmp_path) == [] and leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [db.name]
    monkeypatch.undo()  # room again: the next start recovers everything
    with pytest.raises(LibraryError) as again:
        Library(db)
    assert again.value.recovered == len(before["entries"])  # type: ignore[arg-type]
    assert read_back(db) == before


def test_a_salvage_that_breaks_off_unexpectedly_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, _before, broken = damaged_index(tmp_path)

    def bug(damaged: sqlite3.Connection, target: Path, **_pace: object) -> None:
        target.write_bytes(b"half a library")
        raise RuntimeError("a bug in the salvage")

    monkeypatch.setattr(library_salvage, "salvage", bug)
    with pytest.raises(LibraryError, match="left unchanged") as info:
        Library(db)
    assert info.value.moved_to is None and "a bug in the salvage" in str(info.value)
    assert db.read_bytes() == broken and sorted(p.name for p in tmp_path.iterdir()) == [db.name]


def refuse(*args: object, **kwargs: object) -> None:
    raise PermissionError(1, "Operation not permitted")


@pytest.mark.parametrize("links", ["hard links", "no hard links"])
def test_a_swap_that_fails_leaves_the_damaged_file_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: str
) -> None:
    db, _before, broken = damaged_index(tmp_path)
    if links == "no hard links":
        monkeypatch.setattr(library_opening.os, "link", refuse)
    monkeypatch.setattr(library_opening.os, "replace", refuse)
    with pytest.raises(LibraryError, match="could not be recovered now") as info:
        Library(db)
    assert info.value.moved_to is None
    assert db.read_bytes() == broken and sorted(p.name for p in tmp_path.iterdir()) == [db.name]


def test_a_file_system_without_hard_links_is_recovered_by_renaming(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, before, broken = damaged_index(tmp_path)
    monkeypatch.setattr(library_opening.os, "link", refuse)
    with pytest.raises(LibraryError) as info:
        Library(db)
    assert info.value.moved_to is not None and info.value.moved_to.read_bytes() == broken
    assert read_back(db) == before and leftovers(tmp_path) == []


RECOVERER = textwrap.dedent(
    """
    import sys, time
    from nonostudio.core.library import Library, LibraryError
    start = float(sys.argv[2])
    while time.time() < start:
        pass
    try:
        Library(sys.argv[1]).close()
        print("opened")
    except LibraryError as exc:
        print("recovered", exc.recovered)
    """
)


@pytest.mark.slow
def test_studios_starting_on_one_damaged_library_at_once_recover_it_once(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=200)
    broken = wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
    import time

    start = time.time() + 1.5  # every process has imported the package by then
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RECOVERER, str(db), str(start)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    said = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    n = len(before["entries"])  # type: ignore[arg-type]
    assert said.count(f"recovered {n}") == 1 and said.count("opened") == 3, said
    (aside,) = kept_aside(tmp_path)
    assert aside.read_bytes() == broken and leftovers(tmp_path) == []
    assert read_back(db) == before
    assert os.stat(db).st_nlink == 1


def test_the_studio_start_tells_what_was_recovered_and_carries_on_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GUI's start-up (``gui.app.open_library``, without a window) shows the recovery's
    sentence and opens the recovered library; the samples the user deleted stay deleted."""
    from nonostudio.gui.app import open_library

    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(tmp_path))
    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
    library, notes = open_library()
    try:
        n = len(before["entries"])  # type: ignore[arg-type]
        assert len(notes) == 1 and f"{n} puzzles could still be read" in notes[0]
        (aside,) = kept_aside(tmp_path)
        assert str(aside) in notes[0]
        assert library.entries() == before["entries"] and not library.read_only
    finally:
        library.close()


def test_a_studio_with_the_library_open_follows_it_when_another_studio_recovers_it(
    tmp_path: Path,
) -> None:
    """Two studios on one library: the second finds the file damaged and recovers it; what the
    first one writes afterwards lands in the recovered library (SQLite refuses a write to a file
    whose path now names another, and the first studio called its library read-only until it
    was started again)."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    entries = before["entries"]
    assert isinstance(entries, list)
    first = Library(db)  # opened while the file was whole
    try:
        broken = wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
        with pytest.raises(LibraryError) as info:
            Library(db)  # the second studio
        assert info.value.recovered == len(entries) and info.value.moved_to is not None
        new = first.add(bw_puzzle(77), source="late.non")
        first.set_verdict(entries[0].id, "checked after the recovery")
        assert [e.id for e in first.entries()] == [e.id for e in entries] + [new]
    finally:
        first.close()
    assert info.value.moved_to.read_bytes() == broken  # the damaged copy is untouched
    with Library(db) as lib:
        assert lib.get(new) == bw_puzzle(77)
        assert lib.entries()[0].verdict == "checked after the recovery"


Opened = TypeVar("Opened", Library, ProfileStore)


@contextmanager
def recovered_in_place(db: Path, open_: Callable[[Path], Opened]) -> Iterator[tuple[Opened, Path]]:
    """``(first, aside)``: ``first`` is ``open_(db)``, opened before another studio, holding
    ``db``'s write lock, puts a recovered copy of ``db`` in its place 0.3 s later (as
    ``opening._put_in_place`` does, under the lock) and keeps the file it replaced as ``aside``;
    on leaving, the swap is over and ``first`` is closed."""
    recovered = db.with_name("recovered.sqlite3")
    shutil.copyfile(db, recovered)
    aside = db.with_name(db.name + ".unusable")
    first = open_(db)
    recovering = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    recovering.execute("BEGIN IMMEDIATE")

    def put_in_place() -> None:
        time.sleep(0.3)
        os.link(db, aside)
        os.replace(recovered, db)
        recovering.execute("ROLLBACK")
        recovering.close()

    swap = threading.Thread(target=put_in_place)
    swap.start()
    try:
        yield first, aside
    finally:
        swap.join()
        first.close()


def test_a_write_waiting_for_a_recovery_s_lock_goes_to_the_recovered_library(
    tmp_path: Path,
) -> None:
    """The recovering studio holds the damaged file's lock until the new file is in its place;
    a write the first studio made meanwhile waited for that lock and then went to the file kept
    aside, which SQLite refused as read-only: the save failed and the library was called
    read-only."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=5)
    entries = before["entries"]
    assert isinstance(entries, list)
    with recovered_in_place(db, Library) as (first, aside):
        new = first.add(bw_puzzle(77), source="late.non")  # waits for the lock
        assert not first.read_only
    with Library(db) as lib:
        assert [e.id for e in lib.entries()] == [e.id for e in entries] + [new]
    with Library(aside) as kept:
        assert kept.entries() == entries


def test_practice_events_waiting_for_a_recovery_s_lock_go_to_the_recovered_library(
    tmp_path: Path,
) -> None:
    """As a library write: the events of a practice session stored while another studio was
    putting its recovered library in place were refused ('attempt to write a readonly
    database') and lost."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=5)
    late = [ProfileEvent("drill", "mark", "glue", 1.0, at=5000.0)]
    with recovered_in_place(db, ProfileStore) as (first, aside):
        assert first.record("ann", late) == 1  # waits for the lock
    profiles = before["profiles"]
    assert isinstance(profiles, dict)
    with ProfileStore(db) as store:
        assert store.events("ann") == profiles["ann"] + late
    with ProfileStore(aside) as kept:
        assert kept.events("ann") == profiles["ann"]


def test_a_library_moved_away_while_open_refuses_writes_and_still_reads(tmp_path: Path) -> None:
    """Said as what happened, not as a read-only file, and the library is not read-only after."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    with Library(db) as lib:
        db.rename(tmp_path / "elsewhere.sqlite3")
        with pytest.raises(LibraryError, match="was moved or deleted") as info:
            lib.add(bw_puzzle(77))
        assert str(db) in str(info.value) and not db.exists() and not lib.read_only
        assert lib.entries() == before["entries"]
    with Library(tmp_path / "elsewhere.sqlite3") as moved:
        assert moved.entries() == before["entries"]  # the write went nowhere


def test_a_listing_column_that_does_not_read_is_taken_from_the_puzzle_s_document(
    tmp_path: Path,
) -> None:
    db = tmp_path / "library.sqlite3"
    with Library(db) as lib:
        ids = [lib.add(bw_puzzle(i)) for i in range(3)]
        victim = lib.add(Puzzle.from_grid([[1, 0], [1, 1]], title="Victim", author="Quillfeather"))
        before = lib.entries()
    data = bytearray(db.read_bytes())
    spots = [i for i in range(len(data)) if data.startswith(b"Quillfeather", i)]
    assert len(spots) == 2  # the author column, then the document
    data[spots[0]] = 0xFF  # the column no longer UTF-8; the document whole
    db.write_bytes(bytes(data))
    broken = wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
    with pytest.raises(LibraryError) as info:
        Library(db)
    assert info.value.recovered == len(ids) + 1
    assert info.value.moved_to is not None and info.value.moved_to.read_bytes() == broken
    with Library(db) as lib:
        assert lib.entries() == before and lib.skipped == []
        assert lib.get(victim).author == "Quillfeather"


KILLED_IN_THE_MIDDLE = textwrap.dedent(
    """
    import sys, time
    from nonostudio.core.library import Library, salvage
    copy = salvage._copy_hand_progress

    def stall(damaged, out):  # the puzzles are written: stop here until killed
        copy(damaged, out)
        print("copying", flush=True)
        time.sleep(60)

    salvage._copy_hand_progress = stall
    Library(sys.argv[1])
    """
)


def test_a_recovery_killed_half_way_loses_nothing_and_the_next_start_recovers_it(
    tmp_path: Path,
) -> None:
    db, before, broken = damaged_index(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_IN_THE_MIDDLE, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "copying"
        assert leftovers(tmp_path)  # the half-made copy
    finally:
        proc.kill()
        proc.communicate()
    assert db.read_bytes() == broken and kept_aside(tmp_path) == []
    with pytest.raises(LibraryError) as info:
        Library(db)
    assert info.value.recovered == len(before["entries"])  # type: ignore[arg-type]
    assert leftovers(tmp_path) == [] and kept_aside(tmp_path) == [info.value.moved_to]
    assert read_back(db) == before


def test_a_recovery_on_a_full_disk_changes_nothing_until_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_library_faults import FullDisk

    folder = tmp_path / "small"
    folder.mkdir()
    if not _mounted_tmpfs(folder):
        pytest.skip("needs root to mount a small tmpfs (a real full disk)")
    try:
        disk = FullDisk(folder, True, monkeypatch)
        db = folder / "library.sqlite3"
        before = write_library(db, n=20)
        broken = wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
        disk.fill()
        with pytest.raises(LibraryError) as info:
            Library(db)
        assert info.value.moved_to is None and "could not be recovered now" in str(info.value)
        assert db.read_bytes() == broken and kept_aside(folder) == [] and leftovers(folder) == []
        disk.free()
        with pytest.raises(LibraryError) as again:
            Library(db)
        assert again.value.recovered == len(before["entries"])  # type: ignore[arg-type]
        assert read_back(db) == before
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def _mounted_tmpfs(folder: Path) -> bool:
    if os.geteuid() != 0:
        return False
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", str(folder)],
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def test_the_profiles_of_a_studio_follow_the_library_another_studio_recovered(
    tmp_path: Path,
) -> None:
    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    store = ProfileStore(db)  # the first studio's Practice tab, opened while the file was whole
    try:
        wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
        with pytest.raises(LibraryError):
            Library(db)  # the second studio recovers the library
        late = ProfileEvent("drill", "mark", "glue", 0.5, at=5000.0)
        assert store.record("ann", [late]) == 1
    finally:
        store.close()
    with ProfileStore(db) as profiles:
        assert profiles.events("ann") == before["profiles"]["ann"] + [late]  # type: ignore[index]


def test_a_library_reached_by_a_symbolic_link_is_recovered_where_its_file_is(
    tmp_path: Path,
) -> None:
    """A data folder that links the library to a file elsewhere (a synced folder) keeps the
    link: the file it points to is recovered, the damaged copy kept beside it."""
    elsewhere = tmp_path / "synced"
    elsewhere.mkdir()
    db, before, broken = damaged_index(elsewhere)
    data = tmp_path / "data"
    data.mkdir()
    link = data / "library.sqlite3"
    link.symlink_to(db)
    with pytest.raises(LibraryError) as info:
        Library(link)
    assert info.value.recovered == len(before["entries"])  # type: ignore[arg-type]
    assert (
        link.is_symlink()
        and link.resolve() == db
        and [p.name for p in data.iterdir()] == [link.name]
    )
    assert kept_aside(elsewhere) == [info.value.moved_to] and leftovers(elsewhere) == []
    assert info.value.moved_to is not None and info.value.moved_to.read_bytes() == broken
    assert read_back(link) == before


def test_a_recovery_opened_in_a_background_thread_is_handed_over_as_it_would_open(
    tmp_path: Path,
) -> None:
    """``Library.open_recovering`` (the studio's Retry runs it on a worker thread): the same
    recovery and report as ``Library(path)``, how far it is told on the way, and the library it
    opens is used by the thread it is handed to (a plain connection refuses another thread)."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=600)
    broken = wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
    told: list[tuple[float, str]] = []
    opened: list[object] = []
    worker = threading.Thread(
        target=lambda: opened.append(
            Library.open_recovering(db, progress=lambda f, m: told.append((f, m)))
        )
    )
    worker.start()
    worker.join()
    (reopened,) = opened
    assert isinstance(reopened, library_store.Reopened)
    library, report = reopened.library, reopened.recovery
    try:
        entries = before["entries"]
        assert isinstance(entries, list)
        assert report is not None and report.recovered == len(entries) == 600
        assert report.moved_to is not None and report.moved_to.read_bytes() == broken
        assert "600 puzzles could still be read" in str(report)
        assert library.entries() == entries  # on this thread, not the one that opened it
        new = library.add(bw_puzzle(600))
        assert len(library) == 601 and library.get(new) == bw_puzzle(600)
    finally:
        library.close()
    assert [m for _f, m in told] == [f"Recovering the puzzles: {n:,} of 600" for n in (0, 250, 500)]
    assert [f for f, _m in told] == [0.0, 250 / 600, 500 / 600]
    assert kept_aside(tmp_path) == [report.moved_to] and leftovers(tmp_path) == []
    with Library(db) as lib:  # opened as it is now: no second recovery
        assert len(lib) == 601


def test_a_recovery_stopped_half_way_changes_nothing_and_the_next_open_recovers_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=600)
    broken = wipe_pages(db, [catalogue(db)["sqlite_autoindex_meta_1"]])
    asked: list[int] = []

    def stop_at_the_second_look() -> bool:
        asked.append(1)
        return len(asked) >= 2

    with pytest.raises(LibraryError, match="was stopped") as info:
        Library.open_recovering(db, should_stop=stop_at_the_second_look)
    assert len(asked) == 2  # at 0 and at 250 puzzles: the copy was under way
    assert info.value.kind == CORRUPT and info.value.moved_to is None
    assert "left unchanged, to be recovered when it is opened again" in str(info.value)
    assert db.read_bytes() == broken and sorted(p.name for p in tmp_path.iterdir()) == [db.name]
    reopened = Library.open_recovering(db, should_stop=lambda: False)
    reopened.library.close()
    assert reopened.recovery is not None and reopened.recovery.recovered == 600
    assert read_back(db) == before


def test_a_recovered_library_tells_what_its_recovery_gave_and_where_the_damaged_copy_is(
    tmp_path: Path,
) -> None:
    """For a studio that opens it later: the damaged copies beside the file, and what each
    recovery recorded in the library (a file moved aside whole recorded nothing)."""
    from nonostudio.core.library.recovered import recoveries

    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    page = page_holding(db, b'"title":"puzzle 20"')  # a page of puzzles: some are lost
    wipe_pages(db, [page])
    with pytest.raises(LibraryError) as info:
        Library(db)
    report = info.value
    with Library(db) as lib:
        (found,) = recoveries(lib)
    entries = before["entries"]
    assert isinstance(entries, list) and report.recovered is not None
    assert found.kept_as == report.moved_to and found.puzzles == report.recovered
    assert found.puzzles < len(entries) and found.unreadable is not None
    lost = len(entries) - found.puzzles
    assert found.unreadable == lost or found.incomplete
    assert found.at is not None and abs(found.at.timestamp() - time.time()) < 120
    said = found.sentence(db)
    assert said.startswith(f"The puzzle library {db} was found damaged on ")
    assert f"{found.puzzles} puzzles could still be read and were recovered" in said
    assert said.endswith(f"The damaged file is kept unchanged as {report.moved_to}.")
    # the same counts as the recovery's own report
    assert said.split(": ", 1)[1].split(". The damaged")[0] in str(report)

    junk = tmp_path / "other" / "library.sqlite3"
    junk.parent.mkdir()
    junk.write_bytes(b"not a database" * 400)
    with pytest.raises(LibraryError) as whole:
        Library(junk)
    with Library(junk) as lib:
        (found,) = recoveries(lib)
    assert found.kept_as == whole.value.moved_to and found.puzzles is None
    assert "was not recorded" in found.sentence(junk)
    with Library(tmp_path / "fresh.sqlite3") as fresh:
        assert recoveries(fresh) == []


def test_a_library_cut_short_gives_back_the_puzzles_in_the_part_that_is_there(
    tmp_path: Path,
) -> None:
    """A file shorter than its header says (a copy or sync broken off) was read as nothing at
    all: SQLite refuses its list of tables, so the whole file was moved aside and an empty
    library started.  Seen under Xvfb with a library truncated to half its size."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db, n=200)
    with db.open("r+b") as file:
        file.truncate(db.stat().st_size // 2)
    cut = db.read_bytes()
    with pytest.raises(LibraryError) as info:
        Library(db)
    report = info.value
    assert report.moved_to is not None and report.moved_to.read_bytes() == cut
    assert report.recovered is not None and report.recovered > 50, str(report)
    entries = before["entries"]
    puzzles = before["puzzles"]
    assert isinstance(entries, list) and isinstance(puzzles, list)
    want = {e.id: (e, p) for e, p in zip(entries, puzzles, strict=True)}
    with Library(db) as lib:
        got = lib.entries()
        assert len(got) == report.recovered and lib.skipped == []
        for entry in got:
            assert (entry, lib.get_any(entry.id)) == want[entry.id]


def test_the_message_names_the_first_problems_sqlite_finds_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    """A wiped page in the middle of a big puzzle's document makes SQLite's check report a line
    for each page of it after the wiped one ('Page 8 is never used; Page 9 is never used; …'),
    which the message repeated in full before its counts and the damaged copy's place (seen
    under Xvfb: thirteen problems in the start-up's box)."""
    from nonostudio.core.library.records import puzzle_to_json

    db = tmp_path / "library.sqlite3"
    huge = Puzzle.from_grid(
        (np.random.default_rng(9).random((120, 120)) < 0.5).astype(np.int8), title="huge"
    )
    with Library(db) as lib:
        for i in range(5):
            lib.add(bw_puzzle(i))
        lib.add(huge)
    document = puzzle_to_json(huge).encode()
    assert len(document) > 6 * PAGE  # stored over a chain of pages
    wipe_pages(db, [page_holding(db, document[4500:4560])])  # one early in the chain
    found = [line for line in quick_check(db).splitlines() if "in database" not in line]
    assert len(found) > 3, found  # the damage this test needs
    with pytest.raises(LibraryError) as info:
        Library(db)
    said = str(info.value)
    assert f"({found[0]}; {found[1]}; and {len(found) - 2} more problems)" in said
    assert found[2] not in said and info.value.recovered == 5


def test_a_file_whose_header_was_overwritten_gives_back_its_puzzles(tmp_path: Path) -> None:
    """Its first 100 bytes overwritten, a library is 'not a database' to SQLite, yet its pages
    are whole: under Xvfb one of 1,714 puzzles recovered none ('No puzzle could be recovered
    from it').  Read with its header written anew, all come back, hand progress too."""
    db = tmp_path / "library.sqlite3"
    before = write_library(db)
    data = bytearray(db.read_bytes())
    data[:100] = b"x" * 100
    db.write_bytes(bytes(data))
    with pytest.raises(LibraryError) as info:
        Library(db)
    error = info.value
    n = len(before["entries"])  # type: ignore[arg-type]
    assert error.kind == CORRUPT and error.recovered == n, str(error)
    assert error.moved_to is not None and error.moved_to.read_bytes() == bytes(data)
    assert leftovers(tmp_path) == [] and not list(tmp_path.glob("*.header-*"))
    assert read_back(db) == before


def test_a_file_of_junk_with_no_sqlite_header_is_still_moved_aside(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    junk = b"\x07" * (PAGE * 4)  # page-sized, so every page size is tried and none shows one
    db.write_bytes(junk)
    with pytest.raises(LibraryError, match="moved to") as info:
        Library(db)
    assert info.value.recovered is None and info.value.moved_to.read_bytes() == junk
    assert not list(tmp_path.glob("*.header-*")) and leftovers(tmp_path) == []
