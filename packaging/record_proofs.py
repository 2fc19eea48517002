"""Prove every shipped rule sound and write the proof record ``resources/rules/proofs.json``.

The same proofs CI runs (``tests/shipped_proofs.py``: each rule read afresh from
``resources/rules/``, proved with one query for all lengths, ``at_once``, the way the record names
for the rule while its text is the one recorded, in spawned worker processes, the slow ``unique``
rules first), whose verdicts are written to the record the app reads to say "proved to 30 cells
(shipped)" (:mod:`nonostudio.rules.proving.proof_record`).  Run it after changing a shipped rule or
the prover; ``tests/rules/test_proof_record.py`` fails until the record matches the shipped rules
again.

    nice python3 packaging/record_proofs.py              # every rule, ~10 min on 2 idle cores
    nice python3 packaging/record_proofs.py --stale-only # only rules not recorded or changed

The record is rewritten after each verdict (atomically), so an interrupted run keeps what it
proved.  A rule found unsound, or not settled, is left out and the script exits 1.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import sys
import time
from pathlib import Path

Key = tuple[str, int]


def _prove(key: Key, max_length: int) -> tuple[Key, str, str, bool | None, str, float]:
    """In a worker: prove rule ``key[1]`` of the shipped set ``key[0]``; returns the key, the
    rule's name, the hash of the text proved, the verdict, the counterexample and the seconds."""
    from nonostudio.rules.proving.proof_record import proof_strategy, rule_hash
    from nonostudio.rules.proving.prover import prove
    from nonostudio.rules.ruleset import load_rule_set

    rule = load_rule_set(key[0]).rules[key[1]]
    started = time.perf_counter()
    result = prove(rule, max_length, strategy=proof_strategy(key[0], rule))
    return (
        key,
        rule.name,
        rule_hash(rule),
        result.sound,
        str(result.counterexample or ""),
        time.perf_counter() - started,
    )


def _prove_star(args: tuple[Key, int]) -> tuple[Key, str, str, bool | None, str, float]:
    return _prove(*args)


def _slow_first(keys: list[Key]) -> list[Key]:
    from nonostudio.rules.language.ast import Unique, walk
    from nonostudio.rules.ruleset import load_rule_set

    def fast(key: Key) -> bool:
        rule = load_rule_set(key[0]).rules[key[1]]
        return not any(isinstance(c, Unique) for c in walk(rule.condition))

    return sorted(keys, key=lambda key: (fast(key), key))


def main(argv: list[str] | None = None) -> int:
    import z3

    import nonostudio
    from nonostudio.core.paths import rules_dir
    from nonostudio.rules.proving.proof_record import (
        RecordedProof,
        keep_strategy,
        load_record,
        record_path,
        rule_hash,
        write_record,
    )
    from nonostudio.rules.ruleset import load_rule_set

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-length", type=int, default=30, help="prove up to this many cells")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument(
        "--stale-only",
        action="store_true",
        help="prove only rules the record lacks or holds with another text",
    )
    parser.add_argument("--record", type=Path, default=None, help="record file to write")
    args = parser.parse_args(argv)
    path = args.record or record_path()

    sets = {p.stem: load_rule_set(p.stem) for p in sorted(rules_dir().glob("*.rules"))}
    record = load_record(path)
    # keep only entries for rules that still exist with the recorded text
    current = {(name, r.name): rule_hash(r) for name, s in sets.items() for r in s.rules}
    record = {k: v for k, v in record.items() if current.get(k) == v.sha256}
    keys = [(name, i) for name, s in sets.items() for i in range(len(s))]
    if args.stale_only:
        keys = [
            k
            for k in keys
            if (proof := record.get((k[0], sets[k[0]].rules[k[1]].name))) is None
            or proof.max_length < args.max_length
        ]
    keys = _slow_first(keys)
    print(
        f"proving {len(keys)} rules to {args.max_length} cells on {args.jobs} workers", flush=True
    )

    versions = dict(prover=f"nonostudio {nonostudio.__version__}", z3=z3.get_version_string())
    failures = []
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        work = [(k, args.max_length) for k in keys]
        for done, (key, name, digest, sound, ce, seconds) in enumerate(
            pool.imap_unordered(_prove_star, work), 1
        ):
            verdict = {True: "sound", False: f"UNSOUND: {ce}", None: "not settled"}[sound]
            print(f"[{done}/{len(keys)}] {key[0]} {name}: {verdict} ({seconds:.1f} s)", flush=True)
            if sound is not True:
                failures.append(f"{key[0]} {name}: {verdict}")
                continue
            if current.get((key[0], name)) != digest:
                failures.append(f"{key[0]} {name}: the file changed during the run")
                continue
            date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
            proved = RecordedProof(
                key[0],
                name,
                digest,
                args.max_length,
                date=date,
                seconds=round(seconds, 1),
                **versions,
            )
            record[(key[0], name)] = keep_strategy(proved, record)  # its measured way
            write_record(record.values(), path)
    print(
        f"done in {time.perf_counter() - started:.0f} s; {len(record)} rules recorded in {path}",
        flush=True,
    )
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
