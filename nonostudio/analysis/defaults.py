"""The one default rule set of the studio: Solve, Difficulty, Grade Folder, ``explain`` and
``grade`` all start from :data:`DEFAULT_RULE_SET`, the others being one choice away.

It is the shipped **learned** set, chosen for teaching: steps are complete moves of the named
techniques (:mod:`nonostudio.analysis.techniques`), and a rule only decides *which* technique a
step is and that the rule set knows it.  The learned set covers the most of the paper's test
cells (9231 of 10266, the control set 4652 and the concise set fewer), so the most steps of a
trace are backed by a proved rule rather than marked "beyond the rules", while its 94 rules
fold into the ten-odd techniques a player actually learns.
"""

from __future__ import annotations

DEFAULT_RULE_SET = "learned"
"""The name of the default shipped rule set (``resources/rules/learned.rules``)."""
