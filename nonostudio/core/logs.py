"""Where nonostudio writes its log: a rotating file in the user-data folder, or stderr.

``setup_logging()`` is called once at start (by the studio, and usable by the CLI): it attaches a
:class:`logging.handlers.RotatingFileHandler` (``logs/nonostudio.log``, about 1 MB, 3 old files
kept) to the ``nonostudio`` logger.  When that folder cannot be created or written (a read-only
or full data folder) logging falls back to stderr and :func:`log_problem` says why, so a broken
data folder never stops the program.  ``enable_fault_log()`` makes a fatal error that Python
cannot catch (a crash in a binding, "Fatal Python error: …") leave the Python stacks of every
thread in ``logs/faults.log``.  No Qt here: the CLI may use it too.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import TextIO

import appdirs

from nonostudio.core.paths import APP_AUTHOR, APP_NAME

LOGGER_NAME = "nonostudio"
LOG_FILE_NAME = "nonostudio.log"
FAULT_FILE_NAME = "faults.log"
MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"

_handler: logging.Handler | None = None
_log_file: Path | None = None
_problem: str | None = None
_fault_file: TextIO | None = None
_fault_was_enabled = False


class _FileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log file that, when a write fails (disk full), says so once on stderr.

    The standard handler prints a "Logging error" traceback for every record it cannot write.
    """

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        if not self.failed:
            self.failed = True
            error = sys.exc_info()[1]
            print(
                f"nonostudio: cannot write the log file {self.baseFilename} ({error}); "
                "later log records are lost",
                file=sys.stderr,
            )


def log_dir() -> Path:
    """The folder that holds the log files (inside the user-data folder; not created here)."""
    override = os.environ.get("NONOSTUDIO_DATA_DIR")
    if override:
        return Path(override) / "logs"
    return Path(appdirs.user_data_dir(APP_NAME, APP_AUTHOR)) / "logs"


def log_file() -> Path | None:
    """The log file in use, or None when logging goes to stderr (see :func:`log_problem`)."""
    return _log_file


def log_problem() -> str | None:
    """Why the log file could not be used (None when it is in use or logging is not set up)."""
    return _problem


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Send the ``nonostudio`` loggers to the rotating log file; returns its path.

    Calling it again replaces the handler (the log folder may have moved, e.g. in tests).  When the
    folder or file cannot be opened, log records go to stderr instead and None is returned.
    """
    global _handler, _log_file, _problem
    logger = logging.getLogger(LOGGER_NAME)
    if _handler is not None:
        logger.removeHandler(_handler)
        _handler.close()
    folder = log_dir()
    handler: logging.Handler
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOG_FILE_NAME
        handler = _FileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8")
        _log_file, _problem = path, None
    except OSError as exc:
        handler = logging.StreamHandler(sys.stderr)
        _log_file = None
        _problem = f"the log folder {folder} cannot be used ({exc.strerror or exc})"
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
    _handler = handler
    if _problem is not None:
        logger.warning("logging to stderr: %s", _problem)
    return _log_file


def where_the_log_is() -> str:
    """A phrase for messages: the log file's path, or that the log went to the terminal."""
    if _log_file is not None:
        return str(_log_file)
    if _problem is not None:
        return f"the terminal's error output ({_problem})"
    return "the terminal's error output"


def reset_logging() -> None:
    """Detach the handler :func:`setup_logging` attached (tests; the end of a session)."""
    global _handler, _log_file, _problem
    if _handler is not None:
        logging.getLogger(LOGGER_NAME).removeHandler(_handler)
        _handler.close()
    _handler = _log_file = _problem = None


def enable_fault_log() -> Path | None:
    """Write the stacks of a fatal crash to ``faults.log`` beside the log; returns its path.

    When that file cannot be opened the handler is left as it was and None is returned.
    :func:`disable_fault_log` puts back what was there before.
    """
    global _fault_file, _fault_was_enabled
    disable_fault_log()
    path = log_dir() / FAULT_FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        stream = open(path, "a", encoding="utf-8")  # noqa: SIM115 (kept open for a crash)
    except OSError:
        return None
    _fault_was_enabled = faulthandler.is_enabled()
    faulthandler.enable(file=stream, all_threads=True)
    _fault_file = stream
    return path


def disable_fault_log() -> None:
    """Undo :func:`enable_fault_log`: fatal-crash stacks go where they went before."""
    global _fault_file
    if _fault_file is None:
        return
    faulthandler.disable()
    if _fault_was_enabled and sys.__stderr__ is not None:
        try:
            faulthandler.enable(file=sys.__stderr__, all_threads=True)
        except (OSError, ValueError, AttributeError):  # no usable stderr (a windowed app)
            pass
    _fault_file.close()
    _fault_file = None
