"""Bad-input errors: each names the offending field (pydantic-style location, code, message)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError


@dataclass(frozen=True)
class ErrorItem:
    """One problem in the input: where (``loc``), what kind (``code``) and why (``message``)."""

    loc: tuple[str | int, ...]
    code: str
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
    def one(cls, loc: tuple[str | int, ...], code: str, message: str) -> InputError:
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
        items = [ErrorItem(prefix + _without_tags(tuple(e["loc"]), data), e["type"], e["msg"]) for e in error.errors()]
        return cls(items, source=source)


Problem = tuple[tuple[str | int, ...], str, str]
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
