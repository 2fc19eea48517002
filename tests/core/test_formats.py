"""Puzzle formats: known answers read off the files by hand, error positions, round trips, junk."""

from __future__ import annotations

import os
import time
from importlib import import_module
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonostudio.core.errors import (
    InconsistentPuzzleError,
    PuzzleError,
    PuzzleFileError,
    UnsupportedFormatError,
    UnsupportedPuzzleError,
)
from nonostudio.core.formats import (
    FORMATS,
    detect_format,
    non,
    parse_puzzle_arg,
    read_all,
    read_file,
    read_text,
    write_file,
    write_text,
)
from nonostudio.core.formats._registry import REFERENCED
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import GoalRows, Puzzle, clues_of_grid

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


@pytest.fixture(scope="module")
def puzzles(anchors: Path) -> Path:
    return anchors / "puzzles"


# --- known answers -------------------------------------------------------------------------


def test_duck_string() -> None:
    duck = read_text(DUCK)
    assert (duck.height, duck.width) == (9, 8)
    assert duck.rows[3] == (2, 2)
    assert duck.rows[5] == (1, 5)
    assert duck.cols[0] == (1, 2)
    assert duck.cols[7] == (3,)


def test_dancer_non(puzzles: Path) -> None:
    dancer = read_file(puzzles / "picross-solver/webpbn/webpbn-00001-dancer.non")
    assert (dancer.width, dancer.height) == (5, 10)
    assert dancer.rows[0] == (2,) and dancer.rows[8] == (1, 2)
    assert dancer.cols[1] == (2, 1, 3)
    assert dancer.title == "Dancer" and dancer.author == "Jan Wolter"
    assert dancer.copyright == "\u00a9 Copyright 2004 by Jan Wolter"  # &copy; decoded
    assert dancer.goal is not None
    assert list(dancer.goal[0]) == [CROSSED, FILLED, FILLED, CROSSED, CROSSED]


def test_licence_read_from_nonogram_db(puzzles: Path) -> None:
    assert read_file(puzzles / "nonogram-db/webpbn/1.non").licence == "CC-BY-3.0"


def test_note_is_the_same_puzzle_in_three_formats(puzzles: Path) -> None:
    # rows 3 / 1 1 / 1 1 / 3 / 3 / 0 and columns 0 / 2 / 2 / 5 / 1 / 3, read off the files
    rows = ((3,), (1, 1), (1, 1), (3,), (3,), ())
    cols = ((), (2,), (2,), (5,), (1,), (3,))
    for name in ("note.nin", "test_pattern_01.txt", "raw/note.txt"):
        p = read_file(puzzles / "picross-solver" / name)
        assert (p.rows, p.cols) == (rows, cols), name


@pytest.mark.slow
def test_collection_items(puzzles: Path) -> None:
    assert read_file(puzzles / "picross-solver/domino_logic.txt", "3-Dom").rows[2] == (3, 1)
    spoj = read_file(puzzles / "nonogrid/spoj-puzzles.txt", "1")
    assert (spoj.width, spoj.height, spoj.cols[2]) == (5, 10, (1, 8))
    taai = read_file(puzzles / "taai-tournaments/question/taai2011.txt", "1")
    assert taai.cols[0] == (2, 1, 1, 1, 1, 2, 3) and taai.size_text == "25x25"
    lala = read_file(puzzles / "lalafrogkk/PuzzleCannotSolve.txt")
    assert lala.cols[0] == (3, 2, 2, 1, 1)
    npz = read_file(puzzles / "nonodataset/10x10/x_train_backtracking.npz", "0")
    assert npz.rows[0] == (10,) and npz.rows[2] == (4, 4)
    janko = read_file(puzzles / "janko-puzzlekit/Nonogram_dataset.json", "749_30x25")
    assert (janko.width, janko.height, janko.cols[0], janko.cols[1]) == (25, 30, (1,), (1, 28))
    assert janko.goal is not None
    duck = read_file(puzzles / "r-nonogram/puzzle_string_examples.txt", "duck")
    assert duck == read_text(DUCK)


