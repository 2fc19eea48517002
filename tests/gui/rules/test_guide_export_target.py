"""Export Strategy Guide onto a path that holds no regular file is refused at once: a FIFO
no program reads froze the window for good (the page was written with a plain open)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from nonostudio.gui.rules.guide_export import write_guide


@pytest.mark.parametrize("name", ["guide.html", "guide.pdf"])
def test_a_fifo_is_refused(tmp_path: Path, name: str) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)

    def stuck(_signum: int, _frame: object) -> None:
        raise TimeoutError("the guide waited for a reader for good")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(2)
    try:
        with pytest.raises(OSError) as raised:
            write_guide("<p>guide</p>", fifo)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert raised.value.strerror == "is a named pipe (FIFO), not a file to write the guide in"


def test_a_page_is_written(tmp_path: Path) -> None:
    out = tmp_path / "guide.html"
    out.write_text("old")
    assert write_guide("<p>guide</p>", out) == out
    assert out.read_text() == "<p>guide</p>"
