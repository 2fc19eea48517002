"""Help for players and designers: the hint ladder, mistakes, the printable strategy guide and the
designer's checks.
"""
