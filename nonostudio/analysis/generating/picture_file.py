"""Reading a start picture for generating, without Qt: a PNG (decoded here with zlib, the common
kinds: 1- to 8-bit grey, palette, RGB and RGBA, not interlaced), a Netpbm ``.pbm``/``.pgm`` or any
puzzle file that holds a goal picture.  Errors name the file."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

from nonostudio.core.errors import PuzzleError, PuzzleFileError
from nonostudio.core.formats import read_file

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
MAX_PIXELS = 4096 * 4096


def read_picture(path: str | Path) -> np.ndarray:
    """The picture in ``path``: 8-bit pixels (H, W[, C]) for a PNG, else a grid of cells
    (FILLED where dark) from a Netpbm file or a puzzle file's goal picture."""
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise PuzzleFileError(
            f"{source}: cannot read the picture: {exc.strerror or exc}", source=source
        ) from None
    if data.startswith(PNG_SIGNATURE):
        return decode_png(data, source)
    puzzle = read_file(path)
    if puzzle.goal is None:
        raise PuzzleError(
            f"{source}: the puzzle holds no goal picture to start from", source=source
        )
    return np.asarray(puzzle.goal)


def decode_png(data: bytes, source: str = "<png>") -> np.ndarray:
    """The pixels of a PNG: (H, W) grey, (H, W, 3) RGB or (H, W, 4) RGBA (grey with alpha as
    RGBA), 8-bit."""
    pos = len(PNG_SIGNATURE)
    header: tuple[int, ...] | None = None
    palette = b""
    alpha = b""
    chunks: list[bytes] = []
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if len(body) < length:
            break
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body[:13])
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            alpha = body
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    if header is None or not chunks:
        raise PuzzleError(
            f"{source}: not a readable PNG (no header or no image data)", source=source
        )
    width, height, depth, colour, _, _, interlace = header
    if (
        colour not in _CHANNELS
        or depth not in (1, 2, 4, 8)
        or (depth != 8 and colour not in (0, 3))
    ):
        raise PuzzleError(
            f"{source}: PNG of colour type {colour} at {depth} bits is not supported "
            "(8-bit grey, palette, RGB or RGBA, or 1-4 bit grey or palette)",
            source=source,
        )
    if interlace:
        raise PuzzleError(f"{source}: interlaced PNG is not supported", source=source)
    if not (0 < width and 0 < height and width * height <= MAX_PIXELS):
        raise PuzzleError(f"{source}: PNG of {width}x{height} pixels is too large", source=source)
    try:
        raw = zlib.decompress(b"".join(chunks))
    except zlib.error as exc:
        raise PuzzleError(f"{source}: damaged PNG image data ({exc})", source=source) from None
    channels = _CHANNELS[colour]
    stride = (width * channels * depth + 7) // 8
    if len(raw) < height * (stride + 1):
        raise PuzzleError(f"{source}: PNG image data is cut short", source=source)
    pixels: np.ndarray
    rows = _unfilter(raw, height, stride, max(1, channels * depth // 8), source)
    if depth < 8:
        bits = np.unpackbits(rows, axis=1).reshape(height, -1, depth)[:, :width]
        values: np.ndarray = np.zeros((height, width), dtype=np.uint16)
        for b in range(depth):
            values = (values << 1) | bits[:, :, b]
        pixels = values.astype(np.uint8)
        if colour == 0:
            pixels = (values * (255 // (2**depth - 1))).astype(np.uint8)
    else:
        pixels = rows[:, : width * channels].reshape(height, width, channels)
        if channels == 1:
            pixels = pixels[:, :, 0]
    if colour == 3:
        table = np.frombuffer(palette, dtype=np.uint8).reshape(-1, 3)
        if table.size == 0 or int(pixels.max()) >= len(table):
            raise PuzzleError(f"{source}: PNG palette index out of range", source=source)
        opacity = np.full(len(table), 255, dtype=np.uint8)
        opacity[: len(alpha)] = np.frombuffer(alpha, dtype=np.uint8)[: len(table)]
        return np.concatenate([table[pixels], opacity[pixels][..., None]], axis=2)
    if colour == 4:
        grey, a = pixels[..., 0], pixels[..., 1]
        return np.stack([grey, grey, grey, a], axis=2)
    return np.ascontiguousarray(pixels)


def _unfilter(raw: bytes, height: int, stride: int, bpp: int, source: str) -> np.ndarray:
    """The scanlines of the decompressed data with each row's filter undone."""
    out = np.zeros((height, stride), dtype=np.uint8)
    prior = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=start + 1).astype(np.int32)
        if kind == 0:
            cur = line
        elif kind == 2:
            cur = (line + prior) & 0xFF
        elif kind in (1, 3, 4):
            cur = line.copy()
            for x in range(stride):
                left = int(cur[x - bpp]) if x >= bpp else 0
                up = int(prior[x])
                if kind == 1:
                    pred = left
                elif kind == 3:
                    pred = (left + up) // 2
                else:
                    corner = int(prior[x - bpp]) if x >= bpp else 0
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                cur[x] = (int(line[x]) + pred) & 0xFF
        else:
            raise PuzzleError(f"{source}: PNG row {y + 1} has unknown filter {kind}", source=source)
        out[y] = cur
        prior = cur
    return out