def test_other_formats_known_answers(puzzles: Path, anchors: Path) -> None:
    bike = read_file(puzzles / "pbnsolve-examples/bicycle.g")
    assert bike.rows[0] == (3,) and bike.rows[3] == (6, 1) and bike.cols[0] == (7,)
    cpp = read_file(puzzles / "pbnsolve-examples/c++.mk")
    assert cpp.size_text == "25x25" and cpp.rows[6] == (4,) and cpp.cols[0] == (6,)
    atrus = read_file(puzzles / "number-loom/atrus.xml")
    assert atrus.cols[5] == (3, 3) and atrus.rows[1] == (1, 2, 2)
    assert (atrus.title, atrus.author, atrus.copyright) == ("Atrus", "Paul Stansifer", "CC BY 4.0")
    p = read_file(puzzles / "pynogram/p.txt")
    assert p.size_text == "8x11" and p.cols[3] == (2, 2) and p.rows[2] == (6,) and p.rows[0] == ()
    pbm = read_file(puzzles / "picross-solver/raw/test.pbm")  # bytes ff80 8080 .. a280 ..
    assert pbm.size_text == "9x9" and pbm.rows[0] == (9,) and pbm.rows[1] == (1, 1)
    assert pbm.rows[3] == (1, 1, 1, 1)
    blinds = read_file(anchors / "butler/test-set-extended.json", "Blinds")
    assert blinds.rows[0] == (2, 1) and blinds.height == 15 and blinds.cols[2] == (14,)


@pytest.mark.slow
def test_taai_and_npz_clues_match_their_solution_files(puzzles: Path) -> None:
    taai = dict(read_all(puzzles / "taai-tournaments/question/icga2023.txt"))
    lines = (puzzles / "taai-tournaments/solution/icga2023.txt").read_text().split("\n")
    for k in range(3):
        block = lines[k * 26 + 1 : k * 26 + 26]
        grid = np.array([[int(v) for v in ln.split("\t")] for ln in block], dtype=np.int8)
        assert Puzzle.from_grid(grid).without_goal() == taai[str(k + 1)]
    solutions = np.load(puzzles / "nonodataset/10x10/y_train_backtracking.npz")["arr_0"]
    clues = dict(read_all(puzzles / "nonodataset/10x10/x_train_backtracking.npz"))
    for k in (0, 1, 62):
        expected = Puzzle.from_grid(solutions[k].reshape(10, 10).astype(np.int8))
        assert expected.without_goal() == clues[str(k)]


# --- errors name where and what ------------------------------------------------------------


def _error(text: str, fmt: str | None = None) -> PuzzleError:
    with pytest.raises(PuzzleError) as info:
        read_text(text, fmt=fmt)
    return info.value


def test_string_error_names_column_and_clue() -> None:
    err = _error("3:2,x:1-1")
    assert (err.column, err.clue) == (5, "row 2") and "expected a number" in str(err)
    err = _error(DUCK.replace("6:1:2-", "6:1:2;-"))
    assert err.clue == "row 9" and err.column == DUCK.index("6:1:2-") + 5
    err = _error("1:1-1-1")
    assert err.column == 6 and "'-'" in err.message
    err = _error("1:3-1:1", "string")  # 3 does not fit a 2-wide row
    assert isinstance(err, InconsistentPuzzleError) and err.clue == "row 2"


def test_non_errors() -> None:
    err = _error("width 2\nheight 2\nrows\n1\n1,q\ncolumns\n1\n1\n")
    assert (err.source, err.line, err.column, err.clue) == ("<text>", 5, 3, "row 2")
    err = _error("rows\n1\nwidth 1\nheight 1\ncolumns\n1\n", "non")
    assert err.line == 1 and "height" in err.message
    err = _error("width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n")
    assert err.line == 6 and "found only 2" in err.message
    err = _error("width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n0\n")
    assert isinstance(err, InconsistentPuzzleError) and "totals" in err.message
    err = _error('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "01"\n')
    # at the clue's line (it was the goal's, line 8), the goal's line in the words
    assert isinstance(err, InconsistentPuzzleError) and err.clue == "column 1" and err.line == 6
    assert "goal picture (line 8) gives 0" in err.message


DANCER_ROWS = ["2", "2,1", "1,1", "3", "1,1", "1,1", "2", "1,1", "1,2", "2"]
DANCER_COLS = ["2,1", "2,1,3", "7", "1,3", "2,1"]


