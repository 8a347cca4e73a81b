"""Bad-input errors: each names the offending field (pydantic-style location, code, message).

Every code is one of two closed vocabularies: ``ErrorCode``, the codes this project raises
itself (each has a section in docs/errors.md), and ``PydanticErrorCode``, pydantic's own
validation error types, passed through by ``InputError.from_validation`` (pydantic_core's
``ErrorType``; documented at https://docs.pydantic.dev/latest/errors/validation_errors/). Two
names are in both (``missing``, ``json_invalid``): the project raises them with pydantic's meaning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeGuard, get_args

from pydantic import Field, ValidationError, WithJsonSchema
from pydantic_core import InitErrorDetails, PydanticCustomError
from pydantic_core.core_schema import ErrorType

ErrorCode = Literal[
    "ambiguous_name",
    "ambiguous_question",
    "bad_card_file",
    "bad_checkpoint",
    "band_split",
    "band_too_small",
    "card_and_token",
    "duplicate_id",
    "duplicate_key",
    "duplicate_member",
    "exceeds_total",
    "internal_error",
    "invalid_attack_target",
    "json_invalid",
    "lone_surrogate",
    "missing",
    "missing_extra",
    "missing_team",
    "needs_output",
    "nested_grant",
    "not_a_battle",
    "not_a_copy",
    "not_a_creature",
    "not_a_mapping",
    "not_a_number",
    "not_a_permanent",
    "not_a_string",
    "not_grantable",
    "not_an_integer",
    "not_an_object",
    "not_an_opponent",
    "not_applicable",
    "not_attacking",
    "not_attacking_player",
    "not_defending",
    "not_modelled",
    "not_positive",
    "not_utf8",
    "one_of",
    "other_audit",
    "overwrites_input",
    "recursive_alias",
    "removed_from_combat",
    "stdin_twice",
    "syntax_error",
    "too_deep",
    "too_large",
    "too_many_values",
    "unknown_card",
    "unknown_creature_type",
    "unknown_field",
    "unknown_id",
    "unknown_kind",
    "unknown_name",
    "unknown_question",
    "unknown_schema",
    "unreachable",
    "unreadable_file",
    "unresolved_player",
    "unsupported_format",
    "unwritable",
    "wrong_kind",
    "wrong_step",
]
"""Every error code the project raises itself (docs/errors.md has a section for each)."""

PYDANTIC_ERRORS = "https://docs.pydantic.dev/latest/errors/validation_errors/"

PydanticErrorCode = ErrorType
"""Pydantic's own validation error types (``missing``, ``int_type``, ``extra_forbidden``, ...),
as pydantic_core lists them: https://docs.pydantic.dev/latest/errors/validation_errors/"""

Code = ErrorCode | PydanticErrorCode
"""The code of an ``ErrorItem``: one of the project's or one of pydantic's."""

CodeField = Annotated[
    ErrorCode
    | Annotated[
        PydanticErrorCode,
        WithJsonSchema(
            {"type": "string", "description": f"one of pydantic's validation error types ({PYDANTIC_ERRORS})"}
        ),
    ],
    Field(description="one of the project's error codes (docs/errors.md) or one of pydantic's"),
]
"""``Code`` as a model field. Its JSON Schema enumerates the project's codes and leaves pydantic's
as a string (they are pydantic's to list, and change with its version)."""

_CODES = frozenset(get_args(ErrorCode)) | frozenset(get_args(PydanticErrorCode))


def is_code(text: str) -> TypeGuard[Code]:
    """Whether ``text`` is an error code of either vocabulary."""
    return text in _CODES


def as_code(text: str) -> Code:
    """The type of a pydantic error as a ``Code``: pydantic's own are in its ``ErrorType``, the
    project's (``PydanticCustomError`` in a validator) are ``ErrorCode`` where they are raised."""
    if is_code(text):
        return text
    raise TypeError(f"error code {text!r} is in neither ErrorCode nor pydantic's ErrorType: add it to ErrorCode")


@dataclass(frozen=True)
class ErrorItem:
    """One problem in the input: where (``loc``), what kind (``code``) and why (``message``)."""

    loc: tuple[str | int, ...]
    code: Code
    message: str

    @property
    def path(self) -> str:
        """The location as ``permanents[2].controller``."""
        text = ""
        for part in self.loc:
            if isinstance(part, int):
                text += f"[{part}]"
            else:
                text += f".{part}" if text else str(part)
        return text or "<root>"

    def __str__(self) -> str:
        return f"{self.path}: {self.message} [{self.code}]"


class InputError(ValueError):
    """Raised for bad input only (never for an illegal declaration)."""

    def __init__(self, items: Sequence[ErrorItem], *, source: str | None = None) -> None:
        self.items = tuple(items)
        self.source = source
        where = f"{source}: " if source else ""
        super().__init__(where + "; ".join(str(i) for i in self.items))

    @classmethod
    def one(cls, loc: tuple[str | int, ...], code: ErrorCode, message: str) -> InputError:
        return cls([ErrorItem(loc, code, message)])

    def located(self, source: str) -> InputError:
        """The same problems, said to be in the file ``source``."""
        return InputError(self.items, source=source)

    @classmethod
    def from_validation(
        cls, error: ValidationError, *, prefix: tuple[str | int, ...] = (), source: str | None = None, data: Any = None
    ) -> InputError:
        """Pydantic's errors, located in ``data`` (the validated input) without the ``kind`` tags
        pydantic adds for each ability or declaration."""
        items = [
            ErrorItem(prefix + _without_tags(tuple(e["loc"]), data), as_code(e["type"]), e["msg"])
            for e in error.errors()
        ]
        return cls(items, source=source)


Problem = tuple[tuple[str | int, ...], ErrorCode, str]
"""A consistency problem a model validator found: location, code, message."""


def validation_error(model: str, problems: Sequence[Problem]) -> ValidationError:
    """The problems as one pydantic ``ValidationError`` (each keeps its own location)."""
    return ValidationError.from_exception_data(
        model,
        [
            InitErrorDetails(type=PydanticCustomError(code, message), loc=loc, input=None)
            for loc, code, message in problems
        ],
    )


def _without_tags(loc: tuple[str | int, ...], data: Any) -> tuple[str | int, ...]:
    out: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part not in node and node.get("kind") == part:
            continue
        out.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)
