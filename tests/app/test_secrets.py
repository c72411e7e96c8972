"""Issue 34, the secrets: every secret the four rule systems keep is planted in a file of its kind,
and every output a side or the table reads of that file - the players' view (what ``referee view``
shows and ``--serve`` serves), each printed document of ``referee print`` (a side's copy and the
table's, the default), and ``--json`` of each command that takes ``--side`` - is read for each
reader: the other side's secrets never appear in it, and a side's own do appear in what it reads.

The secrets: a campaign's retreat condition and its progress, each side's plans (where its ships
are bound: a move's "bound for ...", a journey stopped), the Sathar reserves off the map and a
Sathar ship a replacement roll brings back, Strike Force NOVA off the map and a ship joining it,
each side's shatter drones, a repair ordered, a rearming and a replacement roll (lines that tell what
a side's paper holds); a Knight Hawks battle's mine and seeker placed in secret and a screen switched
on; a Starfleet Wars engagement's special damage, sealed; a Stellar Inferno scenario's secret line.

The table's copy of the roster forms prints the rosters of the ships the map shows (issue 18): a
roster's figures are exempt there (``ROSTER``), never from the opponent's copy or view."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import storage
from referee.cli import app as cli
from referee.knight_hawks import battle_file
from referee.sathar_war import movement
from referee.sathar_war.campaign import Campaign, Loss
from referee.sathar_war.victory import CONDITIONS, progress
from referee.starfleet_wars import engagement_file
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.engagement import Entry as SfwLine
from referee.stellar_inferno import scenario_file
from referee.stellar_inferno.scenario import Entry as SiLine
from tests.helpers.campaign import SATHAR_REPLACEMENT, saved, secret_war
from tests.helpers.kh import stand
from tests.helpers.screens import render
from tests.helpers.si import phoenix
from tests.helpers.tables import TABLES

runner = CliRunner()
PUBLIC = "public"
ROSTER = "roster"  # a roster's figure: the table's printed rosters show it (issue 18), nothing else of another reader's
Needle = str | re.Pattern[str]

# ---------------------------------------------------------------------- the files, each with its secrets


def plan(text: str) -> str:
    """A move line's plan, as the referee reads it: "; bound for ..." to the end of its steps."""
    return text[text.rfind("; bound for ") : -1]


