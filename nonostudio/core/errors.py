"""The one error type for bad puzzle input: where the problem is and what was expected."""

from __future__ import annotations


class PuzzleError(ValueError):
    """Malformed or inconsistent puzzle input.

    ``source`` names the file or string, ``line``/``column`` are 1-based positions in it (None when
    not applicable), ``clue`` names a clue such as ``"row 3"`` or ``"column 7"``.  ``str(error)``
    is a complete sentence a user can act on, e.g.
    ``duck.non, line 4, character 3 (row 2's clue): expected a number, found 'x'``; the place in
    the text is a *character*, so that it cannot be taken for one of the puzzle's columns.
    """

    # What a position in the text is called: not "column", which a reader of a puzzle error
    # takes for one of the puzzle's columns.
    position_word = "character"

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        clue: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.clue = clue
        super().__init__(self._render())

    def _render(self) -> str:
        where: list[str] = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"{self.position_word} {self.column}")
        text = ", ".join(where)
        if self.clue:
            text = f"{text} ({self.clue}'s clue)" if text else f"{self.clue}'s clue"
        return f"{text}: {self.message}" if text else self.message

    def with_source(self, source: str) -> PuzzleError:
        """Return a copy naming ``source`` (used when a lower layer did not know the file name)."""
        return type(self)(
            self.message, source=source, line=self.line, column=self.column, clue=self.clue
        )


class RuleFileError(PuzzleError):
    """A rule file that does not parse, reported where puzzle input errors are (the command
    line's exit code 2); placed by line and *column* as the rule language's own errors are."""

    position_word = "column"


class InconsistentPuzzleError(PuzzleError):
    """The clues cannot describe any picture (totals differ, a clue longer than its line).

    ``clues``, when the reader knew them, holds the row and column clues as read, so that the
    mistyped clue can be looked for (:mod:`nonostudio.analysis.typos`)."""

    clues: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = None
    #: For a colour puzzle: its palette, row clues and column clues as read (``(length,
    #: colour)`` items), for the colour typo finder.
    colour_clues: (
        tuple[
            object, tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[tuple[int, int], ...], ...]
        ]
        | None
    ) = None

    #: Where each clue was read (``"row 3"`` -> its 1-based line in the text), when known.
    clue_lines: dict[str, int] | None = None

    #: The text fields read with the clues (``title``, ``author``, ...), so that a puzzle made
    #: from the clues once the typo is fixed keeps them.
    meta: dict[str, str] | None = None

    def with_source(self, source: str) -> PuzzleError:
        copy = super().with_source(source)
        if isinstance(copy, InconsistentPuzzleError):
            copy.clues = self.clues
            copy.colour_clues = self.colour_clues
            copy.clue_lines = self.clue_lines
            copy.meta = self.meta
        return copy


class GoalMismatchError(InconsistentPuzzleError):
    """The file's goal picture does not fit its clues (a clue, or the picture, mistyped): the
    clues themselves may well make a picture, so it is not said that they make none."""


class UnsupportedPuzzleError(PuzzleError):
    """The input is a puzzle nonostudio does not handle (a colour puzzle, for instance)."""


class UnsupportedFormatError(PuzzleError):
    """A format name or file extension that names no format nonostudio reads or writes as asked
    (an unknown ``--format``, a format that cannot be written): a usage error, not bad input.

    A :class:`PuzzleError` so that handlers of bad puzzle input keep catching it."""


class PuzzleFileError(PuzzleError):
    """A puzzle file that could not be read at all (missing, no permission, a folder, a path the
    system refuses): nothing is known about its puzzle.  ``source`` names the file.

    A :class:`PuzzleError` so that handlers of bad puzzle input keep catching it."""
