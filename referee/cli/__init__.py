"""The command line: quick dice and table lookups, and (later) the app.

Only typer/click and the rules layer are imported here; Textual is imported by the command that
starts the app, and rich only by ``table show``, so a lookup starts fast.
"""

from __future__ import annotations

from referee.cli import roll, table
from referee.cli.groups import LazyGroup, group

app = group("The referee's assistant for Knight Hawks, the Second Sathar War, Starfleet Wars and Stellar Inferno.", LazyGroup)
app.command("roll")(roll.roll)
app.add_typer(table.app, name="table")
# kh (referee.cli.kh and kh_battle) is loaded by LazyGroup only when it is called


def main() -> None:
    """The console script ``referee`` and ``python -m referee``."""
    app(prog_name="referee")
