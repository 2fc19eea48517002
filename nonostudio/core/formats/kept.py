"""What a saved file does not keep of a puzzle: a puzzle string and a Tatham id hold the clues
alone, so a title, author, copyright, licence, notes and picture saved in one are not in the
file (the .non, webpbn XML and colour .g writers keep them all: tests read each back)."""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.puzzle import Puzzle

AnyPuzzle = Puzzle | ColourPuzzle

#: The writable formats whose text holds the clues alone.
CLUES_ONLY = frozenset({"string", "tatham"})
#: The text fields a puzzle may hold.
FIELDS = ("title", "author", "copyright", "licence", "notes")


def held(puzzle: AnyPuzzle) -> list[str]:
    """The words for what ``puzzle`` holds besides its clues: ``["title", "picture"]``."""
    out = [field for field in FIELDS if str(getattr(puzzle, field)).strip()]
    return out + (["picture"] if puzzle.goal is not None else [])


def not_kept(puzzle: AnyPuzzle, fmt: str | None) -> list[str]:
    """What of ``puzzle`` a file of the format ``fmt`` does not keep (:func:`held`, for a
    format of :data:`CLUES_ONLY`); [] when it keeps all of it."""
    return held(puzzle) if fmt in CLUES_ONLY else []


def lost_on_reading(puzzle: AnyPuzzle, again: AnyPuzzle) -> list[str]:
    """What ``puzzle`` holds that ``again``, it read back from a file, does not give back (the
    tests check :func:`not_kept` against it for every writable format)."""
    lost = [f for f in held(puzzle) if f != "picture" and getattr(again, f) != getattr(puzzle, f)]
    return lost + (["picture"] if puzzle.goal is not None and again.goal is None else [])


def not_kept_text(lost: Sequence[str], file_name: str) -> str:
    """The words a person is told after saving: ``Saved. duck.txt has no place for the title
    and author: they are not in the file ...``; "" when nothing is lost."""
    if not lost:
        return ""
    what = lost[0] if len(lost) == 1 else ", ".join(lost[:-1]) + " and " + lost[-1]
    they, them = ("it is", "it") if len(lost) == 1 else ("they are", "them")
    return (
        f"Saved. {file_name} has no place for the {what}: {they} not in the file (.non and "
        f"webpbn XML keep {them})."
    )
