"""``practice --now``: a clock that is no time (nan, inf) is bad input, refused at once."""

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
