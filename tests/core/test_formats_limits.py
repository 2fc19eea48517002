"""Bad input of every kind gets a clear PuzzleError: damaged archives, huge numbers, huge files,
puzzles over 4096, surplus lines, pixel values out of range, inconsistent headers, long lines."""

from __future__ import annotations

import io
import json
import tracemalloc
import zipfile
from pathlib import Path

import numpy as np
import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import pbn_xml, read_all, read_file, read_text, write_file, write_text
from nonostudio.core.formats._common import MAX_ITEMS
from nonostudio.core.formats.image import image_size_problem
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle

HUGE = "9" * 5000  # over Python's 4,300-digit limit for int()

# One small puzzle per text format, with {n} where a number goes; the format name is forced.
_WITH_NUMBER = {
    "non-size": ("non", "width {n}\nheight 1\nrows\n1\ncolumns\n1\n"),
    "non-clue": ("non", "width 1\nheight 1\nrows\n{n}\ncolumns\n1\n"),
    "xml": (
        "xml",
        '<puzzle><clues type="columns"><line><count>{n}</count></line></clues>'
        '<clues type="rows"><line><count>1</count></line></clues></puzzle>',
    ),
    "string": ("string", "1-{n}"),
    "tatham": ("tatham", "{n}x1:1/1"),
    "g": ("g", "title\n:\n{n}\n:\n1\n"),
    "mk": ("mk", "1 {n}\n1\n#\n1\n"),
    "nin": ("nin", "{n} 1\n1\n1\n"),
    "cwd": ("cwd", "1\n{n}\n1\n\n1\n"),
    "toml": ("toml", "[clues]\ncolumns = {n}\nrows = 1\n"),
    "picross": ("picross", "GRID g\nROWS\n[ {n} ]\nCOLUMNS\n[ 1 ]\n"),
    "netpbm-header": ("netpbm", "P2\n{n} 1\n255\n0\n"),
    "netpbm-pixel": ("netpbm", "P2\n1 1\n255\n{n}\n"),
    "spoj": ("spoj", "{n}\n1 1\n1\n1\n"),
    "taai": ("taai", "$1\n{n}\n1\n"),
    "janko-problem": ("janko", '{{"data": {{"p": {{"problem": "1 {n}\\n1\\n1"}}}}}}'),
    "janko-json": ("janko", '{{"data": {{"p": {{"problem": "1 1\\n1\\n1", "id": {n}}}}}}}'),
    "butler": ("butler", '[{{"name": "a", "hints": {{"rows": [[{n}]], "cols": [[1]]}}}}]'),
}


@pytest.mark.parametrize("case", sorted(_WITH_NUMBER))
def test_numbers_over_4300_digits_are_refused_with_the_limit(case: str) -> None:
    fmt, template = _WITH_NUMBER[case]
    assert read_text(template.format(n="1"), fmt=fmt).size_text == "1x1"  # the template is valid
    with pytest.raises(PuzzleError) as info:
        read_all_text(template.format(n=HUGE), fmt)
    assert "5000 digits" in str(info.value) and "limited to 18 digits" in str(info.value)
    assert "Exceeds the limit" not in str(info.value)


def read_all_text(text: str, fmt: str) -> None:
    """Read every item of ``text`` (a collection's bad item is only found when it is built)."""
    from nonostudio.core.formats import _build, _entries

    for _, thunk in _entries(text.encode(), "<text>", fmt, None):
        _build(thunk, "<text>")


