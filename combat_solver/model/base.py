"""Shared pydantic base class, the strict, bounded scalar types every model uses, read-only
mappings (a frozen model's dictionaries can't be changed in place either), and what a +N/+M
counter adds (122.1a).

Integers are bounded by ``MAX_INTEGER`` so that no sum the solver builds can overflow CP-SAT's
64-bit arithmetic; integers and booleans are strict (``"3"``, ``true`` for a number or ``"on"``
for a boolean are refused, as their JSON Schemas refuse them).
"""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

import re
from collections.abc import Mapping
from typing import Annotated, Any, NoReturn, TypeVar

from annotated_types import Interval
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)
from pydantic import Strict as StrictValue
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import (
    CoreSchema,
    ErrorDetails,
    InitErrorDetails,
    PydanticCustomError,
    PydanticKnownError,
    core_schema,
)

MAX_INTEGER = 1_000_000
"""The largest magnitude of any integer in a board, declaration or preference."""

Integer = Annotated[int, StrictValue(), Interval(ge=-MAX_INTEGER, le=MAX_INTEGER)]
NonNegative = Annotated[int, StrictValue(), Interval(ge=0, le=MAX_INTEGER)]
Positive = Annotated[int, StrictValue(), Interval(ge=1, le=MAX_INTEGER)]
Flag = Annotated[bool, StrictValue()]

K = TypeVar("K")
V = TypeVar("V")


class ReadOnlyDict(dict[K, V]):
    """A dictionary that refuses changes: what is derived from a board (its resolved game) stays
    true for it. Change a model with ``model_copy(update=...)``."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a board's dictionaries are read-only: make a changed copy with model_copy(update=...)")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self),))


def _read_only(value: Mapping[K, V]) -> dict[K, V]:
    return ReadOnlyDict(value)


ReadOnly = AfterValidator(_read_only)
"""Marks a ``dict`` field read-only: ``Annotated[dict[str, int], ReadOnly]``."""


def _count_input(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    try:
        return handler(value)
    except ValidationError as e:
        errors = e.errors()
        kept = [x for x in errors if not _short_by_invalid_items(x, value)]
        if len(kept) == len(errors):
            raise
        raise ValidationError.from_exception_data(e.title, [_again(x) for x in kept]) from None


def _short_by_invalid_items(error: ErrorDetails, value: Any) -> bool:
    """A "too few items" error for input that has enough: pydantic counts the items that
    validated, so every invalid item (reported already) also counted as a missing one."""
    if error["type"] != "too_short" or error["loc"] or not isinstance(value, (list, tuple)):
        return False
    least = error.get("ctx", {}).get("min_length")
    return isinstance(least, int) and len(value) >= least


def _again(error: ErrorDetails) -> InitErrorDetails:
    """The error as it was: pydantic's own again when its message comes out the same (so it keeps
    its documentation link), else a custom error of the same type and message."""
    ctx = error.get("ctx", {})
    try:
        same = PydanticKnownError(error["type"], ctx).message() == error["msg"]  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        same = False
    if same:
        return InitErrorDetails(type=error["type"], loc=error["loc"], input=error["input"], ctx=ctx)
    return InitErrorDetails(
        type=PydanticCustomError(error["type"], error["msg"]), loc=error["loc"], input=error["input"]
    )


CountedOnInput = WrapValidator(_count_input)
"""``Annotated[tuple[Item, ...], Field(min_length=n), CountedOnInput]``: a length limit read on
the input, so an item reported invalid isn't also reported as missing ("at least 2 items, not 1"
beside the real error in one of two players)."""


class Strict(BaseModel):
    """Frozen model that rejects unknown fields, its validator built on first use; it dumps its
    fields under the names it reads (``not``, ``from``), so a dump validates again."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True, serialize_by_alias=True)


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


def pt_counter(name: str) -> tuple[int, int] | None:
    """What a counter named ``name`` adds to power and toughness (122.1a: "+1/+1": (1, 1)), or None
    for a counter of another kind."""
    m = re.fullmatch(r"([+-]\d+)/([+-]\d+)", name)
    return (int(m[1]), int(m[2])) if m else None
