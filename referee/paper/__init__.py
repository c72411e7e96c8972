"""Paper: the documents the books assume a referee keeps on paper, made from a file as it stands.

- ``rosters``: the ship roster forms, one card a ship (a campaign's ships and stations, or a
  battle's): :mod:`referee.paper.rosters`;
- ``deployment``: the Fleet Deployment Sheet of a campaign, with the map: :mod:`referee.paper.deployment`;
- ``battle-report``: a Knight Hawks battle's after-action report: :mod:`referee.paper.battle_report`;
- ``log``: the log of a file, a day or a tenday of a campaign, a turn of the others: :mod:`referee.paper.log`;
- ``map``: the Frontier Deployment Map with the fleets' markers: :mod:`referee.paper.frontier_svg`.

Each is a :class:`~referee.paper.document.Paper`, written out as HTML to print
(:mod:`referee.paper.html`: its stylesheet inside, for A4 or Letter), as plain text
(:mod:`referee.paper.text`), or, for the map, as an SVG picture. Whose copy it is (a side's, the
table's, the referee's) is :mod:`referee.paper.sides`. Nothing here imports a UI; the standard
library and the rules layer only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from referee import kinds
from referee.errors import RefereeError
from referee.paper.document import Paper, Picture
from referee.paper.log import Span
from referee.paper.sides import Eyes

WHAT = ("rosters", "deployment", "battle-report", "log", "map")
FORMS = ("html", "text", "svg")


def kind_of(state: Any) -> str:
    """The kind of file a state is of (as :attr:`referee.journal.Journal.kind` says of the file open)."""
    return kinds.of_state(state).name


def papers(kind: str) -> tuple[str, ...]:
    """What a kind of file prints, the first by default."""
    return kinds.rules(kind).PAPERS


def sides(state: Any, kind: str) -> tuple[str, ...]:
    """The file's sides, as a side's copy names them."""
    return kinds.rules(kind).sides(state)


def chosen(kind: str, what: str, path: Path | None = None) -> str:
    """The document asked for, refused if the file's kind has none such (the default: its first)."""
    printed = papers(kind)
    if not what:
        return printed[0]
    if what not in WHAT:
        raise RefereeError(f"--what {what!r}: print one of {', '.join(WHAT)}")
    if what not in printed:
        hint = ""
        if what == "battle-report" and kinds.by_name(kind) == kinds.CAMPAIGN:
            found = sorted(path.parent.glob(f"{path.stem}.day-*.toml")) if path is not None else []
            hint = "; a campaign's battles are reported from their battle files" + (f" ({', '.join(p.name for p in found[:3])})" if found else " (f on the Battles screen writes one)")
        raise RefereeError(f"{kinds.by_name(kind).title} prints {', '.join(printed)}, not {what}{hint}")
    return what


def document(state: Any, kind: str, what: str, eyes: Eyes, title: str, span: Span = Span()) -> Paper:
    """The document ``what`` of a file's state (``kind`` as its format line says), for ``eyes``."""
    from referee.paper import log

    if what == "log":
        return log.log_paper(state, kind, eyes, title, log.check(span, kind, state))
    if span != Span():
        raise RefereeError(f"a day, tenday or turn chooses a part of the log; the {what} is printed as the file stands now")
    return cast(Paper, kinds.rules(kind).paper(what, state, eyes, title))


def map_paper(campaign: Any, title: str) -> Paper:
    from referee.paper.frontier_svg import LEGEND, bundled, picture

    svg, notes, said = picture(campaign, bundled(campaign.frontier))
    caption = f"{campaign.frontier.name}, day {campaign.day}. {LEGEND}." + "".join(f" {n}." for n in notes)
    return Paper(f"Frontier Deployment Map: {title}", (f"Day {campaign.day}, {campaign.step}", "the fleets' counters, as every player sees them"), (Picture(svg, caption, tuple(said)),))


def written(paper: Paper, form: str, size: str = "", width: int = 100) -> str:
    """The document as HTML to print, plain text, or (a picture's) SVG."""
    if form == "html":
        from referee.paper import html

        return html.page(paper, size)
    if form == "text":
        from referee.paper import text

        return text.page(paper, width)
    pictures = [p for p in paper.parts if isinstance(p, Picture)]
    if not pictures:
        raise RefereeError(f"SVG is the map's: print --what map to an .svg file; {paper.title} is printed as .html or .txt")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + pictures[0].svg + "\n"
