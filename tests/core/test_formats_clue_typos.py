"""Typos in clue numbers are refused where they are: a 0 beside other numbers in every format,
a stray character after a ``.g`` number, and content no format recognises, read by the closest
reader; and Janko's ``"data"`` key however it is spelt in JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.formats import read_data_entries, read_file_and_format, read_text

# Each text has one clue with a 0 beside other numbers, at (line, column); the format forced.
MIXED_ZEROS = {
    "non": ("width 2\nheight 1\nrows\n0,2\ncolumns\n1\n1\n", 4, 1),
    "non, trailing": ("width 2\nheight 1\nrows\n2,0\ncolumns\n1\n1\n", 4, 3),
    "nin": ("2 1\n0 2\n1\n1\n", 2, 1),
    "cwd": ("1\n2\n2 0\n\n1\n1\n", 3, 3),
    "mk": ("1 2\n2\n#\n1\n1 0\n", 5, 3),
    "g": ("t\n: rows\n2 0\n: columns\n1\n1\n", 3, 3),
    "string": ("1:0,2-1:1", 1, 3),
    "tatham": ("2x1:1/1/0.2", 1, 9),
    "toml": ("[clues]\nrows = 0 2\ncolumns = 1, 1\n", 2, 8),
    "picross": ("GRID a\nROWS\n[ 0 2 ]\nCOLUMNS\n[ 1 ]\n[ 1 ]\n", 3, 3),
    "spoj": ("1\n1 2\n0 2 0\n1 0\n1 0\n", 3, 1),
    "taai": ("$1\n0\t1\n1\n", 2, 1),
}


@pytest.mark.parametrize("case", sorted(MIXED_ZEROS))
def test_a_0_beside_other_numbers_is_refused_where_it_is(case: str) -> None:
    text, line, column = MIXED_ZEROS[case]
    with pytest.raises(PuzzleError, match="a 0 beside other numbers") as info:
        read_text(text, fmt=case.split(",")[0])
    assert (info.value.line, info.value.column) == (line, column)


def test_a_lone_0_is_still_the_empty_clue() -> None:
    assert read_text("width 2\nheight 1\nrows\n0\ncolumns\n0\n0\n").cols == ((), ())
    assert read_text("1\n1 1\n0\n0\n", fmt="spoj").rows == ((),)  # SPOJ: the terminator alone
    assert read_text("1\n1 2\n2 0\n1 0\n1 0\n", fmt="spoj").rows == ((2,),)


def test_json_and_xml_zeros_are_refused() -> None:
    janko = {"data": {"a": {"problem": "0 1 1\n1\n1\n"}}}
    [(_, build)] = read_data_entries(json.dumps(janko).encode(), "j.json", "janko")
    with pytest.raises(PuzzleError, match="'height width'.*'0 1 1'") as info:
        build()
    assert (info.value.line, info.value.column) == (1, 5)
    butler = [{"name": "x", "hints": {"rows": [[2, 0]], "cols": [[1], [1]]}}]
    [(_, build)] = read_data_entries(json.dumps(butler).encode(), "b.json", "butler")
    with pytest.raises(PuzzleError, match="a 0 beside other numbers") as info:
        build()
    assert info.value.clue == "row 1"
    for counts in ("<count>2</count><count>0</count>", "<count>0</count>"):
        xml = (
            f'<puzzleset><puzzle><clues type="rows"><line>{counts}</line></clues>\n'
            '<clues type="columns"><line><count>1</count></line><line><count>1</count></line>'
            "</clues></puzzle></puzzleset>"
        )
        with pytest.raises(PuzzleError, match="a <count> of 0") as info:
            read_text(xml)
        assert info.value.line == 1 and info.value.column == xml.index("<count>0") + 1


@pytest.mark.parametrize("typo", ["3x", "3\u200b"])
def test_a_typo_after_a_g_number_is_no_colour(typo: str) -> None:
    text = f"title\n: rows\n{typo}\n: columns\n1\n1\n1\n"
    with pytest.raises(PuzzleError, match="no colour letter declared") as info:
        read_text(text, fmt="g")
    assert type(info.value) is PuzzleError  # not UnsupportedPuzzleError
    assert (info.value.line, info.value.column) == (3, 2)


def test_janko_data_key_written_as_an_escape() -> None:
    text = '{"\\u0064ata": {"a": {"problem": "1 1\\n1\\n1\\n"}}}'
    assert read_text(text).rows == ((1,),)


@pytest.mark.parametrize(
    ("text", "label", "line", "column"),
    [
        ("2\n1 2\n2 0\n1 0\n1 0\n1 1\n1 x 0\n", "SPOJ", 7, 3),
        ("..#\n.x#\n", "Text bitmap", 2, 2),
        ("1\t1\n2\n2\n1\tx\n", "TAAI", 4, 3),
        ("1-1\n1:1-1:1\n1:1-1:x\n", "Puzzle string", 3, 7),
        ('"data": {"a": {"problem": "1 1"}}}', "Janko JSON", 1, 7),
    ],
)
def test_unrecognised_content_is_reported_by_the_closest_reader(
    text: str, label: str, line: int, column: int
) -> None:
    with pytest.raises(PuzzleError, match=f"unknown puzzle format; read as {label}") as info:
        read_text(text)
    assert (info.value.line, info.value.column) == (line, column)


def test_the_windows_reader_reports_the_closest_reader_too(tmp_path: Path) -> None:
    """The window opens files with read_file_and_format: a typo gets the same message."""
    path = tmp_path / "typo.txt"
    path.write_text("1\t1\n2\n2\n1\tx\n", encoding="utf-8")
    with pytest.raises(PuzzleError, match="unknown puzzle format; read as TAAI") as info:
        read_file_and_format(path)
    assert (info.value.line, info.value.column) == (4, 3)


def test_clues_that_make_no_picture_say_where_each_clue_was_read() -> None:
    """A black-and-white file whose clues read but make no picture names each clue's line, as a
    colour file's does, so the place of a fix can be shown in the file's text (the .non reader
    kept the lines but the error dropped them)."""
    text = 'title "Tee"\nwidth 4\nheight 3\n\nrows\n4\n3\n1\n\ncolumns\n1\n3\n2\n1\n'
    with pytest.raises(InconsistentPuzzleError) as info:
        read_text(text, fmt="non")
    lines = info.value.clue_lines
    assert lines is not None
    numbered = text.split("\n")
    assert [numbered[lines[f"row {k}"] - 1] for k in (1, 2, 3)] == ["4", "3", "1"]
    assert [numbered[lines[f"column {k}"] - 1] for k in (1, 2, 3, 4)] == ["1", "3", "2", "1"]
    assert (lines["row 2"], lines["column 1"]) == (7, 11)


@pytest.mark.parametrize(
    ("text", "found", "meant", "column"),
    [
        ("1:2 1:3-3:2:1:1", "2 1", "2,1", 3),  # spaces, as a book prints a clue
        ("1:2.1:3-3:2:1:1", "2.1", "2,1", 3),
    ],
)
def test_a_puzzle_string_clue_with_another_separator_is_told_the_comma(
    text: str, found: str, meant: str, column: int
) -> None:
    # 'expected a number, found '2 1'' named the place but not the mistake: a person typing a
    # puzzle from a book types the spaces it prints
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt="string")
    error = caught.value
    assert (error.line, error.column, error.clue) == (1, column, "row 2")
    assert f"found {found!r} (numbers in one clue are separated by ',': {meant!r}?)" in str(error)
    assert read_text(text.replace(found, meant), fmt="string").rows == ((1,), (2, 1), (3,))


def test_a_puzzle_string_clue_with_a_semicolon_names_both_separators_that_read() -> None:
    """'2;1' read '2,1' or '2:1' makes a puzzle either way (4x3 or 4x4): both are named, with
    the size each makes (the ':' of the shift key missed was told ',' alone)."""
    with pytest.raises(PuzzleError) as caught:
        read_text("1:2;1:3-3:2:1:1", fmt="string")
    error = caught.value
    assert (error.line, error.column, error.clue) == (1, 3, "row 2")
    assert "read '2,1' (one clue) the clues make a 4x3 puzzle" in error.message
    assert "read '2:1' (two clues) a 4x4 one" in error.message


@pytest.mark.parametrize(
    ("text", "column", "clue"),
    [
        ("1:2\t1:3-3:2:1:1", 3, "row 2"),  # a tab for the comma in row 2
        ("1:1,2\t1:3-3:2:1:1:1", 5, "row 2"),  # at the number with the tab
        ("1:2:3\t1-3:2:1:1", 5, "row 3"),
    ],
)
def test_a_tab_typed_in_a_puzzle_string_is_refused_where_it_is(
    text: str, column: int, clue: str
) -> None:
    # The clues before the tab were taken as the puzzle's name ('1:2'), and the puzzle was
    # read from what followed, a row short, with nothing said of the rows left out.
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt="string")
    error = caught.value
    assert (error.line, error.column, error.clue) == (1, column, clue)
    assert "numbers in one clue are separated by ','" in str(error)


def test_a_name_before_a_tab_is_still_a_name() -> None:
    entries = read_data_entries(b"first\t1:1-1:1\n7\t1-1\n", "lib.txt", fmt="string")
    assert [name for name, _ in entries] == ["first", "7"]


_TWO = "width 2\nheight 2\nrows\n{}\n1\ncolumns\n1\n{}\n"


@pytest.mark.parametrize(
    ("text", "fmt", "found", "column"),
    [
        (
            _TWO.format("1.", "1"),
            "non",
            "'1.' (a stray '.' after 1?)",
            1,
        ),
        (
            _TWO.format("1", "'1"),
            "non",
            '"\'1" (a stray "\'" before 1?)',
            1,
        ),
        ("2 2\n1\n1 ,\n1\n1\n", "nin", "',' ", None),  # a lone mark: no number to name
        ("2 2\n1\n1,\n1\n1\n", "nin", "'1,' (a stray ',' after 1?)", 1),
    ],
)
def test_a_stray_mark_beside_a_number_is_named(
    text: str, fmt: str, found: str, column: int | None
) -> None:
    # 'found '1.'' said where but not what to do: the number without the mark is offered
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt=fmt)
    message = str(caught.value)
    if column is None:
        assert "stray" not in message
    else:
        assert f"found {found}" in message and caught.value.column == column


def test_a_colour_letter_is_no_stray_mark() -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text("2 2\n1\n1x\n1\n1\n", fmt="nin")
    assert "stray" not in str(caught.value)


@pytest.mark.parametrize("fmt", ["non", "nin"])
def test_a_very_long_number_with_a_stray_mark_is_refused_where_it_is(fmt: str) -> None:
    """Naming the number meant called int() on 5,000 digits, which Python refuses: the error
    was 'malformed puzzle (Exceeds the limit (4300 digits) …)' with no place (found by the
    readers' fuzz test)."""
    long = "9" * 5000 + "."
    text = _TWO.format("1", long) if fmt == "non" else f"2 2\n1\n{long}\n1\n1\n"
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt=fmt)
    assert "malformed" not in str(caught.value) and caught.value.line is not None


