"""The command groups made command by command (``groups.built``): the same commands, help and
options as typer makes them all at once, and only the command called is made."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import click
import pytest
from typer.main import get_command
from typer.models import TyperInfo

from referee.cli import app
from referee.cli.groups import LazyGroup, RefereeGroup, built


def helps(command: click.Command, path: list[str], parent: click.Context | None = None) -> Iterator[tuple[str, str]]:
    """Every command under ``command`` with its whole help, as ``referee ... -h`` shows it."""
    ctx = click.Context(command, parent=parent, info_name=path[-1])
    yield " ".join(path), command.get_help(ctx)
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, name
            yield from helps(sub, [*path, name], ctx)


GROUPS = {"": app} | {name: LazyGroup.app_of(name) for name in LazyGroup.LAZY}


@pytest.mark.parametrize("name", [name for name, typer_app in GROUPS.items() if typer_app.registered_callback])  # (print is one command)
def test_a_group_made_command_by_command_is_the_group_typer_makes(name: str) -> None:
    typer_app = GROUPS[name]
    eager = get_command(typer_app)
    assert isinstance(eager, click.Group)
    made = built(TyperInfo(typer_app))
    assert isinstance(made, RefereeGroup) and not made.commands  # nothing made before it is called
    assert dict(helps(made, ["referee", name])) == dict(helps(eager, ["referee", name]))
    for command in made.commands.values():  # every one listed is made by now; the params typer would make
        assert [p.name for p in command.params] == [p.name for p in eager.commands[command.name or ""].params]


def test_a_group_says_it_has_no_command_it_does_not_have() -> None:
    made = built(TyperInfo(GROUPS["campaign"]))
    assert made.get_command(click.Context(made), "nosuch") is None
    assert not made.commands


def test_a_campaign_command_makes_only_itself() -> None:
    probe = (
        "import json, sys\n"
        "from referee.cli import main\n"
        "from referee.cli.groups import LazyGroup\n"
        "sys.argv = ['referee', 'campaign', 'battle', 'declare', '-h']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "campaign = LazyGroup._built['campaign']\n"
        "print(json.dumps([sorted(campaign.commands), sorted(campaign.commands['battle'].commands)]))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [["battle"], ["declare"]]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["campaign", "statu"], "referee campaign: No such command 'statu'. Did you mean 'status'?; see 'referee campaign -h'"),
        (["campaign", "battle", "declar"], "referee campaign battle: No such command 'declar'. Did you mean 'declare'?; see 'referee campaign battle -h'"),
        (["tabel"], "referee: No such command 'tabel'. Did you mean 'table'?; see 'referee -h'"),
        (["campain"], "referee: No such command 'campain'. Did you mean 'campaign'?; see 'referee -h'"),
    ],
)
def test_a_mistyped_command_is_refused_with_the_nearest_of_all_the_group_s_commands(args: list[str], says: str) -> None:
    """None of them made yet but the one called: the suggestion still comes from them all."""
    done = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"referee: error: {says}\n")
