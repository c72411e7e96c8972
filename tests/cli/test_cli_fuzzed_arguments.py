"""Fuzzed argument vectors for every command. Each command of the typer app, found by
walking it (every group, subgroup and command but ``play``, which opens the app), is called with
random arguments and options: numbers, huge and negative numbers, "²", empty words, control
characters, long words, markup, names of nothing, and the war's and battle's real names (to reach
past the first refusal), against a war and a battle in play in a temp folder.

Every call exits 0 or 2, never with a traceback (``catch_exceptions=False``: any other exception
fails the test with the vector); a refusal (exit 2) is one line on stderr and leaves both files
byte for byte. ``make test`` runs 240 vectors; REFEREE_LONG=N runs N*20 (and prints the counts).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from typer.main import get_command

from referee.cli import app
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file
from tests.helpers.hostile import battle_in_play, small_war
from tests.helpers.tables import TABLES

LONG = int(os.environ.get("REFEREE_LONG", "0"))
VECTORS = LONG * 20 if LONG else 240

NUMBERS = ["0", "1", "2", "3", "5", "-1", "-7", "12", "99", "100", "101", "9999", "99999999999999999999999", "²", "٣", "1.5", "x", ""]
WORDS = [
    "",
    " ",
    "-",
    "²",
    "d10+²",
    "2d10+4",
    "d%00",
    "1d10",
    "hull=²",
    "T=²",
    "hull=5",
    "adf=1",
    "ICM=1",
    "X=9999",
    "=",
    "a=",
    "\x1b[31mred",
    "bell\x07",
    "nul\x00",
    "del\x7f",
    "\x9b",
    "[red",
    "[/]",
    "[bold]x[/]",
    "x" * 300,
    "nowhere",
    "Nobody",
    "0911",
    "1207",
    "1512",
    "0101",
    "99999",
    "UPF",
    "Sathar",
    "sathar-move",
    "basic",
    "advanced",
    "off",
    "ES",
    "PS",
    "SS",
    "LC",
    "LB",
    "T",
    "RB",
    "M",
    "S",
    "fire",
    "drone",
    "hull",
    "adf",
    "navigation",
    "kh.damage",
    "ssw.misjump",
    "kh.combat-advanced",
    "si.open-order",
    "3:2",
    "active",
    "damaged",
    "frigate",
]


def commands() -> list[tuple[list[str], click.Command]]:
    """Every command of the app with its words (``campaign battle declare``), groups that run alone too."""
    root = get_command(app)

    def walk(command: click.Command, path: list[str], ctx: click.Context) -> Iterator[tuple[list[str], click.Command]]:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                yield from walk(sub, [*path, name], click.Context(sub, parent=ctx, info_name=name))
            if path and any(not isinstance(p, click.Argument) for p in command.params):
                yield path, command  # ``campaign battle``, ``campaign repairs``: a listing of their own
        elif path != ["play"]:
            yield path, command

    return list(walk(root, [], click.Context(root, info_name="referee")))


class Vectors:
    def __init__(self, rng: random.Random, folder: Path, names: list[str]) -> None:
        self.rng, self.folder, self.names = rng, folder, names
        self.made = 0

    def word(self) -> str:
        rng = self.rng
        if rng.random() < 0.45:
            name = rng.choice(self.names)
            return name if rng.random() < 0.7 else f"{name}={rng.choice(NUMBERS)}"
        return rng.choice(WORDS) if rng.random() < 0.8 else rng.choice(NUMBERS)

    def path(self, param: str, files: dict[str, Path]) -> str:
        rng = self.rng
        if param in ("campaign_file", "battle_file"):
            return str(files["campaign" if param == "campaign_file" else "battle"])
        self.made += 1
        fresh = [f"new{self.made}.toml", "x" * 300, f"esc\x1b{self.made}.toml", f"missing/{self.made}.toml", ""]
        existing = [str(files["battle"]), str(files["campaign"]), str(self.folder / "not-toml.txt")] if param in ("map_file",) or rng.random() < 0.3 else []
        choice = rng.choice(fresh + existing)
        return choice if choice == "" or os.sep in choice else str(self.folder / choice)

    def value(self, param: click.Parameter, files: dict[str, Path]) -> list[str]:
        kind = param.type.name
        if kind == "path":
            return [self.path(param.name or "", files)]
        if kind == "integer":
            return [self.rng.choice(NUMBERS)]
        return [self.word()]

    def argv(self, path: list[str], command: click.Command, files: dict[str, Path]) -> list[str]:
        rng = self.rng
        words = list(path)
        for param in command.params:
            if isinstance(param, click.Argument):
                if param.required or rng.random() < 0.6:
                    count = rng.randint(1, 3) if param.nargs == -1 else 1
                    words += [w for _ in range(count) for w in self.value(param, files)]
                continue
            assert isinstance(param, click.Option)
            if param.name in ("campaign_file", "battle_file"):
                words += [param.opts[0], self.path(param.name, files)]
                continue
            if not (param.required or rng.random() < 0.35):
                continue
            if param.is_flag:
                words.append(rng.choice([*param.opts, *param.secondary_opts]))
                continue
            for _ in range(rng.randint(1, 2) if param.multiple else 1):
                words += [param.opts[0], *self.value(param, files)]
        return words


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    war = campaign_file.from_dict(small_war(), TABLES)
    battle = battle_file.from_dict(battle_in_play(), TABLES)
    found = {"campaign": tmp_path / "war.toml", "battle": tmp_path / "battle.toml"}
    found["campaign"].write_text(campaign_file.text(war, TABLES), encoding="utf-8")
    found["battle"].write_text(battle_file.text(battle, TABLES), encoding="utf-8")
    (tmp_path / "not-toml.txt").write_bytes(b"\xff\xfe not a campaign")
    return found


def test_every_command_exits_0_or_2_and_a_refusal_changes_no_file(files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for variable in ("REFEREE_CAMPAIGN", "REFEREE_BATTLE"):
        monkeypatch.delenv(variable, raising=False)
    war, battle = small_war(), battle_in_play()
    names = sorted({u["name"] for u in war["units"]} | {s["name"] for s in battle["ships"]} | {"Task Force Prenglar", "Prenglar", "Gran Quivera", "Pale", "Prenglar Start Circle"})
    rng = random.Random("issue 13 argv")
    found = commands()
    assert len(found) > 50  # every command, not a few
    vectors = Vectors(rng, tmp_path, names)
    runner, root = CliRunner(), get_command(app)  # the click command, built once
    counts: Counter[str] = Counter()
    for number in range(VECTORS):
        path, command = found[number % len(found)]
        argv = vectors.argv(path, command, files)
        before = {k: p.read_bytes() for k, p in files.items()}
        result = runner.invoke(root, argv, catch_exceptions=False)
        where = f"vector #{number}: referee {argv!r}"
        assert result.exit_code in (0, 2), f"{where}: exit {result.exit_code}\n{result.output}"
        counts[f"exit {result.exit_code}"] += 1
        if result.exit_code == 2:
            assert result.stderr.startswith("referee: error: ") and result.stderr.count("\n") == 1, f"{where}: {result.stderr!r}"
            assert {k: p.read_bytes() for k, p in files.items()} == before, f"{where}: refused, but a file changed"
    # (most random vectors are refused by design; enough must run for the test to mean something:
    # about one in ten does, moving a little with every option added to a command)
    assert counts["exit 0"] > VECTORS // 12 and counts["exit 2"] > VECTORS // 3, counts
    if LONG:
        print(f"\n{VECTORS} argument vectors over {len(found)} commands: {dict(counts)}")