def test_damaged_npz_is_a_clear_error(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, arr_0=np.arange(4000, dtype=np.int64).reshape(40, 100) % 7)
    data = bytearray(buffer.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        info = archive.infolist()[0]
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for k in range(start + 20, start + 60):  # scramble the deflate stream: a zlib error
        data[k] ^= 0x5A
    path = tmp_path / "damaged.npz"
    path.write_bytes(bytes(data))
    with pytest.raises(PuzzleError, match=r"damaged.npz: not a readable .npz archive"):
        read_all(path)


def test_npz_header_promising_more_than_it_holds(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.zeros((2, 2), np.int64))
    npy = buffer.getvalue().replace(b"(2, 2)", b"(99999999, 99999)")
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("arr_0.npy", npy)
    path = tmp_path / "lies.npz"
    path.write_bytes(archive.getvalue())
    with pytest.raises(PuzzleError, match=r"promises shape \(99999999, 99999\)"):
        read_all(path)


def test_a_200_mb_file_is_refused_unread_with_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "library.txt"
    with path.open("wb") as handle:
        handle.truncate(200 * 2**20)  # sparse: costs no disk
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError) as info:
            read_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "200.0 MB" in str(info.value) and "read up to 64 MB" in str(info.value)
    assert peak < 2**20  # nothing of the file was read


def test_each_format_states_its_own_size_limit() -> None:
    big = "<puzzle>" + " " * (17 * 2**20) + "</puzzle>"
    with pytest.raises(PuzzleError, match=r"17.0 MB; webpbn XML files are read up to 16 MB"):
        read_text(big)


def test_files_are_limited_in_lines() -> None:
    # 60 million empty lines took 4 GB once split; the count is taken before splitting
    with pytest.raises(
        PuzzleError,
        match=r"1,000,001 lines; puzzle files are read up to "
        r"1,000,000 lines",
    ):
        read_text("1-1" + "\r\n" * 1_000_001, fmt="string")
    assert read_text("1-1" + "\r\n" * 999_999, fmt="string").size_text == "1x1"


@pytest.mark.slow
def test_collections_are_limited_in_items() -> None:
    lines = "1-1\n" * (MAX_ITEMS + 1)
    with pytest.raises(PuzzleError, match=r"line 100001: more than 100,000 puzzles"):
        read_text(lines, fmt="string")


def test_xml_element_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pbn_xml, "MAX_ELEMENTS", 50)
    text = "<puzzleset>\n" + "<puzzle/>\n" * 60 + "</puzzleset>"
    with pytest.raises(PuzzleError, match=r"line 51: more than 50 XML elements"):
        read_text(text)


def test_puzzle_strings_are_limited_to_4096() -> None:
    wide = "1-" + ":".join(["0"] * 100_000)
    with pytest.raises(PuzzleError, match="width must be between 1 and 4096, found 100000"):
        read_text(wide)
    assert read_text("1-" + ":".join(["1"] + ["0"] * 4095)).width == 4096


_OVER_4096 = {
    "toml": "[clues]\ncolumns = " + ", ".join(["0"] * 5000) + "\nrows = 0\n",
    "picross": "GRID g\nROWS\n" + "[ 0 ]\n" * 5000 + "COLUMNS\n[ 0 ]\n",
    "butler": json.dumps([{"name": "a", "hints": {"rows": [[]] * 5000, "cols": [[]]}}]),
    "g": "t\n:\n" + "0\n" * 5000 + ":\n0\n",
    "nin": "1 1\n" + "1 " * 5000 + "\n1\n",  # one clue of 5000 numbers
    "non": "width 1\nheight 1\nrows\n" + "1," * 5000 + "\ncolumns\n1\n",
}


@pytest.mark.parametrize("fmt", sorted(_OVER_4096))
def test_every_reader_stops_at_4096(fmt: str) -> None:
    with pytest.raises(
        PuzzleError,
        match="(must be between 1 and 4096, found 5000|more than "
        "4096 (column clues|numbers in one clue))",
    ):
        read_all_text(_OVER_4096[fmt], fmt)


def test_surplus_nin_lines_are_refused_with_their_line() -> None:
    # the header says 30x30 (60 clue lines) but 159 follow: 99 must not be dropped silently
    clues = "\n".join(["1"] * 159)
    with pytest.raises(PuzzleError) as info:
        read_text(f"30 30\n{clues}\n", fmt="nin")
    assert info.value.line == 62 and "surplus line" in info.value.message
    assert "the header says 30 30" in info.value.message


