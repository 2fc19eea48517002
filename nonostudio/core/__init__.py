"""The pure core: puzzle, line and grid model; file formats; line solver;
complete solver (no Qt)."""
