"""Two studios editing one library puzzle: a save over a version the other studio stored since
the puzzle was opened for editing is refused once and said (the user's version stays in the
editor); saving again replaces it.  Caching verdicts or reading the puzzle elsewhere is no
conflict."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from nonostudio.core.library import CONFLICT, MISSING, Library, LibraryError
from nonostudio.core.puzzle import Puzzle


def picture(seed: int, title: str) -> Puzzle:
    grid = (np.random.default_rng(seed).random((6, 6)) < 0.5).astype(np.int8)
    return Puzzle.from_grid(grid, title=title)


@pytest.fixture
def two_studios(tmp_path: Path) -> Iterator[tuple[Library, Library, int]]:
    db = tmp_path / "library.sqlite3"
    first = Library(db)
    id = first.add(picture(0, "Duck"))
    second = Library(db)
    yield first, second, id
    first.close()
    second.close()


def test_a_save_over_another_studio_s_newer_version_is_refused_once(
    two_studios: tuple[Library, Library, int],
) -> None:
    first, second, id = two_studios
    assert first.get_for_editing(id) == picture(0, "Duck")
    second.get_for_editing(id)
    second.update(id, picture(1, "Duck, drawn in the second window"))
    with pytest.raises(LibraryError) as info:
        first.update(id, picture(2, "Duck, drawn in the first window"))
    assert info.value.kind == CONFLICT
    message = str(info.value)
    assert message.startswith(f"Library puzzle {id} (“Duck, drawn in the second window”) was")
    assert "changed by another nonostudio window" in message and "Save again" in message
    assert first.get(id) == picture(1, "Duck, drawn in the second window")  # not saved over
    first.update(id, picture(2, "Duck, drawn in the first window"))  # the user saves again
    assert second.get(id) == picture(2, "Duck, drawn in the first window")
    with pytest.raises(LibraryError, match="changed by another"):  # and the second is told
        second.update(id, picture(3, "again"))


def test_saving_one_s_own_edits_again_and_again_is_no_conflict(
    two_studios: tuple[Library, Library, int],
) -> None:
    first, second, id = two_studios
    first.get_for_editing(id)
    second.set_verdict(id, "unique")  # background checks in the other window
    second.set_difficulty(id, "Easy")
    second.get_any(id)
    for n in range(3):
        first.update(id, picture(10 + n, f"take {n}"))
    assert second.get(id) == picture(12, "take 2")


def test_a_puzzle_not_opened_for_editing_is_saved_as_before(
    two_studios: tuple[Library, Library, int],
) -> None:
    """A document restored from the last session (never read here) is saved unconditionally."""
    first, second, id = two_studios
    second.update(id, picture(1, "theirs"))
    first.update(id, picture(2, "mine"))
    assert second.get(id) == picture(2, "mine")


def test_saving_a_puzzle_another_studio_deleted_says_so(
    two_studios: tuple[Library, Library, int],
) -> None:
    first, second, id = two_studios
    first.get_for_editing(id)
    second.remove(id)
    with pytest.raises(LibraryError) as info:
        first.update(id, picture(2, "mine"))
    assert info.value.kind == MISSING
    assert f"has no puzzle with id {id} any more (it was deleted" in str(info.value)
    assert str(first.path) in str(info.value) and len(second) == 0
