"""Package nonostudio.rules (see STYLE.md for its scope; no Qt here)."""