def _dancer(width: int = 5, height: int = 10, rows: list[str] | None = None) -> str:
    rows = DANCER_ROWS if rows is None else rows
    return "\n".join(
        [f"width {width}", f"height {height}", "rows", *rows, "", "columns", *DANCER_COLS, ""]
    )


def test_non_mistakes_are_named_with_a_likely_fix() -> None:
    """Width and height swapped, a row missing before the blank line, a blank line for an empty
    clue, a negative number: each said as what it is (the messages were 'a surplus clue line'
    alone, 'expected a number, found nothing' at the blank line, 'found only 2 before -1')."""
    err = _error(_dancer(10, 5))
    assert err.line == 9 and "and 5 more clue lines follow" in err.message
    assert "are the width (10) and height (5) swapped" in err.message
    err = _error(_dancer(rows=DANCER_ROWS[:2] + DANCER_ROWS[3:]))  # row 3 left out
    assert err.line == 13 and err.message.endswith("found only 9 before this blank line")
    err = _error(_dancer(rows=DANCER_ROWS[:2] + [""] + DANCER_ROWS[3:]))
    assert (err.line, err.clue) == (6, "row 3") and "an empty row's clue is 0" in err.message
    err = _error(_dancer(rows=DANCER_ROWS[:2] + ["-1,1"] + DANCER_ROWS[3:]))
    assert (err.line, err.column, err.clue) == (6, 1, "row 3")
    assert err.message.startswith("a negative number, -1:")
    # a clue line starting with a letter, the section complete with it: a mistyped clue, named
    # at its place (it was taken for a keyword ending the section: 'found only 2 before l,1')
    for typed, hint in (("l,1", " (the letter l typed for 1?)"), ("q", "")):
        err = _error(_dancer(rows=DANCER_ROWS[:2] + [typed] + DANCER_ROWS[3:]))
        assert (err.line, err.column, err.clue) == (6, 1, "row 3")
        assert err.message == f"expected a number (clues look like 3,1), found {typed[0]!r}{hint}"
    # a keyword after too few clue lines still ends the section
    err = _error(_dancer(rows=DANCER_ROWS[:9]).replace("\n\ncolumns", "\ncolumns"))
    assert "found only 9 before 'columns'" in err.message
    # one clue too many, the sizes right: no hint of a swap
    err = _error(_dancer(rows=[*DANCER_ROWS, "1"]))
    assert "1 more clue line follows" in err.message and "swapped" not in err.message
    # a row missing whose count happens to be the width: the columns do not fit the other way
    err = _error(_dancer(6, 5, rows=DANCER_ROWS[:6]).replace("height 5", "height 7"))
    assert "found only 6" in err.message and "swapped" not in err.message


def test_a_goal_that_differs_from_the_clues_says_how_many_differ() -> None:
    """One clue unlike the goal: one of the two is mistyped; several: how many more; all: the
    goal is another picture.  Counted here from the goal's rows and columns."""
    head = "width 3\nheight 2\nrows\n{r1}\n{r2}\ncolumns\n{c1}\n{c2}\n{c3}\n"
    goal = 'goal "110001"\n'  # rows 2, 1; columns 1, 1, 1
    one = _error(head.format(r1="1,1", r2="1", c1="1", c2="1", c3="1") + goal)  # totals equal
    assert (one.line, one.clue) == (4, "row 1")
    assert one.message.startswith("the clue is 1 1 but the goal picture (line 10) gives 2")
    assert "fits every other clue" in one.message
    two = _error(head.format(r1="1,1", r2="1", c1="2", c2="0", c3="1") + goal)
    assert two.clue == "row 1" and "2 more clues differ" in two.message
    # goal rows 1, 0 and columns 1, 0; the clues the other corner's
    every = _error('width 2\nheight 2\nrows\n0\n1\ncolumns\n0\n1\ngoal "1000"\n')
    assert "the goal is not this puzzle's picture" in every.message


