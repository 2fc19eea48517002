"""Phrases for the explainer: rule parts read as English, bound elements introduced on first use.

Expressions are normalised to sums of atoms (``start(x) + size(x)`` of a block or gap becomes the
end of x) and read either as quantities ("the length of the clue plus one") or as cell boundaries
("two cells before the start of the gap"); comparisons and fill ranges are matched against a few
structural idioms first.  :mod:`nonostudio.rules.words.explain` assembles the sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType, conjuncts
from nonostudio.rules.language.linear import Atom, End, LinearForm, is_position, linear, same
from nonostudio.rules.words.phrase_compare import read_compare
from nonostudio.rules.words.phrase_words import (
    BLOCK,
    GAP,
    HINT,
    NOUN,
    cells,
    join_and,
    number_word,
    offset_phrase,
    ordinal,
    place,
)

__all__ = [
    "BLOCK",
    "GAP",
    "HINT",
    "NOUN",
    "Speaker",
    "join_and",
    "number_word",
    "ordinal",
    "place",
    "reading_order",
]

_GLOSS = {BLOCK: "a run of filled cells", GAP: "a stretch of cells not crossed out"}
_TOTAL = {
    HINT: "the sum of the clues",
    BLOCK: "the number of filled cells",
    GAP: "the number of cells not crossed out",
}


def reading_order(cond: ast.Cond) -> list[ast.Cond]:
    """The conjuncts in the order they are read: a ``unique`` last, so that the conditions of
    its own ("the only gap that is long enough …, starts … and ends …") end the list and cannot be
    taken for conditions of the rule."""
    parts = conjuncts(cond)
    return [c for c in parts if not isinstance(c, ast.Unique)] + [
        c for c in parts if isinstance(c, ast.Unique)
    ]


# ---- the speaker: phrases for one rule ------------------------------------------------------


class Speaker:
    """Renders a rule's parts in reading order, introducing each bound element on first mention."""

    def __init__(self, rule: ast.Rule, concrete: Mapping[str, str] | None = None) -> None:
        self.rule = rule
        self.types = {b.name: b.pattern.type for b in rule.bindings}
        self.concrete = concrete
        self.mentioned: set[str] = set()
        self.glossed: set[ElementType] = set()
        self.pronoun: dict[str, str] = {}
        self.first: dict[str, str] = {}
        self.later: dict[str, str] = {}
        same = Counter(self.types.values())
        letters: Counter = Counter()
        for b in rule.bindings:
            p, noun = b.pattern, NOUN[b.pattern.type]
            match p:
                case ast.Constant(_, index):
                    self.first[b.name] = self.later[b.name] = f"the {place(index)} {noun}"
                case ast.Singleton(t):
                    self.first[b.name] = f"the only {noun}"
                    self.later[b.name] = f"the {noun}" if same[t] == 1 else f"the only {noun}"
                case ast.Arbitrary(t) if same[t] == 1:
                    # the only pattern of its type (so also the only arbitrary one)
                    self.first[b.name], self.later[b.name] = f"a {noun}", f"the {noun}"
                case _:
                    label = f"{noun} {chr(ord('A') + letters[p.type] % 26)}"
                    letters[p.type] += 1
                    self.first[b.name], self.later[b.name] = f"some {label}", label

    def ref(self, var: str) -> str:
        if var in self.pronoun:
            return self.pronoun[var]
        if var not in self.types:  # an unbound name: say it as written rather than fail
            return f"'{var}'"
        if self.concrete is not None:
            text = (
                self.concrete[var]
                if var not in self.mentioned
                else self.concrete[var].split(" (")[0]
            )
            self.mentioned.add(var)
            return text
        if var in self.mentioned:
            return self.later[var]
        self.mentioned.add(var)
        t = self.types[var]
        if t in _GLOSS and t not in self.glossed:
            self.glossed.add(t)
            return f"{self.first[var]} ({_GLOSS[t]})"
        return self.first[var]

    # -- expressions

    def count_atom(self, a: Atom) -> str:
        """The atom read as a quantity ("the length of the clue")."""
        match a:
            case ast.Size(var):
                return f"the length of {self.ref(var)}"
            case ast.Start(var):
                unit = "clues" if self.types.get(var) is HINT else "cells"
                return f"the number of {unit} before {self.ref(var)}"
            case End(var):
                return f"the number of cells up to the end of {self.ref(var)}"
            case ast.LineSize():
                return "the length of the line"
            case ast.Total(t):
                return _TOTAL[t]
        return self.position_atom(a)

    def position_atom(self, a: Atom) -> str:
        """The atom read as a cell boundary ("the end of the block")."""
        match a:
            case ast.Start(var):
                return f"the start of {self.ref(var)}"
            case End(var):
                return f"the end of {self.ref(var)}"
            case ast.LineSize():
                return "the end of the line"
            case ast.LowestEndCell(var):
                return f"where {self.ref(var)} ends when all clues are packed to the left"
            case ast.HighestStartCell(var):
                return f"where {self.ref(var)} starts when all clues are packed to the right"
        return self.count_atom(a)

    def scaled(self, a: Atom, k: int) -> str:
        text = self.count_atom(a)
        return text if k == 1 else "twice " + text if k == 2 else f"{number_word(k)} times {text}"

    def count(self, lin: LinearForm) -> str:
        """A sum read as a quantity: "the length of the clue plus one"."""
        parts: list[str] = []
        for a, k in lin.terms:
            text = self.scaled(a, abs(k))
            parts.append(text if not parts and k > 0 else ("plus " if k > 0 else "minus ") + text)
        if lin.const or not parts:
            c = lin.const
            alone = (
                number_word(c)
                if 0 <= c <= 10
                else f"the number {c}"
                if c > 0
                else (f"minus {number_word(-c)}")
            )
            parts.append(
                alone
                if not parts
                else f"plus {number_word(c)}"
                if c > 0
                else f"minus {number_word(-c)}"
            )
        return " ".join(parts)

    def position(self, lin: LinearForm) -> str:
        """A cell boundary: "the end of the block", "two cells before the start of the gap"."""
        anchors = [a for a, k in lin.terms if k == 1 and is_position(a, self.types)]
        if not anchors:
            if not lin.terms:
                return (
                    "the start of the line"
                    if lin.const == 0
                    else (
                        f"{cells(lin.const)} from the start of the line"
                        if lin.const > 0
                        else f"{cells(-lin.const)} before the start of the line"
                    )
                )
            return f"{self.count(lin)} from the start of the line"
        anchor = anchors[0]
        rest = LinearForm(tuple((a, k) for a, k in lin.terms if a != anchor), lin.const)
        if not rest.terms and not rest.const:
            return self.position_atom(anchor)
        here = self.position_atom(anchor)
        if not rest.terms:
            offset = rest.const
            return f"{cells(abs(offset))} {'after' if offset > 0 else 'before'} {here}"
        if all(k < 0 for _, k in rest.terms):  # "the length of the clue minus one before …"
            neg = LinearForm(tuple((a, -k) for a, k in rest.terms), -rest.const)
            return offset_phrase(self.count(neg), "before", here)
        return offset_phrase(self.count(rest), "after", here)

    # -- conditions

    def clauses(self, cond: ast.Cond) -> list[str]:
        return [self.clause(c) for c in reading_order(cond)]

    def clause(self, c: ast.Cond) -> str:
        match c:
            case ast.Maximal(var):
                noun = NOUN.get(self.types.get(var, HINT), "element")
                return f"{self.ref(var)} is as long as the longest {noun}"
            case ast.Minimal(var):
                noun = NOUN.get(self.types.get(var, HINT), "element")
                return f"{self.ref(var)} is as short as the shortest {noun}"
            case ast.Unique():
                return self.unique(c)
            case ast.Compare():
                return self.compare(c)
        raise TypeError(f"not a condition: {c!r}")

    def unique(self, c: ast.Unique) -> str:
        who = self.ref(c.var)
        noun = NOUN.get(self.types.get(c.var, HINT), "element")
        saved = self.pronoun.get(c.var)
        self.pronoun[c.var] = "it"
        parts = self.clauses(c.cond)
        if saved is None:
            del self.pronoun[c.var]
        else:
            self.pronoun[c.var] = saved
        if not parts:
            return f"{who} is the only {noun} where it exists"

        def relative(p: str) -> str:  # "that is long enough …", "where the length of it …"
            if p.startswith("it "):
                return "that " + p[3:]
            return ("for which " if p.startswith("where ") else "where ") + p  # not "where where"

        # Each of the unique's own conditions is a relative clause of "the only gap", so none
        # reads as a condition of the rule: "the only gap that is long enough for the clue,
        # starts at or before … and ends at or after …".
        said = [relative(p) for p in parts]
        for i in range(len(said) - 1, 0, -1):  # "that is …, starts …": one "that" for a run
            if said[i].startswith("that ") and said[i - 1].startswith("that "):
                said[i] = said[i][len("that ") :]
        return f"{who} is the only {noun} {join_and(said)}"

    def compare(self, c: ast.Compare) -> str:
        """A comparison in words (:func:`nonostudio.rules.words.phrase_compare.read_compare`, which
        also says how they read it)."""
        return read_compare(self, c).text

    def edge(self, side: LinearForm) -> ast.Start | End | None:
        """The start or end of a block or gap that ``side`` is, and nothing else, if any."""
        if len(side.terms) != 1 or side.const or side.terms[0][1] != 1:
            return None
        atom = side.terms[0][0]
        if isinstance(atom, ast.Start | End) and self.types.get(atom.var) in (BLOCK, GAP):
            return atom
        return None

    def positional(self, lin: LinearForm) -> bool:
        return sum(1 for a, k in lin.terms if k == 1 and is_position(a, self.types)) == 1 and all(
            not is_position(a, self.types) for a, k in lin.terms if k != 1
        )

    # -- action

    def cell_range(self, start: ast.Expr, end: ast.Expr) -> str:
        t = self.types
        s, e = linear(start, t), linear(end, t)
        width = e.minus(s)
        for var, vt in t.items():
            if vt is HINT:
                if s.is_atom(ast.HighestStartCell(var)) and e.is_atom(ast.LowestEndCell(var)):
                    noun = (
                        "the overlap"
                        if var in self.mentioned
                        else (
                            "the overlap of the leftmost and rightmost placements of "
                            f"{self.ref(var)}"
                        )
                    )
                    return noun
                continue
            if s.is_atom(ast.Start(var)) and e.is_atom(End(var)):
                return f"every cell of {self.ref(var)}"
        if not s.terms and s.const == 0 and e.is_atom(ast.LineSize()):
            return "every cell of the line"
        placed = self.placed_overlap(s, e) or self.packed_left(s, e)
        if placed is not None:
            return placed
        if not width.terms and width.const == 1:
            return self.one_cell(s)
        return f"the cells from {self.position(s)} to {self.position(e)}"

    def one_cell(self, s: LinearForm) -> str:
        """The cell that starts at boundary ``s``, counted from the nearest named place: "the
        first cell of the gap", "the cell just before the block", "the second cell before where
        the clue ends …", "the third cell counting from the start of the gap" (never "the cell
        just after one cell before …")."""
        base, k = LinearForm(s.terms, 0), s.const
        if not base.terms:
            return f"the {ordinal(k)} cell of the line" if k >= 0 else self.cell_after(s)
        if base.is_atom(ast.LineSize()) and k < 0:
            return (
                "the last cell of the line"
                if k == -1
                else (f"the {ordinal(-k - 1)} cell from the end of the line")
            )
        edge = self.edge(base)
        if edge is not None and k in (0, -1):
            who = self.ref(edge.var)
            if isinstance(edge, ast.Start):
                return f"the first cell of {who}" if k == 0 else f"the cell just before {who}"
            return f"the cell just after {who}" if k == 0 else f"the last cell of {who}"
        if k and self.positional(base):
            here = self.position(base)
            if k == -1:
                return f"the cell just before {here}"
            if k < 0:
                return f"the {ordinal(-k - 1)} cell before {here}"
            return f"the {ordinal(k)} cell counting from {here}"
        return self.cell_after(s)

    def cell_after(self, s: LinearForm) -> str:
        return f"the cell just after {self.position(s)}"

    def packed_left(self, s: LinearForm, e: LinearForm) -> str | None:
        """Ranges of the first clues packed to the left (all clues up to them bound by index)."""
        clue_at = {
            b.pattern.index: b.name
            for b in self.rule.bindings
            if isinstance(b.pattern, ast.Constant) and b.pattern.type is HINT
        }
        start = LinearForm((), 0)  # where clue i starts when the clues are packed to the left
        for i in range(len(clue_at)):
            if i not in clue_at:
                return None
            end = LinearForm(
                tuple(sorted(start.terms + ((ast.Size(clue_at[i]), 1),), key=repr)), start.const
            )
            if same(s, start) and same(e, end):
                return (
                    f"the cells {self.ref(clue_at[i])} covers when all clues are packed to the left"
                )
            after = LinearForm(end.terms, end.const + 1)
            if same(s, end) and same(e, after) and i + 1 in clue_at:
                return (
                    f"the cell between {self.ref(clue_at[i])} and {self.ref(clue_at[i + 1])} "
                    f"when all clues are packed to the left"
                )
            start = after
        return None

    def placed_overlap(self, s: LinearForm, e: LinearForm) -> str | None:
        """``[end(g) − size(h), start(g) + size(h))``: where h lies placed at either end of g."""
        for var, vt in self.types.items():
            if vt is HINT:
                continue
            for h in self.types:
                if (
                    s.terms
                    and e.terms
                    and s.const == 0
                    and e.const == 0
                    and sorted(s.terms, key=repr)
                    == sorted(((End(var), 1), (ast.Size(h), -1)), key=repr)
                    and sorted(e.terms, key=repr)
                    == sorted(((ast.Start(var), 1), (ast.Size(h), 1)), key=repr)
                ):
                    who = self.ref(h)
                    return (
                        f"the cells {who} covers whether it is placed at the start or at the "
                        f"end of {self.ref(var)}"
                    )
        return None
