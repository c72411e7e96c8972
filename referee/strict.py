"""Strict reading of files a referee may have edited by hand: every key known, every value of
the right kind, and a refusal that names the place and what would be right."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from referee.errors import RefereeError, Unknown

T = TypeVar("T")


# C0 controls, DEL and C1 controls: a name holding ESC or BEL would reach the terminal raw (an
# escape sequence that recolours, moves the cursor or retitles the window). Free text (notes, the
# book's scenario texts) may hold line breaks and tabs.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_IN_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def get(
    table: dict[str, Any],
    key: str,
    kind: type[T],
    where: str,
    default: T | None = None,
    low: int | None = None,
    high: int | None = None,
    lines: bool = False,
) -> T:
    """``table[key]`` of the right kind; ``default`` when absent (None: the key is required).

    A whole number must lie within ``low``..``high`` (where given); a text holds no control
    characters (``lines``: free text, which may hold line breaks and tabs)."""
    if key not in table:
        if default is None:
            raise RefereeError(f"{where}: {key} is missing")
        return default
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RefereeError(f"{where}: {key} must be {kind.__name__}, not {_shown(value)}")
    # (the refusal's words are put together only for a refusal: a file's load asks thousands of values)
    if isinstance(value, str):
        if _control(value, lines) is not None:
            plain(value, f"{where}: {key}", lines)
    elif isinstance(value, int) and not isinstance(value, bool):
        if _outside(value, low, high):
            within(value, f"{where}: {key}", low, high)
    return value


def within(value: int, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value``, refused (naming ``what``) outside ``low``..``high``."""
    if _outside(value, low, high):
        if high is None:
            wanted = f"{low} or more"
        elif low is None:
            wanted = f"{high} or less"
        else:
            wanted = f"from {low} to {high}"
        raise RefereeError(f"{what} must be {wanted}, not {value}")
    return value


def plain(text: str, what: str, lines: bool = False) -> str:
    """``text``, refused if it holds a control character (``lines``: line breaks and tabs allowed)."""
    found = _control(text, lines)
    if found is not None:
        allowed = "; line breaks and tabs are allowed" if lines else ""
        raise RefereeError(f"{what} holds the control character {found.group()!r} (at {found.start()}): write printable characters only{allowed}")
    return text


def _outside(value: int, low: int | None, high: int | None) -> bool:
    return (low is not None and value < low) or (high is not None and value > high)


def _control(text: str, lines: bool) -> re.Match[str] | None:
    """The first control character in ``text`` (``lines``: but for line breaks and tabs)."""
    return (_CONTROL_IN_LINES if lines else _CONTROL).search(text)


def name(text: str, what: str) -> str:
    """A name given for a new thing: not empty, no control characters."""
    if not text.strip():
        raise RefereeError(f"{what} must not be empty")
    return plain(text, what)


def words(table: dict[str, Any], key: str, where: str, lines: bool = False) -> tuple[str, ...]:
    value = get(table, key, list, where, [])
    if not all(isinstance(v, str) for v in value):
        raise RefereeError(f"{where}: {key} must be a list of words, not {_shown(value)}")
    for number, word in enumerate(value, 1):
        if _control(word, lines) is not None:
            plain(word, f"{where}: {key} #{number}", lines)
    return tuple(value)


def _cut(text: str) -> str:
    return text if len(text) <= 200 else f"{text[:180]}..."


def _shown(value: object) -> str:
    """A wrong value as a refusal shows it: its repr, cut short (a file may hold a huge table)."""
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({type(value).__name__})"


def keys(table: object, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise RefereeError(f"{where} must be a table, not {_shown(table)}")
    if table.keys() <= allowed:
        return table
    unknown = sorted(set(table) - allowed)
    if unknown:
        shown = ", ".join(k if _CONTROL.search(k) is None and k.strip() == k and k else repr(k) for k in unknown)
        raise RefereeError(f"{where}: unknown key {_cut(shown)}; the keys are {', '.join(sorted(allowed))}")
    return table


def fits(table: object, kinds: dict[str, type]) -> bool:
    """Whether :func:`keys`, :func:`get` and :func:`words` would take ``table`` as it is: a table of
    known keys (those of ``kinds``), each holding exactly its kind (a whole number not a bool), a
    list only texts, and every text printable (no line breaks either: free text that has them is for
    the reading key by key). Figures' ranges are not looked at, nor a table's inside.

    For the quick reading of a table a file holds by the hundred: False says only that the key by
    key reading must look, and refuse, in its own words and order, if anything is wrong."""
    if not isinstance(table, dict):
        return False
    texts: list[str] = []
    for key, value in table.items():
        kind = kinds.get(key)
        if kind is str and type(value) is str:
            texts.append(value)
        elif kind is list and type(value) is list:
            texts += value
        elif kind is None or type(value) is not kind:  # (an unknown key: kind None)
            return False
    # one search of them all: a control character in one text is one in the texts joined (and a
    # list holding anything but texts cannot be joined)
    try:
        return _CONTROL.search("".join(texts)) is None
    except TypeError:
        return False


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


FEW = 30  # names few enough to list them all in a refusal (the map's systems, planets and routes; not a war's 183 ships, 4,000 characters)


def pick(name: str, names: Iterable[str], what: str, where: str = "") -> str:
    """The one of ``names`` meant by ``name`` (any case); otherwise a refusal with the nearest names,
    or, none near, every name if they are few, else how many there are."""
    known = list(names)
    wanted = name.strip().casefold()
    for candidate in known:
        if candidate.casefold() == wanted:
            return candidate
    import difflib  # only for a refusal: not on the path of every command that reads a file

    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    if close:
        hint = f"did you mean {' or '.join(close)}?"
    elif len(known) <= FEW:
        hint = f"the {what}s are: {', '.join(known) or 'none'}"
    else:
        hint = f"none of the {len(known)} {what}s is named like it"
    return _refuse(f"no {what} called {name!r}{f' in {where}' if where else ''}; {hint}", what)


def _refuse(message: str, what: str) -> str:
    raise Unknown(message, what)
