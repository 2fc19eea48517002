"""One long line of the colour SAT encoding is polled inside, not only before it: a line of
20,000 cells and 6,600 items took minutes to encode (every item tried at every cell), with no
poll between, so a cancel or the deadline waited for the whole line.  Now the items that can
add a clause at a cell are a window kept with pointers, and ``should_stop`` is asked every
:data:`~nonostudio.core.colour.sat.LINE_POLL` steps of the line.  Polls are counted, not timed."""

from __future__ import annotations

import random

import pytest

from nonostudio.core.colour import sat
from nonostudio.core.colour.solver import clues_of_grid


def long_row(width: int = 3000, slack: int = 40) -> tuple[list, list]:
    """The clues of a 1 x ``width`` picture of short red and blue blocks, packed to the left
    with ``slack`` background cells at the end: ~1,000 items, each with ~``slack`` starts."""
    rng = random.Random(1)
    cells: list[int] = []
    while len(cells) < width - slack - 8:
        colour = rng.choice([1, 2])
        if cells and cells[-1] == colour:
            cells.append(0)
        cells += [colour] * rng.randint(1, 4)
    cells += [0] * (width - len(cells))
    return clues_of_grid([cells])


def test_a_stop_during_a_long_line_ends_it_part_way(monkeypatch: pytest.MonkeyPatch) -> None:
    rows, cols = long_row()
    assert len(rows[0]) > 900
    grid = [7] * len(cols)  # every cell undecided among the three colours
    lines = sat.line_starts(grid, rows, cols, 3)
    assert lines is not None
    stopping = []
    ended = []
    encode_line = sat._encode_line

    def the_row_starts_the_stop(*args: object) -> bool:
        cells = args[3]
        assert isinstance(cells, list)
        if len(cells) > 1:  # the row (the columns are one cell each)
            stopping.append(True)
        result = encode_line(*args)  # type: ignore[arg-type]
        ended.append(len(cells))
        return result

    monkeypatch.setattr(sat, "_encode_line", the_row_starts_the_stop)
    with pytest.raises(sat.SatTimeout):
        sat.encode_colour(grid, rows, cols, 3, lines, lambda: bool(stopping))
    assert stopping and not ended  # the old code finished the row, then stopped before a column


def test_a_long_line_is_polled_about_every_line_poll_steps() -> None:
    rows, cols = long_row(800)
    grid = [7] * len(cols)
    lines = sat.line_starts(grid, rows, cols, 3)
    assert lines is not None
    polls = []
    encoded = sat.encode_colour(grid, rows, cols, 3, lines, lambda: bool(polls.append(1)))
    assert encoded is not None
    clauses = len(encoded[0].clauses)
    # before each line and every CELL_POLL cells, as before; and inside the row
    before = len(lines) + -(-len(grid) // sat.CELL_POLL)
    inside = len(polls) - before
    assert inside >= 5 and clauses // inside < 2 * sat.LINE_POLL
