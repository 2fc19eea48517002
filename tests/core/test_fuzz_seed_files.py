"""The fuzz seeds kept in the repository: they are what ``fuzz_seed_files`` writes, each reads in
its format as the picture it was written from, and every reader has some without the anchor
data."""

from __future__ import annotations

from pathlib import Path

import pytest
from formats_fuzz_inputs import FORMAT_NAMES, seeds
from fuzz_seed_files import SEED_DIR, format_of, pictures, seed_files

from nonostudio.core.formats import read_data_entries

FILES = sorted(SEED_DIR.glob("*/*"))


def test_the_seed_folder_is_what_this_module_writes() -> None:
    on_disk = {p.relative_to(SEED_DIR).as_posix(): p.read_text(encoding="utf-8") for p in FILES}
    assert on_disk == seed_files(), "run python3 tests/core/fuzz_seed_files.py"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SEED_DIR).as_posix())
def test_each_seed_reads_as_its_picture(path: Path) -> None:
    made = pictures()
    entries = read_data_entries(path.read_bytes(), path.name, format_of(path))
    assert entries
    for ident, build in entries:
        puzzle = build()
        picture = made[ident or path.name.split(".")[0]]
        assert (puzzle.rows, puzzle.cols) == (picture.rows, picture.cols)


def test_every_reader_has_seeds_in_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone with nothing beside it: no anchor corpus, still a seed for every format."""
    import formats_fuzz_inputs

    monkeypatch.setattr(formats_fuzz_inputs, "PUZZLES", SEED_DIR / "no-such-folder")
    seeds.cache_clear()
    try:
        found = seeds()
    finally:
        seeds.cache_clear()
    assert sorted(found) == sorted(FORMAT_NAMES)
