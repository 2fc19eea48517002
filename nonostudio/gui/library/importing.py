"""Import Files and Import Folder without freezing the window (:class:`LibraryImporter`).

The files are read on a worker thread; the puzzles are then added to the library on the GUI
thread (the library's SQLite connection belongs to it), a few at a time between the window's
events, since each add is a write of its own (about 20 ms: 200 colour files took 6.5 s, all on
the GUI thread, before).  Progress is reported throughout and ``cancel()`` stops at once; the
puzzles added so far stay.  A library that refuses a puzzle (read-only, full disk) stops the
import there, as :func:`read_for_import` and :meth:`LibraryImporter.start` say.

Import Folder (:meth:`LibraryImporter.start_folder`) takes every file under a folder, subfolders
too (:func:`~nonostudio.core.library.folder.files_under`), and imports them as Import Files
does; files that are no puzzle at all (README, LICENSE, notes, tables, images, solutions:
:mod:`nonostudio.core.library.folder`) are skipped without a word, the summary counting them.

A collection file (a puzzle-string library, a Janko set) gives all its puzzles
(:func:`read_all_for_import`; it gave its first only, though File > Open says Import Files adds
them all); its puzzles, not its files, are then counted in the progress and a stopped import's
words.

A puzzle whose clues (and colours) equal those of one already in the library, or of one added
earlier in the same import, is not added again, whatever its title (:func:`clue_key`); the
summary (:func:`summary`) says how many, and how many of them the library has under another
title.  The library's keys are read once per import (:meth:`Library.clue_index`), only for the
sizes being imported.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import count, number
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.library.records import ClueKey, clue_key
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background

AnyPuzzle = Puzzle | ColourPuzzle

SLICE_S = 0.05
"""The GUI thread adds puzzles for this long at a time, then lets the window's events in."""

ADD_BATCH = 50
"""Puzzles stored in one write at most.  A write waits for the disk: one a puzzle added Janko's
2,307 new puzzles in 31.4 s (13.7 ms a write), 50 a write in 0.59 s, each slice under 0.07 s."""


def read_for_import(path: Path) -> AnyPuzzle:
    """The puzzle of the file at ``path`` (its first, for a collection); one without a title
    takes its file's name.  Raises PuzzleError (naming the file) or OSError."""
    from nonostudio.core.formats import pick_entry, read_any_entries

    try:
        puzzle = pick_entry(read_any_entries(path), None, path.name)[1]
    except PuzzleError as exc:
        raise exc if exc.source else exc.with_source(str(path)) from None
    return titled_after_file(puzzle, path)


def read_all_for_import(path: Path) -> list[AnyPuzzle | str]:
    """Every puzzle of the file at ``path``, as :func:`read_for_import` reads its first: a
    collection (a puzzle-string library, a Janko set, a .nin of several) gives them all, an
    untitled one named after the file and its place (``lib 12``).  File > Open says of a
    collection that "Import Files adds them all to the library"; it added the first only
    (r-nonogram's 4,188-puzzle library: 1 puzzle, not a word of the others).  A puzzle of a
    collection that does not read is said in its place (a str), the first as any other (a bad
    first line dropped the whole collection); a file that does not read at all, or whose one
    puzzle does not, raises (PuzzleError naming the file, or OSError)."""
    from nonostudio.core.formats import read_any_entries

    try:
        entries = read_any_entries(path)
        if len(entries) == 1:
            return [titled_after_file(entries[0][1](), path)]
    except PuzzleError as exc:
        raise exc if exc.source else exc.with_source(str(path)) from None
    out: list[AnyPuzzle | str] = []
    for place, (ident, build) in enumerate(entries, 1):
        try:
            puzzle = build()
        except PuzzleError as exc:
            out.append(str(exc) if exc.source else f"{path}, puzzle {ident or place}: {exc}")
            continue
        if not puzzle.title.strip():
            puzzle = replace(puzzle, title=f"{path.stem} {ident or place}")
        out.append(puzzle)
    return out


def titled_after_file(puzzle: AnyPuzzle, path: Path | None) -> AnyPuzzle:
    """``puzzle`` as the library stores it: one without a title (a .g file has none, a new
    puzzle saved untitled) takes the name of the file it came from (unchanged without a file)."""
    if path is None or puzzle.title.strip():
        return puzzle
    return replace(puzzle, title=path.stem)


def read_error(path: Path, exc: PuzzleError | OSError) -> str:
    """What is said of a file that could not be read; clues that read but make no picture (a
    typo: totals that differ, a clue too long, a line left out) are told where the likely
    fixes are offered, File > Open (the import said only what was wrong)."""
    from nonostudio.analysis.typos.finder import has_typo_search

    if isinstance(exc, OSError):
        return f"{path}: {exc.strerror or exc}"
    if has_typo_search(exc):
        return f"{exc} (File > Open looks for the mistyped clue and offers the likely fixes)"
    return str(exc)


