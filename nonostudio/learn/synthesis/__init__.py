"""Rule synthesis: from a specification to a sound, general, concise rule, by candidate search,
verification, the lattice climb and polishing.
"""
