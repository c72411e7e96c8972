"""The players' view as text: what every kind's view shares (its log page), and the part that
shows a kind's pages (``tui/campaign/view.py``, ``tui/battle/view.py``: each built only from the
side's view, never from the file), as the registry names it (:mod:`referee.kinds`)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from types import ModuleType

from referee import kinds
from referee.tui.text import Part, bold, line

LOG_LINES = 200  # the newest lines shown (a war's log runs to thousands)


def part(kind: str) -> ModuleType:
    """The module of a kind's players' view: its page TITLES, ``where(view)`` (the bar's day or
    turn) and ``pages(view)`` (the pages' lines, in the order of TITLES)."""
    return importlib.import_module(kinds.by_name(kind).view)


def log(entries: Iterable[tuple[str, str, Sequence[str]]]) -> list[Part]:
    """The newest lines first, each with its dice."""
    newest = list(entries)[::-1][:LOG_LINES]
    said: list[Part] = [bold("Log, the newest first (the lines this side may read)")]
    for when, text, rolls in newest:
        said.append(line((when, "dim"), f"  {text}"))
        said += [f"    {r}" for r in rolls]
    return said