@dataclass(frozen=True)
class NoPuzzle:
    """A file of a folder that is no puzzle at all (a README, a solution): skipped, counted."""


NO_PUZZLE = NoPuzzle()

Read = list[tuple[Path, AnyPuzzle | str | NoPuzzle]]
"""Each file, with its puzzle, what is wrong with it, or :data:`NO_PUZZLE`."""


def read_files(
    paths: Sequence[Path],
    progress: Progress,
    should_stop: ShouldStop,
    folder: Path | None = None,
) -> Read:
    """Read every file of ``paths`` (the worker thread's job; stops early when asked).  With
    the ``folder`` they were found in (Import Folder), a file that is no puzzle at all is
    :data:`NO_PUZZLE` (:func:`~nonostudio.core.library.folder.is_no_puzzle`; one that does not
    read, :func:`~nonostudio.core.library.folder.unreadable_no_puzzle`) instead of an error."""
    from nonostudio.core.library.folder import (
        is_no_puzzle,
        puzzle_extensions,
        unreadable_no_puzzle,
    )

    extensions = puzzle_extensions()
    read: Read = []
    for n, path in enumerate(paths):
        if should_stop():
            break
        progress(
            n / max(1, len(paths)),
            f"Reading {path.name} ({number(n + 1)} of {number(len(paths))})…",
        )
        if folder is not None and is_no_puzzle(path, extensions):
            read.append((path, NO_PUZZLE))
            continue
        try:
            read.extend((path, puzzle) for puzzle in read_all_for_import(path))
        except (PuzzleError, OSError) as exc:
            if folder is not None and unreadable_no_puzzle(path, exc, folder, extensions):
                read.append((path, NO_PUZZLE))
            else:
                read.append((path, read_error(path, exc)))
    return read


def read_folder(folder: Path, progress: Progress, should_stop: ShouldStop) -> Read:
    """Every file under ``folder`` read for import (:func:`read_files`), subfolders too."""
    from nonostudio.core.library.folder import files_under

    return read_files(files_under(folder, should_stop), progress, should_stop, folder)


@dataclass(frozen=True)
class Known:
    """A file not added because its puzzle was there already: the library's puzzle (id and
    title), whether it was added earlier in this import, and whether its title differs."""

    path: Path
    id: int
    title: str
    this_import: bool
    other_title: bool


@dataclass
class Imported:
    """How an import went: puzzles added (their ids), the last one's id, the files whose
    puzzle was there already (:class:`Known`), one message per file not imported, and whether
    it was stopped before its end."""

    total: int
    added: int = 0
    last_id: int | None = None
    ids: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    cancelled: bool = False
    known: list[Known] = field(default_factory=list)
    #: The files of a folder that are no puzzle at all (a README, a solution), skipped.
    skipped: list[Path] = field(default_factory=list)
    #: The puzzles read (a collection file holds several), counted once the files are read.
    puzzles: int = 0
    #: The folder of Import Folder (None: files chosen one by one); its files are counted
    #: (``total``) once they are read.
    folder: Path | None = None
    # The clues of the library's puzzles and those added so far -> (id, title, added here);
    # read at the first add (None until then).
    index: dict[ClueKey, tuple[int, str, bool]] | None = None


def _index(library: Library, read: Read) -> dict[ClueKey, tuple[int, str, bool]]:
    """The library's puzzles of the sizes in ``read``, by clues (LibraryError when unreadable)."""
    sizes = {(p.width, p.height) for _, p in read if not isinstance(p, str | NoPuzzle)}
    if not sizes:
        return {}
    return {key: (id, title, False) for key, (id, title) in library.clue_index(sizes).items()}


def summary(imported: Imported) -> str:
    """The import in a sentence: the files given, the puzzles added, and those not added again
    because the library had them already (or an earlier file of the import had them), e.g.
    ``400 files: 12 puzzles added, 388 already in the library (not added again).``  The files
    that could not be read are not counted here (they are listed apart)."""
    files = imported.total
    before = sum(not k.this_import for k in imported.known)
    here = len(imported.known) - before
    parts = [f"{count(imported.added, 'puzzle')} added"]
    if before:
        parts.append(f"{number(before)} already in the library")
    if here:
        parts.append(f"{number(here)} the same puzzle as {_earlier(imported)} of this import")
    where = f" in {imported.folder.name or imported.folder}" if imported.folder else ""
    text = f"{count(files, 'file')}{where}: " + ", ".join(parts)
    if imported.known:
        text += " (not added again"
        renamed = [k for k in imported.known if k.other_title]
        if renamed:
            first = renamed[0]
            more = ", …" if len(renamed) > 1 else ""
            text += (
                f"; {number(len(renamed))} of them there under another title: "
                f"{first.path.name} as “{first.title}”{more}"
            )
        text += ")"
    if imported.skipped:
        text += f"; {skipped_text(imported.skipped)}"
    return text + "."


