"""``once``: a cached property without a lock, for the values derived from a frozen board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, overload

_Owner = TypeVar("_Owner")
_Value = TypeVar("_Value")


class once(Generic[_Owner, _Value]):
    """``functools.cached_property`` without the lock Python 3.11 takes on every first read
    (3.12 dropped it): computed on first read, then an instance attribute. Two threads may both
    compute it; each gets an equal value (the rules read a frozen board)."""

    def __init__(self, func: Callable[[_Owner], _Value]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[_Owner], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type[_Owner] | None = None) -> once[_Owner, _Value]: ...

    @overload
    def __get__(self, obj: _Owner, owner: type[_Owner] | None = None) -> _Value: ...

    def __get__(self, obj: _Owner | None, owner: type[_Owner] | None = None) -> _Value | once[_Owner, _Value]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value
