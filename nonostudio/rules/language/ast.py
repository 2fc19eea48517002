"""The rule language's syntax tree (docs/rule-language.md §2; Butler et al. 2017, Appendix A):
immutable nodes.

A rule is ``with PATTERNS: if CONDITION: then fill(VALUE, START, END)``.  Patterns bind names to
elements of a line (hints, blocks, gaps); conditions and the fill's cell range are expressions over
those bindings.  Nodes are frozen dataclasses; :func:`children`, :func:`map_children` and
:func:`walk` are the one way to walk them (how the passes use them: ``docs/design/rules.md``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, TypeVar, cast


class ElementType(enum.Enum):
    """What a pattern binds: one of the line's hints, blocks (filled runs) or gaps (non-crossed
    runs)."""

    HINT = "hint"
    BLOCK = "block"
    GAP = "gap"


# ---- patterns ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Singleton:
    """The only element of its type (does not bind when there are zero or several)."""

    type: ElementType


@dataclass(frozen=True, slots=True)
class Constant:
    """The ``index``-th element of its type (0-based; does not bind when there are fewer).

    A negative index counts from the end, as in Python: ``-1`` is the last element, ``-2`` the
    one before it.  Not in the paper's DSL (its constants count from the start only): the mirror
    image of a rule about the first clue is a rule about the last one (:mod:`.mirror`).
    """

    type: ElementType
    index: int


@dataclass(frozen=True, slots=True)
class Arbitrary:
    """Any element of its type: the rule is tried with each."""

    type: ElementType


Pattern = Singleton | Constant | Arbitrary


@dataclass(frozen=True, slots=True)
class Binding:
    """``name = pattern`` in a rule's ``with`` clause."""

    name: str
    pattern: Pattern


@dataclass(frozen=True, slots=True)
class Named:
    """A node about the element a pattern binds to the name ``var``: the base of ``start``,
    ``size``, ``lowest_end_cell``, ``highest_start_cell``, ``maximal``, ``minimal`` and
    ``unique``.  Its subclasses without fields of their own are not dataclasses themselves, only
    ``__slots__ = ()``: they take ``var``, equality, hashing and ``__match_args__`` from here
    (a ``Start`` never equals a ``Size`` of the same name: equality compares the classes)."""

    var: str


# ---- integer expressions ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    value: int


@dataclass(frozen=True, slots=True)
class LineSize:
    """The number of cells of the line."""


class Start(Named):
    """A hint's index, or the first cell of a block or gap."""

    __slots__ = ()


class Size(Named):
    """A hint's value, or the length of a block or gap."""

    __slots__ = ()


class LowestEndCell(Named):
    """One past the last cell of hint ``var`` when all hints are packed left (hints only)."""

    __slots__ = ()


class HighestStartCell(Named):
    """The first cell of hint ``var`` when all hints are packed right (hints only)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Total:
    """The sizes of every element of ``type`` added up: the sum of the hints, the number of
    filled cells (blocks) or the number of cells not crossed (gaps).

    Not in the paper's DSL: an extension for the counting strategies people use ("every clue is
    placed, so the rest is empty"), which the paper's language cannot state.
    """

    type: ElementType


@dataclass(frozen=True, slots=True)
class Arith:
    """``left + right`` or ``left - right``."""

    op: str  # "+" or "-"
    left: Expr
    right: Expr


Expr = Lit | LineSize | Arith | Start | Size | LowestEndCell | HighestStartCell | Total


# ---- conditions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrueCond:
    """Always holds."""


@dataclass(frozen=True, slots=True)
class And:
    left: Cond
    right: Cond


@dataclass(frozen=True, slots=True)
class Compare:
    """``left = right``, ``left >= right`` or ``left > right``."""

    op: str  # "=", ">=" or ">"
    left: Expr
    right: Expr


class Maximal(Named):
    """``var``'s size is at least the size of every element of its type."""

    __slots__ = ()


class Minimal(Named):
    """``var``'s size is at most the size of every element of its type."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Unique(Named):
    """``(var is unique where cond)``: cond holds for var's element and for no other of its type."""

    cond: Cond


