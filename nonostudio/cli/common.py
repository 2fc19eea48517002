"""What every CLI subcommand shares: exit codes, the outcome type, output, and finding the puzzle an
argument names (a file, ``file#item``, or a puzzle typed on the command line)."""

from __future__ import annotations

import argparse
import enum
import errno
import json
import os
import re
import signal
import sys
import time
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Sized
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from nonostudio.core.errors import PuzzleError, UnsupportedFormatError
from nonostudio.core.formats import (
    FORMATS,
    format_name,
    kind_problem,
    names_a_file,
    parse_any_arg,
    parse_puzzle_arg,
    pick_entry,
    read_any_entries,
    read_file,
    split_file_item,
)
from nonostudio.core.puzzle import Puzzle, grid_to_text

if TYPE_CHECKING:  # imported where they are used: a one-puzzle command needs neither
    from concurrent.futures import Executor, Future

    import numpy as np

    from nonostudio.core.colour.model import ColourPuzzle
    from nonostudio.core.formats import AnyPuzzle

T = TypeVar("T")

# Draws a puzzle into a picture file, the format by the file's extension (.png, .svg, .pdf); the
# flag says whether the goal picture is drawn or the grid is left empty with its clues.
PictureWriter = Callable[["Puzzle | ColourPuzzle", Path, bool], None]


class ExitCode(enum.IntEnum):
    """The process exit codes of every subcommand."""

    OK = 0  # done; for solve: the puzzle has exactly one solution
    NOT_UNIQUE = 1  # solve: several solutions, none, or undecided within the time limit
    BAD_INPUT = 2  # a puzzle or an option could not be understood
    IO_ERROR = 3  # a file could not be read or written
    INTERNAL_ERROR = 4  # a bug in nonostudio (never for bad input)
    INTERRUPTED = 130  # Ctrl-C


EXIT_CODES_TEXT = """exit codes:
  0    ok
  1    the result is not the one asked for (solve: not exactly one solution; explain: not
       solved; rules prove: a rule is unsound; convert --solution: no solution to draw;
       generate: no puzzle found; baselines predict: the guess breaks a clue)
  2    bad input (the message names the file, line, column or clue)
  3    a file could not be read or written
  4    an internal error (a bug; NONOSTUDIO_DEBUG=1 prints its traceback)
  130  interrupted (Ctrl-C)"""

#: What exit code 1 means for each subcommand that returns it (the others never do).
EXIT_ONE = {
    "solve": "several solutions, no solution, or undecided within the time limit",
    "explain": "not solved: stuck (--no-fallback), undecided, or no solution",
    "rules": "rules prove: a rule is unsound",
    "convert": "--solution: the puzzle has no single solution to draw",
    "generate": "no puzzle found within the tries",
    "baselines": "predict: the network's guess breaks a clue",
}


def exit_codes_text(command: str) -> str:
    """The exit-code table of one subcommand's --help: code 1 with what it means there, or left
    out when the subcommand never returns it (check and grade exit 0 whatever the verdicts)."""
    lines = EXIT_CODES_TEXT.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("  1 "))
    last = next(i for i, line in enumerate(lines) if line.startswith("  2 "))
    one = EXIT_ONE.get(command)
    middle = [] if one is None else [f"  1    {one}"]
    return "\n".join([*lines[:first], *middle, *lines[last:]])


