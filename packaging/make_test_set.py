"""Build the test set nonostudio ships: line transitions from the bundled sample puzzles.

``python3 packaging/make_test_set.py [OUT.json]`` (default: ``resources/testsets/samples.json``)
makes one seeded random rollout of every bundled sample puzzle (``resources/samples/*.non``, each
freely licensed; see its README.md), the paper's method (:mod:`nonostudio.learn.mining.rollout`),
and writes the transitions in the paper's ``testing-set.json`` form.  ``rules coverage``, ``learn
export`` and ``learn report`` measure on this set when the paper's is not given (``--test FILE`` or
``NONOSTUDIO_TEST_SET``).  The same samples and seed always give the same file;
tests/test_packaging.py regenerates it and compares.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "resources" / "samples"
DEFAULT_OUT = REPO / "resources" / "testsets" / "samples.json"
SEED = 2017  # the paper's year; any fixed seed makes the file reproducible


def build(samples: Path = SAMPLES, seed: int = SEED) -> dict:
    """The test set as a JSON-ready dict: ``description``, ``sources``, ``items``."""
    from nonostudio.core.formats import read_file
    from nonostudio.learn.mining.rollout import rollouts
    from nonostudio.rules.measuring.coverage import cells_to_fill

    files = sorted(samples.glob("*.non"))
    puzzles = [read_file(path) for path in files]
    transitions = rollouts(puzzles, seed=seed)
    cells = cells_to_fill(transitions)
    description = (
        f"nonostudio's bundled test set: {len(transitions)} line transitions ({cells} cells to "
        f"fill) from one random line-by-line rollout (seed {seed}) of each of the {len(files)} "
        f"bundled sample puzzles, made as the paper made its test set (Butler, Torlak & Popovic, "
        f"FDG 2017, §7) but from other puzzles: figures measured here are not the paper's. "
        f"Each item is a line state met in a rollout and its maximal deduction. Made by "
        f"packaging/make_test_set.py."
    )
    sources = [
        {"file": path.name, "title": p.title, "copyright": p.copyright, "license": p.licence}
        for path, p in zip(files, puzzles, strict=True)
    ]
    items = [{"hints": list(t.hints), "before": t.before, "after": t.after} for t in transitions]
    return {
        "description": description,
        "cell_legend": {"-": "unknown", "O": "filled", "x": "crossed"},
        "sources": sources,
        "items": items,
    }


def dumps(data: dict) -> str:
    """The file's text: one item per line, so a change shows as a readable diff."""
    head = {k: v for k, v in data.items() if k != "items"}
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]  # drop the closing "\n}"
    lines = ",\n".join(" " + json.dumps(item, ensure_ascii=False) for item in data["items"])
    return f'{text},\n "items": [\n{lines}\n ]\n}}\n'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(DEFAULT_OUT))
    args = parser.parse_args(argv)
    data = build()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps(data), encoding="utf-8")
    print(f"{data['description'].split(':')[1].split('(seed')[0].strip()}; written to {out}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