def test_file_errors_name_the_file_and_keep_the_class(tmp_path: Path) -> None:
    bad = tmp_path / "bad.non"
    bad.write_text("width 1\nheight 1\nrows\n1\ncolumns\n3\n")
    with pytest.raises(InconsistentPuzzleError) as info:
        read_file(bad)
    assert info.value.source == "bad.non" and info.value.clue == "column 1"
    assert info.value.line == 6
    nin = tmp_path / "short.nin"
    nin.write_text("2 2\n1\n1\n1\n")
    # which line is left out the lines do not tell (it named column 2's, where the file ends)
    with pytest.raises(PuzzleError, match=r"short.nin, line 1: .*a row or a column seems left"):
        read_file(nin)
    # how many lines it has and the header asks for (it said only where the file ended)
    with pytest.raises(PuzzleError, match=r"has 3 clue lines where the header '2 2' asks for 2 "):
        read_file(nin)
    nin.write_text("2 2\n")
    with pytest.raises(PuzzleError, match=r"has 0 clue lines .*, 4; 4 lines left out"):
        read_file(nin)
    with pytest.raises(PuzzleError, match="cannot read"):
        read_file(tmp_path / "missing.non")
    latin1 = tmp_path / "latin1.non"
    latin1.write_bytes('title "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(PuzzleError, match="UTF-8"):
        read_file(latin1)


def test_tatham_errors() -> None:
    err = _error("3x2:1/1/1/3")
    assert "needs 5 clues" in err.message
    err = _error("1x1:1/x")
    assert (err.clue, err.column) == ("row 1", 7)


def test_colour_puzzles_are_unsupported() -> None:
    with pytest.raises(UnsupportedPuzzleError):
        read_text("width 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n")
    with pytest.raises(UnsupportedPuzzleError):
        # a colour .g file declares its letters in the '#' block (all 206 of the anchor corpus do)
        read_text("title\n#d\n   r:r  #FF0000  red\n:\n1r 1\n:\n1r\n1\n", fmt="g")
    with pytest.raises(UnsupportedPuzzleError):
        read_text("[clues]\ncolumns = 1r, 1b\nrows = 1r 1b\n")
    xml = (
        '<puzzleset><puzzle><clues type="columns"><line><count color="red">1</count></line>'
        '<line><count>1</count></line></clues><clues type="rows"><line><count color="red">1'
        "</count><count>1</count></line></clues></puzzle></puzzleset>"
    )
    with pytest.raises(UnsupportedPuzzleError, match="colour"):
        read_text(xml)


def test_xml_refuses_entity_expansion_quickly() -> None:
    laughs = ['<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">']
    laughs += [f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10)]
    laughs[1] = laughs[1].replace("&lol0;", "&lol;")
    laughs += ["]>\n<puzzleset><puzzle><title>&lol9;</title></puzzle></puzzleset>"]
    start = time.perf_counter()
    err = _error("\n".join(laughs))
    assert time.perf_counter() - start < 1.0
    assert "DTD" in err.message and err.line == 2
    external = (
        '<?xml version="1.0"?>\n<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">\n'
        '<puzzleset><puzzle><clues type="columns"><line><count>1</count></line></clues>'
        '<clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>'
    )
    assert read_text(external).rows == ((1,),)
    err = _error("<puzzleset><puzzle><title>&undefined;</title></puzzle></puzzleset>")
    assert err.line == 1 and err.column is not None


# --- round trips ---------------------------------------------------------------------------

_TEXT = st.text(st.characters(blacklist_categories=("C", "Z")) | st.just(" "), max_size=12)


@st.composite
def _puzzles(draw: st.DrawFn) -> Puzzle:
    h = draw(st.integers(1, 9))
    w = draw(st.integers(1, 9))
    cells = draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w))
    grid = np.where(np.array(cells).reshape(h, w), FILLED, CROSSED).astype(np.int8)
    meta = {k: draw(_TEXT).strip() for k in ("title", "author", "copyright", "licence")}
    return Puzzle.from_grid(grid, **meta)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(_puzzles())
def test_round_trips(puzzle: Puzzle) -> None:
    assert read_text(write_text(puzzle, "non")) == puzzle
    assert read_text(write_text(puzzle, "non", with_solution=False)) == puzzle.without_goal()
    assert read_text(write_text(puzzle, "xml")) == puzzle
    bare = Puzzle(puzzle.rows, puzzle.cols)
    assert read_text(write_text(puzzle, "string")) == bare
    assert read_text(write_text(puzzle, "tatham")) == bare


