"""How a list's columns fit the width it has, none cut mid-word.

A list (:class:`referee.tui.rows.Rows`) whose columns are wider together than its room leaves out
first the columns another part of the screen shows too (``spare``: the side panel's), then narrows
the others, each row's cells then wrapping at their spaces onto as many lines as they need. The
widths are chosen for the fewest lines: a column whose long cells are few (a ship in transit,
"box 2: White Light -> Timeon", among ships in systems) wraps before one whose every cell would.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from rich.cells import cell_len

GAP = 2  # a cell's blank either side


class Fit(NamedTuple):
    columns: tuple[int, ...]  # the columns shown, by their place among the labels
    widths: tuple[int, ...]  # each shown column's width


@lru_cache(maxsize=8192)
def wrap(text: str, width: int) -> tuple[str, ...]:
    """``text`` broken at its spaces into lines of at most ``width`` cells; a word longer than the
    width stands whole on a line of its own (longer than the width: never cut)."""
    if cell_len(text) <= width:
        return (text,)
    lines: list[str] = []
    now = ""
    for word in text.split(" "):
        if now and cell_len(now) + 1 + cell_len(word) > width:
            lines.append(now)
            now = word
        else:
            now = f"{now} {word}" if now else word
    lines.append(now)
    return tuple(lines)


def fit(labels: Sequence[str], rows: Sequence[Sequence[str]], room: int, spare: frozenset[int] = frozenset()) -> Fit:
    """The columns shown and their widths within ``room`` cells (0: room for all, unwrapped): every
    column, if all fit; else the columns not ``spare``, and of the spare ones, in order, those that
    fit whole beside them; narrowed, if those are still too wide, to the widths giving the fewest
    lines - never below a column's longest word, so a list too narrow even for that is wider than
    its room (and scrolls), its words whole."""
    count = len(labels)
    natural = [max([cell_len(labels[n]), *(cell_len(cells[n]) for cells in rows if n < len(cells))]) for n in range(count)]
    if not room or sum(natural) + GAP * count <= room:
        return Fit(tuple(range(count)), tuple(natural))
    shown = [n for n in range(count) if n not in spare]
    used = sum(natural[n] + GAP for n in shown)
    for n in sorted(spare):
        if used + natural[n] + GAP > room:
            break
        shown.append(n)
        used += natural[n] + GAP
    shown.sort()
    if used <= room:
        return Fit(tuple(shown), tuple(natural[n] for n in shown))
    cells = [[cells[n] if n < len(cells) else "" for cells in rows] for n in shown]
    return Fit(tuple(shown), _narrowed(cells, [cell_len(labels[n]) for n in shown], [natural[n] for n in shown], room - GAP * len(shown)))


def _narrowed(columns: list[list[str]], labels: list[int], natural: list[int], room: int) -> tuple[int, ...]:
    """Widths within ``room`` for the fewest lines: from each column's narrowest (its longest word,
    its label), the room left goes, a step at a time, where it saves the most lines for each cell
    it costs (a column's lines summed over its cells: rows are as tall as their tallest cell, and a
    row's other cells are often short)."""
    floors = [max([labels[j], *(cell_len(word) for cell in set(column) for word in cell.split(" "))]) for j, column in enumerate(columns)]
    widths = list(floors)
    left = room - sum(widths)
    if left <= 0:
        return tuple(widths)
    # each column's lines at each width from its floor to its natural width (those of its cells wider than that)
    costs = []
    for j, column in enumerate(columns):
        wide = [(cell, cell_len(cell), times) for cell, times in Counter(cell for cell in column if cell_len(cell) > floors[j]).items()]
        costs.append([sum(times * len(wrap(cell, width)) for cell, size, times in wide if size > width) for width in range(floors[j], natural[j] + 1)])
    while left > 0:
        best: tuple[float, int, int] | None = None  # (lines saved a cell, column, width)
        for j, cost in enumerate(costs):
            now = cost[widths[j] - floors[j]]
            for width in range(widths[j] + 1, min(natural[j], widths[j] + left) + 1):
                there = cost[width - floors[j]]
                if there < now and (best is None or (now - there) / (width - widths[j]) > best[0]):
                    best = ((now - there) / (width - widths[j]), j, width)
        if best is None:
            break
        _, j, width = best
        left -= width - widths[j]
        widths[j] = width
    while left > 0 and any(w < n for w, n in zip(widths, natural)):  # the room no line is saved by: shared by the columns still narrowed
        for j in range(len(widths)):
            if left and widths[j] < natural[j]:
                widths[j] += 1
                left -= 1
    return tuple(widths)
