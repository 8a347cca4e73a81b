"""How much work the randomized tests do: a quick run by default, the CI size with ``--long``.

``tests/conftest.py`` sets ``LONG`` from the command line before any test module is imported, so
a module reads its sizes at import time (``examples(quick=50, ci=250)``)."""

from __future__ import annotations

LONG = False
"""True under ``python -m pytest --long`` (what ``.ci/run`` runs)."""


def examples(quick: int, ci: int) -> int:
    """``ci`` under ``--long``, else ``quick``."""
    return ci if LONG else quick