# A clue's two numbers typed with another separator (a '.', a ';', a ',' where spaces go), at
# (line, column), and the clue as the format writes it.
OTHER_SEPARATORS = {
    "non, '.'": ("width 2\nheight 2\nrows\n1.1\n1\ncolumns\n1\n1\n", "non", 4, 1, "'1,1'"),
    "non, ';' second": ("width 3\nheight 1\nrows\n1,1;1\ncolumns\n1\n1\n1\n", "non", 4, 3, "'1,1'"),
    "nin": ("2 2\n1.1\n1\n1\n1\n", "nin", 2, 1, "'1 1'"),
    "mk": ("2 2\n1;1\n1\n#\n1\n1\n", "mk", 2, 1, "'1 1'"),
    "cwd": ("2\n2\n1.1\n1\n\n1\n1\n", "cwd", 3, 1, "'1 1'"),
    "g": ("t\n: rows\n1,1\n1\n: columns\n1\n1\n", "g", 3, 1, "'1 1'"),
    "toml": ("[clues]\ncolumns = 1, 1\nrows = 1.1, 1\n", "toml", 3, 8, "'1 1'"),
}


@pytest.mark.parametrize(
    ("text", "fmt", "line", "column", "meant"),
    OTHER_SEPARATORS.values(),
    ids=list(OTHER_SEPARATORS),
)
def test_numbers_run_together_with_another_separator_are_told_the_formats(
    text: str, fmt: str, line: int, column: int, meant: str
) -> None:
    """'1.3' in a .non (or '1;1' in an .mk, '1,1' in a .g) was 'expected a number (clues look
    like 3,1), found '1.3'' with no word of the separator, as a puzzle string has said."""
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt=fmt)
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert "(numbers in one clue are separated by" in error.message
    assert error.message.endswith(f": {meant}?)")


