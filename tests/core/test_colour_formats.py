"""Colour puzzles in files: reading webpbn XML, .g, .non and TOML/INI, writing XML, .non and .g,
round trips on the public and generated colour files, and bad input named by line and clue."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.errors import PuzzleError, UnsupportedFormatError, UnsupportedPuzzleError
from nonostudio.core.formats import (
    parse_any_arg,
    read_all,
    read_any,
    read_any_text,
    read_file,
    read_text,
    write_file,
    write_text,
)
from nonostudio.core.puzzle import Puzzle

ANCHORS = Path(__file__).resolve().parents[3] / "shared" / "anchors" / "puzzles"
GENERATED = ANCHORS / "colour-generated"
#: The 13 public colour files: (path under the anchors, width x height, colours besides white).
PUBLIC = [
    ("pbnsolve-examples/acorn.g", "50x35", 4),
    ("pbnsolve-examples/alladin.g", "30x23", 7),
    ("pbnsolve-examples/bird2.g", "40x30", 2),
    ("pbnsolve-examples/rose.g", "39x28", 7),
    ("pbnsolve-examples/spaceShuttle.g", "20x35", 2),
    ("number-loom/listen_left_and_right.xml", "20x20", 2),
    ("number-loom/little_hauler.xml", "25x15", 2),
    ("number-loom/look_sharp.xml", "15x20", 2),
    ("number-loom/missing.xml", "20x15", 2),
    ("number-loom/not_invented_yet_1.xml", "40x15", 2),
    ("number-loom/take_two.xml", "15x15", 2),
    ("nonogrid/UK.toml", "31x15", 2),
    ("pynogram/uk.txt", "31x15", 2),
]
needs_anchors = pytest.mark.skipif(
    not ANCHORS.is_dir(), reason=f"the anchor puzzles are not at {ANCHORS}"
)
RED = Colour("red", "#ff0000", "r")
BLUE = Colour("blue", "#0000ff", "b")


def _same_colours(a: ColourPuzzle, b: ColourPuzzle) -> bool:
    """Same clues, colour names and values (characters may change where a format needs)."""
    names = [(c.name, c.rgb) for c in a.palette.colours]
    return (a.rows, a.cols) == (b.rows, b.cols) and names == [
        (c.name, c.rgb) for c in b.palette.colours
    ]


def _one(path: Path) -> ColourPuzzle:
    [(ident, puzzle)] = read_any(path)
    assert ident == "" and isinstance(puzzle, ColourPuzzle)
    return puzzle


@needs_anchors
@pytest.mark.parametrize(("name", "size", "colours"), PUBLIC, ids=[p[0] for p in PUBLIC])
def test_public_colour_files_load_and_round_trip(name: str, size: str, colours: int) -> None:
    puzzle = _one(ANCHORS / name)
    assert (puzzle.size_text, len(puzzle.palette) - 1) == (size, colours)
    assert puzzle.palette.background.rgb == "#ffffff"
    for fmt in ("xml", "non", "g"):
        again = read_any_text(write_text(puzzle, fmt), fmt=fmt)
        assert isinstance(again, ColourPuzzle)
        assert _same_colours(puzzle, again), fmt
        if name.endswith(f".{fmt}"):
            assert again == puzzle  # its own format keeps everything, characters included
    xml = read_any_text(write_text(puzzle, "xml"), fmt="xml")
    assert (xml.title, xml.author, xml.copyright, xml.notes) == (
        puzzle.title,
        puzzle.author,
        puzzle.copyright,
        puzzle.notes,
    )


@needs_anchors
def test_the_same_flag_in_toml_and_ini() -> None:
    toml, ini = _one(ANCHORS / "nonogrid/UK.toml"), _one(ANCHORS / "pynogram/uk.txt")
    assert toml == ini
    assert [c.name for c in toml.palette.colours] == ["white", "blue", "red"]
    assert toml.rows[6] == ((31, 2),)


@needs_anchors
def test_olsak_declarations() -> None:
    alladin = _one(ANCHORS / "pbnsolve-examples/alladin.g")
    names = [c.name for c in alladin.palette.colours]
    assert names[:3] == ["white", "black", "red"] and "black/orange" in names
    assert alladin.palette[1].char == "1"  # the default colour: numbers without a letter
    rose = _one(ANCHORS / "pbnsolve-examples/rose.g")
    assert (rose.palette[1].name, rose.palette[1].rgb) == ("super svetle zelena", "#9cf200")


@needs_anchors
def test_black_and_white_readers_still_refuse_colour() -> None:
    for name, _size, _colours in PUBLIC:
        with pytest.raises(UnsupportedPuzzleError, match=r"colour puzzle \(colours .*\); only"):
            read_all(ANCHORS / name)
        with pytest.raises(UnsupportedPuzzleError, match="only black-and-white puzzles"):
            read_file(ANCHORS / name)


@needs_anchors
def test_black_and_white_files_read_as_before() -> None:
    path = ANCHORS / "nonogram-db/webpbn/1.non"
    [(_, puzzle)] = read_any(path)
    assert isinstance(puzzle, Puzzle) and puzzle == read_file(path)


@pytest.mark.skipif(not GENERATED.is_dir(), reason=f"no generated colour puzzles at {GENERATED}")
def test_generated_files_xml_and_g_agree() -> None:
    with open(GENERATED / "VERDICTS.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 200
    for row in rows:
        xml = _one(GENERATED / row["file"])
        g = _one(GENERATED / row["file"].replace(".xml", ".g"))
        assert f"{xml.width}x{xml.height}" == f"{row['width']}x{row['height']}"
        assert len(xml.palette) - 1 == int(row["colours"]), row["file"]
        assert _same_colours(xml, g), row["file"]
    for row in rows[:20]:
        puzzle = _one(GENERATED / row["file"])
        for fmt in ("xml", "non", "g"):
            assert _same_colours(puzzle, read_any_text(write_text(puzzle, fmt), fmt=fmt))


def _small() -> ColourPuzzle:
    goal = ((1, 1, 2), (0, 2, 2), (1, 0, 1))
    from nonostudio.core.colour.model import clues_of_colour_grid

    rows, cols = clues_of_colour_grid(goal)
    return ColourPuzzle(
        Palette((WHITE, RED, BLUE)),
        rows,
        cols,
        title="Flag & <co>",
        author="A. N. Other",
        copyright="CC0",
        licence="CC0-1.0",
        goal=goal,
    )


@pytest.mark.parametrize("fmt", ["xml", "non"])
def test_goal_and_metadata_round_trip(fmt: str) -> None:
    puzzle = _small()
    again = read_any_text(write_text(puzzle, fmt), fmt=fmt)
    assert again == puzzle and again.goal == puzzle.goal
    assert read_any_text(write_text(puzzle, fmt, with_solution=False), fmt=fmt).goal is None


def test_g_keeps_title_author_copyright_and_licence() -> None:
    # .g has no fields: the writer wrote the notes only, so a puzzle saved as .g and opened
    # again had lost its title, author, copyright and licence
    puzzle = replace(_small(), notes="Title: a line of the notes\nmore notes")
    text = write_text(puzzle, "g")
    assert text.startswith("Title: Flag & <co>\n")  # the title line other programs show
    again = read_any_text(text, fmt="g")
    assert isinstance(again, ColourPuzzle)
    got = (again.title, again.author, again.copyright, again.licence)
    assert got == ("Flag & <co>", "A. N. Other", "CC0", "CC0-1.0")
    assert again.notes == "Title: a line of the notes\nmore notes"  # kept a note line
    assert again.rows == puzzle.rows and again.cols == puzzle.cols


def test_g_keeps_the_picture() -> None:
    # .g has no solution section: a picture saved as .g came back as clues only, and one with
    # several solutions could no longer be painted (convert said 'with its solution' all the
    # same). The writer puts it in the free text as 'Picture:' rows, which the reader takes back
    puzzle = replace(_small(), notes="Picture: a note line\nmore notes")
    text = write_text(puzzle, "g")
    assert text.endswith(": end\nPicture: rrb\nPicture: 0bb\nPicture: r0r\n")
    again = read_any_text(text, fmt="g")
    assert isinstance(again, ColourPuzzle) and again.goal == puzzle.goal
    assert again.notes == "Picture: a note line\nmore notes"
    assert read_any_text(write_text(puzzle, "g", with_solution=False), fmt="g").goal is None
    # a picture the clues no longer fit (edited elsewhere) stays text; the clues decide
    stale = text.replace("Picture: r0r", "Picture: rr0")
    kept = read_any_text(stale, fmt="g")
    assert isinstance(kept, ColourPuzzle) and kept.goal is None and kept.rows == puzzle.rows
    assert kept.notes.endswith("more notes\nPicture: rrb\nPicture: 0bb\nPicture: rr0")


def test_an_untitled_g_does_not_start_with_a_row_of_its_picture() -> None:
    # by custom a .g's first line names the puzzle (Olšák's samples: 'Bicykl', 'Raketa'); the
    # writer put the picture after the fields, so an untitled puzzle's first line was
    # 'Picture: rrb'. The picture now follows ': end', where Olšák's grid and pbnsolve stop
    # reading (oko.g keeps free text there)
    puzzle = replace(_small(), title="", author="", copyright="", licence="")
    text = write_text(puzzle, "g")
    assert text.startswith("#d\n")
    assert text.endswith(": end\nPicture: rrb\nPicture: 0bb\nPicture: r0r\n")
    again = read_any_text(text, fmt="g")
    assert again == puzzle and again.goal == puzzle.goal and again.notes == ""
    # files written before, the picture after the fields, read as they did
    head, _, rest = text.partition("#d\n")
    picture = text[text.index("Picture:") :]
    old = "Title: T\n" + picture + "a note\n#d\n" + rest[: rest.index("Picture:")]
    before = read_any_text(old, fmt="g")
    assert isinstance(before, ColourPuzzle) and before.goal == puzzle.goal
    assert (before.title, before.notes) == ("T", "a note")


def test_a_g_writes_empty_clues_as_blank_lines_and_reads_a_last_empty_column_back() -> None:
    """pbnsolve refuses a clue of 0 in a .g ("Zero clue in input file") and reads a blank line
    as an empty clue; the writer wrote '0' for every empty row and column (a puzzle drawn with
    an empty border in the editor and saved as .g). A last empty column, a blank line before
    ': end', was dropped by the reader (blank lines ending the section were no clues): the
    puzzle came back a column narrower."""
    from nonostudio.core.colour.model import BLACK, clues_of_colour_grid

    palette = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
    goal = ((0, 0, 0, 0), (1, 2, 2, 0), (0, 1, 0, 0))  # first and last rows, last column empty
    rows, cols = clues_of_colour_grid(goal)
    for puzzle in (ColourPuzzle(palette, rows, cols), ColourPuzzle(palette, rows, cols, goal=goal)):
        text = write_text(puzzle, "g")
        lines = text.splitlines()
        clue_lines = lines[lines.index(": rows") + 1 : lines.index(": end")]
        assert not [ln for ln in clue_lines if ln.split() == ["0"]], text
        again = read_any_text(text, fmt="g")
        assert isinstance(again, ColourPuzzle), text
        assert (again.rows, again.cols, again.goal) == (puzzle.rows, puzzle.cols, puzzle.goal)
    # black alone is read by the black-and-white reader, which keeps the last empty column too
    alone = ColourPuzzle(Palette((WHITE, BLACK)), *clues_of_colour_grid(((0, 1, 0), (0, 0, 0))))
    bw = read_any_text(write_text(alone, "g"), fmt="g")
    assert isinstance(bw, Puzzle) and (bw.rows, bw.cols) == (((1,), ()), ((), (1,), ()))
    # a file written before, with '0' for an empty clue, reads as it did
    start, end = lines.index(": rows"), lines.index(": end")
    old = [ln if ln or not start < k < end else "0" for k, ln in enumerate(lines)]
    assert read_any_text("\n".join(old) + "\n", fmt="g") == again


def test_write_file_by_extension(tmp_path: Path) -> None:
    puzzle = _small()
    for ext in (".xml", ".non", ".g"):
        path = tmp_path / f"p{ext}"
        write_file(puzzle, path)
        assert _same_colours(read_any(path)[0][1], puzzle)  # type: ignore[arg-type]
        assert parse_any_arg(str(path)) == read_any(path)[0][1]
    with pytest.raises(UnsupportedFormatError, match="Puzzle string format has no colours"):
        write_file(puzzle, tmp_path / "p.txt")
    with pytest.raises(UnsupportedFormatError, match="Tatham Pattern id format has no colours"):
        write_text(puzzle, "tatham")


def test_a_one_colour_puzzle_converts_to_black_and_white() -> None:
    bw = Puzzle(((1, 1), (3,)), ((2,), (1,), (2,)), title="t")
    colour = ColourPuzzle.from_bw(bw)
    assert write_text(colour.to_bw(), "string") == write_text(bw, "string")
    assert read_any_text(write_text(colour, "xml"), fmt="xml") == bw  # b&w reads as b&w


XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="red">
<color name="white" char=".">fff</color>
<color name="red" char="r">ff0000</color>
<color name="blue" char="b">{blue}</color>
<clues type="columns"><line><count>1</count></line><line><count color="blue">1</count></line>
</clues>
<clues type="rows"><line><count>1</count><count color="{colour}">1</count></line></clues>
</puzzle></puzzleset>
"""


