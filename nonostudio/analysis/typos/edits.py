"""The single edits of a puzzle's clues that a typist's mistake undoes, and how likely each is.

A clue typed from a book goes wrong in a few ways: a number changed, one dropped or added, two
neighbouring numbers swapped, two numbers typed without the space between them (``1 3`` typed
``13``), or a whole clue put on the neighbouring line.  :func:`candidate_edits`
lists the edits that undo such a mistake and could make the clues consistent;
:func:`weight` says how likely each mistake is before the puzzle is solved (docs/design/typos.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.line import Hints
from nonostudio.core.puzzle import Clues, min_length

CHANGE = "change"
ADD = "add"
DROP = "drop"
SWAP = "swap"
MOVE = "move"
SPLIT = "split"
KINDS = (CHANGE, ADD, DROP, SWAP, MOVE, SPLIT)
#: The kind of an :class:`EditPair` (two typos, one edit each).
PAIR = "pair"

#: How likely each kind of typo is, before the puzzle says anything (a changed number's weight
#: also falls with the size of the change, see :func:`weight`).
KIND_WEIGHT = {CHANGE: 1.0, DROP: 0.7, ADD: 0.5, SWAP: 0.6, MOVE: 0.4, SPLIT: 0.6}


C = TypeVar("C")
E = TypeVar("E", bound="LineEdits[Any]")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class LineEdits(Generic[C]):
    """What an edit of one line's clue (or a MOVE's two) is, whatever its clues' kind (numbers,
    or colour items): the lines it touches, their name, and the clues with it made."""

    axis: str
    index: int
    kind: str
    before: tuple[C, ...]
    after: tuple[C, ...]

    @property
    def lines(self) -> tuple[tuple[str, int], ...]:
        """The lines the edit touches, as ``(axis, index)`` pairs."""
        return tuple((self.axis, self.index + k) for k in range(len(self.before)))

    @property
    def line_name(self) -> str:
        """``row 7``, or ``rows 7 and 8`` for a MOVE."""
        if self.kind == MOVE:
            return f"{self.axis}s {self.index + 1} and {self.index + 2}"
        return f"{self.axis} {self.index + 1}"

    def apply(
        self, rows: tuple[C, ...], cols: tuple[C, ...]
    ) -> tuple[tuple[C, ...], tuple[C, ...]]:
        """The clues with this edit made."""
        lines = list(rows if self.axis == "row" else cols)
        for k, clue in enumerate(self.after):
            lines[self.index + k] = clue
        if self.axis == "row":
            return tuple(lines), cols
        return rows, tuple(lines)


@dataclass(frozen=True)
class Edit(LineEdits[Hints]):
    """One edit of the clues: line ``index`` (0-based) of ``axis`` ("row" or "column") goes from
    ``before[0]`` to ``after[0]``.  A MOVE exchanges the clues of lines ``index`` and
    ``index + 1``: ``before`` and ``after`` then hold both lines' clues, in order."""

    axis: str
    index: int
    kind: str
    before: tuple[Hints, ...]
    after: tuple[Hints, ...]
    item: int = 0  # which number of the clue (0-based) is changed, dropped, added, swapped or split
    delta: int = 0  # for CHANGE: the new number minus the old

    def text(self) -> str:
        """The edit in words: ``row 7: 3 → 2 (3 1 becomes 2 1)``."""
        before, after = self.before[0], self.after[0]
        whole = f"{clue_to_text(before)} becomes {clue_to_text(after)}"
        if self.kind == CHANGE:
            old, new = before[self.item], after[self.item]
            return f"{self.line_name}: {_which(before, self.item)}{old} \u2192 {new} ({whole})"
        if self.kind == DROP:
            which = _which(before, self.item) or "the "
            return f"{self.line_name}: drop {which}{before[self.item]} ({whole})"
        if self.kind == ADD:
            return f"{self.line_name}: add a {after[self.item]} ({whole})"
        if self.kind == SWAP:
            a, b = before[self.item], before[self.item + 1]
            return f"{self.line_name}: swap {a} and {b} ({whole})"
        if self.kind == SPLIT:
            a, b = after[self.item], after[self.item + 1]
            return (
                f"{self.line_name}: {_which(before, self.item)}{before[self.item]} \u2192 {a} {b}, "
                f"a space left out ({whole})"
            )
        return (
            f"{self.line_name}: exchange their clues ({clue_to_text(self.before[0])} and "
            f"{clue_to_text(self.before[1])})"
        )