class UsageError(SystemExit):
    """A command line argparse refuses (a missing argument, an unknown option, a bad value):
    raised by :class:`Parser` instead of printing and exiting, so that :func:`~nonostudio.cli.
    app.main` can say it as every other error is said, as JSON too with ``--json``.  A
    SystemExit with code 2, as argparse's own, for other callers of the parser."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.code = int(ExitCode.BAD_INPUT)
        self.parser = parser
        self.message = message


class Parser(argparse.ArgumentParser):
    """The command line's parser class (its subcommands' parsers are made of the same class):
    a usage error raises :class:`UsageError`.  With ``--json`` such an error printed argparse's
    usage on stderr and nothing on stdout, where every other error gives its JSON document."""

    def error(self, message: str) -> typing.NoReturn:
        raise UsageError(self, message)


@dataclass
class Outcome:
    """What a subcommand produced: ``data`` for ``--json``, ``text`` for people, the exit code."""

    data: Any
    text: str
    code: int = ExitCode.OK
    #: The text is sentences (explain's steps): wrapped to a terminal's width, not cut mid-word.
    prose: bool = False


_MARK = re.compile(r"\s*(?:\d+\.\s+|[-*]\s+)?")


def wrap_prose(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` broken between words, its continuation
    lines indented under the line's text (past a ``12.`` or ``-`` marker).  Words longer than a
    line (a cell string ``--OOx--``) are not broken; nothing is added or dropped but spaces."""
    import textwrap

    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * len(_MARK.match(line).group())  # type: ignore[union-attr]
        out.append(
            textwrap.fill(
                line,
                width=max(width, len(indent) + 20),
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


def terminal_width() -> int | None:
    """The width of the terminal stdout is, None when stdout is a file or a pipe (kept one line
    a sentence there, for grep)."""
    import shutil

    try:
        if not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    return shutil.get_terminal_size().columns


def emit(outcome: Outcome, as_json: bool) -> int:
    """Print the outcome on stdout (exactly one JSON document with ``as_json``); return its code.
    Prose is wrapped to the width of a terminal.  A write that fails (a full disk, ``/dev/full``)
    is an OSError naming standard output: it was said as "No space left on device" alone."""
    try:
        return _emit(outcome, as_json)
    except OSError as exc:  # EPIPE stays a BrokenPipeError (OSError picks the subclass)
        if exc.filename is not None or exc.errno is None:
            raise
        raise OSError(exc.errno, exc.strerror, "standard output") from None


def _emit(outcome: Outcome, as_json: bool) -> int:
    if not as_json and outcome.prose and (width := terminal_width()):
        outcome = Outcome(outcome.data, wrap_prose(outcome.text, width - 1), outcome.code)
    if as_json:
        # a stdout that cannot take every character gets the \u escapes: still JSON
        data = outcome.data
        _write(json_text(data, ensure_ascii=False) + "\n", lambda: json_text(data) + "\n")
    elif outcome.text:
        _write(outcome.text if outcome.text.endswith("\n") else outcome.text + "\n")
    sys.stdout.flush()
    return int(outcome.code)


def _valid_text(value: Any) -> Any:
    """``value`` with every string made valid Unicode: a file name that is not UTF-8 reaches
    Python with its bad bytes as lone surrogates (``\\udcff``), which stdout would write back as
    the raw byte (not UTF-8) or JSON as a lone ``\\udcff`` escape; they become ``\\xff``."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raw = value.encode("utf-8", "surrogateescape" if _escapes_only(value) else "replace")
            return raw.decode("utf-8", "backslashreplace")
        return value
    if isinstance(value, dict):
        return {_valid_text(k): _valid_text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_valid_text(v) for v in value]
    return value


def _escapes_only(text: str) -> bool:
    """True when every surrogate in ``text`` stands for an undecodable byte (U+DC80..U+DCFF)."""
    return all(not 0xD800 <= ord(c) <= 0xDFFF or 0xDC80 <= ord(c) <= 0xDCFF for c in text)


def json_text(data: Any, *, ensure_ascii: bool = True, indent: int | None = 2) -> str:
    """``data`` as a JSON document that is valid UTF-8 whatever its strings hold (file names
    that are not UTF-8 included, see :func:`_valid_text`)."""
    return json.dumps(_valid_text(data), indent=indent, ensure_ascii=ensure_ascii)


def _write(text: str, ascii_form: Callable[[], str] | None = None) -> None:
    """Write ``text`` to stdout, all of it or an OSError.  Characters its encoding lacks (an
    ASCII terminal, a title in another script) are written as ``ascii_form()`` when given (the
    JSON with \\u escapes), else as backslash escapes, rather than a UnicodeEncodeError.

    The bytes go to the binary stream below, the rest again after a partial write.  Under
    PYTHONUNBUFFERED (``python -u``, set in many containers) that stream is the raw file,
    whose ``write`` takes what the disk or pipe takes and returns the count, which the text
    stream ignores: ``explain --json > out.json`` on a disk with 256 KB free left 256 KB of
    the 1.8 MB document and exit 0, nothing said.  The second write raises the error."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text stream with no bytes below it (a StringIO) takes all
        stream.write(text)
        return
    encoding = stream.encoding or "utf-8"
    errors = stream.errors or "strict"
    if os.linesep != "\n":  # (the text stream's newline translation, which the bytes skip)
        text = text.replace("\n", os.linesep)
    try:  # (strict when there is an ASCII form: the stream's backslashreplace would write
        # "Caf\xe9" into a JSON string, which no JSON reader takes)
        data = text.encode(encoding, "strict" if ascii_form is not None else errors)
    except UnicodeEncodeError:
        data = (
            ascii_form().encode(encoding, errors)
            if ascii_form is not None
            else text.encode(encoding, "backslashreplace")
        )
    stream.flush()  # what was written as text before (a drill's prompt) comes first
    left = memoryview(data)
    while left:
        taken = buffer.write(left)
        if not taken:  # nothing taken and no error (None: a non-blocking stream that would
            # block), not to drop the rest or loop for good
            raise OSError(errno.EAGAIN if taken is None else errno.EIO, "output not written")
        left = left[taken:]
    buffer.flush()


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes are forked; it is delivered on leaving.

    A forked worker inherits the parent's KeyboardInterrupt handler until its initializer runs;
    Ctrl-C (sent to the whole process group) in that window killed it half started, and the
    parent's pool shutdown could then wait for it forever.  Workers forked in here start with
    SIGINT blocked and call :func:`ignore_sigint_in_worker` first.
    """
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def submit(pool: Executor, pending: Sized, fn: Callable[..., T], *args: Any) -> Future[T]:
    """``pool.submit(fn, *args)``; the first one (nothing ``pending`` yet), which forks every
    worker of a fork-context process pool, with Ctrl-C deferred (see :func:`sigint_deferred`)."""
    if pending:
        return pool.submit(fn, *args)
    with sigint_deferred():
        return pool.submit(fn, *args)


_interrupted = False


def _on_sigint(signum: int, frame: object) -> None:
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def record_sigint() -> None:
    """Make Ctrl-C raise KeyboardInterrupt as usual and also leave a mark that
    :func:`first_done` checks: a KeyboardInterrupt raised while a weak-reference callback or a
    destructor runs (the garbage collector runs them anywhere) is printed as "Exception ignored"
    and dropped, and the command would run on to its end."""
    signal.signal(signal.SIGINT, _on_sigint)


def wait(pending: Collection[Future[T]], timeout: float) -> set[Future[T]]:
    """The futures of ``pending`` done within ``timeout`` seconds (``concurrent.futures.wait``
    until the first is done, imported here: a command that runs no pool does not load it)."""
    from concurrent.futures import FIRST_COMPLETED
    from concurrent.futures import wait as wait_for

    return wait_for(pending, timeout=timeout, return_when=FIRST_COMPLETED).done


def first_done(pending: Collection[Future[T]]) -> set[Future[T]]:
    """Wait for one of ``pending`` to finish; the finished ones.

    The wait is a loop of short waits, never one untimed wait: that blocks on a lock, which a
    SIGINT handled on another thread, or just before the lock is taken, does not wake, so Ctrl-C
    waited until a puzzle was solved (minutes).  Between the short waits the interpreter raises
    the KeyboardInterrupt, and a Ctrl-C whose KeyboardInterrupt was dropped (see
    :func:`record_sigint`) is raised again.
    """
    while True:
        finished = wait(pending, timeout=0.2)
        if _interrupted:
            raise KeyboardInterrupt
        if finished:
            return finished


def ignore_sigint_in_worker() -> None:
    """In a worker process: leave Ctrl-C to the parent (a pending one is dropped)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def say(message: str) -> None:
    """A progress line or note for the user, on stderr so stdout stays machine-readable."""
    print(message, file=sys.stderr, flush=True)


def grid_rows(grid: np.ndarray | None) -> list[str] | None:
    """A grid as text rows (``#`` filled, ``.`` empty, ``?`` unknown) for output."""
    return None if grid is None else grid_to_text(grid).split("\n")


# ``5x5:`` starts a Simon Tatham id, whose clues contain ``/`` and ``.`` like paths do.
_TATHAM = re.compile(r"^\s*\d+\s*x\s*\d+\s*:")


def _looks_like_path(arg: str) -> bool:
    """True for ``puzzles/duck.non`` or ``duck.non#2``; false for puzzle strings and Tatham ids."""
    if _TATHAM.match(arg):
        return False
    return "/" in arg or os.sep in arg or bool(re.search(r"\.[A-Za-z][\w#:-]*$", arg))


def _is_dir(text: str) -> bool:
    if not text.strip():
        return False  # Path("") is the current folder
    try:
        return Path(text).is_dir()
    except (OSError, ValueError):
        return False


def probe(path: str | os.PathLike[str], what: str = "a puzzle file") -> None:
    """Raise the OSError that opening ``path`` would raise (missing, a folder, a socket, a
    block device, no permission), if there is one; a folder's says it is a folder and that
    ``what`` is wanted (for puzzle files: name the files in it). Nothing is opened: the reader
    opens the file once, and reads and detects its format from the same bytes (a FIFO or a
    device with :func:`~nonostudio.core.formats.read_limited`, which bounds the wait)."""
    if _is_dir(os.fspath(path)):
        files = os.path.join(os.fspath(path), "*")
        hint = f"; name the files in it, as in {files}" if what == "a puzzle file" else ""
        raise IsADirectoryError(errno.EISDIR, f"is a folder, not {what}{hint}", os.fspath(path))
    mode = os.stat(path).st_mode
    problem = kind_problem(mode)
    if problem is not None:
        raise OSError(errno.EINVAL, problem.replace("a puzzle file", what), os.fspath(path))
    if not os.access(path, os.R_OK):
        # a FIFO above all must not be opened here: opening its reading end and closing it would
        # let a writer waiting to open it go on, and then fail for want of a reader
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))


