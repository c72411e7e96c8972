"""Every ``-h`` of the command line, from ``referee -h`` down to each command of each group, reads
as plain text: no markup escape (``\\[required]``, ``\\[env var: ...]``) that typer writes for rich."""

from __future__ import annotations

from collections.abc import Iterator

import click
from typer.models import TyperInfo
from typer.testing import CliRunner

from referee.cli import app
from referee.cli.groups import built

# what rich's markup escaping leaves in a text meant for rich: a backslash before a bracket
ESCAPES = ("\\[", "\\]", "\\\\")


def paths(command: click.Command, path: tuple[str, ...] = (), parent: click.Context | None = None) -> Iterator[tuple[str, ...]]:
    """``path`` and every command and group under it, each as the words that call it."""
    yield path
    if isinstance(command, click.Group):
        ctx = click.Context(command, parent=parent, info_name=path[-1] if path else "referee")
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, name
            yield from paths(sub, (*path, name), ctx)


def test_every_help_of_the_command_line_is_plain_text() -> None:
    every = list(paths(built(TyperInfo(app))))
    assert {("campaign", "move"), ("kh", "attack"), ("sfw", "allocate"), ("si", "attack"), ("roll",), ("campaign", "battle", "declare")} <= set(every)
    assert len(every) > 100, len(every)  # (all of it walked: the groups' commands, and their groups')
    runner = CliRunner()
    escaped = {}
    for path in every:
        done = runner.invoke(app, [*path, "-h"])
        assert done.exit_code == 0 and "Usage: " in done.output, (path, done.output)
        if found := [e for e in ESCAPES if e in done.output]:
            escaped[" ".join(path)] = found
    assert not escaped, escaped


def test_a_help_says_what_is_required_and_where_an_option_comes_from_in_plain_brackets() -> None:
    said = " ".join(CliRunner().invoke(app, ["campaign", "move", "-h"]).output.split())
    assert "NAMES... [required]" in said
    assert "[env var: REFEREE_CAMPAIGN]" in said


def test_the_version_is_the_installed_packages_and_only_the_top_group_takes_it() -> None:
    from importlib.metadata import version

    runner = CliRunner()
    told = runner.invoke(app, ["--version"])
    assert told.exit_code == 0 and told.output == f"referee {version('referee')}\n"
    assert "--version" in runner.invoke(app, ["-h"]).output
    refused = runner.invoke(app, ["kh", "--version"])
    assert refused.exit_code == 2 and "No such option '--version'" in refused.output
