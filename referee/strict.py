"""Strict reading of files a referee may have edited by hand: every key known, every value of
the right kind, and a refusal that names the place and what would be right."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from referee.errors import RefereeError

T = TypeVar("T")


def get(table: dict[str, Any], key: str, kind: type[T], where: str, default: T | None = None) -> T:
    """``table[key]`` of the right kind; ``default`` when absent (None: the key is required)."""
    if key not in table:
        if default is None:
            raise RefereeError(f"{where}: {key} is missing")
        return default
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RefereeError(f"{where}: {key} must be {kind.__name__}, not {value!r}")
    return value


def words(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = get(table, key, list, where, [])
    if not all(isinstance(v, str) for v in value):
        raise RefereeError(f"{where}: {key} must be a list of words, not {value!r}")
    return tuple(value)


def keys(table: object, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise RefereeError(f"{where} must be a table, not {table!r}")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise RefereeError(f"{where}: unknown key {', '.join(unknown)}; the keys are {', '.join(sorted(allowed))}")
    return table


def items(data: dict[str, Any], key: str, read: Callable[[object, str], T]) -> tuple[T, ...]:
    """``[[key]]`` tables, each read by ``read(table, 'key #n')``."""
    found = data.get(key, [])
    if not isinstance(found, list):
        raise RefereeError(f"{key} must be a list of tables ([[{key}]])")
    return tuple(read(item, f"{key} #{n}") for n, item in enumerate(found, 1))


def header(data: dict[str, Any], form: str, version: int, where: str, what: str) -> None:
    """Refuse a file that is not of this format and version (``what``: 'a Frontier map file')."""
    if data.get("format") != form:
        raise RefereeError(f'{where}: format must be "{form}", not {data.get("format")!r} (is this {what}?)')
    if data.get("version") != version:
        raise RefereeError(f"{where}: version {data.get('version')!r} is not one this program reads (it reads {version})")


def pick(name: str, names: Iterable[str], what: str, where: str = "") -> str:
    """The one of ``names`` meant by ``name`` (any case); otherwise a refusal with the nearest names."""
    known = list(names)
    wanted = name.strip().casefold()
    for candidate in known:
        if candidate.casefold() == wanted:
            return candidate
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    hint = f"did you mean {' or '.join(close)}?" if close else f"the {what}s are: {', '.join(known) or 'none'}"
    return _refuse(f"no {what} called {name!r}{f' in {where}' if where else ''}; {hint}")


def _refuse(message: str) -> str:
    raise RefereeError(message)