def test_xml_colours() -> None:
    puzzle = read_any_text(XML.format(blue="00f", colour="blue"))
    assert isinstance(puzzle, ColourPuzzle)
    assert puzzle.rows == (((1, 1), (1, 2)),) and puzzle.palette[2].rgb == "#0000ff"
    with pytest.raises(UnsupportedPuzzleError, match=r"colour puzzle \(colours blue, red\)"):
        read_text(XML.format(blue="00f", colour="blue"))


@pytest.mark.parametrize(
    ("text", "fmt", "message", "where"),
    [
        (
            XML.format(blue="00f", colour="nosuch"),
            "xml",
            "item 2: no <color> named 'nosuch'",
            (8, "row 1"),
        ),
        (
            XML.format(blue="blue", colour="blue"),
            "xml",
            "expected a value such as ff0000",
            (5, None),
        ),
        (
            XML.format(blue="00f", colour="blue").replace(
                '">1</count></line></clues>\n</puzzle', '">0</count></line></clues>\n</puzzle'
            ),
            "xml",
            "item 2 of the clue is a blot",
            (8, "row 1"),
        ),
        (
            "t\n#d\n r:r red\n: rows\n1r 1x\n: columns\n1r\n1x\n",
            "g",
            "no colour letter",
            (5, "row 1"),
        ),
        (
            "t\n#d\n r:r #ff00 red\n: rows\n1r\n: columns\n1r\n",
            "g",
            "expected an X11 colour name",
            (3, None),
        ),
        (
            "t\n#d\n r:r chartreuse-ish\n: rows\n1r\n: columns\n1r\n",
            "g",
            "X11 colour name",
            (3, None),
        ),
        (
            "width 2\nheight 1\ncolor a #ff00\nrows\n1a,1b\ncolumns\n1a\n1b\n",
            "non",
            "expected 'color <letter> #rrggbb'",
            (3, None),
        ),
        (
            'width 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\ngoal "ax"\n',
            "non",
            "the goal's cell 2 (row 1, column 2) is 'x'",
            (8, None),
        ),
        (
            "[colors]\nr = (red) %\nb = (nosuch) *\n[clues]\nrows = 1r 1b\ncolumns = 1r, 1b\n",
            "toml",
            "colour 'b': expected an X11 colour name",
            (3, None),
        ),
        (
            "[colors]\nr = (red) %\n[clues]\nrows = 1r 1b\ncolumns = 1r, 1b\n",
            "toml",
            "no colour 'b' in the [colors] section",
            (4, "row 1"),
        ),
        (
            "3 1\n1\n2r\n#\n1\n1\n1\n",
            "mk",
            "'2r' (a colour clue? this format has no colours",
            (3, "row 2"),
        ),
        (  # XML has colours, given by an attribute: not "this format has no colours"
            '<?xml version="1.0"?>\n<puzzleset><puzzle type="grid" defaultcolor="red">\n'
            '<color name="white" char=".">fff</color><color name="red" char="r">f00</color>\n'
            '<clues type="columns"><line><count>1</count></line></clues>\n'
            '<clues type="rows"><line><count>1r</count></line></clues>\n</puzzle></puzzleset>',
            "xml",
            "'1r' (a colour clue? in XML a count's colour is its attribute: <count color=",
            (5, "row 1"),
        ),
    ],
)
def test_bad_colour_input_is_named(
    text: str, fmt: str, message: str, where: tuple[int, str | None]
) -> None:
    with pytest.raises(PuzzleError) as info:
        read_any_text(text, source="bad", fmt=fmt)
    assert message in str(info.value)
    assert (info.value.line, info.value.clue) == where
    assert str(info.value).startswith("bad, line ")


