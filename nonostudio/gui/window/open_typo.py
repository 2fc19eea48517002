"""Opening a file whose clues read but make no picture (a typo: a colour's totals differ, a clue
too long for its line): the likely typos are offered as Paste Puzzle String offers them.

File > Open and a file named on the command line used to show only an error box for such a
file, while Paste Puzzle String and ``nonostudio-cli check`` named the likely fix ("row 9: 2q
→ 2a", 100 %).  :func:`offer_fix` shows the file's text in the paste dialog (:class:`
OpenTypoDialog`) with the problem named and the typo search run: "Open with this fix" opens the
puzzle with the selected edit made, or the text can be corrected and opened with Open.  Either
way the puzzle opens as the file's, modified (Save writes the mended clues back), never silently
as a puzzle other than the one typed.

A ``.non`` file whose section is one clue line short or long of the size it declares (a line
left out or typed twice; the reader keeps the lines read and the size,
:class:`~nonostudio.core.formats.non.LineCountError`) is searched with that size, as ``check``
does, so that only a line put back or dropped is offered: "Row clues: 19 lines; one seems to be
missing after row 7: with 3 3 2 1 1 put in as row 8, ..." is a fix in the list like the others.
A colour ``.non`` keeps its colour clues in the same error: the colour search lists the colour
line put back or dropped (:mod:`~nonostudio.analysis.typos.colour_lines`).
The prompt says what the search found: a line left out or typed twice, one fix or several, or
none (then only the text can be corrected).

A ``.non``, ``.mk``, ``.nin`` or CWD file whose sections each fit the other side's size (the
width and height, or the row and column clues, given the wrong way round; the reader keeps the
sections as given, :class:`~nonostudio.core.formats.non.SwappedSectionsError`) is offered both
readings with rows and columns exchanged (:func:`~nonostudio.analysis.typos.lines.swap_fixes`):
each other's transpose, so the person, with the book, chooses; neither is chosen for them.

A colour ``.g`` or XML file whose clue names a colour it does not declare (``4q`` for ``4c``,
``color="rde"``) is offered each declared colour in its place that makes a consistent puzzle
(the reader keeps the clues, :class:`~nonostudio.core.formats._colour.UndeclaredColourError`),
ranked by the colour typo finder; when none does, the error box says so.

A text file that does not read at all (a syntax error the reader places at a line: ``1.3`` for
``1,3``, a heading misspelt, a ``-`` left out of a puzzle string) is shown in the same dialog
(:func:`mendable`): the place selected, the reader's words under the text, Open reading the
text as corrected (a new error named in place again; clues that then read but make no picture
get their fixes listed).  It used to be an error box only: the person typing from a book went
to a text editor to find the line.  Open opens the mended puzzle as the file's, modified (the
file unchanged until Save); Save and Open writes the text as corrected over the file (its line
ends kept; not if the file changed on disk meanwhile) and opens it.  A file that is no text
(a NUL byte, not UTF-8), larger than :data:`MAX_TEXT`, not a regular file, or refused for no
place in it (its size, no known format) keeps the error box.
"""

from __future__ import annotations

import os
import re
import stat
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from difflib import SequenceMatcher
from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QWidget

from nonostudio.analysis.typos import ColourTypoReport, TypoReport
from nonostudio.analysis.typos.colour_finder import UNDECLARED_COLOUR
from nonostudio.analysis.typos.finder import has_typo_search
from nonostudio.analysis.typos.lines import DOUBLED, EXTRA, MISSING, MOVED, LineFix
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import (
    GoalMismatchError,
    InconsistentPuzzleError,
    PuzzleError,
    PuzzleFileError,
    UnsupportedFormatError,
    UnsupportedPuzzleError,
)
from nonostudio.core.formats._colour import ReadPalette, UndeclaredColourError
from nonostudio.core.formats.non import SwappedSectionsError, goal_rows
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.typo_box import clearly_likeliest
from nonostudio.gui.dialogs.paste import PasteDialog
from nonostudio.gui.window.document import Document

#: The largest file whose text is shown for mending (a clue file is a few kilobytes).
MAX_TEXT = 200_000


def file_format(path: Path) -> str | None:
    """The format ``path`` is read in (by its name, else its content); None when unknown."""
    from nonostudio.core.formats import detect_format

    try:
        return detect_format(path)
    except PuzzleError:
        return None


