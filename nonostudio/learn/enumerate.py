"""The synthesis search space: linear expressions over a pattern set's atoms and the condition
atoms built from them, each with its cheapest syntax and its cost (RULES.md §4).

Every expression of the DSL is linear in the atoms (``start``, ``size``, the two hint geometry
functions, ``line_size``), so an expression is identified by its coefficient vector plus a
literal: two syntax trees with the same form are equal on every line, and only the cheapest is
kept.  Fill expressions are forms of up to three atom terms plus a literal in {−1, 0, 1} (the
original's depth-2 expressions); a comparison is ``form op 0`` written with the positive terms on
the left and the negative ones on the right, so it covers ``a op b`` for any two depth-2 sides
whose difference has up to three atom terms (every control rule's comparisons).  Conditions are
conjunctions of up to three comparisons plus one ``maximal``/``minimal``/``unique``.

:class:`SearchOptions` narrows that space (a run without ``unique``, without the hint geometry
functions …) and sets the cost weights candidates are ranked by; the defaults are the full space
and the original's weights.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from nonostudio.learn.pool import Instances
from nonostudio.rules.ast import (
    Arbitrary,
    Arith,
    Compare,
    Cond,
    Expr,
    HighestStartCell,
    LineSize,
    Lit,
    LowestEndCell,
    Maximal,
    Minimal,
    Total,
    Unique,
    variables,
)
from nonostudio.rules.cost import DEFAULT_WEIGHTS, CostWeights, cond_cost, expr_cost

LITERALS = (-1, 0, 1)
OPS = ("=", ">=", ">")

# The DSL constructs a run may leave out of its search, and what each is in rule text.
CONSTRUCTS = {
    "extremes": "maximal(x), minimal(x)",
    "unique": "(x is unique where C), and the widening of it",
    "geometry": "lowest_end_cell(h), highest_start_cell(h)",
    "line_size": "line_size",
}
# Constructs beyond the paper's DSL: a run searches them only when asked to (``with``).
EXTENSIONS = {
    "totals": "total(hint), total(block), total(gap): the sum of the clues, the number of filled "
              "cells, the number of cells not crossed out",
}
MAX_WEIGHT = 99


@dataclass(frozen=True)
class SearchOptions:
    """Which DSL constructs synthesis may use (the paper's, but those ``without``, plus the
    ``extensions`` beyond it) and the cost weights it ranks candidates by (the most general
    first, then the cheapest by these weights)."""

    without: frozenset[str] = frozenset()
    weights: CostWeights = field(default=DEFAULT_WEIGHTS)
    extensions: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = sorted(set(self.without) - set(CONSTRUCTS))
        if unknown:
            raise ValueError(f"unknown DSL construct {unknown[0]!r} (known: "
                             f"{', '.join(CONSTRUCTS)})")
        unknown = sorted(set(self.extensions) - set(EXTENSIONS))
        if unknown:
            raise ValueError(f"unknown DSL extension {unknown[0]!r} (known: "
                             f"{', '.join(EXTENSIONS)})")
        for f in fields(self.weights):
            value = getattr(self.weights, f.name)
            if isinstance(value, bool) or not isinstance(value, int) or \
                    not 0 <= value <= MAX_WEIGHT:
                raise ValueError(f"cost weight {f.name} must be a whole number from 0 to "
                                 f"{MAX_WEIGHT}, not {value!r}")

    def allows(self, construct: str) -> bool:
        return construct not in self.without

    def atom_allowed(self, atom: Expr) -> bool:
        """Whether an expression atom (``start``, ``size``, geometry, ``line_size``) may be used."""
        if isinstance(atom, LowestEndCell | HighestStartCell):
            return self.allows("geometry")
        if isinstance(atom, LineSize):
            return self.allows("line_size")
        if isinstance(atom, Total):
            return "totals" in self.extensions
        return True

    def is_default(self) -> bool:
        return not self.without and not self.weights.changed() and not self.extensions

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"without": sorted(self.without), "weights": self.weights.changed()}
        if self.extensions:
            out["with"] = sorted(self.extensions)
        return out

    @classmethod
    def from_json(cls, data: object) -> SearchOptions:
        """Options stored with a run (None or missing keys: the defaults).  Raises ValueError
        naming the bad entry."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError(f"search options must be an object, not {data!r}")
        without = data.get("without", [])
        weights = data.get("weights", {})
        extensions = data.get("with", [])
        for key, names in (("without", without), ("with", extensions)):
            if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
                raise ValueError(f"'{key}' must be a list of construct names, not {names!r}")
        if not isinstance(weights, dict):
            raise ValueError(f"'weights' must map weight names to numbers, not {weights!r}")
        names = {f.name for f in fields(CostWeights)}
        for name in weights:
            if name not in names:
                raise ValueError(f"unknown cost weight {name!r} (known: {', '.join(sorted(names))})")
        return cls(frozenset(without), CostWeights(**weights), frozenset(extensions))

    def describe(self) -> str:
        """``without unique; cost weights geometry 3`` (empty for the defaults)."""
        parts = []
        if self.extensions:
            parts.append("with " + ", ".join(sorted(self.extensions)))
        if self.without:
            parts.append("without " + ", ".join(sorted(self.without)))
        if changed := self.weights.changed():
            parts.append("cost weights " + ", ".join(f"{k} {v}" for k, v in changed.items())
                         + " (the others the original's)")
        return "; ".join(parts)


