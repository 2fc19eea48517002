"""What studios killed in the middle of an autosave leave behind is removed at the next start (and
at the next session's first write), never the files of a studio still running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nonostudio.gui.window.autosave import AutosaveStore

REPO = Path(__file__).resolve().parents[3]

# A studio's autosave writer that stops for good in the middle of its second write: the
# temporary file is written, flushed and waiting for its fsync when the parent kills it.
STUCK_WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from nonostudio.gui.window.autosave import AutosaveStore

    store = AutosaveStore([Path(sys.argv[1])])
    store.save({"n": 1})

    def stuck(fd):
        print("writing", flush=True)
        time.sleep(120)

    os.fsync = stuck
    store.save({"n": 2, "big": "x" * 200_000})
""")


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(".session-*.tmp"))


def test_temporaries_of_dead_sessions_go_at_start_up_those_of_live_ones_stay(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "autosave"
    live = AutosaveStore([folder])
    live.save({"n": 0})
    assert live.path is not None
    live_tmp = live.path.parent / f".{live.path.name}.k3j2h1g0.tmp"
    live_tmp.write_bytes(b"being written")  # the live studio's write in progress
    dead_tmp = folder / ".session-0123456789ab.json.a1b2c3d4.tmp"  # its writer left no lock
    dead_tmp.write_bytes(b"x" * 1000)
    dead_lock = folder / "session-ba9876543210.lock"  # a lock that outlived its autosave
    dead_lock.write_text(f"{2**22 + 12345}\nnonostudio\n{os.uname().nodename}\n")

    assert AutosaveStore([folder]).orphans() == []
    assert not dead_tmp.exists() and not dead_lock.exists()
    assert live_tmp.read_bytes() == b"being written" and live.path.exists()
    live.close()


def test_the_first_write_of_a_session_removes_what_dead_ones_left(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    dead_tmp = folder / ".session-0123456789ab.json.a1b2c3d4.tmp"
    dead_tmp.write_bytes(b"half")
    unrelated = folder / ".notes.txt.a1b2c3d4.tmp"  # not an autosave's: not ours to remove
    unrelated.write_bytes(b"kept")
    store = AutosaveStore([folder])
    path = store.save({"n": 1})
    assert not dead_tmp.exists() and unrelated.exists()
    assert json.loads(path.read_text())["state"] == {"n": 1}
    store.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_mid_write_leaves_nothing_after_the_next_start(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    script = tmp_path / "writer.py"
    script.write_text(STUCK_WRITER)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(folder)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line == "writing\n", proc.stderr.read() if proc.poll() is not None else line
        [writing] = temporaries(folder)
        # While its writer lives, a start leaves its file alone and offers nothing.
        assert AutosaveStore([folder]).orphans() == []
        assert writing.exists()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert temporaries(folder) == [writing]  # what a kill -9 leaves

    [orphan] = AutosaveStore([folder]).orphans()
    assert orphan.data == {"n": 1}  # the last complete autosave is offered back
    assert temporaries(folder) == []
    orphan.release()
