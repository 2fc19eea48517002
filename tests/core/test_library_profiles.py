"""Player profiles in a library another studio is writing to: opening the profile store (on the
GUI thread) does not wait for the other studio's write lock, and a lock met then never turns the
store into a copy in memory whose events are lost at the end of the session.  A path that is not
a library file is named with what is there."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.core.library import Library
from nonostudio.core.library.profiles import ProfileError, ProfileEvent, ProfileStore

HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO meta (key, value) VALUES ('holder', 'was here')")
    print("locked", flush=True)
    sys.stdin.readline()
    conn.execute("COMMIT")
    """
)


class Holder:
    """Another studio in the middle of a write: it holds the library's write lock."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "locked"

    def let_go(self) -> None:
        self.proc.communicate("\n", timeout=20)
        assert self.proc.returncode == 0


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Path]:
    db = tmp_path / "library.sqlite3"
    Library(db).close()
    yield db


def event(i: int) -> ProfileEvent:
    return ProfileEvent("drill", "mark", "glue", 1.0, at=1000.0 + i)


@pytest.mark.parametrize("tables", ["made before", "not made yet"])
def test_opening_profiles_while_another_studio_writes_does_not_wait_and_keeps_events(
    library: Path, tables: str
) -> None:
    if tables == "made before":
        with ProfileStore(library) as store:
            store.create("ann")
    holder = Holder(library)
    try:
        start = time.monotonic()
        store = ProfileStore(library)
        opened_in = time.monotonic() - start
        assert opened_in < 1.0, f"the GUI thread waited {opened_in:.1f} s"
        assert store.read_only == ""
        assert store.names() == (["ann"] if tables == "made before" else [])
    finally:
        holder.let_go()
    try:
        store.ensure("ann")
        assert store.record("ann", [event(i) for i in range(3)]) == 3
    finally:
        store.close()
    with ProfileStore(library) as again:  # the events were stored in the file, not in memory
        assert again.events("ann") == [event(i) for i in range(3)]
    with Library(library) as lib:
        assert lib.meta("holder") == "was here"


@pytest.mark.parametrize("what", ["a folder", "a named pipe (FIFO)", "a missing folder"])
def test_a_profile_store_on_something_else_than_a_library_file_says_what_it_is(
    tmp_path: Path, what: str
) -> None:
    """``nonostudio-cli profile --library PATH`` with a wrong path: a ProfileError naming the
    path and what is there (the CLI prints it), not SQLite's 'disk I/O error' as a crash."""
    path = tmp_path / "library.sqlite3"
    if what == "a folder":
        path.mkdir()
    elif what == "a missing folder":
        path = tmp_path / "nowhere" / "library.sqlite3"
    else:
        os.mkfifo(path)
    start = time.monotonic()
    with pytest.raises(ProfileError) as info:
        ProfileStore(path)
    assert time.monotonic() - start < 1.0
    message = str(info.value)
    assert str(path) in message
    if what == "a missing folder":
        assert f"its folder {path.parent} does not exist" in message
    else:
        assert f"is {what}, not a library file" in message
