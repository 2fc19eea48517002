"""Benchmark collections: NonoDataset ``.npz``, the Janko JSON of puzzlekit and Butler's JSON.

Each yields lazy entries, so selecting one puzzle of the 15,274 in a NonoDataset file builds
only that one.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable

import numpy as np

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import MAX_SIZE, build, check_size, numbers, split_lines
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle

Entries = list[tuple[str, Callable[[], Puzzle]]]


def npz_entries(data: bytes, source: str) -> Entries:
    """NonoDataset clues: key ``arr_0``, one row per puzzle of 2n lines x k right-aligned slots
    (rows then columns, k = ceil(n/2), zero padded); ids are 0-based indices."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            key = "arr_0" if "arr_0" in archive.files else (archive.files or [None])[0]
            if key is None:
                raise PuzzleError("the .npz archive holds no array", source=source)
            array = archive[key]
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        raise PuzzleError(f"not a readable .npz archive ({exc})", source=source) from None
    if array.ndim != 2 or array.dtype.kind not in "iu":
        raise PuzzleError(f"expected a 2-D integer array of clues, found shape {array.shape} "
                          f"of {array.dtype}", source=source)
    length = array.shape[1]
    size = next((n for n in range(1, MAX_SIZE + 1) if 2 * n * ((n + 1) // 2) >= length), 0)
    if not size or 2 * size * ((size + 1) // 2) != length:
        raise PuzzleError(f"{length} values per puzzle do not match 2n lines of ceil(n/2) clue "
                          "slots for any size n", source=source)
    slots = (size + 1) // 2
    return [(str(i), _npz_thunk(array, i, size, slots, source)) for i in range(array.shape[0])]


def _npz_thunk(array: np.ndarray, index: int, size: int, slots: int,
               source: str) -> Callable[[], Puzzle]:
    def make() -> Puzzle:
        lines = array[index].reshape(2 * size, slots)
        if (lines < 0).any():
            raise PuzzleError("negative clue value", source=source, clue=f"puzzle {index}")
        filled = lines != 0
        first = filled.argmax(axis=1)
        for k, row in enumerate(filled):
            if row.any() and not row[first[k]:].all():
                raise PuzzleError("clue slots must be right-aligned (zeros only before the "
                                  "numbers); is this a solution file?", source=f"{source} #{index}",
                                  clue=f"line {k + 1}")
        clues = [tuple(int(v) for v in line if v) for line in lines]
        return build(clues[:size], clues[size:], f"{source} #{index}")
    return make


def _json(data: bytes, source: str) -> object:
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"not UTF-8 text (byte offset {exc.start})", source=source) from None
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"invalid JSON: {exc.msg}", source=source, line=exc.lineno,
                          column=exc.colno) from None
    except RecursionError:
        raise PuzzleError("invalid JSON: nested too deeply", source=source) from None


def janko_entries(data: bytes, source: str) -> Entries:
    """puzzlekit's Janko dump: ``{"data": {id: {"problem", "solution"}}}``; each problem is
    ``H W``, W column lines, then H row lines; the solution (``x`` filled) is checked."""
    doc = _json(data, source)
    items = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(items, dict):
        raise PuzzleError('expected a JSON object with a "data" object of puzzles', source=source)
    return [(str(ident), _janko_thunk(entry, f"{source} [{ident}]"))
            for ident, entry in items.items()]


def _janko_thunk(entry: object, source: str) -> Callable[[], Puzzle]:
    def make() -> Puzzle:
        if not isinstance(entry, dict) or not isinstance(entry.get("problem"), str):
            raise PuzzleError('expected an object with a "problem" text', source=source)
        lines = [(n, ln) for n, ln in enumerate(split_lines(entry["problem"]), 1) if ln.strip()]
        if not lines:
            raise PuzzleError("empty problem", source=source)
        header = numbers(lines[0][1], None, source, lines[0][0])
        if len(header) != 2:
            raise PuzzleError("expected 'height width' on the first line of the problem",
                              source=source, line=lines[0][0])
        height, width = header
        check_size(width, height, source, lines[0][0])
        if len(lines) - 1 != width + height:
            raise PuzzleError(f"a {width}x{height} problem needs {width + height} clue lines, "
                              f"found {len(lines) - 1}", source=source)
        clue_lines = {}
        clues = []
        for k, (number, text) in enumerate(lines[1:]):
            name = f"column {k + 1}" if k < width else f"row {k - width + 1}"
            clue_lines[name] = number
            clues.append(numbers(text, None, source, number, clue=name))
        goal = _janko_solution(entry.get("solution"), width, height, source)
        return build(clues[width:], clues[:width], source, clue_lines=clue_lines, goal=goal)
    return make


def _janko_solution(text: object, width: int, height: int, source: str) -> np.ndarray | None:
    if not isinstance(text, str) or not text.strip():
        return None
    rows = [ln.split() for ln in split_lines(text) if ln.strip()][1:]
    if len(rows) != height or any(len(r) != width for r in rows):
        raise PuzzleError(f"the solution must have {height} rows of {width} cells",
                          source=source)
    cells = np.array(rows)
    if not np.isin(cells, ("x", "-")).all():
        raise PuzzleError("solution cells must be 'x' (filled) or '-'", source=source)
    return np.where(cells == "x", FILLED, CROSSED).astype(np.int8)


def butler_entries(data: bytes, source: str) -> Entries:
    """Butler et al.'s test set: ``[{"book", "name", "hints": {"rows", "cols"}}]``; ids are the
    names."""
    doc = _json(data, source)
    if not isinstance(doc, list):
        raise PuzzleError('expected a JSON list of {"name", "hints"} objects', source=source)
    out: Entries = []
    for k, entry in enumerate(doc, 1):
        name = entry.get("name") if isinstance(entry, dict) else None
        ident = name if isinstance(name, str) and name else str(k)
        out.append((ident, _butler_thunk(entry, f"{source} [{ident}]")))
    return out


def _butler_thunk(entry: object, source: str) -> Callable[[], Puzzle]:
    def make() -> Puzzle:
        hints = entry.get("hints") if isinstance(entry, dict) else None
        if not isinstance(hints, dict):
            raise PuzzleError('expected "hints" with "rows" and "cols"', source=source)
        sides = []
        for key, kind in (("rows", "row"), ("cols", "column")):
            side = hints.get(key)
            if not isinstance(side, list):
                raise PuzzleError(f'expected "{key}" to be a list of clues', source=source)
            for k, clue in enumerate(side, 1):
                if not isinstance(clue, list) or not all(
                        type(v) is int and v >= 0 for v in clue):
                    raise PuzzleError("expected a list of non-negative whole numbers, found "
                                      f"{json.dumps(clue)[:40]}", source=source,
                                      clue=f"{kind} {k}")
            sides.append([tuple(v for v in clue if v) for clue in side])
        if sides[0] and sides[1]:
            check_size(len(sides[1]), len(sides[0]), source)
        meta = {"title": entry["name"]} if isinstance(entry.get("name"), str) else {}
        return build(sides[0], sides[1], source, **meta)
    return make
