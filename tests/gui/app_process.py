"""Running a small driver script as a real studio process, for the GUI tests that need one
(a crash, a read-only data folder): offscreen, with its own data and config folders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_driver(
    tmp_path: Path, source: str, data: Path, *args: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``source`` (written to ``tmp_path/driver.py``) with ``args`` on the offscreen
    platform, ``data`` as its user-data folder and ``tmp_path/config`` as its config folder;
    output captured, two minutes at most."""
    script = tmp_path / "driver.py"
    script.write_text(source)
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        NONOSTUDIO_DATA_DIR=str(data),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    return subprocess.run(
        [sys.executable, str(script), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