@pytest.mark.parametrize(("typed", "letter", "digit"), [("1O", "O", "0"), ("1l", "l", "1")])
def test_a_non_number_with_a_letter_like_a_digit_is_refused_there(
    typed: str, letter: str, digit: str
) -> None:
    """'10' typed '1O' in a black-and-white .non (no 'color' line, the other numbers without a
    letter) read as 1 with a colour O that was then dropped: the puzzle said only that the totals
    differ. It is refused at the number, the letter named."""
    text = "width 11\nheight 2\nrows\n{}\n1\ncolumns\n2\n" + "1\n" * 8 + "0\n1\n"
    with pytest.raises(PuzzleError) as caught:
        read_text(text.format(typed), fmt="non")
    error = caught.value
    assert (error.line, error.column, error.clue) == (4, 1, "row 1")
    assert f"found {typed!r} (the letter {letter} typed for {digit}?" in error.message
    # every number with the one letter, or the letter declared: a colour file, read as before
    every = "width 3\nheight 1\nrows\n1O,1O\ncolumns\n1O\n0\n1O\n"
    assert read_text(every, fmt="non").rows == ((1, 1),)
    declared = "width 3\nheight 1\ncolor O #ff0000\nrows\n1O,1\ncolumns\n1O\n0\n1\n"
    assert read_text(declared, fmt="non").rows == ((1, 1),)