DEFAULT_OPTIONS = SearchOptions()


def allowed_vectors(vectors: Sequence[tuple[int, ...]], atoms: list[Expr] | tuple[Expr, ...],
                    options: SearchOptions, where: bool = False) -> Sequence[tuple[int, ...]]:
    """The coefficient vectors that use only atoms ``options`` allows (in a form that says
    where, when ``where``: see :func:`banned_atoms`)."""
    banned = banned_atoms(atoms, options, where)
    if not banned:
        return vectors
    return [v for v in vectors if not any(v[a] for a in banned)]


def banned_atoms(atoms: Sequence[Expr], options: SearchOptions,
                 where: bool = False) -> tuple[int, ...]:
    """The positions of the atoms ``options`` leaves out; with ``where``, also the totals.

    A form that says where — a fill's cell range, a comparison naming an element, a widening
    conjunct — never uses a total: totals are counts, compared only with counts and line_size.
    """
    return tuple(a for a, atom in enumerate(atoms)
                 if not options.atom_allowed(atom) or (where and isinstance(atom, Total)))


def _comparison_vectors_of(atoms: Sequence[Expr], max_terms: int, options: SearchOptions
                           ) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """:func:`_comparison_vectors` for these atoms and options."""
    totals = tuple(a for a, e in enumerate(atoms) if isinstance(e, Total))
    elements = tuple(a for a, e in enumerate(atoms) if variables(e))
    return _comparison_vectors(len(atoms), max_terms, banned_atoms(atoms, options), totals,
                               elements)


@lru_cache(maxsize=256)
def _comparison_vectors(n_atoms: int, max_terms: int, banned: tuple[int, ...],
                        totals: tuple[int, ...] = (), elements: tuple[int, ...] = ()
                        ) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """The non-zero coefficient vectors that use no ``banned`` atom and do not mix a total with
    an element's atoms (a count compared with counts or the line's length: "the filled cells
    are as many as the clues ask for"), as a list and as a matrix (one row each), and whether
    each one's first non-zero coefficient is positive.  Remembered: every search round of a
    pattern set asks for the same ones."""
    vectors = [v for v in coefficient_vectors(n_atoms, max_terms)
               if any(v) and not any(v[a] for a in banned)
               and not (any(v[a] for a in totals) and any(v[a] for a in elements))]
    coeffs = np.array(vectors, dtype=np.int64).reshape(len(vectors), n_atoms)
    positive_first = np.array([next(x for x in v if x) > 0 for v in vectors], dtype=bool)
    coeffs.flags.writeable = False
    positive_first.flags.writeable = False
    return vectors, coeffs, positive_first


@dataclass(frozen=True, slots=True)
class Form:
    """``Σ coeffs[a] · atom[a] + literal`` with its cheapest expression."""

    coeffs: tuple[int, ...]
    literal: int
    expr: Expr
    cost: int


def _terms(coeffs: tuple[int, ...], atoms: Sequence[Expr]) -> tuple[list[Expr], list[Expr]]:
    pos: list[Expr] = []
    neg: list[Expr] = []
    for a, c in enumerate(coeffs):
        (pos if c > 0 else neg).extend([atoms[a]] * abs(c))
    return pos, neg


def _chain(first: Expr, plus: list[Expr], minus: list[Expr]) -> Expr:
    out = first
    for t in plus:
        out = Arith("+", out, t)
    for t in minus:
        out = Arith("-", out, t)
    return out


