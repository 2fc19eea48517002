"""Letters typed for the digit they look like (``1O`` for 10, ``l`` for 1), said in the error of
a clue holding one: by the typed-clue parser (:mod:`nonostudio.core.clue_text`) and the ``.non``
reader.  A module of its own so that the reader does not import the parser."""

from __future__ import annotations

LOOKALIKE = {"l": "1", "I": "1", "i": "1", "|": "1", "O": "0", "o": "0", "S": "5", "B": "8"}
