"""The fuzz seeds kept in the repository (``tests/data/fuzz_seeds/<format>/``) and how they are
made.

The fuzz test starts from real files of every format. The anchor corpora beside the checkout
(``ANCHORS`` of ``tests/conftest.py``) hold many, but a clone has nothing beside it, and the
product writes only a few formats itself. So the seeds of the formats it only reads (Olšák
``.g`` and ``.mk``, Wilk ``.nin``, picross-solver text, the TOML-like text of pynogram and
nonogrid) are written here, from pictures drawn in this file and a few random ones, in the
layouts those programs' files use (title text and a colour block in ``.g``, comments, quoted and
comma-separated TOML clues, several grids in one picross-solver file). The ``.non`` and XML
seeds of the same pictures come from the product's own writers. Nothing in them is copied from
another project's file.

``python3 tests/core/fuzz_seed_files.py`` writes the folder again;
``test_the_seed_folder_is_what_this_module_writes`` checks the files are what it writes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from nonostudio.core.formats import write_text
from nonostudio.core.puzzle import Puzzle

SEED_DIR = Path(__file__).resolve().parents[1] / "data" / "fuzz_seeds"

Clues = Sequence[Sequence[int]]

#: Pictures drawn for the seeds: name -> rows of ``#`` (filled) and ``.`` (empty). Non-square
#: ones catch a reader that takes width and height in the wrong order; blank lines give the
#: empty clue (``0``) of every format.
PICTURES: dict[str, tuple[str, ...]] = {
    "kite": (
        "..#..",
        ".###.",
        "#####",
        ".###.",
        "..#..",
        "..#..",
        ".#...",
    ),
    "boat": (
        "....#...",
        "...##...",
        "..###...",
        ".####...",
        "....#...",
        "########",
        ".######.",
        "........",
    ),
    "gate": (
        "##########",
        "#........#",
        "#.##..##.#",
        "#.##..##.#",
        "..........",
        "#.#.#.#.#.",
    ),
    "dot": ("#",),
    "stripes": (
        "#.#.#.#.#.#.",
        "............",
        "############",
    ),
}
#: Random pictures (half the cells filled) of these sizes, from a fixed seed.
RANDOM_SIZES = ((12, 9), (15, 15), (20, 7))


def pictures() -> dict[str, Puzzle]:
    """Every seed picture as a puzzle whose goal is the picture."""
    out: dict[str, Puzzle] = {}
    for name, rows in PICTURES.items():
        grid = np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8)
        out[name] = _puzzle(grid, name)
    rng = np.random.default_rng(20261129)
    for width, height in RANDOM_SIZES:
        grid = (rng.random((height, width)) < 0.5).astype(np.int8)
        name = f"random-{width}x{height}"
        out[name] = _puzzle(grid, name)
    return out


def _puzzle(filled: np.ndarray, name: str) -> Puzzle:
    from nonostudio.core.line import CROSSED, FILLED

    grid = np.where(filled == 1, FILLED, CROSSED).astype(np.int8)
    return Puzzle.from_grid(grid, title=name, author="nonostudio tests", licence="GPL-3.0-or-later")


def _numbers(clue: Sequence[int], sep: str = " ") -> str:
    return sep.join(map(str, clue)) if clue else "0"


def write_g(p: Puzzle, name: str) -> str:
    """Olšák ``.g``: free text, a ``#`` block declaring a colour (unused), ``:`` rows, ``:``
    columns, a third ``:`` line and free text after it."""
    return "".join(
        [
            f"{name}: a picture drawn for the fuzz seeds of nonostudio\n",
            "#d\n  k:k  black\n",
            ": rows\n",
            *(f"{_numbers(c)}\n" for c in p.rows),
            ": columns\n",
            *(f"{_numbers(c)}\n" for c in p.cols),
            ":\nthe end\n",
        ]
    )


def write_g_plain(p: Puzzle, _name: str) -> str:
    """Olšák ``.g`` with nothing but the two sections, numbers separated by tabs."""
    rows = "".join(f"{_numbers(c, chr(9))}\n" for c in p.rows)
    cols = "".join(f"{_numbers(c, chr(9))}\n" for c in p.cols)
    return f":\n{rows}:\n{cols}"


def write_mk(p: Puzzle, _name: str) -> str:
    """Olšák ``.mk``: ``H W``, the rows, ``#``, the columns."""
    rows = "".join(f"{_numbers(c)}\n" for c in p.rows)
    cols = "".join(f"{_numbers(c)}\n" for c in p.cols)
    return f"{p.height} {p.width}\n{rows}#\n{cols}"


