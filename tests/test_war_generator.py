"""The generated war (benchmarks/war.py, issue 21): a short war played by the seeded generator keeps
the campaign whole (every ship accounted for, the day advanced, every roll of the campaign's dice in
its log, the file read back strictly), and the same seed gives the same file.

Below it, the rule defects the generator ran into, each shown by a test of the rules layer alone.
"""

from __future__ import annotations

from referee.knight_hawks import battle_file
from referee.sathar_war import battles, setup, turn
from referee.sathar_war.campaign import Place
from tests.test_sathar_war import TABLES, at_step, put, war


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