def _earlier(imported: Imported) -> str:
    """What a puzzle not added again repeats: an earlier file, or (a file held several) an
    earlier puzzle, maybe of the same file."""
    return "an earlier puzzle" if imported.puzzles > imported.total else "an earlier file"


def skipped_text(skipped: Sequence[Path]) -> str:
    """The files skipped as no puzzle, counted: ``2 files that are no puzzle skipped``.  Their
    names are not said: at 1024x600 the summary under the library's table, with the first
    three names, took 11 lines and left the table two rows (seen under Xvfb, the anchors
    folder: 28 skipped)."""
    n = len(skipped)
    files = "1 file that is" if n == 1 else f"{number(n)} files that are"
    return f"{files} no puzzle skipped"


def stopped_text(imported: Imported) -> str:
    """What a cancelled import did: ``Import stopped: 12 of 151 files were added, 3 were in
    the library already.``; stopped while the files were still being read (nothing is added
    before), that nothing was added."""
    if imported.folder is not None and not imported.total:
        return (
            f"Import of {imported.folder.name or imported.folder} stopped while its files were "
            "read: nothing was added."
        )
    before = sum(not k.this_import for k in imported.known)
    here = len(imported.known) - before
    if imported.puzzles > imported.total:  # a file held several: puzzles, not files
        text = (
            f"Import stopped: {number(imported.added)} of the {count(imported.puzzles, 'puzzle')}"
            f" in {count(imported.total, 'file')} were added"
        )
    else:
        text = (
            f"Import stopped: {number(imported.added)} of {number(imported.total)} files were added"
        )
    text += f", {number(before)} were in the library already" if before else ""
    text += (
        f", {number(here)} the same puzzle as {_earlier(imported)} of this import" if here else ""
    )
    if imported.skipped:
        text += f", {skipped_text(imported.skipped)}"
    return text + "."


def add_read(library: Library, read: Read, imported: Imported, start: int, budget_s: float) -> int:
    """Add the puzzles of ``read`` from index ``start`` on to ``library`` until ``budget_s``
    seconds have passed; the index to carry on from (``len(read)``: all done).  Up to
    :data:`ADD_BATCH` puzzles are stored in one write.  A write the library refuses ends the
    import: its message says why and how many puzzles (or files) were left out."""
    deadline = time.monotonic() + budget_s
    n = start
    if imported.index is None:
        try:
            imported.index = _index(library, read)
        except LibraryError as exc:
            imported.errors.append(f"{exc} (no file imported)")
            return len(read)
    index = imported.index
    pending: list[tuple[int, Path, AnyPuzzle, ClueKey]] = []  # (its place in read, ...)
    waiting: set[ClueKey] = set()  # the keys of ``pending``

    def store() -> bool:
        """Write ``pending``; False when the library refused it (the import ends)."""
        if not pending:
            return True
        try:
            ids = library.add_many([(puzzle, str(path)) for _, path, puzzle, _ in pending])
        except LibraryError as exc:
            at, path = pending[0][0], pending[0][1]
            if _several_a_file(read):  # (files and puzzles differ: the puzzles are counted)
                left = _puzzles_in(read[at + 1 :])
                rest = f" ({count(left, 'more puzzle')} not imported)" if left else ""
            else:
                left = imported.total - at - 1
                rest = f" ({count(left, 'more file', 'more files')} not imported)" if left else ""
            imported.errors.append(f"{path}: {exc}{rest}")
            return False
        for (_, _, puzzle, key), id in zip(pending, ids, strict=True):
            index[key] = (id, puzzle.title, True)
            imported.ids.append(id)
            imported.last_id = id
        imported.added += len(ids)
        pending.clear()
        waiting.clear()
        return True

    while n < len(read):
        path, puzzle = read[n]
        if isinstance(puzzle, NoPuzzle):
            imported.skipped.append(path)
        elif isinstance(puzzle, str):
            imported.errors.append(puzzle)
        else:
            key = clue_key(puzzle)
            if key in waiting and not store():  # a copy of one not stored yet: store it first
                return len(read)
            there = index.get(key)
            if there is not None:
                id, title, here = there
                imported.known.append(Known(path, id, title, here, title != puzzle.title))
            else:
                pending.append((n, path, puzzle, key))
                waiting.add(key)
        n += 1
        if len(pending) >= ADD_BATCH and not store():
            return len(read)
        if time.monotonic() >= deadline:
            break
    return n if store() else len(read)


