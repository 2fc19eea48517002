"""Icon pictures and the test-set profile: the PNG reader gives back the pixels of PNGs written
here with every row filter, colour type and transparency; icons become boards of the board's
size; the profile counts copies, complements and blocks the way they are defined, and the leak
estimate scales the within-test share by 0.8 / 0.2."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

from nonostudio.baselines.boards import picture_boards, training_boards
from nonostudio.baselines.encoding import board_clues, input_size
from nonostudio.baselines.network import Network
from nonostudio.baselines.nonodataset import BoardSet
from nonostudio.baselines.pictures import (
    PngError,
    average_hash,
    icon_pictures,
    pictures_digest,
    read_png_grey,
)
from nonostudio.baselines.profile import (
    blocks_per_board,
    density_profile,
    leak_estimate,
    rate_by_uniqueness,
    sibling_groups,
    siblings,
    split,
)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def _filter_row(kind: int, row: bytes, prev: bytes, bpp: int) -> bytes:
    out = bytearray([kind])
    for x, v in enumerate(row):
        a = row[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        pred = [0, a, b, (a + b) // 2, _paeth(a, b, c)][kind]
        out.append((v - pred) % 256)
    return bytes(out)


def _write_png(path: Path, pixels: np.ndarray, colour: int) -> None:
    """A PNG of 8-bit ``pixels`` (h, w, channels), each row with the next of the five filters."""
    h, w = pixels.shape[:2]
    bpp = pixels.shape[2]
    raw, prev = b"", bytes(w * bpp)
    for y in range(h):
        row = pixels[y].astype(np.uint8).tobytes()
        raw += _filter_row(y % 5, row, prev, bpp)
        prev = row
    header = struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw))
        + _chunk(b"IEND", b"")
    )


def test_the_png_reader_undoes_every_filter(tmp_path) -> None:
    rng = np.random.default_rng(3)
    grey = rng.integers(0, 256, size=(11, 7, 1))
    _write_png(tmp_path / "g.png", grey, 0)
    assert np.allclose(read_png_grey(tmp_path / "g.png"), grey[..., 0] / 255.0)
    rgb = rng.integers(0, 256, size=(10, 6, 3))
    _write_png(tmp_path / "c.png", rgb, 2)
    want = (rgb / 255.0) @ np.array([0.299, 0.587, 0.114])
    assert np.allclose(read_png_grey(tmp_path / "c.png"), want)


def test_transparent_pixels_lie_on_white(tmp_path) -> None:
    rgba = np.zeros((5, 5, 4), dtype=np.uint8)  # black everywhere
    rgba[1:4, 1:4, 3] = 255  # opaque in the middle only
    _write_png(tmp_path / "a.png", rgba, 6)
    grey = read_png_grey(tmp_path / "a.png")
    assert grey[0, 0] == 1.0 and grey[2, 2] == 0.0


def test_a_file_that_is_no_png_is_named(tmp_path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"GIF89a....")
    with pytest.raises(PngError, match="bad.png: not a PNG"):
        read_png_grey(bad)


def test_icons_are_read_once_by_hash_and_become_boards(tmp_path) -> None:
    disc = np.full((32, 32, 1), 255, dtype=np.uint8)
    yy, xx = np.mgrid[0:32, 0:32]
    disc[(yy - 16) ** 2 + (xx - 16) ** 2 < 100] = 0
    _write_png(tmp_path / "a.png", disc, 0)
    (tmp_path / "sub").mkdir()
    _write_png(tmp_path / "sub" / "b.png", disc, 0)  # the same picture again
    _write_png(tmp_path / "flat.png", np.full((32, 32, 1), 9, dtype=np.uint8), 0)
    (tmp_path / "junk.png").write_bytes(b"nope")
    pictures = icon_pictures(tmp_path)
    assert len(pictures) == 1 and average_hash(pictures[0]) == average_hash(disc[..., 0] / 255)
    assert pictures_digest(pictures) == pictures_digest(icon_pictures(tmp_path))
    boards = picture_boards(np.random.default_rng(0), 10, 40, pictures)
    assert boards.shape == (40, 10, 10)
    # the disc is dark on white: the thresholds fill the outside, the inverse the inside
    assert boards[:, 0, 0].any() and boards[:, 5, 5].any()
    _, mixed = training_boards(10, 50, 1, 0.5, pictures)
    assert mixed.shape == (50, 10, 10)


def test_blocks_per_board_counts_the_clue_numbers() -> None:
    rng = np.random.default_rng(5)
    boards = (rng.random((30, 7, 7)) < 0.45).astype(np.uint8)
    want = []
    for b in boards:
        rows, cols = board_clues(b)
        want.append(sum(len([v for v in c if v]) for c in (*rows, *cols)))
    assert blocks_per_board(boards).tolist() == want


def test_siblings_and_the_leak_estimate() -> None:
    a = np.array([[1, 0], [0, 0]], dtype=np.uint8)
    b = np.array([[1, 1], [0, 1]], dtype=np.uint8)
    empty = np.zeros((2, 2), dtype=np.uint8)
    full = np.ones((2, 2), dtype=np.uint8)
    boards = np.stack([a, a, 1 - a, b, empty, full, 1 - b, b])
    s = siblings(boards)
    # copies: a twice, b twice; complements: a, a, 1-a, b, 1-b, b (not empty/full)
    assert s == {"boards": 8, "distinct": 6, "copied": 4, "complemented": 6}
    leak = leak_estimate(0.2, boards)
    assert leak["copy_in_test_percent"] == 50.0
    assert leak["copy_in_training_percent"] == 100.0  # 4 x 50, capped
    assert leak_estimate(0.5, boards)["complement_in_training_percent"] == 75.0
    profile = density_profile(boards)
    assert profile["empty_or_full"] == 2


def test_sibling_groups_join_copies_and_complements() -> None:
    a = np.array([[1, 0], [0, 0]], dtype=np.uint8)
    b = np.array([[1, 1], [0, 1]], dtype=np.uint8)
    c = np.array([[0, 1], [1, 0]], dtype=np.uint8)
    groups = sibling_groups(np.stack([a, b, 1 - a, c, b, 1 - b, a]))
    assert groups[0] == groups[2] == groups[6]
    assert groups[1] == groups[4] == groups[5]
    assert len({groups[0], groups[1], groups[3]}) == 3


def test_a_split_by_sibling_keeps_copies_and_complements_on_one_side() -> None:
    rng = np.random.default_rng(3)
    pictures = (rng.random((200, 6, 6)) < 0.5).astype(np.uint8)
    # each picture as the paper made it: a board, a copy of it, and its complement
    boards = np.concatenate([pictures, pictures, 1 - pictures])
    keys = [row.tobytes() for row in boards.reshape(len(boards), -1)]

    def crossing(train: np.ndarray, test: np.ndarray) -> int:
        seen = {keys[i] for i in train}
        return sum(keys[i] in seen or (1 - boards[i]).tobytes() in seen for i in test)

    for by_sibling in (False, True):
        train, test = split(boards, 0.2, seed=1, by_sibling=by_sibling)
        assert sorted([*train, *test]) == list(range(len(boards)))
        assert 0.1 < len(test) / len(boards) < 0.3
        if by_sibling:
            assert crossing(train, test) == 0
        else:  # board by board, as the paper split: most test boards have a sibling in training
            assert crossing(train, test) > len(test) // 2
    assert split(boards, 0.2, seed=1, by_sibling=True)[1].tolist() == (
        split(boards, 0.2, seed=1, by_sibling=True)[1].tolist()
    )


def test_the_rate_is_split_between_unique_and_several_solution_boards() -> None:
    # a network that guesses the empty board for every puzzle
    empty_guesser = Network(
        3,
        [np.zeros((input_size(3), 4), np.float32), np.zeros((4, 9), np.float32)],
        [np.zeros(4, np.float32), np.full(9, -10.0, np.float32)],
    )
    empty = np.zeros((3, 3), dtype=np.uint8)
    row = np.array([[1, 1, 1], [0, 0, 0], [0, 0, 0]], dtype=np.uint8)  # one solution
    diagonal = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 0]], dtype=np.uint8)  # or the other one
    boards = np.stack([empty, row, diagonal, empty])
    test = BoardSet(3, [board_clues(b) for b in boards], boards, "made here")
    got = rate_by_uniqueness(empty_guesser, test, reflections=False)
    assert got["unique_percent"] == 75.0
    assert got["rate_unique_percent"] == pytest.approx(200 / 3)  # the two empty boards of three
    assert got["rate_several_percent"] == 0.0
    assert got["undecided"] == 0
