"""Reading and writing puzzles in every supported format, with detection by name and content.

``read_file``/``read_all``/``read_text`` raise only :class:`PuzzleError` (or its subclasses
``InconsistentPuzzleError``, ``UnsupportedPuzzleError``, ``PuzzleFileError`` for a file that
cannot be read and ``UnsupportedFormatError`` for an unknown format name) whatever the input.
Single-puzzle formats list their puzzle under the empty item id ``""``; collections use the ids of
their format (TAAI ``$n`` number, Janko id, library line number or name, npz 0-based index,
picross-solver grid name, Butler name, SPOJ and XML 1-based position).

Writing: ``string`` (one line), ``tatham``, ``non``, ``xml``. ``write_file`` picks the format from
the extension (``.non``, ``.xml``/``.pbn``; ``.txt``/``.pzl`` write the puzzle string) and
replaces the target atomically.

Colour puzzles: ``read_file``/``read_all``/``read_text`` refuse them (UnsupportedPuzzleError, so
callers that know only black and white are safe); ``read_any``, ``read_any_entries``,
``read_any_text`` and ``parse_any_arg`` read them as :class:`ColourPuzzle` (a black-and-white
file still reads as a :class:`Puzzle`).  ``write_text``/``write_file`` write a colour puzzle in
``xml``, ``non`` and ``g``; other formats refuse it by name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.errors import PuzzleError, PuzzleFileError, UnsupportedFormatError
from nonostudio.core.formats._common import ColourRefused, Entries, Thunk
from nonostudio.core.formats._files import TooLarge, kind_problem, read_limited
from nonostudio.core.formats._registry import CODECS, MB, Codec, FormatInfo
from nonostudio.core.formats.detect import UnknownFormatError, detect
from nonostudio.core.puzzle import Puzzle

if TYPE_CHECKING:  # the colour model is loaded when a colour puzzle is read
    from nonostudio.core.formats._colour import AnyEntries, AnyPuzzle

#: A puzzle of either kind, as an entry's build gives it.
P = TypeVar("P")

__all__ = [
    "read_file",
    "read_file_and_format",
    "read_first_and_count",
    "read_all",
    "read_entries",
    "count_puzzles",
    "count_puzzles_in_text",
    "read_data_entries",
    "read_text",
    "read_any",
    "read_any_entries",
    "read_any_text",
    "parse_any_arg",
    "pick_entry",
    "read_limited",
    "TooLarge",
    "kind_problem",
    "parse_puzzle_arg",
    "write_text",
    "write_file",
    "detect_format",
    "format_name",
    "FORMATS",
    "FormatInfo",
]

FORMATS: tuple[FormatInfo, ...] = tuple(c.info for c in CODECS)

_BY_NAME = {c.info.name: c for c in CODECS}
#: Other names for formats (the ``format`` column of the anchor INDEX.csv among them).
ALIASES = {
    "webpbn-xml": "xml",
    "pbn": "xml",
    "r-puzzle-string": "string",
    "puzzle-string": "string",
    "toml-ish": "toml",
    "toml-ish-color": "toml",
    "picross-native": "picross",
    "pbm": "netpbm",
    "raw-bitmap": "bitmap",
    "spoj-jcross": "spoj",
    "npz-clues": "npz",
    "janko-json": "janko",
    "butler-json": "butler",
    "olsak-g": "g",
    "olsak-mk": "mk",
}
#: No format reads a larger file (each has its own limit, at most this), so a file over it is
#: refused before any byte is read.
MAX_FILE_BYTES = max(c.max_bytes for c in CODECS)
#: What a reader that trips over bad input may raise besides PuzzleError (a damaged file reaches
#: a conversion, a lookup, an index, a size or a nesting the reader did not check); each is
#: turned into a PuzzleError that names the source.
_READER_FAULTS: tuple[type[Exception], ...] = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    OverflowError,
    RecursionError,
    MemoryError,
    AttributeError,
)
_WRITE_EXTENSIONS = {
    ".non": "non",
    ".g": "g",
    ".xml": "xml",
    ".pbn": "xml",
    ".txt": "string",
    ".pzl": "string",
}

#: Black and white is not written as ``.g``.
_BW_EXTENSIONS = {ext: fmt for ext, fmt in _WRITE_EXTENSIONS.items() if fmt != "g"}


def _codec(fmt: str) -> Codec:
    name = ALIASES.get(fmt, fmt)
    codec = _BY_NAME.get(name)
    if codec is None:
        known = ", ".join(sorted(_BY_NAME))
        raise UnsupportedFormatError(f"unknown format {fmt!r} (known: {known})")
    return codec


def _size_text(size: int) -> str:
    return f"{size / MB:.1f} MB" if size >= MB else f"{size:,} bytes"


def _size_of(size: int) -> str:
    """``is 200.0 MB`` for a size known, ``holds more than 64 MB`` for one cut at the limit."""
    if size > MAX_FILE_BYTES + 1:
        return f"is {_size_text(size)}"
    return f"holds more than {MAX_FILE_BYTES // MB} MB"


def _detect_codec(data: bytes, source: str, fmt: str | None, name: str | None) -> Codec:
    """The codec of ``fmt``, or of the format ``data`` is in; content no format recognises is
    reported by the reader that got furthest in it."""
    try:
        return _codec(fmt if fmt is not None else detect(data, name))
    except UnknownFormatError as unknown:
        raise _closest_error(data, source, unknown) from None


def _entries(data: bytes, source: str, fmt: str | None, name: str | None) -> Entries:
    return _read_as(_detect_codec(data, source, fmt, name), data, source)


def _read_as(codec: Codec, data: bytes, source: str) -> Entries:
    """The entries of ``data`` read by ``codec``; PuzzleError when there are none."""
    if len(data) > codec.max_bytes:
        raise PuzzleError(
            f"the file is {_size_text(len(data))}; {codec.info.label} files are "
            f"read up to {codec.max_bytes // MB} MB (the limit keeps memory "
            "bounded; a 4096x4096 puzzle fits well within it)",
            source=source,
        )
    if not data.removeprefix(b"\xef\xbb\xbf").strip():  # (as when told by content)
        raise PuzzleError("the file is empty (no puzzle in it)", source=source)
    try:
        entries = codec.entries(data, source)
    except PuzzleError:
        raise
    except _READER_FAULTS as exc:
        raise PuzzleError(f"not a valid {codec.info.label} file ({exc})", source=source) from None
    if not entries:
        raise PuzzleError(f"no puzzle found in this {codec.info.label} file", source=source)
    return entries


#: The readers of formats known by content alone, tried in turn on content no signature
#: matched, so that a typo is reported where the closest of them stopped (ties: the first).
#: The others (.non, .g, TOML, XML, Netpbm, npz) have signatures a typo seldom breaks.
GUESSED = ("string", "spoj", "taai", "bitmap", "picross", "nin", "cwd", "mk", "tatham", "janko")
#: Content larger than this is not given to every reader in turn (it would take seconds).
GUESS_BYTES = 1 * MB


def _closest_error(data: bytes, source: str, unknown: PuzzleError) -> PuzzleError:
    """The first error of the reader that read furthest into ``data`` (by the line and column
    of its error), in the words of that reader and naming its format; ``unknown`` when no reader
    got past the start or the content is too large to try them all."""
    if len(data) > GUESS_BYTES:
        return unknown
    # JSON with its first brace lost or its quotes broken reads furthest as anything but JSON
    head = data[:4096].lstrip()
    json_like = head[:1] in (b'"', b"{", b"[") or b'":' in head
    best: tuple[tuple[bool, int, int, int], Codec, PuzzleError] | None = None
    for rank, name in enumerate(GUESSED):
        codec = _BY_NAME[name]
        try:
            for _ident, thunk in codec.entries(data, source):
                thunk()
            continue  # read without error: its signature is too strict to have matched
        except PuzzleError as exc:
            error = exc
        except _READER_FAULTS:
            continue
        if error.line is None:
            continue
        key = (json_like == (name == "janko"), error.line, error.column or 0, -rank)
        if best is None or key > best[0]:
            best = (key, codec, error)
    if best is None or best[0][1:3] <= (1, 0):
        return unknown
    _key, codec, error = best
    return type(error)(
        f"unknown puzzle format; read as {codec.info.label}, the closest, it stops here: "
        f"{error.message}",
        source=source,
        line=error.line,
        column=error.column,
        clue=error.clue,
    )


def _build(thunk: Callable[[], P], source: str) -> P:
    """The puzzle a reader's thunk builds; a reader's stray exception becomes a PuzzleError."""
    try:
        return thunk()
    except PuzzleError:
        raise
    except _READER_FAULTS as exc:
        raise PuzzleError(f"malformed puzzle ({exc})", source=source) from None


def _read_bytes(path: str | os.PathLike[str]) -> tuple[bytes, str]:
    source = Path(path).name or os.fspath(path)
    try:
        # a FIFO or device is read without blocking for good (see _files); nothing is read from
        # a regular file over the largest limit, and every read stops one byte past it
        data = read_limited(path, MAX_FILE_BYTES)
    except TooLarge as exc:
        raise PuzzleError(
            f"the file {_size_of(exc.size)}; puzzle files are read up to "
            f"{MAX_FILE_BYTES // MB} MB (the limit keeps memory bounded)",
            source=source,
        ) from None
    except OSError as exc:
        raise PuzzleFileError(
            f"cannot read the file: {exc.strerror or exc}", source=source
        ) from None
    except ValueError as exc:  # e.g. a NUL byte in the path
        raise PuzzleFileError(f"cannot read the file: {exc}", source=source) from None
    return data, source


def _checked(entries: Entries, source: str) -> Entries:
    """``entries`` whose ``build()`` raises only PuzzleError (see :func:`_build`)."""
    return [(ident, partial(_build, thunk, source)) for ident, thunk in entries]


def _pick(entries: Entries, item: str | None, source: str) -> Puzzle:
    return pick_entry(_checked(entries, source), item, source)[1]


def read_file(
    path: str | os.PathLike[str], item: str | None = None, fmt: str | None = None
) -> Puzzle:
    """One puzzle from a file; ``item`` selects one of a collection (default: the first)."""
    data, source = _read_bytes(path)
    return _pick(_entries(data, source, fmt, source), item, source)


def read_file_and_format(
    path: str | os.PathLike[str], item: str | None = None, fmt: str | None = None
) -> tuple[Puzzle, str]:
    """Like :func:`read_file`, with the name of the format read: the file is read once and its
    format detected from the same bytes (a FIFO or a pipe cannot be read twice)."""
    data, source = _read_bytes(path)
    codec = _detect_codec(data, source, fmt, source)
    return _pick(_read_as(codec, data, source), item, source), codec.info.name


def read_first_and_count(path: str | os.PathLike[str]) -> tuple[Puzzle, str, int]:
    """A file's first puzzle, its format's name and how many puzzles it holds, from one read
    (:func:`read_file_and_format` and :func:`count_puzzles` at once: saving the first of a
    collection back there would write over the others)."""
    data, source = _read_bytes(path)
    codec = _detect_codec(data, source, None, source)
    entries = _read_as(codec, data, source)
    return _pick(entries, None, source), codec.info.name, len(entries)


def read_all(path: str | os.PathLike[str], fmt: str | None = None) -> list[tuple[str, Puzzle]]:
    """Every puzzle of a file as ``(item id, puzzle)``; the first bad one raises."""
    data, source = _read_bytes(path)
    return [(ident, _build(thunk, source)) for ident, thunk in _entries(data, source, fmt, source)]


def read_entries(path: str | os.PathLike[str], fmt: str | None = None) -> Entries:
    """The items of a file as ``(item id, build)``: each ``build()`` makes that puzzle or raises
    PuzzleError, so one bad item of a collection does not hide the others."""
    data, source = _read_bytes(path)
    return _checked(_entries(data, source, fmt, source), source)


def read_data_entries(
    data: bytes, source: str = "<data>", fmt: str | None = None, name: str | None = None
) -> Entries:
    """The items of a file's bytes (``name`` helps detection by extension), like
    :func:`read_entries`: each ``build()`` makes that puzzle or raises PuzzleError."""
    return _checked(_entries(data, source, fmt, name), source)


def count_puzzles(path: str | os.PathLike[str], fmt: str | None = None) -> int:
    """How many puzzles the file at ``path`` holds, read as ``fmt`` (1 for what is not a file
    that reads, a FIFO or a damaged one: the one puzzle made of it).  Saving the first of a
    collection back there would write over the rest."""
    if not Path(path).is_file():
        return 1
    try:
        return max(1, len(read_entries(path, fmt)))
    except PuzzleError:
        return 1


def count_puzzles_in_text(text: str) -> int:
    """How many puzzles a pasted text holds, read as a file's bytes are (1 when it does not
    read: the one puzzle, or its fix, made of it)."""
    try:
        return max(1, len(read_data_entries(text.strip().encode("utf-8"), "pasted text")))
    except PuzzleError:
        return 1


def pick_entry(
    entries: Sequence[tuple[str, Callable[[], P]]], item: str | None, source: str
) -> tuple[str, P]:
    """The item ``item`` of ``entries`` (as :func:`read_entries` gives them; default: the
    first) and its puzzle; PuzzleError naming ``source`` when there is no such item."""
    if item is None:
        return entries[0][0], entries[0][1]()
    for ident, build in entries:
        if ident == item:
            return ident, build()
    raise _missing_item([i for i, _ in entries[:5]], item, source)


def _missing_item(idents: Sequence[str], item: str, source: str) -> PuzzleError:
    sample = ", ".join(repr(i) for i in idents[:5] if i)
    hint = f" (items look like {sample})" if sample else " (the file holds a single puzzle)"
    return PuzzleError(f"no puzzle {item!r} in this file{hint}", source=source)


def read_text(text: str, source: str = "<text>", fmt: str | None = None) -> Puzzle:
    """One puzzle from text (a puzzle string, a Tatham id or the content of a text file)."""
    data = text.encode("utf-8", errors="surrogatepass")
    return _pick(_entries(data, source, fmt, None), None, source)


def detect_format(path_or_text: str | os.PathLike[str]) -> str:
    """The format name of an existing file (by extension, then content) or of a text. It reads
    the file: to read the puzzle too, :func:`read_file_and_format` reads it once."""
    if isinstance(path_or_text, os.PathLike) or _is_file(path_or_text):
        data, source = _read_bytes(path_or_text)
        return detect(data, source)
    return detect(path_or_text.encode("utf-8", errors="surrogatepass"))


def _is_file(text: str) -> bool:
    try:
        return "\n" not in text and len(text) < 4096 and Path(text).is_file()
    except (OSError, ValueError):
        return False


def names_a_file(text: str) -> bool:
    """Whether ``text`` names something that is there and is not a folder: a regular file, and
    a FIFO or a device too (``mkfifo p; solve p`` read 'p' as a puzzle string)."""
    try:
        return Path(text).exists() and not Path(text).is_dir()
    except (OSError, ValueError):
        return False


def split_file_item(
    arg: str, is_file: Callable[[str], bool] = names_a_file
) -> tuple[str, str] | None:
    """The file and the item ``arg`` names as ``FILE#ITEM`` or ``FILE:ITEM`` (split at the last
    ``#``, then the last ``:``, where what is before it is a file by ``is_file``); None when it
    names no such pair.  The one reading of the command line, the studio's and ``--screenshot``
    (each split it itself; a file whose own name has ``#`` is looked at first by the caller)."""
    for sep in ("#", ":"):
        path, found, item = arg.rpartition(sep)
        if found and path and is_file(path):
            return path, item
    return None


def parse_puzzle_arg(arg: str, fmt: str | None = None) -> Puzzle:
    """A command-line puzzle: a file (``path``, ``path#item`` or ``path:item``), a puzzle
    string or a Tatham id; ``fmt`` forces a reader."""
    if _is_file(arg):
        return read_file(arg, fmt=fmt)
    if (pair := split_file_item(arg, _is_file)) is not None:
        return read_file(pair[0], pair[1], fmt)
    return read_text(arg, source="<argument>", fmt=fmt)


def format_name(fmt: str) -> str:
    """The name of the format ``fmt`` names (an alias such as ``pbn`` included);
    UnsupportedFormatError listing the known names when it names none."""
    return _codec(fmt).info.name


def write_text(puzzle: AnyPuzzle, fmt: str, *, with_solution: bool = True) -> str:
    """The puzzle in ``fmt`` ("string", "non", "xml" or "tatham"; a colour puzzle in "xml",
    "non" or "g")."""
    codec = _codec(fmt)
    if not isinstance(puzzle, Puzzle):
        if codec.colour_write is None:
            writable = ", ".join(c.info.name for c in CODECS if c.colour_write is not None)
            raise UnsupportedFormatError(
                f"the {codec.info.label} format has no colours; a colour puzzle is written "
                f"as {writable}"
            )
        return codec.colour_write(puzzle, with_solution)
    if codec.write is None:
        writable = ", ".join(c.info.name for c in CODECS if c.write is not None)
        raise UnsupportedFormatError(
            f"cannot write the {codec.info.label} format (writable: {writable})"
        )
    return codec.write(puzzle, with_solution)


def write_file(
    puzzle: AnyPuzzle,
    path: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    with_solution: bool = True,
    also_takes: Iterable[str] = (),
) -> None:
    """Write ``puzzle`` to ``path`` atomically; the format comes from the extension by default.

    Raises UnsupportedFormatError (a PuzzleError) for an unknown extension, listing the
    extensions that write ``puzzle`` and ``also_takes``: those the caller handles itself (the
    pictures of ``nonostudio-cli convert``), so the list is what the command takes; OSError when
    the file system refuses.
    """
    target = Path(path)
    if fmt is None:
        writable = _WRITE_EXTENSIONS if not isinstance(puzzle, Puzzle) else _BW_EXTENSIONS
        fmt = writable.get(target.suffix.lower())
        if fmt is None:
            if not isinstance(puzzle, Puzzle):  # not .txt, .pzl: the string has no colours
                writable = {e: f for e, f in writable.items() if _codec(f).colour_write}
            taken = sorted({*writable, *also_takes})
            raise UnsupportedFormatError(
                f"cannot tell the format from the extension {target.suffix!r}; "
                f"use one of {', '.join(taken)}",
                source=target.name,
            )
    text = write_text(puzzle, fmt, with_solution=with_solution)
    if not text.endswith("\n"):
        text += "\n"
    write_text_atomic(target, text)


#: Bytes that may declare a colour (XML ``<color>``, ``defaultcolor``, ``.non`` ``color``,
#: ``[colors]``): a file without them (or a ``.g`` colour block) has no palette to keep.
_MAY_DECLARE_COLOUR = re.compile(rb"(?i)colou?r")
#: A line of a ``.g`` file's colour block: ``#`` before the first ``:`` line (after it, and in
#: the other formats, a ``#`` line is a comment, and a file of comments is not read twice).
_G_BLOCK_LINE = re.compile(rb"^[ \t]*#", re.MULTILINE)


def _may_declare_colour(codec: Codec, data: bytes) -> bool:
    """Whether ``data`` may declare a palette, so its items are read by the colour reader too."""
    if _MAY_DECLARE_COLOUR.search(data):
        return True
    if codec.info.name != "g":
        return False
    head = b"" if data.startswith(b":") else data.split(b"\n:", 1)[0]
    return _G_BLOCK_LINE.search(head) is not None


def _any_entries(data: bytes, source: str, fmt: str | None, name: str | None) -> AnyEntries:
    """The items of ``data``: each build gives the black-and-white reader's Puzzle, or the colour
    reader's ColourPuzzle for an item that one refuses as colour or whose palette is one colour
    other than black on white (a red-only puzzle keeps its red)."""
    return _any_entries_as(_detect_codec(data, source, fmt, name), data, source)


def _any_entries_as(codec: Codec, data: bytes, source: str) -> AnyEntries:
    """:func:`_any_entries` of ``data`` read as ``codec``'s format."""
    entries = _read_as(codec, data, source)
    colour_entries = codec.colour_entries
    if colour_entries is None:
        return list(_checked(entries, source))
    coloured: list[AnyEntries | PuzzleError] = []  # the colour reader's entries, or its error
    may_declare = _may_declare_colour(codec, data)

    def colour_build(index: int) -> AnyPuzzle:
        if not coloured:
            try:
                coloured.append(colour_entries(data, source))
            except PuzzleError as exc:  # read once: a collection does not parse it per item
                coloured.append(exc)
        found = coloured[0]
        if isinstance(found, PuzzleError):
            raise found.with_traceback(None)
        return _build(found[index][1], source)

    def build(index: int, thunk: Thunk) -> AnyPuzzle:
        try:
            puzzle = _build(thunk, source)
        except ColourRefused:
            colour = colour_build(index)
            if not isinstance(colour, Puzzle) and colour.palette.is_black_and_white:
                return colour.to_bw()  # black on white, however its colours are named
            return colour
        if may_declare:  # one colour other than black on white is a colour puzzle's palette
            try:
                colour = colour_build(index)
            except PuzzleError:
                return puzzle  # what the colour reader cannot read stays black and white
            if not isinstance(colour, Puzzle) and not colour.palette.is_black_and_white:
                return colour
        return puzzle

    return [(ident, partial(build, k, thunk)) for k, (ident, thunk) in enumerate(entries)]


def read_any(path: str | os.PathLike[str], fmt: str | None = None) -> list[tuple[str, AnyPuzzle]]:
    """Every puzzle of a file as ``(item id, puzzle)``, colour puzzles as ColourPuzzle; the first
    bad one raises."""
    return [(ident, build()) for ident, build in read_any_entries(path, fmt)]


def read_any_entries(path: str | os.PathLike[str], fmt: str | None = None) -> AnyEntries:
    """Like :func:`read_entries`, each ``build()`` giving a Puzzle or a ColourPuzzle."""
    data, source = _read_bytes(path)
    return _any_entries(data, source, fmt, source)


def read_any_first_and_count(path: str | os.PathLike[str]) -> tuple[AnyPuzzle, str, int]:
    """Like :func:`read_first_and_count`, from one read (a FIFO cannot be read twice), the first
    puzzle a ColourPuzzle when it is colour: refused by the black-and-white reader, or one
    colour other than black on white (a red-only file opened keeps its red)."""
    data, source = _read_bytes(path)
    codec = _detect_codec(data, source, None, source)
    entries = _any_entries_as(codec, data, source)
    return pick_entry(entries, None, source)[1], codec.info.name, len(entries)


def read_any_text(text: str, source: str = "<text>", fmt: str | None = None) -> AnyPuzzle:
    """Like :func:`read_text`, a colour puzzle read as a ColourPuzzle."""
    data = text.encode("utf-8", errors="surrogatepass")
    return _any_entries(data, source, fmt, None)[0][1]()


def parse_any_arg(arg: str, fmt: str | None = None) -> AnyPuzzle:
    """Like :func:`parse_puzzle_arg`, a colour puzzle read as a ColourPuzzle."""
    if _is_file(arg):
        return read_any_entries(arg, fmt)[0][1]()
    if (pair := split_file_item(arg, _is_file)) is not None:
        data, source = _read_bytes(pair[0])
        return pick_entry(_any_entries(data, source, fmt, source), pair[1], source)[1]
    return read_any_text(arg, source="<argument>", fmt=fmt)
