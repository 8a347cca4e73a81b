"""Shared pydantic base class and the strict, bounded scalar types every model uses.

Integers are bounded by ``MAX_INTEGER`` so that no sum the solver builds can overflow CP-SAT's
64-bit arithmetic; integers and booleans are strict (``"3"``, ``true`` for a number or ``"on"``
for a boolean are refused, as their JSON Schemas refuse them).
"""

from typing import Annotated, Any

from annotated_types import Interval
from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, GetJsonSchemaHandler, ValidationInfo
from pydantic import Strict as StrictValue
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

MAX_INTEGER = 1_000_000
"""The largest magnitude of any integer in a board, declaration or preference."""

Integer = Annotated[int, StrictValue(), Interval(ge=-MAX_INTEGER, le=MAX_INTEGER)]
NonNegative = Annotated[int, StrictValue(), Interval(ge=0, le=MAX_INTEGER)]
Positive = Annotated[int, StrictValue(), Interval(ge=1, le=MAX_INTEGER)]
Flag = Annotated[bool, StrictValue()]


class Strict(BaseModel):
    """Frozen model that rejects unknown fields, its validator built on first use."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Lazy:
    """``Annotated[Model, Lazy()]``: a field validated by ``Model``'s own validator, so building
    the enclosing model doesn't build ``Model`` (it is built when a value first needs it). The
    JSON Schema, the values and the errors are those of the plain ``Model`` field for Python
    input (in JSON mode, errors inside ``Model`` come in Python's order): use it where the
    input is already Python objects, as inside abilities. The wrapped placeholder is never
    called; its reference makes JSON Schema treat the field as a model's (no field title)."""

    def __get_pydantic_core_schema__(self, source: type[BaseModel], handler: GetCoreSchemaHandler) -> CoreSchema:
        def validate(value: Any, _: Any, info: ValidationInfo) -> BaseModel:
            return source.__pydantic_validator__.validate_python(value, context=info.context)  # type: ignore[no-any-return]

        placeholder = core_schema.any_schema(ref=f"lazy:{source.__module__}.{source.__qualname__}")
        return core_schema.with_info_wrap_validator_function(validate, placeholder, metadata={"lazy_model": source})

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        model: type[BaseModel] = schema["metadata"]["lazy_model"]
        return handler(model.__pydantic_core_schema__)
