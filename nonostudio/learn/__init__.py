"""Package nonostudio.learn (see STYLE.md for its scope; no Qt here)."""