@functools.cache
def war() -> tuple[Campaign, dict[str, tuple[str, Needle]]]:
    """The war of every secret (tests/helpers/campaign.py: secret_war, day 1, the UPF move), and a
    Sathar light cruiser's plan made on the Sathar move (bound for Timeon), a Sathar frigate's journey
    stopped, a UPF frigate's plan (bound for Dramune), and the Sathar Destroyer 15, destroyed on day
    1, brought back off the map by its replacement roll. Each secret: whose, and what shows it."""
    campaign = secret_war()._replace(step="sathar-move")
    moved = movement.move(campaign, TABLES, ["Sathar Light Cruiser 1"], toward="Timeon")
    sathar_plan = plan(moved.entries[-1].text)
    campaign = movement.move(moved.campaign, TABLES, ["Sathar Light Cruiser 2"], toward="Timeon").campaign
    campaign = movement.stop(campaign, ["Sathar Light Cruiser 2"]).campaign
    campaign = campaign._replace(step="upf-move")
    moved = movement.move(campaign, TABLES, ["TF Cassidine Assault Scout 3"], toward="Dramune")
    upf_plan = plan(moved.entries[-1].text)
    back = moved.campaign.unit("Sathar Destroyer 15")._replace(status="off-map", place=None, fleet="")
    campaign = moved.campaign.with_units([back])._replace(losses=(Loss(1, back.name, "Sathar", "destroyer", "combat"),))
    assert sathar_plan.startswith("; bound for Timeon") and upf_plan.startswith("; bound for Dramune")
    secrets: dict[str, tuple[str, Needle]] = {
        "the retreat condition": ("Sathar", CONDITIONS[3]),
        "its progress": ("Sathar", progress(campaign, 3)),
        "a Sathar plan": ("Sathar", sathar_plan.removeprefix("; ").split(":")[0]),
        "a Sathar journey stopped": ("Sathar", "stops its journey to Timeon"),
        "a UPF plan": ("UPF", upf_plan.removeprefix("; ").split(":")[0]),
        "the Sathar reserves off the map": ("Sathar", "Sathar Heavy Cruiser"),
        "a Sathar carrier off the map": ("Sathar", "Sathar Assault Carrier"),
        "a Sathar replacement due back": ("Sathar", re.compile(r"Sathar Destroyer 15\b(?!\s*\(destroyer\): destroyed on day 1)")),
        "its replacement roll": ("Sathar", SATHAR_REPLACEMENT),
        "Strike Force NOVA off the map": ("UPF", "SF NOVA Battleship"),
        "a ship joining it": ("UPF", "UPF Assault Scout 1"),
        "the UPF shatter drones chosen": ("UPF", "shatter drones: TF Cassidine Frigate 1"),
        "the Sathar shatter drones chosen": ("Sathar", "shatter drones: Sathar Frigate 1"),
        "a UPF shatter drone": ("UPF", re.compile(r"TF Cassidine Frigate 1\b[^\n]*shatter drone|TF Cassidine Frigate 1\b(.*\n){1,12}?.*a shatter drone")),
        "a Sathar shatter drone": ("Sathar", re.compile(r"Sathar Frigate 1\b[^\n-]*shatter drone|Sathar Frigate 1\b(.*\n){1,12}?.*a shatter drone")),
        "a repair ordered": ("UPF", "repairs 8 of the UPF Destroyer 1's hull points"),
        "a rearming": ("UPF", "the TF Prenglar Frigate 1 rearms"),
        "a damaged roster": (f"UPF {ROSTER}", re.compile(r"hull 42 of 50|42 of 50 left|hull 42/50")),
    }
    return campaign, secrets


BATTLE_SECRETS: dict[str, tuple[str, Needle]] = {
    "a mined hex": ("UPF", "1207"),
    "a seeker placed, not active": ("UPF", "0909"),
    "a screen switched on": ("Sathar", "activates its SS"),
    "the screen circled on the roster": (f"Sathar {ROSTER}", re.compile(r"SS \((active|on)\)")),
    "the minelayer's mines": (f"UPF {ROSTER}", re.compile(r"M x20|M +x{0,20}\.{0,20} +20 of 20 left")),
    "the Shimmer's hull": (f"UPF {ROSTER}", re.compile(r"31/40|31 of 40")),
}

SPECIAL_DAMAGE = "Terran Cruiser 1's special damage roll 86: sensors out for 2 turns"
FORTRESS_DAMAGE = "Aquarian Fortress fights with OF 4, DF 6: special damage"
SI_SECRET = "the Phalth carries the stealth mines"


def engagement() -> Engagement:
    """An engagement whose log holds each side's special damage, sealed as the engine writes it."""
    return Engagement(
        "e",
        ("Terran", "Aquarian"),
        log=(
            SfwLine(1, "VICTORY joins"),
            SfwLine(1, SPECIAL_DAMAGE, ("d%00: 86",), "Starfleet Wars: Special Damage", "Terran"),
            SfwLine(2, FORTRESS_DAMAGE, (), "Starfleet Wars: Special Damage", "Aquarian"),
        ),
    )


ENGAGEMENT_SECRETS: dict[str, tuple[str, Needle]] = {"a ship's special damage": ("Terran", SPECIAL_DAMAGE), "a fortress's": ("Aquarian", FORTRESS_DAMAGE)}


# ---------------------------------------------------------------------- every output of each reader


def printed(path: Path, reader: str, what: str) -> str:
    code = runner.invoke(cli, ["print", str(path), "--what", what, "--text", *(["--side", reader] if reader != PUBLIC else [])], catch_exceptions=False)
    assert code.exit_code == 0, code.output
    return code.output


