"""Mines and seeker missiles placed before the game starts, by the side a battle lets place them
(New Advanced Game Weapons: "The defending player can place mines in a hex before the game
starts"): The Stand's UPF ("The UPF player may also place mines and seeker missiles anywhere on the
map"), a campaign battle's defender whose ships include a minelayer, from its ships' loads (The
Second Sathar War, Declaring Combat: "the defender may place all of its mines and seeker missiles
before the battle begins"); several hexes in one step, secret from the other side."""

from __future__ import annotations

import random

import pytest

from referee import storage
from referee.errors import RefereeError
from referee.knight_hawks import battle_file, sides
from referee.knight_hawks.movement import move
from referee.knight_hawks.ordnance import NEW_WEAPONS_RULE, lay_mines, place_seeker
from referee.knight_hawks.scenarios import CAMPAIGN_MINES_RULE, STAND_MINES_RULE
from referee.resources import scenario_files
from tests.helpers.app import TABLES
from tests.helpers.campaign import UPF
from tests.helpers.kh import campaign_battle


def stand():  # type: ignore[no-untyped-def]
    return battle_file.from_dict(storage.read(scenario_files()["the-stand"], "scenario"), TABLES, start=True)


def test_the_stands_upf_mines_hexes_before_the_game_in_one_step_secretly() -> None:
    battle = stand()
    done = lay_mines(battle, ["1207", "1208", "0909"], side="UPF")
    assert [m.hex for m in done.battle.mines] == ["1207", "1208", "0909"]
    entry = done.entries[0]
    assert entry.text == "UPF mines hexes 1207, 1208, 0909 (secret)" and entry.rule == f"{NEW_WEAPONS_RULE}, Mines; {STAND_MINES_RULE}"
    assert done.battle.ship("Z'Rak't Zoz").system("M").count == 20  # the book does not take them from its load
    assert sides.line_sides(done.battle, entry) == {"UPF"}
    seekers = place_seeker(done.battle, ["0505", "0505"], side="UPF")  # two in one hex: no limit to a hex
    assert seekers.entries[0].text == "UPF places seeker missiles in hexes 0505, 0505 (secret)"
    assert sides.line_sides(seekers.battle, seekers.entries[0]) == {"UPF"}


def test_the_stands_sathar_place_none_and_nothing_is_placed_once_a_ship_moved() -> None:
    battle = stand()
    with pytest.raises(RefereeError, match="before the game only the UPF places mines"):
        lay_mines(battle, "1207", side="Sathar")
    with pytest.raises(RefereeError, match="hex 1207 is named twice"):
        lay_mines(battle, ["1207", "1207"], side="UPF")
    moved = move(battle, random.Random(0), "Bludgeon", 2, 2, 0).battle
    with pytest.raises(RefereeError, match="only before the game starts"):
        lay_mines(moved, "1207", side="UPF")


def test_a_campaign_defender_with_a_minelayer_places_them_from_its_ships_loads() -> None:
    battle = campaign_battle(UPF)
    assert battle.sides == ("Sathar", "UPF") and "TF Prenglar Minelayer" in {s.name for s in battle.ships}
    with pytest.raises(RefereeError, match="the UPF's mines come off its ships before this battle .*: name the ship that carries them"):
        lay_mines(battle, "1207", side="UPF")
    done = lay_mines(battle, ["1207", "1208"], by="TF Prenglar Minelayer")
    assert done.battle.ship("TF Prenglar Minelayer").system("M").count == 18
    assert done.entries[0].text == "UPF mines hexes 1207, 1208 (secret), from the TF Prenglar Minelayer's load"
    assert done.entries[0].rule == f"{NEW_WEAPONS_RULE}, Mines; {CAMPAIGN_MINES_RULE}"
    with pytest.raises(RefereeError, match="before the game only the UPF places mines"):
        lay_mines(battle, "0101", side="Sathar")


def test_a_campaign_defender_without_a_minelayer_places_none() -> None:
    battle = campaign_battle([n for n in UPF if "Minelayer" not in n])
    with pytest.raises(RefereeError, match="the UPF's ships include no minelayer"):
        lay_mines(battle, "1207", side="UPF")
