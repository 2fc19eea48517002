"""Training boards we make ourselves, as the paper made its own: random boards (uniform noise
thresholded at 0.5, and simple figures — lines, rectangles, circles — one third and two thirds
of them) and pictures thresholded to boards.  The pictures are scikit-learn's bundled copy of the
UCI handwritten digits (CC BY 4.0) or a folder of freely licensed icons
(:mod:`nonostudio.baselines.pictures`, as the paper used icon sets), scaled to the board and made
into boards the paper's ways:
a threshold at half the range, Otsu's threshold, its inverse, and the edges.  Everything is drawn
from one seeded generator, so a seed gives the same boards on every machine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from nonostudio.baselines.encoding import board_clues, encode_clues


def noise_boards(rng: np.random.Generator, n: int, count: int) -> np.ndarray:
    """Uniform noise thresholded at 0.5: every board equally likely (for 5x5 the same mix as
    the paper's all 2**25 boards)."""
    return (rng.random((count, n, n)) >= 0.5).astype(np.uint8)


def _figure(rng: np.random.Generator, n: int) -> np.ndarray:
    """One board of 1 to 5 random lines, rectangles and circles (filled or outlined)."""
    board = np.zeros((n, n), dtype=bool)
    yy, xx = np.mgrid[0:n, 0:n]
    for _ in range(int(rng.integers(1, 6))):
        kind = int(rng.integers(3))
        if kind == 0:  # a line between two random points
            (y0, x0), (y1, x1) = rng.integers(0, n, size=(2, 2))
            steps = max(abs(y1 - y0), abs(x1 - x0)) + 1
            ys = np.rint(np.linspace(y0, y1, steps)).astype(int)
            xs = np.rint(np.linspace(x0, x1, steps)).astype(int)
            board[ys, xs] = True
        elif kind == 1:
            y0, y1 = sorted(rng.integers(0, n, size=2))
            x0, x1 = sorted(rng.integers(0, n, size=2))
            box = (yy >= y0) & (yy <= y1) & (xx >= x0) & (xx <= x1)
            if rng.random() < 0.5:
                box &= (yy == y0) | (yy == y1) | (xx == x0) | (xx == x1)
            board |= box
        else:
            cy, cx = rng.uniform(-0.5, n - 0.5, size=2)
            radius = rng.uniform(1.0, n / 2)
            d = np.hypot(yy - cy, xx - cx)
            board |= (d <= radius) if rng.random() < 0.5 else (np.abs(d - radius) <= 0.5)
    return board.astype(np.uint8)


def figure_boards(rng: np.random.Generator, n: int, count: int) -> np.ndarray:
    return np.stack([_figure(rng, n) for _ in range(count)]) if count else np.zeros((0, n, n))


def _resize(image: np.ndarray, n: int) -> np.ndarray:
    """Bilinear scaling of a 2-D image to ``n`` x ``n``."""
    h, w = image.shape
    ys = np.clip((np.arange(n) + 0.5) * h / n - 0.5, 0, h - 1)
    xs = np.clip((np.arange(n) + 0.5) * w / n - 0.5, 0, w - 1)
    y0, x0 = np.floor(ys).astype(int), np.floor(xs).astype(int)
    y1, x1 = np.minimum(y0 + 1, h - 1), np.minimum(x0 + 1, w - 1)
    fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
    top = image[np.ix_(y0, x0)] * (1 - fx) + image[np.ix_(y0, x1)] * fx
    bottom = image[np.ix_(y1, x0)] * (1 - fx) + image[np.ix_(y1, x1)] * fx
    return top * (1 - fy) + bottom * fy


def _otsu(image: np.ndarray) -> float:
    """Otsu's threshold: the cut that maximises the between-class variance."""
    values = np.sort(image.ravel())
    best, cut = -1.0, float(values[0])
    for t in np.unique(values)[:-1]:
        low, high = values[values <= t], values[values > t]
        between = len(low) * len(high) * (low.mean() - high.mean()) ** 2
        if between > best:
            best, cut = between, float(t)
    return cut


def thresholded(image: np.ndarray, n: int) -> list[np.ndarray]:
    """The four boards the paper makes of a picture: half-range threshold, Otsu, inverted Otsu,
    edges (a gradient-magnitude threshold standing in for the Canny filter)."""
    small = _resize(np.asarray(image, dtype=float), n)
    lo, hi = float(small.min()), float(small.max())
    otsu = _otsu(small)
    gy, gx = np.gradient(small)
    grad = np.hypot(gx, gy)
    return [
        (small > (lo + hi) / 2).astype(np.uint8),
        (small > otsu).astype(np.uint8),
        (small <= otsu).astype(np.uint8),
        (grad > grad.mean() + grad.std()).astype(np.uint8),
    ]


def picture_boards(
    rng: np.random.Generator,
    n: int,
    count: int,
    pictures: Sequence[np.ndarray] | None = None,
) -> np.ndarray:
    """``count`` boards from pictures: ``pictures`` (grey images, e.g. the icons of
    :func:`nonostudio.baselines.pictures.icon_pictures`) or, when None, the bundled digit
    pictures (needs scikit-learn).  Each picture is cropped at random a little and flipped half
    the time, so that the four transforms of one picture give more than four boards."""
    if pictures is None:
        from nonostudio.baselines.network import require_sklearn

        require_sklearn()
        from sklearn.datasets import load_digits

        pictures = list(load_digits().images)
    if count and not pictures:
        raise ValueError("no pictures to make boards of")
    out: list[np.ndarray] = []
    while len(out) < count:
        image = pictures[int(rng.integers(len(pictures)))]
        h, w = image.shape
        margin = max(1, min(h, w) // 8)  # up to an eighth off each side
        top, left = rng.integers(0, margin + 1, size=2)
        bottom, right = (h, w) - rng.integers(0, margin + 1, size=2)
        crop = image[top:bottom, left:right]
        if rng.random() < 0.5:
            crop = crop[:, ::-1]
        out.append(thresholded(crop, n)[int(rng.integers(4))])
    return np.stack(out) if out else np.zeros((0, n, n), dtype=np.uint8)


def training_boards(
    n: int,
    count: int,
    seed: int,
    picture_share: float = 0.2,
    pictures: Sequence[np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` training pairs ``(inputs, boards)`` for ``n`` x ``n``: for 5x5 uniform noise
    alone (the paper used every 5x5 board); otherwise ``picture_share`` of pictures and the rest
    random, a third noise and two thirds figures; ``pictures`` as for :func:`picture_boards`."""
    rng = np.random.default_rng(seed)
    if n <= 5:
        boards = noise_boards(rng, n, count)
    else:
        n_pictures = int(round(count * picture_share))
        noise = (count - n_pictures) // 3
        parts = [
            picture_boards(rng, n, n_pictures, pictures),
            noise_boards(rng, n, noise),
            figure_boards(rng, n, count - n_pictures - noise),
        ]
        boards = np.concatenate([p.astype(np.uint8) for p in parts])
        boards = boards[rng.permutation(len(boards))]
    return encode_boards(boards), boards


def encode_boards(boards: np.ndarray) -> np.ndarray:
    """The input vectors of the clues of each board."""
    return np.stack([encode_clues(*board_clues(b)) for b in boards])


def reflected(boards: np.ndarray) -> Iterator[np.ndarray]:
    """Each board's eight reflections, board after board (the paper's Ne8 training sets)."""
    from nonostudio.baselines.reflections import REFLECTIONS

    for b in boards:
        for r in REFLECTIONS:
            yield r.board(b)