def probe_regular(path: str, what: str, why: str) -> None:
    """:func:`probe`, and a FIFO or a device refused too, for the inputs read from a regular file
    only (``why``: a .npz archive is read by seeking, a picture twice): opened, a FIFO no program
    writes to waited forever, and ``/dev/zero`` was read into all the memory there was."""
    probe(path, what)
    import stat

    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, f"is a FIFO or a device, not {what} ({why})", path)


def check_writable(path: str, what: str) -> None:
    """Raise the OSError that writing ``path`` (``what`` it is, e.g. "a CSV file") would, before
    the work whose result it is: its folder missing or not a folder, the path a folder, no
    permission.  Nothing is created.  An empty name or ``-`` is bad input (PuzzleError): '-'
    was written as a file called '-' (``grade --csv -``, ``learn export -``), and an empty name
    was taken for the current folder or, by the callers that test the option's truth, skipped
    with nothing said."""
    if not path.strip() or path == "-":
        what_it_is = "an empty name" if not path.strip() else "'-' (standard output is not"
        what_it_is += "" if not path.strip() else " written)"
        raise PuzzleError(f"{what_it_is}: name {what} to write", source="<argument>")
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, f"is a folder, not {what}", path)
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"its folder {folder} does not exist", path)
    writable = os.access(target, os.W_OK) if target.exists() else os.access(folder, os.W_OK)
    if not writable:
        # os.access says no on a read-only file system too: "Permission denied" was not why
        code = errno.EROFS if _read_only_fs(folder) else errno.EACCES
        raise OSError(code, os.strerror(code), path)


