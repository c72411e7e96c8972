"""The command line: quick dice and table lookups, and (later) the app.

Only typer/click and the rules layer are imported here; Textual is imported by the command that
starts the app, and rich only by the commands that draw tables, so a lookup starts fast.
"""

from __future__ import annotations

import sys

import click
import typer

from referee.cli import roll, table
from referee.errors import RefereeError

app = typer.Typer(
    name="referee",
    help="The referee's assistant for Knight Hawks, the Second Sathar War, Starfleet Wars and Stellar Inferno.",
    context_settings={"help_option_names": ["-h", "--help"]},
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
)
app.command("roll")(roll.roll)
app.add_typer(table.app, name="table")


@app.callback()
def start(ctx: typer.Context) -> None:
    """With no command: show this help (the campaign app will open here once it exists)."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input prints one line and exits with code 2, no traceback."""
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="referee", standalone_mode=False)
    except RefereeError as error:
        fail(str(error))
    except click.exceptions.Abort:
        fail("aborted")
    except click.ClickException as error:
        fail(error.format_message())
    sys.exit(code if isinstance(code, int) else 0)


def fail(message: str) -> None:
    print(f"referee: error: {message}", file=sys.stderr)
    sys.exit(2)
