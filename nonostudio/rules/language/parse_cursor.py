"""The rule parser's token cursor: where it is in the tokens, what it expected, the limits.

:class:`TokenCursor` walks the tokens of :func:`~nonostudio.rules.language.tokens.tokenize`, raises
``RuleSyntaxError`` naming the source, line, column and what was expected, and counts what
one rule may hold against :data:`LIMITS` (why the limits: ``docs/design/rules.md``); the
grammar on top of it is :mod:`nonostudio.rules.language.parser`.
"""

from __future__ import annotations

from nonostudio.rules.language.tokens import RuleSyntaxError, Token, tokenize

MAX_TEXT_CHARS = 4_000_000  # characters of rule text (a file); shipped files are at most 60 KB
MAX_PATTERNS = 16  # patterns in one rule's with clause (the interpreter nests a loop for each)
MAX_CLAUSES = 32  # conditions one rule joins with 'and' (all of them, also inside unique)
MAX_OPERATIONS = 64  # '+' and '-' in one rule
MAX_NESTING = 16  # nested parentheses
MAX_DIGITS = 9  # digits of a number (lines have at most 4096 cells)
LIMITS = {
    "characters of text": MAX_TEXT_CHARS,
    "patterns": MAX_PATTERNS,
    "clauses": MAX_CLAUSES,
    "operations": MAX_OPERATIONS,
    "nesting": MAX_NESTING,
    "digits": MAX_DIGITS,
}


class TokenCursor:
    """A rule text's tokens and the parser's place in them, with the error reporting and
    the size limits every grammar rule shares."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        if len(text) > MAX_TEXT_CHARS:
            line = text.count("\n", 0, MAX_TEXT_CHARS) + 1
            column = MAX_TEXT_CHARS - (text.rfind("\n", 0, MAX_TEXT_CHARS) + 1) + 1
            expected = f"at most {MAX_TEXT_CHARS:,} characters"
            raise RuleSyntaxError(
                source,
                line,
                column,
                expected,
                f"{len(text):,}",
                f"the rule text is too long ({len(text):,} characters, the "
                f"limit is passed here): expected {expected}",
            )
        self.tokens = tokenize(text, source)
        self.pos = 0
        self.depth = 0
        self.clauses = 1  # the current rule's conditions joined by 'and', and its '+'/'-'
        self.operations = 0

    # ---- token helpers ----------------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, ahead: int) -> Token:
        return self.tokens[min(self.pos + ahead, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.pos]
        if tok.kind != "eof":
            self.pos += 1
        return tok

    def error(
        self, expected: str, tok: Token | None = None, detail: str | None = None
    ) -> RuleSyntaxError:
        tok = tok or self.tok
        return RuleSyntaxError(self.source, tok.line, tok.column, expected, tok.describe(), detail)

    def at(self, text: str) -> bool:
        return self.tok.kind in ("name", "op") and self.tok.text == text

    def expect(self, text: str, expected: str | None = None) -> Token:
        if not self.at(text):
            raise self.error(expected or f"'{text}'")
        return self.advance()

    def expect_int(self, expected: str) -> int:
        if self.tok.kind != "int":
            raise self.error(expected)
        return self.number(self.advance())

    def number(self, tok: Token) -> int:
        """The value of an ``int`` token, at most :data:`MAX_DIGITS` digits long."""
        if len(tok.text) > MAX_DIGITS:
            expected = f"a number of at most {MAX_DIGITS} digits"
            raise self.error(
                expected, tok, f"a number of {len(tok.text):,} digits: expected {expected}"
            )
        return int(tok.text)

    def count(self, what: str, tok: Token) -> None:
        """One more 'and' (``what`` = "clauses") or '+'/'-' ("operations") in the rule at
        ``tok``."""
        if what == "clauses":
            self.clauses += 1
            n, expected = self.clauses, f"at most {MAX_CLAUSES} conditions joined with 'and'"
            limit = MAX_CLAUSES
        else:
            self.operations += 1
            n, expected = self.operations, f"at most {MAX_OPERATIONS} '+' and '-' operations"
            limit = MAX_OPERATIONS
        if n > limit:
            raise self.error(expected, tok, f"too many {what} in one rule: expected {expected}")

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error(
                f"at most {MAX_NESTING} nested parentheses",
                detail=f"too deeply nested: expected at most {MAX_NESTING} nested parentheses",
            )
