"""The sentences of colour technique steps, word for word on small lines."""

from __future__ import annotations

from nonostudio.analysis.colour.catalogue import COLOUR_BY_ID
from nonostudio.analysis.colour.colour_text import colour_premises, colour_sentence
from nonostudio.core.colour.model import WHITE, Colour, Palette

PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
FULL = 0b111


def _say(technique: str, clue, cells) -> tuple[str, list[dict]]:  # type: ignore[no-untyped-def]
    after = COLOUR_BY_ID[technique].apply(clue, cells, 3)
    assert after is not None and after != tuple(cells)
    premises = colour_premises(technique, clue, cells, after)
    return colour_sentence(technique, "row", 2, clue, premises, cells, after, PALETTE), premises


def test_touching_overlap() -> None:
    text, premises = _say("touching_overlap", ((3, 1), (2, 2)), (FULL,) * 6)
    assert premises == [
        {"claim": "item_starts", "clue": 0, "min": 0, "max": 1},
        {"claim": "item_starts", "clue": 1, "min": 3, "max": 4},
    ]
    assert text == (
        "Row 3 — Touching overlap: pushed as far left and as far right as they go, blocks of "
        "different colours touching, the first clue, 3 red, cannot start before cell 1 or after "
        "cell 2, so it covers cells 2–3 either way; the second clue, 2 blue, cannot start before "
        "cell 4 or after cell 5, so it covers cell 5 either way; so cells 2–3 are red and cell 5 "
        "is blue."
    )


def test_colour_out_of_reach() -> None:
    text, _ = _say("colour_reach", ((3, 1), (1, 2)), (FULL,) * 6)
    assert text == (
        "Row 3 — Colour out of reach: pushed as far left and as far right as they go, blocks of "
        "different colours touching, the first clue, 3 red, cannot start before cell 1 or after "
        "cell 3; the second clue, 1 blue, cannot start before cell 4 or after cell 6; so the red "
        "clue reaches only cells 1–5 and the blue clue reaches only cells 4–6: cells 1–3 cannot "
        "be blue and cell 6 cannot be red."
    )


def test_finished_block_and_exact() -> None:
    text, _ = _say("colour_punctuation", ((2, 1), (2, 2)), (FULL, 2, 2, FULL, FULL))
    assert text == (
        "Row 3 — Finished colour block: the red block at cells 2–3 is as long as the longest "
        "red clue that can hold it (2), so it is finished; so cells 1, 4 cannot be red."
    )
    text, _ = _say("colour_line_solver", ((1, 1), (1, 1)), (FULL, FULL, FULL))
    assert text == (
        "Row 3 — All colour arrangements agree: in every way the clue 1 red, 1 red fits the "
        "line, cells 1, 3 are red and cell 2 is empty."
    )


def test_a_column_is_pushed_up_and_down() -> None:
    """A column's clues are pushed up and down: the sentence said "left" and "right" of a column."""
    for technique in ("touching_overlap", "colour_reach"):
        clue, cells = ((3, 1), (1, 2)), (FULL,) * 6
        after = COLOUR_BY_ID[technique].apply(clue, cells, 3)
        assert after is not None
        premises = colour_premises(technique, clue, cells, after)
        text = colour_sentence(technique, "column", 2, clue, premises, cells, after, PALETTE)
        assert text.startswith("Column 3")
        assert "pushed as far up and as far down as they go" in text
        assert "left" not in text and "right" not in text
