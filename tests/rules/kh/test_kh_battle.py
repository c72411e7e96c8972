"""A Knight Hawks battle kept across shots: restrictions, ammunition, ICMs, fires, stations, the
turn sequence, repair turns, screens, docking, navigation and breaking apart."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat_phase import Report, fire_damage, hit_in_battle, shoot
from referee.knight_hawks.movement import breakup, dock, masking_screen, navigation, screen
from referee.knight_hawks.repair import Repair, repair_in_battle
from tests.helpers.kh import KH, fleet, make

RNG = random.Random(0)


def fire(battle: Battle, firer: str, weapon: str, target: str, report: Report = Report(range=1), rolled: Rolled = Rolled("50", "50", "5")) -> Battle:
    return shoot(battle, KH, RNG, firer, weapon, target, report, rolled).battle


# -- shots between rosters -----------------------------------------------------------------------


def test_a_shot_reads_defenses_and_damage_from_the_rosters_and_logs_its_dice() -> None:
    done = shoot(fleet(), KH, RNG, "Venomous", "LB", "Z'Gata", Report(range=2), Rolled("40", "30", "6"))
    assert done.attack is not None and done.attack.chance.total == 40  # LB vs RH 50, RD -10
    assert done.battle.ship("Z'Gata").hull == 34
    entry = done.battle.log[-1]
    assert "40 <= 40: hit" in entry.text and "hull 40 -> 34" in entry.text
    assert len(entry.rolls) == 3 and all("(entered)" in r for r in entry.rolls)
    assert "Advanced Game Combat Table" in entry.rule and "Damage Table" in entry.rule


def test_a_masked_target_and_an_active_screen_count_as_defenses_in_use() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Perdition")._replace(masking_screen_up=True, active_screen="ES")])
    done = shoot(battle.with_ships([battle.ship("Z'Gata")._replace()]), KH, RNG, "Z'Gata", "LC", "Perdition", Report(range=0, head_on=True), Rolled("5", "10", "10"))
    assert done.attack is not None and done.attack.chance.defense == "masking-screen"
    assert done.attack.chance.total == 35  # LC vs MS 25, head-on +10


def test_firers_own_masking_screen_and_combat_control_hit_come_from_its_roster() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Venomous")._replace(masking_screen_up=True, damaged=frozenset({"combat-control"}))])
    done = shoot(battle, KH, RNG, "Venomous", "LB", "Z'Gata", Report(range=0), Rolled("99"))
    assert done.attack is not None
    assert [p.change for p in done.attack.chance.parts] == [20, -10]  # LB vs masking screen 20, combat control -10


def test_mpo_weapons_only_in_the_owners_combat_phase() -> None:
    battle = fleet()  # Sathar moving
    with pytest.raises(RefereeError, match="Moving Player Only"):
        shoot(battle, KH, RNG, "Z'Gata", "T", "Venomous", Report(range=1))
    fire(battle, "Z'Gata", "RB", "Venomous")  # rocket batteries fire defensively


def test_one_torpedo_a_turn_and_ammunition_marked_off() -> None:
    battle = fire(fleet(), "Venomous", "T", "Z'Gata", rolled=Rolled("99"))
    assert battle.ship("Venomous").system("T").count == 1  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="once a turn"):
        fire(battle, "Venomous", "T", "Z'Gata")
    battle = advance(advance(battle))  # UPF's half, then turn 2
    battle = fire(battle, "Venomous", "T", "Z'Gata", rolled=Rolled("99"))
    assert battle.ship("Venomous").system("T").count == 0  # type: ignore[union-attr]
    battle = advance(advance(battle))
    with pytest.raises(RefereeError, match="no torpedo ammunition left"):
        fire(battle, "Venomous", "T", "Z'Gata")


def test_a_wasted_shot_at_a_ship_destroyed_in_this_combat_phase_still_spends_ammunition() -> None:
    # Aiming Weapons: weapons aimed at a target destroyed by the first few shots "must be fired ... If
    # these wasted shots include torpedo or rocket fire, these weapons ... must be crossed off".
    battle = fire(fleet(), "Venomous", "LC", "Stiletto", rolled=Rolled("5", "30", "15"))  # 15 hull points: destroyed
    assert battle.ship("Stiletto").destroyed
    done = shoot(battle, KH, RNG, "Perdition", "T", "Stiletto", Report(range=1))
    assert done.attack is None and "a wasted shot, aimed before it died" in done.entries[0].text
    assert "Aiming Weapons" in done.entries[0].rule
    assert done.battle.ship("Perdition").system("T").count == 3  # type: ignore[union-attr]


def test_a_shot_at_a_ship_destroyed_in_an_earlier_half_turn_is_refused() -> None:
    # Weapons are announced at their targets "before the dice are rolled": a ship destroyed in an
    # earlier half of the turn was gone before this combat phase's shots were announced.
    battle = fire(fleet(), "Venomous", "LC", "Stiletto", rolled=Rolled("5", "30", "15"))
    battle = advance(advance(battle))  # turn 2, the Sathar's half again
    with pytest.raises(RefereeError, match="the Stiletto was destroyed in turn 1, Sathar's half: no weapon can be aimed at it now"):
        shoot(battle, KH, RNG, "Perdition", "T", "Stiletto", Report(range=1))


def test_docked_ships_fire_no_forward_firing_weapons_or_torpedos_and_docked_fighters_cannot_be_hit() -> None:
    battle = fleet(moving="UPF")
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(docked_at="Station")])
    for weapon in ("LC", "T"):
        with pytest.raises(RefereeError, match="docked"):
            fire(battle, "Z'Gata", weapon, "Venomous")
    fire(battle, "Z'Gata", "LB", "Venomous")  # batteries help defend the station
    with pytest.raises(RefereeError, match="cannot be attacked"):
        fire(battle, "Venomous", "LB", "Fighter A")
    fire(battle, "Venomous", "LB", "Z'Gata")  # any other docked ship can be attacked


def test_icms_basic_only_the_targets_own_advanced_any_ship_in_the_hex() -> None:
    with pytest.raises(RefereeError, match="only the ship that launches them"):
        fire(fleet("basic"), "Venomous", "T", "Stiletto", Report(range=1, icms=(("Z'Gata", 2),)))
    done = shoot(fleet(), KH, RNG, "Venomous", "T", "Stiletto", Report(range=1, icms=(("Z'Gata", 2),)), Rolled("99"))
    assert done.attack is not None and done.attack.chance.total == 30  # 50 - 2 x 10
    assert done.battle.ship("Z'Gata").system("ICM").count == 2  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="3 ICMs left, not 4"):
        fire(fleet(), "Venomous", "T", "Z'Gata", Report(range=1, icms=(("Z'Gata", 1), ("Z'Gata", 4))))


def test_target_launching_its_own_icms_keeps_both_the_spent_icms_and_the_damage() -> None:
    done = shoot(fleet(), KH, RNG, "Venomous", "T", "Z'Gata", Report(range=1, icms=(("Z'Gata", 1),)), Rolled("10", "10", "20"))
    ship = done.battle.ship("Z'Gata")
    assert ship.system("ICM").count == 3 and ship.hull == 0  # type: ignore[union-attr]


def test_evasion_lowers_torpedo_chance_and_the_evader_must_turn_on_its_next_move() -> None:
    done = shoot(fleet(), KH, RNG, "Venomous", "T", "Stiletto", Report(range=1, evading=True), Rolled("99"))
    assert done.attack is not None and done.attack.chance.total == 30  # 50 - 5 x MR 4
    battle = done.battle
    assert battle.ship("Stiletto").must_turn
    battle = advance(battle)  # the UPF half: the Stiletto moves now
    assert battle.ship("Stiletto").must_turn
    assert not advance(battle).ship("Stiletto").must_turn
    with pytest.raises(RefereeError, match="only fighters and assault scouts"):
        fire(fleet(), "Venomous", "T", "Z'Gata", Report(range=1, evading=True))


def test_shots_at_friends_unknown_ships_and_missing_weapons_are_refused() -> None:
    with pytest.raises(RefereeError, match="both Sathar"):
        fire(fleet(), "Venomous", "LB", "Perdition")
    with pytest.raises(RefereeError, match="did you mean Venomous"):
        fire(fleet(), "Venomus", "LB", "Z'Gata")
    with pytest.raises(RefereeError, match="has no disruptor"):
        fire(fleet(), "Venomous", "DC", "Z'Gata")
    with pytest.raises(RefereeError, match="placed, not fired"):
        fire(fleet(), "Venomous", "M", "Z'Gata")


# -- stations and docked ships -----------------------------------------------------------------------


def test_a_station_destroyed_with_ships_docked_gives_each_half_its_original_hull() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Station")._replace(hull=3), battle.ship("Z'Gata")._replace(docked_at="Station")])
    done = hit_in_battle(battle, KH, RNG, "Station", "laser battery", "1d10", Rolled(damage="10", hull="5"))
    assert done.battle.ship("Station").destroyed
    assert done.battle.ship("Z'Gata").hull == 40 - 30 and done.battle.ship("Fighter A").hull == 0
    assert any("half its 60 original hull points" in e.text for e in done.entries)


def test_a_ship_destroyed_while_docked_gives_the_station_half_its_original_hull() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(docked_at="Station", hull=2)])
    done = hit_in_battle(battle, KH, RNG, "Z'Gata", "laser battery", "1d10", Rolled(damage="10", hull="5"))
    assert done.battle.ship("Station").hull == 60 - 20


# -- fires ------------------------------------------------------------------------------------------


def test_fires_burn_on_the_non_moving_side_at_plus_20_with_1d10_hull_damage() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(damaged=frozenset({"electrical-fire"})), battle.ship("Venomous")._replace(damaged=frozenset({"electrical-fire"}))])
    done = fire_damage(battle, KH, RNG, {"z'gata": Rolled(damage="5", hull="7")})
    assert len(done.entries) == 1 and "Z'Gata" in done.entries[0].text  # only UPF burns in the Sathar half
    assert "Damage Table 5 +20 DTM = 25" in done.entries[0].text  # 21-30: hull hit
    assert done.battle.ship("Z'Gata").hull == 33 and done.battle.ship("Venomous").hull == 50
    with pytest.raises(RefereeError, match="already rolled"):
        fire_damage(done.battle, KH, RNG)
    with pytest.raises(RefereeError, match="not burning"):
        fire_damage(battle, KH, RNG, {"Venomous": Rolled(damage="5")})


# -- the turn ---------------------------------------------------------------------------------------


def test_turn_sequence_with_a_repair_turn_after_every_third_turn() -> None:
    battle = fleet()
    seen = []
    for _ in range(7):
        seen.append((battle.turn, battle.step, battle.moving))
        battle = advance(battle)
    assert seen == [(1, "turn", "Sathar"), (1, "turn", "UPF"), (2, "turn", "Sathar"), (2, "turn", "UPF"), (3, "turn", "Sathar"), (3, "turn", "UPF"), (3, "repair", "UPF")]
    assert (battle.turn, battle.step, battle.moving) == (4, "turn", "Sathar")
    basic = advance(advance(advance(advance(advance(advance(fleet("basic", turn=1)))))))
    assert (basic.turn, basic.step) == (4, "turn")  # no repair turn in the Basic Game


def test_repairs_only_in_the_repair_turn_and_once_per_ship() -> None:
    battle = fleet(turn=3, moving="UPF")
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(hull=20)])
    with pytest.raises(RefereeError, match="repair turn"):
        repair_in_battle(battle, RNG, "Z'Gata", [Repair("hull", 50)])
    battle = advance(battle)
    done = repair_in_battle(battle, RNG, "Z'Gata", [Repair("hull", 50)], ["30"], ["8"])
    assert done.battle.ship("Z'Gata").hull == 28 and "30 <= 50" in done.entries[0].text
    with pytest.raises(RefereeError, match="made its repairs"):
        repair_in_battle(done.battle, RNG, "Z'Gata", [Repair("hull", 10)])
    with pytest.raises(RefereeError, match="no shooting"):
        fire(done.battle, "Z'Gata", "LB", "Venomous")


# -- movement phase -----------------------------------------------------------------------------------


def test_masking_screens_are_marked_off_and_end_when_the_referee_says() -> None:
    battle = masking_screen(fleet(), "Venomous", True).battle
    ship = battle.ship("Venomous")
    assert ship.masking_screen_up and ship.system("MS").count == 1  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="already has"):
        masking_screen(battle, "Venomous", True)
    battle = masking_screen(battle, "Venomous", False).battle
    assert not battle.ship("Venomous").masking_screen_up
    shorted = battle.with_ships([battle.ship("Venomous")._replace(damaged=frozenset({"power-short-circuit"}))])
    with pytest.raises(RefereeError, match="power short circuit"):
        masking_screen(shorted, "Venomous", True)
    with pytest.raises(RefereeError, match="own movement phase"):
        masking_screen(fleet(), "Z'Gata", True)


def test_one_screen_at_a_time() -> None:
    battle = screen(fleet(), "Perdition", "ES").battle
    battle = screen(battle, "Perdition", "SS").battle
    assert battle.ship("Perdition").active_screen == "SS"
    with pytest.raises(RefereeError, match="no working PS"):
        screen(battle, "Venomous", "PS")


def test_docking_and_leaving() -> None:
    battle = dock(fleet(moving="UPF"), "Z'Gata", "Station").battle
    assert battle.ship("Z'Gata").docked_at == "Station"
    battle = dock(battle, "Z'Gata", "").battle
    assert battle.ship("Z'Gata").docked_at == ""
    carrier = make(
        "advanced",
        {"name": "Carrier", "class": "assault carrier", "side": "Sathar"},
        {"name": "Scout", "class": "assault scout", "side": "Sathar"},
        {"name": "Fighter", "class": "fighter", "side": "Sathar"},
    )
    with pytest.raises(RefereeError, match="only fighters land"):
        dock(carrier, "Scout", "Carrier")
    assert dock(carrier, "Fighter", "Carrier").battle.ship("Fighter").carried_by == "Carrier"
    flying = carrier.with_ships([carrier.ship("Fighter")._replace(speed=4)])
    assert dock(flying, "Fighter", "Carrier").battle.ship("Fighter").speed == 0  # Fighters: it docks by stopping


@pytest.mark.parametrize(("rolled", "way"), [("1", "left"), ("5", "left"), ("6", "right"), ("0", "right")])
def test_navigation_hit_turns_left_on_1_to_5_and_right_on_6_to_10(rolled: str, way: str) -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Venomous")._replace(damaged=frozenset({"navigation"}))])
    assert f"must turn {way}" in navigation(battle, KH, RNG, "Venomous", rolled).entries[0].text
    with pytest.raises(RefereeError, match="no navigation hit"):
        navigation(fleet(), KH, RNG, "Venomous")


def test_breaking_apart_the_books_destroyer_in_a_battle() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Venomous")._replace(hull=18)])  # 32 damage of 50
    held = breakup(battle, RNG, "Venomous", 4, "29")
    assert "= 28%" in held.entries[0].text and not held.battle.ship("Venomous").destroyed
    assert breakup(battle, RNG, "Venomous", 4, "28").battle.ship("Venomous").destroyed


def test_each_beam_or_laser_fires_once_a_half_turn() -> None:
    battle = fire(fleet(), "Perdition", "LB", "Z'Gata", rolled=Rolled("99"))
    battle = fire(battle, "Perdition", "LB", "Z'Gata", rolled=Rolled("99"))  # its second laser battery
    with pytest.raises(RefereeError, match="has fired its 2 LB in this half"):
        fire(battle, "Perdition", "LB", "Z'Gata")
    fire(advance(battle), "Perdition", "LB", "Z'Gata", rolled=Rolled("99"))  # and again in the UPF half, defensively


def test_fire_damage_comes_first_in_the_combat_phase() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(damaged=frozenset({"electrical-fire"}))])
    with pytest.raises(RefereeError, match="roll the fire damage of Z'Gata first"):
        fire(battle, "Venomous", "LB", "Z'Gata")
    with pytest.raises(RefereeError, match="roll the fire damage"):
        advance(battle)
    battle = fire_damage(battle, KH, RNG, {"Z'Gata": Rolled(damage="5", hull="1")}).battle
    fire(battle, "Venomous", "LB", "Z'Gata", rolled=Rolled("99"))


def test_a_destroyed_ship_launches_no_icms() -> None:
    battle = fleet()
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(hull=0)])
    with pytest.raises(RefereeError, match="destroyed and launches nothing"):
        fire(battle, "Venomous", "T", "Stiletto", Report(range=1, icms=(("Z'Gata", 1),)))


def test_fighters_aboard_a_destroyed_carrier_are_lost_with_it() -> None:
    battle = make(
        "advanced",
        {"name": "Carrier", "class": "assault carrier", "side": "UPF", "hull": 1},
        {"name": "Fighter", "class": "fighter", "side": "UPF", "carried_by": "Carrier"},
        {"name": "Raider", "class": "destroyer", "side": "Sathar"},
    )
    done = hit_in_battle(battle, KH, RNG, "Carrier", "laser battery", "1d10", Rolled(damage="10", hull="5"))
    assert done.battle.ship("Fighter").destroyed and "a reading" in done.entries[-1].text


def test_no_sequence_of_steps_drives_a_figure_below_zero_or_revives_a_ship() -> None:
    """Seeded random battles (The Stand): shots with ICMs, fires, turns; every figure stays in range."""
    from tests.helpers.kh import scenario

    destroyed = 0
    for seed in range(15):
        rng = random.Random(seed)
        battle = scenario("the-stand")
        dead: set[str] = set()
        for _ in range(300):
            try:
                if rng.random() < 0.15:
                    battle = fire_damage(battle, KH, rng).battle if not battle.fires_rolled else advance(battle)
                    continue
                firer = rng.choice([s for s in battle.ships if not s.docked_at and not s.carried_by])
                target = rng.choice([s for s in battle.ships if s.side != firer.side and not s.carried_by])
                weapon = rng.choice([s.code for s in firer.weapons] or ["LB"])
                icms = ((target.name, rng.randint(1, 3)),) if rng.random() < 0.3 else ()
                battle = shoot(battle, KH, rng, firer.name, weapon, target.name, Report(range=rng.randint(0, 3), icms=icms)).battle
            except RefereeError:
                continue
            for ship in battle.ships:
                assert 0 <= ship.hull <= ship.hull_start and 0 <= ship.adf <= ship.adf_start and 0 <= ship.mr <= ship.mr_start
                assert 0 <= ship.dcr <= ship.dcr_start
                assert all(0 <= s.count <= s.start for s in (*ship.weapons, *ship.defenses))
                assert not (ship.name in dead and not ship.destroyed)
                if ship.destroyed:
                    dead.add(ship.name)
        destroyed += len(dead)
    assert destroyed > 15, "the random battles should destroy ships"


# -- issue 12, part 4: defects against the Tactical Operations Manual ---------------------------------


def test_ships_docked_at_a_destroyed_station_take_their_damage_and_are_no_longer_docked() -> None:
    # Space Stations: "If a station is destroyed while ships are docked at it, each docked ship takes
    # points of damage equal to one-half of the station's original hull points"; the station is gone
    # from the map ("immediately removed", Ship Damage), so nothing is docked at it any more.
    battle = fleet()
    battle = battle.with_ships([battle.ship("Station")._replace(hull=3), battle.ship("Z'Gata")._replace(docked_at="Station")])
    done = hit_in_battle(battle, KH, RNG, "Station", "laser battery", "1d10", Rolled(damage="10", hull="5"))
    zgata = done.battle.ship("Z'Gata")
    assert zgata.hull == 10 and zgata.docked_at == ""
    assert any("no longer docked" in e.text for e in done.entries)
    # undocked, it launches ICMs and is no longer refused as docked
    torpedo = shoot(done.battle, KH, RNG, "Venomous", "T", "Z'Gata", Report(range=1, icms=(("Z'Gata", 1),)), Rolled("99"))
    assert torpedo.battle.ship("Z'Gata").system("ICM").count == 3  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="is not docked"):
        dock(advance(done.battle), "Z'Gata", "")


def test_breaking_apart_is_refused_in_a_basic_battle() -> None:
    # Breaking apart is under Advanced Game: Damage, Hull Hits; in the Basic Game a ship is destroyed
    # "when all of the ship's hull points are gone" (Basic Game: Ship Damage).
    battle = fleet("basic")
    battle = battle.with_ships([battle.ship("Venomous")._replace(hull=5)])
    with pytest.raises(RefereeError, match="Advanced Game rule .*Basic Game: Ship Damage"):
        breakup(battle, RNG, "Venomous", 4, "1")


def test_a_fire_started_in_a_combat_phase_is_first_rolled_at_the_opponents_next_combat_step() -> None:
    # Electrical Fire: the player "must make another damage roll for this ship with a +20 modifier at
    # the start of his opponent's combat step every turn". A fire started by the Sathar's shots in the
    # Sathar combat step is not rolled in it, nor does it hold up the other shots: its first roll is at
    # the start of the Sathar's next combat step, turn 2 - also after a save and a load.
    battle = fire(fleet(), "Venomous", "LB", "Z'Gata", rolled=Rolled("10", "100"))  # 98-105: electrical fire
    assert "electrical-fire" in battle.ship("Z'Gata").damaged
    assert battle.log[-1].text == "the fire aboard the Z'Gata is first rolled at the start of Sathar's next combat step, turn 2: it started in this one (kh fires)"
    assert "Electrical Fire" in battle.log[-1].rule
    battle = battle_file.from_dict(battle_file.to_dict(battle), KH)
    battle = fire(battle, "Perdition", "LB", "Z'Gata", rolled=Rolled("99"))  # not held up by the new fire
    battle = advance(battle)  # UPF's half: the Z'Gata's opponent is not in its combat step
    battle = fire(battle, "Z'Gata", "LB", "Venomous", rolled=Rolled("99"))
    battle = advance(battle)  # turn 2, the Sathar's half: now the fire is rolled
    with pytest.raises(RefereeError, match="roll the fire damage of Z'Gata first"):
        fire(battle, "Venomous", "LB", "Z'Gata")
    done = fire_damage(battle, KH, RNG, {"Z'Gata": Rolled(damage="5", hull="3")})
    assert "the fire aboard the Z'Gata" in done.entries[0].text


def test_a_fire_started_by_defensive_fire_is_rolled_in_the_next_half_at_the_opponents_combat_step() -> None:
    # The UPF's defensive fire sets the moving Venomous on fire in the Sathar half; its opponent's
    # (the UPF's) combat step is the next half's, which starts with the fire roll.
    battle = fire(fleet(), "Z'Gata", "LB", "Venomous", rolled=Rolled("10", "100"))
    assert battle.log[-1].text == "the fire aboard the Venomous is first rolled at the start of UPF's combat step, the next half of turn 1 (kh fires)"
    assert not battle.new_fires
    battle = advance(battle)
    with pytest.raises(RefereeError, match="roll the fire damage of Venomous first"):
        fire(battle, "Z'Gata", "LB", "Venomous")


def test_a_ship_rolls_for_breaking_apart_only_in_its_own_movement_phase() -> None:
    # Found by the random battles: any ship could roll in any half. Hull Hits: "Whenever a severely
    # damaged ship accelerates, decelerates or turns" - it manoeuvres in its own movement phase.
    battle = fleet()  # Sathar moving
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(hull=10)])
    with pytest.raises(RefereeError, match="a ship rolls for breaking apart as it accelerates, decelerates or turns .* in its own movement phase; the Z'Gata is UPF and Sathar is moving"):
        breakup(battle, RNG, "Z'Gata", 2, "1")
    assert breakup(advance(battle), RNG, "Z'Gata", 2, "1").battle.ship("Z'Gata").destroyed


def test_no_hit_is_taken_in_the_repair_turn() -> None:
    # Found by the random battles: kh damage applied a hit in the repair turn. Repairs: the repair turn
    # "is not a separate measure of time"; no weapon fires in it, so no hit lands.
    battle = advance(fleet(turn=3, moving="UPF"))
    assert battle.step == "repair"
    with pytest.raises(RefereeError, match="this is the repair turn: no hits until the next game turn"):
        hit_in_battle(battle, KH, RNG, "Z'Gata", "electron beam battery", "1d10", Rolled(damage="30", hull="4"))
    done = hit_in_battle(advance(battle), KH, RNG, "Z'Gata", "electron beam battery", "1d10", Rolled(damage="30", hull="4"))
    assert done.entries[0].text.startswith("an electron beam battery hit on the Z'Gata")
