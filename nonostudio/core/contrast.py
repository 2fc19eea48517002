"""Colour contrast by the WCAG 2 formulas: relative luminance, contrast ratio, and the text colour
(black or white) to write on a box of a given colour, as colour clue numbers are printed."""

from __future__ import annotations

import re

BLACK_TEXT = "#000000"
WHITE_TEXT = "#ffffff"
#: WCAG's level AA for normal text: clue numbers are printed at least this far from their box.
AA = 4.5

_RGB = re.compile(r"#[0-9a-fA-F]{6}\Z")


def relative_luminance(rgb: str) -> float:
    """The WCAG relative luminance (0 black to 1 white) of ``#rrggbb``."""
    if not _RGB.match(rgb):
        raise ValueError(f"expected '#rrggbb', found {rgb!r}")

    def channel(hex2: str) -> float:
        c = int(hex2, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(rgb[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours, from 1 (equal) to 21."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_colour(background: str) -> str:
    """Black or white, whichever contrasts more with ``background``.  Over every colour one of
    the two reaches at least about 4.58 (the worst box is the mid grey where both are equal),
    so the result always meets :data:`AA`."""
    on_black = contrast_ratio(background, BLACK_TEXT)
    on_white = contrast_ratio(background, WHITE_TEXT)
    return BLACK_TEXT if on_black >= on_white else WHITE_TEXT
