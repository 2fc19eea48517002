"""The thin Qt shell: widgets, models, actions and workers that adapt the core."""