@dataclass(frozen=True)
class EditPair:
    """Two edits on different lines made together: the two typos of a puzzle no single edit
    mends.  It has what an :class:`Edit` offers its users (``lines``, ``before``, ``after``,
    ``apply``, ``line_name``, ``text``), the first edit's lines first."""

    first: Edit
    second: Edit

    kind = PAIR

    @property
    def lines(self) -> tuple[tuple[str, int], ...]:
        return self.first.lines + self.second.lines

    @property
    def before(self) -> tuple[Hints, ...]:
        return self.first.before + self.second.before

    @property
    def after(self) -> tuple[Hints, ...]:
        return self.first.after + self.second.after

    @property
    def line_name(self) -> str:
        """``row 8 and column 14``."""
        return f"{self.first.line_name} and {self.second.line_name}"

    def apply(self, rows: Clues, cols: Clues) -> tuple[Clues, Clues]:
        return self.second.apply(*self.first.apply(rows, cols))

    def text(self) -> str:
        """Both edits in words, joined: ``row 8: 2 → 3 (…) and column 14: 9 → 10 (…)``."""
        return f"{self.first.text()} and {self.second.text()}"

    @property
    def edits(self) -> tuple[Edit, Edit]:
        return self.first, self.second


def _which(clue: Hints, item: int) -> str:
    """``"the 2nd number, "`` when the number appears more than once in the clue, else ``""``."""
    if clue.count(clue[item]) == 1:
        return ""
    return f"the {_ordinal(item + 1)} number, "


def weight(edit: Edit | EditPair) -> float:
    """How likely a typist makes the mistake this edit undoes, before the puzzle says anything:
    :data:`KIND_WEIGHT`, halved for each step a changed number moves past the first (a number
    whose digits hold the other's, 12 typed as 2, keeps at least 0.3), a dropped or added block
    of three or more cells at 0.6 of its kind's; a pair's is the product of its two edits'."""
    if isinstance(edit, EditPair):
        return weight(edit.first) * weight(edit.second)
    value = KIND_WEIGHT[edit.kind]
    if edit.kind == CHANGE:
        old, new = edit.before[0][edit.item], edit.after[0][edit.item]
        value *= 0.5 ** (abs(edit.delta) - 1)
        if str(old) in str(new) or str(new) in str(old):
            value = max(value, 0.3)
    elif edit.kind in (ADD, DROP):
        number = (edit.after if edit.kind == ADD else edit.before)[0][edit.item]
        value *= 1.0 if number <= 2 else 0.6
    return max(value, 0.02)


def too_long(rows: Clues, cols: Clues) -> list[tuple[str, int]]:
    """The lines whose clue needs more cells than the line has."""
    width, height = len(cols), len(rows)
    out = [("row", i) for i, c in enumerate(rows) if min_length(c) > width]
    return out + [("column", i) for i, c in enumerate(cols) if min_length(c) > height]


def candidate_edits(rows: Clues, cols: Clues) -> list[Edit]:
    """Every single edit of the clues worth trying.  With unequal totals: the changed, dropped and
    added numbers that make them equal; with equal totals: swaps of neighbouring numbers and of
    neighbouring lines' clues (any other single edit would unbalance the totals).  An edit must
    leave its clues fitting their lines and must touch every clue that does not fit."""
    width, height = len(cols), len(rows)
    diff = sum(map(sum, rows)) - sum(map(sum, cols))
    long = set(too_long(rows, cols))
    out: list[Edit] = []
    seen: set[tuple[str, int, tuple[Hints, ...]]] = set()
    for axis, clues, room in (("row", rows, width), ("column", cols, height)):
        need = -diff if axis == "row" else diff  # what the edited line's sum must change by
        out += admitted(_line_edits(axis, clues, need), room, long, seen, min_length)
    return out


