"""Stellar Inferno optional rules (12): each played only when named, each worked by hand."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import (
    boarding,
    bombardment,
    mines,
    movement,
    optional,
    ramming,
    sensors,
)
from referee.stellar_inferno import (
    ground_combat as gc,
)
from referee.stellar_inferno import (
    ships as sh,
)
from referee.stellar_inferno import (
    space_combat as sc,
)
from referee.stellar_inferno.mines import Minefield
from referee.stellar_inferno.optional import NONE
from referee.stellar_inferno.planets import Planet, Terrain
from referee.stellar_inferno.space_combat import Attacker, ShipCombat
from tests.helpers.si_counters import ALL, SI, f, ship, unit

RNG = random.Random(7)


def test_the_optional_rules_are_named_as_the_book_heads_them():
    assert optional.in_play(["Stealth Mines", "technology_advantage"]) == {"stealth-mines", "technology-advantage"}
    with pytest.raises(RefereeError, match="no optional rule 'warp drive'"):
        optional.in_play(["warp drive"])
    assert len(optional.OPTIONAL) == 15  # the 14 sections of [12], and the printed reading of 11.1.4 a scenario may choose
    assert optional.title("printed-maneuver-bonus") == "11.1.4 Maneuver bonus as printed, +1 to the die"


# ---------------------------------------------------------------- 12.1 asteroids, 12.2 grazing orbit, 12.4 engines


def test_asteroids_a_d6_an_asteroid_hex_less_than_the_hexes_moved_is_a_step():
    hazard = movement.asteroids(2, 3, RNG, [2, 5], rules=ALL)
    assert hazard.steps == 1 and "2 < 3 hexes moved: a step loss" in hazard.lines[0]
    with pytest.raises(RefereeError, match="asteroid hexes entered are 0 to the hexes moved"):
        movement.asteroids(4, 3, RNG, rules=ALL)


def test_an_attack_into_asteroids_doubles_the_range():
    target = ship("T", f(1, 4, 1, 1), side="K", hex="I7")
    result = sc.attack(SI, ShipCombat("Terran"), [Attacker(ship("A", f(8, 4, 2, 3), hex="J8"), 2)], [target], RNG, 3, asteroids=True, rules=ALL)
    assert result.attackers[0].effective_range == 4 and result.attackers[0].factor == 4


def test_a_grazing_orbit_of_a_plus_2_star_gives_two_more_maneuver_and_risks_radiation():
    extra, hazard = movement.grazing_orbit(2, RNG, 2, rules=ALL)
    assert extra == 2 and hazard.steps == 1  # 2 <= 2
    assert movement.grazing_orbit(2, RNG, 3, rules=ALL)[1].steps == 0


def test_overloaded_engines_add_one_and_fail_on_2_or_less():
    frigate = ship("Inchon", f(3, 4, 3, 2))
    assert movement.maneuver_allowance(frigate, overloading=True, rules=ALL).hexes == 4
    wrecked, hazard = movement.overload_engines(frigate, RNG, 2, rules=ALL)
    assert wrecked.engines_wrecked and "engines are damaged" in hazard.lines[0]
    assert movement.maneuver_allowance(wrecked).hexes == 0
    held, _ = movement.overload_engines(frigate, RNG, 3, rules=ALL)
    assert not held.engines_wrecked


def test_maneuver_allowance_and_fleet_velocity():
    frigate = ship("Inchon", f(3, 4, 3, 2))
    assert movement.maneuver_allowance(frigate).hexes == 3
    assert movement.maneuver_allowance(frigate, handling_cargo=True) == (0, ("it loads or unloads cargo this turn (Stellar Inferno 6.5.2-6.5.3)",))
    assert movement.change_velocity(2, 1) == 1
    with pytest.raises(RefereeError, match="adjusted by one"):
        movement.change_velocity(2, 0)
    assert movement.fleet_move(2, in_orbit=True)[0] == 0 and movement.fleet_move(-1, in_orbit=False)[0] == -1


# ---------------------------------------------------------------- 12.3 stealth mines


def test_mines_strike_on_a_1_fastest_ship_first_each_strike_spending_its_point():
    ships = [ship("Slow", f(2, 4, 2, 2), f(1, 2, 2, 2)), ship("Fast", f(2, 4, 5, 2)), ship("Mid", f(2, 4, 3, 2))]
    field = Minefield("Khaldarii", "K8", 4)
    done = mines.attack(field, ships, RNG, [1, 3, 1, 1], rules=ALL)
    assert done.struck == ("Fast", "Mid", "Slow") and done.points_left == 1


def test_mines_pass_over_a_ship_already_destroyed_and_keep_a_point_with_no_ship_left():
    ships = [ship("Slow", f(2, 4, 2, 2), f(1, 2, 2, 2)), ship("Fast", f(2, 4, 5, 2))]
    done = mines.attack(Minefield("K", "K8", 4), ships, RNG, [1, 1, 1, 1], rules=ALL)
    assert done.struck == ("Fast", "Slow", "Slow") and done.points_left == 1


def test_mines_are_laid_from_cargo_and_unescorted_defend_at_1():
    layer = sh.load(ship("Layer", f(2, 4, 2, 2, cargo=6), side="K"), mines=5)
    after, field = mines.lay(layer, 3, rules=ALL)
    assert field == Minefield("K", "K8", 3) and after.cargo.mines == 2
    result = sc.attack(SI, ShipCombat("Terran"), [Attacker(ship("A", f(2, 4, 2, 2)), 0)], [], RNG, 1, mines=3, mines_hex="K8", rules=ALL)
    assert result.defense.total == 1 and result.reading.odds == "2:1"


# ---------------------------------------------------------------- 12.5 overloading weapons, 12.7 psi


def test_overloaded_weapons_attack_at_double_and_the_ship_takes_a_step():
    target = ship("T", f(1, 4, 1, 1), side="K")
    result = sc.attack(SI, ShipCombat("Terran"), [Attacker(ship("A", f(4, 4, 2, 3)), 0, overload=True)], [target], RNG, 3, rules=ALL)
    assert result.attack == 8 and result.overloaded == ("A",)
    assert any("takes a step for overloading its weapons (Stellar Inferno 12.5.3)" in line for line in result.lines())
    with pytest.raises(RefereeError, match="12.5 Overloading Weapons, not in play"):
        sc.attack(SI, ShipCombat("Terran"), [Attacker(ship("A", f(4, 4, 2, 3)), 0, overload=True)], [target], RNG, 3)


def test_a_psi_agent_adds_his_rating_never_more_than_doubling():
    with pytest.raises(RefereeError, match="12.7 Psi Specialists, not in play"):
        sh.new_ship("Seer", "T", "CA", [f(4, 4, 2, 3)], psi=2)
    seer = sh.new_ship("Seer", "T", "CA", [f(4, 3, 2, 3)], rules=ALL, psi=5)
    assert sh.attack_rating(seer).value == 8 and sh.defense_rating(seer).value == 6


# ---------------------------------------------------------------- 12.6 sensors


def test_a_sensor_sweep_reveals_as_many_ships_as_the_step_losses():
    stack = [ship(n, f(2, d, 2, 2), side="K", hex="K6") for n, d in (("A", 1), ("B", 2), ("C", 3), ("D", 5))]
    sweepers = [Attacker(ship("S1", f(2, 4, 2, 6), hex="K8"), 2), Attacker(ship("S2", f(2, 4, 2, 6), hex="K8"), 2)]
    done = sensors.sweep(SI, "Terran", sweepers, stack, RNG, 1, rules=ALL)
    assert (done.attack, done.defense.total, done.reading.odds, done.revealed) == (12, 6, "2:1", 2)  # Table 4, 2:1, die 1: 2
    with pytest.raises(RefereeError, match="within the sweeping ship's range factor"):
        sensors.sweep(SI, "Terran", [Attacker(ship("S3", f(2, 4, 2, 1), hex="K9"), 3)], stack, RNG, 1, rules=ALL)


# ---------------------------------------------------------------- 12.8 ramming


def test_ramming_uses_the_rammers_defense_on_table_4_and_the_survivor_rams_back():
    rammer, target = ship("Rammer", f(2, 6, 4, 2)), ship("Target", f(5, 3, 2, 3), side="K")
    done = ramming.ram(SI, rammer, target, RNG, 2, rules=ALL)
    assert (done.attack.value, done.defense.value, done.reading.odds, done.steps) == (6, 3, "2:1", 2)
    back = ramming.ram(SI, target, rammer, RNG, 1, back=True, rules=ALL)
    assert (back.reading.odds, back.steps) == ("1:2", 1)
    with pytest.raises(RefereeError, match="needs a higher maneuver rating"):
        ramming.ram(SI, target, rammer, RNG, 1, rules=ALL)


# ---------------------------------------------------------------- 12.10-12.11 bombardment


def test_strategic_bombardment_against_10_range_doubled_by_the_atmosphere():
    mars = Planet("Mars", 0, defender=Terrain(3, 28))
    near, far = ship("Near", f(10, 4, 2, 3), side="K", hex="J8"), ship("Far", f(8, 4, 2, 3), side="K", hex="J7")
    done = bombardment.bombard(SI, ShipCombat("K"), [Attacker(near, 0), Attacker(far, 2)], mars, "J8", RNG, 1, rules=ALL)
    assert [a.factor for a in done.attackers] == [10, 4]  # 2 hexes read as 4: halved once
    assert (done.attack, done.reading.odds, done.reading.table, done.steps) == (14, "1:1", "si.open-order", 1)
    assert done.phase.fired == ("Near", "Far") and done.phase.hexes == ()


def test_bombardment_steps_make_industrial_settled_and_destroy_settled():
    after, said = bombardment.terrain_losses(Terrain(3, 8), 3, on_industrial=2)
    assert after == Terrain(1, 9) and "2 industrial made settled, 1 settled destroyed" in said
    assert bombardment.terrain_losses(Terrain(1, 0), 2, on_industrial=1)[0] == Terrain(0, 0)


def test_no_bombardment_loss_falls_on_nothing_while_terrain_remains():
    """50 losses on Mars's 3 industrial points: each takes two (made settled, then destroyed); the
    44 left over are lost. Putting only one on industrial would waste 48 with 2 industrial left."""
    after, said = bombardment.terrain_losses(Terrain(3, 0), 50, on_industrial=3)
    assert after == Terrain(0, 0) and "44 with nothing left to hit" in said
    with pytest.raises(RefereeError, match="48 would fall on nothing while 2 industrial points remain"):
        bombardment.terrain_losses(Terrain(3, 0), 50, on_industrial=1)
    assert bombardment.terrain_losses(Terrain(3, 8), 3, on_industrial=0)[0] == Terrain(3, 5)


def test_bombardment_packs_are_deployed_from_orbit_as_ground_units():
    carrier = sh.load(ship("Packer", f(2, 4, 2, 2, cargo=5, gear=1)), packs=4)
    after, pack = bombardment.deploy_packs(carrier, "Pack 1", 3, in_orbit=True, rules=ALL)
    assert after.cargo.packs == 1 and (pack.factors.attack, pack.factors.defense, pack.pack) == (3, 3, True)
    with pytest.raises(RefereeError, match="only from a ship in orbit above the planet"):
        bombardment.deploy_packs(carrier, "Pack 1", 3, in_orbit=False, rules=ALL)


# ---------------------------------------------------------------- 12.13 boarding, 12.14 SDUs


def test_boarding_rates_ships_as_ground_units_and_captures_at_the_remaining_steps():
    boarder = sh.load(ship("Boarder", f(5, 4, 4, 2, cargo=2)), units=[unit("Marines", 3, 3, 2)])
    target = ship("Prize", f(3, 3, 2, 2), f(1, 1, 2, 2), side="K")
    boarding.check(boarder, target, ALL)
    attackers, defenders = boarding.fighters(boarder, target=False), boarding.fighters(target, target=True)
    assert [(x.name, x.attack, x.defense, x.maneuver) for x in attackers] == [("Boarder", 5, 4, 4), ("Marines", 3, 3, 2)]
    assert not defenders[0].may_withdraw
    fight = gc.attack(SI, attackers, defenders, RNG, 3, rules=ALL)
    assert (fight.attack, fight.defense, fight.reading.odds) == (8, 3, "2:1")
    assert "Prize (ship rated as a ground unit (Stellar Inferno 12.13.5-12.13.7); the target cannot withdraw)" in fight.no_withdrawal
    prize = boarding.ship_losses(target, 2, "Terran")
    assert prize.captured and prize.ship.side == "Terran" and prize.ship.lost == 1 and prize.ship.captured
    with pytest.raises(RefereeError, match="captured ships are unable to attack"):
        sc.attack(SI, ShipCombat("Terran"), [Attacker(prize.ship, 0)], [ship("K1", f(1, 2, 1, 1), side="K")], RNG, 3)
    assert not boarding.ship_losses(target, 1, "Terran").captured
    with pytest.raises(RefereeError, match="needs a higher maneuver rating"):
        boarding.check(target, boarder, ALL)


def test_a_space_defense_unit_defends_on_the_ground_with_its_full_defense_and_stays():
    sdu = gc.ship_fighter(ship("SDU 1", f(0, 6, 0, 0, gear=1), sdu=True))
    assert (sdu.attack, sdu.defense, sdu.may_withdraw) == (1, 6, False)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: movement.asteroids(1, 2, RNG, rules=NONE), "12.1 Asteroids"),
        (lambda: movement.grazing_orbit(1, RNG, rules=NONE), "12.2 Grazing Orbit Maneuver"),
        (lambda: mines.attack(Minefield("K", "K8", 1), [], RNG, rules=NONE), "12.3 Stealth Mines"),
        (lambda: movement.overload_engines(ship("A"), RNG, rules=NONE), "12.4 Overloading Engines"),
        (lambda: sensors.sweep(SI, "Terran", [], [ship("K", side="K")], RNG, rules=NONE), "12.6 Sensors"),
        (lambda: ramming.ram(SI, ship("A"), ship("B", side="K"), RNG, rules=NONE), "12.8 Ramming"),
        (lambda: bombardment.bombard(SI, ShipCombat("T"), [], Planet("P", 1), "K8", RNG, rules=NONE), "12.10 Strategic Bombardment"),
        (lambda: bombardment.deploy_packs(ship("A"), "P", 1, True, rules=NONE), "12.11 Tactical Bombardment"),
        (lambda: boarding.check(ship("A"), ship("B", side="K"), NONE), "12.13 Boarding Attack"),
    ],
)
def test_each_optional_rule_is_refused_when_not_played(call, name):
    with pytest.raises(RefereeError, match=f"is the optional rule {name}, not in play"):
        call()
