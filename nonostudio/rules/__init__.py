"""Package nonostudio.rules: the rule language (its scope: docs/architecture.md; no Qt here)."""
