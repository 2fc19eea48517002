"""A technique is one record: the catalogue check refuses every kind of partial or inconsistent
entry by name, and the tables the rest of the package reads are views built from the records."""

from __future__ import annotations

import dataclasses

import pytest

from nonostudio.analysis.catalogue import technique_moves as rounds
from nonostudio.analysis.catalogue.techniques import (
    BY_ID,
    CATALOGUE,
    DECIDES_ONLY,
    GRID_TECHNIQUES,
    MOVES,
    ROUNDS,
    WITNESSES,
    WORDS,
    CatalogueError,
    Technique,
    WorkedExample,
    check_catalogue,
)
from nonostudio.analysis.explaining import premise_text as words
from nonostudio.analysis.explaining import premises as found
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN

RANDOM_LINES = 300
"""Random lines enough to catch a wrong ``decides_only`` or an unworded say (each found within
the first few dozen lines)."""


def _with(technique_id: str, **changes: object) -> list[Technique]:
    """The catalogue with one record changed."""
    return [dataclasses.replace(t, **changes) if t.id == technique_id else t for t in CATALOGUE]


def _refused(line_techniques: list[Technique], *, lines: int = 0, grid=GRID_TECHNIQUES) -> str:
    with pytest.raises(CatalogueError) as caught:
        check_catalogue(line_techniques, grid, lines=lines)
    return str(caught.value)


def test_the_catalogue_passes_its_check_on_random_lines() -> None:
    check_catalogue()  # raises CatalogueError naming every partial or inconsistent record


def test_a_new_technique_with_only_its_names_is_refused_for_each_missing_part() -> None:
    new = Technique("new_idea", "New idea", "An idea with no move yet.", 5, None)
    message = _refused([*CATALOGUE[:-1], new, CATALOGUE[-1]])
    assert "technique 'new_idea' has no round function" in message
    assert "technique 'new_idea' has no witness function" in message
    assert "technique 'new_idea' has no worked example" in message


@pytest.mark.parametrize(
    ("field", "expected"),
    [("round", "has no round function"), ("witness", "has no witness function")],
)
def test_a_record_without_its_round_or_witness_is_refused(field: str, expected: str) -> None:
    message = _refused(_with("glue", **{field: None}))
    assert f"technique 'glue' {expected}" in message


def test_a_say_with_no_words_is_refused() -> None:
    message = _refused(_with("glue", says={"glue": None}))
    assert "technique 'glue': say 'glue' has no words" in message


def test_a_witness_whose_say_no_record_words_is_refused_on_random_lines() -> None:
    partial = _with("glue", says={})
    check_catalogue(partial, lines=0)  # the record looks whole until its witnesses speak
    message = _refused(partial, lines=RANDOM_LINES)
    assert "technique 'glue': its witness says 'glue', which no record words" in message


def test_a_say_worded_twice_differently_is_refused() -> None:
    message = _refused(_with("glue", says={"glue": words.glue, "overlap": words.small_gap}))
    assert "say 'overlap' is worded twice, differently" in message


def test_tiers_out_of_order_are_refused() -> None:
    swapped = list(CATALOGUE)
    i = next(k for k, t in enumerate(swapped) if t.id == "overlap")
    swapped[i - 1], swapped[i] = swapped[i], swapped[i - 1]  # overlap (1) before line_complete (0)
    message = _refused(swapped)
    assert "technique 'line_complete' (tier 0) comes after 'overlap' (tier 1)" in message
    grid = [*GRID_TECHNIQUES[1:], GRID_TECHNIQUES[0]]
    assert "tiers out of order" in _refused(list(CATALOGUE), grid=grid)


def test_a_worked_example_the_move_does_not_give_is_refused() -> None:
    wrong = WorkedExample((8,), "----------", "-OOOOOOOO-", "Wrong on purpose.")
    message = _refused(_with("overlap", example=wrong))
    assert (
        "technique 'overlap': its worked example's move gives --OOOOOO--, "
        "not its 'after' -OOOOOOOO-"
    ) in message


@pytest.mark.parametrize(
    ("technique_id", "value", "name"),
    [("glue", CROSSED, "empty"), ("overlap", CROSSED, "empty"), ("small_gap", FILLED, "filled")],
)
def test_a_decides_only_value_the_move_breaks_is_refused_on_random_lines(
    technique_id: str, value: int, name: str
) -> None:
    partial = _with(technique_id, decides_only=value)
    check_catalogue(partial, lines=0)
    message = _refused(partial, lines=RANDOM_LINES)
    assert f"technique {technique_id!r} decides cells {name} only, but its move gives" in message


def test_an_id_used_twice_and_a_grid_technique_with_a_move_are_refused() -> None:
    assert "technique 'glue': its id is used twice" in _refused([*CATALOGUE, BY_ID["glue"]])
    probing = dataclasses.replace(GRID_TECHNIQUES[0], round=rounds.glue)
    message = _refused(list(CATALOGUE), grid=[probing, *GRID_TECHNIQUES[1:]])
    assert "technique 'contradiction' reasons across lines" in message


def test_matching_parts_out_of_step_with_the_records_are_refused() -> None:
    # overlap's record with another witness: matching would word its parts with other reasons
    message = _refused(_with("overlap", witness=found.small_gap))
    assert "technique 'matching': its part techniques" in message


def test_the_tables_are_read_only_views_of_the_records() -> None:
    ids = [t.id for t in CATALOGUE]
    assert list(ROUNDS) == list(MOVES) == list(WITNESSES) == ids
    for t in CATALOGUE:
        assert ROUNDS[t.id] is t.round and WITNESSES[t.id] is t.witness and MOVES[t.id] is t.move
        for say, wording in t.says.items():
            assert WORDS[say] is wording
    assert DECIDES_ONLY == {t.id: t.decides_only for t in CATALOGUE if t.decides_only is not None}
    assert DECIDES_ONLY == {
        "empty_line": CROSSED,
        "line_complete": CROSSED,
        "overlap": FILLED,
        "small_gap": CROSSED,
        "simple_spaces": CROSSED,
    }
    for table in (ROUNDS, MOVES, WITNESSES, WORDS, DECIDES_ONLY):
        with pytest.raises(TypeError):
            table["new"] = None  # type: ignore[index]
    with pytest.raises(TypeError):
        BY_ID["glue"].says["new"] = words.glue  # type: ignore[index]


def test_a_records_move_and_witnesses_are_its_functions() -> None:
    glue = BY_ID["glue"]
    cells = (CROSSED, FILLED, *(UNKNOWN,) * 8)
    assert glue.apply((4,), cells) == (CROSSED, *(FILLED,) * 4, *(UNKNOWN,) * 5)
    assert [w.say for w in glue.witnesses((4,), cells)] == ["glue"]
    assert BY_ID["search"].witnesses((4,), cells) == []
    assert BY_ID["search"].apply((4,), cells) == cells
    with pytest.raises(KeyError, match="'search' has no line move"):
        _ = BY_ID["search"].move
