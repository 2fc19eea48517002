"""Importing a file that is not text as a tutor profile says so in words, naming the file (it
said "'utf-8' codec can't decode byte 0x89 in position 0: invalid start byte")."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.cli import main
from nonostudio.core.library import Library
from nonostudio.core.library.profiles import ProfileError, read_profile_file

PNG_START = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"


def test_a_binary_file_is_not_a_profile_export(tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(PNG_START)
    with pytest.raises(ProfileError) as caught:
        read_profile_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: not a nonostudio profile export")
    assert "not UTF-8 text (byte 0x89 at offset 0)" in message
    assert "codec" not in message


def test_the_byte_named_is_the_first_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    path.write_bytes(b'{"format": "\xc3\xa9t\xe9"}')  # a good two-byte letter, then Latin-1
    with pytest.raises(ProfileError, match=r"byte 0xe9 at offset 15\)"):
        read_profile_file(path)


def test_profile_import_of_a_binary_file_exits_2_with_the_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "library.sqlite3"
    Library(db).close()
    path = tmp_path / "picture.png"
    path.write_bytes(PNG_START)
    assert main(["profile", "import", str(path), "--library", str(db)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: not a nonostudio profile export" in err and "codec" not in err
