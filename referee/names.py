"""Lists of ships' names, said short: the names that differ only by the number (or single letter)
that ends them run together - "Sathar Destroyer 1-6" is exactly Sathar Destroyer 1, 2, 3, 4, 5 and
6; "Sathar Destroyer 1-3, 5" leaves 4 out. Undo's summary (:mod:`referee.touched`), the log lines
of a move, the campaign's Next and the players' view all say lists of names this way, and a
referee reads every name back from it.

The standard library only: the rules layer imports it."""

from __future__ import annotations

import re
from collections.abc import Iterable

_NUMBERED = re.compile(r"(.*?)(\d+)")
_LETTERED = re.compile(r"(.*\s)([A-Z])")


def runs(names: Iterable[str]) -> list[tuple[str, int]]:
    """Names with the numbers (or single letters) that end them run together, each stem once, in
    the order the stems come: ``[("Sathar Destroyer 1-3, 5", 4), ("Triad Station", 1)]``, with how
    many names each stands for."""
    stems: dict[str, list[tuple[int, str]]] = {}
    for name in names:
        found = _NUMBERED.fullmatch(name) or _LETTERED.fullmatch(name)
        if found is None:
            stems.setdefault(name, [])
            continue
        stem, end = found.groups()
        stems.setdefault(stem, []).append((int(end) if end.isdigit() else ord(end), end))
    out: list[tuple[str, int]] = []
    for stem, ends in stems.items():
        if not ends:
            out.append((stem, 1))
            continue
        ends.sort()
        spans: list[list[tuple[int, str]]] = []
        for end in ends:
            if spans and end[0] == spans[-1][-1][0] + 1:
                spans[-1].append(end)
            else:
                spans.append([end])
        text = ", ".join(span[0][1] if len(span) == 1 else f"{span[0][1]}-{span[-1][1]}" for span in spans)
        out.append((f"{stem}{text}", len(ends)))
    return out


def listed(names: Iterable[str]) -> str:
    """Names as a sentence says them, run together: "Sathar Destroyer 1-6, Sathar Frigate 2 and
    Sathar Heavy Cruiser 3" (one name: itself)."""
    return joined([text for text, _ in runs(names)])


def joined(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}" if parts else ""


_SPAN = re.compile(r"(?<![\w-])(\d+)-(\d+)(?![\w-])")


def spelled(text: str) -> str:
    """``text`` with each run's numbers written out after it ("Sathar Destroyer 1-4 (1 2 3 4)"),
    for a search by a ship's own name to find the line that names it in a run."""
    if "-" not in text:
        return text
    return _SPAN.sub(lambda m: f"{m[0]} ({' '.join(map(str, range(int(m[1]), int(m[2]) + 1)))})" if 0 < int(m[2]) - int(m[1]) <= 200 else m[0], text)
