"""What the README states about the studio matches the code: the range of difficulty tiers is the
catalogue's."""

from __future__ import annotations

import re
from pathlib import Path

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES
from nonostudio.analysis.grades.difficulty import TIERS

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_tier_range_in_the_readme_is_the_catalogues() -> None:
    stated = re.findall(r"tiers? (\d+)\s*[–-]\s*(\d+)", README.read_text(encoding="utf-8"))
    assert stated, "the README no longer states the tier range"
    tiers = sorted({t.tier for t in ALL_TECHNIQUES})
    assert tiers == list(range(TIERS))
    for low, high in stated:
        assert (int(low), int(high)) == (tiers[0], tiers[-1])
