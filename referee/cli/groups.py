"""The command groups of ``referee``; bad input prints one line on stderr and exits with code 2."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar

import click
import typer
import typer.core
from typer.core import TyperGroup
from typer.main import get_command, get_command_from_info, get_command_name, get_group_from_info, solve_typer_info_defaults
from typer.models import CommandInfo, TyperInfo

from referee.errors import RefereeError, Unknown


class BadInput(click.ClickException):
    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"referee: error: {self.format_message()}", err=True)


def said(error: RefereeError) -> str:
    """A refusal as the command line says it: what it asks for next by its options and commands."""
    from referee.knight_hawks.inputs import Refusal

    if isinstance(error, Refusal):
        from referee.cli.kh_words import COMMAND_LINE

        return error.said(COMMAND_LINE)
    return str(error)


@contextmanager
def one_line(lists: Mapping[str, str] | None = None) -> Iterator[None]:
    """Turn our refusals and click's usage errors into :class:`BadInput`; a name that names nothing
    is told where every name of its kind is listed (``lists``: the command listing each kind)."""
    try:
        yield
    except RefereeError as error:
        listed = lists.get(error.what) if lists and isinstance(error, Unknown) else None
        raise BadInput(f"{error} ({listed} lists every {error.what})" if isinstance(error, Unknown) and listed else said(error)) from None
    except click.UsageError as error:
        path = error.ctx.command_path if error.ctx else "referee"
        message = error.format_message().rstrip(".")
        raise BadInput(f"{path}: {message}; see '{path} -h'") from None


class RefereeGroup(TyperGroup):
    """A command group whose every refusal, ours or click's, is one line and exit code 2.

    Made by :func:`built`, it makes each of its commands only when that one is called (or listed
    in help): typer makes every command of a group, reading each one's signature, to run one of
    them (about 10 ms for the 34 of ``campaign``)."""

    typer_info: TyperInfo | None = None  # where its commands are made from (None: typer made them all)
    LISTS: ClassVar[dict[str, str]] = {}  # the command that lists each kind of name its commands take (a ship: campaign forces)

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self.typer_info is None:
            return super().list_commands(ctx)
        app = self.typer_info.typer_instance
        assert app is not None
        return [*(_command_name(c) for c in app.registered_commands), *(_group_name(g) for g in app.registered_groups)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if self.typer_info is not None and cmd_name not in self.commands:
            made = _made(self.typer_info, cmd_name)
            if made is None:
                return None
            self.commands[cmd_name] = made
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.NoSuchCommand as error:  # click suggests among the commands made: here, among them all
            raise click.NoSuchCommand(error.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any) -> click.Context:
        with one_line(self.LISTS):
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with one_line(self.LISTS):
            return super().invoke(ctx)


class LazyGroup(RefereeGroup):
    """A group whose commands are imported only when called (or listed in help), so a quick lookup
    does not pay for building every battle command, nor a campaign command for the lookups':
    ``LAZY`` maps a command name to the module whose ``app`` it is (``module:name``: that typer app
    of the module's), a group or a command of its own (:func:`one`)."""

    LAZY = {
        "kh": "referee.cli.kh_battle",
        "campaign": "referee.cli.campaign",
        "sfw": "referee.cli.sfw",
        "si": "referee.cli.si",
        "print": "referee.cli.paper",
        "roll": "referee.cli.roll",
        "table": "referee.cli.table",
        "undo": "referee.cli.undo:undo_app",
        "redo": "referee.cli.undo:redo_app",
        "view": "referee.cli.view",
        "pack": "referee.cli.pack",
    }
    _built: dict[str, click.Command] = {}  # built once a process (the tests call many commands in one)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.LAZY:
            return super().get_command(ctx, cmd_name)
        if cmd_name not in self._built:
            app = self.app_of(cmd_name)
            command = built(TyperInfo(app)) if app.registered_callback else get_command(app)  # (print, roll ... are one command)
            command.name = cmd_name
            self._built[cmd_name] = command
        return self._built[cmd_name]

    @classmethod
    def app_of(cls, cmd_name: str) -> typer.Typer:
        """The typer app of a command of ``LAZY``, imported."""
        import importlib

        module, _, name = cls.LAZY[cmd_name].partition(":")
        app: typer.Typer = getattr(importlib.import_module(module), name or "app")
        return app


def built(info: TyperInfo) -> RefereeGroup:
    """The click group of a typer group (``referee campaign``, ``referee campaign battle``) with
    none of its commands made yet: each is made when it is called or listed."""
    app = info.typer_instance
    assert app is not None
    bare = copy.copy(app)  # the group alone: its callback and options, no command
    bare.registered_commands, bare.registered_groups = [], []
    alone = copy.copy(info)
    alone.typer_instance = bare
    made = get_group_from_info(alone, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode)
    assert isinstance(made, RefereeGroup), f"{made.name}: a referee group is made by group() (one-line errors)"
    made.typer_info = info
    return made


def _made(info: TyperInfo, name: str) -> click.Command | None:
    """The command ``name`` of a typer group, made as typer makes it; None if it has none."""
    app = info.typer_instance
    assert app is not None
    for command in app.registered_commands:
        if _command_name(command) == name:
            return get_command_from_info(command, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode)
    for sub in app.registered_groups:
        if _group_name(sub) == name:
            return built(sub)
    return None


def _command_name(command: CommandInfo) -> str:
    """Its name as typer gives it: the one given, or the function's with '-' for '_'."""
    assert command.callback is not None
    return command.name or get_command_name(command.callback.__name__)


def _group_name(sub: TyperInfo) -> str:
    return solve_typer_info_defaults(sub).name or ""


# Help as plain text, as typer writes it where rich is not installed: with rich installed (Textual
# brings it) typer 0.19 escapes the brackets of a parameter's '[required]', '[default: 0]' and
# '[env var: ...]' for rich's markup - even with rich_markup_mode None, which prints them as they
# are ('\[required]') - and imports rich to do it. Nothing of referee's command line uses rich.
typer.core.HAS_RICH = False

# every referee typer app's: -h, no completion commands, plain help and errors (no rich panels)
SETTINGS: dict[str, Any] = {"context_settings": {"help_option_names": ["-h", "--help"]}, "add_completion": False, "rich_markup_mode": None, "pretty_exceptions_enable": False}


def group(help: str, cls: type[RefereeGroup] = RefereeGroup, bare: Callable[[], None] | None = None, version: Callable[[], str] | None = None) -> typer.Typer:
    """A command group as every ``referee`` group is: one-line errors, ``-h``, plain help, and
    the help shown when it is called without a command (or ``bare`` run instead); ``version``:
    what ``--version`` prints (the top group's)."""
    app = typer.Typer(cls=cls, help=help, invoke_without_command=True, **SETTINGS)

    def show_help(ctx: typer.Context) -> None:
        if ctx.invoked_subcommand is None:
            bare() if bare is not None else typer.echo(ctx.get_help())

    def show_help_or_version(ctx: typer.Context, show_version: bool = typer.Option(False, "--version", help="Print the version of referee and exit.")) -> None:
        if show_version:
            assert version is not None
            typer.echo(version())
            raise typer.Exit()
        show_help(ctx)

    app.callback()(show_help if version is None else show_help_or_version)
    return app


def one(function: Callable[..., None], name: str, cls: type[click.Command] | None = None) -> typer.Typer:
    """A command of its own (``referee roll``, ``undo``, ``view`` ...), for :class:`LazyGroup` to
    make when it is called: as ``app.command(name, cls=cls)(function)`` on the root group makes it."""
    app = typer.Typer(**SETTINGS)
    app.command(name, cls=cls)(function)
    return app