def form_expr(coeffs: tuple[int, ...], literal: int, atoms: Sequence[Expr]) -> Expr:
    """The expression of a form: positive terms, then negative ones, then the literal."""
    pos, neg = _terms(coeffs, atoms)
    if pos:
        out = _chain(pos[0], pos[1:], neg)
        if literal:
            out = Arith("+" if literal > 0 else "-", out, Lit(abs(literal)))
        return out
    if literal >= 0:
        return _chain(Lit(literal), [], neg)
    return _chain(Lit(0), [], neg + [Lit(-literal)])


@lru_cache(maxsize=64)
def coefficient_vectors(n_atoms: int, max_terms: int) -> tuple[tuple[int, ...], ...]:
    """Distinct coefficient vectors of sums of up to ``max_terms`` signed atoms (zero included);
    remembered, as every search round of a pattern set asks for the same ones."""
    out = {tuple([0] * n_atoms)}
    signed = [(a, s) for a in range(n_atoms) for s in (1, -1)]
    for size in range(1, max_terms + 1):
        for combo in combinations_with_replacement(signed, size):
            v = [0] * n_atoms
            for a, s in combo:
                v[a] += s
            out.add(tuple(v))
    return tuple(sorted(out, key=lambda v: (sum(map(abs, v)), v)))


def fill_forms(atoms: list[Expr] | tuple[Expr, ...], max_terms: int = 3,
               options: SearchOptions = DEFAULT_OPTIONS) -> tuple[Form, ...]:
    """Every fill expression (form) of up to ``max_terms`` atom terms plus a literal (of the
    atoms ``options`` allows, costed by its weights).  Remembered per atoms and options: every
    search round of a pattern set asks for the same forms (building them took a sixth of a
    synthesis' time)."""
    return _fill_forms(tuple(atoms), max_terms, options)


