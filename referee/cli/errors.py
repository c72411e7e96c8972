"""Bad input on the command line: one line on stderr naming what is wrong, exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
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
