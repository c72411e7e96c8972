"""Print...: the palette's form for the paper documents (``referee print`` in the app): which
document, whose copy, which part of the log and where to write it; the file is written and the
line above the keys tells its path. The documents are :mod:`referee.paper`'s."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError
from referee.paper import kind_of, papers, sides
from referee.paper.log import Span
from referee.tui.forms import Field, FieldError, Values

if TYPE_CHECKING:
    from referee.tui.app import RefereeApp

ABOUT = "write a document to print beside the file: HTML (open it in a browser to print, A4 or Letter), .txt for text, .svg for the map"
SAID = {  # (fits the form at 80 columns)
    "deployment": "deployment: Fleet Deployment Sheet",
    "rosters": "rosters: the ship roster forms",
    "battle-report": "battle-report: after-action report",
    "log": "log: actions and rolls, dice, rules",
    "map": "map: the Frontier Deployment Map",
}
TABLE, REFEREE = "+table", "+secrets"  # the copies that are no side's (a side's name has no +)
PART = re.compile(r"\s*(day|tenday|turn)\s+(\d+)\s*", re.IGNORECASE)


def _whats(state: Any, values: Values) -> list[tuple[str, str]]:
    return [(SAID[w], w) for w in papers(kind_of(state))]


def _copies(state: Any, values: Values) -> list[tuple[str, str]]:
    copies = [("the table's: secrets sealed", TABLE)]
    copies += [(f"the {side} player's: own ships, secrets", side) for side in sides(state, kind_of(state))]
    return [*copies, ("the referee's: every secret", REFEREE)]


FIELDS = (
    Field("what", "Document", choices=_whats),
    Field("copy", "Copy", choices=_copies),
    Field("part", "Part of the log", "blank: all; day 6 or tenday 10 (a campaign), turn 3"),
    Field("where", "Write to", "blank: beside the file, as NAME.rosters.html; .txt for text, .svg for the map"),
)


def open_form(app: RefereeApp) -> None:
    """Ctrl+P, Print...: the form, its document the file's first (a campaign's deployment sheet, a battle's report)."""
    values = {"what": papers(app.journal.kind)[0], "copy": TABLE, "part": "", "where": ""}
    app.open_form("Print", ABOUT, FIELDS, values, _no_step, take=lambda typed: write(app, typed))


def span(text: str) -> Span:
    if not text.strip():
        return Span()
    found = PART.fullmatch(text)
    if found is None:
        raise FieldError("part", f"{text.strip()!r}: give day N or tenday N (a campaign's), or turn N; blank prints the whole log")
    number = int(found[2])
    return {"day": Span(day=number), "tenday": Span(tenday=number), "turn": Span(turn=number)}[found[1].lower()]


def write(app: RefereeApp, values: Values) -> None:
    """Make the document of the file as it stands in the app and write it; tell where."""
    from referee.paper import printing

    journal = app.journal
    what = values.get("what", "") or papers(journal.kind)[0]
    typed = values.get("where", "").strip()
    out = Path(typed).expanduser() if typed else journal.path.with_name(f"{journal.path.stem}.{what}.html")
    out = Path(os.path.abspath(journal.path.parent / out))  # (a name typed is beside the file played)
    try:
        form = printing.form_of(str(out), False)
        printing.check_output(journal.path, out)
    except RefereeError as error:
        raise FieldError("where", str(error).removeprefix(f"-o {out}: ")) from None
    copy = values.get("copy", "") or TABLE
    title, text = printing.made(journal.state, journal.kind, journal.path, what, None if copy in (TABLE, REFEREE) else copy, copy == REFEREE, span(values.get("part", "")), form)
    printing.save(out, text)
    app.tell(f"printed {title} to {out}")


def _no_step(values: Values) -> Any:
    raise AssertionError("the Print form hands its values to write: it builds no step")
