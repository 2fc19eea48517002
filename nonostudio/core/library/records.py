"""The library's records: a listing row, a hand-solving grid, and the stored puzzle document.

Each puzzle is stored as a small JSON document (clues, metadata, goal picture as row strings; a
colour puzzle also its ``palette``, clue items as ``[length, colour]`` and its goal as rows of
palette indices); this module encodes and decodes it, and checks stored text so that one damaged
record is named (:class:`Damaged`) instead of stopping a whole listing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import numpy as np

from nonostudio.core.colour.model import BACKGROUND, Colour, ColourPuzzle, Palette
from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle

#: A stored puzzle of either kind.
AnyPuzzle = Puzzle | ColourPuzzle

DOCUMENT_VERSION = 1

_GOAL_CHARS = {FILLED: "#", CROSSED: "."}
_GOAL_CELLS = {"#": FILLED, ".": CROSSED}
_HAND_CHARS = {FILLED: "#", CROSSED: ".", UNKNOWN: "?"}
_HAND_CELLS = {"#": FILLED, ".": CROSSED, "?": UNKNOWN}

#: The text columns of a listing row, in the order :class:`LibraryEntry` takes them.
TEXT_COLUMNS = (
    "title",
    "author",
    "source",
    "licence",
    "verdict",
    "created",
    "modified",
    "difficulty",
)
_COLUMN_NAMES = {
    "title": "title",
    "author": "author",
    "source": "source",
    "licence": "licence",
    "verdict": "verdict",
    "created": "creation date",
    "modified": "change date",
    "difficulty": "difficulty",
    "data": "stored puzzle",
}


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """One row of the library listing (no clues: use :meth:`Library.get` for the puzzle)."""

    id: int
    title: str
    author: str
    width: int
    height: int
    source: str
    licence: str
    verdict: str
    created: str
    modified: str
    difficulty: str = ""  # the cached difficulty label ('' until graded)
    colours: int = 0  # colours besides the background the clues of a colour puzzle use
    colour: bool = False  # a colour puzzle (whose clues may use no colour: a blank one)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def is_colour(self) -> bool:
        return self.colour


@dataclass(frozen=True)
class HandProgress:
    """A player's grid of one library puzzle solved by hand: the cells (``int8``, UNKNOWN where
    undecided), the seconds spent so far, whether it was solved, and when it was saved."""

    cells: np.ndarray
    seconds: float
    solved: bool
    modified: str


def now() -> str:
    """The time stamp stored in ``created`` and ``modified`` columns (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def puzzle_to_json(puzzle: AnyPuzzle) -> str:
    """The library's JSON document for ``puzzle`` (black and white or colour)."""
    if isinstance(puzzle, ColourPuzzle):
        return _colour_to_json(puzzle)
    goal = None
    if puzzle.goal is not None:
        goal = ["".join(_GOAL_CHARS[int(c)] for c in row) for row in puzzle.goal]
    doc = {
        "version": DOCUMENT_VERSION,
        "rows": [list(r) for r in puzzle.rows],
        "cols": [list(c) for c in puzzle.cols],
        "title": puzzle.title,
        "author": puzzle.author,
        "copyright": puzzle.copyright,
        "licence": puzzle.licence,
        "goal": goal,
    }
    if puzzle.notes:  # (a puzzle without notes keeps the document it always had)
        doc["notes"] = puzzle.notes
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _colour_to_json(puzzle: ColourPuzzle) -> str:
    doc = {
        "version": DOCUMENT_VERSION,
        "palette": [[c.name, c.rgb, c.char] for c in puzzle.palette.colours],
        "rows": [[list(item) for item in clue] for clue in puzzle.rows],
        "cols": [[list(item) for item in clue] for clue in puzzle.cols],
        "title": puzzle.title,
        "author": puzzle.author,
        "copyright": puzzle.copyright,
        "licence": puzzle.licence,
        "notes": puzzle.notes,
        "goal": None if puzzle.goal is None else [list(row) for row in puzzle.goal],
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


#: What makes two stored puzzles the same puzzle to a solver (:func:`clue_key`): its clues.
ClueKey = tuple[object, ...]


def clue_key(puzzle: AnyPuzzle) -> ClueKey:
    """The identity of ``puzzle`` as a solver sees it: its row and column clues; for a colour
    puzzle each block's colour as its ``#rrggbb`` value, so the palette's order, names and
    characters (and colours no clue uses) do not count.  Title, author, notes and goal picture
    do not count either.  Equal for a puzzle and its stored document (:func:`stored_clue_key`).

    A black-and-white puzzle's clues are kept as the compact JSON text SQLite's
    ``json_extract`` gives of a stored document's, so the library's keys are read in SQL."""
    if isinstance(puzzle, ColourPuzzle):
        rgb = [c.rgb for c in puzzle.palette.colours]
        return ("colour", _colour_lines(puzzle.rows, rgb), _colour_lines(puzzle.cols, rgb))
    return ("bw", _compact(puzzle.rows), _compact(puzzle.cols))  # (tuples are JSON arrays)


def information(text: str) -> tuple[bool, int]:
    """How much a stored document (:func:`puzzle_to_json`) holds besides its clues, to choose
    which of the copies of a puzzle to keep: whether it has a title, and how many of author,
    copyright, licence, notes and goal picture it has.  A document that cannot be read holds
    nothing: ``(False, 0)``."""
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict):
            return False, 0
        titled = bool(str(doc.get("title") or "").strip())
        fields = ("author", "copyright", "licence", "notes")
        count = sum(bool(str(doc.get(name) or "").strip()) for name in fields)
        return titled, count + bool(doc.get("goal"))
    except ValueError:
        return False, 0


def stored_clue_key(rows: object, cols: object, palette: object) -> ClueKey | None:
    """:func:`clue_key` of a stored document from the compact JSON texts of its ``rows``,
    ``cols`` and ``palette`` (None: black and white); None when they cannot be read."""
    if not isinstance(rows, str) or not isinstance(cols, str):
        return None
    if palette is None:
        return ("bw", rows, cols)
    try:
        rgb = [str(c[1]).lower() for c in json.loads(str(palette))]
        return (
            "colour",
            _colour_lines(json.loads(rows), rgb),
            _colour_lines(json.loads(cols), rgb),
        )
    except (ValueError, KeyError, TypeError, IndexError):
        return None


def document_clue_key(text: str) -> ClueKey | None:
    """:func:`clue_key` of the puzzle stored as ``text`` (:func:`puzzle_to_json`), read from the
    document alone (no puzzle is built; for an SQLite without JSON); None when it cannot be
    read."""
    try:
        doc = json.loads(text)
        palette = doc.get("palette")
        palette_text = None if palette is None else _compact(palette)
        return stored_clue_key(_compact(doc["rows"]), _compact(doc["cols"]), palette_text)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _compact(value: object) -> str:
    """``value`` as compact JSON, as SQLite's ``json_extract`` gives an array."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _colour_lines(
    clues: Iterable[Iterable[Sequence[int]]], rgb: Sequence[str]
) -> tuple[tuple[tuple[int, str], ...], ...]:
    return tuple(tuple((int(n), rgb[int(c)]) for n, c in clue) for clue in clues)


def colours_of_document(text: str) -> int | None:
    """Colours besides the background that the clues of a stored colour puzzle use, as its grade
    counts them (:attr:`ColourPuzzle.used_mask`; 0 for a blank colour puzzle); None for black
    and white, or for a document that cannot be read (which the listing's check names).  A
    palette colour no clue uses (one of the editor's starting colours left unpainted) is not
    counted: the column said 4 where the grade said 3."""
    if '"palette"' not in text:  # the cheap test first: most of a library is black and white
        return None
    try:
        doc = json.loads(text)
        if not isinstance(doc.get("palette"), list):
            return None
        used = {int(c) for key in ("rows", "cols") for clue in doc[key] for _n, c in clue}
    except (ValueError, AttributeError, KeyError, TypeError):
        return None
    return len(used - {BACKGROUND})


def any_puzzle_from_json(text: str, source: str = "library") -> AnyPuzzle:
    """Rebuild a puzzle of either kind from :func:`puzzle_to_json` output; PuzzleError on a
    damaged document."""
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict) or "palette" not in doc:
            return puzzle_from_json(text, source)
        palette = Palette(tuple(Colour(str(n), str(rgb), str(ch)) for n, rgb, ch in doc["palette"]))
        goal = doc.get("goal")
        return ColourPuzzle(
            palette,
            tuple(tuple((int(n), int(c)) for n, c in clue) for clue in doc["rows"]),
            tuple(tuple((int(n), int(c)) for n, c in clue) for clue in doc["cols"]),
            title=str(doc.get("title", "")),
            author=str(doc.get("author", "")),
            copyright=str(doc.get("copyright", "")),
            licence=str(doc.get("licence", "")),
            notes=str(doc.get("notes", "")),
            goal=None if goal is None else tuple(tuple(int(v) for v in row) for row in goal),
        )
    except PuzzleError as exc:
        raise exc.with_source(source) from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise PuzzleError(f"damaged puzzle record ({exc!r})", source=source) from None


def puzzle_from_json(text: str, source: str = "library") -> Puzzle:
    """Rebuild a black-and-white puzzle from :func:`puzzle_to_json` output; PuzzleError on a
    damaged document, UnsupportedPuzzleError (not damage) for a colour puzzle."""
    try:
        doc = json.loads(text)
        if isinstance(doc, dict) and "palette" in doc:
            names = [str(c[0]) for c in doc["palette"][1:]]
            raise UnsupportedPuzzleError(
                f"a colour puzzle (colours {', '.join(names)}); this needs a black-and-white "
                "puzzle",
                source=source,
            )
        goal_rows = doc.get("goal")
        goal = None
        if goal_rows is not None:
            goal = np.array([[_GOAL_CELLS[ch] for ch in row] for row in goal_rows], dtype=np.int8)
        return Puzzle(
            rows=tuple(tuple(r) for r in doc["rows"]),
            cols=tuple(tuple(c) for c in doc["cols"]),
            title=str(doc.get("title", "")),
            author=str(doc.get("author", "")),
            copyright=str(doc.get("copyright", "")),
            licence=str(doc.get("licence", "")),
            notes=str(doc.get("notes", "")),
            goal=goal,
        )
    except PuzzleError as exc:
        raise exc.with_source(source) from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise PuzzleError(f"damaged puzzle record ({exc!r})", source=source) from None


def hand_text(cells: np.ndarray) -> str:
    """A hand-solving grid as stored: rows of ``#``, ``.`` and ``?`` joined by ``/``."""
    return "/".join("".join(_HAND_CHARS.get(int(v), "?") for v in row) for row in cells)


def hand_cells(text: str) -> np.ndarray:
    """The grid :func:`hand_text` stored; KeyError or ValueError when it is damaged."""
    rows = text.split("/") if text else []
    return np.array([[_HAND_CELLS[ch] for ch in r] for r in rows], dtype=np.int8)


class Damaged(Exception):
    """Raised while reading one record: what is wrong with it (the caller names the record)."""


def decode(raw: object, column: str) -> str:
    """The text stored in ``column`` (read as bytes); :class:`Damaged` when it is not UTF-8."""
    if raw is None:
        return ""
    if not isinstance(raw, bytes):  # CAST(... AS BLOB) gives bytes; be safe with anything else
        return str(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Damaged(
            f"its {_COLUMN_NAMES[column]} is not valid UTF-8 text (byte 0x{raw[exc.start]:02x} at "
            f"position {exc.start + 1})"
        ) from None


def readable_title(raw: object) -> str | None:
    """The stored title, or None when it is not readable text."""
    try:
        return decode(raw, "title")
    except Damaged:
        return None


def record_name(id: int, title: str | None) -> str:
    """How messages name a record: ``library puzzle 7 (“Duck”)``."""
    return f"library puzzle {id} (“{title}”)" if title else f"library puzzle {id}"


def check_document(text: str, verdict: object) -> None:
    """Raise :class:`Damaged` unless ``text`` is a JSON object with row and column clue lists;
    ``verdict`` is SQLite's answer to the listing's document check (None when not asked)."""
    if verdict == 1:
        return
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise Damaged(f"its stored puzzle is not valid JSON ({exc})") from None
    if verdict == -1:
        raise Damaged("its stored puzzle is not valid JSON")
    if (
        not isinstance(doc, dict)
        or not isinstance(doc.get("rows"), list)
        or not isinstance(doc.get("cols"), list)
    ):
        raise Damaged("its stored puzzle has no row and column clues")
