"""Clues typed as text, one line per row or column: parse them and say exactly what is wrong.

Numbers are separated by spaces or commas; an empty line or a lone ``0`` is an empty clue (a 0
beside other numbers is refused, as the file readers refuse it).  Used by the
clue editor, which marks the offending line and shows the message (e.g.
``row 4: '3a' is not a number``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.core.line import Hints
from nonostudio.core.lookalike import LOOKALIKE as _LOOKALIKE
from nonostudio.core.lookalike import typed_for_words
from nonostudio.core.puzzle import min_length

_SEPARATORS = re.compile(r"[\s,;]+")
# A stripped line of ASCII numbers and separators only (most lines typed, every line written)
_CLEAN = re.compile(r"[0-9]+(?:[\s,;]+[0-9]+)*")

#: Digits a clue number may have: past them it is longer than any line (and ``int()`` refuses
#: a number past 4,300 digits).
_DIGITS_MOST = 18
_LONG_NUMBER = re.compile(r"[0-9]{19}")
#: Numbers run together with a mark that separates nothing here (``1.3``, ``2/1``).
_RUN_TOGETHER = re.compile(r"[0-9]+(?:[^\w\s,;][0-9]+)+")


@dataclass(frozen=True)
class ClueProblem:
    """What is wrong with one line of clue text (``index`` is the 0-based line)."""

    index: int
    message: str

    def __str__(self) -> str:
        return self.message


def clue_to_text(clue: Sequence[int]) -> str:
    """The editor text of one clue: numbers separated by spaces, ``0`` for the empty clue."""
    return " ".join(map(str, clue)) if clue else "0"


def clues_to_text(clues: Sequence[Sequence[int]]) -> str:
    """One line per clue."""
    return "\n".join(clue_to_text(c) for c in clues)


def parse_clue_line(text: str, name: str, length: int) -> tuple[Hints, str | None]:
    """Parse one line; ``name`` is e.g. ``"row 4"``.  Returns the clue and an error or None."""
    stripped = text.strip()
    if _CLEAN.fullmatch(stripped) and not _LONG_NUMBER.search(stripped):  # only ASCII digits
        # between separators, none too long for int(): every token a number
        numbers = list(map(int, _SEPARATORS.split(stripped)))
    else:
        numbers_or_error = _read_tokens(stripped, name, length)
        if isinstance(numbers_or_error, str):
            return (), numbers_or_error
        numbers = numbers_or_error
    if len(numbers) > 1 and 0 in numbers:
        # as the file readers refuse it (formats._common.clue_of): dropping the 0 would show
        # a different clue than was typed ('0 1' read as '1'), a typo as often as not
        return (), (
            f"{name}: a 0 beside other numbers ('{stripped}'; a lone 0 is an empty line's "
            "clue, blocks are at least 1 long)"
        )
    clue = () if numbers == [0] else tuple(numbers)
    return clue, _too_long(clue, name, length)


def _read_tokens(stripped: str, name: str, length: int) -> list[int] | str:
    """The numbers of a stripped line read a token at a time, or the message of the first token
    that is not a number (the general path of :func:`parse_clue_line`; clean lines of ASCII
    digits take a regular expression and ``int`` instead, which a test checks give the same)."""
    numbers: list[int] = []
    for token in _SEPARATORS.split(stripped):
        if not token:
            continue
        if not token.isdecimal():
            if token.startswith("-") and token[1:].isdecimal():
                return f"{name}: clue numbers cannot be negative ('{token}')"
            return f"{name}: '{_shown(token)}' is not a number{_token_hint(token, length)}"
        if len(token.lstrip("0")) > _DIGITS_MOST:  # (int() refuses past 4,300 digits: a
            # ValueError, not a message; no line is near so long)
            kind = name.split()[0]
            return (
                f"{name}: the number '{_shown(token)}' ({len(token):,} digits) is longer than "
                f"the {kind} ({length} cells)"
            )
        numbers.append(int(token.lstrip("0") or "0"))
    return numbers


def _token_hint(token: str, length: int) -> str:
    """What a token that is not a number seems meant for, said after the message: letters
    typed for the digits they look like (``1O``, ``l``; the number so read fitting the line's
    ``length`` cells) or numbers run together with another separator (``1.3``); ``""``
    otherwise."""
    letters = [c for c in token if c in _LOOKALIKE]
    meant = "".join(_LOOKALIKE.get(c, c) for c in token)
    if letters and meant.isdecimal() and len(meant.lstrip("0")) <= _DIGITS_MOST:
        fits = int(meant.lstrip("0") or "0") <= length
    else:
        fits = False
    if fits:
        return f" ({typed_for_words(list(dict.fromkeys(letters)))}?)"
    if _RUN_TOGETHER.fullmatch(token):
        meant = " ".join(re.findall("[0-9]+", token))
        return f" (numbers are separated by spaces or commas: '{meant}'?)"
    return ""


def _shown(token: str) -> str:
    """``token`` as a message quotes it: a long one cut to its first 20 characters."""
    return token if len(token) <= 24 else f"{token[:20]}…"


def _too_long(clue: Hints, name: str, length: int) -> str | None:
    """The message when ``clue`` (of ``name``, e.g. ``"row 4"``) does not fit in ``length``
    cells, else None."""
    need = min_length(clue)
    if need <= length:
        return None
    kind = name.split()[0]
    return f"{name}: clue {clue_to_text(clue)} needs {need} cells but the {kind} has {length}"


def _clue_lines(text: str, count: int) -> list[str]:
    """The lines of clue text, trailing blank lines past ``count`` dropped."""
    lines = text.split("\n")
    while len(lines) > count and not lines[-1].strip():
        lines.pop()
    return lines


@dataclass(frozen=True)
class ClueText:
    """Clue text read once: the clues (empty where a line is wrong or missing), the problems
    (see :func:`parse_clue_text`) and the lines (0-based) that hold no clue, a line refused or
    one not typed (the editor's grid shows them as ``?``)."""

    clues: tuple[Hints, ...]
    problems: list[ClueProblem]
    not_clues: frozenset[int]


def read_clue_text(text: str, kind: str, count: int, length: int) -> ClueText:
    """Parse ``count`` lines of ``kind`` (``"row"`` or ``"column"``) clues for lines
    ``length`` long, each line once (the editor needs the clues, the problems and the lines
    that are not clues; read apart, a 1000x1000 puzzle's texts were parsed twice)."""
    lines = _clue_lines(text, count)
    problems: list[ClueProblem] = []
    clues: list[Hints] = []
    for i, line in enumerate(lines[:count]):
        clue, error = parse_clue_line(line, f"{kind} {i + 1}", length)
        clues.append(() if error else clue)
        if error:
            problems.append(ClueProblem(i, error))
    bad = {p.index for p in problems} | set(range(len(lines), count))
    plural = f"{kind}s"
    if len(lines) < count:
        problems.append(
            ClueProblem(
                len(lines) - 1,
                f"{plural}: {len(lines)} clue lines but the puzzle has {count} {plural} "
                f"(one line per {kind}; 0 or an empty line for an empty {kind})",
            )
        )
    elif len(lines) > count:
        problems.append(
            ClueProblem(
                count,
                f"{plural}: {len(lines)} clue lines but the puzzle has only {count} {plural}",
            )
        )
    clues.extend([()] * (count - len(clues)))
    return ClueText(tuple(clues), problems, frozenset(bad))


def parse_clue_text(
    text: str, kind: str, count: int, length: int
) -> tuple[tuple[Hints, ...], list[ClueProblem]]:
    """Parse ``count`` lines of ``kind`` (``"row"`` or ``"column"``) clues
    for lines ``length`` long.

    Trailing blank lines are ignored.  Returns ``count`` clues (empty where a line is wrong or
    missing) and the problems found, each naming its clue; the clues are valid only when there
    are no problems.
    """
    read = read_clue_text(text, kind, count, length)
    return read.clues, read.problems


def readable_clue_text(
    text: str, kind: str, count: int, length: int, spare: int = 0
) -> tuple[Hints, ...] | None:
    """The clues of ``count`` lines of clue text as typed, a clue too long for its line
    included (the typo finder looks for the mistyped number in it); None when a line is not
    clues or the number of lines is wrong (see :func:`parse_clue_text`) by more than ``spare``
    (1: a line left out or typed twice is read too, for the typo finder given the size)."""
    lines = _clue_lines(text, count)
    if abs(len(lines) - count) > spare:
        return None
    clues: list[Hints] = []
    for i, line in enumerate(lines):
        clue, error = parse_clue_line(line, f"{kind} {i + 1}", length)
        if error and not clue:  # not a number, negative: a too long clue is never empty
            return None
        clues.append(clue)
    return tuple(clues)


def long_clue_problem(rows: Sequence[Hints], cols: Sequence[Hints]) -> str | None:
    """The message of the first clue too long for its line (rows first), else None."""
    for kind, clues, length in (("row", rows, len(cols)), ("column", cols, len(rows))):
        for i, clue in enumerate(clues):
            if (problem := _too_long(clue, f"{kind} {i + 1}", length)) is not None:
                return problem
    return None


def totals_problem(rows: Sequence[Hints], cols: Sequence[Hints]) -> str | None:
    """The message when row and column clues fill different numbers of cells, else None."""
    rsum = sum(map(sum, rows))
    csum = sum(map(sum, cols))
    if rsum == csum:
        return None
    return f"row clues fill {rsum} cells but column clues fill {csum}; the totals must be equal"
