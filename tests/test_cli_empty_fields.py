"""A puzzle string with a clue typed as nothing (a ':' at the end, or one typed twice) is a
legal empty line, but as often a separator too many: Paste Puzzle String asks, and the CLI
solved the Duck with a ninth, empty column ('9x9: unique') and said nothing."""

from __future__ import annotations

import pytest

from nonostudio.console import main

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


@pytest.mark.parametrize(
    ("typed", "note"),
    [
        (
            DUCK + ":",
            "note: Column 9 is typed as nothing (after the last ':' of the columns) and reads as "
            "an empty column, making 9 columns",
        ),
        (
            DUCK.replace("3,2:2,2", "3,2::2,2"),
            "note: Row 4 is typed as nothing (between two ':' of the rows) and reads as an empty "
            "row, making 10 rows",
        ),
    ],
)
@pytest.mark.parametrize("command", ["solve", "convert"])
def test_a_clue_typed_as_nothing_is_noted(
    typed: str, note: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [command, typed, "--no-typos"] if command == "solve" else [command, typed, "-"]
    main(args)
    err = capsys.readouterr().err
    assert note in err


def test_a_string_typed_with_0_for_its_empty_lines_has_no_note(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "0:1-1:0"]) == 0
    assert "note" not in capsys.readouterr().err


@pytest.mark.parametrize("command", ["check", "grade"])
def test_the_commands_of_many_puzzles_note_each_clue_typed_as_nothing_once(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """check and grade said nothing of it (their rows were '9x9 unique'); each note names its
    puzzle, since the notes of many may all come before the rows, and comes once."""
    at_end, twice = DUCK + ":", DUCK.replace("3,2:2,2", "3,2::2,2")
    main([command, at_end, twice, DUCK])
    err = capsys.readouterr().err
    assert err.count("note:") == 2
    assert (
        f"note: in '{at_end}', column 9 is typed as nothing (after the last ':' of the columns) "
        "and reads as an empty column, making 9 columns" in err
    )
    assert (
        f"note: in '{twice}', row 4 is typed as nothing (between two ':' of the rows) and reads "
        "as an empty row, making 10 rows" in err
    )
