"""Parser for the rule language's stylised syntax (docs/rule-language.md §2; Butler et al. 2017,
Figure 12).

Reads rule files: any number of ``def NAME: with PATTERNS: if COND: then fill(...)`` rules with
``#`` comments, structured ``#: key: value`` metadata right above a rule (title, source, example
fills).  Every error is a ``RuleSyntaxError`` naming the source, line, column and what was
expected; sizes past :data:`LIMITS` are errors too (why: ``docs/design/rules.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType
from nonostudio.rules.language.examples import Example, parse_example
from nonostudio.rules.language.parse_cursor import (
    LIMITS,
    MAX_CLAUSES,
    MAX_DIGITS,
    MAX_NESTING,
    MAX_OPERATIONS,
    MAX_PATTERNS,
    MAX_TEXT_CHARS,
    TokenCursor,
)
from nonostudio.rules.language.tokens import RuleSyntaxError, Token

__all__ = [
    "LIMITS",
    "MAX_CLAUSES",
    "MAX_DIGITS",
    "MAX_NESTING",
    "MAX_OPERATIONS",
    "MAX_PATTERNS",
    "MAX_TEXT_CHARS",
    "Example",
    "RuleEntry",
    "RuleSyntaxError",
    "parse_rule",
    "parse_rules",
]

KEYWORDS = frozenset(
    "def with if then and fill true false is unique where singleton constant arbitrary hint block "
    "gap line_size start size lowest_end_cell highest_start_cell maximal minimal total".split()
)
_COMPARISONS = ("=", ">=", ">")
_VAR_EXPRS: dict[str, Callable[[str], ast.Expr]] = {
    word: kind
    for kind, word in ast.CALL_WORDS.items()
    if kind in (ast.Start, ast.Size, ast.LowestEndCell, ast.HighestStartCell)
}
_META_KEY = re.compile(r"\s*([A-Za-z_]+)\s*:\s*")


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """A rule as read from a file, with its metadata and the line its ``def`` is on."""

    rule: ast.Rule
    title: str
    source: str
    examples: tuple[Example, ...]
    line: int


class _Parser(TokenCursor):
    """The grammar of rule files (docs/rule-language.md §2) over a :class:`TokenCursor`."""

    def __init__(self, text: str, source: str) -> None:
        super().__init__(text, source)
        self.bound: dict[str, ElementType] = {}
        self.pos_of_name = 0  # the current rule's name token, for duplicate-name errors

    # ---- file and rule ------------------------------------------------------------------------

    def entries(self) -> list[RuleEntry]:
        out: list[RuleEntry] = []
        seen: dict[str, int] = {}
        while True:
            meta: dict[str, str] = {}
            examples: list[Example] = []
            while self.tok.kind == "meta":
                self.metadata(self.advance(), meta, examples)
            if self.tok.kind == "eof":
                if meta or examples:
                    raise self.error("'def' (metadata must stand right above a rule)")
                return out
            def_tok = self.expect("def", "'def'" if out or meta else "'def' (a rule)")
            rule = self.rule(def_tok)
            if rule.name in seen:
                raise self.error(
                    "a new rule name",
                    self.tokens[self.pos_of_name],
                    f"rule '{rule.name}' is already defined on line {seen[rule.name]}",
                )
            seen[rule.name] = def_tok.line
            title = meta.get("title") or " ".join(rule.name.replace("_", " ").split()) or rule.name
            out.append(
                RuleEntry(rule, title, meta.get("source", ""), tuple(examples), def_tok.line)
            )
            if self.tok.kind not in ("eof", "meta") and not self.at("def"):
                raise self.error("'def' or the end of the text")

    def metadata(self, tok: Token, meta: dict[str, str], examples: list[Example]) -> None:
        m = _META_KEY.match(tok.text)
        key = m.group(1) if m else ""
        key_column = tok.column + len(tok.text) - len(tok.text.lstrip())
        if m is None or key not in ("title", "source", "example"):
            found = repr(tok.text.strip()[:12]) if tok.text.strip() else "the end of the line"
            raise RuleSyntaxError(
                self.source,
                tok.line,
                key_column,
                "'title:', 'source:' or 'example:' after '#:'",
                found,
            )
        value = tok.text[m.end() :].rstrip()
        if key == "example":
            examples.append(parse_example(value, self.source, tok.line, tok.column + m.end()))
        elif key in meta:
            raise RuleSyntaxError(
                self.source, tok.line, key_column, f"one '{key}:' per rule", f"a second '{key}:'"
            )
        else:
            meta[key] = value

    def rule(self, def_tok: Token) -> ast.Rule:
        self.bound = {}
        self.clauses, self.operations, self.depth = 1, 0, 0
        if self.tok.kind != "name":
            raise self.error("a rule name")
        self.pos_of_name = self.pos
        name = self.advance().text
        self.expect(":")
        self.expect("with")
        bindings = [self.binding()]
        while self.at("and"):
            if len(bindings) == MAX_PATTERNS:
                expected = f"':' (a rule binds at most {MAX_PATTERNS} patterns)"
                raise self.error(
                    expected, detail=f"too many patterns in one rule: expected {expected}"
                )
            self.advance()
            bindings.append(self.binding())
        self.expect(":", "'and' or ':'")
        self.expect("if")
        cond = self.cond()
        self.expect(":", "'and' or ':'")
        self.expect("then")
        return ast.Rule(name, tuple(bindings), cond, self.fill())

    def binding(self) -> ast.Binding:
        tok = self.tok
        if tok.kind != "name" or tok.text in KEYWORDS:
            raise self.error("a name for the pattern (not a keyword)")
        self.advance()
        if tok.text in self.bound:
            raise self.error("a new name", tok, f"'{tok.text}' is already bound")
        self.expect("=")
        kind = self.tok
        if not (kind.kind == "name" and kind.text in ("singleton", "constant", "arbitrary")):
            raise self.error("'singleton', 'constant' or 'arbitrary'")
        self.advance()
        self.expect("(")
        etype = self.element_type(closing=False)
        if kind.text == "constant":
            self.expect(",", "',' and an index")
            # a negative index counts from the end: -1 is the last element
            sign = -1 if self.at("-") and self.peek(1).kind == "int" else 1
            if sign < 0:
                self.advance()
            index = sign * self.expect_int("an index (0, 1, ... or -1 for the last)")
            pattern: ast.Singleton | ast.Constant | ast.Arbitrary = ast.Constant(etype, index)
        elif kind.text == "singleton":
            pattern = ast.Singleton(etype)
        else:
            pattern = ast.Arbitrary(etype)
        self.expect(")")
        self.bound[tok.text] = etype
        return ast.Binding(tok.text, pattern)

    def element_type(self, closing: bool = True) -> ElementType:
        """``hint``, ``block`` or ``gap`` (and the ``)`` after it when ``closing``)."""
        tok = self.tok
        if not (tok.kind == "name" and tok.text in ("hint", "block", "gap")):
            raise self.error("'hint', 'block' or 'gap'")
        self.advance()
        if closing:
            self.expect(")")
        return ElementType(tok.text)

    def fill(self) -> ast.Fill:
        self.expect("fill")
        self.expect("(")
        if not (self.at("true") or self.at("false")):
            raise self.error("'true' or 'false'")
        value = self.advance().text == "true"
        self.expect(",")
        start = self.expr()
        self.expect(",", "',' or an operator")
        end = self.expr()
        self.expect(")", "')' or an operator")
        return ast.Fill(value, start, end)

    def var(self, hint_only: str | None = None) -> str:
        tok = self.tok
        if tok.kind != "name" or tok.text in KEYWORDS:
            raise self.error("a bound name")
        if tok.text not in self.bound:
            names = ", ".join(self.bound)
            raise self.error(
                "a bound name", tok, f"'{tok.text}' is not bound (the with clause binds {names})"
            )
        if hint_only and self.bound[tok.text] is not ElementType.HINT:
            raise self.error(
                "a hint",
                tok,
                f"{hint_only} needs a hint, but '{tok.text}' is a {self.bound[tok.text].value}",
            )
        self.advance()
        return tok.text

    # ---- conditions ---------------------------------------------------------------------------

    def cond(self) -> ast.Cond:
        return self.and_rest(self.cond_atom())

    def and_rest(self, left: ast.Cond) -> ast.Cond:
        while self.at("and"):
            self.count("clauses", self.advance())
            left = ast.And(left, self.cond_atom())
        return left

    def cond_only_ahead(self) -> bool:
        if self.at("true"):
            return True
        if (self.at("maximal") or self.at("minimal")) and self.peek(1).text == "(":
            return True
        return self.at("(") and self.peek(1).kind == "name" and self.peek(2).text == "is"

    def cond_atom(self) -> ast.Cond:
        if self.at("true"):
            self.advance()
            return ast.TrueCond()
        if self.at("maximal") or self.at("minimal"):
            word = self.advance().text
            self.expect("(")
            name = self.var()
            self.expect(")")
            return ast.Maximal(name) if word == "maximal" else ast.Minimal(name)
        if self.cond_only_ahead():
            self.nest()
            self.advance()
            name = self.var()
            self.expect("is")
            self.expect("unique")
            self.expect("where")
            inner = self.cond()
            self.expect(")", "'and' or ')'")
            self.depth -= 1
            return ast.Unique(name, inner)
        item = self.expr_or_paren_cond()
        if isinstance(item, ast.Cond):
            return item
        return self.comparison_rest(item)

    def comparison_rest(self, left: ast.Expr) -> ast.Compare:
        for op in _COMPARISONS:
            if self.at(op):
                tok = self.advance()
                after = self.tok
                if (
                    op == "="
                    and after.text in ("=", ">")
                    and (after.line, after.column) == (tok.line, tok.column + 1)
                ):
                    meant = {"=": "=", ">": ">="}[after.text]
                    raise self.error(
                        meant,
                        tok,
                        f"'={after.text}' is not an operator of the language: write {meant}",
                    )
                return ast.Compare(op, left, self.expr())
        raise self.error("'+', '-', '=', '>=' or '>'")

    def expr_or_paren_cond(self) -> ast.Expr | ast.Cond:
        """An expression, or a parenthesised condition where a condition may start."""
        if not self.at("(") or self.cond_only_ahead():
            return self.expr()
        self.nest()
        self.advance()
        if self.cond_only_ahead():
            inner: ast.Expr | ast.Cond = self.cond()
        else:
            inner = self.expr_or_paren_cond()
            if isinstance(inner, ast.Cond):
                inner = self.and_rest(inner)
            elif any(self.at(op) for op in _COMPARISONS):
                inner = self.and_rest(self.comparison_rest(inner))
        if isinstance(inner, ast.Cond):
            self.expect(")", "'and' or ')'")
            self.depth -= 1
            return inner
        self.expect(")", "')' or an operator")
        self.depth -= 1
        return self.expr_rest(inner)

    # ---- expressions --------------------------------------------------------------------------

    def expr(self) -> ast.Expr:
        return self.expr_rest(self.term())

    def expr_rest(self, left: ast.Expr) -> ast.Expr:
        while self.at("+") or self.at("-"):
            tok = self.advance()
            self.count("operations", tok)
            left = ast.Arith(tok.text, left, self.term())
        return left

    def term(self) -> ast.Expr:
        tok = self.tok
        if tok.kind == "int":
            self.advance()
            return ast.Lit(self.number(tok))
        if self.at("-") and self.peek(1).kind == "int":
            self.advance()
            return ast.Lit(-self.number(self.advance()))
        if self.at("line_size"):
            self.advance()
            return ast.LineSize()
        if self.at("total"):
            self.advance()
            self.expect("(")
            return ast.Total(self.element_type())
        if tok.kind == "name" and tok.text in _VAR_EXPRS:
            self.advance()
            self.expect("(")
            hint_only = tok.text if tok.text.endswith("_cell") else None
            name = self.var(hint_only)
            self.expect(")")
            return _VAR_EXPRS[tok.text](name)
        if self.at("("):
            self.nest()
            self.advance()
            inner = self.expr()
            self.expect(")", "')' or an operator")
            self.depth -= 1
            return inner
        if tok.kind == "name" and tok.text in self.bound:
            raise self.error(
                "an expression",
                detail=f"a bound name is used through start({tok.text}), size({tok.text}), ...",
            )
        raise self.error(
            "an expression (a number, line_size, start(x), size(x), "
            "lowest_end_cell(h), highest_start_cell(h), total(hint|block|gap) "
            "or '(')"
        )


def parse_rules(text: str, source: str = "<text>") -> list[RuleEntry]:
    """Every rule of a rule file's text, with its metadata; raises ``RuleSyntaxError``."""
    return _Parser(text, source).entries()


def parse_rule(text: str, source: str = "<text>") -> ast.Rule:
    """The single rule in ``text``; raises ``RuleSyntaxError`` (also when there are zero or
    several)."""
    parser = _Parser(text, source)
    entries = parser.entries()
    if len(entries) != 1:
        tok = parser.tok
        raise RuleSyntaxError(
            source, tok.line, tok.column, "exactly one rule", f"{len(entries)} rules"
        )
    return entries[0].rule
