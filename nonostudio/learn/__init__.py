"""Rule learning: specification mining, synthesis of sound rules with z3, choosing a rule set,
and learning runs kept in the job store (docs/architecture.md, ``learn/``; no Qt here)."""
