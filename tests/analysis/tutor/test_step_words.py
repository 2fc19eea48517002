"""What the tutor says about a player's standing: the next step with what it rests on, and how
near an answered technique is to mastered.  Each claim of the words is read back and checked
against counts made here from the outcomes themselves, and each "n more right answers" by
recomputing the mastery with n (and n - 1) more right outcomes."""

from __future__ import annotations

import random
import re

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES, BY_ID
from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES
from nonostudio.analysis.tutor.mastery import (
    Outcome,
    hint_score,
    mastered_text,
    mastery,
    mastery_note,
    right_to_master,
    step_text,
    step_tier,
)

RIGHT = Outcome("empty_line", 1.0)


def test_one_right_empty_line_answer_says_what_the_step_rests_on():
    # the colleague's case: one right Empty line drill, nothing else.  The step is tier 1 by
    # the model (tier 0 known fits better than not), and it said only "next step: tier 1",
    # read as "tier 0 is done" while 0 of 12 techniques are mastered and Line complete (tier 0)
    # was never asked
    levels = mastery([RIGHT])
    assert step_tier(levels) == 1
    words = step_text(levels)
    assert words != "next step: tier 1"
    assert words.startswith("next step: tier 1, judged on whole tiers from 1 drill answer:")
    assert "tier 0 right 1 of 1 (not yet asked: Line complete)" in words
    assert words.endswith("none yet at tier 1 or above")
    assert step_text(mastery([])) == "next step: tier 0 (no answers yet)"


def test_a_technique_answered_right_once_or_twice_says_how_near_it_is():
    one, two, three = (mastery([RIGHT] * n)["empty_line"] for n in (1, 2, 3))
    assert not one.mastered and not two.mastered and three.mastered
    assert mastery_note(one) == "2 more right in a row to master"
    assert mastery_note(two) == "1 more right in a row to master"
    assert mastery_note(three) == "mastered"
    assert mastery_note(mastery([])["overlap"]) == "not yet asked"
    text = mastered_text(mastery([RIGHT] * 2), list(LINE_TECHNIQUES))
    assert text == (
        "0 of 12 techniques mastered (each takes at least three right answers); nearest: "
        "Empty line (1 more right answer)"
    )


def test_right_to_master_is_the_fewest_right_answers_that_master():
    # by recomputing: n more right outcomes master the technique, n - 1 do not
    rng = random.Random(7)
    scores = [1.0, 0.0, hint_score(0), hint_score(3)]
    for _ in range(300):
        history = [Outcome("glue", rng.choice(scores)) for _ in range(rng.randint(0, 12))]
        n = right_to_master(mastery(history)["glue"])
        right = [Outcome("glue", 1.0)]
        assert mastery(history + right * n)["glue"].mastered, history
        assert n == 0 or not mastery(history + right * (n - 1))["glue"].mastered, history


_PART = re.compile(
    r"(tiers? (\d+)(?:–(\d+))?|above it) right (\d+) of (\d+)(?: \(not yet asked: (.*)\))?"
)


def _tally(outcomes, tiers):
    hit = [o for o in outcomes if BY_ID[o.technique].tier in tiers]
    return sum(o.score >= 1.0 for o in hit), len(hit)


def test_every_claim_of_the_step_words_is_true_of_the_answers():
    rng = random.Random(11)
    techniques = [t.id for t in ALL_TECHNIQUES]
    top = max(t.tier for t in ALL_TECHNIQUES)
    scores = [1.0, 1.0, 0.0, hint_score(1)]
    for _ in range(300):
        known = rng.randint(0, 6)  # a learner of the tiers below `known`, guessing above
        outcomes = []
        for _ in range(rng.randint(1, 40)):
            tid = rng.choice(techniques[: rng.randint(1, len(techniques))])
            good = BY_ID[tid].tier < known
            score = 1.0 if good and rng.random() < 0.9 else rng.choice(scores)
            outcomes.append(Outcome(tid, score, None, rng.choice(["drill", "drill", "solve"])))
        levels = mastery(outcomes)
        step = step_tier(levels)
        words = step_text(levels)
        head, _, rest = words.partition(": tier ")[2].partition(", judged on whole tiers from ")
        assert int(head) == step, words
        sources, _, parts = rest.partition(": ")
        drills = sum(o.source == "drill" for o in outcomes)
        by_hand = len(outcomes) - drills
        said = dict(
            (noun, int(n))
            for n, noun in re.findall(r"(\d+) (drill answers?|events? solving by hand)", sources)
        )
        assert sum(v for k, v in said.items() if k.startswith("drill")) == drills, words
        assert sum(v for k, v in said.items() if k.startswith("event")) == by_hand, words
        claims = parts.split("; ")
        seen: list[int] = []
        for claim in claims:
            m = _PART.fullmatch(claim)
            if m is None:
                assert claim in (
                    f"none yet at tier {step} or above",
                    "none yet above it",
                    f"none yet at tier {step}",
                ), words
                if claim.endswith("or above"):
                    tiers = list(range(step, top + 1))
                elif claim.endswith("above it"):
                    tiers = list(range(step + 1, top + 1))
                else:
                    tiers = [step]
                assert _tally(outcomes, tiers)[1] == 0, words
                seen += tiers
                continue
            if m.group(1) == "above it":
                tiers = list(range(step + 1, top + 1))
            else:
                low = int(m.group(2))
                tiers = list(range(low, int(m.group(3) or low) + 1))
            assert _tally(outcomes, tiers) == (int(m.group(4)), int(m.group(5))), words
            if tiers and max(tiers) < step:  # the tiers below the step, from tier 0
                assert tiers == list(range(step)), words
                asked = {o.technique for o in outcomes}
                named = m.group(6).split(", ") if m.group(6) else []
                expected = [t.name for t in ALL_TECHNIQUES if t.tier < step and t.id not in asked]
                assert named == expected, words
            seen += tiers
        assert sorted(seen) == list(range(top + 1)), words  # every tier accounted for, none twice
