"""A puzzle string with a '/' typed for its '-' was taken for a file's path: 'cannot open: No
such file or directory' (exit 3).  Read as the string it is, its reader names the '/'; a path
that is no such string is still a missing file."""

from __future__ import annotations

import pytest

from nonostudio.console import main

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_slash_for_the_dash_is_named_in_the_string(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, DUCK.replace("-", "/")]) == 2
    captured = capsys.readouterr()
    said = captured.out + captured.err
    assert "character 26" in said and "found '/': type '-' for it" in said
    assert "No such file" not in said


def test_a_missing_file_of_digits_is_still_a_missing_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "12/34"]) == 3
    assert "12/34: cannot open: No such file or directory" in capsys.readouterr().out
