"""Pictures to grids: box-filter thresholding of numpy images and the Netpbm reader."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_file, read_text
from nonostudio.core.formats.image import grid_from_pixels
from nonostudio.core.line import CROSSED, FILLED

F, X = FILLED, CROSSED


def test_box_filter_averages_each_cell() -> None:
    # 4x4 grey picture, 2x2 cells: top-left block black, top-right 3/4 black, bottom white
    pixels = np.full((4, 4), 255, np.uint8)
    pixels[:2, :2] = 0
    pixels[:2, 2:] = 0
    pixels[0, 3] = 255
    assert grid_from_pixels(pixels, 2, 2).tolist() == [[F, F], [X, X]]
    # the top-right cell is 25% light: filled at threshold 0.5, empty at threshold 0.2
    assert grid_from_pixels(pixels, 2, 2, threshold=0.2).tolist() == [[F, X], [X, X]]
    assert grid_from_pixels(pixels, 2, 2, invert=True).tolist() == [[X, X], [F, F]]


def test_fractional_cells_and_upsampling() -> None:
    # 3 pixels wide into 2 cells: cell 0 covers pixel 0 and half of pixel 1
    pixels = np.array([[0, 255, 255]], np.uint8)
    assert grid_from_pixels(pixels, 2, 1).tolist() == [[F, X]]
    # 1 pixel into 3x3 cells: every cell sees that pixel
    assert grid_from_pixels(np.zeros((1, 1), np.uint8), 3, 3).tolist() == [[F] * 3] * 3


def test_rgb_and_transparent_pixels() -> None:
    rgba = np.zeros((1, 3, 4), np.uint8)
    rgba[0, 0] = (0, 0, 0, 255)  # opaque black
    rgba[0, 1] = (0, 0, 0, 0)  # transparent: counts as white
    rgba[0, 2] = (255, 0, 0, 255)  # red: luminance 0.299, darker than half
    assert grid_from_pixels(rgba, 3, 1).tolist() == [[F, X, F]]
    rgb = np.array([[[255, 255, 255], [0, 200, 0]]], np.uint8)  # green luminance 0.46
    assert grid_from_pixels(rgb, 2, 1).tolist() == [[X, F]]


def test_bad_pixels_are_puzzle_errors() -> None:
    with pytest.raises(PuzzleError, match="shape"):
        grid_from_pixels(np.zeros((2, 2, 2), np.uint8), 1, 1)
    with pytest.raises(PuzzleError, match="uint8"):
        grid_from_pixels(np.zeros((2, 2), np.float32), 1, 1)
    with pytest.raises(PuzzleError, match="between 1"):
        grid_from_pixels(np.zeros((2, 2), np.uint8), 0, 1)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 4), st.data())
def test_exact_multiples_agree_with_block_means(
    w: int, h: int, scale: int, data: st.DataObject
) -> None:
    cells = np.array(data.draw(st.lists(st.booleans(), min_size=w * h, max_size=w * h)))
    picture = np.where(cells.reshape(h, w), 0, 255).astype(np.uint8)
    big = np.kron(picture, np.ones((scale, scale), np.uint8))
    expected = np.where(picture == 0, F, X)
    assert np.array_equal(grid_from_pixels(big, w, h), expected)


def test_netpbm_variants(tmp_path: Path) -> None:
    # a 3x2 picture: X.X / .XX in every flavour
    ascii_pbm = b"P1\n# comment\n3 2\n1 0 1\n0 1 1\n"
    packed = b"P4\n3 2\n" + bytes([0b10100000, 0b01100000])
    ascii_pgm = b"P2\n3 2\n255\n0 255 0\n255 0 0\n"
    binary_pgm = b"P5\n3 2\n255\n" + bytes([0, 255, 0, 255, 0, 0])
    touching = b"P1 3 2 101011"
    for k, data in enumerate((ascii_pbm, packed, ascii_pgm, binary_pgm, touching)):
        path = tmp_path / f"p{k}.{'pbm' if k in (0, 1, 4) else 'pgm'}"
        path.write_bytes(data)
        puzzle = read_file(path)
        assert puzzle.rows == ((1, 1), (2,)) and puzzle.cols == ((1,), (1,), (2,)), k


def test_netpbm_errors(tmp_path: Path) -> None:
    path = tmp_path / "short.pbm"
    path.write_bytes(b"P4\n16 16\n\x00")
    with pytest.raises(PuzzleError, match="truncated"):
        read_file(path)
    path.write_bytes(b"P1\n2 1\n1 2\n")
    with pytest.raises(PuzzleError, match="0 or 1"):
        read_file(path)
    path.write_bytes(b"P2\n99999 2\n255\n")
    with pytest.raises(PuzzleError, match=r"99999x2 pixels.*limited to 4096x4096"):
        read_file(path)


def test_bitmap_text_errors() -> None:
    with pytest.raises(PuzzleError) as info:
        read_text("..#\n.#\n", fmt="bitmap")
    assert info.value.line == 2 and "expected 3 cells" in info.value.message