Cond = TrueCond | And | Compare | Maximal | Minimal | Unique


# ---- action and rule --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fill:
    """Set cells ``[start, end)`` to filled (``value`` True) or crossed (False)."""

    value: bool
    start: Expr
    end: Expr


@dataclass(frozen=True, slots=True)
class Rule:
    """``def name: with bindings: if condition: then action``."""

    name: str
    bindings: tuple[Binding, ...]
    condition: Cond
    action: Fill

    def binding(self, name: str) -> Binding:
        for b in self.bindings:
            if b.name == name:
                return b
        raise KeyError(name)

    def type_of(self, name: str) -> ElementType:
        """The element type a bound name refers to."""
        return self.binding(name).pattern.type


def conjuncts(cond: Cond) -> list[Cond]:
    """The parts of a chain of ``and`` (a single condition is a chain of one; ``true`` of none)."""
    match cond:
        case TrueCond():
            return []
        case And(left, right):
            return conjuncts(left) + conjuncts(right)
    return [cond]


def conjoin(parts: list[Cond]) -> Cond:
    """The ``and`` of ``parts`` (``true`` when empty), associated to the left."""
    if not parts:
        return TrueCond()
    out = parts[0]
    for p in parts[1:]:
        out = And(out, p)
    return out


CALL_WORDS: dict[type[Named], str] = {
    Start: "start",
    Size: "size",
    LowestEndCell: "lowest_end_cell",
    HighestStartCell: "highest_start_cell",
    Maximal: "maximal",
    Minimal: "minimal",
}
"""The rule text's word for each node written ``word(name)``."""


# ---- generic traversal ------------------------------------------------------------------------

Node = Rule | Binding | Pattern | Expr | Cond | Fill
"""Any node of a rule's syntax tree."""

_N = TypeVar("_N", bound=Node)


_BOTH_SIDES = attrgetter("left", "right")
_CHILDREN: dict[type, Callable[[Any], tuple[Node, ...]]] = {
    Arith: _BOTH_SIDES,
    Compare: _BOTH_SIDES,
    And: _BOTH_SIDES,
    Unique: lambda n: (n.cond,),
    Fill: attrgetter("start", "end"),
    Binding: lambda n: (n.pattern,),
    Rule: lambda n: (*n.bindings, n.condition, n.action),
}


def children(node: Node) -> tuple[Node, ...]:
    """The nodes right below ``node``, left to right (none for a leaf).

    A table by node class rather than a ``match``: passes that fold over the tree (cost, walk)
    call this for every node, and a lookup is several times faster than trying each class.
    """
    get = _CHILDREN.get(type(node))
    return () if get is None else get(node)


def map_children(node: _N, f: Callable[[Any], Any]) -> _N:
    """``node`` rebuilt with ``f`` applied to each node right below it (a leaf as it is).

    ``f`` must return a node of the kind its argument is (an expression for an expression, a
    condition for a condition, ...); a pass that rewrites a few kinds of node handles those and
    hands every other node to this function with itself as ``f``.
    """
    out: Node
    match node:
        case Arith(op, left, right):
            out = Arith(op, f(left), f(right))
        case Compare(op, left, right):
            out = Compare(op, f(left), f(right))
        case And(left, right):
            out = And(f(left), f(right))
        case Unique(var, cond):
            out = Unique(var, f(cond))
        case Fill(value, start, end):
            out = Fill(value, f(start), f(end))
        case Binding(name, pattern):
            out = Binding(name, f(pattern))
        case Rule(name, bindings, condition, action):
            out = Rule(name, tuple(f(b) for b in bindings), f(condition), f(action))
        case _:
            return node
    return cast(_N, out)


def walk(node: Node) -> Iterator[Node]:
    """Every node below and including ``node`` (expressions, conditions, patterns), pre-order."""
    yield node
    for child in children(node):
        yield from walk(child)


def variables(node: Node) -> set[str]:
    """Names referred to by expressions and conditions under ``node``."""
    return {n.var for n in walk(node) if isinstance(n, Named)}