def _read_only_fs(folder: Path) -> bool:
    """Whether ``folder`` is on a file system mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows)
        return False


def write_puzzle_file(
    puzzle: Puzzle | ColourPuzzle,
    target: Path,
    fmt: str | None = None,
    *,
    with_solution: bool = True,
    also_takes: Iterable[str] = (),
) -> None:
    """:func:`~nonostudio.core.formats.write_file` (``also_takes``: the extensions the command
    handles itself, listed with the writable ones when OUT's is neither), an OSError naming
    ``target`` (not the temporary file beside it that the atomic write failed on). A device or FIFO
    is written straight and a symbolic link's file replaced where it is
    (:mod:`nonostudio.core.atomic`): ``convert x.non /dev/full --format non`` said "wrote
    /dev/full", exit 0, and, run as root, left a regular file in place of the device; ENOSPC of
    /dev/full is a file error now (exit 3)."""
    from nonostudio.core.formats import write_file

    try:
        write_file(puzzle, target, fmt, with_solution=with_solution, also_takes=also_takes)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from None


@dataclass(frozen=True)
class PuzzleSource:
    """Where an argument's puzzle comes from: a file (optionally one item of it) or the text."""

    path: str | None
    item: str | None
    text: str | None


def resolve(arg: str, item: str | None = None) -> PuzzleSource:
    """Decide what ``arg`` names; raises OSError when it names a file that cannot be opened, or
    a folder (also one named without a slash: ``puzzles``, not read as a puzzle string);
    PuzzleError for an empty argument or ``-`` (no file, and standard input is not read)."""
    if not arg.strip() or arg == "-":
        what = "an empty argument" if not arg.strip() else "'-' (standard input is not read)"
        raise PuzzleError(
            f"{what}: name a puzzle file, or type a puzzle string such as 1:1-1:1",
            source="<argument>",
        )
    if item is not None or names_a_file(arg) or _is_dir(arg):
        probe(arg)
        return PuzzleSource(arg, item, None)
    if (pair := split_file_item(arg)) is not None:
        probe(pair[0])
        return PuzzleSource(pair[0], pair[1], None)
    if _looks_like_path(arg) and not _slash_for_dash(arg):
        probe(arg)
        return PuzzleSource(arg, None, None)
    return PuzzleSource(None, None, arg)


def _slash_for_dash(arg: str) -> bool:
    """Whether ``arg``, no file, is a puzzle string with a '/' typed for its '-' (it was 'cannot
    open: No such file or directory'): only digits, ',', ':' and one '/', which read as the '-'
    make a puzzle; the string's reader then names the '/'."""
    if arg.count("/") != 1 or not re.fullmatch(r"[0-9,:/\s]+", arg):
        return False
    from nonostudio.core.formats.strings import read_string

    try:
        read_string(arg.replace("/", "-"))
    except PuzzleError:
        return False
    return True


def load_puzzle(arg: str, item: str | None = None, fmt: str | None = None) -> Puzzle:
    """The puzzle ``arg`` names (``fmt`` forces a reader). Raises PuzzleError for bad input,
    OSError for an unreadable file."""
    source = resolve(arg, item)
    if source.path is not None:
        return read_file(source.path, source.item, fmt)
    return _noted(arg, parse_puzzle_arg(arg, fmt))


def load_any_puzzle(arg: str, item: str | None = None, fmt: str | None = None) -> AnyPuzzle:
    """Like :func:`load_puzzle`, a colour puzzle read as a ColourPuzzle (for the commands that
    handle colour)."""
    source = resolve(arg, item)
    if source.path is not None:
        return pick_entry(read_any_entries(source.path, fmt), source.item, _name(source.path))[1]
    return _noted(arg, parse_any_arg(arg, fmt))


def parse_noted(arg: str, fmt: str | None = None, *, colour: bool = False) -> AnyPuzzle:
    """The puzzle of the puzzle text ``arg`` (a colour one too with ``colour``), after the notes
    of :func:`_noted`, each naming ``arg``: the commands that read many puzzles (``check``,
    ``grade``), whose notes may all come before the rows, said none."""
    puzzle = parse_any_arg(arg, fmt) if colour else parse_puzzle_arg(arg, fmt)
    return _noted(arg, puzzle, named=True)


def _noted(arg: str, puzzle: T, named: bool = False) -> T:
    """``puzzle``, read from the puzzle string ``arg``, after a note on stderr for each clue
    typed as nothing (a ':' at the end or typed twice: a legal empty line, which the paste
    dialog asks about, while the command solved the puzzle with a line too many and said
    nothing); ``named``: each note names ``arg`` (one of many puzzles)."""
    if isinstance(puzzle, Puzzle):
        from nonostudio.core.formats.strings import empty_field_words, empty_fields

        where = f"in '{arg.strip()}', " if named else ""
        for axis, index, _span in empty_fields(arg.strip(), puzzle):
            count = len(puzzle.rows if axis == "row" else puzzle.cols)
            words = empty_field_words(axis, index, count)
            if where:
                words = words[0].lower() + words[1:]
            say(
                f"note: {where}{words} (type 0 for an empty line, or delete the ':' typed too many)"
            )
    return puzzle


def load_with_note(
    arg: str,
    item: str | None,
    fmt: str | None = None,
    *,
    doing: str = "solving",
    does: str = "solves",
) -> tuple[AnyPuzzle, str | None, int]:
    """The puzzle ``arg`` names, read once (a pipe such as ``<(cat f)`` or ``/dev/stdin`` can
    be read only once); for a collection file named without an item, also the note that only
    its first puzzle is taken (``doing`` it: solving, explaining, converting) and how many it
    holds (``None`` and 1 otherwise). A colour puzzle is read as a ColourPuzzle.  explain and
    convert took the first puzzle of a collection with nothing said."""
    source = resolve(arg, item)
    if source.path is None:
        return _noted(arg, parse_any_arg(arg, fmt)), None, 1
    entries = read_any_entries(source.path, fmt)
    ident, puzzle = pick_entry(entries, source.item, Path(source.path).name or source.path)
    if source.item is not None or len(entries) <= 1:
        return puzzle, None, len(entries)
    note = (
        f"{source.path} holds {len(entries)} puzzles; {doing} the first (item {ident}). "
        f"--item ID or {source.path}#ID {does} another; `nonostudio-cli check "
        f"{source.path}` checks them all"
    )
    return puzzle, note, len(entries)


def _name(path: str) -> str:
    return Path(path).name or path


def format_arg(text: str) -> str:
    """argparse type for ``--format`` of a command that reads puzzles: a readable format's name
    (or alias); an unknown one is refused with the list of names."""
    try:
        return format_name(text)
    except UnsupportedFormatError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def add_format_option(parser: argparse.ArgumentParser, dest: str = "fmt") -> None:
    """Add ``--format NAME`` (read every input with that reader instead of detecting it)."""
    names = ", ".join(info.name for info in FORMATS if info.can_read)
    parser.add_argument(
        "--format",
        metavar="NAME",
        dest=dest,
        type=format_arg,
        default=None,
        help=f"read the input as this format instead of detecting it ({names})",
    )


def shown_arg(text: str) -> str:
    """An argument as an error message quotes it: whole up to 40 characters, else its first 20
    and its length (a number of 5,000 digits was quoted whole)."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text):,} characters)"


def whole_number_arg(text: str, digits: int = 19) -> int:
    """argparse type: ``text`` as a whole number, refused in one line when it has more than
    ``digits`` digits (int() refuses 4,300, and its message held every one) or is none."""
    if len(text.strip().lstrip("+-")) > digits:
        raise argparse.ArgumentTypeError(f"too large a number ({len(text.strip()):,} characters)")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown_arg(text)}") from None


def positive_int_arg(text: str) -> int:
    """argparse type for counts (``--jobs``, ``--max-length``, run ids …): a whole number ≥ 1."""
    value = whole_number_arg(text, 18)  # (nothing counts that far)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seconds_arg(text: str) -> float:
    """argparse type for durations (``--time-limit``, ``--budget``): a positive number of
    seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(
            f"must be a positive number of seconds, not {shown_arg(text)}"
        )
    return value


time_limit_arg = seconds_arg


class ThrottledProgress:
    """A progress callback that prints to stderr at most once a second (solvers call it often);
    ``done`` says what the fraction counts ("decided": the cells)."""

    def __init__(self, done: str = "decided") -> None:
        self._last = time.monotonic()
        self._done = done

    def __call__(self, fraction: float, message: str) -> None:
        now = time.monotonic()
        if now - self._last >= 1.0:
            self._last = now
            say(f"[{fraction:4.0%} {self._done}] {message}")
