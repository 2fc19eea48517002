"""Concurrent first opens of one library: several processes creating a new library, or upgrading
an old one, at the same moment all get the library, with the right schema and no duplicate step.

The processes are forked once and meet at a barrier before each open, so the opens start within
a fraction of a millisecond of each other, round after round.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import traceback
from collections.abc import Callable
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest

from nonostudio.core.library import MIGRATIONS, SCHEMA_VERSION, Library

PROCESSES = 8
ROUNDS = 6

_fork = multiprocessing.get_context("fork")


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def schema_of(path: Path) -> tuple[int, set[str], list[str]]:
    conn = sqlite3.connect(path)
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        return version, tables - {"sqlite_sequence"}, columns(conn, "puzzles")
    finally:
        conn.close()


def fresh_schema(tmp_path: Path) -> tuple[int, set[str], list[str]]:
    """What a library created alone looks like."""
    alone = tmp_path / "alone.sqlite3"
    Library(alone).close()
    return schema_of(alone)


def _open_each_round(
    paths: list[str], barrier: Barrier, results: Any, open_one: Callable[[Path], str]
) -> None:
    for path in paths:
        barrier.wait(timeout=60)
        try:
            results.put(open_one(Path(path)))
        except BaseException:  # noqa: BLE001 - reported to the parent, which fails the test
            results.put("failed: " + traceback.format_exc(limit=3))


def _open_library(path: Path) -> str:
    library = Library(path)
    try:
        writable = not library.read_only
        count = len(library)
    finally:
        library.close()
    return f"ok {writable} {count}"


def race(paths: list[Path], open_one: Callable[[Path], str] = _open_library) -> list[str]:
    """Open each of ``paths`` from :data:`PROCESSES` processes at once; every process's answer."""
    barrier = _fork.Barrier(PROCESSES)
    results = _fork.Queue()
    workers = [
        _fork.Process(
            target=_open_each_round, args=([str(p) for p in paths], barrier, results, open_one)
        )
        for _ in range(PROCESSES)
    ]
    for worker in workers:
        worker.start()
    answers = [results.get(timeout=60) for _ in range(PROCESSES * len(paths))]
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    return answers


def test_many_studios_creating_one_new_library_at_once_all_get_it(tmp_path: Path) -> None:
    paths = [tmp_path / f"round{n}" / "library.sqlite3" for n in range(ROUNDS)]
    answers = race(paths)
    failures = [a for a in answers if not a.startswith("ok")]
    assert failures == [], f"{len(failures)} of {len(answers)} opens failed:\n" + failures[0]
    assert set(answers) == {"ok True 0"}
    expected = fresh_schema(tmp_path)
    assert expected[0] == SCHEMA_VERSION
    for path in paths:
        assert schema_of(path) == expected


def old_library(path: Path, version: int) -> None:
    """A library at schema ``version`` holding one puzzle row, built by the old migrations."""
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path, isolation_level=None)
    for step in range(version):
        MIGRATIONS[step](conn)
    conn.execute(f"PRAGMA user_version = {version:d}")
    conn.execute(
        "INSERT INTO puzzles (title, author, width, height, source, licence, data, created, "
        "modified) VALUES ('kept', 'Ann', 1, 1, '', 'CC0-1.0', '{}', 'then', 'then')"
    )
    conn.close()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_studios_upgrading_one_old_library_at_once_all_get_it(tmp_path: Path, version: int) -> None:
    paths = [tmp_path / f"round{n}" / "library.sqlite3" for n in range(ROUNDS)]
    for path in paths:
        old_library(path, version)
    answers = race(paths)
    failures = [a for a in answers if not a.startswith("ok")]
    assert failures == [], f"{len(failures)} of {len(answers)} opens failed:\n" + failures[0]
    assert set(answers) == {"ok True 1"}  # the puzzle stored before the upgrade is still there
    expected = fresh_schema(tmp_path)
    for path in paths:
        assert schema_of(path) == expected


def _open_and_seed(path: Path) -> str:
    from nonostudio.core.paths import samples_dir

    library = Library(path)
    try:
        added = library.seed_samples(samples_dir())
        return f"ok {added} {len(library)}"
    finally:
        library.close()


def test_studios_seeding_one_new_library_at_once_add_the_samples_once(tmp_path: Path) -> None:
    from nonostudio.core.paths import samples_dir

    samples = len(list(samples_dir().glob("*.non")))
    paths = [tmp_path / f"round{n}" / "library.sqlite3" for n in range(3)]
    answers = race(paths, _open_and_seed)
    failures = [a for a in answers if not a.startswith("ok")]
    assert failures == [], f"{len(failures)} of {len(answers)} opens failed:\n" + failures[0]
    counts = sorted(int(a.split()[1]) for a in answers)
    # one process per round added them all; the others found them there
    assert counts == [0] * (len(answers) - len(paths)) + [samples] * len(paths)
    assert {a.split()[2] for a in answers} == {str(samples)}
    for path in paths:
        with Library(path) as library:
            assert len(library) == samples


def test_a_lock_met_while_opening_is_tried_again(tmp_path: Path) -> None:
    """SQLite can answer "database is locked" without waiting (a lock taken in between); the open
    tries again within its wait instead of giving up at once."""
    db = tmp_path / "library.sqlite3"
    calls: list[object] = []

    class Flaky(Library):
        def _connect(self, target: str | Path, *, uri: bool = False) -> sqlite3.Connection:
            calls.append(target)
            if len(calls) == 1:
                locked = sqlite3.OperationalError("database is locked")
                locked.sqlite_errorcode = 5  # type: ignore[attr-defined]
                raise locked
            return super()._connect(target, uri=uri)

    with Flaky(db, busy_timeout=1.0) as library:
        assert not library.read_only and len(library) == 0
    assert len(calls) == 2
