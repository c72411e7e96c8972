"""``referee print FILE``: the paper the books assume, made from a file as it stands: the ship
roster forms, the Fleet Deployment Sheet, a battle's after-action report, the log (of a day, a
tenday or a turn) and the map; as HTML to print (A4 or Letter), plain text or, for the map, SVG.
Loaded only when called (``LazyGroup``); nothing of the app (Textual, rich) is imported."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from referee.cli.groups import one


def print_paper(
    path: Annotated[Path, typer.Argument(help="A campaign, Knight Hawks battle, Starfleet Wars engagement or Stellar Inferno scenario file.")],
    what: Annotated[
        str,
        typer.Option(
            "--what",
            "-w",
            help="rosters, deployment (a campaign's Fleet Deployment Sheet), battle-report (a battle's), log, or map; default: a campaign's deployment, a battle's report, the others' log.",
        ),
    ] = "",
    side: Annotated[Optional[str], typer.Option("--side", help="A side's copy: its own ships and secrets only (Sathar, UPF, or a battle's side).")] = None,
    secrets: Annotated[bool, typer.Option("--secrets", help="The referee's copy: every secret shown (else they are sealed).")] = False,
    day: Annotated[Optional[int], typer.Option("--day", help="The log of one day of a campaign (0: the set-up).")] = None,
    tenday: Annotated[Optional[int], typer.Option("--tenday", help="The log of one tenday of a campaign, by the Tenday marker: 0, 10 (days 11-20), 20 ...")] = None,
    turn: Annotated[Optional[int], typer.Option("--turn", help="The log of one turn of a battle, engagement or scenario.")] = None,
    out: Annotated[str, typer.Option("--output", "-o", help="Where: OUT.html (to print), OUT.svg (the map), OUT.txt; - for standard output.")] = "",
    text: Annotated[bool, typer.Option("--text", help="Plain text (to the terminal unless -o names a .txt file).")] = False,
    paper: Annotated[str, typer.Option("--paper", help="A4 or letter: fix the sheet's size (default: the printer's).")] = "",
) -> None:
    """Print a file's roster forms, Fleet Deployment Sheet, after-action report, log or map."""
    from referee.errors import RefereeError
    from referee.paper import printing
    from referee.paper.log import Span

    if day is not None and tenday is not None:
        raise RefereeError("give --day or --tenday, not both")
    form = printing.form_of(out, text)
    target = Path(out) if out not in ("", "-") else None
    if target is not None:
        printing.check_output(path, target)
    width = shutil.get_terminal_size((100, 24)).columns if target is None and sys.stdout.isatty() else 100
    title, made = printing.make(path, what, side, secrets, Span(day, tenday, turn), form, paper, width)
    if target is None:
        sys.stdout.write(made)
        return
    printing.save(target, made)
    print(f"written: {target} ({title}, {form.upper() if form != 'text' else 'text'}, {len(made.encode('utf-8')) // 1024 + 1} KB)")


app = one(print_paper, "print")