# Any text XML 1.0 can hold, surrounding whitespace, tabs, line breaks and carriage returns
# included (the writer keeps the licence, the reader does not strip titles).
_XML_TEXT = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\ufffe\uffff").filter(
        lambda c: c in "\t\n\r" or c >= " "
    ),
    max_size=12,
)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    _puzzles(),
    st.dictionaries(st.sampled_from(["title", "author", "copyright", "licence"]), _XML_TEXT),
)
def test_xml_round_trips_every_field(puzzle: Puzzle, meta: dict[str, str]) -> None:
    puzzle = puzzle.with_meta(**meta)
    back = read_text(write_text(puzzle, "xml"))
    assert back == puzzle  # clues, goal and the four texts, character for character
    assert (back.title, back.licence) == (puzzle.title, puzzle.licence)
    assert read_text(write_text(puzzle, "xml", with_solution=False)) == puzzle.without_goal()


def test_xml_keeps_what_it_reads() -> None:
    text = (
        "<puzzleset><puzzle><title> Two  words </title><licence>\tCC0\n</licence>"
        '<clues type="columns"><line><count>1</count></line></clues><clues type="rows">'
        "<line><count>1</count></line></clues></puzzle></puzzleset>"
    )
    read = read_text(text)
    assert (read.title, read.licence) == (" Two  words ", "\tCC0\n")
    assert read_text(write_text(read, "xml")) == read
    # text XML cannot hold at all becomes spaces rather than an unreadable file
    odd = read.with_meta(author="a\x00b\x1bc")
    assert read_text(write_text(odd, "xml")).author == "a b c"


@pytest.mark.slow
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(_puzzles())
def test_write_file_round_trips(tmp_path: Path, puzzle: Puzzle) -> None:
    for ext in (".non", ".xml", ".txt"):
        path = tmp_path / f"p{ext}"
        write_file(puzzle, path)
        back = read_file(path)
        assert (back.rows, back.cols) == (puzzle.rows, puzzle.cols)
    assert read_file(tmp_path / "p.non") == puzzle


def test_write_file_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "keep.non"
    path.write_text("original")
    duck = read_text(DUCK)
    with pytest.raises(PuzzleError, match="cannot write"):
        write_file(duck, path, "mk")
    with pytest.raises(PuzzleError, match="extension"):
        write_file(duck, tmp_path / "x.doc")

    def fail(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_file(duck, path)
    assert path.read_text() == "original"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.non"]


# --- detection and the command line --------------------------------------------------------


def test_detect_format(puzzles: Path) -> None:
    assert detect_format(DUCK) == "string"
    assert detect_format("5x5:2/1.1/3/1/2/1/3/1.1/1/2") == "tatham"
    assert detect_format(puzzles / "picross-solver/raw/rand11.txt") == "bitmap"
    assert detect_format(str(puzzles / "pynogram/p.txt")) == "toml"
    assert detect_format(puzzles / "lalafrogkk/PuzzleCannotSolve.txt") == "taai"
    assert detect_format(puzzles / "janko-puzzlekit/Nonogram_dataset.json") == "janko"
    assert detect_format("2\n2\n1\n1\n\n1\n1\n") == "cwd"
    with pytest.raises(PuzzleError, match="unknown puzzle format"):
        detect_format("hello world")
    names = {f.name for f in FORMATS}
    assert {"string", "non", "xml", "tatham"} <= {f.name for f in FORMATS if f.can_write}
    assert len(names) == len(FORMATS)


def test_parse_puzzle_arg(puzzles: Path) -> None:
    assert parse_puzzle_arg(DUCK).size_text == "8x9"
    assert parse_puzzle_arg("2x1:1/1/2").rows == ((2,),)
    examples = puzzles / "r-nonogram/puzzle_string_examples.txt"
    assert parse_puzzle_arg(f"{examples}#duck") == read_text(DUCK)
    assert parse_puzzle_arg(f"{examples}:swan").size_text == "15x10"
    assert parse_puzzle_arg(str(puzzles / "picross-solver/note.nin")).height == 6


# --- junk never escapes as anything but PuzzleError ----------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_junk_text(text: str) -> None:
    try:
        read_text(text)
    except PuzzleError:
        pass


_SEEDS = [
    DUCK,
    "5x5:2/1.1/3/1/2/1/3/1.1/1/2",
    "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n",
    "2 1\n1\n1\n0\n",
    "[clues]\ncolumns = 1, 1\nrows = 1 1\n",
    "2 2\n1\n1\n#\n1\n1\n",
    "GRID g\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n",
    "$1\n1\n1\n",
    '[{"name":"a","hints":{"rows":[[1]],"cols":[[1]]}}]',
    "P1 2 1 10",
    '<puzzle><clues type="rows"><line>'
    '<count>1</count></line></clues><clues type="columns"><line><count>1</count></line>'
    "</clues></puzzle>",
]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_SEEDS), st.integers(0, 200), st.text(max_size=4))
def test_mutated_files(seed: str, where: int, insert: str) -> None:
    at = where % (len(seed) + 1)
    try:
        read_text(seed[:at] + insert + seed[at + len(insert) :])
    except PuzzleError:
        pass