def test_more_than_31_colours_are_refused() -> None:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFG"  # 33 colours
    decl = "".join(f" {c}:{c} #{k:06x} c{k}\n" for k, c in enumerate(letters))
    clue = " ".join(f"1{c}" for c in letters)
    text = f"t\n#d\n{decl}: rows\n{clue}\n: columns\n" + "".join(f"1{c}\n" for c in letters)
    with pytest.raises(PuzzleError, match="33 colours besides the background; at most 31"):
        read_any_text(text, fmt="g")


def test_different_colours_touch_in_files() -> None:
    # 2r 1b in a row of 3: the blocks touch, which a black-and-white reading could not fit
    text = "[colors]\nr = (red) %\nb = (blue) *\n[clues]\nrows = 2r 1b\ncolumns = 1r, 1r, 1b\n"
    puzzle = read_any_text(text, fmt="toml")
    assert isinstance(puzzle, ColourPuzzle) and puzzle.rows == (((2, 1), (1, 2)),)


def test_a_g_triddler_is_refused_by_name() -> None:
    # '#t' starts an Olšák triddler (triangles, three sides of clues): it was read as a square
    # grid of its first two sections, without a word
    text = "Tri\n#t\n: rows\n1\n: columns\n1\n"
    with pytest.raises(UnsupportedPuzzleError, match=r"line 2: this is a triddler"):
        read_any_text(text, fmt="g")
    # a colour block whose comment starts with t is no triddler
    again = read_any_text("#tabulka barev\n  r:r red\n: rows\n1r\n: columns\n1r\n", fmt="g")
    assert isinstance(again, ColourPuzzle) and again.rows == (((1, 1),),)


