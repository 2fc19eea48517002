"""Shared helpers for the benchmarks: where the anchor data is, the survey puzzles by name."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ANCHORS = REPO.parent / "shared" / "anchors"
PUZZLES = ANCHORS / "puzzles"

# Wolter's survey puzzles (webpbn.com/survey) as they appear in the anchor corpora: name -> spec
# for nonostudio.core.formats.parse_puzzle_arg ("path#item" for collections).
SURVEY = {
    "Dancer": "picross-solver/webpbn/webpbn-00001-dancer.non",
    "Cat": "picross-solver/webpbn/webpbn-00006-cat.non",
    "Skid": "picross-solver/webpbn/webpbn-00021-skid.non",
    "Bucks": "picross-solver/webpbn/webpbn-00027-bucks.non",
    "Edge": "picross-solver/webpbn/webpbn-00023-edge.non",
    "Knot": "picross-solver/webpbn/webpbn-00016-knot.non",
    "Swing": "picross-solver/webpbn/webpbn-00529-swing.non",
    "Mum": "picross-solver/webpbn/webpbn-00065-mum.non",
    "Petro": "picross-solver/webpbn/webpbn-00436-petroglyph.non",
    "Merka": "fastnonogramsolver-survey/webpbn-01611.nin",
    "Light": "fastnonogramsolver-survey/webpbn-00803.nin",
    "Forever": "picross-solver/webpbn/webpbn-06574-forever.non",
    "9-Dom": "picross-solver/domino_logic.txt#9-Dom",
    "Cauldron": "picross-solver/cauldron.non",
    "Knotty": "fastnonogramsolver-survey/knotty.nin",
    "Faase": "emacs-nonogram/33-faase.non",
}


# The 13 public colour puzzle files of the anchor corpora (paths below PUZZLES), all "unique
# logical" for pbnsolve; benchmarks and tests of colour read them from here.
PUBLIC_COLOUR = (
    "pbnsolve-examples/acorn.g",
    "pbnsolve-examples/alladin.g",
    "pbnsolve-examples/bird2.g",
    "pbnsolve-examples/rose.g",
    "pbnsolve-examples/spaceShuttle.g",
    "number-loom/listen_left_and_right.xml",
    "number-loom/little_hauler.xml",
    "number-loom/look_sharp.xml",
    "number-loom/missing.xml",
    "number-loom/not_invented_yet_1.xml",
    "number-loom/take_two.xml",
    "nonogrid/UK.toml",
    "pynogram/uk.txt",
)


def require_anchors() -> None:
    if not PUZZLES.is_dir():
        print(f"anchor data not found at {PUZZLES}", file=sys.stderr)
        sys.exit(2)


def survey_spec(name: str) -> str:
    return str(PUZZLES / SURVEY[name])