_EXTENSIONS = [".non", ".xml", ".npz", ".pbm", ".json", ".txt", ".g", ".mk", ".nin", ".toml"]


@pytest.mark.slow
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=300), st.sampled_from(_EXTENSIONS))
def test_junk_files(tmp_path: Path, data: bytes, ext: str) -> None:
    path = tmp_path / f"junk{ext}"
    path.write_bytes(data)
    try:
        read_all(path)
    except PuzzleError:
        pass


def test_errors_in_the_other_text_formats() -> None:
    err = _error("[clues]\ncolumns = 1, 1\nrows = 1 x\n")
    assert (err.line, err.column, err.clue) == (3, 10, "row 1")
    err = _error("GRID g\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 q ]\n")
    assert (err.line, err.column, err.clue) == (5, 5, "column 1")
    err = _error("2 2\n1\n1\n1\n1\n1\n", "mk")
    assert err.line == 4 and "'#'" in err.message
    err = _error("$7\n1\n1\n1\n", "taai")
    assert err.line == 1 and "as many column lines as row lines" in err.message
    err = _error('[{"name": "a", "hints": {"rows": [[1.5]], "cols": [[1]]}}]')
    assert err.clue == "row 1" and "[a]" in str(err)
    err = _error('{"data": {"p": {"problem": "1 2\\n1\\n1"}}}')
    assert "needs 3 clue lines" in err.message
    err = _error('{"data": {"p": {"problem": "1 1\\n1\\n1", "solution": "1 1\\n-"}}}')
    assert isinstance(err, InconsistentPuzzleError) and err.clue == "row 1"
    err = _error('[{"name": "a",')
    assert err.line == 1 and err.column == 15 and "JSON" in err.message


# -- errors that are not about a puzzle's content -------------------------------------------------


def test_a_file_that_cannot_be_read_is_a_puzzle_file_error_naming_it(tmp_path: Path) -> None:
    for path in (tmp_path / "absent.non", tmp_path):  # no such file; a folder
        with pytest.raises(PuzzleFileError) as info:
            read_file(path)
        assert isinstance(info.value, PuzzleError)  # handlers of bad input still catch it
        assert str(info.value).startswith(f"{path.name}: cannot read the file: ")
    with pytest.raises(PuzzleFileError, match="cannot read the file"):
        read_file("bad\0name.non")
    bad = tmp_path / "bad.non"
    bad.write_text("width x\n")
    with pytest.raises(PuzzleError) as content:  # a readable file with bad content is not one
        read_file(bad)
    assert not isinstance(content.value, PuzzleFileError)


def test_a_format_nonostudio_cannot_use_as_asked_is_an_unsupported_format_error(
    tmp_path: Path,
) -> None:
    duck = read_text(DUCK)
    with pytest.raises(UnsupportedFormatError, match=r"unknown format 'bogus' \(known: "):
        read_text(DUCK, fmt="bogus")
    with pytest.raises(UnsupportedFormatError, match="cannot write the Olšák .g format"):
        write_text(duck, "g")
    with pytest.raises(UnsupportedFormatError, match=r"extension '\.png'") as info:
        write_file(duck, tmp_path / "duck.png")
    assert isinstance(info.value, PuzzleError) and info.value.source == "duck.png"
    assert not (tmp_path / "duck.png").exists()
    with pytest.raises(PuzzleError) as bad:  # bad puzzle text is not a format error
        read_text("1:x-1", fmt="string")
    assert not isinstance(bad.value, UnsupportedFormatError)


# --- goal pictures kept as text, formats loaded when used --------------------------------------


