"""Colour nonograms: the palette and puzzle model, the colour line solver and solver."""