def _puzzles_in(read: Read) -> int:
    """How many puzzles ``read`` holds (not the files that are none or did not read)."""
    return sum(1 for _, item in read if not isinstance(item, str | NoPuzzle))


def _several_a_file(read: Read) -> bool:
    """Whether some file of ``read`` holds several puzzles (then they are counted, not files)."""
    return len({path for path, _ in read}) < len(read)


def import_now(library: Library, paths: Iterable[str | Path]) -> Imported:
    """Import ``paths`` at once, on the calling thread (a few files, or before the window
    takes events)."""
    files = [Path(p) for p in paths]
    imported = Imported(len(files))
    read = read_files(files, lambda *_: None, lambda: False)
    imported.puzzles = _puzzles_in(read)
    add_read(library, read, imported, 0, float("inf"))
    return imported


class LibraryImporter(QObject):
    """Imports files into ``library`` in the background: :meth:`start`, then ``progress``
    (fraction, words) and ``finished`` (:class:`Imported`) on the GUI thread."""

    progress = Signal(float, str)
    finished = Signal(object)  # Imported

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self._worker: Worker | None = None
        self._read: Read = []
        self._next = 0
        self._imported: Imported | None = None
        self._adder = QTimer(self, singleShot=True, interval=0)
        self._adder.timeout.connect(self._add_some)

    def is_running(self) -> bool:
        return self._imported is not None

    def start(self, paths: Iterable[str | Path]) -> None:
        """Import the files of ``paths`` (one import at a time: a running one is cancelled)."""
        files = [Path(p) for p in paths]
        self._begin(
            Imported(len(files)),
            f"Reading {count(len(files), 'file')}…",
            lambda progress, should_stop: read_files(files, progress, should_stop),
        )

    def start_folder(self, folder: str | Path) -> None:
        """Import every puzzle file under ``folder``, subfolders too (one import at a time: a
        running one is cancelled); files that are no puzzle are skipped and counted."""
        where = Path(folder)
        self._begin(
            Imported(0, folder=where),
            f"Looking for puzzle files in {where.name or where}…",
            lambda progress, should_stop: read_folder(where, progress, should_stop),
        )

    def _begin(
        self,
        imported: Imported,
        message: str,
        read: Callable[[Progress, ShouldStop], Read],
    ) -> None:
        """Start an import that ``read`` reads the files of in the background (a running one is
        cancelled first); ``message`` is said meanwhile."""
        self.cancel()
        self._imported = imported
        self._read, self._next = [], 0
        self.progress.emit(0.0, message)
        self._worker = run_in_background(
            read,
            on_result=self._files_read,
            on_error=self._read_failed,
            on_progress=self._reading,
        )

    def cancel(self) -> None:
        """Stop now; what was added stays, and ``finished`` says so."""
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self._adder.stop()
        if self._imported is not None:
            self._imported.cancelled = True
            self._finish()

    def stop(self) -> None:
        """Stop now without a word (the window is closing); what was added stays."""
        self._imported = None
        self.cancel()

    def _current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _reading(self, fraction: float, message: str) -> None:
        if self._current():
            self.progress.emit(fraction / 2, message)  # reading is the first half of the bar

    def _read_failed(self, message: str) -> None:
        if not self._current() or self._imported is None:
            return
        self._worker = None
        self._imported.errors.append(f"The files could not be read: {message}")
        self._finish()

    def _files_read(self, read: Read) -> None:
        if not self._current():
            return
        self._worker = None
        self._read, self._next = read, 0
        if self._imported is not None:
            if self._imported.folder is not None:  # (the folder's files, now counted)
                self._imported.total = len({path for path, _ in read})
            self._imported.puzzles = _puzzles_in(read)
        self._adder.start()

    def _add_some(self) -> None:
        imported = self._imported
        if imported is None:
            return
        self._next = add_read(self.library, self._read, imported, self._next, SLICE_S)
        if self._next >= len(self._read):
            self._finish()
            return
        total = max(1, len(self._read))
        self.progress.emit(
            0.5 + self._next / total / 2,
            f"Adding to the library: {number(self._next)} of {number(len(self._read))} "
            + ("puzzles…" if _several_a_file(self._read) else "files…"),
        )
        self._adder.start()

    def _finish(self) -> None:
        imported, self._imported = self._imported, None
        self._read = []
        if imported is not None:
            self.finished.emit(imported)
