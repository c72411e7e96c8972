"""Printing a file: read it (any kind, by its format line), make the document asked for, write it
out as HTML, text or SVG, and save it atomically beside nothing it could harm. ``referee print``
and the app's "Print..." both come here. A refusal is a :class:`RefereeError` naming what is wrong
and what is right, before anything is written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from referee.errors import RefereeError
from referee.paper import chosen, document, papers, sides, written
from referee.paper.html import PAPERS
from referee.paper.log import Span
from referee.paper.sides import eyes

SUFFIXES = {".html": "html", ".htm": "html", ".txt": "text", ".svg": "svg"}


def form_of(out: str, text: bool) -> str:
    """How to write the document: plain text (``--text``, or a .txt file), else by the file's suffix."""
    if text or out == "-":
        if text and out not in ("", "-") and Path(out).suffix.lower() not in (".txt", ""):
            raise RefereeError(f"--text writes plain text: to the terminal (no -o, or -o -) or a .txt file, not {out}")
        return "text" if text else "html"
    if not out:
        raise RefereeError("say where: -o OUT.html (a page to print), -o OUT.svg (the map), -o OUT.txt, or --text for the terminal")
    form = SUFFIXES.get(Path(out).suffix.lower())
    if form is None:
        raise RefereeError(f"-o {out}: write to a .html file (to print: open it in a browser, or print it to PDF), .svg (the map) or .txt")
    return form


def check_output(source: Path, out: Path) -> None:
    """Refuse an output that would replace the file printed (or its backup and history), or a folder."""
    if out.is_dir():
        raise RefereeError(f"-o {out}: that is a folder; give a file's name in it, e.g. {out / 'rosters.html'}")
    real = os.path.realpath(out)
    for kept in (source, source.with_name(source.name + ".bak"), source.with_name(source.name + ".history")):
        if real == os.path.realpath(kept):
            raise RefereeError(f"-o {out} would replace {kept.name}, the file printed or its own; give another name, e.g. {source.with_suffix('.html').name}")
    if not out.parent.is_dir():
        raise RefereeError(f"-o {out}: there is no folder {out.parent}")


def make(
    path: Path,
    what: str = "",
    side: str | None = None,
    secrets: bool = False,
    span: Span = Span(),
    form: str = "html",
    size: str = "",
    width: int = 100,
) -> tuple[str, str]:
    """The document ``what`` of the file at ``path`` (read as a load reads it): its title, and its
    text written as ``form`` (html, text or svg)."""
    from referee import tables
    from referee.journal import Journal

    journal = Journal.open(path, tables.load())
    return made(journal.state, journal.kind, path, what, side, secrets, span, form, size, width)


def made(
    state: Any,
    kind: str,
    path: Path,
    what: str = "",
    side: str | None = None,
    secrets: bool = False,
    span: Span = Span(),
    form: str = "html",
    size: str = "",
    width: int = 100,
) -> tuple[str, str]:
    """The document ``what`` of a file's state (its kind, and its path for the title): its title and text."""
    if size and size.lower() not in PAPERS:
        raise RefereeError(f"--paper {size}: give A4 or letter (none: the printer's choice)")
    if side is not None and secrets:
        raise RefereeError("a side's copy holds its own secrets only: give --side or --secrets, not both")
    what = chosen(kind, what, path)
    if form == "svg" and what != "map":
        raise RefereeError(f"SVG is the map's picture: --what map -o OUT.svg (this file prints {', '.join(papers(kind))})")
    copy = eyes(side, secrets, sides(state, kind), path.name)
    paper = document(state, kind, what, copy, path.name, span)
    return paper.title, written(paper, form, size, width)


def save(out: Path, text: str) -> None:
    """Write the document atomically (a temporary file renamed over it: never half a page)."""
    from referee import storage

    storage.write_text(out, text, backup=False)
