"""A real tmpfs mounted on a folder for the length of a ``with`` block (the tests that need a
full disk or a read-only medium run as root, here and in CI)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def tmpfs(folder: Path, options: str) -> Iterator[Path]:
    """``folder`` with a tmpfs mounted on it (``mount -o options``), unmounted on the way out."""
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert mounted.returncode == 0, (
        f"cannot mount a tmpfs with -o {options} (the test needs root): {mounted.stderr}"
    )
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)
