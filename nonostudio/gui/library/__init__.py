"""The puzzle library: its list and model, filling it in the background, and grading a folder of
puzzle files."""
