"""Proving rules sound with z3: the symbolic semantics, the prover and its z3 side, and the record
of the shipped rules' proofs.
"""
