"""The quick command-line path and the rules layer never import Textual (nor rich's console); each
of the four rules packages (the Second Sathar War, Knight Hawks, Starfleet Wars, Stellar Inferno)
imports no UI: neither Textual, rich, typer nor click, nor the app (referee.tui) nor the command
line (referee.cli).

Each check runs in a fresh interpreter, so what other tests imported does not hide anything.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest

import referee
from referee.resources import campaigns_dir
from tests.helpers.imports import HEAVY_FOR_LOOKUPS, UI_FOR_RULES, modules_after, run_cli


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "2d10+4"),
        ("table", "lookup", "kh.damage", "83"),
        ("table", "lookup", "si.open-order", "3:2", "4", "--json"),
        ("table", "lookup", "si.open-order", "3:2", "-1"),
        ("table", "lookup", "sfw.power-costs", "41", "pu"),
        ("table", "list"),
        ("table", "roll", "kh.damage", "--modifier", "10", "--rolled", "73"),
        ("kh", "attack", "LC", "--range", "4", "--head-on", "--seed", "1"),
        ("kh", "scenarios"),
        ("campaign", "status", "--campaign", "campaigns/second-sathar-war.toml"),
        ("si", "status", "-s", "campaigns/si-raid-on-terra.toml"),
        ("si", "scenarios"),
        ("si", "attack", "--attack", "12", "--defense", "5", "--closed", "--roll", "3"),
        ("si", "design", "--step", "A4 C0 D5 M3 P0 R5", "--json"),
        ("campaign", "move", "-h"),  # (typer imported rich to escape a help's brackets for it)
        ("kh", "attack", "-h"),
    ],
)
def test_quick_commands_import_neither_textual_nor_rich(args: tuple[str, ...]) -> None:
    loaded = modules_after(run_cli(*args))
    assert "referee.cli" in loaded
    assert not loaded & set(HEAVY_FOR_LOOKUPS), sorted(loaded & set(HEAVY_FOR_LOOKUPS))


@pytest.mark.parametrize("args", [("roll", "2d10+4"), ("table", "lookup", "kh.damage", "83")])
def test_dice_and_table_lookups_do_not_build_the_battle_commands(args: tuple[str, ...]) -> None:
    loaded = modules_after(run_cli(*args))
    assert not {"referee.cli.kh", "referee.cli.kh_battle", "referee.knight_hawks.battle", "referee.cli.campaign", "referee.sathar_war.campaign"} & loaded


OTHER_GAMES_AND_COMMANDS = (
    "referee.starfleet_wars",
    "referee.stellar_inferno",
    "referee.paper",
    "referee.knight_hawks.battle",
    "referee.knight_hawks.combat",
    "referee.cli.kh",
    "referee.cli.kh_battle",
    "referee.cli.sfw",
    "referee.cli.si",
    "referee.cli.paper",
)


SET_UP = [
    ("campaign", "place", "Sathar Destroyer *", "--circle", "Prenglar"),
    ("campaign", "place", "Sathar Frigate *", "Sathar Light Cruiser *", "--circle", "Fromeltar"),
    ("campaign", "retreat", "3"),
    ("campaign", "advance"),
]


@pytest.mark.parametrize("commands", [[("campaign", "status")], [("campaign", "forces", "--side", "UPF")], [*SET_UP, ("campaign", "move", "Sathar Destroyer 1", "--toward", "Prenglar")]])
def test_a_campaign_command_loads_neither_the_other_games_nor_their_commands(commands: list[tuple[str, ...]], tmp_path: Path) -> None:
    war = tmp_path / "war.toml"
    war.write_bytes((campaigns_dir() / "second-sathar-war.toml").read_bytes())
    calls = "\n".join(f"app({[*args, '--campaign', str(war)]!r}, standalone_mode=False)" for args in commands)
    loaded = modules_after(f"from referee.cli import app\n{calls}")
    assert {"referee.cli.campaign", "referee.journal"} <= loaded
    assert not {m for m in loaded if m.startswith(OTHER_GAMES_AND_COMMANDS)}, sorted(m for m in loaded if m.startswith(OTHER_GAMES_AND_COMMANDS))
    assert ("tomli_w" in loaded) == (len(commands) > 1)  # only a command that changes the file writes it
    assert not {"attr", "attrs"} & loaded  # the campaign's values are NamedTuples: attrs and its classes took 20 ms a command
    assert "random" not in loaded  # nothing was rolled: a move or an advance makes its dice when a roll is due


# the reading command of each game a referee runs most, and the commands that make its file first
READING = {
    "kh": ([("kh", "start", "the-stand", "{file}")], ("kh", "ships", "-b", "{file}")),
    "sfw": (
        [("sfw", "new", "{file}", "--side", "Terran", "--side", "Aquarian"), ("sfw", "add", "Kuach 1", "--class", "KUACH", "--side", "Aquarian", "-e", "{file}")],
        ("sfw", "ships", "-e", "{file}"),
    ),
    "si": ([("si", "new", "{file}", "--scenario", "2")], ("si", "status", "-s", "{file}")),
}


@pytest.mark.parametrize("game", list(READING))
def test_a_reading_command_builds_no_attrs_class_and_reads_the_parsed_copy(game: str, tmp_path: Path) -> None:
    """A game's values are NamedTuples (importing attrs and building its classes took 20-30 ms of a
    command); a file read once is read again from its parsed copy (referee.cache), without the TOML
    parser, and a file changed since is parsed again."""
    made, reading = READING[game]
    file = tmp_path / f"{game}.toml"

    def calls(*commands: tuple[str, ...]) -> str:
        return "from referee.cli import app\n" + "\n".join(f"app({[a.format(file=file) for a in c]!r}, standalone_mode=False)" for c in commands)

    modules_after(calls(*made))
    first = modules_after(calls(reading))
    assert f"referee.cli.{'kh_battle' if game == 'kh' else game}" in first
    assert not {"attr", "attrs"} & first
    assert "tomllib" not in modules_after(calls(reading))
    file.write_text(file.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert "tomllib" in modules_after(calls(reading))


def test_the_rules_layer_imports_no_ui() -> None:
    loaded = modules_after(
        "import referee.dice, referee.tables, referee.storage, referee.knight_hawks.battle_file, referee.knight_hawks.ordnance, referee.knight_hawks.movement, referee.knight_hawks.repair, referee.knight_hawks.scenarios, "
        "referee.sathar_war.campaign_file, referee.sathar_war.report, referee.sathar_war.fleets, referee.sathar_war.setup, "
        "referee.journal, referee.saves, referee.tui.forms, referee.tui.campaign.actions"
    )
    assert "referee.tables" in loaded
    assert not loaded & set(UI_FOR_RULES), sorted(loaded & set(UI_FOR_RULES))


def test_opening_the_app_loads_no_knight_hawks_battle_engine() -> None:
    """A campaign's rosters and repairs need only the roster and its repair rolls; the battle engine
    (turns, combat, ordnance, battle files) loads when a battle is exported, imported or fought."""
    loaded = modules_after("import referee.tui.app, referee.tui.campaign.pages")  # (the app, and a campaign's screens)
    assert {"referee.tui.app", "referee.knight_hawks.roster", "referee.knight_hawks.repair"} <= loaded
    engine = {"referee.knight_hawks.battle", "referee.knight_hawks.combat", "referee.knight_hawks.combat_phase", "referee.knight_hawks.battle_file"}
    assert not loaded & engine, sorted(loaded & engine)


def test_a_command_after_a_save_reads_the_parsed_copy_without_the_toml_parser(tmp_path: Path) -> None:
    """The save kept the file's tables in the cache (referee.cache): the next command imports no TOML
    parser (nor the dice, for a status), and a file changed since is parsed again."""
    war = tmp_path / "war.toml"
    war.write_bytes((campaigns_dir() / "second-sathar-war.toml").read_bytes())
    modules_after("from referee.cli import app\n" + "\n".join(f"app({[*args, '--campaign', str(war)]!r}, standalone_mode=False)" for args in SET_UP))
    status = f"from referee.cli import app\napp(['campaign', 'status', '--campaign', {str(war)!r}], standalone_mode=False)"
    loaded = modules_after(status)
    assert "referee.journal" in loaded and not {"tomllib", "random", "hashlib", "sqlite3"} & loaded, sorted({"tomllib", "random", "hashlib", "sqlite3"} & loaded)
    war.write_text(war.read_text(encoding="utf-8").replace("\nretreat_condition = 3\n", "\nretreat_condition = 4\n", 1), encoding="utf-8")
    assert "tomllib" in modules_after(status)


# Each rules package, with a module it must hold (so that a package found empty fails) and how many
# modules it holds at the least.
RULES_PACKAGES = {
    "sathar_war": ("movement", 10),
    "knight_hawks": ("combat", 10),
    "starfleet_wars": ("fortress", 10),
    "stellar_inferno": ("space_combat", 15),
}


@pytest.mark.parametrize("package", list(RULES_PACKAGES))
def test_a_rules_package_imports_no_ui(package: str) -> None:
    """Every module of the package imported at once in a fresh interpreter: none of them loads the UI
    libraries, the app or the command line."""
    names = [f"referee.{package}.{m.name}" for m in pkgutil.iter_modules([str(Path(referee.__file__).parent / package)])]
    must, at_least = RULES_PACKAGES[package]
    assert f"referee.{package}.{must}" in names and len(names) >= at_least, names
    loaded = modules_after("import " + ", ".join(names))
    assert set(names) <= loaded
    ui = sorted(m for m in loaded if m.split(".")[0] in UI_FOR_RULES or m.startswith(("referee.tui", "referee.cli")))
    assert not ui, ui
