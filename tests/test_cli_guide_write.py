"""``rules guide OUT.html``: a write that fails part way (a full disk, a file size limit) leaves
the file that was there, not a part of the new guide."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.cli import main
from nonostudio.cli.rule_tools import rules_guide

resource = pytest.importorskip("resource")  # POSIX


@contextlib.contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """Writes past ``size`` bytes fail with EFBIG, as on a disk with that much room left."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old_handler)


def test_a_failed_guide_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The guide without its examples and frequencies (the page is still about 19 KB): the
    # samples' solving and the test set's counting take seconds and change nothing here.
    monkeypatch.setattr(rules_guide, "sample_puzzles", lambda: [])
    monkeypatch.setattr(rules_guide, "resolve_test_set", lambda _: tmp_path / "none.json")
    out = tmp_path / "guide.html"
    out.write_text("<p>the guide printed last week</p>\n")
    with file_size_limit(4096):
        code = main(["rules", "guide", str(out)])
    assert code == 3
    assert "guide.html: cannot write the guide: File too large" in capsys.readouterr().err
    assert out.read_text() == "<p>the guide printed last week</p>\n"  # was its first 4096 bytes
    assert [p.name for p in tmp_path.iterdir()] == ["guide.html"]  # no temporary file left
