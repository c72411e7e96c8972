"""The command line: the app, quick dice and table lookups, and the campaign commands.

Only typer/click and the rules layer are imported here; Textual is imported by the command that
starts the app, and rich only by ``table show``, so a lookup starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.models import TyperInfo

from referee.cli.groups import LazyGroup, built, group


def play(
    path: Annotated[
        Optional[Path], typer.Argument(help="A campaign or Knight Hawks battle file, or a scenario's name to start (see kh scenarios); default: the campaign played last, or a new war.")
    ] = None,
) -> None:
    """The referee's app on a campaign or a battle (what `referee` alone does)."""
    from referee.launch import open_app

    open_app(path)


def version() -> str:
    """``referee --version``: the installed package's version."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return f"referee {installed('referee')}"
    except PackageNotFoundError:  # (run from a checkout that was never installed)
        return "referee (not installed: a checkout run with python -m referee)"


app = group("The referee's assistant for Knight Hawks, the Second Sathar War, Starfleet Wars and Stellar Inferno. Alone: opens the app.", LazyGroup, bare=lambda: play(None), version=version)
app.command("play")(play)
# every other command - roll, table, undo, redo, view, kh, campaign, sfw, si and print - is loaded by LazyGroup only when called


def main() -> None:
    """The console script ``referee`` and ``python -m referee``: each command is made only when
    called (typer's ``app()`` makes them all first)."""
    built(TyperInfo(app))(prog_name="referee")
