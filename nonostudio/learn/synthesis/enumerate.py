"""The synthesis search space: the linear forms over a pattern set's atoms (fill expressions)
and the condition atoms built from them, each with its cheapest syntax and its cost
(docs/rule-language.md §4), and their truth on a pool of instances (:class:`ConditionSpace`).
Which constructs a run may use is :class:`SearchOptions`
(:mod:`nonostudio.learn.synthesis.search_options`, re-exported here).  Why forms and not syntax
trees: docs/design/learning.md, "The search space".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from nonostudio.learn.mining.pool import Instances
from nonostudio.learn.synthesis.search_options import (
    CONSTRUCTS,
    DEFAULT_OPTIONS,
    EXTENSIONS,
    MAX_WEIGHT,
    SearchOptions,
)
from nonostudio.rules.language import ast
from nonostudio.rules.language.cost import DEFAULT_WEIGHTS, CostWeights, cond_cost, expr_cost

__all__ = [
    "CONSTRUCTS",
    "DEFAULT_OPTIONS",
    "EXTENSIONS",
    "MAX_WEIGHT",
    "LITERALS",
    "OPS",
    "CondAtom",
    "ConditionSpace",
    "Form",
    "SearchOptions",
    "allowed_vectors",
    "banned_atoms",
    "coefficient_vectors",
    "compare_of",
    "fill_forms",
    "form_expr",
]

LITERALS = (-1, 0, 1)
OPS = ("=", ">=", ">")


def allowed_vectors(
    vectors: Sequence[tuple[int, ...]],
    atoms: list[ast.Expr] | tuple[ast.Expr, ...],
    options: SearchOptions,
    where: bool = False,
) -> Sequence[tuple[int, ...]]:
    """The coefficient vectors that use only atoms ``options`` allows (in a form that says
    where, when ``where``: see :func:`banned_atoms`)."""
    banned = banned_atoms(atoms, options, where)
    if not banned:
        return vectors
    return [v for v in vectors if not any(v[a] for a in banned)]


def banned_atoms(
    atoms: Sequence[ast.Expr], options: SearchOptions, where: bool = False
) -> tuple[int, ...]:
    """The positions of the atoms ``options`` leaves out; with ``where``, also the totals.

    A form that says where — a fill's cell range, a comparison naming an element, a widening
    conjunct — never uses a total: totals are counts, compared only with counts and line_size.
    """
    return tuple(
        a
        for a, atom in enumerate(atoms)
        if not options.atom_allowed(atom) or (where and isinstance(atom, ast.Total))
    )


def _comparison_vectors_of(
    atoms: Sequence[ast.Expr], max_terms: int, options: SearchOptions
) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """:func:`_comparison_vectors` for these atoms and options."""
    totals = tuple(a for a, e in enumerate(atoms) if isinstance(e, ast.Total))
    elements = tuple(a for a, e in enumerate(atoms) if ast.variables(e))
    return _comparison_vectors(
        len(atoms), max_terms, banned_atoms(atoms, options), totals, elements
    )


@lru_cache(maxsize=256)
def _comparison_vectors(
    n_atoms: int,
    max_terms: int,
    banned: tuple[int, ...],
    totals: tuple[int, ...] = (),
    elements: tuple[int, ...] = (),
) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """The non-zero coefficient vectors that use no ``banned`` atom and do not mix a total with
    an element's atoms (a count compared with counts or the line's length: "the filled cells
    are as many as the clues ask for"), as a list and as a matrix (one row each), and whether
    each one's first non-zero coefficient is positive.  Remembered: every search round of a
    pattern set asks for the same ones."""
    vectors = [
        v
        for v in coefficient_vectors(n_atoms, max_terms)
        if any(v)
        and not any(v[a] for a in banned)
        and not (any(v[a] for a in totals) and any(v[a] for a in elements))
    ]
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
    expr: ast.Expr
    cost: int


def _terms(
    coeffs: tuple[int, ...], atoms: Sequence[ast.Expr]
) -> tuple[list[ast.Expr], list[ast.Expr]]:
    pos: list[ast.Expr] = []
    neg: list[ast.Expr] = []
    for a, c in enumerate(coeffs):
        (pos if c > 0 else neg).extend([atoms[a]] * abs(c))
    return pos, neg


def _chain(first: ast.Expr, plus: list[ast.Expr], minus: list[ast.Expr]) -> ast.Expr:
    out = first
    for t in plus:
        out = ast.Arith("+", out, t)
    for t in minus:
        out = ast.Arith("-", out, t)
    return out


def form_expr(coeffs: tuple[int, ...], literal: int, atoms: Sequence[ast.Expr]) -> ast.Expr:
    """The expression of a form: positive terms, then negative ones, then the literal."""
    pos, neg = _terms(coeffs, atoms)
    if pos:
        out = _chain(pos[0], pos[1:], neg)
        if literal:
            out = ast.Arith("+" if literal > 0 else "-", out, ast.Lit(abs(literal)))
        return out
    if literal >= 0:
        return _chain(ast.Lit(literal), [], neg)
    return _chain(ast.Lit(0), [], neg + [ast.Lit(-literal)])


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


def fill_forms(
    atoms: list[ast.Expr] | tuple[ast.Expr, ...],
    max_terms: int = 3,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> tuple[Form, ...]:
    """Every fill expression (form) of up to ``max_terms`` atom terms plus a literal (of the
    atoms ``options`` allows, costed by its weights).  Remembered per atoms and options: every
    search round of a pattern set asks for the same forms."""
    return _fill_forms(tuple(atoms), max_terms, options)


@lru_cache(maxsize=256)
def _fill_forms(
    atoms: tuple[ast.Expr, ...], max_terms: int, options: SearchOptions
) -> tuple[Form, ...]:
    out = []
    for v in allowed_vectors(
        coefficient_vectors(len(atoms), max_terms), atoms, options, where=True
    ):
        for c in LITERALS:
            if not any(v) and c < 0:
                continue
            e = form_expr(v, c, atoms)
            out.append(Form(v, c, e, expr_cost(e, options.weights)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CondAtom:
    """One conjunct a condition may use; ``special`` for maximal/minimal/unique."""

    cond: ast.Cond
    cost: int
    special: bool


def compare_of(
    coeffs: tuple[int, ...], literal: int, op: str, atoms: Sequence[ast.Expr]
) -> ast.Compare:
    """``form op 0`` with positive terms (and a positive literal) on the left."""
    pos, neg = _terms(coeffs, atoms)
    if literal > 0:
        pos.append(ast.Lit(literal))
    elif literal < 0:
        neg.append(ast.Lit(-literal))
    left = _chain(pos[0], pos[1:], []) if pos else ast.Lit(0)
    right = _chain(neg[0], neg[1:], []) if neg else ast.Lit(0)
    return ast.Compare(op, left, right)


def _comparison(
    coeffs: tuple[int, ...],
    literal: int,
    op: str,
    atoms: tuple[ast.Expr, ...],
    weights: CostWeights = DEFAULT_WEIGHTS,
) -> CondAtom:
    """The condition atom ``form op 0`` with its cost."""
    cond = compare_of(coeffs, literal, op, list(atoms))
    return CondAtom(cond, cond_cost(cond, weights), False)


@lru_cache(maxsize=256)
def _comparisons_met(
    atoms: tuple[ast.Expr, ...], max_terms: int, options: SearchOptions
) -> dict[tuple[int, int, int], CondAtom]:
    """The comparison atoms built so far for these atoms and options, by (form, literal,
    operator) position: the same atoms recur on every round (keyed by position, not by the
    atoms themselves, which would hash each one)."""
    return {}


class ConditionSpace:
    """Truth of every condition atom on an instance set, restricted to those true on ``i0``."""

    def __init__(
        self,
        inst: Instances,
        i0: int,
        max_terms: int = 3,
        unique_terms: int = 2,
        poll: Callable[[], None] | None = None,
        options: SearchOptions = DEFAULT_OPTIONS,
    ) -> None:
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
                atom = met[f, ci, oi] = _comparison(
                    vectors[f], LITERALS[ci], OPS[oi], key_atoms, weights
                )
            self.atoms.append(atom)
            truths.append(truth)
        for b in inst.bindings if options.allows("extremes") else ():
            for kind, node in (("max", ast.Maximal(b.name)), ("min", ast.Minimal(b.name))):
                truth = inst.extreme[(b.name, kind)]
                if truth[i0] and not truth.all():
                    self.atoms.append(CondAtom(node, cond_cost(node, weights), True))
                    truths.append(truth)
        if options.allows("unique"):
            self._uniques(inst, i0, vectors, values, unique_terms, truths, weights)
        self._keep_cheapest_of_each_truth(truths)
        self.truth = (
            np.array(truths, dtype=bool).reshape(len(truths), len(inst))
            if truths
            else np.zeros((0, len(inst)), dtype=bool)
        )
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
        for i in sorted(
            range(len(self.atoms)), key=lambda i: (self.atoms[i].cost, self.atoms[i].special)
        ):
            best.setdefault(truths[i].tobytes(), i)
        keep = sorted(best.values())
        self.atoms = [self.atoms[i] for i in keep]
        truths[:] = [truths[i] for i in keep]

    def _uniques(
        self,
        inst: Instances,
        i0: int,
        vectors: list[tuple[int, ...]],
        values: np.ndarray,
        max_terms: int,
        truths: list[np.ndarray],
        weights: CostWeights,
    ) -> None:
        """``(x is unique where C)`` for an arbitrary x and a comparison C mentioning x."""
        atoms = inst.exprs
        for b in inst.bindings:
            if not isinstance(b.pattern, ast.Arbitrary):
                continue
            group = inst.group[b.name]
            # A comparison mentions x when a term's atom does (the literal names nothing); none
            # of those has a total (``vectors`` mix no total with an element's atoms).
            mentioning = [a for a, e in enumerate(atoms) if b.name in ast.variables(e)]
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
                        node = ast.Unique(b.name, compare_of(v, c, op, atoms))
                        self.atoms.append(CondAtom(node, cond_cost(node, weights), True))
                        truths.append(truth)


def _holds_vec(op: str, x: np.ndarray) -> np.ndarray:
    return x == 0 if op == "=" else (x >= 0 if op == ">=" else x > 0)