TEXT_GOAL_CELLS = non.TEXT_GOAL_CELLS


def _read_both_ways(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[Puzzle | PuzzleError, Puzzle | PuzzleError]:
    """``text`` read as .non with its goal kept as text rows, then with it made an array at
    once (the way of a goal over ``non.TEXT_GOAL_CELLS``); a PuzzleError stands for its result."""
    results: list[Puzzle | PuzzleError] = []
    for cells in (TEXT_GOAL_CELLS, 0):
        monkeypatch.setattr(non, "TEXT_GOAL_CELLS", cells)
        try:
            results.append(read_text(text, fmt="non"))
        except PuzzleError as exc:
            results.append(exc)
    return results[0], results[1]


def test_a_non_goal_read_as_text_or_as_an_array_is_the_same_puzzle(
    puzzles: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = sorted(puzzles.glob("picross-solver/webpbn/*.non"))
    with_goal = [f for f in files if "\ngoal" in f.read_text()]
    assert len(with_goal) >= 5
    for path in with_goal:
        as_text, as_array = _read_both_ways(path.read_text(), monkeypatch)
        assert isinstance(as_text, Puzzle) and isinstance(as_array, Puzzle)
        assert as_text.__dict__["_goal"].__class__ is GoalRows  # not made an array yet
        assert as_text.goal_clues() == (as_text.rows, as_text.cols)
        assert as_text == as_array and as_text.goal is not None and as_array.goal is not None
        for goal in (as_text.goal, as_array.goal):
            assert goal.dtype == np.int8 and not goal.flags.writeable
        assert isinstance(as_text.__dict__["_goal"], np.ndarray)  # made once, then kept


@pytest.mark.parametrize(
    "goal",
    [
        "01",  # the column clue says the first cell is filled
        "10x",  # too long; any character but 0 is a filled cell
        "1",  # too short
        "1x",  # the second cell filled: too many
    ],
)
def test_a_wrong_non_goal_gives_the_same_error_either_way(
    goal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f'width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "{goal}"\n'
    as_text, as_array = _read_both_ways(text, monkeypatch)
    assert isinstance(as_text, PuzzleError) and isinstance(as_array, PuzzleError)
    assert type(as_text) is type(as_array)
    assert (str(as_text), as_text.line, as_text.clue) == (
        str(as_array),
        as_array.line,
        as_array.clue,
    )


def test_goal_rows_give_the_clues_and_array_of_their_picture() -> None:
    rng = np.random.default_rng(36)
    for _ in range(50):
        h, w = rng.integers(1, 9, size=2)
        grid = np.where(rng.random((h, w)) < 0.5, FILLED, CROSSED).astype(np.int8)
        rows = GoalRows(tuple("".join("1" if v == FILLED else "0" for v in row) for row in grid))
        assert rows.clues() == clues_of_grid(grid)
        assert np.array_equal(rows.array(), grid) and rows.shape == grid.shape
        assert Puzzle.from_grid(grid) == Puzzle(*clues_of_grid(grid), goal=rows)
    with pytest.raises(PuzzleError, match="goal picture is 2x1 but the puzzle is 1x2"):
        Puzzle(((1,), (1,)), ((2,),), goal=GoalRows(("11",)))
    with pytest.raises(ValueError):
        GoalRows(("10", "1"))
    with pytest.raises(ValueError):
        GoalRows(("1#",))


def test_every_function_the_format_table_names_exists() -> None:
    # The table imports a format's module when the format is used; a misspelt name would show
    # only then, and as a reader fault ("not a valid ... file").
    assert len(REFERENCED) >= len(FORMATS)
    for module, name in REFERENCED:
        assert callable(getattr(import_module(f"nonostudio.core.formats.{module}"), name))


def test_a_one_row_or_one_column_file_a_line_short_counts_in_the_singular(tmp_path) -> None:
    """'asks for 1 rows and 3 columns' is said 'for 1 row and 3 columns'."""
    nin = tmp_path / "one.nin"
    nin.write_text("3 1\n1\n1\n")
    with pytest.raises(PuzzleError, match=r"asks for 1 row and 3 columns, 4"):
        read_file(nin)
    nin.write_text("1 3\n1\n1\n")
    with pytest.raises(PuzzleError, match=r"asks for 3 rows and 1 column, 4"):
        read_file(nin)
