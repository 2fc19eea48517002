"""Pictures to black-and-white grids (numpy only): box-filter thresholding and a Netpbm reader.

The GUI turns a QImage into a numpy array and calls :func:`grid_from_pixels`; ``.pbm``/``.pgm``
files are read here directly, one pixel per cell.
"""

from __future__ import annotations

import re

import numpy as np

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import MAX_SIZE, digits
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle


def _grey(pixels: np.ndarray) -> np.ndarray:
    """Lightness in [0, 1] of a grey, RGB or RGBA image (transparent counts as white)."""
    p = np.asarray(pixels)
    if p.dtype == np.uint8:
        f = p.astype(np.float64) / 255.0
    elif p.dtype == np.bool_:
        f = p.astype(np.float64)
    else:
        raise PuzzleError(f"expected 8-bit pixels (uint8), found {p.dtype}")
    if f.ndim == 2:
        return f
    if f.ndim == 3 and f.shape[2] in (3, 4):
        grey = f[..., 0] * 0.299 + f[..., 1] * 0.587 + f[..., 2] * 0.114
        if f.shape[2] == 4:
            alpha = f[..., 3]
            grey = grey * alpha + (1.0 - alpha)
        return grey
    raise PuzzleError(f"expected an (H, W), (H, W, 3) or (H, W, 4) image, found shape {p.shape}")


def _weights(cells: int, pixels: int) -> np.ndarray:
    """``(cells, pixels)`` matrix: the share of each pixel in each cell's span (rows sum to 1)."""
    edges = np.arange(cells + 1) * (pixels / cells)
    lo = np.maximum(edges[:-1, None], np.arange(pixels)[None, :])
    hi = np.minimum(edges[1:, None], np.arange(1, pixels + 1)[None, :])
    overlap = np.clip(hi - lo, 0.0, None)
    return overlap / overlap.sum(axis=1, keepdims=True)


def grid_from_pixels(
    pixels: np.ndarray, width: int, height: int, threshold: float = 0.5, invert: bool = False
) -> np.ndarray:
    """A ``(height, width)`` grid: each cell is FILLED when the average lightness of its area is
    below ``threshold`` (above it when ``invert``), else CROSSED."""
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise PuzzleError(f"grid size must be between 1 and {MAX_SIZE}, found {width}x{height}")
    grey = _grey(pixels)
    if grey.shape[0] == 0 or grey.shape[1] == 0:
        raise PuzzleError("the image is empty")
    cells = _weights(height, grey.shape[0]) @ grey @ _weights(width, grey.shape[1]).T
    dark = cells > threshold if invert else cells < threshold
    return np.where(dark, FILLED, CROSSED).astype(np.int8)


_TOKEN = re.compile(rb"(?:\s|#[^\n\r]*)*([0-9]+|P[1-6])")


def read_netpbm(data: bytes, source: str) -> Puzzle:
    """A PBM (P1/P4) or PGM (P2/P5) picture, one cell per pixel (PGM: darker than half is
    filled)."""
    magic = data[:2]
    if magic not in (b"P1", b"P2", b"P4", b"P5"):
        raise PuzzleError("expected a PBM or PGM picture (P1, P2, P4 or P5)", source=source)
    width, height, maxval, pos = _netpbm_header(data, magic, source)
    if magic in (b"P1", b"P2"):
        pixels = _plain_pixels(data[pos:], magic, width, height, source)
    else:
        pixels = _raw_pixels(data[pos + 1 :], magic, width, height, maxval, source)
    if magic in (b"P2", b"P5") and (pixels > maxval).any():
        k = int(np.argmax(pixels > maxval))
        raise PuzzleError(
            f"pixel value {int(pixels[k])} at pixel {_pixel(k, width)} is above "
            f"the maxval {maxval} of the header (values are 0..{maxval})",
            source=source,
        )
    grid = pixels.reshape(height, width)
    if magic in (b"P1", b"P4"):
        filled = grid == 1
    else:
        filled = grid * 2 < maxval
    return Puzzle.from_grid(np.where(filled, FILLED, CROSSED).astype(np.int8))


def _netpbm_header(data: bytes, magic: bytes, source: str) -> tuple[int, int, int, int]:
    """The header's width, height and maxval (1 for PBM), checked, and where the pixels start."""
    header: list[int] = []
    pos = 2
    count = 2 if magic in (b"P1", b"P4") else 3
    while len(header) < count:
        m = _TOKEN.match(data, pos)
        if not m or not m.group(1).isdigit():
            raise PuzzleError(
                "malformed Netpbm header (expected width, height"
                f"{', maxval' if count == 3 else ''})",
                source=source,
            )
        header.append(digits(m.group(1), source))
        pos = m.end()
    width, height = header[0], header[1]
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise PuzzleError(
            f"the picture is {width}x{height} pixels; one pixel is one cell and "
            f"puzzles are limited to {MAX_SIZE}x{MAX_SIZE}",
            source=source,
        )
    maxval = header[2] if count == 3 else 1
    if not 1 <= maxval <= 65535:
        raise PuzzleError(
            f"Netpbm maxval must be between 1 and 65535, found {maxval}", source=source
        )
    return width, height, maxval, pos


