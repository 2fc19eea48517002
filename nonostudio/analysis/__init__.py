"""Package nonostudio.analysis (see STYLE.md for its scope; no Qt here)."""
