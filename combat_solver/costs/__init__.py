"""Costs to attack and block (508.1h-j, 509.1d-f), in one home.

- ``terms``: what a cost is: the board's wording (``Cost``), resolved on the board (``UnitCost``),
  the ``CostTerm`` an ability kind states (its kinds are in ``rules/costs.py``) and the wording of
  a locked-in total;
- ``payment``: a declaring unit's cost terms as the ``ir.Side`` problem of paying them (built by
  the unit, solved by ``ortools_adapter`` like any other ``ir`` problem), and ``settle``, the engine's one
  entry point: a declaration's cost reports and the violation when it can't pay in full.
"""

from .payment import payment_side, settle
from .terms import Cost, CostTerm, UnitCost

__all__ = ["Cost", "CostTerm", "UnitCost", "payment_side", "settle"]
