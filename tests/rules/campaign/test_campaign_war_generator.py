"""The generated war (benchmarks/war.py, issue 21): a short war played by the seeded generator keeps
the campaign whole (every ship accounted for, the day advanced, every roll of the campaign's dice in
its log, the file read back strictly), and the same seed gives the same file.

Below it, the rule defects the generator ran into, each shown by a test of the rules layer alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.journal import Journal
from referee.knight_hawks import battle_file
from referee.resources import campaigns_dir
from referee.sathar_war import battles, campaign_file, repairs, setup, turn
from referee.sathar_war.campaign import STATUSES, Place
from tests.helpers.campaign import at_step, put, war
from tests.helpers.tables import TABLES

sys.path.insert(0, str(Path(__file__).parents[3] / "benchmarks"))
import war as generator  # noqa: E402

SEED = 19  # a war whose first fifteen days hold battles fought with the engine and on the table, a risk jump, NOVA
DAYS = 15
GONE = {"destroyed": ("combat", "stranded"), "misjumped": ("misjump",), "removed": ("combat",), "detonated": ("detonated",)}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[generator.War, Path]:
    path = tmp_path_factory.mktemp("war") / "war.toml"
    return generator.play(SEED, DAYS, path), path


def test_the_war_reaches_its_day_by_legal_actions_both_ways_of_fighting_among_them(played: tuple[generator.War, Path]) -> None:
    war, _ = played
    campaign = war.campaign
    assert (campaign.day, campaign.step, campaign.outcome) == (DAYS, "sathar-move", "")
    assert war.refused == [] and war.battle_steps["refused"] == 0  # every action and battle step the players chose, the rules allowed
    assert war.actions["campaign advance"] == 4 * (DAYS - 1) + 1  # the set-up, then four steps a day
    assert war.actions["campaign move"] > 50 and war.actions["campaign battle declare"] >= 3
    assert any("the Knight Hawks engine" in f for f in war.fought) and any("on the table, results entered" in f for f in war.fought)
    assert war.actions["Results"] + sum(n for what, n in war.actions.items() if what.startswith("the battle ")) == len(war.fought)
    assert any(e.text.startswith("Strike Force NOVA") for e in campaign.log) and any("jump safely" in e.text or "MISJUMP" in e.text for e in campaign.log)


def test_every_ship_and_station_is_accounted_for(played: tuple[generator.War, Path]) -> None:
    """On the map, off it (not yet placed), in the Void, or lost (each loss recorded once, as its
    status says); the orders of battle are all there, none added, none gone."""
    war, _ = played
    campaign = war.campaign
    start = campaign_file.read(campaigns_dir() / "second-sathar-war.toml", TABLES)
    assert sorted((u.name, u.side, u.ship_class) for u in campaign.units) == sorted((u.name, u.side, u.ship_class) for u in start.units)
    losses = {loss.name: loss for loss in campaign.losses}  # (the last of each ship's: one replaced may be lost again)
    assert losses
    replaced = {u.name for u in campaign.units if any(e.text.startswith((f"the {u.name} is replaced", f"the {u.name}: ")) for e in campaign.log)}
    for unit in campaign.units:
        assert unit.status in STATUSES, unit.name
        assert (unit.place is not None) == unit.active, unit.name
        if unit.status in GONE:
            assert losses[unit.name].how in GONE[unit.status], unit.name
        else:
            assert unit.name not in losses or unit.name in replaced, unit.name  # lost, then brought back by the replacements
        if unit.status == "void":
            assert unit.returns > campaign.day, unit.name
    docked = [u for c in repairs.centres(campaign) if c.owner == "UPF" for u in c.queue]  # in repair at a construction centre
    assert all(u.active and u.roster.docked_at for u in docked)


def test_every_roll_of_the_dice_is_in_a_log(played: tuple[generator.War, Path]) -> None:
    """The campaign's dice (misjumps, NOVA, repairs in space) each in the campaign's log, the engine's
    each in its battle's log: as many dice shown as were rolled."""
    war, _ = played
    shown = sum(generator.dice_in(r) for e in war.campaign.log for r in e.rolls)
    assert war.dice.rolled == shown > 0
    assert war.battle_dice.rolled == war.battle_rolls > 0


def test_the_file_loads_strictly_as_the_commands_read_it(played: tuple[generator.War, Path]) -> None:
    war, path = played
    assert Journal.open(path, TABLES, "campaign").state == war.campaign
    result = CliRunner().invoke(app, ["campaign", "status", "--campaign", str(path)], catch_exceptions=False)
    assert result.exit_code == 0 and result.stdout.startswith(f"track   day {DAYS} of the war")


