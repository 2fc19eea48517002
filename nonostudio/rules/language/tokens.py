"""Tokens of the rule language and its one error type, ``RuleSyntaxError``.

The tokenizer keeps each token's line and column (1-based) so that every parse error can say
where it is; plain ``#`` comments are dropped, ``#:`` metadata lines become ``meta`` tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(
    r"(?P<space>[ \t\r\f\v]+)|(?P<newline>\n)|(?P<meta>\#:[^\n]*)|(?P<comment>\#[^\n]*)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<int>[0-9]+)|(?P<op>>=|[-+=>(),:])"
)
_NOT_IN_LANGUAGE = {
    "<": "the language compares with =, >= and > only: swap the sides",
    "!": "the language compares with =, >= and > only",
    "≥": "write >=",
    "*": "the language has + and - only",
}


class RuleSyntaxError(ValueError):
    """A rule text that does not parse or refers to something it must not.

    ``source``, ``line`` and ``column`` (1-based) say where; ``expected`` what would have been
    valid there, ``found`` what was there.
    """

    def __init__(
        self,
        source: str,
        line: int,
        column: int,
        expected: str,
        found: str,
        detail: str | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
        where = f"{source}, line {line}, column {column}"
        if detail:
            said = detail if expected in detail else f"{detail}; expected {expected}"
            super().__init__(f"{where}: {said}")
        else:
            super().__init__(f"{where}: expected {expected}, found {found}")


@dataclass(frozen=True, slots=True)
class Token:
    """``kind`` is name, int, op, meta (text after ``#:``) or eof."""

    kind: str
    text: str
    line: int
    column: int

    def describe(self) -> str:
        if self.kind == "eof":
            return "the end of the text"
        if self.kind == "meta":
            return "a '#:' metadata line"
        return f"'{self.text}'"


def tokenize(text: str, source: str) -> list[Token]:
    """The tokens of ``text``, ending with an ``eof`` token; raises ``RuleSyntaxError``."""
    tokens: list[Token] = []
    line, line_start, pos = 1, 0, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        column = pos - line_start + 1
        if m is None:
            ch = text[pos]
            raise RuleSyntaxError(
                source,
                line,
                column,
                "a name, a number or one of + - = >= > ( ) , :",
                repr(ch),
                f"unexpected character {ch!r}"
                + (f" ({_NOT_IN_LANGUAGE[ch]})" if ch in _NOT_IN_LANGUAGE else ""),
            )
        kind = m.lastgroup or ""
        if kind == "newline":
            line, line_start = line + 1, m.end()
        elif kind == "meta" and not text[line_start:pos].strip():
            tokens.append(Token("meta", m.group()[2:], line, column + 2))
        elif kind in ("name", "int", "op"):
            tokens.append(Token(kind, m.group(), line, column))
        pos = m.end()
    if tokens:
        # The end is said just after the last token: the place a missing ')' or clause
        # belongs, not a blank line or a comment below it that a reader would search in vain.
        last = tokens[-1]
        end_column = last.column + len(last.text)
        tokens.append(Token("eof", "", last.line, end_column))
    else:
        tokens.append(Token("eof", "", line, len(text) - line_start + 1))
    return tokens
