"""A part's words: the cells it names and the verb that goes with them.

The lines are real ones (steps numbered as ``explain`` prints them, the line as it stood before
the step).  jwilk data038 row 2 step 92 said "… and cell 7 hold only the second clue, 1" (one
cell: "holds"); colour r0082 row 17 step 477, looking only at c3, said "cells 10–15 hold only
the second clue, 1" with cell 10 crossed: the part cut after the first block and its cross
started on another cross, and the words now name only the cells from the first not crossed
("cells 11–15").  The checker reads every "cells … hold(s) only …" back against the line
(:func:`sentence_checker._part_words`: the verb the number of cells, no crossed cell at either
end, the clues named lying there in every arrangement and no other clue there).
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells, random_solution  # noqa: E402
from sentence_checker import check_short_words  # noqa: E402

from nonostudio.analysis.explaining.step_text import explain_move  # noqa: E402

# (technique, axis, index, clue, line before the step), the words now said
LINES = {
    # jwilk data038 row 2, step 92: was "… and cell 7 hold only the second clue, 1"
    "data038 row 2": (
        ("matching", "row", 1, (3, 1, 3, 2), "xx###x.x###x.......x"),
        "and cell 7 holds only the second clue, 1;",
    ),
    # jwilk data038 column 4, step 63: was "cells 1–2 hold only the first clue, 1" (cell 1
    # crossed)
    "data038 column 4": (
        ("matching", "column", 3, (1, 1, 2, 1), "x.x#xx##x..........."),
        "and cell 2 holds only the first clue, 1;",
    ),
    # colour r0082 row 17 step 477, the c3 projection: was "cells 10–15 hold only the second
    # clue, 1" (cell 10 crossed)
    "r0082 row 17 (c3)": (
        ("matching", "row", 16, (1, 1, 3), "xxxxxxx#xx....#xxx..#..xx"),
        "so cells 11–15 hold only the second clue, 1;",
    ),
    # jwilk data040 column 12, step 138: the part from cell 3 (cells 1–2 crossed), and the
    # clue that cannot leave it said to stay in the same cells (was "cells 1–9" both); the part
    # holding only that clue, its edge goes unsaid (was "… or into cell 10, outside cells 3–9")
    "data040 column 12": (
        ("matching", "column", 11, (2, 1, 5), "xx..xxx.#x#x#####xxx"),
        "so cells 3–9 hold only the first clue, 2; the first box, at cell 9, can only be the first "
        "clue, 2, starting at cell 8 to hold it (it cannot cross the cross at cell 7), so",
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_a_part_names_its_cells_not_crossed_with_the_verb_they_take(name: str) -> None:
    move, said = LINES[name]
    text, _ = checked_words(*move)  # claims by brute force, words read back
    assert said in text, text


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("so cell 7 hold only the second clue, 1; …", "verb"),
        ("so cells 6–7 holds only the second clue, 1; …", "verb"),
        ("so cells 6–7 hold only the second clue, 1; …", "crossed"),
        ("so cells 7–8 hold only the second clue, 1; …", "crossed"),
        ("so cell 7 holds only the third clue, 3; …", "arrangement"),
        ("so cell 7 holds only the second clue, 3; …", "not 3"),
        ("so cells 7–12 hold only the clues 1 3; …", "crossed"),
        ("so cell 13 holds only the second clue, 1; …", "arrangement"),
        ("so cell 7 holds no clue; …", "arrangement"),
        ("so cells 7–11 hold only the clues 1 3; (… into cell 13, outside cells 7–11)", "next"),
        ("so cell 7 holds only the second clue, 1; (… into cell 8, outside cells 6–7)", "no part"),
    ],
)
def test_the_checker_refuses_part_words_untrue_of_the_line(text: str, wrong: str) -> None:
    hints, line = (3, 1, 3, 2), line_cells("xx###x.x###x.......x")
    problems = check_short_words(text, hints, [line])
    assert len(problems) == 1 and wrong in problems[0], problems
    for true in (
        "so cell 7 holds only the second clue, 1; …",
        "so cells 7–11 hold only the clues 1 3;",
    ):
        assert check_short_words(true, hints, [line]) == []


def test_random_lines_give_part_words_the_checker_reads_true() -> None:
    """Matching's words on random lines: every "cells … hold(s)" read, none refused
    (``PART_LINES`` sets how many lines; 200 by default)."""
    rng = random.Random(67)
    parts = lines = others = outside = 0
    for _ in range(int(os.environ.get("PART_LINES", "200"))):
        solution, hints = random_solution(rng, 5, 20)
        if not hints:
            continue
        cells = [
            (1 if v else 0) if rng.random() < 0.5 else -1 for v in solution
        ]  # FILLED 1, CROSSED 0, UNKNOWN -1
        explanation, premises = explain_move("matching", "row", 0, tuple(hints), cells)
        if not premises:
            continue
        text = explanation.text
        lines += 1
        outside += text.count("outside cells")
        parts += len(re.findall(r"\bcells? \d+(?:–\d+)? holds? (?:only|no clue)", text))
        states = [cells]
        for r in sorted({p.get("round", 0) for p in premises})[:-1]:
            states.append(list(states[-1]))
            for premise in premises:
                if premise.get("round", 0) == r:
                    for p, v in premise["cells"]:
                        states[-1][p] = v
        problems = check_short_words(text, tuple(hints), states)
        # (the part's words and the cells a clue cannot leave; the checker's other readers
        # are the other tests')
        mine = [p for p in problems if p.startswith("'cell") or "outside cells" in p]
        assert mine + [p for p in problems if "'cells … hold only'" in p] == [], text
        others += bool(problems)
    print(f"{lines} lines with words: {parts} part phrases and {outside} 'outside cells' read,")
    print(f"none refused ({others} texts with another reader's problem)")
    assert parts > 0


def test_a_part_s_edges_go_unsaid_as_a_clue_s_walls() -> None:
    """Janko 1390 column 19 step 386 (clue 2 1 5 1 1 1): "cells 8–20 hold only the clues 5 1;
    the first box there, …, starting between cells 8 and 11 to hold it (it cannot cross the
    cross at cell 7)" said the part's edge again, and at 92 words had no room for the box's
    reason; the part's words say its clues stay in it."""
    move = ("matching", "column", 18, (2, 1, 5, 1, 1, 1), "##x#xxx...#.........x#x#xxxxxx")
    text, _ = checked_words(*move, later_rounds=False)  # claims by brute force, words read
    said = (
        "cells 8–20 hold only the clues 5 1; the first box there, at cell 11, can only be the "
        "third clue, 5, starting between cells 8 and 11 to hold it, so cell 12 is filled"
    )
    assert said in text, text
