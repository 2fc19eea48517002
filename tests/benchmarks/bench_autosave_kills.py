"""Autosave files left by studios killed with ``kill -9`` in the middle of their writes (left
unremoved, 20 kills made 14 temporary files, 2.8 MB; the goal is none after the next start).

Each round starts a process that autosaves a 200 KB document over and over, as a studio whose
user keeps drawing would (one session, one lock, atomic writes with fsync), and SIGKILLs it after
a random moment; then the folder's temporary files are counted, before and after a new session's
start (``AutosaveStore.orphans``, as the window calls it).
Run by hand: ``python tests/benchmarks/bench_autosave_kills.py [--rounds 20]``.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from pathlib import Path
from nonostudio.gui.window.autosave import AutosaveStore

store = AutosaveStore([Path(sys.argv[1])])
n = 0
while True:
    n += 1
    store.save({"n": n, "cells": "x" * 200_000})
"""


def leftovers(folder: Path) -> tuple[int, int]:
    """How many temporary files the folder holds, and their bytes."""
    tmps = list(folder.glob(".*.tmp"))
    return len(tmps), sum(p.stat().st_size for p in tmps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from nonostudio.gui.window.autosave import AutosaveStore

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "autosave"
        for _ in range(args.rounds):
            proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], cwd=REPO)
            time.sleep(0.6 + rng.random() * 0.4)  # past the start-up, somewhere in the writes
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        count, size = leftovers(folder)
        print(f"after {args.rounds} kills: {count} temporary files, {size / 1e6:.2f} MB")
        orphans = AutosaveStore([folder]).orphans()
        count, size = leftovers(folder)
        print(
            f"after the next start: {count} temporary files, {size / 1e6:.2f} MB; "
            f"{len(orphans)} autosaves offered back"
        )
        for orphan in orphans:
            orphan.release()


if __name__ == "__main__":
    main()
