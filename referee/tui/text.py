"""Text for the screen, built from data that is never read as markup.

Names are the referee's to choose and may hold brackets: a fleet named ``[/]`` or
``[@click=app.quit]quit[/]`` must read as written, not end the app or become a link. So nothing
the screen shows is markup: styled text is assembled from parts (:func:`line`), a plain string
being always literal. Control characters (which the data layer refuses) would reach the terminal
as they are: they are shown as symbols instead (ESC as ␛).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

from textual.content import Content
from textual.widgets import Static

Part = Union[str, tuple[str, str], Content]  # literal text; (literal text, style); or text already built

_SYMBOLS = {c: 0x2400 + c for c in range(0x20)} | {0x7F: 0x2421} | {c: 0xFFFD for c in range(0x80, 0xA0)}  # ␀ ... ␟, ␡, �
_KEEP_NEWLINE = {**_SYMBOLS, 0x0A: 0x0A}
_NEWLINE = Content("\n")


def plain(text: object, one_line: bool = False) -> str:
    """The text with its control characters as symbols (a newline too, on ``one_line``)."""
    found = str(text)
    if found.isprintable():  # the usual case, quickly (a newline is not printable)
        return found
    return found.translate(_SYMBOLS if one_line else _KEEP_NEWLINE)


def bold(text: object) -> tuple[str, str]:
    return (str(text), "bold")


def line(*parts: Part) -> Content:
    """Text assembled from parts: strings are literal, ``(text, style)`` styled, Content as it is."""
    return Content.assemble(*(_safe(part) for part in parts))


def lines(parts: Iterable[Part]) -> Content:
    """Lines of text (each as :func:`line` reads its one part), one under the other."""
    return _NEWLINE.join(line(part) for part in parts)


def _safe(part: Part) -> Part:
    if isinstance(part, str):
        return plain(part)
    if isinstance(part, tuple):
        return (plain(part[0]), part[1])
    return part


def put(static: Static, content: Content, layout: bool = True) -> None:
    """Show ``content`` in a Static unless it shows it already: an update lays the screen out
    again (``layout``) and repaints it, a few tens of milliseconds on a full screen."""
    if getattr(static, "_shown", None) != content:
        static._shown = content  # type: ignore[attr-defined]
        static.update(content, layout=layout)


def fitted(text: str, width: int, rows: int = 2) -> str:
    """``text`` as it fits ``rows`` lines of ``width`` cells once wrapped: whole if it fits, else
    with its middle left out ("…"): its beginning (who did what) and its end (what came of it: a
    move's "bound for Dramune: 14 more days") kept, half the room each."""
    if width < 20 or len(Content(text).wrap(width)) <= rows:
        return text
    words = text.split(" ")
    head: list[str] = []
    while words and len(" ".join([*head, words[0]])) <= width * rows // 2 - 2:
        head.append(words.pop(0))
    tail: list[str] = []
    for word in reversed(words):
        if len(Content(" ".join([*head, "…", word, *tail])).wrap(width)) > rows:
            break
        tail.insert(0, word)
    if tail:
        return " ".join([*head, "…", *tail])
    rest = " ".join(words)  # its last word longer than the room left (a file's path): the end of it
    for size in range(width * rows - len(" ".join(head)) - 2, 0, -1):
        shown = " ".join([*head, "…" + rest[-size:]])
        if len(Content(shown).wrap(width)) <= rows:
            return shown
    return text[: width * rows - 1] + "…"
