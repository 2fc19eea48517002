"""The active pool a candidate search starts from (:mod:`nonostudio.learn.synthesis.candidates`):
the specification's line, its *twin* lines (lines no condition atom tells apart from it where a fill
covering its run is wrong) and every valid short line, bound to a pattern set's instances."""

from __future__ import annotations

import numpy as np

from nonostudio.core.linesolver import masks_text
from nonostudio.learn.mining.pool import Instances, PoolLine, pool_line
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.synthesis.search_options import SearchOptions
from nonostudio.learn.synthesis.synth_run import SpecRun
from nonostudio.learn.synthesis.verify import ACTIVE_LENGTH, all_lines_instances
from nonostudio.rules.language.ast import Arbitrary, Binding, Constant, Singleton

MAX_TWINS = 16  # twin lines (see twin_lines) added to the active pool at the start


def spec_instance(
    inst: Instances, bindings: tuple[Binding, ...], spec: Specification
) -> int | None:
    """The instance binding the specification's own elements on its line (the pool's first
    line), or None when ``bindings`` cannot bind them there."""
    at_spec = inst.line == 0
    for b, orig in zip(bindings, spec.patterns, strict=True):
        at_spec &= inst.index[b.name] == _spec_index(orig)
    hits = np.flatnonzero(at_spec)
    return int(hits[0]) if len(hits) else None


def _spec_index(binding: Binding) -> int:
    """The index of the element a specification's pattern binds (singletons bind element 0)."""
    match binding.pattern:
        case Singleton():
            return 0
        case Constant(index=index):
            return index
        case _:
            raise ValueError(
                f"a specification binds {binding.name} by a singleton or constant pattern"
            )


def _neighbours(line: PoolLine) -> list[PoolLine]:
    """Valid states of the same hints up to two cell changes away (a known cell blanked, an
    unknown cell set to either value)."""
    n = line.n
    filled = line.known & line.forced_filled
    crossed = line.known & ~filled

    def step(f: int, c: int) -> list[tuple[int, int]]:
        out = []
        for i in range(n):
            bit = 1 << i
            if (f | c) & bit:
                out.append((f & ~bit, c & ~bit))
            else:
                out += [(f | bit, c), (f, c | bit)]
        return out

    seen = {(filled, crossed)}
    for f, c in step(filled, crossed):
        seen.add((f, c))
        seen.update(step(f, c))
    seen.discard((filled, crossed))
    lines = (pool_line(line.hints, masks_text(n, f, c)) for f, c in sorted(seen))
    return [pl for pl in lines if pl is not None]


def _signature(inst: Instances, options: SearchOptions) -> np.ndarray:
    """Per instance: the value of every atom ``options`` allows and whether each bound element
    is maximal / minimal."""
    flags = [inst.extreme[k].astype(np.int64)[:, None] for k in sorted(inst.extreme)]
    allowed = [a for a, x in enumerate(inst.exprs) if options.atom_allowed(x)]
    return np.concatenate([inst.atoms[:, allowed], *flags], axis=1)


def twin_lines(
    run: SpecRun, bindings: tuple[Binding, ...], first: PoolLine, check: Instances
) -> list[PoolLine]:
    """Lines with an instance that no comparison or maximal/minimal tells apart from the
    specification's instance (same atom values and extremes) but where the specification's run
    is not forced to its value: every fill covering the run is wrong there.

    They are searched among the check pool and the specification line's near neighbours, and
    seed the active pool so that the search meets them at once.
    """
    spec = run.spec
    near = Instances(bindings, [first, *_neighbours(first)], run.check)
    i0 = spec_instance(near, bindings, spec)
    if i0 is None:
        return []
    key = _signature(near, run.options)[i0]
    run_mask = (1 << spec.end) - (1 << spec.start)
    out: list[PoolLine] = []
    for inst in (near, check):
        same = (_signature(inst, run.options) == key).all(axis=1)
        same &= (inst.forced[spec.value] & run_mask) != run_mask
        out += [inst.lines[i] for i in np.unique(inst.line[same]).tolist()]
    return list(dict.fromkeys(out))


def starting_pool(
    run: SpecRun, bindings: tuple[Binding, ...], check: Instances
) -> Instances | None:
    """The active pool a search of ``bindings`` starts from: the specification's line, its twin
    lines (:func:`twin_lines`) and every valid line up to :data:`ACTIVE_LENGTH` cells; None when
    a twin rules the pattern set out (it has no arbitrary pattern, so no ``unique``).  Built once
    per pattern set and specification."""
    if bindings in run.starts:
        return run.starts[bindings]
    spec = run.spec
    first = pool_line(spec.transition.hints, spec.transition.before)
    if first is None:
        raise ValueError(f"specification {spec.key}: the line has no solution")
    twins = twin_lines(run, bindings, first, check)
    inst: Instances | None = None
    if not twins or any(isinstance(b.pattern, Arbitrary) for b in bindings):
        inst = Instances.concat(
            [
                Instances(bindings, [first, *twins[:MAX_TWINS]], run.check),
                all_lines_instances(bindings, ACTIVE_LENGTH, run),
            ]
        )
    run.starts[bindings] = inst
    return inst
