"""Pictures for training boards from a folder of freely licensed icons, the way the paper used
the MAME Icons and Icons50 sets: every PNG under the folder read as grey levels (plain 8- and
16-bit PNGs, decoded by :mod:`nonostudio.core.formats.png`), transparent parts laid on white,
near copies dropped by their average hash (as the paper did), in a fixed order so that one folder
always gives the same pictures.  The default folder is the desktop's icon theme
(``/usr/share/icons``: GNOME's Adwaita, CC BY-SA 3.0 or LGPL 3); nonostudio ships no picture.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats.png import PNG_SIGNATURE, png_samples, read_chunks

DEFAULT_ICONS = Path("/usr/share/icons")
_READ = (0, 2, 4, 6)  # the PNG colour types read here: grey, RGB, grey+alpha, RGBA (no palette)


class PngError(ValueError):
    """A PNG this small reader does not read (palette, interlaced, damaged)."""


def read_png_grey(path: str | Path) -> np.ndarray:
    """The grey levels (0 black .. 1 white, float) of a non-interlaced, non-palette 8- or 16-bit
    PNG, with transparency laid on white.  :class:`PngError` naming the file when it cannot be
    read."""
    data = Path(path).read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        raise PngError(f"{path}: not a PNG file")
    try:
        png = read_chunks(data, str(path))
        if png.colour not in _READ or png.depth not in (8, 16) or png.interlace:
            raise PngError(
                f"{path}: colour type {png.colour}, depth {png.depth}, interlace {png.interlace}"
            )
        pixels = png_samples(png, str(path)).astype(float) / 255.0
    except PuzzleError as exc:
        raise PngError(str(exc)) from exc
    channels = pixels.shape[2]
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
