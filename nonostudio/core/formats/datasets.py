"""Benchmark collections: NonoDataset ``.npz``, the Janko JSON of puzzlekit and Butler's JSON.

Each yields lazy entries, so selecting one puzzle of the 15,274 in a NonoDataset file builds
only that one.  numpy is imported by the ``.npz`` reader alone: the JSON readers (a Janko
goal is kept as text rows) do not need it.
"""

from __future__ import annotations

import io
import json
import lzma
import math
import struct
import tokenize
import zipfile
import zlib
from typing import IO, TYPE_CHECKING

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import (
    MAX_SIZE,
    Entries,
    Thunk,
    build,
    check_items,
    check_size,
    clue_of,
    digits,
    numbers,
    split_lines,
    to_int,
    tokens,
)
from nonostudio.core.puzzle import GoalRows, Puzzle

if TYPE_CHECKING:
    import numpy as np

#: Largest array read from an ``.npz`` archive once unpacked (the 15,274 puzzles of a NonoDataset
#: file take 1.5 MB); the archive's own size is limited like any file's.
MAX_NPZ_ARRAY = 256 * 2**20


class SolutionFileError(PuzzleError):
    """An ``.npz`` array that holds pictures, not clues: every value 0 or 1, and laid out as
    no clue array is (NonoDataset ships its solutions as ``y_*.npz`` beside the clues, ``x_*``).
    Import Folder skips such a file as no puzzle, counting it."""


def _pictures(array: np.ndarray) -> bool:
    """Whether every value of ``array`` is 0 or 1 (a picture's cells; clues hold larger ones)."""
    return bool(array.size) and bool(((array == 0) | (array == 1)).all())


