"""Decoding PNG pictures with zlib and numpy, no imaging library: the chunks of a file, then its
samples (1- to 16-bit grey, palette, RGB, grey with alpha and RGBA; not interlaced).  Callers
that read only some kinds check :class:`PngChunks` before decoding.  Errors name the source."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

import numpy as np

from nonostudio.core.errors import PuzzleError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: PNG colour type -> samples per pixel (3 is a palette index).
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
MAX_PIXELS = 4096 * 4096


@dataclass(frozen=True)
class PngChunks:
    """What a PNG's chunks hold: the header's fields, the palette, its transparency and the
    compressed image data."""

    width: int
    height: int
    depth: int
    colour: int
    interlace: int
    palette: bytes
    alpha: bytes
    image: bytes


def read_chunks(data: bytes, source: str = "<png>") -> PngChunks:
    """The chunks of the PNG ``data`` (which starts with :data:`PNG_SIGNATURE`)."""
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
        raise PuzzleError("not a readable PNG (no header or no image data)", source=source)
    width, height, depth, colour, _, _, interlace = header
    return PngChunks(width, height, depth, colour, interlace, palette, alpha, b"".join(chunks))


def png_samples(png: PngChunks, source: str = "<png>") -> np.ndarray:
    """The samples of ``png``, (H, W, channels) bytes: palette indices as they are, grey below
    8 bits unscaled, 16-bit samples by their high byte."""
    width, height, depth = png.width, png.height, png.depth
    if png.colour not in CHANNELS or depth not in (1, 2, 4, 8, 16):
        raise PuzzleError(
            f"PNG of colour type {png.colour} at {depth} bits is not a PNG kind",
            source=source,
        )
    if png.interlace:
        raise PuzzleError("interlaced PNG is not supported", source=source)
    if not (0 < width and 0 < height and width * height <= MAX_PIXELS):
        raise PuzzleError(f"PNG of {width}x{height} pixels is too large", source=source)
    try:
        raw = zlib.decompress(png.image)
    except zlib.error as exc:
        raise PuzzleError(f"damaged PNG image data ({exc})", source=source) from None
    channels = CHANNELS[png.colour]
    stride = (width * channels * depth + 7) // 8
    if len(raw) < height * (stride + 1):
        raise PuzzleError("PNG image data is cut short", source=source)
    rows = _unfilter(raw, height, stride, max(1, channels * depth // 8), source)
    if depth < 8:
        bits = np.unpackbits(rows, axis=1).reshape(height, -1, depth)[:, :width]
        values: np.ndarray = np.zeros((height, width), dtype=np.uint16)
        for b in range(depth):
            values = (values << 1) | bits[:, :, b]
        return values.astype(np.uint8)[:, :, None]
    if depth == 16:
        rows = rows.reshape(height, width * channels, 2)[:, :, 0]
    return rows[:, : width * channels].reshape(height, width, channels)


def png_pixels(png: PngChunks, source: str = "<png>") -> np.ndarray:
    """The pixels of ``png``, 8-bit: (H, W) grey, (H, W, 3) RGB or (H, W, 4) RGBA (a palette
    with its transparency and grey with alpha as RGBA)."""
    samples = png_samples(png, source)
    pixels = samples[:, :, 0] if samples.shape[2] == 1 else samples
    if png.depth < 8 and png.colour == 0:
        pixels = (pixels.astype(np.uint16) * (255 // (2**png.depth - 1))).astype(np.uint8)
    if png.colour == 3:
        table = np.frombuffer(png.palette, dtype=np.uint8).reshape(-1, 3)
        if table.size == 0 or int(pixels.max()) >= len(table):
            raise PuzzleError("PNG palette index out of range", source=source)
        opacity = np.full(len(table), 255, dtype=np.uint8)
        opacity[: len(png.alpha)] = np.frombuffer(png.alpha, dtype=np.uint8)[: len(table)]
        return np.concatenate([table[pixels], opacity[pixels][..., None]], axis=2)
    if png.colour == 4:
        grey, a = pixels[..., 0], pixels[..., 1]
        return np.stack([grey, grey, grey, a], axis=2)
    return np.ascontiguousarray(pixels)


def _unfilter(raw: bytes, height: int, stride: int, bpp: int, source: str) -> np.ndarray:
    """The scanlines of the decompressed data with each row's filter undone; the byte-by-byte
    filters run on Python ints (indexing numpy arrays one byte at a time is several times
    slower)."""
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
            cur = np.array(_undo_byte_filter(kind, line.tolist(), prior.tolist(), bpp))
        else:
            raise PuzzleError(f"PNG row {y + 1} has unknown filter {kind}", source=source)
        out[y] = cur
        prior = cur
    return out


def _undo_byte_filter(kind: int, cur: list[int], up: list[int], bpp: int) -> list[int]:
    """One row of the Sub (1), Average (3) or Paeth (4) filter undone, left to right."""
    for x in range(len(cur)):
        left = cur[x - bpp] if x >= bpp else 0
        if kind == 1:
            pred = left
        elif kind == 3:
            pred = (left + up[x]) // 2
        else:
            corner = up[x - bpp] if x >= bpp else 0
            p = left + up[x] - corner
            pa, pb, pc = abs(p - left), abs(p - up[x]), abs(p - corner)
            pred = left if pa <= pb and pa <= pc else up[x] if pb <= pc else corner
        cur[x] = (cur[x] + pred) & 0xFF
    return cur