def admitted(
    edits: Iterable[E],
    room: int,
    long: set[tuple[str, int]],
    seen: set[tuple[str, int, tuple[Any, ...]]],
    length: Callable[[Any], int],
) -> list[E]:
    """The ``edits`` worth trying: not met before (``seen`` is added to), every clue they leave
    fitting its ``room`` (``length``: a clue's least length), and touching every line of
    ``long`` (the clues too long for their lines) when there are any."""
    out = []
    for edit in edits:
        key = (edit.axis, edit.index, edit.after)
        if key in seen or any(length(c) > room for c in edit.after):
            continue
        if long and not long <= set(edit.lines):
            continue
        seen.add(key)
        out.append(edit)
    return out


def _line_edits(axis: str, clues: Clues, need: int) -> Iterator[Edit]:
    for i, clue in enumerate(clues):
        one = (clue,)
        if need:
            for j, v in enumerate(clue):
                if v + need >= 1:
                    new = (*clue[:j], v + need, *clue[j + 1 :])
                    yield Edit(axis, i, CHANGE, one, (new,), j, need)
                if v == -need:
                    yield Edit(axis, i, DROP, one, (clue[:j] + clue[j + 1 :],), j)
            if need > 0:
                for j in range(len(clue) + 1):
                    yield Edit(axis, i, ADD, one, ((*clue[:j], need, *clue[j:]),), j)
            for j, a, b in _splits(clue, need):
                yield Edit(axis, i, SPLIT, one, ((*clue[:j], a, b, *clue[j + 1 :]),), j)
            continue
        for j in range(len(clue) - 1):
            if clue[j] != clue[j + 1]:
                new = (*clue[:j], clue[j + 1], clue[j], *clue[j + 2 :])
                yield Edit(axis, i, SWAP, one, (new,), j)
        if i + 1 < len(clues) and clues[i + 1] != clue:
            yield Edit(axis, i, MOVE, (clue, clues[i + 1]), (clues[i + 1], clue))


def _splits(clue: Hints, need: int) -> Iterator[tuple[int, int, int]]:
    """The numbers of ``clue`` that are two typed without the space between them and whose
    parts change the clue's sum by ``need``: ``(item, first, second)``, ``13`` -> ``1, 3``
    (a part never starts with 0: ``10`` is not ``1 0``)."""
    for j, v in enumerate(clue):
        digits = str(v)
        for k in range(1, len(digits)):
            if digits[k] == "0":
                continue
            a, b = int(digits[:k]), int(digits[k:])
            if a + b - v == need:
                yield j, a, b


def balanced_edits(rows: Clues, cols: Clues) -> list[Edit]:
    """The swaps of neighbouring numbers and of neighbouring lines' clues, which keep the totals
    as they are: with unequal totals no single one mends the clues, but one may be one of two
    typos (the other a changed, dropped or added number)."""
    width, height = len(cols), len(rows)
    return [
        edit
        for axis, clues, room in (("row", rows, width), ("column", cols, height))
        for edit in _line_edits(axis, clues, 0)
        if all(min_length(c) <= room for c in edit.after)
    ]


def unbalanced_edits(rows: Clues, cols: Clues) -> list[Edit]:
    """Numbers changed by one that leave the totals unequal (or make them so): the first of two
    typos whose totals no single edit restores (two numbers one too high, or one too high in a
    row and one in a column).  With unequal totals only the changes towards equal ones."""
    width, height = len(cols), len(rows)
    diff = sum(map(sum, rows)) - sum(map(sum, cols))
    out: list[Edit] = []
    for axis, clues, room in (("row", rows, width), ("column", cols, height)):
        toward = -1 if (diff > 0) == (axis == "row") else 1  # the change that narrows diff
        steps = (-1, 1) if diff == 0 else (toward,) if abs(diff) >= 2 else ()
        for i, clue in enumerate(clues):
            for j, v in enumerate(clue):
                for step in steps:
                    new = (*clue[:j], v + step, *clue[j + 1 :])
                    if v + step >= 1 and min_length(new) <= room:
                        out.append(Edit(axis, i, CHANGE, (clue,), (new,), j, step))
    return out