def mendable(error: PuzzleError) -> bool:
    """Whether a file refused with ``error`` is one to mend in its text: a syntax error the
    reader places at a line (not clues that make no picture, which have their own search, nor
    a file that cannot be read, a format or puzzle not handled, or a size refused)."""
    if has_typo_search(error) or error.line is None:
        return False
    refused = (PuzzleFileError, UnsupportedFormatError, UnsupportedPuzzleError)
    return not isinstance(error, refused)


def document_for(path: Path, puzzle: Puzzle | ColourPuzzle, text: str = "") -> Document:
    """The document of a mended puzzle: the file, saved back in its format when that format can
    be written (for a colour puzzle: with colour syntax) and the file holds no other puzzle, as
    opening it would have been; ``text``, the mended text, counts as the file's puzzles too (a
    file that did not read counts as one)."""
    from nonostudio.core.formats import FORMATS, count_puzzles, count_puzzles_in_text
    from nonostudio.gui.common.file_filters import COLOUR_WRITABLE

    fmt = file_format(path)
    if isinstance(puzzle, ColourPuzzle):
        writable: set[str] = set(COLOUR_WRITABLE)
    else:
        writable = {f.name for f in FORMATS if f.can_write and f.extensions}
    items = 1 if fmt is None else count_puzzles(path, fmt)
    if text.strip():
        items = max(items, count_puzzles_in_text(text))
    return Document.file(path, fmt if fmt in writable else None, items)


