"""Letters typed for the digit they look like (``1O`` for 10, ``l`` for 1), said in the error of
a clue holding one: by the typed-clue parser (:mod:`nonostudio.core.clue_text`) and the ``.non``
reader.  A module of its own so that the reader does not import the parser."""

from __future__ import annotations

LOOKALIKE = {"l": "1", "I": "1", "i": "1", "|": "1", "O": "0", "o": "0", "S": "5", "B": "8"}


def typed_for_words(chars: list[str]) -> str:
    """What ``chars`` (look-alikes, in the order typed) were typed for, in words: ``the letter O
    typed for 0`` (``the mark |`` for the one that is no letter), or for several ``letters
    typed for digits: O for 0, l for 1``."""
    if len(chars) == 1:
        c = chars[0]
        return f"the {'letter' if c.isalpha() else 'mark'} {c} typed for {LOOKALIKE[c]}"
    return "letters typed for digits: " + ", ".join(f"{c} for {LOOKALIKE[c]}" for c in chars)