def _plain_pixels(rest: bytes, magic: bytes, width: int, height: int, source: str) -> np.ndarray:
    """The pixel values of a plain (text) PBM or PGM after its header, comments removed."""
    text = re.sub(rb"#[^\n\r]*", b" ", rest)
    if magic != b"P1":
        return _plain_values(text, width, height, source)
    cells = np.frombuffer(re.sub(rb"\s", b"", text), np.uint8)  # PBM digits may touch
    if len(cells) < width * height:
        raise PuzzleError(
            f"expected {width * height} pixel values, found {len(cells)}", source=source
        )
    pixels = cells[: width * height].astype(np.int64) - 48
    if ((pixels < 0) | (pixels > 1)).any():
        raise PuzzleError("PBM pixels must be 0 or 1", source=source)
    return pixels


def _raw_pixels(
    body: bytes, magic: bytes, width: int, height: int, maxval: int, source: str
) -> np.ndarray:
    """The pixel values of a raw (binary) PBM or PGM from the bytes after its header."""
    if magic == b"P4":
        stride = (width + 7) // 8
        if len(body) < stride * height:
            raise PuzzleError(
                f"truncated PBM data: expected {stride * height} bytes, found {len(body)}",
                source=source,
            )
        packed = np.frombuffer(body[: stride * height], np.uint8).reshape(height, stride)
        return np.unpackbits(packed, axis=1)[:, :width].astype(np.int64)
    size = 2 if maxval > 255 else 1
    if len(body) < width * height * size:
        raise PuzzleError(
            f"truncated PGM data: expected {width * height * size} bytes, found {len(body)}",
            source=source,
        )
    dtype = ">u2" if size == 2 else np.uint8
    return np.frombuffer(body[: width * height * size], dtype).astype(np.int64)


_SPACE = re.compile(rb"\s")


def _plain_values(text: bytes, width: int, height: int, source: str) -> np.ndarray:
    """The first ``width * height`` whitespace-separated P2 values, parsed a megabyte at a time
    into one array (a list of millions of small objects would take gigabytes)."""
    count = width * height
    out = np.empty(count, np.int64)
    filled = pos = 0
    while filled < count and pos < len(text):
        cut = _SPACE.search(text, min(len(text), pos + 2**20))
        end = cut.start() if cut else len(text)
        values = text[pos:end].split(maxsplit=count - filled)[: count - filled]
        for k, v in enumerate(values):
            if not v.isdigit():
                raise PuzzleError(
                    f"pixel values must be numbers, found {v[:20]!r} at pixel "
                    f"{_pixel(filled + k, width)}",
                    source=source,
                )
        out[filled : filled + len(values)] = [digits(v, source) for v in values]
        filled += len(values)
        pos = end
    if filled < count:
        raise PuzzleError(f"expected {count} pixel values, found {filled}", source=source)
    return out


def _pixel(index: int, width: int) -> str:
    """``row R, column C`` (1-based) of the ``index``-th pixel."""
    return f"row {index // width + 1}, column {index % width + 1}"


#: Largest picture the image import decodes (megapixels); a 4096x4096 grid needs far fewer.
MAX_IMAGE_PIXELS = 64_000_000


def image_size_problem(width: int, height: int, limit_mb: int = 0) -> str | None:
    """Why a picture of ``width`` x ``height`` pixels is too large to import, or None.

    ``limit_mb`` is the decoder's memory limit in megabytes (4 bytes a pixel; 0: none); the
    message names the picture's size and the limit it breaks.
    """
    if width <= 0 or height <= 0:
        return None
    pixels = width * height
    if pixels > MAX_IMAGE_PIXELS:
        return (
            f"the image is {width}x{height} pixels ({pixels / 1e6:.1f} megapixels); images "
            f"of at most {MAX_IMAGE_PIXELS / 1e6:.0f} megapixels can be imported"
        )
    needed = pixels * 4 / 2**20
    if limit_mb and needed > limit_mb:
        return (
            f"the image is {width}x{height} pixels and needs {needed:.0f} MB to decode; "
            f"images needing at most {limit_mb} MB can be imported"
        )
    return None
