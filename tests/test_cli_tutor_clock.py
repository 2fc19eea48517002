"""``practice --now``: a clock that is no time is refused; ``profile`` files named wrongly."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.cli import main


@pytest.mark.parametrize("now", ["nan", "inf", "-inf", "1e400"])
def test_practice_refuses_a_clock_that_is_no_time(
    now: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library = tmp_path / "library.db"
    assert main(["practice", f"--now={now}", "--count", "1", "--library", str(library)]) == 2
    assert "--now: must be a finite number" in capsys.readouterr().err
    assert not library.exists()


def test_profile_files_named_wrongly_are_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library = ["--library", str(tmp_path / "library.db")]
    assert main(["profile", "create", *library]) == 0
    capsys.readouterr()
    assert main(["profile", "export", "-", *library]) == 2  # wrote a file called '-', exit 0
    assert "'-' (standard output is not written): name a profile file" in capsys.readouterr().err
    assert not (tmp_path / "-").exists()
    assert main(["profile", "import", str(tmp_path), *library]) == 3  # "[Errno 21]", exit 2
    assert f"{tmp_path}: is a folder, not a profile file" in capsys.readouterr().err
    missing = str(tmp_path / "missing.json")
    assert main(["profile", "import", missing, *library]) == 3  # "[Errno 2] ...", exit 2
    assert capsys.readouterr().err.strip().endswith(f"{missing}: No such file or directory")
