"""Where nonostudio keeps things: bundled resources, the user-data directory, the library database.

Every other module asks here; tests and the ``NONOSTUDIO_DATA_DIR`` environment variable redirect
user data to a temporary folder.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import appdirs

APP_NAME = "nonostudio"
APP_AUTHOR = "nonostudio"


def resources_dir() -> Path:
    """The shipped ``resources/`` folder (source checkout, editable install or PyInstaller
    bundle)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    # In a checkout ``_resources`` is a link to the top-level ``resources/``; a wheel holds a copy.
    return Path(__file__).resolve().parent.parent / "_resources"


def samples_dir() -> Path:
    """Bundled sample puzzles (each carries a free licence)."""
    return resources_dir() / "samples"


def rules_dir() -> Path:
    """Shipped rule sets."""
    return resources_dir() / "rules"


def icon_path() -> Path:
    return resources_dir() / "icons" / "nonostudio.svg"


TEST_SET_ENV = "NONOSTUDIO_TEST_SET"
"""Environment variable naming the test transitions to measure on (the paper's, say) by default."""

PAPER_TEST_SET = (2805, 10266)
"""The paper's test set: its transitions and the cells they fill (how it is recognised)."""


def bundled_test_set() -> Path:
    """The test set nonostudio ships: transitions from rollouts of the bundled sample puzzles
    (made by ``packaging/make_test_set.py``; the paper's figures are not measured on it)."""
    return resources_dir() / "testsets" / "samples.json"


def default_test_set() -> Path:
    """The test transitions measured on when none is named: the file ``NONOSTUDIO_TEST_SET``
    names (the paper's ``testing-set.json``, say), else :func:`bundled_test_set`.

    Read when called, never at import, so the environment can be set first.  The paper's set is
    not shipped (it is data of the original repository): name it with ``--test FILE`` or the
    environment variable.
    """
    override = os.environ.get(TEST_SET_ENV, "").strip()
    return Path(override) if override else bundled_test_set()


def resolve_test_set(path: str | os.PathLike[str] | None = None) -> Path:
    """The test set a ``--test`` option names, or :func:`default_test_set` when it names none.

    Raises FileNotFoundError naming ``NONOSTUDIO_TEST_SET`` when that names no file (a file
    ``--test`` names is reported by whoever reads it)."""
    if path is not None:
        return Path(path)
    found = default_test_set()
    if os.environ.get(TEST_SET_ENV, "").strip() and not found.is_file():
        raise FileNotFoundError(
            errno.ENOENT,
            f"{TEST_SET_ENV} names no test set file; unset it "
            f"to use the bundled set, or name one with --test FILE",
            str(found),
        )
    return found


def describe_test_set(path: Path, transitions: int, cells_to_fill: int) -> str:
    """Which set ``path`` is, in words, for output: the paper's (recognised by its 2805
    transitions and 10266 cells), the bundled samples' set, or the file."""
    if (transitions, cells_to_fill) == PAPER_TEST_SET:
        return f"the paper's test set ({transitions} transitions, {path})"
    if path == bundled_test_set():
        return (
            f"the bundled test set ({transitions} transitions from the sample puzzles; "
            f"not the paper's: name it with --test FILE or {TEST_SET_ENV})"
        )
    return f"the test set {path} ({transitions} transitions)"


def paper_testing_set() -> Path:
    """The test set the GUI's coverage column and report measure on: :func:`default_test_set`
    (kept under this name for the views that ask for it)."""
    return default_test_set()


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
