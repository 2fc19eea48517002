"""Two studios started at once on a new library: how many get the persistent library.

Run by hand: ``python tests/benchmarks/bench_library_race.py [--rounds 50]``.  Each round makes
an empty data folder and starts two fresh Python processes on it; each imports the studio's
start-up (``nonostudio.gui.app``), says it is ready, and on the parent's word (given to both
back to back) opens the library exactly as the GUI start-up does: ``open_library(seed=False)``,
then ``seed_library`` (which the window runs after its first paint).  It prints, over all the
opens, how many got the persistent library (writable), how many got it read-only, how many fell
back to an in-memory library, and how many rounds ended with the samples not stored exactly once,
with the first few messages the studios would have shown; exits 1 unless every open got the
persistent library (the goal: 2 x rounds persistent, 0 in-memory fallbacks).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

STUDIO = """
import json, sys
from nonostudio.gui import app
import nonostudio.core.library  # imported before the word, as a studio has by then

print("ready", flush=True)
sys.stdin.readline()
library, notes = app.open_library(seed=False)
notes += app.seed_library(library)
print(json.dumps({"in_memory": library.in_memory, "read_only": library.read_only,
                  "notes": notes}), flush=True)
library.close()
"""


def one_round(data: Path) -> list[dict[str, object]]:
    """Start two studios' library opening on ``data`` at the same moment; what each reports."""
    env = dict(os.environ, NONOSTUDIO_DATA_DIR=str(data))
    studios = [
        subprocess.Popen(
            [sys.executable, "-c", STUDIO],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(2)
    ]
    for studio in studios:
        assert studio.stdout is not None
        line = studio.stdout.readline().strip()
        if line != "ready":
            raise SystemExit(f"a studio did not start: {line} {studio.communicate()[1]}")
    for studio in studios:
        assert studio.stdin is not None
        studio.stdin.write("go\n")
        studio.stdin.flush()
    reports = []
    for studio in studios:
        out, err = studio.communicate(timeout=60)
        if studio.returncode != 0:
            raise SystemExit(f"a studio failed (exit {studio.returncode}): {err}")
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return reports


def stored(data: Path) -> int:
    conn = sqlite3.connect(f"file:{data / 'library.sqlite3'}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0])
    finally:
        conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    from nonostudio.core.paths import samples_dir

    samples = len(list(samples_dir().glob("*.non")))
    persistent = read_only = in_memory = wrong_samples = 0
    messages: list[str] = []
    with tempfile.TemporaryDirectory(prefix="library-race-") as top:
        for n in range(args.rounds):
            data = Path(top) / f"round{n}"
            for report in one_round(data):
                if report["in_memory"]:
                    in_memory += 1
                elif report["read_only"]:
                    read_only += 1
                else:
                    persistent += 1
                messages.extend(str(note) for note in report["notes"])  # type: ignore[attr-defined]
            if stored(data) != samples:
                wrong_samples += 1
    opens = 2 * args.rounds
    print(f"{args.rounds} rounds of two studios started at once on a new library ({opens} opens)")
    print(f"  persistent library:      {persistent}")
    print(f"  read-only library:       {read_only}")
    print(f"  in-memory fallbacks:     {in_memory}")
    print(f"  samples not stored once: {wrong_samples} rounds (of {samples} samples)")
    print(f"  messages shown:          {len(messages)}")
    for message in messages[:5]:
        print(f"    {message}")
    ok = persistent == opens and not wrong_samples and not messages
    print(f"goal ({opens} persistent, 0 fallbacks): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
