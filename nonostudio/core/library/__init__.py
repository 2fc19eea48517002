"""The puzzle library: a SQLite store of the user's puzzles with cached listing columns and
verdicts.

Import from here: :class:`Library` (:mod:`.store`), its records (:mod:`.records`), its errors and
fault kinds (:mod:`.faults`) and its schema (:mod:`.schema`).  Opening never loses the user's
data: a damaged file is kept aside and what can be read of it recovered into a new library
(:mod:`.salvage`), a locked, read-only or foreign one is left unchanged, and a damaged record is
left out of the listing and named.  See docs/design/core.md.
"""

from __future__ import annotations

from nonostudio.core.library.colour_progress import ColourHandProgress
from nonostudio.core.library.faults import (
    BUSY,
    CONFLICT,
    CORRUPT,
    DAMAGED_RECORD,
    FULL,
    IO,
    MISSING,
    OTHER,
    READ_ONLY,
    REFUSED,
    DamagedRecordError,
    FaultKind,
    LibraryError,
    fault_kind,
)
from nonostudio.core.library.records import (
    DOCUMENT_VERSION,
    HandProgress,
    LibraryEntry,
    puzzle_from_json,
    puzzle_to_json,
)
from nonostudio.core.library.schema import MIGRATIONS, READABLE_FROM, SCHEMA_VERSION
from nonostudio.core.library.store import BUSY_TIMEOUT, SAMPLE_EXTENSIONS, Library

__all__ = [
    "BUSY",
    "BUSY_TIMEOUT",
    "CONFLICT",
    "ColourHandProgress",
    "CORRUPT",
    "DAMAGED_RECORD",
    "DOCUMENT_VERSION",
    "FULL",
    "IO",
    "MIGRATIONS",
    "MISSING",
    "OTHER",
    "READABLE_FROM",
    "READ_ONLY",
    "REFUSED",
    "SAMPLE_EXTENSIONS",
    "SCHEMA_VERSION",
    "DamagedRecordError",
    "FaultKind",
    "HandProgress",
    "Library",
    "LibraryEntry",
    "LibraryError",
    "fault_kind",
    "puzzle_from_json",
    "puzzle_to_json",
]