def test_two_look_alike_letters_in_one_file_are_refused_at_the_first() -> None:
    # '1O' and '1l' in one black-and-white .non were two 'colours': "row clues fill 1 cells of
    # O but column clues fill 0, and ..." (a reviewer's case), not the letter typed for a digit
    text = "width 2\nheight 2\nrows\n1O\n1l\ncolumns\n1\n1\n"
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt="non")
    error = caught.value
    assert (error.line, error.column, error.clue) == (4, 1, "row 1")
    assert "found '1O' (the letter O typed for 0?" in error.message
    # a colour letter that is no digit's look-alike beside one: still a colour file's refusal
    colours = "width 2\nheight 2\nrows\n1O\n1r\ncolumns\n1\n1\n"
    with pytest.raises(PuzzleError) as caught:
        read_text(colours, fmt="non")
    assert "typed for" not in caught.value.message


@pytest.mark.parametrize(
    ("text", "fmt", "column", "where"),
    [
        ("1:1-1:1,", "string", 9, "a ',' after the last number: a number left out, or the ','"),
        ("1,,1:1-2:1", "string", 3, "two ',' together: a number left out, or one"),
        ("1:,1-1:1", "string", 3, "a ',' before the first number: a number left out, or the ','"),
        ("2x1:1/1/1..1", "tatham", 11, "two '.' together: a number left out, or one"),
    ],
)
def test_a_separator_with_no_number_beside_it_is_told_both_readings(
    text: str, fmt: str, column: int, where: str
) -> None:
    """'...:4:3,' (a trailing comma) said only 'expected a number, found nothing': a number
    left out, or a ',' too many, both are named."""
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt=fmt)
    error = caught.value
    assert error.column == column
    assert error.message == f"expected a number, found nothing ({where} typed too many?)"


# A full-width digit (an East-Asian input method's) where a number is expected, at (line, column);
# the format forced.
FULL_WIDTH = {
    "string": ("1:２-1:1", 1, 3),
    "non": ("width 2\nheight 2\nrows\n1,２\n0\ncolumns\n1\n1\n", 4, 3),
    "non, size": ("width ２\nheight 2\nrows\n2\n0\ncolumns\n1\n1\n", 1, 7),
    "nin": ("2 2\n２\n0\n1\n1\n", 2, 1),
    "toml": ("[clues]\nrows = ２, 0\ncolumns = 1, 1\n", 2, 8),
    "g": ("t\n: rows\n２\n0\n: columns\n1\n1\n", 3, 1),
}