def test_the_same_seed_gives_the_same_file_and_another_seed_another(played: tuple[generator.War, Path], tmp_path: Path) -> None:
    _, path = played
    again = tmp_path / "again.toml"
    generator.play(SEED, DAYS, again)
    assert again.read_bytes() == path.read_bytes()
    assert Path(f"{again}.log").read_bytes() == Path(f"{path}.log").read_bytes()  # the log beside it
    other = tmp_path / "other.toml"
    generator.play(SEED + 1, 2, other)
    assert other.read_bytes() != path.read_bytes()


# ---------------------------------------------------------------------- defects the generator found


def test_a_fighter_based_at_a_station_outside_the_battle_fights_launched() -> None:
    """A fighter based at the station of a system's other planet may fight (it is a ship in the
    system); its station is not in the battle, so in the battle file it starts launched rather than
    aboard a station the battle does not hold (the file could not be written: "the UPF Fighter 1 is
    docked at or carried by 'Gran Quivera Station', which is not a ship in this battle"). Taken back
    into the campaign, it is based at its station still."""
    campaign = setup.place_upf(war(), ["UPF Fighter 1"], "Gran Quivera").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign
    campaign = turn.advance(setup.choose_retreat(campaign, 3).campaign, TABLES).campaign
    campaign = at_step(put(campaign, ["Sathar Destroyer 1"], Place("Prenglar")), "sathar-attacks", 5)
    campaign = battles.declare(campaign, TABLES, "Prenglar", "Morgaine's World").campaign
    assert "UPF Fighter 1" in campaign.fights[0].ships and "Gran Quivera Station" not in campaign.fights[0].ships
    battle = battles.battle_for(campaign, "Prenglar")
    assert battle.ship("UPF Fighter 1").carried_by == ""
    assert battle.ship("UPF Fighter 2").carried_by == "TF Prenglar Assault Carrier"  # its carrier fights: aboard it
    battle_file.text(battle, TABLES)  # the battle's file is written (and reads back)
    back = battles.from_battle(campaign, battle).campaign
    assert back.unit("UPF Fighter 1").roster.carried_by == "Gran Quivera Station"


def test_a_fighter_launched_in_a_battle_outlives_its_carrier_destroyed_there() -> None:
    """A fighter that left its carrier in the battle and is afloat at its end is not lost with the
    carrier when the battle is taken back (it was recorded destroyed in combat with it): it is in the
    system, out of a carrier, to land on a station or carrier before the day ends (Breaking Off
    Combat: 'Fighters not aboard a carrier or station when the "Day" marker is advanced are destroyed
    automatically'). The fighters still aboard are lost with it (a reading of the engine's)."""

    from referee.knight_hawks.battle import advance
    from referee.knight_hawks.combat_phase import settle
    from referee.knight_hawks.movement import dock
    from tests.helpers.campaign import contested_prenglar

    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera").campaign
    battle = dock(advance(battles.battle_for(campaign, "Prenglar")), "UPF Fighter 1", "").battle  # launched in the UPF's half
    carrier = battle.ship("TF Prenglar Assault Carrier")
    battle, _ = settle(battle.with_ships([carrier._replace(hull=0)]), [carrier.name])
    assert not battle.ship("UPF Fighter 1").destroyed and battle.ship("UPF Fighter 2").destroyed
    done = battles.from_battle(campaign, battle)
    back = done.campaign
    fighter = back.unit("UPF Fighter 1")
    assert fighter.active and fighter.roster.carried_by == "" and fighter.place == campaign.unit("UPF Fighter 1").place
    assert {loss.name for loss in back.losses} == {"TF Prenglar Assault Carrier", "UPF Fighter 2", "UPF Fighter 3", "UPF Fighter 4"}
    assert any(e.text.startswith("UPF Fighter 1: launched in the battle, not aboard the TF Prenglar Assault Carrier when it was destroyed") for e in done.entries)


def test_a_ship_docks_at_a_campaign_station_in_its_battle() -> None:
    """A campaign's stations keep their type in a battle (fortress, fortified station, armed station:
    knight_hawks.battle.STATIONS, 'the classes a ship docks at'), and a ship may dock at one (Space
    Stations); the engine refused it once: 'ships dock at space stations; the Gran Quivera Station is a
    fortified station'."""
    from referee.knight_hawks.battle import advance
    from referee.knight_hawks.movement import dock
    from tests.helpers.campaign import contested_prenglar

    campaign = battles.declare(contested_prenglar(), TABLES, "Prenglar", "Gran Quivera").campaign
    battle = advance(battles.battle_for(campaign, "Prenglar"))
    assert dock(battle, "TF Prenglar Frigate 1", "Gran Quivera Station").battle.ship("TF Prenglar Frigate 1").docked_at == "Gran Quivera Station"
