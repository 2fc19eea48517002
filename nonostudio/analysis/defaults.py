"""The one default rule set of the studio: Solve, Difficulty, Grade Folder, ``explain`` and
``grade`` all start from :data:`DEFAULT_RULE_SET`, the others being one choice away.

Why the learned set (and its coverage figures): docs/design/analysis.md, "The default rule set".
"""

from __future__ import annotations

DEFAULT_RULE_SET = "learned"
"""The name of the default shipped rule set (``resources/rules/learned.rules``)."""