def test_a_blank_g_line_is_an_empty_clue() -> None:
    # the generated files write an empty row as a blank line; blank lines ending the file are not
    text = "#d\n r:r red\n b:b blue\n: rows\n1r 1b\n\n: columns\n1r\n1b\n\n\n"
    puzzle = read_any_text(text, fmt="g")
    assert isinstance(puzzle, ColourPuzzle)
    assert (puzzle.rows, puzzle.width) == ((((1, 1), (1, 2)), ()), 2)


def test_a_blank_g_line_is_an_empty_clue_in_black_and_white() -> None:
    # it was skipped: this read as the 1x1 puzzle '1' instead of a 2x2 with an empty row
    puzzle = read_text("title\n: rows\n1\n\n: columns\n1\n0\n\n", fmt="g")
    assert (puzzle.rows, puzzle.cols) == (((1,), ()), ((1,), ()))


def test_black_and_white_is_not_written_as_g(tmp_path: Path) -> None:
    # the list of extensions offered is today's: .g is for colour puzzles
    with pytest.raises(
        UnsupportedFormatError, match=r"use one of \.non, \.pbn, \.pzl, \.txt, \.xml$"
    ):
        write_file(Puzzle(((1,),), ((1,),)), tmp_path / "p.g")
    assert not (tmp_path / "p.g").exists()


