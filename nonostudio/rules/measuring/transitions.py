"""Test transitions: a line state and its maximal deduction, read from a test set such as the
paper's ``testing-set.json``, on which :mod:`nonostudio.rules.measuring.coverage` measures rule
sets.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nonostudio.core.formats import TooLarge, read_limited
from nonostudio.core.linesolver import solve_text

TEST_SET_BYTES = 64 * 2**20
"""A test set is read up to this size (as a puzzle text file): some 600,000 transitions of
about 100 bytes; ``/dev/zero`` was read into all the memory there was."""


class TransitionsError(ValueError):
    """A test set that cannot be read: ``source`` names the file (and the item in it), ``line``
    and ``column`` (1-based, when known) where in the file or in the item's line text."""

    def __init__(
        self, message: str, *, source: str, line: int | None = None, column: int | None = None
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        where = [source] + [
            f"{what} {n}" for what, n in (("line", line), ("column", column)) if n is not None
        ]
        super().__init__(f"{', '.join(where)}: {message}")


@dataclass(frozen=True, slots=True)
class Transition:
    """A test line state ``before`` (``-Ox`` text) and its maximal deduction ``after``."""

    hints: tuple[int, ...]
    before: str
    after: str


def cells_to_fill(transitions: Sequence[Transition]) -> int:
    """How many cells the transitions' deductions set in all (the most any rule set can cover)."""
    return sum(sum(b != a for b, a in zip(t.before, t.after, strict=True)) for t in transitions)


def load_transitions(path: str | Path) -> list[Transition]:
    """Read a test set such as ``testing-set.json``: ``{"items": [{"hints", "before", "after"}]}``.

    Raises :class:`TransitionsError` naming the file and the item for malformed entries, for
    lines without a solution (the oracle needs solvable lines) and for a file over
    :data:`TEST_SET_BYTES`. The file is read as every puzzle input is
    (:func:`~nonostudio.core.formats.read_limited`): a folder, a socket or a block device is an
    OSError that says what it is, and a FIFO or a device that sends nothing is an OSError after
    a bounded wait (``--test`` naming a FIFO no program writes to waited forever).
    """
    source = str(path)
    try:
        raw = read_limited(path, TEST_SET_BYTES)
    except TooLarge as exc:
        raise TransitionsError(
            f"the file has {exc.size:,} bytes or more; test sets are read up to "
            f"{TEST_SET_BYTES // 2**20} MB (the limit keeps memory bounded)",
            source=source,
        ) from None
    except OSError as exc:
        if exc.strerror and "a puzzle file" in exc.strerror:  # "is a folder, not a puzzle file"
            reason = exc.strerror.replace("a puzzle file", "a test set")
            raise OSError(exc.errno, reason, exc.filename) from None
        raise
    try:
        data = json.loads(raw.decode("utf-8"))
    except json.JSONDecodeError as exc:
        raise TransitionsError(
            f"not valid JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno
        ) from None
    except UnicodeDecodeError as exc:
        raise TransitionsError(
            f"not UTF-8 text (undecodable byte at offset {exc.start})", source=source
        ) from None
    except (ValueError, RecursionError) as exc:  # a number over 4300 digits; nesting too deep
        raise TransitionsError(f"not a usable JSON test set ({exc})", source=source) from None
    items = data.get("items") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise TransitionsError('expected a list of transitions under "items"', source=source)
    return [_transition(item, f"{source}, item {i}") for i, item in enumerate(items)]


def _transition(item: object, where: str) -> Transition:
    if not isinstance(item, dict):
        raise TransitionsError("expected an object with hints, before and after", source=where)
    hints = item.get("hints")
    if not isinstance(hints, list) or not all(
        isinstance(h, int) and not isinstance(h, bool) and h > 0 for h in hints
    ):
        raise TransitionsError(
            f"hints must be a list of positive integers, found {hints!r}", source=where
        )
    texts = []
    for key in ("before", "after"):
        text = item.get(key)
        if not isinstance(text, str):
            raise TransitionsError(f"{key!r} must be a string of '-', 'O' and 'x'", source=where)
        for column, ch in enumerate(text, 1):
            if ch not in "-Ox":
                raise TransitionsError(
                    f"{key!r} has {ch!r} (expected '-', 'O' or 'x')", source=where, column=column
                )
        texts.append(text)
    before, after = texts
    if len(before) != len(after):
        raise TransitionsError(
            f"'before' has {len(before)} cells but 'after' {len(after)}", source=where
        )
    for column, (b, a) in enumerate(zip(before, after, strict=True), 1):
        if b != "-" and b != a:
            raise TransitionsError(
                f"cell {column} is {b!r} before but {a!r} after", source=where, column=column
            )
    if solve_text(hints, before) is None:
        raise TransitionsError(
            f"the line ({' '.join(map(str, hints))}) {before} has no solution", source=where
        )
    return Transition(tuple(hints), before, after)
