"""Package nonostudio.analysis: traces, techniques, explanations and grades of puzzles, on top of
the core and the rule language (docs/architecture.md; no Qt here)."""
