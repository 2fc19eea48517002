"""A colour named only by its character, or by its character and its own hex value (Number
Loom's XML names every colour so: 'aF78900'), reads with the common colour name nearest to its
value ('orange'), so the steps and hints say 'cannot be orange' instead of 'cannot be aF78900'
(Take two's hint said exactly that); a name the file chose is kept."""

from __future__ import annotations

from nonostudio.core.formats import colour_xml, read_any_text

XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="white">
<color name="aF78900" char="a">F78900</color>
<color name="black" char="#">000000</color>
<color name="b{blue}" char="b">{blue}</color>
<color name="white" char=" ">FFFFFF</color>
<clues type="columns"><line><count color="aF78900">1</count></line>
<line><count color="black">1</count></line><line><count color="b{blue}">1</count></line></clues>
<clues type="rows"><line><count color="aF78900">1</count><count color="black">1</count>
<count color="b{blue}">1</count></line></clues>
</puzzle></puzzleset>
"""


def _names(text: str, name: str) -> list[str]:
    puzzle = read_any_text(text, name)
    return [c.name for c in puzzle.palette.colours]  # type: ignore[union-attr]


def test_number_loom_names_read_as_common_names() -> None:
    assert _names(XML.format(blue="1600FF"), "t.xml") == ["white", "orange", "black", "blue"]


def test_a_common_name_taken_gets_a_number_and_round_trips() -> None:
    # two near-blacks: the file's own 'black' keeps its name, the machine-named one is 'black 2'
    text = XML.format(blue="111111")
    assert _names(text, "t.xml") == ["white", "orange", "black", "black 2"]
    again = colour_xml.write(read_any_text(text, "t.xml"))  # type: ignore[arg-type]
    assert _names(again, "u.xml") == ["white", "orange", "black", "black 2"]


def test_letter_names_in_non_and_g_read_as_common_names_chosen_names_kept() -> None:
    non = "width 2\nheight 1\ncolor a #f78900\ncolor b #1600ff sea\nrows\n1a,1b\ncolumns\n1a\n1b\n"
    assert _names(non, "t.non") == ["white", "orange", "sea"]
    g = "#d\n a:a #f78900\n b:b #1600ff sea\n: rows\n1a 1b\n: columns\n1a\n1b\n"
    assert _names(g, "t.g") == ["white", "orange", "sea"]


def test_a_letter_no_colour_line_declares_keeps_it_as_name() -> None:
    # (likely a typo: the totals message must name the letter typed, not a made-up value's name)
    non = "width 2\nheight 1\ncolor a #f78900\nrows\n1a,1q\ncolumns\n1a\n1q\n"
    assert _names(non, "t.non") == ["white", "orange", "q"]
