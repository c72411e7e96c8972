"""The command groups of ``referee``; bad input prints one line on stderr and exits with code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
import typer
from typer.core import TyperGroup

from referee.errors import RefereeError


class BadInput(click.ClickException):
    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"referee: error: {self.format_message()}", err=True)


@contextmanager
def one_line() -> Iterator[None]:
    """Turn our refusals and click's usage errors into :class:`BadInput`."""
    try:
        yield
    except RefereeError as error:
        raise BadInput(str(error)) from None
    except click.UsageError as error:
        path = error.ctx.command_path if error.ctx else "referee"
        message = error.format_message().rstrip(".")
        raise BadInput(f"{path}: {message}; see '{path} -h'") from None


class RefereeGroup(TyperGroup):
    """A command group whose every refusal, ours or click's, is one line and exit code 2."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any) -> click.Context:
        with one_line():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with one_line():
            return super().invoke(ctx)


def group(help: str) -> typer.Typer:
    """A command group as every ``referee`` group is: one-line errors, ``-h``, plain help, and
    the help shown when it is called without a command."""
    app = typer.Typer(
        cls=RefereeGroup,
        help=help,
        context_settings={"help_option_names": ["-h", "--help"]},
        add_completion=False,
        invoke_without_command=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )

    @app.callback()
    def show_help(ctx: typer.Context) -> None:
        if ctx.invoked_subcommand is None:
            typer.echo(ctx.get_help())

    return app
