"""The command line: quick dice and table lookups, and (later) the app.

Only typer/click and the rules layer are imported here; Textual is imported by the command that
starts the app, and rich only by ``table show``, so a lookup starts fast.
"""

from __future__ import annotations

import typer

from referee.cli import kh, roll, table
from referee.cli.errors import RefereeGroup

app = typer.Typer(
    name="referee",
    cls=RefereeGroup,
    help="The referee's assistant for Knight Hawks, the Second Sathar War, Starfleet Wars and Stellar Inferno.",
    context_settings={"help_option_names": ["-h", "--help"]},
    add_completion=False,
    invoke_without_command=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
app.command("roll")(roll.roll)
app.add_typer(table.app, name="table")
app.add_typer(kh.app, name="kh")


@app.callback()
def start(ctx: typer.Context) -> None:
    """With no command: show this help (the campaign app will open here once it exists)."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


def main() -> None:
    """The console script ``referee`` and ``python -m referee``."""
    app(prog_name="referee")
