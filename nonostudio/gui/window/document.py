"""Where the puzzle on screen came from (:class:`Document`): a file in a format it can be saved
in again, a library entry, or nowhere yet.  The window holds one value and replaces it whole
when the puzzle is opened, saved elsewhere or added to the library."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Document:
    """The open puzzle's origin.  ``file_format`` is None for a file that cannot be written
    back in its own format (Save then asks for a file), and for a file of several puzzles
    (``items`` of them, the first one open): writing the one puzzle back there would lose the
    others."""

    path: Path | None = None
    file_format: str | None = None
    library_id: int | None = None
    items: int = 1

    @classmethod
    def file(cls, path: Path, file_format: str | None, items: int = 1) -> Document:
        return cls(path, file_format if items == 1 else None, None, items)

    @classmethod
    def library_entry(cls, library_id: int) -> Document:
        return cls(None, None, library_id)

    def is_new(self) -> bool:
        """In no file and no library entry yet."""
        return self.path is None and self.library_id is None
