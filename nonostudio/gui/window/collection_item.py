"""One puzzle of a collection file named as ``FILE#ITEM`` (or ``FILE:ITEM``), as
``nonostudio-cli`` reads the argument: how the studio's command line and ``--screenshot`` split
it and show that puzzle."""

from __future__ import annotations

from pathlib import Path

from nonostudio.core.counts import number
from nonostudio.gui.window.document import Document
from nonostudio.gui.window.file_commands import FileCommands


def split_item(arg: str) -> tuple[str, str | None]:
    """The file and the item ``FILE#ITEM`` (or ``FILE:ITEM``) names, as the command line reads
    them: ``arg`` itself when it is there (a file may have ``#`` in its name), else what is
    before the last ``#`` (then ``:``) when that is there; ``(arg, None)`` otherwise.  The studio
    took ``taai2011.txt#3`` for a file of that name: "No such file or directory"."""

    from nonostudio.core.formats import names_a_file, split_file_item

    if names_a_file(arg):
        return arg, None
    return split_file_item(arg) or (arg, None)


def load_item(files: FileCommands, path: str, item: str) -> None:
    """Show item ``item`` of the file at ``path`` as saved, Save then writing it to a file of
    its own (as it does the first item of one opened whole); the status bar says which it is.
    Raises PuzzleError (no such item, a file that does not read)."""
    from nonostudio.core.formats import pick_entry, read_any_entries

    entries = read_any_entries(path)
    ident, puzzle = pick_entry(entries, item, Path(path).name or path)
    files.show_puzzle(puzzle, Document.file(Path(path), None, len(entries)))
    files.status.emit(item_notice(Path(path), ident, len(entries)), 0)


def item_notice(path: Path, ident: str, items: int) -> str:
    """What the status bar says of item ``ident`` opened from ``path``, a file of ``items``."""
    whole = f"{path.name} holds {number(items)} puzzles" if items > 1 else path.name
    return (
        f"{whole}: this is item {ident}. Save writes it to a file of its own (the file stays as "
        "it is)" + ("; Import Files adds them all to the library." if items > 1 else ".")
    )
