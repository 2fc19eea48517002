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
