"""A document as plain text for the terminal (or a file), at most ``width`` columns: the same
parts as the printed page, the boxes of a roster drawn with characters (``x`` ticked, ``.`` to
tick, ``#`` a line lost), ten to a group."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Sequence

from referee.paper.document import PER_ROW, Boxes, Card, Heading, Lines, Logged, Paper, Part, Picture, Stack, Table

_CONTROLS = {c: 0x2400 + c for c in range(0x20)} | {0x7F: 0x2421}
GROUP = 10


def plain(value: str) -> str:
    return value.translate(_CONTROLS)


def page(paper: Paper, width: int = 100) -> str:
    width = max(width, 40)
    out = [*_wrap(paper.title, width), "=" * min(len(paper.title), width)]
    for line in paper.about:
        out += _wrap(line, width, "    ", "  ")
    out.append("")
    when = paper.when
    for part in paper.parts:
        out += list(_part(part, width, when))
    return "\n".join(out).rstrip() + "\n"


def _wrap(value: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """The text in lines of at most ``width``: the first indented by ``first``, the rest by ``indent``."""
    return textwrap.wrap(plain(value), width, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False) or [first.rstrip()]


def _part(part: Part, width: int, when: tuple[str, str]) -> Iterator[str]:
    if isinstance(part, Heading):
        yield from ("", plain(part.text.upper()), "-" * min(len(part.text), width))
    elif isinstance(part, Lines):
        for line in part.lines:
            yield from _wrap(line, width)
        yield ""
    elif isinstance(part, Table):
        yield from _table(part, width)
    elif isinstance(part, Card):
        yield from _card(part, width)
    elif isinstance(part, Stack):
        yield from _stack(part, width)
    elif isinstance(part, Picture):
        for line in part.text:
            yield from _wrap(line, width, "      ", "  ")
        yield from _wrap(part.caption, width)
        yield ""
    elif isinstance(part, Logged):
        yield from _logged(part, width, when)


def boxes(line: Boxes) -> list[str]:
    """Rows of boxes (:data:`PER_ROW` a row): ``x`` ticked, ``.`` to tick, ``#`` lost; a space every ten."""
    marks = "#" * line.boxes if line.gone else "x" * line.ticked + "." * (line.boxes - line.ticked)
    groups = [marks[i : i + GROUP] for i in range(0, len(marks), GROUP)]
    each = PER_ROW // GROUP
    return [" ".join(groups[i : i + each]) for i in range(0, len(groups), each)] or [""]


def _listing(systems: Sequence[tuple[str, bool]]) -> str:
    return ", ".join(f"{code} (crossed off)" if crossed else code for code, crossed in systems) or "none"


def _card(card: Card, width: int) -> Iterator[str]:
    yield "+" + "-" * (min(width, 78) - 2) + "+"
    yield plain(f"{card.name}  ({card.what})") + (f"  ** {plain(card.stamp)} **" if card.stamp else "")
    for where in card.where:
        yield from _wrap(where, width, "    ", "  ")
    yield f"  HULL POINTS: {card.hull.boxes}  ({plain(card.hull.said)})"
    yield from (f"    {row}" for row in boxes(card.hull))
    yield "  " + "   ".join(f"{f.label}: {f.now}" + (f" (was {f.start})" if f.now != f.start else "") for f in card.figures)
    yield from _wrap(f"WEAPONS: {_listing(card.weapons)}", width, "    ", "  ")
    yield from _wrap(f"DEFENSES: {_listing(card.defenses)}", width, "    ", "  ")
    for line in card.ammunition:
        rows = boxes(line)
        yield f"    {line.label:<4}{rows[0]:<{PER_ROW + PER_ROW // GROUP}}{plain(line.said)}"
        yield from (f"        {row}" for row in rows[1:])
    yield f"  SPEED: {plain(card.speed) or '____'}"
    yield from _wrap(f"DAMAGED SYSTEMS: {card.damaged}", width, "    ", "  ")
    for note in card.notes:
        yield from _wrap(note, width, "    ", "  ")
    yield ""


def _stack(stack: Stack, width: int) -> Iterator[str]:
    yield from _wrap(f"[{stack.title}]" + (f"  {stack.where}" if stack.where else ""), width, "    ")
    for counter in stack.counters or ("empty",):
        yield from _wrap(counter, width, "      ", "  - ")
    for note in stack.notes:
        yield from _wrap(note, width, "    ", "    ")
    yield ""


def _table(table: Table, width: int) -> Iterator[str]:
    """Columns, or, when they would not fit the width, each row as its cells named one after the other."""
    rows = [table.head, *table.rows]
    widths = [max(len(plain(r[i])) for r in rows) for i in range(len(table.head))]
    if sum(widths) + 2 * (len(widths) - 1) > width:
        for row in table.rows:
            yield from _wrap("; ".join(f"{head}: {cell}" for head, cell in zip(table.head, row)), width, "    ", "  ")
        yield ""
        return
    for n, row in enumerate(rows):
        cells = [plain(c).ljust(w) for c, w in zip(row, widths)]
        yield "  ".join(cells).rstrip()
        if n == 0:
            yield "  ".join("-" * w for w in widths)
    yield ""


def _logged(entry: Logged, width: int, when: tuple[str, str]) -> Iterator[str]:
    head = f"{when[0]} {entry.when[0]}, {entry.when[1]}: " if when[0] else ""
    yield from _wrap(head + entry.text, width, "    ")
    for roll in entry.rolls:
        yield from _wrap(f"dice: {roll}", width, "      ", "    ")
    if entry.rule:
        yield from _wrap(f"[{entry.rule}]", width, "      ", "    ")
