"""Colour clues typed as text (the colour editor's Type clues): what is shown reads back as the
same clues on any palette, and a mistyped line is named with its block."""

from __future__ import annotations

import random

from nonostudio.core.colour.clue_text import clue_letters, clue_lines_text, read_clue_lines
from nonostudio.core.colour.model import BLACK, WHITE, Colour, Palette

# black's character '#' and a digit cannot follow a length; two colours start with b
PALETTE = Palette(
    (
        WHITE,
        BLACK,
        Colour("red", "#d62728", "r"),
        Colour("blue", "#1f77b4", "b"),
        Colour("brown", "#8c564b", "1"),
        Colour("green", "#2ca02c", "g"),
    )
)


def test_letters_are_distinct_letters_own_characters_kept() -> None:
    letters = clue_letters(PALETTE)
    assert letters[0] == ""
    assert letters[2:4] == ["r", "b"]  # (their own characters)
    assert len(set(letters[1:])) == len(letters) - 1
    assert all(ch.isalpha() and len(ch) == 1 for ch in letters[1:])


def test_shown_clues_read_back_the_same() -> None:
    rng = random.Random(3)
    for _ in range(200):
        clues = tuple(
            tuple(
                (rng.randint(1, 12), rng.randint(1, len(PALETTE) - 1))
                for _ in range(rng.randint(0, 4))
            )
            for _ in range(rng.randint(1, 6))
        )
        read, problems = read_clue_lines(clue_lines_text(clues, PALETTE), PALETTE)
        assert problems == []
        assert read == clues


def test_blank_and_zero_lines_are_empty_clues_trailing_blank_lines_are_not_clues() -> None:
    read, problems = read_clue_lines("2r, 1b\n\n0\n3g\n\n \n", PALETTE)
    assert problems == []
    assert read == (((2, 2), (1, 3)), (), (), ((3, 5),))


def test_mistyped_lines_are_named_with_their_block() -> None:
    letters = clue_letters(PALETTE)
    read, problems = read_clue_lines(f"2r 3q\n1r\n4\n2{letters[1]} x\n0r", PALETTE, "column")
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (1, "column 1, block 2"),
        (3, "column 3, block 1"),
        (4, "column 4, block 2"),
        (5, "column 5, block 1"),
    ]
    assert "no colour is typed 'q'" in problems[0].message
    assert "needs its colour's letter" in problems[1].message
    assert read[1] == ((1, 2),)


def test_one_colour_takes_a_length_alone() -> None:
    palette = Palette((WHITE, Colour("red", "#ff0000", "r")))
    assert read_clue_lines("3 1r\n2", palette) == ((((3, 1), (1, 1)), ((2, 1),)), [])


def test_no_colour_is_given_a_letter_that_reads_as_a_digit() -> None:
    """The new colour puzzle's black ('#', and 'b' is blue's) was typed 'l': its blocks read
    '4l 1l', four-one and one-one.  A letter is chosen past l, I, o and O; a colour's own
    character is kept, whatever it is."""
    red, blue = Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")
    assert clue_letters(Palette((WHITE, BLACK, red, blue))) == ["", "a", "r", "b"]
    gold = Palette((WHITE, Colour("gold", "#ffd700", "#"), Colour("grey", "#808080", "g")))
    assert clue_letters(gold)[1] == "d"  # g taken, o and l passed over
    own = Palette((WHITE, Colour("lime", "#00ff00", "l"), Colour("olive", "#808000", "#")))
    assert clue_letters(own) == ["", "l", "i"]
    chars = [c for c in "0123456789!$%&()*+-/:;<=>?@[]^_{|}~" if c != "."][:30]
    many = Palette((WHITE, *(Colour(f"c{k}", f"#{k:06x}", ch) for k, ch in enumerate(chars, 1))))
    assert len(many) == 31 and not set(clue_letters(many)) & set("lIoO")