def npz_entries(data: bytes, source: str) -> Entries:
    """NonoDataset clues: key ``arr_0``, one row per puzzle of 2n lines x k right-aligned slots
    (rows then columns, k = ceil(n/2), zero padded); ids are 0-based indices."""
    array = _npz_array(data, source)
    if array.ndim != 2 or array.dtype.kind not in "iu":
        raise PuzzleError(
            f"expected a 2-D integer array of clues, found shape {array.shape} of {array.dtype}",
            source=source,
        )
    check_items(array.shape[0], source)
    length = array.shape[1]
    size = next((n for n in range(1, MAX_SIZE + 1) if 2 * n * ((n + 1) // 2) >= length), 0)
    if not size or 2 * size * ((size + 1) // 2) != length:
        side = round(length**0.5)
        if side * side == length and _pictures(array):
            raise SolutionFileError(
                f"{length} values per puzzle do not match 2n lines of ceil(n/2) clue slots for "
                f"any size n; each 0 or 1, they are {side}x{side} pictures: a solution file",
                source=source,
            )
        raise PuzzleError(
            f"{length} values per puzzle do not match 2n lines of ceil(n/2) clue "
            "slots for any size n",
            source=source,
        )
    slots = (size + 1) // 2
    return [(str(i), _npz_thunk(array, i, size, slots, source)) for i in range(array.shape[0])]


# What zipfile, zlib, lzma and struct raise on a damaged archive.  An archive member packed with a
# compression method zipfile does not support raises a subclass of RuntimeError, so it is
# reported as a damaged file like the rest.
_ZIP_ERRORS = (
    OSError,
    EOFError,
    ValueError,
    KeyError,
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    lzma.LZMAError,
    RuntimeError,
    struct.error,
)


def _npy_header(
    member: IO[bytes], name: str, source: str
) -> tuple[tuple[int, ...], bool, np.dtype]:
    """Shape, Fortran order and dtype of a ``.npy`` member (numpy parses the header as a Python
    literal, so a damaged one fails in many ways, all reported as one message here)."""
    from numpy.lib import format as npy

    try:
        version = npy.read_magic(member)
        if version not in ((1, 0), (2, 0)):
            raise PuzzleError(
                f"unsupported .npy version {version[0]}.{version[1]} in {name!r}", source=source
            )
        if version == (1, 0):
            return npy.read_array_header_1_0(member)
        return npy.read_array_header_2_0(member)
    except PuzzleError:
        raise
    except (
        SyntaxError,
        tokenize.TokenError,
        TypeError,
        ValueError,
        MemoryError,
        RecursionError,
    ) as exc:
        raise PuzzleError(
            f"the .npy header of {name!r} is damaged ({exc})", source=source
        ) from None


def _npz_array(data: bytes, source: str) -> np.ndarray:
    """The clue array of an ``.npz`` archive (``arr_0``, else the first array), read without
    pickles and only after its header and unpacked size have been checked."""
    import numpy as np

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = [n for n in archive.namelist() if n.endswith(".npy")]
            if not names:
                raise PuzzleError("the .npz archive holds no array", source=source)
            info = archive.getinfo("arr_0.npy" if "arr_0.npy" in names else names[0])
            if info.file_size > MAX_NPZ_ARRAY:
                raise PuzzleError(
                    f"the array {info.filename[:-4]!r} is {info.file_size / 2**20:.0f}"
                    f" MB unpacked; arrays of at most {MAX_NPZ_ARRAY // 2**20} MB "
                    "are read",
                    source=source,
                )
            with archive.open(info) as member:
                shape, fortran, dtype = _npy_header(member, info.filename, source)
                if dtype.kind not in "iu" or dtype.hasobject:
                    raise PuzzleError(
                        f"expected an integer array of clues, found {dtype}", source=source
                    )
                count = math.prod(shape)
                if count * dtype.itemsize > info.file_size:
                    raise PuzzleError(
                        f"the array header of {info.filename!r} promises shape "
                        f"{shape} but the archive member holds only "
                        f"{info.file_size:,} bytes",
                        source=source,
                    )
                raw = member.read(count * dtype.itemsize)
    except PuzzleError:
        raise
    except _ZIP_ERRORS as exc:
        raise PuzzleError(
            f"not a readable .npz archive: damaged or not a zip file ({exc})", source=source
        ) from None
    if len(raw) != count * dtype.itemsize:
        raise PuzzleError("truncated .npy array in the .npz archive", source=source)
    return np.frombuffer(raw, dtype).reshape(shape, order="F" if fortran else "C")


def _npz_thunk(array: np.ndarray, index: int, size: int, slots: int, source: str) -> Thunk:
    def make() -> Puzzle:
        lines = array[index].reshape(2 * size, slots)
        if (lines < 0).any():
            raise PuzzleError("negative clue value", source=source, clue=f"puzzle {index}")
        filled = lines != 0
        first = filled.argmax(axis=1)
        for k, row in enumerate(filled):
            if row.any() and not row[first[k] :].all():
                error = SolutionFileError if _pictures(array) else PuzzleError
                raise error(
                    "clue slots must be right-aligned (zeros only before the "
                    "numbers); is this a solution file?",
                    source=f"{source} #{index}",
                    clue=f"line {k + 1}",
                )
        clues = [tuple(int(v) for v in line if v) for line in lines]
        return build(clues[:size], clues[size:], f"{source} #{index}")

    return make


def _json(data: bytes, source: str) -> object:
    try:
        return json.loads(
            data.decode("utf-8-sig"),
            parse_int=lambda text: _json_int(text, source),
            parse_constant=lambda name: _json_constant(name, source),
        )
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"not UTF-8 text (byte offset {exc.start})", source=source) from None
    except json.JSONDecodeError as exc:
        raise PuzzleError(
            f"invalid JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno
        ) from None
    except RecursionError:
        raise PuzzleError("invalid JSON: nested too deeply", source=source) from None


def _json_int(text: str, source: str) -> int:
    """A JSON integer, refusing one too long to be a clue before ``int()`` sees it."""
    return digits(text.lstrip("-"), source) * (-1 if text.startswith("-") else 1)


def _json_constant(name: str, source: str) -> object:
    raise PuzzleError(f"invalid JSON: {name} is not a number JSON allows", source=source)


def janko_entries(data: bytes, source: str) -> Entries:
    """puzzlekit's Janko dump: ``{"data": {id: {"problem", "solution"}}}``; each problem is
    ``H W``, W column lines, then H row lines; the solution (``x`` filled) is checked."""
    doc = _json(data, source)
    items = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(items, dict):
        raise PuzzleError('expected a JSON object with a "data" object of puzzles', source=source)
    check_items(len(items), source)
    return [
        (str(ident), _janko_thunk(entry, f"{source} [{ident}]")) for ident, entry in items.items()
    ]


def _janko_thunk(entry: object, source: str) -> Thunk:
    def make() -> Puzzle:
        if not isinstance(entry, dict) or not isinstance(entry.get("problem"), str):
            raise PuzzleError('expected an object with a "problem" text', source=source)
        lines = [(n, ln) for n, ln in enumerate(split_lines(entry["problem"]), 1) if ln.strip()]
        if not lines:
            raise PuzzleError("empty problem", source=source)
        found = tokens(lines[0][1], None, limit=2)
        header = tuple(
            to_int(tok, source, lines[0][0], col, what="a number in 'height width'")
            for tok, col in found
        )
        if len(header) != 2:
            raise PuzzleError(
                "expected 'height width' on the first line of the problem, found "
                f"{lines[0][1].strip()[:40]!r}",
                source=source,
                line=lines[0][0],
                column=found[2][1] if len(found) > 2 else None,
            )
        height, width = header
        check_size(width, height, source, lines[0][0])
        if len(lines) - 1 != width + height:
            raise PuzzleError(
                f"a {width}x{height} problem needs {width + height} clue lines, "
                f"found {len(lines) - 1}",
                source=source,
            )
        clue_lines = {}
        clues = []
        for k, (number, text) in enumerate(lines[1:]):
            name = f"column {k + 1}" if k < width else f"row {k - width + 1}"
            clue_lines[name] = number
            clues.append(numbers(text, None, source, number, clue=name))
        goal = _janko_solution(entry.get("solution"), width, height, source)
        return build(clues[width:], clues[:width], source, clue_lines=clue_lines, goal=goal)

    return make


def _janko_solution(text: object, width: int, height: int, source: str) -> GoalRows | None:
    if not isinstance(text, str) or not text.strip():
        return None
    lines = [(n, ln) for n, ln in enumerate(split_lines(text), 1) if ln.strip()]
    number, first = lines[0]
    header = numbers(first, None, f"{source} solution", number)
    if header != (height, width):
        found = " ".join(map(str, header)) or repr(first.strip()[:40])
        raise PuzzleError(
            f"the solution header says {found} but the problem is {height} {width} (height width)",
            source=f"{source} solution",
            line=number,
        )
    rows = [ln.split() for _, ln in lines[1:]]
    if len(rows) != height or any(len(r) != width for r in rows):
        raise PuzzleError(f"the solution must have {height} rows of {width} cells", source=source)
    if any(cell not in ("x", "-") for row in rows for cell in row):
        raise PuzzleError("solution cells must be 'x' (filled) or '-'", source=source)
    return GoalRows(tuple("".join("1" if cell == "x" else "0" for cell in row) for row in rows))


def butler_entries(data: bytes, source: str) -> Entries:
    """Butler et al.'s test set: ``[{"book", "name", "hints": {"rows", "cols"}}]``; ids are the
    names."""
    doc = _json(data, source)
    if not isinstance(doc, list):
        raise PuzzleError('expected a JSON list of {"name", "hints"} objects', source=source)
    check_items(len(doc), source)
    out: Entries = []
    for k, entry in enumerate(doc, 1):
        name = entry.get("name") if isinstance(entry, dict) else None
        ident = name if isinstance(name, str) and name else str(k)
        out.append((ident, _butler_thunk(entry, f"{source} [{ident}]")))
    return out


def _butler_thunk(entry: object, source: str) -> Thunk:
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
                if not isinstance(clue, list) or not all(type(v) is int and v >= 0 for v in clue):
                    raise PuzzleError(
                        "expected a list of non-negative whole numbers, found "
                        f"{json.dumps(clue)[:40]}",
                        source=source,
                        clue=f"{kind} {k}",
                    )
            sides.append(
                [
                    clue_of(clue, [None] * len(clue), source, None, f"{kind} {k}")
                    for k, clue in enumerate(side, 1)
                ]
            )
        if sides[0] and sides[1]:
            check_size(len(sides[1]), len(sides[0]), source)
        name = entry.get("name") if isinstance(entry, dict) else None
        return build(
            sides[0], sides[1], source, meta={"title": name} if isinstance(name, str) else None
        )

    return make