class OpenTypoDialog(PasteDialog):
    """The paste dialog holding a file's text whose clues make no picture: the problem is named,
    the likely typos listed, and the puzzle opens fixed or as the text is corrected."""

    def __init__(
        self,
        path: Path,
        text: str,
        parent: QWidget | None = None,
        error: PuzzleError | None = None,
    ) -> None:
        fmt = file_format(path)

        def read(typed: str) -> Puzzle | ColourPuzzle:
            from nonostudio.core.formats import read_any_text

            return read_any_text(typed.strip(), source=path.name, fmt=fmt)

        super().__init__(read, text, parent)
        self.path = path
        self._error = error
        self._goal_words: str | None = None  # (which reading a swapped file's goal fits)
        # the file as shown (Qt reads its line ends as '\n'), its line ends and disk stamp:
        # what Save and Open compares with and writes back
        self._file_text = self.text()
        self._raw_text = text  # (its line ends, kept on the lines not changed)
        self._stamp = _stamp(path)
        self._saving = False
        self.saved = False  # Save and Open wrote the text over the file
        self.setWindowTitle(f"Open {path.name}")
        self._say_prompt()
        self.ok_button.setText("Open")
        self.save_button = self.buttons.addButton(
            "Save and Open", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.save_button.setToolTip(
            f"Write the text as corrected over {path.name}, then open it (Open alone leaves "
            "the file as it is until you save)"
        )
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self.save_and_open)
        self.edit.textChanged.connect(self._changed_from_file)
        self._changed_from_file()
        self.resize(self.width(), self._reserved_height())

    def _changed_from_file(self) -> None:
        """Save and Open is offered once the text differs from the file's."""
        self.save_button.setEnabled(self.text() != self._file_text)

    def save_and_open(self) -> None:
        """Read the text as corrected; when it reads, write it over the file and close (the
        caller opens the file); else say why, as Open does, the file unchanged."""
        self._saving = True
        try:
            self.accept()
        finally:
            self._saving = False

    def _keep(self, text: str) -> bool:
        """Save and Open: the text that read is written over the file (its own line ends), not
        when the file changed on disk since it was shown (another program's change would be
        lost), nor when it cannot be written: then the dialog stays, saying so."""
        if not self._saving:
            return True
        from nonostudio.core.atomic import write_bytes_atomic

        name = self.path.name
        if _stamp(self.path) != self._stamp:
            problem = (
                f"{name} changed on disk since it was shown here: not written. Cancel and open "
                "it again, or Open this text and save it under another name"
            )
        else:
            try:
                written = with_line_ends(self._raw_text, text)
                write_bytes_atomic(self.path, written.encode("utf-8"))
            except OSError as exc:
                problem = f"{name} was not written: {exc.strerror or exc}"
            else:
                self.saved = True
                return True
        self.message.setText(problem)
        self.message.show()
        return False

    def show_error(self, text: str, error: PuzzleError) -> None:
        """Say what is wrong and where (see :meth:`PasteDialog.show_error`); once the text is
        changed, the prompt speaks of the error of the text as it is now."""
        if text != self._file_text:
            self._error = error
        super().show_error(text, error)
        if text != self._file_text:
            self._say_prompt()

    def _say_prompt(self) -> None:
        """Say what is wrong with the file and what can be done: before the search ends, the
        problem the reader found; after, what the fixes listed are (a line left out or typed
        twice, an edit) and how many (with none, only the text can be corrected)."""
        name, error = self.path.name, self._error
        if error is not None and not isinstance(error, InconsistentPuzzleError):
            self.prompt.setText(
                f"{name} does not read: where it stops is selected in its text below, and why "
                "is said under the text. Correct it and press Open (Save and Open writes the "
                "corrected text to the file first; otherwise the file is not changed until you "
                "save)."
            )
            return
        size = getattr(error, "size", None)
        clues = getattr(error, "clues", None)
        colour_clues = getattr(error, "colour_clues", None)
        if clues is None and colour_clues is not None:  # (only their counts are said)
            clues = colour_clues[1], colour_clues[2]
        listed = self.typos.suggestions()
        kinds = {f.kind for f in listed if isinstance(f, LineFix)}
        if isinstance(error, GoalMismatchError):  # (the clues may make a picture: "its clues
            # make no picture" was false of them)
            problem = (
                f"its goal picture does not fit its clues ({error.message}): a clue or the "
                "picture is mistyped"
            )
        elif isinstance(error, UndeclaredColourError):
            problem = "a clue names a colour the file does not declare: it has a typo"
        elif isinstance(error, SwappedSectionsError) and size is not None and clues is not None:
            problem = (
                f"its {len(clues[0])} row and {len(clues[1])} column clue lines fit its size "
                f"(width {size[0]}, height {size[1]}) only the other way round: rows and "
                "columns seem swapped"
            )
            if self._goal_words is None:
                self._goal_words = goal_reading(error)
            if self._goal_words:
                problem += f" ({self._goal_words})"
        elif size is not None and clues is not None:
            problem = _miscount_text(size, clues, bool(getattr(error, "readings", ())))
        elif listed and len(kinds) == 1 and all(isinstance(f, LineFix) for f in listed):
            what = {
                MISSING: "a clue line seems left out",
                DOUBLED: "a clue line seems typed twice",
                EXTRA: "an empty clue line seems one too many",
                MOVED: "a clue line seems typed on the wrong side of the rows and columns",
            }[kinds.pop()]
            problem = f"reads, but its clues make no picture: {what}"
        else:
            problem = "reads, but its clues make no picture: it has a typo"
        if isinstance(error, GoalMismatchError):  # (no search for these: nothing below)
            do = "Correct"
        elif self.typos.report() is None or len(listed) > 1:  # (still looking, or several)
            do = "Open it with one of the likely fixes below, or correct"
        elif listed:
            do = "Open it with the fix below, or correct"
        else:
            do = "Correct"
        self.prompt.setText(
            f"{name}: {problem}. {do} the text and press Open (the file is not changed until "
            "you save)."
        )

    def _found(self) -> None:
        """The search ended: the prompt says what was found, then the fixes are given room."""
        self._say_prompt()
        super()._found()

    def _clearly_chosen(self) -> bool:
        """The likeliest fix is chosen (its clue marked in the file's text, the focus on the
        list of fixes, Enter or one click then opening it) when it is clearly the likeliest
        (:func:`clearly_likeliest`) or the only colour the file can mean
        (:func:`only_declared_colour`); else the person picks."""
        suggestions = self.typos.suggestions()
        return clearly_likeliest(suggestions) or only_declared_colour(self.typos.report())

    def start(self) -> None:
        """Read the text: names the problem, selects it and starts the typo search."""
        self.accept()


