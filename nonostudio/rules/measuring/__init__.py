"""Measuring rules: the decomposition oracle, test transitions and the coverage metric."""