@lru_cache(maxsize=256)
def _fill_forms(atoms: tuple[Expr, ...], max_terms: int,
                options: SearchOptions) -> tuple[Form, ...]:
    out = []
    for v in allowed_vectors(coefficient_vectors(len(atoms), max_terms), atoms, options,
                             where=True):
        for c in LITERALS:
            if not any(v) and c < 0:
                continue
            e = form_expr(v, c, atoms)
            out.append(Form(v, c, e, expr_cost(e, options.weights)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CondAtom:
    """One conjunct a condition may use; ``special`` for maximal/minimal/unique."""

    cond: Cond
    cost: int
    special: bool


def compare_of(coeffs: tuple[int, ...], literal: int, op: str, atoms: Sequence[Expr]) -> Compare:
    """``form op 0`` with positive terms (and a positive literal) on the left."""
    pos, neg = _terms(coeffs, atoms)
    if literal > 0:
        pos.append(Lit(literal))
    elif literal < 0:
        neg.append(Lit(-literal))
    left = _chain(pos[0], pos[1:], []) if pos else Lit(0)
    right = _chain(neg[0], neg[1:], []) if neg else Lit(0)
    return Compare(op, left, right)


def _comparison(coeffs: tuple[int, ...], literal: int, op: str, atoms: tuple[Expr, ...],
                weights: CostWeights = DEFAULT_WEIGHTS) -> CondAtom:
    """The condition atom ``form op 0`` with its cost."""
    cond = compare_of(coeffs, literal, op, list(atoms))
    return CondAtom(cond, cond_cost(cond, weights), False)


@lru_cache(maxsize=256)
def _comparisons_met(atoms: tuple[Expr, ...], max_terms: int,
                     options: SearchOptions) -> dict[tuple[int, int, int], CondAtom]:
    """The comparison atoms built so far for these atoms and options, by (form, literal,
    operator) position: the same atoms recur on every round, and a cache keyed by the atoms
    themselves hashed them once per atom (a third of building a condition space)."""
    return {}


class ConditionSpace:
    """Truth of every condition atom on an instance set, restricted to those true on ``i0``."""

    def __init__(self, inst: Instances, i0: int, max_terms: int = 3,
                 unique_terms: int = 2, poll: Callable[[], None] | None = None,
                 options: SearchOptions = DEFAULT_OPTIONS) -> None:
        self.poll = poll or (lambda: None)  # may raise to abandon the build (cancellation)
        atoms = inst.exprs
        weights = options.weights
        vectors, coeffs, positive_first = _comparison_vectors_of(atoms, max_terms, options)
        values = inst.atoms @ coeffs.T  # instances × forms
        self.atoms: list[CondAtom] = []
        truths: list[np.ndarray] = []
        # ``form + c op 0`` for every form, literal and operator at once (a loop over them was a
        # fifth of a search round), kept in the order (form, literal, operator): true on i0, not
        # on every instance, and ``-L = 0`` left out as ``L = 0``.
        chosen: list[tuple[int, int, int, np.ndarray]] = []
        for ci, c in enumerate(LITERALS):
            shifted = values + c
            for oi, op in enumerate(OPS):
                self.poll()
                truth = _holds_vec(op, shifted)
                keep = truth[i0] & ~truth.all(axis=0)
                if op == "=":
                    keep &= positive_first
                chosen += [(f, ci, oi, truth[:, f]) for f in np.flatnonzero(keep).tolist()]
        chosen.sort(key=lambda t: t[:3])
        key_atoms = tuple(atoms)
        met = _comparisons_met(key_atoms, max_terms, options)
        for f, ci, oi, truth in chosen:
            atom = met.get((f, ci, oi))
            if atom is None:
                atom = met[f, ci, oi] = _comparison(vectors[f], LITERALS[ci], OPS[oi], key_atoms,
                                                    weights)
            self.atoms.append(atom)
            truths.append(truth)
        for b in inst.bindings if options.allows("extremes") else ():
            for kind, node in (("max", Maximal(b.name)), ("min", Minimal(b.name))):
                truth = inst.extreme[(b.name, kind)]
                if truth[i0] and not truth.all():
                    self.atoms.append(CondAtom(node, cond_cost(node, weights), True))
                    truths.append(truth)
        if options.allows("unique"):
            self._uniques(inst, i0, vectors, values, unique_terms, truths, weights)
        self._keep_cheapest_of_each_truth(truths)
        self.truth = (np.array(truths, dtype=bool).reshape(len(truths), len(inst))
                      if truths else np.zeros((0, len(inst)), dtype=bool))
        self.costs = np.array([a.cost for a in self.atoms], dtype=np.int64)
        self.special = np.array([a.special for a in self.atoms], dtype=bool)

    def _keep_cheapest_of_each_truth(self, truths: list[np.ndarray]) -> None:
        """Atoms true on exactly the same instances cannot be told apart on this pool: keep the
        cheapest of each (a comparison before a maximal/minimal/unique of the same cost).

        Many are the same atom written twice (``a > b`` and ``a >= b + 1``;
        ``lowest_end_cell(h0)`` is ``size(h0)``); left in, they fill the condition search with
        one cover written many ways and crowd out the others.
        """
        best: dict[bytes, int] = {}
        for i in sorted(range(len(self.atoms)),
                        key=lambda i: (self.atoms[i].cost, self.atoms[i].special)):
            best.setdefault(truths[i].tobytes(), i)
        keep = sorted(best.values())
        self.atoms = [self.atoms[i] for i in keep]
        truths[:] = [truths[i] for i in keep]

    def _uniques(self, inst: Instances, i0: int, vectors: list[tuple[int, ...]],
                 values: np.ndarray, max_terms: int, truths: list[np.ndarray],
                 weights: CostWeights) -> None:
        """``(x is unique where C)`` for an arbitrary x and a comparison C mentioning x."""
        atoms = inst.exprs
        for b in inst.bindings:
            if not isinstance(b.pattern, Arbitrary):
                continue
            group = inst.group[b.name]
            # A comparison mentions x when a term's atom does (the literal names nothing); none
            # of those has a total (``vectors`` mix no total with an element's atoms).
            mentioning = [a for a, e in enumerate(atoms) if b.name in variables(e)]
            for f, v in enumerate(vectors):
                if f % 64 == 0:
                    self.poll()
                if sum(map(abs, v)) > max_terms or not any(v[a] for a in mentioning):
                    continue
                for c in LITERALS:
                    inner = values[:, f] + c
                    for op in OPS[1:]:
                        t = _holds_vec(op, inner)
                        if not t[i0]:
                            continue
                        counts = np.bincount(group, weights=t)
                        truth = t & (counts[group] == 1)
                        if not truth[i0] or truth.all():
                            continue
                        node = Unique(b.name, compare_of(v, c, op, atoms))
                        self.atoms.append(CondAtom(node, cond_cost(node, weights), True))
                        truths.append(truth)


def _holds_vec(op: str, x: np.ndarray) -> np.ndarray:
    return x == 0 if op == "=" else (x >= 0 if op == ">=" else x > 0)