def _miscount_text(
    size: tuple[int, int], clues: tuple[Sequence[object], Sequence[object]], either: bool = False
) -> str:
    """What a file's clue lines not as many as its declared ``size`` (width, height) mean:
    ``it declares a size of 20x20 but has 19 row clue lines: a row seems left out``;
    ``either``: the lines read as a row's or a column's (a ``.nin``'s unmarked sections), so
    ``clues``, one reading, counts the lines only."""
    if either:
        typed = len(clues[0]) + len(clues[1])
        what = "left out" if typed < sum(size) else "typed twice"
        return (
            f"it declares a size of {size[0]}x{size[1]} but has {typed} clue lines, not "
            f"{sum(size)}: a row or a column seems {what}, and the lines do not say which"
        )
    counts: list[str] = []
    meant: set[tuple[str, str]] = set()
    for axis, lines, want in (("row", clues[0], size[1]), ("column", clues[1], size[0])):
        if len(lines) != want:
            counts.append(f"{len(lines)} {axis}")
            meant.add((axis, "left out" if len(lines) < want else "typed twice"))
    if not counts:  # (not a miscount after all)
        return "reads, but its clues make no picture: it has a typo"
    axis, what = next(iter(meant)) if len(meant) == 1 else ("clue line", "left out or typed twice")
    return (
        f"it declares a size of {size[0]}x{size[1]} but has {' and '.join(counts)} clue lines: "
        f"a {axis} seems {what}"
    )


def with_file_goal(puzzle: Puzzle | ColourPuzzle, error: PuzzleError) -> Puzzle | ColourPuzzle:
    """``puzzle`` opened from a file whose rows and columns were swapped, with the file's goal
    picture when it fits the reading taken (Save then keeps it); else as it is."""
    text = getattr(error, "goal_text", None)
    if not isinstance(error, SwappedSectionsError) or text is None:
        return puzzle
    if not isinstance(puzzle, Puzzle) or puzzle.goal is not None:
        return puzzle
    goal = goal_rows(puzzle.rows, puzzle.cols, text)
    return puzzle if goal is None else replace(puzzle, goal=goal)


def goal_reading(error: PuzzleError) -> str:
    """Which reading of a swapped file its goal picture fits, in words ('' when it has none or
    it fits neither): ``its goal picture fits the width and height swapped``."""
    from nonostudio.analysis.typos.lines import SWAP_WORDS, swap_readings

    text = getattr(error, "goal_text", None)
    size = getattr(error, "size", None)
    if not isinstance(error, SwappedSectionsError) or text is None or error.clues is None:
        return ""
    if size is None:
        return ""
    rows, cols = error.clues
    # (the readings alone, no solve: the dialog asks this on the GUI thread as it opens, and
    # the typo search counts the pictures in the background; a goal that fits is a picture)
    fits = [
        SWAP_WORDS[kind]
        for kind, r, c in swap_readings(tuple(rows), tuple(cols), size)
        if goal_rows(r, c, text) is not None
    ]
    return f"its goal picture fits {fits[0]}" if len(fits) == 1 else ""


def only_declared_colour(report: TypoReport | ColourTypoReport | None) -> bool:
    """Whether ``report`` is of one clue item naming an undeclared colour for which exactly one
    declared colour balances every colour's totals, the search complete: the one colour the
    file can mean with a single typo, though several pictures fit it (such a fix has no
    likelihood, so :func:`clearly_likeliest` left it unselected; in the 200 colour-generated
    files with one letter typed 'q' the true colour was the only candidate in all 200, 115 of
    them with several pictures)."""
    return (
        isinstance(report, ColourTypoReport)
        and report.problem_kind == UNDECLARED_COLOUR
        and report.complete
        and not report.cancelled
        and len(report.suggestions) == 1
    )


_LINE_END = re.compile(r"(\r\n|\r|\n)")
_MATCHED_MOST = 250_000
"""Pairs of lines (the file's by the text's, between the lines alike at both ends) past which
the line ends go by place, not by difflib's matching (quadratic)."""


