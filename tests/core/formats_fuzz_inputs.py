"""Seeds and mutations for fuzzing the puzzle readers (the fuzz test and bench_fuzz.py share them).

Seeds are real files: the bundled samples in ``resources/samples``, the seed folder of this
repository (``tests/data/fuzz_seeds``: every format the product only reads, written by
``fuzz_seed_files``) and a few made here for formats without a small real file (Tatham ids, CWD,
SPOJ, a three-puzzle Janko and Butler excerpt), so every reader has seeds in a clone with nothing
beside it. When the anchor corpora are beside the checkout (``ANCHORS`` of
``tests/conftest.py``), their small files of every format are seeds too.
A mutation is a short list of edits (flip, insert, delete, duplicate, truncate, splice) whose
payloads lean towards what readers trip over: huge numbers, separators, line breaks, markup,
bytes that are not UTF-8.
"""

from __future__ import annotations

import csv
import io
import json
import random
import time
import zipfile
from collections import defaultdict
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

import numpy as np
from fuzz_seed_files import SEED_DIR, format_of

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import FORMATS, read_data_entries
from nonostudio.core.puzzle import Puzzle

REPO = Path(__file__).resolve().parents[2]
PUZZLES = REPO.parent / "shared" / "anchors" / "puzzles"
SAMPLES = REPO / "resources" / "samples"
#: Largest real file taken as a seed (mutants of big files are slow and find nothing more).
SEED_LIMIT = 12_000

FORMAT_NAMES = [f.name for f in FORMATS]
#: INDEX.csv format column -> reader name (the name format detection must give too)
INDEX_FORMATS = {
    "non": "non",
    "nin": "nin",
    "g": "g",
    "mk": "mk",
    "webpbn-xml": "xml",
    "toml-ish": "toml",
    "toml-ish-color": "toml",
    "picross-native": "picross",
    "pbm": "netpbm",
    "raw-bitmap": "bitmap",
    "spoj-jcross": "spoj",
    "taai": "taai",
    "npz-clues": "npz",
    "janko-json": "janko",
    "r-puzzle-string": "string",
}

PAYLOADS = [
    b"9" * 5000,
    b"4097",
    b"0",
    b"1",
    b"99999999999999999999",
    b"-",
    b":",
    b",",
    b" ",
    b"\t",
    b"\n",
    b"\r\n",
    b"\r",
    b"#",
    b"$",
    b"[",
    b"]",
    b"{",
    b"}",
    b'"',
    b"<",
    b">",
    b"/>",
    b"</puzzle>",
    b"<count>",
    b"&",
    b"&lt;",
    b"&#0;",
    b"x",
    b"|",
    b".",
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\xe2\x80\xa8",
    "\u0663".encode(),
    b"P2",
    b"P5",
    b"rows",
    b"columns",
    b"width 5000",
    b"height 0",
    b"goal",
    b":\n",
    b"GRID",
    b"ROWS",
    b"null",
    b"1e999",
    b"NaN",
    b"[[",
    b'"hints"',
    b'"data"',
    b"PK\x03\x04",
]