def test_surplus_non_lines_are_refused_with_their_line() -> None:
    text = "width 2\nheight 2\nrows\n1\n1\n1\n\ncolumns\n1\n1\n1\n"
    with pytest.raises(PuzzleError) as info:
        read_text(text, fmt="non")
    assert info.value.line == 6
    assert "'rows' section (line 3) already has its 2 clues" in info.value.message
    with pytest.raises(PuzzleError) as info:
        read_text("width 2\nheight 2\nrows\n1\n1\n\ncolumns\n1\n1\n\n3\n", fmt="non")
    assert info.value.line == 11 and "'columns' section" in info.value.message
    # blank lines after a section and unknown keywords stay allowed
    ok = "width 1\nheight 1\nrows\n1\n\n\ncolumns\n1\n\ncatalogue x\n"
    assert read_text(ok, fmt="non").size_text == "1x1"


def test_pgm_values_above_maxval_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.pgm"
    path.write_bytes(b"P2\n2 2\n15\n0 15\n16 3\n")
    with pytest.raises(
        PuzzleError,
        match=r"pixel value 16 at pixel row 2, column 1 is above "
        r"the maxval 15",
    ):
        read_file(path)
    path.write_bytes(b"P5\n2 1\n100\n\x00\xc8")
    with pytest.raises(PuzzleError, match=r"pixel value 200 at pixel row 1, column 2"):
        read_file(path)
    path.write_bytes(b"P2\n2 1\n15\n0 15\n")
    assert read_file(path).rows == ((1,),)


def test_janko_solution_header_must_match_the_problem() -> None:
    entry = {"problem": "1 2\n1\n0\n1", "solution": "10 1000000000000\nx -"}
    with pytest.raises(PuzzleError) as info:
        read_text(json.dumps({"data": {"p": entry}}))
    assert "the solution header says 10 1000000000000 but the problem is 1 2" in str(info.value)
    entry["solution"] = "1 2\nx -"
    assert read_text(json.dumps({"data": {"p": entry}})).goal is not None


def test_long_puzzle_strings_we_wrote_are_recognised(tmp_path: Path) -> None:
    # 200 rows of 200 single cells: the row clues alone (before the '-') are 80 KB
    grid = np.where(np.indices((200, 400)).sum(axis=0) % 2, FILLED, CROSSED).astype(np.int8)
    puzzle = Puzzle.from_grid(grid).without_goal()
    text = write_text(puzzle, "string")
    assert text.index("-") > 65536
    path = tmp_path / "long.txt"
    write_file(puzzle, path)
    assert read_file(path) == puzzle
    assert read_text(text) == puzzle
    named = tmp_path / "named.txt"
    named.write_text(f"checkers\t{text}\n1-1\n")
    assert read_file(named, "checkers") == puzzle


def test_image_size_problem_names_the_size_and_the_limit() -> None:
    assert image_size_problem(4000, 3000, 256) is None
    message = image_size_problem(20000, 20000, 256)
    assert message is not None and "20000x20000 pixels" in message and "64 megapixels" in message
    message = image_size_problem(9000, 7000, 200)
    assert message is not None and "9000x7000" in message and "240 MB" in message
    assert "at most 200 MB" in message


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("width 99999999999\nheight 1\nrows\n1\ncolumns\n1\n", 1, "width"),
        ("width 2\nheight 0\nrows\ncolumns\n0\n0\n", 2, "height"),
        ("columns 5000\nrows 1\nrows\n1\n", 1, "width"),
    ],
)
def test_a_non_size_out_of_range_is_said_at_its_line(text: str, line: int, words: str) -> None:
    # 'width 99999999999' said "expected 99999999999 column clues after 'columns' (line 5),
    # the file ends after 1"; 'height 0' was said with no line
    with pytest.raises(PuzzleError) as info:
        read_text(text, fmt="non")
    assert info.value.line == line
    assert info.value.message.startswith(f"{words} must be between 1 and 4096, found ")
