"""Painting part of a puzzle's picture (a pinned clue strip, the part of a big grid on screen)
does only that part's work: the cells, lines and clue numbers that reach into the region are
drawn, each as the whole picture draws it, and nothing else (an 80x95 grid painted whole for
each of its strips cost three times a plain repaint)."""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import QRect, QRectF

from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.render import (
    Colors,
    Layout,
    paint_cells,
    paint_clues,
    paint_grid_lines,
)


class Recorder:
    """Stands in for a QPainter (its method names): keeps what was drawn where."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, tuple[Any, ...]]] = []

    def fillRect(self, rect: QRect, _colour: object) -> None:
        self.drawn.append(("fill", QRectF(rect).getCoords()))

    def drawLine(self, a: Any, b: Any) -> None:
        self.drawn.append(("line", (a.x(), a.y(), b.x(), b.y())))

    def drawText(self, rect: QRect, _flags: object, text: str) -> None:
        self.drawn.append(("text", (*QRectF(rect).getCoords(), text)))

    def setPen(self, _pen: object) -> None:
        pass

    def setFont(self, _font: object) -> None:
        pass


def painted(layout: Layout, puzzle: Puzzle, cells: np.ndarray, region: QRect | None) -> list:
    recorder = Recorder()
    colors = Colors.for_print()
    paint_cells(recorder, layout, cells, colors, region)  # type: ignore[arg-type]
    paint_grid_lines(recorder, layout, colors, region)  # type: ignore[arg-type]
    paint_clues(recorder, layout, puzzle.rows, puzzle.cols, colors, region=region)  # type: ignore[arg-type]
    return recorder.drawn


def reaches(item: tuple[str, tuple[Any, ...]], near: QRectF) -> bool:
    x0, y0, x1, y1 = item[1][:4]
    box = QRectF(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1)
    return box.intersects(near)


def test_a_region_paints_only_what_reaches_into_it(qapp: object) -> None:
    rng = np.random.default_rng(2)
    picture = (rng.random((95, 80)) < 0.5).astype(np.int8)
    puzzle = Puzzle.from_grid(picture)
    cells = rng.choice([0, FILLED, CROSSED], size=picture.shape).astype(np.int8)
    layout = Layout.compute(puzzle.rows, puzzle.cols, 12)
    whole = painted(layout, puzzle, cells, None)
    grid = layout.grid_rect()
    strips = {
        "row clues": QRect(0, grid.top() + 300, layout.grid_left, 400),
        "column clues": QRect(grid.left() + 200, 0, 420, layout.grid_top),
        "cells": QRect(grid.left() + 333, grid.top() + 222, 300, 250),
    }
    for name, region in strips.items():
        part = painted(layout, puzzle, cells, region)
        near = QRectF(layout.reach(region))
        # everything the whole picture draws near the region, drawn the same
        needed = [item for item in whole if reaches(item, QRectF(region).adjusted(-2, -2, 2, 2))]
        assert all(item in part for item in needed), name
        # and little else: what is drawn reaches within a cell of the region, bar the two
        # backgrounds and the lines, which are drawn whole across the grid
        strays = [item for item in part if item[0] != "line" and not reaches(item, near)]
        assert len(strays) <= 1, (name, strays[:3])
        assert len(part) < len(whole) / 4, (name, len(part), len(whole))
