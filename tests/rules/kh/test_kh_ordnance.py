"""Mines, seeker missiles and shatter drones (New Advanced Game Weapons; Second Sathar War)."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.ordnance import lay_mines, mines_attack, move_seeker, place_seeker, seeker_attack, shatter_drone
from tests.helpers.kh import KH, fleet, make

RNG = random.Random(0)


def minefield(battle: Battle | None = None) -> Battle:
    return lay_mines(battle or fleet(), "1207", side="UPF").battle


def test_mines_attack_every_enemy_that_entered_then_the_hex_is_clear() -> None:
    done = mines_attack(minefield(), KH, RNG, "1207", ["Venomous", "Perdition"], rolled={"Venomous": Rolled("60", "60", "10"), "Perdition": Rolled("61")})
    texts = [e.text for e in done.entries]
    assert "60% to hit, 60 <= 60: hit" in texts[0] and "Damage Table 60 -20 DTM = 40" in texts[0]
    assert "61 > 60: miss" in texts[1]
    assert done.battle.mines == () and "no longer mined" in texts[-1]
    assert done.battle.ship("Venomous").hull == 50 - 10  # 21-40 band: hull hit, 3d10+5 entered as 10


def test_mines_80_against_a_stasis_screen_and_5_less_per_icm() -> None:
    battle = minefield()
    battle = battle.with_ships([battle.ship("Perdition")._replace(active_screen="SS")])
    done = mines_attack(battle, KH, RNG, "1207", ["Perdition"], icms={"Perdition": (("Perdition", 2),)}, rolled={"Perdition": Rolled("99")})
    assert done.entries[0].text.startswith("the mines in hex 1207 attack the Perdition; 2 ICMs from the Perdition: 70% to hit")
    assert done.battle.ship("Perdition").system("ICM").count == 6  # type: ignore[union-attr]


def test_mines_spare_their_own_side_and_need_a_mined_hex() -> None:
    with pytest.raises(RefereeError, match="only enemy ships"):
        mines_attack(minefield(), KH, RNG, "1207", ["Z'Gata"])
    with pytest.raises(RefereeError, match="not mined"):
        mines_attack(minefield(), KH, RNG, "0101", ["Venomous"])
    with pytest.raises(RefereeError, match="Advanced Game"):
        lay_mines(fleet("basic"), "1207", side="UPF")


def test_a_minelayer_marks_off_a_mine_for_each_hex() -> None:
    layer = make("advanced", {"name": "Layer", "class": "minelayer", "side": "UPF"}, {"name": "Raider", "class": "destroyer", "side": "Sathar"}, moving="UPF")
    battle = lay_mines(layer, "0505", by="Layer").battle
    assert battle.ship("Layer").system("M").count == 19  # type: ignore[union-attr]
    assert battle.mines[0].side == "UPF"


def next_upf_turn(battle: Battle) -> Battle:
    turn = battle.turn
    while (battle.turn, battle.step, battle.moving) != (turn + 1, "turn", "UPF"):
        battle = advance(battle)
    return battle


def test_seekers_move_2_4_6_and_detonate_on_the_turn_they_move_12() -> None:
    # "On the turn that a seeker moves 12 hexes, it will automatically detonate. If there is no ship
    # within range at that time, the explosion will do no damage": it is gone, and never moves 14.
    battle = advance(place_seeker(fleet(), "0909", side="UPF").battle)
    hexes = ["0909", "a", "b", "c", "d", "e", "f"]
    moved = []
    for here, there in zip(hexes, hexes[1:]):
        done = move_seeker(battle, KH, RNG, here, there)
        moved.append(done.battle.seekers[0].moved if done.battle.seekers else 12)
        if done.battle.seekers:
            with pytest.raises(RefereeError, match="has moved this turn"):
                move_seeker(done.battle, KH, RNG, there, "z")
        battle = next_upf_turn(done.battle)
    assert moved == [2, 4, 6, 8, 10, 12]
    assert done.battle.seekers == ()
    assert "detonates automatically; no ship is in its hex, so the explosion does no damage, and it is gone" in done.entries[0].text
    with pytest.raises(RefereeError, match="no seeker missile in hex f"):
        move_seeker(battle, KH, RNG, "f", "g")


def test_a_seeker_entering_a_hex_with_a_ship_detonates_against_the_largest_there() -> None:
    battle = advance(place_seeker(fleet(), "0909", side="UPF").battle)
    done = move_seeker(battle, KH, RNG, "0909", "0911", at="Perdition", rolled=Rolled("75", "40", "25"))
    assert done.battle.seekers == () and done.battle.ship("Perdition").hull == 80 - 25
    assert "to hex 0911: it enters a hex with a ship and detonates" in done.entries[0].text
    assert "the seeker in hex 0911 detonates against the Perdition: 75% to hit" in done.entries[1].text
    with pytest.raises(RefereeError, match="not attracted to space stations"):
        move_seeker(battle, KH, RNG, "0909", "0911", at="Station")


def test_seekers_activate_in_their_sides_movement_phase_only() -> None:
    battle = place_seeker(fleet(), "0909", side="UPF").battle  # Sathar moving
    with pytest.raises(RefereeError, match="start of UPF's movement phase"):
        move_seeker(battle, KH, RNG, "0909", "0910")
    with pytest.raises(RefereeError, match="not activated"):
        seeker_attack(battle, KH, RNG, "0909", "Venomous")


def test_a_seeker_attacks_any_ship_75_or_90_against_stasis_minus_8_per_icm() -> None:
    battle = move_seeker(advance(place_seeker(fleet(), "0909", side="UPF").battle), KH, RNG, "0909", "0911").battle
    battle = battle.with_ships([battle.ship("Perdition")._replace(active_screen="SS")])
    done = seeker_attack(battle, KH, RNG, "0911", "Perdition", (("Perdition", 1),), Rolled("82", "90", "25"))
    assert done.attack is not None and done.attack.chance.total == 82  # 90 - 8
    assert done.attack.hit is not None and done.battle.seekers == ()
    own = seeker_attack(battle, KH, RNG, "0911", "Z'Gata", (), Rolled("75", "40", "25"))
    assert own.attack is not None and own.attack.chance.total == 75 and own.battle.ship("Z'Gata").hull == 15  # seekers cannot tell friend from foe


def test_shatter_drone_hits_every_other_ship_in_its_hex_at_minus_20_with_5d10() -> None:
    battle = fleet(moving="UPF")
    done = shatter_drone(battle, KH, RNG, "Z'Gata", ["Venomous", "Stiletto"], {"Venomous": Rolled(damage="45", hull="30"), "Stiletto": Rolled(damage="95")})
    assert "Z'Gata" not in [s.name for s in done.battle.ships]  # gone, not counted as destroyed
    assert "Damage Table 45 -20 DTM = 25" in done.entries[1].text and done.battle.ship("Venomous").hull == 20
    assert "Damage Table 95 -20 DTM = 75" in done.entries[2].text
    basic = shatter_drone(fleet("basic", moving="UPF"), KH, RNG, "Z'Gata", ["Venomous"], {"Venomous": Rolled(hull="27")})
    assert basic.battle.ship("Venomous").hull == 23


def test_shatter_drones_are_frigates_detonated_in_their_own_movement() -> None:
    with pytest.raises(RefereeError, match="are frigates"):
        shatter_drone(fleet(), KH, RNG, "Venomous", ["Z'Gata"])
    with pytest.raises(RefereeError, match="end of its side's movement"):
        shatter_drone(fleet(), KH, RNG, "Z'Gata", ["Venomous"])


def test_one_group_of_mines_a_hex_and_sides_place_ordnance_only_before_the_game() -> None:
    with pytest.raises(RefereeError, match="only one group of mines"):
        lay_mines(minefield(), "1207", side="Sathar")
    started = advance(fleet())
    with pytest.raises(RefereeError, match="only before the game starts"):
        lay_mines(started, "0101", side="UPF")
    with pytest.raises(RefereeError, match="only before the game starts"):
        place_seeker(started, "0101", side="UPF")
    layer = make("advanced", {"name": "Layer", "class": "minelayer", "side": "UPF"}, {"name": "Raider", "class": "destroyer", "side": "Sathar"})
    with pytest.raises(RefereeError, match="its own movement phase"):
        lay_mines(layer, "0505", by="Layer")


def test_mines_attack_ships_of_the_moving_side_still_afloat() -> None:
    battle = minefield()
    with pytest.raises(RefereeError, match="ships of the moving side"):
        mines_attack(advance(battle), KH, RNG, "1207", ["Venomous"])
    battle = battle.with_ships([battle.ship("Venomous")._replace(hull=0)])
    with pytest.raises(RefereeError, match="already destroyed"):
        mines_attack(battle, KH, RNG, "1207", ["Venomous"])


def test_mines_attack_a_carrier_not_the_fighters_aboard_and_each_ship_once() -> None:
    """A fighter aboard a ship entered the hex inside it: naming it too once let the carrier's loss
    destroy it and the mines attack it again, recording its loss twice (a battle file that would not
    load; found by the long random battles, issue 13)."""
    battle = minefield()
    battle = battle.with_ships([battle.ship("Fighter A")._replace(side="Sathar", docked_at="", carried_by="Perdition"), battle.ship("Perdition")._replace(hull=1)])
    with pytest.raises(RefereeError, match="aboard the Perdition: it entered the hex inside it, and the mines attack the Perdition"):
        mines_attack(battle, KH, RNG, "1207", ["Perdition", "Fighter A"])
    with pytest.raises(RefereeError, match="Venomous named twice"):
        mines_attack(battle, KH, RNG, "1207", ["Venomous", "venomous"])
    done = mines_attack(battle, KH, RNG, "1207", ["Perdition"], rolled={"Perdition": Rolled("01", "30", "35")})
    assert [loss.ship for loss in done.battle.losses] == ["Perdition", "Fighter A"]


def test_seekers_ignore_stations_and_docked_ships() -> None:
    battle = move_seeker(advance(place_seeker(fleet(), "0909", side="UPF").battle), KH, RNG, "0909", "0911").battle
    with pytest.raises(RefereeError, match="not attracted to space stations"):
        seeker_attack(battle, KH, RNG, "0911", "Station")
    with pytest.raises(RefereeError, match="docked"):
        seeker_attack(battle, KH, RNG, "0911", "Fighter A")