def test_an_undeclared_g_letter_lists_the_colour_letters() -> None:
    text = "t\n#d\n 0:  white\n 1:* black\n r:r red\n: rows\n1r 1q\n: columns\n1r\n1\n"
    with pytest.raises(
        PuzzleError, match=r"no colour letter declared in the '#' block \(declared: r\)$"
    ):
        read_any_text(text, fmt="g")


def test_a_puzzleset_of_black_and_white_and_colour(tmp_path: Path) -> None:
    colour = write_text(_small(), "xml")
    bw = write_text(Puzzle(((1,),), ((1,),), title="bw"), "xml")
    inner = [text.split("<puzzleset>")[1].split("</puzzleset>")[0] for text in (bw, colour)]
    path = tmp_path / "set.xml"
    path.write_text(f"<puzzleset>{inner[0]}{inner[1]}</puzzleset>\n")
    [(first, a), (second, b)] = read_any(path)
    assert (first, second) == ("1", "2")
    assert isinstance(a, Puzzle) and a.title == "bw"
    assert b == _small()
    assert parse_any_arg(f"{path}#2") == _small()
    with pytest.raises(PuzzleError, match="no puzzle '3' in this file"):
        parse_any_arg(f"{path}#3")


def _mutants(seed: str, count: int, rng_seed: int) -> list[str]:
    import random

    rng = random.Random(rng_seed)
    pieces = list("0123456789abrq :#,;\n()=[]'\"<>/|.-%*&") + ["\u200b", "#ff0000", "0:", "1:"]
    out = []
    for _ in range(count):
        text = seed
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(text) + 1)
            if rng.random() < 0.5:
                text = text[:i] + rng.choice(pieces) + text[i:]
            else:
                text = text[:i] + text[i + rng.randint(1, 4) :]
        out.append(text)
    return out


@pytest.mark.parametrize("fmt", ["xml", "non", "g"])
def test_damaged_colour_files_give_puzzle_errors_only(fmt: str) -> None:
    seed = write_text(_small(), fmt)
    for text in _mutants(seed, 300, len(fmt)):
        try:
            read_any_text(text, source="m", fmt=fmt)
        except PuzzleError as err:
            assert str(err).startswith("m"), text


def test_damaged_toml_colours_give_puzzle_errors_only() -> None:
    seed = (
        "[colors]\nr = (red) %\nb = (#0000ff) *\n[clues]\nrows = 1r 1b, 2r\ncolumns = 2r, 1r 1b\n"
    )
    assert isinstance(read_any_text(seed, fmt="toml"), ColourPuzzle)
    for text in _mutants(seed, 300, 4):
        try:
            read_any_text(text, source="m", fmt="toml")
        except PuzzleError as err:
            assert str(err).startswith("m")
