"""Benchmarks that time a probe script in fresh processes: this checkout and, with ``--old``,
another one (its ``nonostudio`` package first on the path), run alternately for a before/after
in the same conditions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path


def probe_run(probe: str, args: Sequence[str], tree: Path | None) -> dict:
    """Run ``probe`` (Python source) offscreen in a fresh process on a fresh data folder (its
    working folder, also its last argument after ``args``), with ``tree``'s package first on
    the path when given; the last JSON line it prints."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=folder)
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        out = subprocess.run(
            [sys.executable, "-c", probe, *args, folder],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
        if not lines:
            raise SystemExit(f"the probe failed:\n{out.stderr[-3000:]}")
        return json.loads(lines[-1])


def alternate(
    runs: int, old: Path | None, run: Callable[[Path | None], dict]
) -> list[tuple[str, list[dict]]]:
    """``run`` on the ``old`` checkout (when given) and on this one, alternately, ``runs``
    times each: each checkout's name (``old``, ``now``) and results, the old one first."""
    trees: list[tuple[str, Path | None]] = [("now", None)]
    if old is not None:
        trees.insert(0, ("old", old.resolve()))
    results: dict[str, list[dict]] = {name: [] for name, _ in trees}
    for _ in range(runs):
        for name, tree in trees:
            results[name].append(run(tree))
    return [(name, results[name]) for name, _ in trees]