def write_nin(p: Puzzle, _name: str) -> str:
    """Wilk ``.nin``: ``W H`` (width first), the rows, the columns."""
    rows = "".join(f"{_numbers(c)}\n" for c in p.rows)
    cols = "".join(f"{_numbers(c)}\n" for c in p.cols)
    return f"{p.width} {p.height}\n{rows}{cols}"


def write_nin_commented(p: Puzzle, name: str) -> str:
    """Wilk ``.nin`` with ``#`` comment lines and blank lines between the parts."""
    rows = "".join(f"{_numbers(c)}\n" for c in p.rows)
    cols = "".join(f"{_numbers(c)}\n" for c in p.cols)
    return f"# {name}\n{p.width} {p.height}\n\n# rows\n{rows}\n# columns\n{cols}"


def write_picross(puzzles: Sequence[tuple[str, Puzzle]]) -> str:
    """picross-solver's native text: one ``GRID`` block per puzzle, ``[ 1 2 ]`` clue lines."""
    out = ["# grids drawn for the fuzz seeds of nonostudio\n"]
    for name, p in puzzles:
        out.append(f"\nGRID {name}\nROWS\n")
        out.extend(f"[ {' '.join(map(str, c))} ]\n" for c in p.rows)
        out.append("COLUMNS\n")
        out.extend(f"[ {' '.join(map(str, c))} ]\n" for c in p.cols)
    return "".join(out)


def write_toml(p: Puzzle, name: str) -> str:
    """nonogrid's TOML-like text: ``#`` comment lines, then triple-quoted clue blocks."""
    cols = "\n".join(_numbers(c) for c in p.cols)
    rows = "\n".join(_numbers(c) for c in p.rows)
    return (
        f"# {name}\n# drawn for the fuzz seeds of nonostudio\n#\n\n"
        f"[clues]\ncolumns = '''\n{cols}\n'''\n\nrows = '''\n{rows}\n'''\n"
    )


def write_toml_inline(p: Puzzle, _name: str) -> str:
    """pynogram's TOML-like text: comma-separated clues on one line, ``;`` and ``#`` comments,
    ``cols`` for ``columns``."""
    cols = ", ".join(_numbers(c) for c in p.cols)
    rows = ", ".join(_numbers(c) for c in p.rows)
    return f"; made for the fuzz seeds\n[clues]\ncols = {cols}  # columns\nrows = {rows}\n"


#: (folder, file extension, writer of one picture) of the formats the product does not write.
WRITERS: tuple[tuple[str, str, Callable[[Puzzle, str], str]], ...] = (
    ("g", "g", write_g),
    ("g", "plain.g", write_g_plain),
    ("mk", "mk", write_mk),
    ("nin", "nin", write_nin),
    ("nin", "commented.nin", write_nin_commented),
    ("toml", "toml", write_toml),
    ("toml", "inline.txt", write_toml_inline),
)
#: The product's own writers, for the formats it writes.
PRODUCT_FORMATS = (("non", "non"), ("xml", "xml"))


def seed_files() -> dict[str, str]:
    """Every seed file: its path under the seed folder -> its text."""
    made = pictures()
    files: dict[str, str] = {}
    for name, puzzle in made.items():
        for folder, ext, write in WRITERS:
            files[f"{folder}/{name}.{ext}"] = write(puzzle, name)
        for folder, fmt in PRODUCT_FORMATS:
            files[f"{folder}/{name}.{fmt}"] = write_text(puzzle, fmt).rstrip("\n") + "\n"
    items = list(made.items())
    files["picross/pictures.txt"] = write_picross(items[: len(PICTURES)])
    files["picross/random.txt"] = write_picross(items[len(PICTURES) :])
    return files


def format_of(path: Path) -> str:
    """The reader a seed file is meant for: the name of its folder."""
    return path.parent.name


def write_folder(folder: Path = SEED_DIR) -> None:
    """Write every seed file into ``folder`` (files of earlier versions are left alone)."""
    for relative, text in seed_files().items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    write_folder(Path(sys.argv[1]) if len(sys.argv) > 1 else SEED_DIR)
