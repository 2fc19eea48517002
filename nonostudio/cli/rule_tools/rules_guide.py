"""``nonostudio-cli rules families`` and ``rules guide``: the catalogue of solving techniques
(:mod:`nonostudio.analysis.catalogue.techniques`) and the printable strategy guide
(:mod:`nonostudio.analysis.helping.guide`)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from nonostudio.cli.common import Outcome, check_writable, say
from nonostudio.cli.rule_tools.rules_common import Progress, indent_block, load_rules
from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.paths import resolve_test_set
from nonostudio.core.samples import sample_puzzles
from nonostudio.rules.measuring.coverage import Transition, load_transitions


def add_families_parser(
    actions: argparse._SubParsersAction, parent: argparse.ArgumentParser
) -> None:
    """Add the ``families`` action."""
    families = actions.add_parser(
        "families",
        parents=[parent],
        help="the catalogue of solving techniques, in difficulty order",
    )
    families.set_defaults(run=run_families)


def add_guide_parser(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``guide`` action."""
    guide = actions.add_parser(
        "guide",
        parents=[parent],
        help="write a printable HTML strategy guide: the techniques in "
        "order, with pictures and worked examples",
    )
    guide.add_argument(
        "out", metavar="OUT.html", type=_html_name, help="the HTML file to write (.html or .htm)"
    )
    guide.add_argument(
        "--rules",
        metavar="NAME",
        default=None,
        help="the rule set the sample puzzles are solved with for the real "
        "examples (default: the studio's default set)",
    )
    guide.add_argument(
        "--test",
        metavar="FILE",
        default=None,
        help="test transitions (Butler JSON) to count how often each technique "
        "is needed (default: $NONOSTUDIO_TEST_SET, else the bundled set)",
    )
    guide.set_defaults(run=run_guide)


def run_families(args: argparse.Namespace) -> Outcome:
    """The technique catalogue: id, name, tier, idea, other names and worked example."""
    from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES

    items = []
    lines = []
    for t in ALL_TECHNIQUES:
        items.append(
            {
                "id": t.id,
                "name": t.name,
                "tier": t.tier,
                "idea": t.idea,
                "scope": t.scope,
                "also_known_as": list(t.also_known_as),
                "example": None
                if t.example is None
                else {
                    "clues": list(t.example.clues),
                    "before": t.example.before,
                    "after": t.example.after,
                    "note": t.example.note,
                },
            }
        )
        lines.append(f"tier {t.tier}  {t.name} ({t.id})")
        lines.append(indent_block(t.idea))
        if t.example is not None:
            lines.append(indent_block(f"e.g. {t.example}: {t.example.note}"))
    text = "\n".join([f"{len(items)} techniques, easiest first:", "", *lines])
    return Outcome({"techniques": items}, text)


def _html_name(out: str) -> str:
    """OUT.html as typed, refused (a usage error, exit 2, before anything is done) unless it
    ends in .html or .htm: ``rules guide control``, typed as ``rules show control`` is, wrote
    the page over a file named ``control``."""
    suffix = Path(out).suffix.lower()
    if suffix in (".html", ".htm") or Path(out).is_dir():  # a folder: said as one, later
        return out
    hint = ""
    if not suffix and _is_rule_set_name(out):
        hint = f" (for the {out!r} rules: rules guide --rules {out} {out}.html)"
    raise argparse.ArgumentTypeError(f"{out!r} does not end in .html or .htm{hint}")


def _is_rule_set_name(name: str) -> bool:
    """Whether ``name`` names a shipped rule set (``control``, the default set)."""
    from nonostudio.rules.ruleset import rule_set_path

    try:
        return rule_set_path(name).is_file()
    except (OSError, ValueError):
        return False


def run_guide(args: argparse.Namespace) -> Outcome:
    """Write the strategy guide to ``args.out``."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.helping.guide import (
        example_sources,
        guide_html,
        real_examples,
        technique_frequencies,
    )

    rule_set = load_rules(args.rules or DEFAULT_RULE_SET)
    check_writable(args.out, "an HTML file")  # before the samples are solved, not after
    samples = sample_puzzles()
    say(f"solving {len(samples)} sample puzzles with the {rule_set.name!r} rules for examples")
    started = time.perf_counter()
    examples = real_examples(samples, rule_set.rules)
    seconds = time.perf_counter() - started
    frequencies = None
    transitions: list[Transition] = []
    test = resolve_test_set(args.test)
    if args.test or test.is_file():
        transitions = load_transitions(test)
        say(f"counting the techniques on {len(transitions)} test lines from {test}")
        frequencies = technique_frequencies(transitions, progress=Progress("test lines"))
    sources = example_sources(examples, samples)
    page = guide_html(
        examples, frequencies, len(transitions), rule_set=rule_set.name, sources=sources
    )
    out = Path(args.out)
    try:
        # atomic: a write that fails (a full disk) leaves the guide there before, not a part
        write_text_atomic(out, page)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write the guide: {exc.strerror}", str(out)) from None
    from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES

    missing = [t.name for t in ALL_TECHNIQUES if t.id not in examples]
    count = sum(len(found) for found in examples.values())
    text = (
        f"wrote {out}: {len(ALL_TECHNIQUES)} techniques, {len(examples)} with examples from "
        f"the sample puzzles ({count} in all, found in {seconds:.1f} s)"
        + (f" (none for {', '.join(missing)})" if missing else "")
        + (
            f"; frequencies on {len(transitions)} test lines"
            if transitions
            else "; no test set, so no frequencies"
        )
    )
    return Outcome(
        {
            "out": str(out),
            "techniques": len(ALL_TECHNIQUES),
            "examples": sorted(examples),
            "example_counts": {t: len(found) for t, found in sorted(examples.items())},
            "examples_seconds": round(seconds, 2),
            "test_lines": len(transitions),
        },
        text,
    )
