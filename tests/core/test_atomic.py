"""Atomic writes leave files with the permissions a plain write gives them (the umask for a new
file, the file's own for a replaced one), not mkstemp's 0600."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.core.atomic import current_umask, write_bytes_atomic, write_text_atomic
from nonostudio.core.formats import write_file
from nonostudio.core.puzzle import Puzzle

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_follows_the_umask(tmp_path: Path, umask: None) -> None:
    write_text_atomic(tmp_path / "a.txt", "x")
    assert mode(tmp_path / "a.txt") == 0o644
    os.umask(0o077)
    write_bytes_atomic(tmp_path / "b.bin", b"x")
    assert mode(tmp_path / "b.bin") == 0o600
    assert current_umask() == 0o077


def test_saved_puzzles_are_readable_like_other_files(tmp_path: Path, umask: None) -> None:
    puzzle = Puzzle.from_grid([[1, 0], [0, 1]], title="diagonal")
    plain = tmp_path / "plain.non"
    plain.write_text("x")  # what an ordinary write gives under this umask
    for name in ("saved.non", "saved.xml"):
        write_file(puzzle, tmp_path / name)
        assert mode(tmp_path / name) == mode(plain) == 0o644, name


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path, umask: None) -> None:
    path = tmp_path / "shared.non"
    path.write_text("old")
    path.chmod(0o664)
    write_text_atomic(path, "new")
    assert path.read_text() == "new" and mode(path) == 0o664
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_link_is_kept_and_its_file_replaced(tmp_path: Path) -> None:
    """Renamed over the link, the file it named kept its old content (the studio's Save said
    saved, and opening the real file showed the puzzle as before)."""
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "duck.non"
    real.write_text("old")
    link = tmp_path / "duck.non"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert not list(tmp_path.rglob(".*.tmp"))


def test_a_fifo_is_written_not_replaced(tmp_path: Path) -> None:
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_bytes_atomic(fifo, b"clues")
    reader.join(5)
    assert got == [b"clues"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd (Linux)")
def test_a_link_to_a_pipe_is_written_into_it() -> None:
    """``/dev/stdout`` when stdout is a pipe: a link to ``/proc/…/fd/N``, itself a link to
    ``pipe:[N]``, which is no path; following the links first and writing beside what they
    named failed ("No such file or directory": `convert x.non /dev/stdout | cat`)."""
    read, write = os.pipe()
    try:
        write_bytes_atomic(f"/proc/self/fd/{write}", b"through the pipe")
        os.close(write)
        write = -1
        assert os.read(read, 100) == b"through the pipe"
    finally:
        os.close(read)
        if write >= 0:
            os.close(write)
