"""Shared pydantic base class and the strict, bounded scalar types every model uses.

Integers are bounded by ``MAX_INTEGER`` so that no sum the solver builds can overflow CP-SAT's
64-bit arithmetic; integers and booleans are strict (``"3"``, ``true`` for a number or ``"on"``
for a boolean are refused, as their JSON Schemas refuse them).
"""

from typing import Annotated

from annotated_types import Interval
from pydantic import BaseModel, ConfigDict
from pydantic import Strict as StrictValue

MAX_INTEGER = 1_000_000
"""The largest magnitude of any integer in a board, declaration or preference."""

Integer = Annotated[int, StrictValue(), Interval(ge=-MAX_INTEGER, le=MAX_INTEGER)]
NonNegative = Annotated[int, StrictValue(), Interval(ge=0, le=MAX_INTEGER)]
Positive = Annotated[int, StrictValue(), Interval(ge=1, le=MAX_INTEGER)]
Flag = Annotated[bool, StrictValue()]


class Strict(BaseModel):
    """Frozen model that rejects unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
