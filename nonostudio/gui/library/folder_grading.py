"""Grading a folder of puzzle files, the work of the Grade a Folder dialog: run in a worker
process (no Qt here, so the process never loads it), handing over a row per puzzle as it goes.
Black-and-white puzzles are graded with the chosen rule set; colour puzzles by their colour trace.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nonostudio.analysis.grades.grading import COLUMNS, grade_row
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.rules.language.tokens import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet, load_rule_set

Row = dict[str, Any]  # a row of nonostudio.analysis.grades.grading's columns


def puzzle_files(folder: Path) -> list[Path]:
    """The files directly in ``folder`` whose extension is a readable puzzle format, by name."""
    from nonostudio.core.formats import FORMATS

    extensions = {e.lower() for f in FORMATS if f.can_read for e in f.extensions}
    return sorted(
        (p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in extensions),
        key=lambda p: p.name.casefold(),
    )


def _row(file: str, item: str | None, **fields: Any) -> Row:
    return dict.fromkeys(COLUMNS) | {"file": file, "item": item} | fields


def _entries(path: Path) -> tuple[list[tuple[str, Callable[[], Puzzle | ColourPuzzle]]], str]:
    """The file's items (colour puzzles read as such), or no items and why."""
    from nonostudio.core.formats import read_any_entries

    try:
        entries = read_any_entries(path)
    except PuzzleError as exc:
        return [], str(exc)
    except OSError as exc:
        return [], f"{path.name}: cannot open: {exc.strerror or exc}"
    return entries, "" if entries else f"{path.name}: no puzzle in the file"


def _grade(
    puzzle: Puzzle | ColourPuzzle, rule_set: RuleSet, should_stop: StopCallback, time_limit: float
) -> Row:
    """A row's grade fields: the rule set's grade, or a colour puzzle's colour grade (its
    ``colours`` and colour ``features``, which the CSV flattens)."""
    if isinstance(puzzle, ColourPuzzle):
        from nonostudio.analysis.colour.report import grade_fields

        return grade_fields(puzzle, time_limit, should_stop)
    return grade_row(puzzle, rule_set, should_stop, time_limit)


def grade_folder(
    files: list[Path],
    rule_set: RuleSet,
    emit: Callable[[Row], None],
    progress: ProgressCallback,
    should_stop: StopCallback,
    time_limit: float = TIME_LIMIT_S,
) -> int:
    """Grade every item of every file, calling ``emit(row)`` per puzzle (rows of
    :mod:`nonostudio.analysis.grades.grading`, an ``error`` instead of a grade for unreadable
    input); each puzzle within ``time_limit`` seconds (``Undecided`` past it); stops between puzzles
    when
    ``should_stop()``.  Returns the number of rows emitted."""
    emitted = 0
    for done, path in enumerate(files):
        entries, error = _entries(path)
        if error:
            emit(_row(path.name, None, error=error))
            emitted += 1
        for i, (ident, build) in enumerate(entries):
            if should_stop():
                return emitted
            name = f"{path.name}#{ident}" if ident else path.name
            try:
                puzzle = build()
                fields = _grade(puzzle, rule_set, should_stop, time_limit)
            except PuzzleError as exc:
                emit(_row(name, ident or None, error=str(exc)))
            else:
                emit(
                    _row(
                        name,
                        ident or None,
                        width=puzzle.width,
                        height=puzzle.height,
                        size=puzzle.size_text,
                    )
                    | fields
                )
            emitted += 1
            progress((done + (i + 1) / len(entries)) / len(files), name)
        if error:
            progress((done + 1) / len(files), path.name)
    return emitted


@dataclass(frozen=True)
class FolderGraded:
    """How a folder's grading ended: the rows emitted, and why nothing was graded ('' when
    the folder was graded)."""

    rows: int
    problem: str = ""


def grade_named_folder(
    folder: Path,
    rule_set_name: str,
    emit: Callable[[Row], None],
    progress: ProgressCallback,
    should_stop: StopCallback,
    time_limit: float = TIME_LIMIT_S,
) -> FolderGraded:
    """Load the rule set, list the folder's puzzle files and grade them (:func:`grade_folder`),
    all in the calling (worker) thread; a rule set or folder that cannot be read, or a folder
    with no puzzle files, ends with its ``problem`` in words."""
    progress(0.0, f"Reading {folder}\u2026")
    try:
        rule_set = load_rule_set(rule_set_name)
    except (RuleSyntaxError, ValueError, OSError) as exc:
        return FolderGraded(0, f"Cannot load the rule set \u201c{rule_set_name}\u201d: {exc}")
    try:
        files = puzzle_files(folder)
    except OSError as exc:
        return FolderGraded(0, f"Cannot read {folder}: {exc.strerror or exc}")
    if not files:
        return FolderGraded(0, f"No puzzle files in {folder}.")
    progress(0.0, f"{count(len(files), 'file')} with the \u201c{rule_set_name}\u201d rules")
    return FolderGraded(grade_folder(files, rule_set, emit, progress, should_stop, time_limit))
