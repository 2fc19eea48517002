"""Reading a start picture for generating, without Qt: a PNG (decoded by
:mod:`nonostudio.core.formats.png`; the common kinds: 1- to 8-bit grey, palette, RGB and RGBA,
not interlaced), a Netpbm ``.pbm``/``.pgm`` or any puzzle file that holds a goal picture.  Errors
name the file."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from nonostudio.core.errors import PuzzleError, PuzzleFileError
from nonostudio.core.formats import read_file
from nonostudio.core.formats.png import CHANNELS, PNG_SIGNATURE, png_pixels, read_chunks


def read_picture(path: str | Path) -> np.ndarray:
    """The picture in ``path``: 8-bit pixels (H, W[, C]) for a PNG, else a grid of cells
    (FILLED where dark) from a Netpbm file or a puzzle file's goal picture."""
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise PuzzleFileError(
            f"cannot read the picture: {exc.strerror or exc}", source=source
        ) from None
    if data.startswith(PNG_SIGNATURE):
        return decode_png(data, source)
    puzzle = read_file(path)
    if puzzle.goal is None:
        raise PuzzleError("the puzzle holds no goal picture to start from", source=source)
    return np.asarray(puzzle.goal)


def decode_png(data: bytes, source: str = "<png>") -> np.ndarray:
    """The pixels of a PNG: (H, W) grey, (H, W, 3) RGB or (H, W, 4) RGBA (grey with alpha as
    RGBA), 8-bit."""
    png = read_chunks(data, source)
    if (
        png.colour not in CHANNELS
        or png.depth not in (1, 2, 4, 8)
        or (png.depth != 8 and png.colour not in (0, 3))
    ):
        raise PuzzleError(
            f"PNG of colour type {png.colour} at {png.depth} bits is not supported "
            "(8-bit grey, palette, RGB or RGBA, or 1-4 bit grey or palette)",
            source=source,
        )
    return png_pixels(png, source)
