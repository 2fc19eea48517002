"""Where nonostudio keeps things: bundled resources, the user-data directory, the library database.

Every other module asks here; tests and the ``NONOSTUDIO_DATA_DIR`` environment variable redirect
user data to a temporary folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import appdirs

APP_NAME = "nonostudio"
APP_AUTHOR = "nonostudio"


def resources_dir() -> Path:
    """The shipped ``resources/`` folder (source checkout, editable install or PyInstaller bundle)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    # In a checkout ``_resources`` is a link to the top-level ``resources/``; a wheel holds a copy.
    return Path(__file__).resolve().parent / "_resources"


def samples_dir() -> Path:
    """Bundled sample puzzles (each carries a free licence)."""
    return resources_dir() / "samples"


def rules_dir() -> Path:
    """Shipped rule sets."""
    return resources_dir() / "rules"


def icon_path() -> Path:
    return resources_dir() / "icons" / "nonostudio.svg"


def paper_testing_set() -> Path:
    """The paper's 2805 test transitions, from the shared anchor data beside a checkout.

    Not shipped (it is data of the original repository): commands and views that measure coverage
    on it say so when it is absent and accept another file.
    """
    return Path(__file__).resolve().parent.parent.parent / "shared" / "anchors" / "butler" / (
        "testing-set.json")


def user_data_dir() -> Path:
    """Per-user data folder (created on demand); ``NONOSTUDIO_DATA_DIR`` overrides it.

    A folder that cannot be created (a read-only parent) is returned all the same: whoever writes
    there reports the error, and start-up does not fail.
    """
    override = os.environ.get("NONOSTUDIO_DATA_DIR")
    path = Path(override) if override else Path(appdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return path


def library_db_path() -> Path:
    """The SQLite puzzle library."""
    return user_data_dir() / "library.sqlite3"


def jobs_db_path() -> Path:
    """The SQLite store of synthesis jobs."""
    return user_data_dir() / "jobs.sqlite3"


def user_rules_dir() -> Path:
    """Rule sets the user saved (e.g. learned ones), created on demand.

    A folder that cannot be created (read-only data folder) is returned all the same: reading
    finds no rule sets there, and saving one reports the error.
    """
    path = user_data_dir() / "rules"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return path