def json_of(args: list[str]) -> str:
    done = runner.invoke(cli, [*args, "--json"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done.output


def outputs(path: Path, reader: str, papers: tuple[str, ...], view: bool, commands: Callable[[str], list[list[str]]] = lambda r: []) -> dict[str, str]:
    """Each output ``reader`` reads of the file: its view, each paper printed for it, each command's --json."""
    found = {f"print --what {w}": printed(path, reader, w) for w in papers}
    if view:
        found["view"] = render(path, reader)
    found |= {" ".join(c): json_of(c) for c in (commands(reader) if reader != PUBLIC else [])}
    return found


def shows(text: str, needle: Needle) -> bool:
    return needle.search(text) is not None if isinstance(needle, re.Pattern) else needle in text


def check(read: dict[str, dict[str, str]], secrets: dict[str, tuple[str, Needle]]) -> None:
    """Each reader's every output holds no secret of another's; each side finds its own in its outputs."""
    for reader, said in read.items():
        for what, (whose, needle) in secrets.items():
            owner = whose.split()[0]
            for output, text in said.items():
                if reader == owner:
                    continue
                if ROSTER in whose and reader == PUBLIC and output == "print --what rosters":
                    continue  # (the table's printed rosters: issue 18)
                if ROSTER in whose and reader == PUBLIC and output in ("print --what deployment", "print --what battle-report"):
                    continue
                assert not shows(text, needle), f"{reader}'s {output} shows {what} ({owner}'s): {needle}"
            if reader == owner:
                assert any(shows(text, needle) for text in said.values()), f"{reader} finds its own {what} in none of {', '.join(said)}"


# ---------------------------------------------------------------------- the tests


def test_the_files_hold_a_secret_of_every_kind() -> None:
    """Each secret is in its file as the referee keeps it: its absence from an output means something."""
    campaign, secrets = war()
    whole = "\n".join(e.text for e in campaign.log)
    for what in ("a Sathar plan", "a UPF plan", "a Sathar journey stopped", "its replacement roll", "a repair ordered", "a rearming"):
        assert shows(whole, secrets[what][1]), what
    assert campaign.unit("Sathar Heavy Cruiser 1").status == campaign.unit("Sathar Destroyer 15").status == "off-map"
    assert campaign.unit("Sathar Light Cruiser 1").bound == "Timeon" and campaign.retreat_condition == 3 and not campaign.retreat_revealed
    battle = stand()
    assert [m.hex for m in battle.mines] == ["1207"] and any(s.hex == "0909" and not s.active for s in battle.seekers)


@pytest.mark.parametrize("reader", ["UPF", "Sathar", PUBLIC])
def test_no_output_of_a_war_shows_a_reader_another_sides_secret(tmp_path: Path, reader: str) -> None:
    campaign, secrets = war()
    path = saved(tmp_path / "war.toml", campaign)

    def commands(side: str) -> list[list[str]]:
        return [["campaign", "forces", "-c", str(path), "--side", side], ["campaign", "supply", "-c", str(path), "--side", side]]

    read = {reader: outputs(path, reader, ("deployment", "rosters", "log", "map"), True, commands)}
    assert "Sathar Destroyer 1-15" in read[reader]["view"] or "Sathar Destroyer 1-14" in read[reader]["view"]  # (the map's, everyone's)
    check(read, secrets)


@pytest.mark.parametrize("reader", ["UPF", "Sathar", PUBLIC])
def test_no_output_of_a_battle_shows_a_reader_another_sides_secret(tmp_path: Path, reader: str) -> None:
    path = tmp_path / "stand.toml"
    storage.write_text(path, battle_file.text(stand(), TABLES))
    check({reader: outputs(path, reader, ("battle-report", "rosters", "log"), True)}, BATTLE_SECRETS)


@pytest.mark.parametrize("reader", ["Terran", "Aquarian", PUBLIC])
def test_no_printed_log_of_an_engagement_shows_a_reader_another_sides_special_damage(tmp_path: Path, reader: str) -> None:
    path = tmp_path / "e.toml"
    storage.write_text(path, engagement_file.text(engagement()))
    read = {reader: outputs(path, reader, ("log",), False)}
    assert "VICTORY joins" in read[reader]["print --what log"]
    check(read, ENGAGEMENT_SECRETS)


# ---------------------------------------------------------------------- Starfleet Wars: every special damage result

# each result of the Special Damage Table that stays in force: the Terran ship's roll, the Aquarian fortress's
SFW_ROLLS = {
    "sensors": (84, 85),
    "offensive": (86, 86),
    "launchers": (87, 87),
    "engines": (88, 89),
    "craft": (90, 91),
    "cids": (92, 93),
    "dynamo": (94, 94),
    "shields": (95, 96),
    "stardrive": (97, 98),
}


@functools.cache
def fought() -> Engagement:
    """An engagement played by the engine: nine Terran destroyers each hit past 20% and rolling one
    result of every kind in step 9, an Aquarian fortress hit by nine CapTacs rolling the same kinds;
    in turn 2 each allocates, the results in force (factors lowered where they take factors)."""
    from referee.starfleet_wars import combat, fortress_phase, turn
    from referee.starfleet_wars.power import Allocation

    battle = Engagement("e", ("Terran", "Aquarian"))
    for roll, _ in SFW_ROLLS.values():
        battle = turn.add(battle, TABLES, f"T{roll}", "Terran", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}).state
    battle = fortress_phase.build(battle, TABLES, "Reef", "Aquarian", ["LSS", "LSS", "WP", "CM"], [("WP 1", "LSS 1")], 0, False, []).state
    for roll, _ in SFW_ROLLS.values():
        battle = combat.hit(battle, TABLES, f"T{roll}", "particle", 1).state  # 10 of 30 PU: a roll each turn
    battle = battle.rebuilt(battle.fortress("Reef")._replace(special_due=len(SFW_ROLLS)))  # nine CapTac hits' rolls
    for roll, other in SFW_ROLLS.values():
        battle = turn.special_damage(battle, TABLES, f"T{roll}", random.Random(1), roll).state
        battle = fortress_phase.special_damage(battle, TABLES, "Reef", random.Random(1), other).state
    battle = turn.next_turn(battle).state
    for roll, _ in SFW_ROLLS.values():
        battle = turn.allocate(battle, f"T{roll}", Allocation(2, 3, 2)).state
    return fortress_phase.allocate(battle, "Reef", 5, 5).state


def sfw_secrets() -> dict[str, tuple[str, Needle]]:
    """Each result, whose it is, and what shows it: its roll's line, its entry on the ship's (fortress's)
    line, the lowered factors (a ship's and the fortress's), the JSON's record of it."""
    found: dict[str, tuple[str, Needle]] = {}
    for kind, (roll, other) in SFW_ROLLS.items():
        found[f"T{roll}'s {kind} roll"] = ("Terran", f"T{roll} rolls special damage")
        found[f"T{roll}'s {kind} on its line"] = ("Terran", re.compile(rf"T{roll} \(PIRAHNA[^\n]*special damage: {kind}"))
        found[f"the fortress's {kind} roll ({other})"] = ("Aquarian", re.compile(rf"Reef rolls special damage [^\n]*: {other} - "))
        found[f"T{roll}'s {kind} in the JSON"] = ("Terran", re.compile(rf'"kind": "{kind}"'))
    found["the fortress's results on its line"] = ("Aquarian", re.compile(r"Reef \(starfortress[^\n]*special damage: "))
    found["T86's OF lowered"] = ("Terran", re.compile(r"T86\b[^\n]*OF 1\b"))
    found["T88's speed lowered"] = ("Terran", re.compile(r"T88\b[^\n]*speed 0\b"))
    found["T95's DF lowered"] = ("Terran", re.compile(r"T95\b[^\n]*DF 0\b"))
    found["T94's OF lost"] = ("Terran", re.compile(r"T94\b[^\n]*OF 0\b"))
    found["the fortress's OF lost"] = ("Aquarian", re.compile(r"Reef\b[^\n]*OF 0, DF 3\b"))
    return found


def test_the_engagement_holds_every_special_damage_result_on_a_ship_and_a_fortress() -> None:
    battle = fought()
    assert {e.kind for s in battle.ships for e in s.effects} == set(SFW_ROLLS) == {e.kind for e in battle.fortress("Reef").effects}


@pytest.mark.parametrize("reader", ["Terran", "Aquarian", PUBLIC])
def test_no_output_of_an_engagement_shows_a_reader_another_sides_special_damage_result(tmp_path: Path, reader: str) -> None:
    """Issue 35: every output a reader has of an engagement - the printed log (a side's copy, the
    table's), and the table's copies the referee prints without --secrets: sfw ships (text and
    JSON), sfw log (text and JSON), the app's ship and fortress cards sealed - shows none of another
    side's special damage results (each kind, on a ship and a fortress)."""
    from referee.tui.sfw import cards

    path = tmp_path / "e.toml"
    battle = fought()
    storage.write_text(path, engagement_file.text(battle))
    said = outputs(path, reader, ("log",), False)
    if reader == PUBLIC:
        for args in (["sfw", "ships"], ["sfw", "ships", "--json"], ["sfw", "log"], ["sfw", "log", "--json"]):
            done = runner.invoke(cli, [*args, "-e", str(path)], catch_exceptions=False)
            assert done.exit_code == 0, done.output
            said[" ".join(args)] = done.output
        parts = [*(p for s in battle.ships for p in cards.ship_card(battle, TABLES, s, False)), *cards.fortress_card(battle, battle.fortress("Reef"), False)]
        said["the app's cards"] = "\n".join(str(p if isinstance(p, str) else p[0] if isinstance(p, tuple) else p.plain) for p in parts)
    secrets = sfw_secrets()
    for output, text in said.items():
        for what, (whose, needle) in secrets.items():
            if reader != whose:
                assert not shows(text, needle), f"{reader}'s {output} shows {what} ({whose}'s): {needle}"
    if reader != PUBLIC:
        mine = [what for what, (whose, _) in secrets.items() if whose == reader and " roll" in what]
        assert mine and all(shows(said["print --what log"], secrets[what][1]) for what in mine)


def test_a_scenarios_secret_line_is_its_sides_alone(tmp_path: Path) -> None:
    """Stellar Inferno: the program writes no secret line of its own (the scenario's hidden things are
    kept at the table); a line that says whose it is is read by that side alone."""
    scenario = phoenix()
    invader, defender = scenario.invader.name, scenario.defender.name
    path = tmp_path / "s.toml"
    storage.write_text(path, scenario_file.text(scenario.logged(SiLine(1, SI_SECRET, secret=invader))))
    read = {r: outputs(path, r, ("log",), False) for r in (invader, defender, PUBLIC)}
    check(read, {"a secret line": (invader, SI_SECRET)})


def test_a_move_line_saved_before_lines_kept_their_plan_apart_still_hides_it(tmp_path: Path) -> None:
    """A campaign file of before: its move line holds the plan in its text alone; read back, the plan
    is the moving side's (the step it was written in), and the UPF reads the move without it."""
    from referee.sathar_war import log_file, sides

    campaign, secrets = war()
    line = next(e for e in campaign.log if e.private.startswith("; bound for Timeon"))
    old = {k: v for k, v in log_file.entry_dict(line).items() if k not in ("secret", "private")}
    again = log_file.entry_from_dict(old, "log[0]")
    assert again == line and again.secret == "Sathar"
    assert sides.read(campaign, again, "UPF").line.text == line.text.replace(line.private, "") and "bound for" not in sides.read(campaign, again, PUBLIC).line.text
