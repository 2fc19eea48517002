"""The narrowed learning run on lines of 8 cells (docs/design/learning.md): creates it in a job
store of its own and says how to run and resume it with ``learn run``.

Run by hand: ``python tests/benchmarks/n8_run.py STORE [--pairs N] [--triples N] [--seed S]``;
``python tests/benchmarks/n8_run.py STORE --report`` prints where the run stands, its synthesis
seconds per kind of item, and the projected time of the full n <= 8 run on k workers from them.
The run holds the specifications of the canonical transitions of lines of exactly 8 cells (the
shipped learned set comes from lines up to 7) whose patterns all name the *first* hint, block or
gap (a singleton or ``constant(t, 0)``: the patterns of edge fill, mercury and the other
documented first-element strategies) and that no rule of the shipped learned set covers already
(``CoveringRules``: the runner would skip them).  Of those, every one-pattern specification,
a seeded sample of ``--pairs`` two-pattern ones and of ``--triples`` three-pattern ones (these
get only the constant-level search, ``three_narrow``).  Everything else about it is a plain
``learn run`` run: its settings are stored as LearnSettings (with a ``narrowed`` entry saying
the above), so ``learn run --resume ID --store STORE --cluster local:1`` runs it and resumes it
after any stop, and ``learn status`` / ``learn export`` read it.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from nonostudio.learn.mining.specs import (  # noqa: E402
    Specification,
    canonical_transitions,
    specifications,
)
from nonostudio.learn.running.runner_skips import CoveringRules  # noqa: E402
from nonostudio.learn.store.jobs import JobStore  # noqa: E402
from nonostudio.learn.store.run_settings import LearnSettings  # noqa: E402
from nonostudio.rules.language.ast import Constant, Singleton  # noqa: E402
from nonostudio.rules.language.printer import format_rule  # noqa: E402
from nonostudio.rules.ruleset import load_rule_set  # noqa: E402

LENGTH = 8


def names_first_only(spec: Specification) -> bool:
    """Whether every pattern of ``spec`` names the first element of its type."""
    return all(
        isinstance(b.pattern, Singleton)
        or (isinstance(b.pattern, Constant) and b.pattern.index == 0)
        for b in spec.patterns
    )


def narrowed_specifications(
    pairs: int, triples: int, seed: int, known: str = "learned"
) -> tuple[list[Specification], dict[str, int]]:
    """The run's specifications in mined order, and how many of each kind there were before
    sampling (for the projection of the whole narrowed run)."""
    covering = CoveringRules(
        [("known", {"rules": [format_rule(r) for r in load_rule_set(known).rules]})]
    )
    kinds: dict[int, list[Specification]] = {1: [], 2: [], 3: []}
    covered = 0
    for transition in canonical_transitions(LENGTH):
        for spec in specifications(transition, 3, three_first=True):
            if not names_first_only(spec):
                continue
            if covering.covers(spec):
                covered += 1
            else:
                kinds[len(spec.patterns)].append(spec)
    counts = {f"{k} patterns": len(v) for k, v in kinds.items()} | {"covered": covered}
    rng = random.Random(seed)
    chosen = set(kinds[1])
    for k, size in ((2, pairs), (3, triples)):
        chosen.update(rng.sample(kinds[k], min(size, len(kinds[k]))))
    ordered = [s for k in (1, 2, 3) for s in kinds[k] if s in chosen]
    return ordered, counts


def report(store_path: Path, run: int = 1) -> None:
    """Where the run stands, its seconds per kind, and the projected full n <= 8 run."""
    from collections import Counter

    from nonostudio.learn.mining.specs import all_specifications

    with JobStore(store_path) as store:
        records = store.records(run)
        info = store.run(run)
    statuses = Counter(str(r.status) for r in records)
    by_kind: dict[tuple[int, str], list[float]] = {}
    for r in records:
        if r.seconds is not None:
            which = "narrow" if r.status == "skipped" else "full"
            by_kind.setdefault((len(r.spec.patterns), which), []).append(r.seconds)
    total = sum(sum(v) for v in by_kind.values())
    print(f"run {run} of {store_path}: {dict(statuses)}; {total:.0f} synthesis s so far")
    print(f"  narrowed: {info.settings.get('narrowed')}")
    for (patterns, which), seconds in sorted(by_kind.items()):
        print(
            f"  8 cells, {patterns} pattern(s), {which} search: {len(seconds)} items, mean "
            f"{sum(seconds) / len(seconds):.2f} s, max {max(seconds):.1f} s"
        )
    # The full narrowed n <= 8 run (every pattern set of one or two patterns, three only of
    # first elements and searched narrowly), none skipped: lines up to 7 cells at the measured
    # cost of the shipped set's whole run, 8 cells at this run's means per pattern count.
    counts = Counter(
        len(s.patterns)
        for s in all_specifications(LENGTH, 3, three_first=True)
        if len(s.transition.before) == LENGTH
    )
    mean = {
        k: sum(v) / len(v)
        for k, v in (
            (1, by_kind.get((1, "full"), [])),
            (2, by_kind.get((2, "full"), [])),
            (3, by_kind.get((3, "narrow"), []) or by_kind.get((2, "narrow"), [])),
        )
        if v
    }
    up_to_7 = 14185.0  # the shipped set's whole n <= 7 run (run-s29: 3 patterns, 80 s budget)
    eight = sum(counts[k] * mean.get(k, 0.0) for k in counts)
    hours = (up_to_7 + eight) / 3600
    missing = [k for k in counts if k not in mean]
    print(
        f"  projected full n <= 8 run: 8-cell items {dict(counts)}, about {eight / 3600:.0f} "
        f"worker-hours for them + {up_to_7 / 3600:.1f} for lines up to 7 = {hours:.0f} "
        "worker-hours with no skip; on k workers: "
        + ", ".join(f"k={k}: {hours / k:.1f} h" for k in (1, 2, 8, 32, 128))
        + (f" (no measure yet for {missing} patterns)" if missing else "")
    )


def main() -> None:
    if "--report" in sys.argv:
        report(Path(sys.argv[1]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--pairs", type=int, default=600)
    parser.add_argument("--triples", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=60.0)
    args = parser.parse_args()
    specs, counts = narrowed_specifications(args.pairs, args.triples, args.seed)
    settings = LearnSettings(
        max_length=LENGTH,
        max_patterns=3,
        three_first=True,
        three_narrow=True,
        budget_s=args.budget,
        jobs=1,
        seed=args.seed,
    ).to_json() | {
        "narrowed": {
            "lines": f"exactly {LENGTH} cells",
            "patterns": "only the first hint, block and gap",
            "left_out": "specifications a rule of the shipped learned set covers",
            "sampled": {"pairs": args.pairs, "triples": args.triples, "seed": args.seed},
            "before_sampling": counts,
        }
    }
    args.store.parent.mkdir(parents=True, exist_ok=True)
    with JobStore(args.store) as store:
        run = store.create_run(settings, specs)
    print(f"run {run}: {len(specs)} specifications ({counts} before sampling) in {args.store}")
    print(
        f"run and resume it: nice -n 10 nonostudio-cli learn run --resume {run} "
        f"--store {args.store} --cluster local:1"
    )


if __name__ == "__main__":
    main()
