"""Build a validation set of test transitions from real puzzles (run by hand).

``python tests/benchmarks/make_validation_set.py OUT.json [--puzzles 60] [--seed 0]`` picks puzzles
at random among the janko.at corpus rows of ``INDEX.csv`` that pbnsolve marks ``unique logical``
with both sides between 10 and 30 cells (the paper's line lengths), makes one random rollout of
each (:mod:`nonostudio.learn.mining.rollout`, the paper's method) and writes the transitions in the
``testing-set.json`` format, for ``learn report --test OUT.json``.  The corpus's licence is not
stated: the file is for internal measurement only and is not shipped.  The paper's 17 test
puzzles are different puzzles, so choices made on this set are not tuned to the published set.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys

from _anchors import PUZZLES, require_anchors

from nonostudio.core.formats import read_file
from nonostudio.learn.mining.rollout import rollouts, write_transitions
from nonostudio.rules.measuring.coverage import cells_to_fill


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--puzzles", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    require_anchors()
    with open(PUZZLES / "INDEX.csv", encoding="utf-8") as f:
        rows = [
            r
            for r in csv.DictReader(f)
            if r["source"] == "janko-puzzlekit"
            and r["pbnsolve_u_b"] == "unique logical"
            and 10 <= int(r["width"]) <= 30
            and 10 <= int(r["height"]) <= 30
        ]
    rng = random.Random(args.seed)
    chosen = rng.sample(rows, min(args.puzzles, len(rows)))
    puzzles = [read_file(PUZZLES / r["file"], r["item"] or None) for r in chosen]
    transitions = rollouts(puzzles, seed=args.seed)
    cells = cells_to_fill(transitions)
    note = (
        f"{len(transitions)} transitions from one rollout each of {len(puzzles)} janko.at "
        f"puzzles (seed {args.seed}); licence not stated: internal measurement only"
    )
    write_transitions(transitions, args.out, note)
    print(f"{note}; {cells} cells to fill; written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
