"""Pictures for training boards from a folder of freely licensed icons, the way the paper used
the MAME Icons and Icons50 sets: every PNG under the folder read as grey levels (a small reader
of plain 8- and 16-bit PNGs, no imaging library), transparent parts laid on white, near copies
dropped by their average hash (as the paper did), in a fixed order so that one folder always
gives the same pictures.  The default folder is the desktop's icon theme
(``/usr/share/icons``: GNOME's Adwaita, CC BY-SA 3.0 or LGPL 3); nonostudio ships no picture.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path

import numpy as np

DEFAULT_ICONS = Path("/usr/share/icons")
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> channels (no palette)


class PngError(ValueError):
    """A PNG this small reader does not read (palette, interlaced, damaged)."""


def _unfilter(raw: bytes, height: int, stride: int, bpp: int) -> np.ndarray:
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    pos = 0
    for y in range(height):
        kind = raw[pos]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=pos + 1).astype(np.int32)
        pos += stride + 1
        if kind == 0:
            cur = line
        elif kind == 1:  # Sub: a byte plus the one bpp before it, left to right
            cur = line.copy()
            for x in range(bpp, stride):
                cur[x] = (cur[x] + cur[x - bpp]) & 255
        elif kind == 2:
            cur = (line + prev) & 255
        elif kind == 3:
            cur = line.copy()
            for x in range(stride):
                left = cur[x - bpp] if x >= bpp else 0
                cur[x] = (cur[x] + ((left + prev[x]) >> 1)) & 255
        elif kind == 4:
            cur = line.copy()
            for x in range(stride):
                a = int(cur[x - bpp]) if x >= bpp else 0
                b = int(prev[x])
                c = int(prev[x - bpp]) if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (cur[x] + pred) & 255
        else:
            raise PngError(f"row {y + 1}: unknown filter {kind}")
        out[y] = cur
        prev = cur
    return out


def read_png_grey(path: str | Path) -> np.ndarray:
    """The grey levels (0 black .. 1 white, float) of a non-interlaced, non-palette PNG, with
    transparency laid on white.  :class:`PngError` naming the file when it cannot be read."""
    data = Path(path).read_bytes()
    if not data.startswith(_SIGNATURE):
        raise PngError(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise PngError(f"{path}: no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if colour not in _CHANNELS or depth not in (8, 16) or interlace:
        raise PngError(f"{path}: colour type {colour}, depth {depth}, interlace {interlace}")
    channels = _CHANNELS[colour]
    bpp = channels * depth // 8
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as exc:
        raise PngError(f"{path}: damaged image data ({exc})") from exc
    if len(raw) < height * (width * bpp + 1):
        raise PngError(f"{path}: image data too short")
    rows = _unfilter(raw, height, width * bpp, bpp)
    if depth == 16:
        values = rows.reshape(height, width * channels, 2)[:, :, 0]  # the high bytes
    else:
        values = rows
    pixels = values.reshape(height, width, channels).astype(float) / 255.0
    if channels >= 3:
        grey = pixels[..., :3] @ np.array([0.299, 0.587, 0.114])
    else:
        grey = pixels[..., 0]
    if channels in (2, 4):
        alpha = pixels[..., -1]
        grey = grey * alpha + (1.0 - alpha)
    return np.asarray(grey, dtype=float)


def average_hash(image: np.ndarray) -> bytes:
    """The paper's average image hash: 8x8 means, each above the overall mean or not."""
    h, w = image.shape
    ys = np.linspace(0, h, 9).astype(int)
    xs = np.linspace(0, w, 9).astype(int)
    cells = np.array(
        [
            [image[ys[i] : max(ys[i + 1], ys[i] + 1), xs[j] : max(xs[j + 1], xs[j] + 1)].mean()]
            for i in range(8)
            for j in range(8)
        ]
    ).ravel()
    return np.packbits(cells > cells.mean()).tobytes()


def icon_pictures(folder: str | Path = DEFAULT_ICONS, min_side: int = 16) -> list[np.ndarray]:
    """The distinct pictures (by average hash, and not a flat one) of the PNGs under ``folder``,
    at least ``min_side`` pixels each way, in the order of their sorted paths.  Files this
    reader cannot read are passed over."""
    seen: set[bytes] = set()
    out: list[np.ndarray] = []
    for path in sorted(Path(folder).rglob("*.png")):
        try:
            image = read_png_grey(path)
        except (PngError, OSError):
            continue
        if min(image.shape) < min_side or float(image.max() - image.min()) < 0.1:
            continue
        key = average_hash(image)
        if key in seen:
            continue
        seen.add(key)
        out.append(image)
    return out


def pictures_digest(pictures: list[np.ndarray]) -> str:
    """A short digest of a picture list, recorded in a recipe so a rerun can tell it got the
    same pictures."""
    h = hashlib.sha256()
    for p in pictures:
        h.update(np.asarray(p.shape, dtype=np.int64).tobytes())
        h.update(np.round(p * 255).astype(np.uint8).tobytes())
    return h.hexdigest()[:16]