def with_line_ends(original: str, edited: str) -> str:
    """``edited`` (lines ended ``\n``, as the dialog shows them) with the line ends of
    ``original`` (the file's text) on its lines kept or corrected in place, and the file's most
    common end on lines added: Save and Open wrote every line with one end (a file of
    mixed CRLF and LF came back CRLF throughout, an old Mac file's CR came back LF)."""
    parts = _LINE_END.split(original)
    old_lines, old_ends = parts[0::2], parts[1::2]
    usual = Counter(old_ends).most_common(1)[0][0] if old_ends else "\n"
    new_lines = edited.split("\n")
    ends = [usual] * (len(new_lines) - 1)

    def kept(i1: int, j1: int, n: int) -> None:  # lines i1.. of the file are lines j1.. now
        for k in range(n):
            if j1 + k < len(ends) and i1 + k < len(old_ends):
                ends[j1 + k] = old_ends[i1 + k]

    # The lines alike at both ends pair by place; only those between are matched (difflib is
    # quadratic on lines alike: a 2000-row file of clue '1' lines took 3 s on the GUI thread).
    head = 0
    most = min(len(old_lines), len(new_lines))
    while head < most and old_lines[head] == new_lines[head]:
        head += 1
    tail = 0
    while tail < most - head and old_lines[-1 - tail] == new_lines[-1 - tail]:
        tail += 1
    kept(0, 0, head)
    kept(len(old_lines) - tail, len(new_lines) - tail, tail)
    old_mid = old_lines[head : len(old_lines) - tail]
    new_mid = new_lines[head : len(new_lines) - tail]
    if len(old_mid) == len(new_mid) or len(old_mid) * len(new_mid) > _MATCHED_MOST:
        kept(head, head, min(len(old_mid), len(new_mid)))  # (by place: lines corrected in
        # place keep their ends; and past the bound, where matching would hold the window)
    else:
        matcher = SequenceMatcher(None, old_mid, new_mid, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
                kept(head + i1, head + j1, j2 - j1)
    return "".join(line + end for line, end in zip(new_lines, [*ends, ""], strict=True))


def _stamp(path: Path) -> tuple[int, int] | None:
    """``path``'s modification time and size (None when it is gone): a change on disk shows."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def read_text_of(path: Path, *, strict: bool = False) -> str | None:
    """The text of ``path`` for mending, None when it cannot be read as text or is too big, or
    is not a regular file (a FIFO, read once already, would wait for a writer for good);
    ``strict``: None too for bytes that are not UTF-8 (a text written back must be the file's,
    not one with its undecodable bytes replaced)."""
    try:
        with path.open("rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            data = handle.read(MAX_TEXT + 1)
    except OSError:
        return None
    if len(data) > MAX_TEXT or b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None if strict else data.decode("utf-8", errors="replace")


def open_typo_dialog(
    parent: QWidget | None, path: Path, error: PuzzleError
) -> OpenTypoDialog | None:
    """The dialog offering the likely fixes of ``path`` whose reading raised ``error``, its
    search started (not yet shown), or its text to mend, the error selected in it (a syntax
    error, :func:`mendable`); None when the error is neither, or the file's text cannot be
    shown."""
    syntax = mendable(error)
    if not has_typo_search(error) and not syntax:
        return None
    if isinstance(error, UndeclaredColourError) and not _has_undeclared_fix(error):
        return None
    text = read_text_of(path, strict=syntax)
    if text is None:
        return None
    dialog = OpenTypoDialog(path, text, parent, error)
    dialog.start()
    if dialog.puzzle() is not None:  # it reads now (changed since): nothing to mend
        return None
    return dialog


def _has_undeclared_fix(error: UndeclaredColourError) -> bool:
    """Whether a declared colour in place of the undeclared one makes a consistent puzzle (every
    colour's totals equal, every clue fitting: what the typo finder then ranks); when none does
    the error says so, for the error box shown instead of the dialog."""
    from nonostudio.analysis.typos.colour_edits import undeclared_edits
    from nonostudio.analysis.typos.colour_finder import undeclared_report

    assert error.colour_clues is not None
    palette, rows, cols = error.colour_clues
    assert isinstance(palette, ReadPalette)
    if undeclared_edits(rows, cols, palette, palette.undeclared):
        return True
    error.explain(undeclared_report(rows, cols, palette, palette.undeclared).undeclared_why)
    return False


def offer_fix(
    parent: QWidget | None, path: Path, error: PuzzleError
) -> tuple[Puzzle | ColourPuzzle, Document] | None | bool:
    """Offer the likely fixes of ``path``, or its text to mend (see :func:`open_typo_dialog`),
    and wait for the person: the puzzle mended and its document; True when they saved the
    mended text over the file (which the caller opens); False when they cancelled; None when
    there is nothing to offer (the caller shows the error as before)."""
    dialog = open_typo_dialog(parent, path, error)
    if dialog is None:
        return None
    try:
        if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
            if dialog.saved:
                return True
            document = document_for(path, puzzle, dialog.text())
            return with_file_goal(puzzle, error), document
        return False
    finally:
        dialog.typos.clear()
        dialog.deleteLater()


__all__ = [
    "OpenTypoDialog",
    "clearly_likeliest",
    "only_declared_colour",
    "document_for",
    "has_typo_search",
    "mendable",
    "offer_fix",
    "open_typo_dialog",
]
