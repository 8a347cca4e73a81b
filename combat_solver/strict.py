"""The strict pydantic base class: immutable, no unknown fields."""

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Frozen model that rejects unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")
