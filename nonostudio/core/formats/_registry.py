"""The table of formats: for each, how to list its puzzles and (for some) how to write one.

A reader turns the file's bytes into *entries* ``(item id, thunk)``; the thunk builds the Puzzle
only when asked, so picking one puzzle out of a large collection stays cheap. Each format has a
file-size limit (``max_bytes``) checked before parsing, so no input can take unbounded memory.
A format's module is imported when the format is first read or written, not with this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

from nonostudio.core.formats._common import Entries, decode

if TYPE_CHECKING:
    from nonostudio.core.colour.model import ColourPuzzle
    from nonostudio.core.formats._colour import AnyEntries
    from nonostudio.core.puzzle import Puzzle


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """What the GUI and CLI need to know about a format (file dialogs build their filters here)."""

    name: str
    label: str
    extensions: tuple[str, ...]
    can_read: bool
    can_write: bool


MB = 2**20
#: Largest file read in a text format: a 4096x4096 puzzle, the largest allowed, fits well below.
TEXT_LIMIT = 64 * MB
#: XML and JSON build a tree of objects ten times the size of their text, so they get less.
TREE_LIMIT = 16 * MB


@dataclass(frozen=True, slots=True)
class Codec:
    info: FormatInfo
    entries: Callable[[bytes, str], Entries]
    write: Callable[[Puzzle, bool], str] | None = None
    #: Files larger than this many bytes are refused before they are parsed (memory stays
    #: bounded); the message states the limit.
    max_bytes: int = TEXT_LIMIT
    #: The entries of a file read as colour puzzles (formats with colour syntax): used for the
    #: items the black-and-white reader refuses as colour.
    colour_entries: Callable[[bytes, str], AnyEntries] | None = None
    colour_write: Callable[[ColourPuzzle, bool], str] | None = None


#: Every ``(module, function)`` the table names, for the test that each exists (a misspelt one
#: would otherwise only show when its format is read, as an AttributeError).
REFERENCED: list[tuple[str, str]] = []
T = TypeVar("T")


def _fn(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of this package's ``module``, which is imported on the first call."""
    REFERENCED.append((module, name))

    def call(*args: Any) -> Any:
        return getattr(import_module(f"{__package__}.{module}"), name)(*args)

    return call


def _single(
    parse: Callable[[str, str], T],
) -> Callable[[bytes, str], list[tuple[str, Callable[[], T]]]]:
    """Entries of a one-puzzle text format: one item with the empty id."""

    def entries(data: bytes, source: str) -> list[tuple[str, Callable[[], T]]]:
        text = decode(data, source)
        return [("", lambda: parse(text, source))]

    return entries


def _text(entries: Callable[[str, str], Entries]) -> Callable[[bytes, str], Entries]:
    return lambda data, source: entries(decode(data, source), source)


_read_tatham = _fn("strings", "read_tatham")


def _tatham(text: str, source: str) -> Puzzle:
    return _read_tatham(text.strip(), source)


_read_netpbm = _fn("image", "read_netpbm")


def _netpbm(data: bytes, source: str) -> Entries:
    """Entries of a Netpbm picture (a binary format): one item with the empty id."""
    return [("", lambda: _read_netpbm(data, source))]


CODECS: tuple[Codec, ...] = (
    Codec(
        FormatInfo("non", "Simpson .non", (".non",), True, True),
        _single(_fn("non", "read")),
        _fn("non", "write"),
        colour_entries=_single(_fn("colour_non", "read")),
        colour_write=_fn("colour_non", "write"),
    ),
    Codec(
        FormatInfo("xml", "webpbn XML", (".xml", ".pbn"), True, True),
        _fn("pbn_xml", "entries"),
        _fn("pbn_xml", "write"),
        TREE_LIMIT,
        colour_entries=_fn("colour_xml", "entries"),
        colour_write=_fn("colour_xml", "write"),
    ),
    Codec(
        FormatInfo("string", "Puzzle string", (".txt", ".pzl"), True, True),
        _text(_fn("strings", "library_entries")),
        lambda p, _sol: _fn("strings", "write_string")(p),
    ),
    Codec(
        FormatInfo("tatham", "Simon Tatham Pattern id", (), True, True),
        _single(_tatham),
        lambda p, _sol: _fn("strings", "write_tatham")(p),
    ),
    Codec(
        FormatInfo("g", "Olšák .g", (".g",), True, False),
        _single(_fn("olsak", "read_g")),
        colour_entries=_single(_fn("colour_g", "read")),
        colour_write=_fn("colour_g", "write"),
    ),
    Codec(FormatInfo("mk", "Olšák .mk", (".mk",), True, False), _single(_fn("olsak", "read_mk"))),
    Codec(
        FormatInfo("nin", "Wilk .nin", (".nin",), True, False), _single(_fn("plain", "read_nin"))
    ),
    Codec(FormatInfo("cwd", "CWD", (".cwd",), True, False), _single(_fn("plain", "read_cwd"))),
    Codec(
        FormatInfo("toml", "pynogram/nonogrid TOML-like", (".toml", ".txt"), True, False),
        _single(_fn("toml_ish", "read")),
        colour_entries=_single(_fn("colour_toml", "read")),
    ),
    Codec(
        FormatInfo("picross", "picross-solver text", (".txt",), True, False),
        _text(_fn("picross", "native_entries")),
    ),
    Codec(
        FormatInfo("bitmap", "Text bitmap (.# or 01)", (".txt",), True, False),
        _single(_fn("picross", "read_bitmap")),
    ),
    Codec(
        FormatInfo("netpbm", "Netpbm picture (PBM/PGM)", (".pbm", ".pgm"), True, False),
        _netpbm,
    ),
    Codec(
        FormatInfo("spoj", "SPOJ JCROSS", (".txt",), True, False),
        _text(_fn("plain", "spoj_entries")),
    ),
    Codec(
        FormatInfo("taai", "TAAI/ICGA tournament", (".txt",), True, False),
        _text(_fn("plain", "taai_entries")),
    ),
    Codec(
        FormatInfo("npz", "NonoDataset .npz", (".npz",), True, False),
        _fn("datasets", "npz_entries"),
    ),
    Codec(
        FormatInfo("janko", "Janko JSON (puzzlekit)", (".json",), True, False),
        _fn("datasets", "janko_entries"),
        None,
        TREE_LIMIT,
    ),
    Codec(
        FormatInfo("butler", "Butler JSON", (".json",), True, False),
        _fn("datasets", "butler_entries"),
        None,
        TREE_LIMIT,
    ),
)
