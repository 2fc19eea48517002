"""A step of a solving trace explained as a player reads it: the technique and its instance.

:func:`step_sentence` words a line step from its premises (the claims that prove its cells,
:mod:`nonostudio.analysis.explaining.premises`) and nothing else: the line, the technique's name,
then each premise in plain words — which clue (named as a player sees it, "the second clue, 8"),
which block, gap or bound, and which cells.  Cells and clues are numbered as the grid shows them
(rows from the left, columns from the top, from 1).  The :class:`Explanation` also keeps what to
highlight: the clues and cell ranges the premises are about.  :func:`explain_move` explains a
technique's move on one line the same way; contradictions and guesses have their own texts.
:func:`gather_premises` finds a step's premises (its technique's witnesses, round after round, as
many as the sentence has room for) and :func:`premise_sentence` words each by its say.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.catalogue.technique_moves import normal_clues
from nonostudio.analysis.catalogue.techniques import BY_ID, WORDS
from nonostudio.analysis.explaining.move_line import Span, cells_text, clues_text
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.premise_text import (
    ROOM_REASONS,
    SHORT_REASONS,
    Naming,
    part_text,
    premise_focus,
    restated,
    then_sentence,
)
from nonostudio.analysis.explaining.premises import (
    WitnessLine,
    order_reasons,
    short_reasons,
    stranded_short,
    stranded_sole,
)
from nonostudio.core.counts import count
from nonostudio.core.line import FILLED, Line
from nonostudio.rules.words.phrase_words import ordinal

__all__ = [
    "Explanation",
    "Span",
    "explain_move",
    "gather_premises",
    "premise_sentence",
    "probe_text",
    "guess_text",
    "step_sentence",
]


@dataclass(frozen=True)
class Explanation:
    """A step's sentence and what it points at: the line's clue indices (0-based, whole line)
    and :data:`Span` cell ranges."""

    text: str
    clues: tuple[int, ...] = ()
    spans: tuple[Span, ...] = ()


def explain_move(
    technique_id: str,
    axis: str,
    index: int,
    hints: Sequence[int],
    cells: Sequence[int],
    *,
    line_size: int | None = None,
) -> tuple[Explanation, list[dict[str, Any]]]:
    """A line technique's move on a whole line (clue ``hints``, cells ``cells``) explained as a
    trace step explains it: the sentence made of its premises (:func:`gather_premises`, as many
    as the sentence has room for) and the premises themselves (empty when the technique decides
    nothing there)."""
    line = Line(normal_clues(hints), tuple(int(c) for c in cells))
    premises: list[dict[str, Any]] = []
    gather_premises(technique_id, axis, line, line, 0, 0, False, premises)
    size = len(line.cells) if line_size is None else line_size
    return step_sentence(technique_id, axis, index, line.hints, size, premises), premises


def probe_text(assumed: int, line: tuple[str, int] | None, line_clue: Sequence[int] | None) -> str:
    """A probe by its dead end alone (when no chain could be told): ``if this cell were
    filled, line logic would reach a dead end (column 7 could not hold 3 1 2); so it is
    empty``."""
    other = "empty" if assumed == FILLED else "filled"
    was = "filled" if assumed == FILLED else "empty"
    if line is None or line_clue is None:
        where = "some line could not hold its clue"
    else:
        where = f"{line_name(*line).lower()} could not hold {clues_text(line_clue)}"
    return f"if this cell were {was}, line logic would reach a dead end ({where}); so it is {other}"


def guess_text(r: int, c: int, value: int, unique: bool, decides: int | None = None) -> Explanation:
    """A search step that guesses one cell: what it assumed and why that is safe; with
    ``decides``, why this cell: knowing it lets line logic decide that many more cells, the
    most any one undecided cell's value does (the trace's guess, ``guess_cell``)."""
    was = "filled" if value == FILLED else "empty"
    other = "empty" if value == FILLED else "filled"
    why = (
        f"the puzzle's one solution has it {was}: with it {other} there is no solution, but "
        "showing that takes more than one supposed cell"
        if unique
        else f"the puzzle has several solutions, and one of them has it {was}"
    )
    chosen = (
        ""
        if decides is None
        else f": knowing it, line logic decides {count(decides, 'more cell')}, and no other"
        " cell more"
    )
    return Explanation(
        f"Row {r + 1}, column {c + 1} — {BY_ID['search'].name}: no line and no contradiction "
        f"decides a cell; so take this cell as {was} and go on{chosen} ({why}).",
        (),
        (("cells", c, c + 1),),
    )


def step_sentence(
    technique_id: str,
    axis: str,
    index: int,
    line_clues: Sequence[int],
    line_size: int,
    premises: Sequence[dict[str, Any]],
    *,
    beyond_rules: bool = False,
) -> Explanation:
    """A line step's sentence, made from its premises alone
    (:func:`premise_sentence`): the line, the
    technique's name, then each premise's words; the focus is what the premises are about."""
    nm = Naming(axis, normal_clues(line_clues), line_size)
    body = ""
    stated: list[dict[str, Any]] = []
    round_ = 0
    joined = False  # the next words go on the sentence of a part ("cells 1–8 hold …; …")
    for premise in premises:
        if premise["say"] == "part":
            text = part_text(nm, premise)
        else:
            text = premise_sentence(nm, premise, stated)
            stated += premise["claims"]
            if premise.get("round", 0) > round_:  # a premise on the cells the last round decided
                round_ = premise["round"]
                text = "then " + text.removeprefix("and ")
        if not body:
            body = text
        elif joined:
            body += "; " + text
        else:  # each premise its own sentence (a hint's premise rung quotes the first)
            body = then_sentence(body, text.removeprefix("and "))
        joined = premise["say"] == "part"
    name = BY_ID[technique_id].name + (" (beyond the rules)" if beyond_rules else "")
    clues, spans = premise_focus(premises)
    return Explanation(f"{line_name(axis, index)} — {name}: {body}.", clues, spans)


def premise_sentence(
    nm: Naming, premise: dict[str, Any], stated: Sequence[dict[str, Any]] = ()
) -> str:
    """A premise (``{say, claims, cells}`` as in a step's ``premises``) in words: its say's
    wording (:data:`~nonostudio.analysis.catalogue.techniques.WORDS`); a box's holder already
    ``stated`` by an earlier premise of the step is not said again
    (:func:`~nonostudio.analysis.explaining.premise_text.restated`)."""
    again = restated(nm, premise, stated) if stated else None
    if again is not None:
        return again
    return WORDS[premise["say"]](nm, premise["claims"], premise["cells"])


def _budget_sentence(nm: Naming, premise: dict[str, Any], stated: Sequence[dict[str, Any]]) -> str:
    """The words of a premise as the word budget counts them: :func:`premise_sentence`'s, but a
    Finished block premise's in full, its reason said again (a reason said by the premise
    before is left out of the words, "So the block at cell 6 can only be …", but the budget
    counts it, so the steps split as they did when it was said)."""
    premise = {**premise, "claims": _without_short(_without_stranded(premise["claims"]))}
    premise["claims"] = [_with_wall(c) for c in premise["claims"] if "order" not in c]
    if premise["say"] == "punctuate":
        return WORDS["punctuate"](nm, premise["claims"], premise["cells"])
    return premise_sentence(nm, premise, stated)


def _with_wall(claim: dict[str, Any]) -> dict[str, Any]:
    """``claim`` as the word budget counts it: a ``gap`` claim in a part the step said holds its
    clues (``part_said``: its walls at the part's edges go unsaid) with those walls said, so the
    steps split as they did when they were (as they do without the starts the clues' order rules
    out, ``cannot_start`` claims with ``order``, left out of the count)."""
    if claim["claim"] != "gap" or "part_said" not in claim:
        return claim
    return {k: v for k, v in claim.items() if k != "part_said"}


def _stranded_sole(claim: dict[str, Any]) -> bool:
    """Whether ``claim`` is a ``sole_holder`` claim whose reason is the boxes each other clue
    would leave unheld (``stranded`` claims): said only when the step's words have room left."""
    return claim["claim"] == "sole_holder" and all(
        c["claim"] == "stranded" for c in claim["because"]
    )


def _without_stranded(claims: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``claims`` without their :func:`_stranded_sole` claims."""
    return [c for c in claims if not _stranded_sole(c)]


def _without_short(claims: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``claims`` without their short reasons a block is one clue (:data:`SHORT_REASONS`,
    said only where the step's words have room, :func:`_add_short_reasons`)."""
    return [c for c in claims if c["claim"] not in SHORT_REASONS]


def _without_sole(claims: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``claims`` without their ``sole_holder`` claims (the reasons only one clue can hold a
    block: what keeps the other clues as long off it)."""
    return [c for c in claims if c["claim"] != "sole_holder"]


def _without_last_sole(claims: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``claims`` without their last ``sole_holder`` claim (the reason only one clue can hold
    the last block said to be one clue), when they have one."""
    for k in range(len(claims) - 1, -1, -1):
        if claims[k]["claim"] == "sole_holder":
            return [*claims[:k], *claims[k + 1 :]]
    return list(claims)


BODY_WORDS = 62
"""A step's sentence states premises until its body would pass this many words (the first
premise is always stated); the cells of the premises left out are the next step's."""


REASON_SLACK = 8
"""A reason only one clue can hold a block, left out of a step's first premise to keep within
the budget, is put back when the body then passes it by no more than this many words and the
whole sentence stays within :data:`SENTENCE_WORDS` (the step's cells are those the budget
chose)."""

SENTENCE_WORDS = 75
"""The most words of a step's sentence (the line, the technique's name and the body) with a
reason put back (:data:`REASON_SLACK`)."""

SHORT_SLACK = 20
"""A short reason (:func:`_add_short_reasons`, 4-16 words: "walled in, …, the only 2", "every
cell before it decided") is added where the step's body then passes :data:`BODY_WORDS` by no
more than this many words.  With :data:`REASON_SLACK`'s 8, most "can only be" statements left
without a reason had a short one the words had no room for (the steps' cells are the same:
the budget does not count it).  16 left six of the bench's 24 puzzles' statements bare for
1-5 words (their sentences 86-90 words with the reason)."""

SHORT_SENTENCE_WORDS = 90
"""The most words of a step's sentence with short reasons added (:data:`SHORT_SLACK`); 85
left those six bare (the longest sentence stays 97 words, the content's own)."""


def gather_premises(
    technique: str,
    axis: str,
    line: Line,
    seen: Line,
    offset: int,
    clue_offset: int,
    sub: bool,
    premises: list[dict[str, Any]],
    want: Sequence[int] = (),
    *,
    budget: int | None = None,
) -> dict[int, int]:
    """:func:`_gather_premises`, then the reasons it left out of a first premise put back while
    the body stays within :data:`REASON_SLACK` words of the budget (the cells are the same).
    When a block is then said to be one clue with no reason, the step states fewer premises
    (the last left to the next step) where that leaves every such block its reason: a shorter
    step whose every "can only be" says why."""
    given = [{**p, "claims": list(p["claims"])} for p in premises]
    decided = _reasoned_premises(
        technique, axis, line, seen, offset, clue_offset, sub, premises, want, budget
    )
    bare = _bare_holders(line.hints, premises)
    if budget is not None or not bare:
        return decided
    for most in range(len(premises) - 1, len(given), -1):
        fewer = [{**p, "claims": list(p["claims"])} for p in given]
        cells = _reasoned_premises(
            technique, axis, line, seen, offset, clue_offset, sub, fewer, want, budget, most
        )
        if not cells or _bare_holders(line.hints, fewer):
            continue
        # (a block bare for want of room, now with its reason: not one with none found, left
        # out only to come first in the next step, bare again)
        if bare & _bare_holders(line.hints, fewer, reasoned=True):
            premises[:] = fewer
            return cells
    return decided


def _bare_holders(
    hints: Sequence[int], premises: Sequence[dict[str, Any]], *, reasoned: bool = False
) -> set[tuple[int, int, int]]:
    """The blocks ``(start, end, clue)`` that ``premises`` say are one clue (a ``holders``
    claim of one clue) with no reason among the claims of its premise and those before it (a
    reason given later is not said again: the block was named already): none of
    :data:`_REASONS` or :data:`ROOM_REASONS` for it, no ``part`` claim holding only that clue
    around it, and some other clue at least as long (on a line of one clue, or with every
    other clue shorter, the words say why).  With ``reasoned``, those said with a reason."""
    said: list[dict[str, Any]] = []
    out: set[tuple[int, int, int]] = set()
    for premise in premises:
        parts = [d for d in said if d["claim"] == "part"]  # (a part's own blocks show its cut)
        said += premise["claims"]
        if premise["say"] == "join":  # ("can only both be": one clue for two blocks)
            continue
        spans = {(c["start"], c["end"]) for c in said if c["claim"] in (*_REASONS, *ROOM_REASONS)}
        for c in premise["claims"]:
            if c["claim"] != "holders" or len(c["clues"]) != 1:
                continue
            (i,) = c["clues"]
            s, e = c["start"], c["end"]
            if all(h < e - s for j, h in enumerate(hints) if j != i):
                continue
            if (s, e) in spans or any(
                d["clues"] == [i] and d["start"] <= s < e <= d["end"] for d in parts
            ):
                if reasoned:
                    out.add((s, e, i))
            elif not reasoned:
                out.add((s, e, i))
    return out


def _reasoned_premises(
    technique: str,
    axis: str,
    line: Line,
    seen: Line,
    offset: int,
    clue_offset: int,
    sub: bool,
    premises: list[dict[str, Any]],
    want: Sequence[int],
    budget: int | None,
    most: int | None = None,
) -> dict[int, int]:
    """:func:`gather_premises` stating at most ``most`` premises (all: as many as the budget
    has room for), its reasons put back where the words have room."""
    dropped: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    decided = _gather_premises(
        technique, axis, line, seen, offset, clue_offset, sub, premises, want, dropped, budget, most
    )
    room = (BODY_WORDS if budget is None else budget) + REASON_SLACK
    # the reasons by boxes left unheld are not counted by the budget (the steps split as they
    # did without them): left out now, put back below where the words have room
    full = {id(p): list(c) for p, c in dropped}
    by_id = {id(p): p for p, _ in dropped}
    whole = [(p, full.get(id(p), list(p["claims"]))) for p in premises]
    for premise in premises:
        premise["claims"] = _without_stranded(premise["claims"])
    dropped = [(p, _without_stranded(c)) for p, c in dropped]
    for premise, claims in dropped:
        left = premise["claims"]
        while claims != left:
            premise["claims"] = claims
            body, words = _body_words(technique, axis, line, premises)
            if body <= room and words <= SENTENCE_WORDS:
                break
            claims = (  # (a part's blocks: both reasons or neither)
                _without_sole(claims) if premise["say"] == "part" else _without_last_sole(claims)
            )
        premise["claims"] = claims
    for premise, claims in whole:  # the reasons by boxes left unheld, where there is room
        if not any(map(_stranded_sole, claims)):
            continue
        kept = premise["claims"]
        premise["claims"] = [c for c in claims if c in kept or _stranded_sole(c)]
        body, words = _body_words(technique, axis, line, premises)
        if body > room - REASON_SLACK or words > SENTENCE_WORDS:
            premise["claims"] = kept
    if not sub and offset == 0:  # a reason left out for want of room: the boxes left unheld
        for key, claims in full.items():
            _shorter_reasons(technique, axis, line, premises, by_id[key], claims)
    _add_short_reasons(technique, axis, line, premises)
    for key, claims in full.items():  # a reason left out still the block's only one
        _put_back_bare(technique, axis, line, premises, by_id[key], _without_stranded(claims))
    return decided


def _put_back_bare(
    technique: str,
    axis: str,
    line: Line,
    premises: list[dict[str, Any]],
    premise: dict[str, Any],
    claims: Sequence[dict[str, Any]],
) -> None:
    """Each ``sole_holder`` claim the word budget left out of ``premise`` (``claims``: its
    claims in full) whose block the words now name with no reason at all (no short reason was
    found for it either) put back before the block's ``holders`` claim, where the step's body
    then stays within :data:`SHORT_SLACK` words of :data:`BODY_WORDS` and the sentence within
    :data:`SHORT_SENTENCE_WORDS`, as a short reason is: a longer step rather than a block said
    to be one clue for no stated reason (the cells are the same)."""
    kept = premise["claims"]
    back = [
        c
        for c in claims
        if c["claim"] == "sole_holder"
        and c not in kept
        and not any(
            d["claim"] in _REASONS and (d["start"], d["end"]) == (c["start"], c["end"])
            for d in kept
        )
    ]
    # (a part's blocks: both reasons or neither)
    for some in [back] if premise["say"] == "part" else [[c] for c in back]:
        kept = premise["claims"]
        claims_now = list(kept)
        for c in some:
            at = next(
                (
                    k
                    for k, d in enumerate(claims_now)
                    if d["claim"] == "holders" and (d["start"], d["end"]) == (c["start"], c["end"])
                ),
                None,
            )
            if at is not None:
                claims_now.insert(at, c)
        if claims_now == kept:
            continue
        premise["claims"] = claims_now
        body, words = _body_words(technique, axis, line, premises)
        if body > BODY_WORDS + SHORT_SLACK or words > SHORT_SENTENCE_WORDS:
            premise["claims"] = kept


_REASONS = ("edge_block", "only_long", "sole_holder", "kept_off", *SHORT_REASONS)
"""The claim kinds that say why a box's holder is the one clue its ``holders`` claim names."""

# The short reasons by the room and blocks on a block's sides (ROOM_REASONS): a block said with
# one is held (:func:`_held`), so another's reason may rest on it, but it is looked at again
# (:func:`_add_premise_reasons`), where a reason resting on a block said on the first look may
# be shorter.


def _add_short_reasons(
    technique: str, axis: str, line: Line, premises: list[dict[str, Any]]
) -> None:
    """Each block said to be one clue with no reason gets a short one
    (:func:`~nonostudio.analysis.explaining.premises.short_reasons`: the blocks counted from a
    decided end, the block walled in and the only clue that long (or the only other, the rest
    said before to be other blocks'), or the first (last) box of the part just stated; where
    none is found, the boxes each other clue as long would leave unheld,
    :func:`~nonostudio.analysis.explaining.premises.stranded_short`) where
    the step's body then stays within :data:`SHORT_SLACK` words of :data:`BODY_WORDS` (and the
    sentence within :data:`SHORT_SENTENCE_WORDS`): of a premise's choices, the most reasons in
    the fewest words.  The budget does not count them
    (:func:`_budget_sentence`), so the steps split as they did without them; the line is taken
    as it stood before the premise's round.  A reason may rest on another block of the same
    premise said with a reason, one given a short reason here too (each premise is looked at
    twice): the words then name that block first
    (:func:`~nonostudio.analysis.explaining.premise_text.punctuate_reach`)."""
    rounds = []
    for k in range(len(premises)):  # a part premise: the round of the premise after it
        after = [p for p in premises[k:] if p["say"] != "part"]
        rounds.append(after[0].get("round", 0) if after else 0)
    said: list[dict[str, Any]] = []
    held: list[tuple[int, int, int]] = []  # blocks said, with a reason, to be one clue each
    for k, premise in enumerate(premises):
        claims = premise["claims"]
        cells = list(line.cells)
        for p, r in zip(premises, rounds, strict=True):
            if r < rounds[k]:
                for q, v in p["cells"]:
                    cells[q] = v
        # the part just stated, holding only one clue, says it ("cells 9–25 hold only the
        # second clue, 10; the box at cells 9–10 can only be the second clue, 10")
        parts = premises[k - 1]["claims"] if k and premises[k - 1]["say"] == "part" else []
        for _ in range(2):  # again when the reasons added let another block rest on theirs
            # (the boxes left unheld offered too when no short reason found fits: one resting on
            # a block the words name later, or longer than the room left)
            if not any(
                _add_premise_reasons(
                    technique, axis, line, premises, premise, cells, parts, said, held, unheld
                )
                for unheld in (False, True)
            ):
                break
        said.extend(claims)
        held += _held(premise["claims"])


def _add_premise_reasons(
    technique: str,
    axis: str,
    line: Line,
    premises: list[dict[str, Any]],
    premise: dict[str, Any],
    cells: Sequence[int],
    parts: Sequence[dict[str, Any]],
    said: Sequence[dict[str, Any]],
    held: Sequence[tuple[int, int, int]],
    unheld: bool = False,
) -> bool:
    """:func:`_add_short_reasons` on one ``premise`` (``cells``: the line as its round found
    it; ``parts``: the claims of the part stated just before it; ``said``: the claims of the
    premises before it; ``held``: the blocks they said, with a reason, to be one clue each):
    its blocks said to be one clue with no reason get the choice of short reasons that gives
    the most in the fewest words, where the sentence has room and names the blocks a reason
    rests on first (a block of the premise itself may be one, the words naming it first).
    The boxes each other clue would leave unheld are offered where no other short reason is
    found, or with ``unheld`` beside those found.  Whether a reason was added."""
    claims = premise["claims"]
    options: list[list[dict[str, Any] | None]] = []
    bare: list[dict[str, Any]] = []
    for c in claims:
        if c["claim"] != "holders" or len(c["clues"]) != 1 or c in said:
            continue
        span = (c["start"], c["end"])
        if any(d["claim"] in _REASONS and (d["start"], d["end"]) == span for d in claims):
            continue
        if any(
            d["claim"] == "part"
            and d["clues"] == c["clues"]
            and d["start"] <= span[0] < span[1] <= d["end"]
            for d in parts
        ):
            continue
        within = [
            d for d in parts if d["claim"] == "part" and d["start"] <= span[0] < span[1] <= d["end"]
        ]
        found = short_reasons(
            line.hints,
            cells,
            *span,
            c["clues"][0],
            within[0] if within else None,
            [*held, *(h for h in _held(claims) if h[:2] != span)],
        )
        if not found or unheld:  # else the boxes each other clue would leave unheld
            found = [*found, *stranded_short(line.hints, cells, *span, c["clues"][0])]
        if found:
            bare.append(c)
            options.append([*found, None])
    best: tuple[tuple[int, int], list[dict[str, Any]]] | None = None
    for chosen in itertools.product(*options):
        reasons = {id(h): r for h, r in zip(bare, chosen, strict=True) if r is not None}
        if not reasons:
            continue
        spans = {(h["start"], h["end"]) for h in bare if id(h) in reasons}
        premise["claims"] = [  # (a room reason found on the first look: replaced, not doubled)
            d
            for c in claims
            if not (c["claim"] in ROOM_REASONS and (c["start"], c["end"]) in spans)
            for d in ([reasons[id(c)], c] if id(c) in reasons else [c])
        ]
        text = _sentence(technique, axis, line, premises)
        body, words = _counted(text)
        if not _others_named_first(text, reasons.values()):
            continue
        if body <= BODY_WORDS + SHORT_SLACK and words <= SHORT_SENTENCE_WORDS:
            key = (-len(reasons), body)
            if best is None or key < best[0]:
                best = (key, premise["claims"])
    premise["claims"] = claims if best is None else best[1]
    return best is not None


def _others_named_first(text: str, reasons: Iterable[dict[str, Any]]) -> bool:
    """Whether the step sentence ``text`` names the blocks a short reason rests on, and their
    clues, before the block the reason is for: each other block a ``walled_block`` claim with
    ``held`` rests on ("the first block, at cell 1, can only be the first clue, 1, and the
    block at cell 12, walled in, can only be the second clue, 1, the only other 1"), and the
    block a ``no_room`` claim rests on ("the first block, at cells 1–2, can only be the first
    clue, 2, and the block at cell 9, walled in, with no room for the third clue, 2, in cells
    3–8 before it, …")."""
    for r in reasons:
        if "held" in r:
            at = text.find(f"at {cells_text(range(r['start'], r['end']))}, walled in,")
            for *_, j in r["held"]:
                said = [text.find(w) for w in _said_to_be(ordinal(j))]
                if at < 0 or not any(0 <= k < at for k in said):
                    return False
        if r["claim"] == "apart_block":  # a block said before: named, and its clue, first
            at = text.find(f"at {cells_text(range(r['start'], r['end']))}, too far")
            for bs, be, k, edge in r["by"]:
                if edge:
                    continue
                found = re.search(rf"at {cells_text(range(bs, be))}(?![\d–])", text)
                if at < 0 or found is None or found.start() >= at:
                    return False
                if not any(w in text[found.end() : at] for w in _said_to_be(ordinal(k))):
                    return False
        if r["claim"] == "no_room":
            at = text.find(f"at {cells_text(range(r['start'], r['end']))}, ")
            bs, be, k = r["by"]
            found = re.search(rf"at {cells_text(range(bs, be))}(?![\d–])", text)
            if at < 0 or found is None or found.start() >= at:
                return False
            between = text[found.end() : at]
            if not any(w in between for w in _said_to_be(ordinal(k))):
                return False
    return True


def _said_to_be(ordinal: str) -> tuple[str, str, str]:
    """The words that say a block is the ``ordinal`` clue ("can only be the third clue,", "can
    only be the third and …", "… and third clues")."""
    o = ordinal
    return (f"can only be the {o} clue,", f"can only be the {o} and ", f" and {o} clues")


def _held(claims: Sequence[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """The blocks ``(start, end, clue)`` that ``claims`` say are one clue each, with a reason
    (not one resting on other blocks said so: a ``walled_block`` claim with ``held``)."""
    out = []
    for c in claims:
        if c["claim"] != "holders" or len(c["clues"]) != 1:
            continue
        span = (c["start"], c["end"])
        if any(
            d["claim"] in (*_REASONS, *ROOM_REASONS)
            and (d["start"], d["end"]) == span
            and "held" not in d
            for d in claims
        ):
            out.append((*span, c["clues"][0]))
    return out


def _shorter_reasons(
    technique: str,
    axis: str,
    line: Line,
    premises: list[dict[str, Any]],
    premise: dict[str, Any],
    claims: Sequence[dict[str, Any]],
) -> None:
    """For each reason only one clue can hold a block that the word budget left out of the
    first round's ``premise`` (``claims``: its claims in full), the boxes each other clue would
    leave unheld (:func:`~nonostudio.analysis.explaining.premises.stranded_sole`) said instead,
    when the step's body then stays within :data:`BODY_WORDS` (the cells are the same)."""
    if premise.get("round", 0):
        return
    x = WitnessLine(line.hints, line.cells, 0, 0, sub=False)
    for c in claims:
        if c["claim"] != "sole_holder" or _stranded_sole(c) or c in premise["claims"]:
            continue
        (i,) = c["clues"]
        alt = stranded_sole(x, i, c["start"], c["end"])
        kept = premise["claims"]
        at = next(
            (
                k
                for k, d in enumerate(kept)
                if d["claim"] == "holders" and (d["start"], d["end"]) == (c["start"], c["end"])
            ),
            None,
        )
        if alt is None or at is None:
            continue
        premise["claims"] = [*kept[:at], alt, *kept[at:]]
        body, words = _body_words(technique, axis, line, premises)
        if body > BODY_WORDS or words > SENTENCE_WORDS:
            premise["claims"] = kept


def _body_words(
    technique: str, axis: str, line: Line, premises: list[dict[str, Any]]
) -> tuple[int, int]:
    """The words of the body of the step sentence ``premises`` make (after the line's and the
    technique's names) and of the whole sentence (its line named as long as any: "Column
    30", and the technique beyond the rules), a part's edges counted as said
    (:func:`_with_wall`): the words they leave out give room to the short reasons alone, so a
    long reason is put back where it was (it took the place of "the last box there, …, can
    only be the second clue, 5", jwilk data011 row 22 step 47, 69 -> 75 words)."""
    walled = [{**p, "claims": [_with_wall(c) for c in p["claims"]]} for p in premises]
    return _counted(_sentence(technique, axis, line, walled))


def _sentence(technique: str, axis: str, line: Line, premises: list[dict[str, Any]]) -> str:
    """The step sentence ``premises`` make, its line named as long as any ("Column 30") and
    the technique beyond the rules: the longest it can be."""
    return step_sentence(
        technique, axis, 99, line.hints, line.size, premises, beyond_rules=True
    ).text


def _counted(text: str) -> tuple[int, int]:
    """The words of a step sentence's body (after the line's and the technique's names) and of
    the whole sentence."""
    return len(text.split(": ", 1)[1].split()), len(text.split())


def _gather_premises(
    technique: str,
    axis: str,
    line: Line,
    seen: Line,
    offset: int,
    clue_offset: int,
    sub: bool,
    premises: list[dict[str, Any]],
    want: Sequence[int],
    dropped: list[tuple[dict[str, Any], list[dict[str, Any]]]],
    budget: int | None,
    most: int | None = None,
) -> dict[int, int]:
    """Append to ``premises`` the premises of ``technique``'s move on ``seen`` (a part of
    ``line`` from cell ``offset`` and clue ``clue_offset``, or the line), round after round,
    while the step's sentence has room (``budget`` words of its body, by default
    :data:`BODY_WORDS`); in the first round those deciding
    the cells ``want`` come first.  Each premise is ``{say, claims, cells, round}`` with cells
    ``[position, value]`` of the whole line; returns the cells decided, ``{position of seen:
    value}`` (empty: the technique decides nothing there).  A first premise's reasons left out
    to keep within the budget are added to ``dropped`` (the premise, its claims in full)."""
    nm = Naming(axis, normal_clues(line.hints), line.size)
    room = BODY_WORDS if budget is None else budget

    stated: list[dict[str, Any]] = []  # as step_sentence words them: said claims are not said again

    def words_of(premise: dict[str, Any]) -> int:
        if premise["say"] == "part":
            plain = {**premise, "claims": _without_short(premise["claims"])}
            return len(part_text(nm, plain).split())
        return len(_budget_sentence(nm, premise, stated).split())

    words = 0
    for given in premises:
        words += words_of(given)
        if given["say"] != "part":
            stated.extend(given["claims"])
    state = list(seen.cells)
    decided: dict[int, int] = {}
    wanted = set(want)
    for round_ in itertools.count():
        found = BY_ID[technique].witnesses(seen.hints, state, offset, clue_offset, sub=sub)
        if round_ == 0 and wanted:
            found.sort(key=lambda w: not wanted & set(w.cells))
        new: dict[int, int] = {}
        full = False
        for w in found:
            cells = {p: v for p, v in w.cells.items() if p not in new}
            if not cells:
                continue
            premise: dict[str, Any] = {
                "say": w.say,
                "claims": order_reasons(w.claims, line.hints, line.cells),
                "cells": [[p + offset, v] for p, v in sorted(cells.items())],
                "round": round_,
            }
            last = premises[-1] if premises else None
            if last is not None and {**last, "cells": []} == {**premise, "cells": []}:
                # the same reason again for other cells: one premise with all of them
                merged = {**last, "cells": sorted(last["cells"] + premise["cells"])}
                before = stated[: len(stated) - len(last["claims"])]
                count = len(_budget_sentence(nm, merged, before).split())
                count -= len(_budget_sentence(nm, last, before).split())
                if words + count > room:
                    full = True
                    break
                premises[-1] = merged
                words += count
                new.update(cells)
                continue
            part = {"say": "part", "claims": w.part, "cells": []}
            plain = {**part, "claims": _without_sole(w.part)}
            if plain in premises:  # the part was stated before, without a reason that had no room
                part = plain
            new_part = bool(w.part) and part not in premises
            said = [part, premise] if new_part else [premise]
            count = sum(map(words_of, said))
            for held in said:
                while words + count > room and not (decided or new):
                    # stated whatever its length: what keeps the other clues off a block is
                    # left out rather than pass the budget (the block's holder stated alone),
                    # the last block's first, as long as the words pass it
                    fewer = (  # (a part's blocks: both reasons or neither)
                        _without_sole(held["claims"])
                        if held["say"] == "part"
                        else _without_last_sole(held["claims"])
                    )
                    if fewer == held["claims"]:
                        break
                    if not any(d is held for d, _ in dropped):
                        dropped.append((held, held["claims"]))
                    held["claims"] = fewer
                    count = sum(map(words_of, said))
            if (decided or new) and (
                words + count > room or (most is not None and len(premises) + len(said) > most)
            ):
                full = True
                break
            if new_part:
                premises.append(part)
            premises.append(premise)
            stated.extend(premise["claims"])
            words += count
            new.update(cells)
        for p, v in new.items():
            state[p] = v
        decided.update(new)
        if full or not new:
            return decided
    return decided