@pytest.mark.parametrize("name", FULL_WIDTH)
def test_a_full_width_digit_is_named_with_what_to_type(name: str) -> None:
    """'found '２'' said no more (the digit read as any other letter); now what it is."""
    text, line, column = FULL_WIDTH[name]
    with pytest.raises(PuzzleError) as caught:
        read_text(text, "t", name.split(",")[0])
    assert "found '２' (full-width digit '２': type 2)" in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)


def test_full_width_digits_and_marks_are_named_with_what_to_type() -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text("1:１２-1:1", "t", "string")
    assert "found '１２' (full-width digits '１２': type 12)" in caught.value.message
    with pytest.raises(PuzzleError) as caught:
        read_text("width 2\nheight 1\nrows\n１，１\ncolumns\n1\n0\n1\n", "t", "non")
    assert "found '１，１' (full-width characters: type '1,1')" in caught.value.message


@pytest.mark.parametrize(
    ("fmt", "text", "found"),
    [
        ("string", "1:1O-1:1", "found '1O' (the letter O typed for 0?)"),
        ("string", "1:l-1:1", "found 'l' (the letter l typed for 1?)"),
        ("nin", "2 2\n1l\n0\n1\n1\n", "found '1l' (the letter l typed for 1?)"),
        ("cwd", "2\n2\n1O\n0\n\n1\n1\n", "found '1O' (the letter O typed for 0?)"),
        ("string", "1:1Ol-1:1", "found '1Ol' (letters typed for digits: O for 0, l for 1?)"),
    ],
)
def test_letters_typed_for_digits_are_said_so(fmt: str, text: str, found: str) -> None:
    """A puzzle string's '1O' was told 'a colour clue? this format has no colours' (a false
    reason: the letter O typed for 0) and its 'l' told nothing, as the .non reader and the
    clue editor say."""
    with pytest.raises(PuzzleError) as caught:
        read_text(text, "t", fmt)
    assert found in caught.value.message
    assert "colour" not in caught.value.message


def test_a_colour_letter_in_a_format_without_colours_is_still_said_so() -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text("1:3b-1:1", "t", "string")
    assert "found '3b' (a colour clue? this format has no colours" in caught.value.message


@pytest.mark.parametrize("fmt", ["toml", None])
def test_a_toml_file_with_a_letter_typed_for_a_digit_is_told_so(fmt: str | None) -> None:
    """'1O' in a black-and-white TOML file (no [colors], other numbers bare) was refused as a
    colour: 'colour puzzle (colours O)' read as black and white, 'no colour 'O' in the [colors]
    section (defined: none)' read as colour; a real colour letter is refused as before."""
    from nonostudio.core.formats import read_any_text

    text = "[clues]\nrows = 1O, 0, 1\ncolumns = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1\n"
    reader = read_text if fmt else read_any_text
    with pytest.raises(PuzzleError) as caught:
        reader(text, "t.toml", "toml")
    assert "found '1O' (the letter O typed for 0? no [colors] section" in caught.value.message
    assert (caught.value.line, caught.value.column) == (2, 8)
    with pytest.raises(PuzzleError) as caught:
        reader(text.replace("1O", "1r"), "t.toml", "toml")
    assert "the letter" not in caught.value.message


@pytest.mark.parametrize("typed", ["2;1-1;2", "1;1-1;1"])
def test_one_semicolon_on_each_side_is_said_as_typed_for_the_colon(typed: str) -> None:
    # Each side's lone ';' was left to the reading of the text's one ';', which there is not:
    # '2;1-1;2' was told "(numbers in one clue are separated by ',': '2,1'?)", though read so
    # the clues make no puzzle and read with ':' they do (a reviewer's case).
    with pytest.raises(PuzzleError) as caught:
        read_text(typed, fmt="string")
    error = caught.value
    assert error.column == 2
    assert "separated by ':', found ';'" in error.message
    assert "separated by ','" not in error.message


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("１O:1-1:1", "(full-width characters, and a letter typed for a digit: type 10?)"),
        ("ａ-1", "(full-width characters)"),
    ],
)
def test_a_full_width_hint_never_says_to_type_what_is_refused(typed: str, said: str) -> None:
    # '１O' was told "type '1O'" (refused too) and 'ａ' "type 'a'" where a number is expected
    # (a reviewer's cases)
    with pytest.raises(PuzzleError) as caught:
        read_text(typed, fmt="string")
    assert caught.value.message.endswith(said)
