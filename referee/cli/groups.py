"""The command groups of ``referee``; bad input prints one line on stderr and exits with code 2."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


class LazyGroup(RefereeGroup):
    """A group whose bigger subgroups are imported only when called (or listed in help), so a
    quick lookup does not pay for building every battle command: ``LAZY`` maps a command name to
    the module whose ``app`` it is."""

    LAZY = {"kh": "referee.cli.kh_battle", "campaign": "referee.cli.campaign", "sfw": "referee.cli.sfw", "si": "referee.cli.si", "print": "referee.cli.paper"}
    _built: dict[str, click.Command] = {}  # built once a process (the tests call many commands in one)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.LAZY:
            return super().get_command(ctx, cmd_name)
        if cmd_name not in self._built:
            import importlib

            from typer.main import get_command

            command = get_command(importlib.import_module(self.LAZY[cmd_name]).app)
            command.name = cmd_name
            self._built[cmd_name] = command
        return self._built[cmd_name]


def group(help: str, cls: type[RefereeGroup] = RefereeGroup, bare: Callable[[], None] | None = None) -> typer.Typer:
    """A command group as every ``referee`` group is: one-line errors, ``-h``, plain help, and
    the help shown when it is called without a command (or ``bare`` run instead)."""
    app = typer.Typer(
        cls=cls,
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
            bare() if bare is not None else typer.echo(ctx.get_help())

    return app
