"""Deciding: the engine, the pure-Python search, the min-cost flow and the CP-SAT back-end."""