def _small_real_files() -> dict[str, list[bytes]]:
    seeds: dict[str, list[bytes]] = defaultdict(list)
    seen: set[str] = set()
    index = PUZZLES / "INDEX.csv"
    if index.exists():
        with index.open(newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                name = row["file"]
                path = PUZZLES / name
                if name in seen or not path.is_file() or path.stat().st_size > SEED_LIMIT:
                    continue
                seen.add(name)
                seeds[INDEX_FORMATS[row["format"]]].append(path.read_bytes())
    for path in sorted(SAMPLES.glob("*.non")):
        seeds["non"].append(path.read_bytes())
    for path in sorted(SEED_DIR.glob("*/*")):
        seeds[format_of(path)].append(path.read_bytes())
    return seeds


def _made_here() -> dict[str, list[bytes]]:
    npz = io.BytesIO()
    np.savez(npz, arr_0=np.array([[1, 1, 1, 1], [2, 0, 1, 1]]))
    compressed = io.BytesIO()
    np.savez_compressed(compressed, arr_0=np.array([[1, 1, 1, 1]], np.uint8))
    janko = {
        "data": {
            "1_2x2": {"problem": "2 2\n1\n2\n2\n1", "solution": "2 2\nx x\n- x"},
            "2_1x3": {"problem": "1 3\n1\n0\n1\n1 1", "solution": "1 3\nx - x"},
            "3_3x1": {"problem": "3 1\n1 1\n1\n0\n1"},
        }
    }
    butler = [
        {"book": "b", "name": "a", "hints": {"rows": [[1], [2]], "cols": [[2], [1]]}},
        {"name": "b", "hints": {"rows": [[]], "cols": [[]]}},
        {"book": "b", "name": "c", "hints": {"rows": [[1, 1]], "cols": [[1], [], [1]]}},
    ]
    return {
        "string": [
            b"3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3",
            b"# a library\nduck\t1:1-1:1\n2-1:1\n\n0:1-1:0\n",
        ],
        "tatham": [b"5x5:2/1.1/3/1/2/1/3/1.1/1/3", b"2x1:1/1/2", b"3x2:1/1/1/3/"],
        "cwd": [b"2\n2\n1\n1\n\n1\n1\n", b"3\n3\n2\n0\n1 1\n\n1 1\n1\n1\n"],
        "spoj": [b"2\n2 2\n1\n1 0\n1\n1\n1 3\n3\n1\n1\n1\n"],
        "taai": [b"$1\n1\n1\n$2\n2\n0\n1\n1\n", b"2\t0\n1\n1\n2\n"],
        "bitmap": [b"..#\n.##\n#..\n", b"0110\n1001\n"],
        "netpbm": [
            b"P1\n3 2\n1 0 1\n0 1 0\n",
            b"P2\n2 2\n15\n0 15\n7 8\n",
            b"P4\n9 2\n\xff\x80\x80\x00",
            b"P5\n2 1\n255\n\x00\xff",
        ],
        "npz": [npz.getvalue(), compressed.getvalue()],
        "janko": [json.dumps(janko).encode()],
        "butler": [json.dumps(butler).encode()],
        "xml": [
            b'<puzzleset><puzzle><title> t </title><license>CC0</license><clues type="columns">'
            b'<line><count>1</count></line><line/></clues><clues type="rows"><line>'
            b"<count>1</count></line></clues><solution><image>|X.|</image></solution>"
            b"</puzzle></puzzleset>"
        ],
    }


@cache
def seeds() -> dict[str, tuple[bytes, ...]]:
    """Seed files of every reader, by format name."""
    out: dict[str, list[bytes]] = defaultdict(list)
    for source in (_small_real_files(), _made_here()):
        for fmt, files in source.items():
            out[fmt].extend(files)
    missing = set(FORMAT_NAMES) - set(out)
    assert not missing, f"no fuzz seed for {sorted(missing)}"
    return {fmt: tuple(files) for fmt, files in out.items()}


Edit = tuple[str, int, int, int]  # (operation, position, length or count, payload index)
OPERATIONS = ("flip", "insert", "delete", "duplicate", "truncate", "splice", "replace")


def mutate(data: bytes, edits: list[Edit], other: bytes = b"") -> bytes:
    """``data`` with ``edits`` applied in turn; ``other`` is what ``splice`` joins in."""
    out = bytearray(data)
    for op, pos, size, which in edits:
        at = pos % (len(out) + 1)
        payload = PAYLOADS[which % len(PAYLOADS)]
        if op == "flip" and out:
            at %= len(out)
            out[at] ^= 1 << (size % 8)
        elif op == "insert":
            out[at:at] = payload
        elif op == "replace":
            out[at : at + len(payload)] = payload
        elif op == "delete":
            del out[at : at + 1 + size % 64]
        elif op == "duplicate":  # a chunk repeated: many lines, long lines, deep nesting
            chunk = bytes(out[at : at + 1 + size % 40])
            out[at:at] = chunk * (1 + size % 300)
        elif op == "truncate":
            del out[at:]
        elif op == "splice" and other:
            cut = size % (len(other) + 1)
            out[at:] = other[cut:]
    return bytes(out)


def mutate_inside(archive: bytes, edits: list[Edit]) -> bytes:
    """An ``.npz`` whose first member (the ``.npy`` array, header included) is mutated and
    packed again, so the array reader is fuzzed rather than the zip checksum."""
    try:
        with zipfile.ZipFile(io.BytesIO(archive)) as source:
            members = [(info.filename, source.read(info)) for info in source.infolist()]
    except (zipfile.BadZipFile, OSError, ValueError):
        return mutate(archive, edits)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for k, (name, data) in enumerate(members):
            target.writestr(name, mutate(data, edits) if k == 0 else data)
    return out.getvalue()


def random_edits(rng: random.Random, count: int) -> list[Edit]:
    return [
        (
            rng.choice(OPERATIONS),
            rng.randrange(1 << 20),
            rng.randrange(1 << 16),
            rng.randrange(len(PAYLOADS)),
        )
        for _ in range(count)
    ]


def fallback(error: PuzzleError) -> bool:
    """True for a message made by the readers' last-resort wrapper (an exception no reader
    turned into its own message), which names the exception rather than the problem."""
    return error.message.startswith(("not a valid ", "malformed puzzle ("))


def read_everything(data: bytes, fmt: str | None) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every item (the first 50) of ``data`` read as ``fmt`` (None: detected from the content):
    the puzzles built and the errors met (any other exception propagates)."""
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    try:
        entries = read_data_entries(data, f"fuzz.{fmt or 'auto'}", fmt)
    except PuzzleError as exc:
        return puzzles, [exc]
    for _, build in entries[:50]:
        try:
            puzzles.append(build())
        except PuzzleError as exc:
            errors.append(exc)
    return puzzles, errors


_R = TypeVar("_R")


def timed(read: Callable[[], _R]) -> tuple[_R, float]:
    start = time.perf_counter()
    result = read()
    return result, time.perf_counter() - start
