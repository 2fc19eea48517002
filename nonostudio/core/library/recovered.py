"""What a library says of its own past recoveries: the damaged copies kept beside its file
(``<name>.unusable-<time>``) and, for each, what its recovery recorded in the library's settings
(how many puzzles came back, how many could not be read).  A studio that opens a library another
one recovered tells its user from these (see docs/design/core.md)."""

from __future__ import annotations

import glob
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol

from nonostudio.core.counts import count, number
from nonostudio.core.library.faults import JOURNALS, LibraryError


class _Notes(Protocol):
    """What :func:`recoveries` reads of a library (a ``store.Library``; named by what it needs
    so that ``opening``, which ``store`` imports, can import this module without a circle)."""

    path: Path

    @property
    def in_memory(self) -> bool: ...

    def meta(self, key: str) -> str | None: ...


NOTE_PREFIX = "recovered:"  # + the damaged copy's file name: the settings key of its note
_STAMP = "%Y%m%d-%H%M%S"  # the time in a kept copy's name (faults.aside_name)


@dataclass(frozen=True)
class Recovery:
    """A damaged copy of the library kept beside it, and what its recovery recorded: ``puzzles``
    recovered, ``unreadable`` records, whether part of the file could not be searched
    (``incomplete``); all None when nothing was recorded (the file was moved aside whole, or
    recovered by an older nonostudio)."""

    kept_as: Path
    at: datetime | None = None
    puzzles: int | None = None
    unreadable: int | None = None
    incomplete: bool | None = None

    def sentence(self, library: Path) -> str:
        """What happened, in words for the studio's user."""
        when = f" on {self.at:%d %b %Y at %H:%M}" if self.at is not None else ""
        kept = f"The damaged file is kept unchanged as {self.kept_as}."
        if self.puzzles is None:
            return (
                f"The puzzle library {library} was found damaged{when} and set aside; the library "
                "there now is the one made in its place then (how many of its puzzles could be "
                f"recovered was not recorded). {kept}"
            )
        if self.puzzles:
            told = (
                f"{count(self.puzzles, 'puzzle')} could still be read and "
                f"{'was' if self.puzzles == 1 else 'were'} recovered into a new library in its "
                "place"
            )
        else:
            told = "none of its puzzles could still be read; a new library was started in its place"
        lost = []
        if self.unreadable:
            lost.append(f"{number(self.unreadable)} could not be read")
        if self.incomplete:
            lost.append("part of the file could not be searched, so others may be missing")
        if lost:
            told += f" ({'; '.join(lost)}: they are still in the damaged copy)"
        return f"The puzzle library {library} was found damaged{when}: {told}. {kept}"


def note(puzzles: int, unreadable: int, incomplete: bool) -> str:
    """The settings value a recovery leaves in the library it made (see :func:`recoveries`)."""
    return json.dumps({"puzzles": puzzles, "unreadable": unreadable, "incomplete": incomplete})


def recoveries(library: _Notes) -> list[Recovery]:
    """The damaged copies kept beside ``library``'s file (where its file is, when the path is a
    link), oldest first, each with what its recovery recorded in the library."""
    if library.in_memory:
        return []
    try:
        place = library.path.resolve()
        copies = sorted(place.parent.glob(glob.escape(place.name) + ".unusable-*"))
    except OSError:  # a folder that cannot be read: nothing to tell
        return []
    found = []
    for kept in copies:
        if kept.name.endswith(JOURNALS) or not kept.is_file():
            continue
        try:
            recorded = library.meta(NOTE_PREFIX + kept.name)
        except LibraryError:
            recorded = None
        found.append(_recovery(kept, place.name, recorded))
    return found


def _recovery(kept: Path, name: str, recorded: str | None) -> Recovery:
    stamp = kept.name[len(name) + len(".unusable-") :][: len("20260101-120000")]
    try:
        at: datetime | None = datetime.strptime(stamp, _STAMP)
    except ValueError:
        at = None
    if not recorded:
        return Recovery(kept, at)
    try:
        values = json.loads(recorded)
        puzzles, unreadable = int(values["puzzles"]), int(values["unreadable"])
        incomplete = bool(values["incomplete"])
    except (ValueError, TypeError, KeyError):
        return Recovery(kept, at)
    return Recovery(kept, at, puzzles, unreadable, incomplete)
