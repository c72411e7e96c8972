"""Values that check themselves: a NamedTuple class whose every value, made or changed with
``_replace``, passes its ``check`` (a ship's steps, a factor's rating, terrain points ...), or is
refused with the check's RefereeError, as an attrs class runs its ``__attrs_post_init__``.

The rules' values are NamedTuples rather than attrs classes: a command that only reads a scenario
(``referee si status``) then imports no attrs and builds no attrs class (about 30 ms of a 150 ms
command)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar


class Checks(Protocol):
    def check(self) -> None: ...


C = TypeVar("C", bound=type)


def checked(cls: C) -> C:
    """``cls`` (a NamedTuple class with a ``check`` method), checking each value it makes."""
    made = cls.__new__
    make = cls._make  # type: ignore[attr-defined]  # (a NamedTuple's: _replace makes its value with it)

    def new(klass: type, *args: Any, **kwargs: Any) -> Any:
        value = made(klass, *args, **kwargs)
        value.check()
        return value

    def remade(klass: type, iterable: Iterable[Any]) -> Any:
        value = make.__func__(klass, iterable)
        value.check()
        return value

    cls.__new__ = new  # type: ignore[assignment]
    cls._make = classmethod(remade)  # type: ignore[attr-defined]
    return cls
