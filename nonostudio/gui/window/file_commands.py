"""The main window's File commands (:class:`FileCommands`, a part of the window): new, open (a
file or a library puzzle), save, save as, paste a puzzle string, import an image and export a
picture, and asking what to do with unsaved changes.  It holds the
:class:`~nonostudio.gui.window.document.Document` (where the puzzle on screen came from) and
reports through signals; every failure is a message that names the file."""

from __future__ import annotations

import stat
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from nonostudio.core.colour.model import BLACK, WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.errors import PuzzleError
from nonostudio.core.file_kind import file_kind, special_file_mode
from nonostudio.core.formats import count_puzzles_in_text
from nonostudio.core.formats.kept import not_kept, not_kept_text
from nonostudio.core.library import ColourHandProgress, HandProgress, Library, LibraryError
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.file_filters import COLOUR_WRITABLE, puzzle_filters
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.solve.hand_timer import clock_text
from nonostudio.gui.window.document import Document
from nonostudio.gui.window.open_typo import offer_fix

if TYPE_CHECKING:
    from nonostudio.gui.dialogs.paste import PasteDialog

PICTURE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"
NOT_VALID_YET = "The clues are not valid yet; correct them first."
#: The palette of File > New Colour Puzzle.
NEW_PALETTE = Palette((WHITE, BLACK, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
#: A puzzle of either kind, as the editors hold them.
AnyPuzzle = Puzzle | ColourPuzzle
#: A file of this many bytes or more, chosen in File > Open, is read in a worker process: a
#: random 1000x1000 puzzle's 1 MB took 0.4 s to read (parsing and checking its clues), with the
#: window frozen; handing the puzzle back takes 0.01 s.
READ_AHEAD_BYTES = 200_000


def read_puzzle_text(text: str) -> AnyPuzzle:
    """A typed or pasted puzzle string or file text, a colour one read as a ColourPuzzle (white
    space around it ignored); raises PuzzleError."""
    from nonostudio.core.formats import read_any_text

    return read_any_text(text.strip(), source="pasted text")


def dropped_on_reading(puzzle: ColourPuzzle, path: Path, fmt: str | None) -> list[str]:
    """The names of ``puzzle``'s colours that no clue uses and that reading ``path``, just
    written with it, does not give back: every colour writer (.xml, .non, .g) lists them, and
    the readers drop them.  Read back rather than assumed, so that the
    note saying so is true of the format; [] when the file does not read back as one puzzle."""
    from nonostudio.core.formats import read_any

    used = puzzle.used_mask
    unused = [c.name for i, c in enumerate(puzzle.palette.colours) if i and not used >> i & 1]
    if not unused:
        return []  # every colour in a clue: nothing dropped (and nothing read)
    try:
        entries = read_any(path, fmt)
    except (PuzzleError, OSError):
        return []
    if len(entries) != 1:
        return []
    back = entries[0][1]
    again = back if isinstance(back, ColourPuzzle) else ColourPuzzle.from_bw(back)
    kept = {colour.name for colour in again.palette.colours}
    return [name for name in unused if name not in kept]


def read_document(path: Path) -> tuple[AnyPuzzle, Document]:
    """The puzzle in ``path`` (a file's first puzzle; a colour one as a ColourPuzzle) and its
    document: Save writes it back in its format when that format can be written (for colour:
    with colour syntax) and the file holds no other puzzle, else asks for a file.  Raises
    PuzzleError."""
    from nonostudio.core.formats import FORMATS, read_any_first_and_count

    # read once (a FIFO can be read only once), the puzzles counted in the same bytes
    puzzle, fmt, items = read_any_first_and_count(path)
    if isinstance(puzzle, ColourPuzzle):  # a colour file, or one colour other than black
        writable = fmt if fmt in COLOUR_WRITABLE else None
        return puzzle, Document.file(path, writable, items)
    writable_formats = {f.name for f in FORMATS if f.can_write and f.extensions}
    writable = fmt if fmt in writable_formats else None
    return puzzle, Document.file(path, writable, items)


def collection_notice(document: Document) -> str:
    """What the status bar says of a puzzle opened from a file of several ("" for one)."""
    if document.path is None or document.items <= 1:
        return ""
    return (
        f"{document.path.name} holds {document.items:,} puzzles: this is the first. Save "
        "writes it to a file of its own (the others stay as they are); Import Files adds them "
        "all to the library."
    )


def puzzles_on_disk(path: Path) -> int:
    """How many puzzles the file at ``path`` holds now, in any format it reads as (colour ones
    too); 1 for a file that is not there or does not read.  What Save looks at before writing
    over a file: a document restored after a crash, or a file another program added puzzles
    to, may not know that the file is a collection (0.01 s for a 4,188-puzzle file)."""
    from nonostudio.core.formats import read_any_entries

    try:
        if not path.is_file():
            return 1
        return max(1, len(read_any_entries(path)))
    except (PuzzleError, OSError):
        return 1


def read_document_job(
    path: str, progress: ProgressCallback, should_stop: StopCallback
) -> tuple[AnyPuzzle, Document, tuple[int, int] | None]:
    """:func:`read_document` of ``path`` and its disk stamp taken before reading, in a worker
    process (File > Open of a big file)."""
    stamp = disk_stamp(Path(path))  # (before reading: a change while it is read shows)
    puzzle, document = read_document(Path(path))
    return puzzle, document, stamp


def save_target(path: Path, fmt: str | None, *, colour: bool = False) -> tuple[Path, str | None]:
    """Where Save As writes and in which format, so that the file always reopens as the same
    puzzle (files are read by their extension): an extension naming a format the puzzle can be
    written in (with colours for a ``colour`` puzzle) decides the format, whatever ``fmt`` (the
    dialog's file type) says; any other name gets ``fmt``'s extension added (``mine`` ->
    ``mine.non``, ``mine.mk`` -> ``mine.mk.g``: .mk is read as Olšák .mk). With no ``fmt`` and
    no such extension the format is None (the writer then refuses, naming the extension)."""
    from nonostudio.core.formats import FORMATS

    writable = COLOUR_WRITABLE if colour else [f.name for f in FORMATS if f.can_write]
    by_extension = {ext: f.name for f in FORMATS if f.name in writable for ext in f.extensions}
    named = by_extension.get(path.suffix.lower())
    if named is not None:
        return path, named
    if fmt is None:
        return path, None
    info = next(f for f in FORMATS if f.name == fmt)
    if info.extensions:
        path = path.with_name(path.name + info.extensions[0])
    return path, fmt


def disk_stamp(path: Path) -> tuple[int, int] | None:
    """``path``'s modification time (ns) and size, None when it cannot be looked at: what tells
    a file changed by another program or studio window since it was read or written here."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def not_a_file_text(path: Path, mode: int) -> str:
    """What File > Open says of a path that holds no regular file (``mode``: its ``st_mode``),
    at once and without opening it: a FIFO no program writes to held the window 3 s before
    "sent nothing for 3 s", and a device may never end."""
    return (
        f"{path.name}: is {file_kind(mode)}, not a puzzle file. File > Open reads files kept "
        "on disk; nothing was read from it."
    )


def not_writable_kind_text(path: str | Path, mode: int) -> str:
    """What Save and Export say of a target that is no regular file (``mode``: its
    ``st_mode``), refused without opening it."""
    return (
        f"{path}: is {file_kind(mode)}, not a file to write in. Nothing was written: choose "
        "another place to write it."
    )


def not_written_text(path: str | Path, exc: OSError, known: Collection[Path] = ()) -> str:
    """Why ``path`` was not written, and that nothing was: Save on a file whose folder was
    removed since it was opened said only '…/soup.non: No such file or directory'.  A folder
    missing is said to be gone only when it is one of the ``known`` folders (the puzzle's own,
    the last one used); one typed in the dialog that was never there "does not exist" (it was
    "no longer exists")."""
    folder = Path(path).parent
    if not folder.is_dir():
        why = f"its folder {folder} {'no longer exists' if folder in known else 'does not exist'}"
    else:
        why = exc.strerror or str(exc)
    return f"{path}: {why}. Nothing was written: choose another place to write it."


class FileCommands(QObject):
    """The File menu's commands on the puzzle in ``editor``, with dialogs over ``parent``."""

    shown = Signal(object)  # Document: a puzzle was opened from there (or made anew)
    kindChanged = Signal(bool)  # True: the colour editor now holds the puzzle; False: the b&w one
    documentChanged = Signal(object)  # Document: the puzzle on screen has a new origin
    newPuzzleShown = Signal()  # an unsaved new puzzle (pasted, imported) is in the editor
    failed = Signal(str, str)  # title, message: for the window's error box
    libraryWriteFailed = Signal(str, object)  # title, LibraryError: Save to the library failed
    libraryWritten = Signal()  # Save wrote the puzzle to the library
    status = Signal(str, int)  # words for the status bar, for so many ms (0: until replaced)
    gameDropped = Signal(str)  # Save gave the library puzzle other clues: its kept game went

    def __init__(
        self,
        parent: QWidget,
        editor: EditorView,
        library: Library,
        library_view: LibraryView,
        colour_editor: ColourEditorView | None = None,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.editor = editor
        self.colour_editor = colour_editor if colour_editor is not None else ColourEditorView()
        self._library = library
        self._view = library_view  # (it keeps the folder of the last file opened or saved)
        self.document = Document()
        self._colour = False
        # the file as this window last read or wrote it: (path, (mtime_ns, size))
        self._disk: tuple[Path, tuple[int, int]] | None = None
        # a big file being read in a worker process (File > Open): its path, and the count of
        # puzzles shown when its reading started (one shown since supersedes it)
        self._reading = CurrentWorker(self, on_result=self._read, on_error=self._not_read)
        self._read_path: Path | None = None
        self._read_modified = False
        self._read_shown = 0
        self._shown_count = 0

    def is_colour(self) -> bool:
        """True while the colour editor holds the open puzzle."""
        return self._colour

    def _set_colour(self, colour: bool) -> None:
        if colour != self._colour:
            self._colour = colour
            self.kindChanged.emit(colour)

    def restore_colour(self, snapshot: dict[str, object]) -> None:
        """Put autosaved colour work in the colour editor, as unsaved work; raises ValueError
        when ``snapshot`` is damaged (nothing changes then)."""
        self.colour_editor.restore_snapshot(snapshot)
        self._set_colour(True)

    def _holder(self) -> EditorView | ColourEditorView:
        """The editor that holds the open puzzle."""
        return self.colour_editor if self._colour else self.editor

    def current_puzzle(self) -> AnyPuzzle | None:
        """The open puzzle from the editor that holds it (None while its clues are invalid)."""
        return self._holder().puzzle()

    def current_title(self) -> str:
        """The title typed for the open puzzle (also while its clues are invalid)."""
        return self._holder().title()

    def set_title(self, title: str) -> None:
        """Give the open puzzle this title, as if typed in its editor's Title box."""
        self._holder().set_title(title)

    def is_modified(self) -> bool:
        return self._holder().is_modified()

    def set_modified(self, modified: bool) -> None:
        """Mark the open puzzle (in the editor that holds it) as changed or saved."""
        self._holder().set_modified(modified)

    def set_document(self, document: Document) -> None:
        """The puzzle on screen came from ``document`` (saved elsewhere, added to the library,
        restored)."""
        self._shown_count += 1
        self.document = document
        self.documentChanged.emit(document)

    def show_puzzle(self, puzzle: AnyPuzzle, document: Document) -> None:
        """Show ``puzzle`` as saved, from where ``document`` says (a colour puzzle in the colour
        editor).  What the status bar said of the puzzle shown before goes (a "Saved. x.txt
        has no place for the title" stayed under the next file opened)."""
        self._shown_count += 1
        self.status.emit("", 0)
        if isinstance(puzzle, ColourPuzzle):
            self.colour_editor.set_puzzle(puzzle)
            self.colour_editor.set_modified(False)
        else:
            self.editor.set_puzzle(puzzle)
            self.editor.set_modified(False)
            if document.library_id is not None:  # a puzzle to solve: its picture is a spoiler
                self.editor.hide_solution()
        self.document = document
        self._set_colour(isinstance(puzzle, ColourPuzzle))
        self.shown.emit(document)

    def _nothing_made_yet(self) -> bool:
        """A new puzzle that is still blank (only resized, no cell, clue or text): nothing to
        lose."""
        if not self.document.is_new() or self._colour:
            return False
        puzzle = self.editor.puzzle()
        return (
            puzzle is not None
            and not any(puzzle.rows)
            and not any(puzzle.cols)
            and not any((puzzle.title, puzzle.author, puzzle.copyright, puzzle.licence))
        )

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        if not self.is_modified() or self._nothing_made_yet():
            return True
        answer = QMessageBox.question(
            self._parent,
            "Unsaved Changes",
            "The puzzle has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_puzzle(self, width: int | None = None, height: int | None = None) -> None:
        """A blank black-and-white picture, ``width`` x ``height`` (default: the size of the
        puzzle on screen), in no file and no library entry, once the work is saved or given up
        (File > New, and the editor's New puzzle button: that one kept the file, and Save
        wrote the new picture over it without a question)."""
        if not self.maybe_save():
            return
        if width is None or height is None:
            current = self.editor.puzzle()
            width, height = (current.width, current.height) if current is not None else (10, 10)
        self.editor.new_puzzle(width, height)
        self.editor.set_modified(False)
        self._set_colour(False)
        self.set_document(Document())
        self.status.emit("", 0)  # (the words about the puzzle shown before go)

    def new_colour_puzzle(
        self, width: int | None = None, height: int | None = None, palette: Palette | None = None
    ) -> None:
        """A blank colour picture in the colour editor: the size of the open puzzle unless
        given, in ``palette`` (default: white, black, red and blue)."""
        if not self.maybe_save():
            return
        if width is None or height is None:
            width, height = self._holder().picture_size()
        self.colour_editor.new_puzzle(width, height, palette or NEW_PALETTE)
        self._set_colour(True)
        self.set_document(Document())
        self.status.emit("", 0)
        self.shown.emit(self.document)

    def choose_and_open(self) -> None:
        if not self.maybe_save():
            return
        filters, _ = puzzle_filters(writing=False)
        path, _ = QFileDialog.getOpenFileName(
            self._parent, "Open Puzzle", self._view.last_folder, ";;".join(filters)
        )
        if path:
            self.open_chosen(path)

    def open_chosen(self, path: str | Path) -> None:
        """Open the file chosen in File > Open (unsaved changes already asked about): a big
        one (``READ_AHEAD_BYTES``) is read in a worker process and shown when read, the window
        free meanwhile; unless something else is shown first, which supersedes it."""
        path = Path(path)
        try:
            info = path.stat()
        except OSError:
            info = None  # (missing or unreadable: opening says why)
        if info is not None and not stat.S_ISREG(info.st_mode):
            self.failed.emit("Cannot Open Puzzle", not_a_file_text(path, info.st_mode))
            return
        size = -1 if info is None else info.st_size
        if size < READ_AHEAD_BYTES:
            self.open_file(path, ask=False)
            return
        self._read_path = path
        self._read_modified = self.is_modified()
        self._read_shown = self._shown_count
        self.status.emit(f"Opening {path.name} ({size / 1e6:.1f} MB)…", 0)
        self._reading.start(ProcessJob(read_document_job, (str(path),)))

    def is_reading(self) -> bool:
        """Whether a file chosen in File > Open is being read in the background."""
        return self._reading.is_running()

    def _read(self, value: tuple[AnyPuzzle, Document, tuple[int, int] | None]) -> None:
        path, self._read_path = self._read_path, None
        self.status.emit("", 0)  # (the "Opening …" words go)
        if path is None or self._shown_count != self._read_shown:
            return  # superseded: another puzzle was shown meanwhile
        if self.is_modified() and not self._read_modified and not self.maybe_save():
            return  # changed while it was read, and the change is kept
        puzzle, document, stamp = value
        self._show_file(path, stamp, puzzle, document)

    def _not_read(self, _message: str) -> None:
        """The file does not read: opened here, where its error is shown, or the typos of
        clues that make no picture offered (they need the error itself)."""
        path, self._read_path = self._read_path, None
        self.status.emit("", 0)
        if path is not None and self._shown_count == self._read_shown:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, *, ask: bool = True) -> bool:
        """Open a puzzle file; errors are shown to the user. Returns True when it was opened."""
        if ask and not self.maybe_save():
            return False
        try:
            self.load_file(path)
        except PuzzleError as exc:
            # clues with a typo: fixes offered; a syntax error: the text to mend
            fixed = offer_fix(self._parent, Path(path), exc)
            if isinstance(fixed, tuple):
                self._show_fixed(Path(path), *fixed)
                return True
            if fixed is True:  # the mended text was saved over the file: open it as it is now
                return self._open_saved(Path(path))
            if fixed is None:
                self.failed.emit("Cannot Open Puzzle", str(exc))
            return False
        return True

    def _open_saved(self, path: Path) -> bool:
        """Open ``path`` just written with the text mended in the open dialog (it read there);
        the status bar says it was saved."""
        try:
            self.load_file(path)
        except PuzzleError as exc:  # (changed again on disk meanwhile)
            self.failed.emit("Cannot Open Puzzle", str(exc))
            return False
        self.status.emit(f"Saved the corrected text to {path.name}.", 5000)
        return True

    def _show_fixed(self, path: Path, puzzle: AnyPuzzle, document: Document) -> None:
        """Show the puzzle of ``path`` mended in the typo dialog, modified until saved."""
        self._show_file(path, disk_stamp(path), puzzle, document)
        self.set_modified(True)

    def load_file(self, path: str | Path) -> None:
        """Show the puzzle in ``path`` without asking anything; raises PuzzleError."""
        stamp = disk_stamp(Path(path))  # (before reading: a change while it is read shows)
        puzzle, document = read_document(Path(path))
        self._show_file(Path(path), stamp, puzzle, document)

    def _show_file(
        self, path: Path, stamp: tuple[int, int] | None, puzzle: AnyPuzzle, document: Document
    ) -> None:
        """Show ``puzzle`` read from ``path``, whose disk ``stamp`` was taken before reading."""
        self._view.last_folder = str(path.parent)
        self.show_puzzle(puzzle, document)
        self._remember_disk(path, stamp)
        if notice := collection_notice(document):
            self.status.emit(notice, 0)

    def _remember_disk(self, path: Path, stamp: tuple[int, int] | None) -> None:
        """``path`` as this window read or wrote it (see :meth:`_changed_on_disk`)."""
        self._disk = None if stamp is None else (path, stamp)

    def disk_stamp_read(self) -> tuple[int, int] | None:
        """The disk stamp of the document's file as this window last read or wrote it (None:
        unknown): what an autosave keeps so that Save after a crash still sees a change."""
        if self._disk is None or self._disk[0] != self.document.path:
            return None
        return self._disk[1]

    def adopt_restored(self, document: Document, stamp: tuple[int, int] | None) -> None:
        """The work restored after a crash came from ``document``, whose file was ``stamp``
        when the crashed session last read or wrote it; the status bar says so of a
        collection, as when it was opened."""
        self.set_document(document)
        self._disk = None if document.path is None or stamp is None else (document.path, stamp)
        if notice := collection_notice(document):
            self.status.emit(notice, 0)

    def open_library_puzzle(self, id: int) -> bool:
        if not self.maybe_save():
            return False
        try:
            puzzle = self._library.get_for_editing(id)  # colour opens in the colour editor
        except (PuzzleError, LibraryError) as exc:
            self.failed.emit("Cannot Open Puzzle", str(exc))
            return False
        self.show_puzzle(puzzle, Document.library_entry(id))
        return True

    def save(self) -> bool:
        puzzle = self.current_puzzle()
        if puzzle is None:
            self.failed.emit("Cannot Save", NOT_VALID_YET)
            return False
        document = self.document
        if document.path is None and document.library_id is not None:
            id = document.library_id
            stale = self._stale_game(id, puzzle)
            try:
                self._library.update(id, puzzle)
            except LibraryError as exc:
                self.libraryWriteFailed.emit("Cannot Save", exc)
                return False
            self._view.show_stored(id)  # its row alone
            self.set_modified(False)
            if stale:
                self.gameDropped.emit(self._drop_game(id, stale))
            self.libraryWritten.emit()
            return True
        if document.path is None or document.file_format is None:
            return self.save_as()
        if (items := puzzles_on_disk(document.path)) > 1:  # the file is a collection now
            self.set_document(Document.file(document.path, None, items))
            self.status.emit(collection_notice(self.document), 0)
            return self.save_as()
        if self._changed_on_disk(document.path) and not self._save_or_cancel(
            "File Changed on Disk",
            f"{document.path.name} was changed on disk since it was opened or saved here (by "
            "another program or another studio window). Saving replaces that version with "
            "this one.",
        ):
            return False
        return self._write(puzzle, document.path, document.file_format)

    def _changed_on_disk(self, path: Path) -> bool:
        """Whether ``path`` is not as this window last read or wrote it (False when unknown or
        gone: nothing there to lose)."""
        if self._disk is None or self._disk[0] != path:
            return False
        now = disk_stamp(path)
        return now is not None and now != self._disk[1]

    def _stale_game(self, id: int, puzzle: AnyPuzzle) -> str:
        """The player's game the library keeps for puzzle ``id`` when ``puzzle`` (about to be
        saved over it) has other clues or palette: the game was played on the clues stored, and
        the library, which matches a game by the grid's size and number of colours only, would
        give it to the new ones.  Its state and time in words; "" when there is none or the
        clues are the same."""
        library = self._library
        try:
            stored = library.get_any(id)
            game: HandProgress | ColourHandProgress | None
            if isinstance(stored, ColourPuzzle):
                same = isinstance(puzzle, ColourPuzzle) and (
                    (stored.palette, stored.rows, stored.cols)
                    == (puzzle.palette, puzzle.rows, puzzle.cols)
                )
                game = None if same else library.colour_progress(id)
            else:
                same = isinstance(puzzle, Puzzle) and (stored.rows, stored.cols) == (
                    puzzle.rows,
                    puzzle.cols,
                )
                game = None if same else library.hand_progress(id)
        except (LibraryError, PuzzleError):
            return ""  # (a game that cannot be read is named when the puzzle is opened)
        if game is None:
            return ""
        return f"{'solved' if game.solved else 'in progress'}, {clock_text(game.seconds)}"

    def _drop_game(self, id: int, stale: str) -> str:
        """Forget the game kept for ``id``'s clues before Save replaced them (``stale`` says
        which); what the status line says of it."""
        try:
            self._library.clear_hand_progress(id)
            self._library.clear_colour_progress(id)
        except LibraryError as exc:
            return f"Saved. Your game of this puzzle's old clues ({stale}) is still kept: {exc}"
        return (
            f"Saved. Your game of this puzzle ({stale}) was played on its clues before your "
            "changes, and no longer fits them: it is not kept, and the puzzle starts afresh."
        )

    def save_as(self) -> bool:
        puzzle = self.current_puzzle()
        if puzzle is None:
            self.failed.emit("Cannot Save", NOT_VALID_YET)
            return False
        filters, by_filter = puzzle_filters(writing=True, colour=self._colour)
        start = self._save_as_start(puzzle)
        selected = filters[0]
        if self._colour:  # the file's own format first, else webpbn XML (e.g. for TOML)
            fmt = self.document.file_format or "xml"
            selected = next(f for f, name in by_filter.items() if name == fmt)
        path, chosen = QFileDialog.getSaveFileName(
            self._parent, "Save Puzzle As", str(start), ";;".join(filters), selected
        )
        if not path:
            return False
        return self.save_to(path, by_filter.get(chosen))

    def _save_as_start(self, puzzle: AnyPuzzle) -> Path:
        """The file Save As's dialog starts at: the puzzle's own file, else one named after
        its title in the folder of the last file opened, saved or imported (Export Picture
        starts in the same folder)."""
        folder = self._view.last_folder
        start = self.document.path or Path(folder, (puzzle.title or "puzzle") + ".non")
        if self.document.items > 1:  # not the collection's own name: the others would go
            start = Path(folder, (puzzle.title or f"{start.stem}-1") + ".non")
        if self._colour and self.document.file_format is None:  # (saved as webpbn XML)
            start = Path(folder, (puzzle.title or start.stem or "puzzle") + ".xml")
        return start

    def save_to(self, path: str | Path, fmt: str | None = None) -> bool:
        """Write the puzzle to ``path`` (format from ``fmt`` or the extension) and adopt it.  A
        colour puzzle is refused, with a message, by a format that has no colours."""
        puzzle = self.current_puzzle()
        if puzzle is None:
            return False
        typed = Path(path)
        path, fmt = save_target(typed, fmt, colour=isinstance(puzzle, ColourPuzzle))
        if path != typed and path.exists() and not self._may_replace(path):
            return False  # the dialog asked about the name typed, not this one
        if not self._write(puzzle, path, fmt):
            return False
        self._view.last_folder = str(path.parent)
        self.set_document(Document.file(path, fmt))
        return True

    def _may_replace(self, path: Path) -> bool:
        """Ask before replacing ``path``, a name Save As made by adding an extension."""
        return self._save_or_cancel(
            "Save Puzzle As",
            f"{path.name} already exists (the extension of the chosen file type was added to "
            f"the name typed). Replace it?",
        )

    def _save_or_cancel(self, title: str, question: str) -> bool:
        """Ask ``question`` with Save and Cancel (Cancel the default).  True: Save."""
        answer = QMessageBox.question(
            self._parent,
            title,
            question,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Save

    def _written(self, title: str, path: str | Path, write: Callable[[], object]) -> bool:
        """Run ``write``; a puzzle or file-system error is shown under ``title``, naming
        ``path``.  True when it wrote.  A path that holds no regular file is refused before
        anything is opened: a FIFO chosen in Save As or Export Picture (or a puzzle opened from
        one on the command line, then saved) waited for good for a program to read it, the
        window frozen."""
        if (special := special_file_mode(Path(path))) is not None:
            self.failed.emit(title, not_writable_kind_text(path, special))
            return False
        try:
            write()
        except PuzzleError as exc:
            self.failed.emit(title, str(exc))
            return False
        except OSError as exc:
            self.failed.emit(title, not_written_text(path, exc, self._known_folders()))
            return False
        return True

    def _known_folders(self) -> set[Path]:
        """The folders known to have been there: the puzzle's file's, and the last one a file
        was opened from, saved to or imported from."""
        known = {Path(self._view.last_folder)} if self._view.last_folder else set()
        if self.document.path is not None:
            known.add(self.document.path.parent)
        return known

    def _write(self, puzzle: AnyPuzzle, path: Path, fmt: str | None) -> bool:
        from nonostudio.core.formats import write_file

        if not self._written("Cannot Save", path, lambda: write_file(puzzle, path, fmt)):
            return False
        self._remember_disk(path, disk_stamp(path))
        self.set_modified(False)
        if lost := not_kept(puzzle, fmt):  # (a puzzle string holds the clues alone)
            self.status.emit(not_kept_text(lost, path.name), 0)
        if isinstance(puzzle, ColourPuzzle) and (dropped := dropped_on_reading(puzzle, path, fmt)):
            it, uses = ("it", "uses it") if len(dropped) == 1 else ("them", "uses them")
            self.colour_editor.palette_panel.show_message(
                f"Saved. {', '.join(dropped)}: the file lists {it}, but no clue {uses}, so "
                f"{'it is' if len(dropped) == 1 else 'they are'} dropped when the file is read "
                "again (the readers keep the colours the clues use)."
            )
        return True

    def paste_dialog(self) -> PasteDialog:
        """The Paste Puzzle String dialog, filled from the clipboard (not yet shown)."""
        from nonostudio.gui.dialogs.paste import PasteDialog

        clipboard = QApplication.clipboard().text().strip()
        text = clipboard if len(clipboard) < 10000 else ""
        return PasteDialog(read_puzzle_text, text, self._parent)

    def paste_puzzle_string(self) -> None:
        """Ask for a puzzle string; a mistake keeps the dialog open with the text and the place
        of the mistake selected."""
        if not self.maybe_save():
            return
        dialog = self.paste_dialog()
        try:
            if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
                self._show_new(puzzle)
                if (count := count_puzzles_in_text(dialog.edit.toPlainText())) > 1:
                    self.status.emit(
                        f"The pasted text holds {count:,} puzzles: this is the first (save "
                        "the text as a file and Import Files adds them all to the library).",
                        0,
                    )
        finally:
            dialog.deleteLater()

    def load_text(self, text: str) -> bool:
        try:
            puzzle = read_puzzle_text(text)
        except PuzzleError as exc:
            self.failed.emit("Cannot Read Puzzle", str(exc))
            return False
        self._show_new(puzzle)
        return True

    def _show_new(self, puzzle: AnyPuzzle) -> None:
        """Show a puzzle that is in no file or library yet, in the Editor (a colour puzzle in
        the colour editor), as unsaved work."""
        self.show_puzzle(puzzle, Document())
        self.set_modified(True)
        self.newPuzzleShown.emit()

    def import_image(self) -> None:
        if not self.maybe_save():
            return
        from nonostudio.gui.dialogs.image_import import ImageImportDialog

        dialog = ImageImportDialog(self._parent)
        if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
            self._show_new(puzzle)

    def export_picture(self) -> None:
        puzzle = self.current_puzzle()  # a colour puzzle is drawn in its colours
        if puzzle is None:
            self.failed.emit("Cannot Export", NOT_VALID_YET)
            return
        # where Save As opens (the puzzle's folder), not the last folder used: after Import
        # Files from elsewhere, or a puzzle taken back after a crash, that was another folder
        # (the home folder at first) while Save As opened in the puzzle's own
        beside = self._save_as_start(puzzle)
        start = beside.with_name((puzzle.title or beside.stem or "puzzle") + ".png")
        path, _ = QFileDialog.getSaveFileName(
            self._parent, "Export Picture", str(start), PICTURE_FILTERS
        )
        if not path:
            return
        with_solution = (
            puzzle.goal is not None
            and QMessageBox.question(
                self._parent,
                "Export Picture",
                "Include the solution in the picture?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            == QMessageBox.StandardButton.Yes
        )
        self.export_to(path, with_solution=with_solution)

    def export_to(self, path: str | Path, *, with_solution: bool) -> bool:
        from nonostudio.gui.common.export import export_picture

        puzzle = self.current_puzzle()
        if puzzle is None:
            return False
        if not self._written(
            "Cannot Export", path, lambda: export_picture(puzzle, path, with_solution=with_solution)
        ):
            return False
        self._view.last_folder = str(Path(path).parent)
        return True
