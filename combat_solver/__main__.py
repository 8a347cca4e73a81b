"""``python -m combat_solver``: the command line (see ``cli.py``)."""

from .cli import entry

entry()
