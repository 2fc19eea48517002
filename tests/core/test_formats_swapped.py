"""Files whose row and column clue lines fit the declared size only the other way round (the
width and height, or the sections, typed the wrong way round).  A .mk said only "expected '#'
after the 5 row clues", a .nin or CWD file a clue too long for its line (its sections are
unmarked: the lines were split at the wrong place), with nothing for the typo finder; each now
raises SwappedSectionsError with the clue lines split the other way and the declared size, and
the typo finder offers both readings.  Files with no declared size (webpbn XML, .g, TOML) read a
swap as the transposed puzzle: nothing tells it."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.analysis.typos import find_typos
from nonostudio.analysis.typos.lines import HEADINGS_SWAPPED, SIZE_SWAPPED
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_file
from nonostudio.core.formats.non import SwappedSectionsError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir


def _dancer() -> Puzzle:
    return read_file(samples_dir() / "webpbn-00001-dancer.non")  # 5x10


def _lines(clues: tuple[tuple[int, ...], ...]) -> list[str]:
    return [" ".join(map(str, c)) or "0" for c in clues]


def _text(fmt: str, header: tuple[int, int], first: list[str], second: list[str]) -> str:
    a, b = header
    if fmt == "mk":
        return f"{a} {b}\n" + "\n".join(first) + "\n#\n" + "\n".join(second) + "\n"
    if fmt == "cwd":
        return f"{a}\n{b}\n" + "\n".join(first) + "\n\n" + "\n".join(second) + "\n"
    return f"{a} {b}\n" + "\n".join(first + second) + "\n"


# (format, how the header is written from (width, height)): .mk and CWD say the height first
HEADER = {"mk": lambda w, h: (h, w), "cwd": lambda w, h: (h, w), "nin": lambda w, h: (w, h)}


@pytest.mark.parametrize("fmt", ["mk", "nin", "cwd"])
@pytest.mark.parametrize("mistake", ["size", "order"])
def test_a_swap_is_kept_for_the_typo_finder(tmp_path: Path, fmt: str, mistake: str) -> None:
    dancer = _dancer()
    rows, cols = _lines(dancer.rows), _lines(dancer.cols)
    path = tmp_path / f"dancer.{fmt}"
    path.write_text(_text(fmt, HEADER[fmt](5, 10), rows, cols))
    assert read_file(path).rows == dancer.rows  # (written right, it reads)
    if mistake == "size":  # the header the other way round, the clues as they should be
        path.write_text(_text(fmt, HEADER[fmt](10, 5), rows, cols))
    else:  # the columns typed first
        path.write_text(_text(fmt, HEADER[fmt](5, 10), cols, rows))
    with pytest.raises(SwappedSectionsError) as caught:
        read_file(path)
    error = caught.value
    assert "swapped" in error.message
    report = find_typos(*error.clues, size=error.size)
    fixes = {f.kind: (f.rows, f.cols) for f in report.line_fixes}
    assert set(fixes) == {HEADINGS_SWAPPED, SIZE_SWAPPED}
    right = SIZE_SWAPPED if mistake == "size" else HEADINGS_SWAPPED
    assert fixes[right] == (dancer.rows, dancer.cols)


def test_a_swap_with_another_mistake_is_said_as_before(tmp_path: Path) -> None:
    dancer = _dancer()
    rows, cols = _lines(dancer.rows), _lines(dancer.cols)
    rows[0] = "3"  # totals differ either way
    for fmt in ("mk", "nin", "cwd"):
        path = tmp_path / f"dancer.{fmt}"
        path.write_text(_text(fmt, HEADER[fmt](10, 5), rows, cols))
        with pytest.raises(PuzzleError) as caught:
            read_file(path)
        assert not isinstance(caught.value, SwappedSectionsError)


def test_a_swap_is_offered_when_its_pictures_are_not_counted_in_time(monkeypatch) -> None:
    """Faase (80x95) swapped: the solve took the search's 30 s and nothing was offered; a swap
    needs no search, so both readings are offered, their pictures said not counted."""
    from types import SimpleNamespace

    from nonostudio.analysis.typos import lines
    from nonostudio.core.solver import Verdict

    asked: list[float | None] = []

    def undecided(puzzle, time_limit=None, should_stop=None):
        asked.append(time_limit)
        return SimpleNamespace(verdict=Verdict.UNDECIDED)

    monkeypatch.setattr(lines, "solve", undecided)
    dancer = _dancer()
    fixes, complete = lines.swap_fixes(dancer.rows, dancer.cols, (10, 5), deadline=None)
    assert complete and [f.kind for f in fixes] == [HEADINGS_SWAPPED, SIZE_SWAPPED]
    assert asked == [lines.SWAP_SOLVE_S]
    assert all(not f.counted for f in fixes)
    assert fixes[1].text().endswith("they make a puzzle (its pictures not counted within 2 s)")
