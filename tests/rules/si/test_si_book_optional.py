"""Stellar Inferno's optional rules [12] as the independent reader worked them from the book
(docs/readings/stellar-inferno-cases.md, I090-I111 and I121-I133). Each test names its case and
quotes the book's sentence; the outcome asserted is the reader's, or the program's reading where
the case names one (recorded in docs/stellar-inferno.md § Readings)."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import boarding, bombardment, maneuver_phase, mines, mines_phase, movement, odds, optional, optional_phase, ramming, sensors, setup, turn
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno.mines import Minefield
from referee.stellar_inferno.planets import Planet, Terrain
from referee.stellar_inferno.space_combat import Attacker, ShipCombat
from tests.helpers.si import at, bundled, phoenix
from tests.helpers.si_counters import ALL, SI, f, ship, unit

RNG = random.Random(3)


def one_attack(attackers: list[Attacker], target: list[sh.Ship], die: int, technology: int = 0, **kw: object) -> sc.ShipAttack:
    return sc.attack(SI, ShipCombat(attackers[0].ship.side), attackers, target, RNG, die, technology, rules=ALL, **kw)  # type: ignore[arg-type]


# -- [12] the players' agreement --------------------------------------------------------------------


def test_i090_an_optional_rule_is_played_only_as_agreed_at_the_start():
    """I090 [12]: "Any of the following optional rule sections can be added to a scenario with the
    agreement of both players at the start of the game." The rules in force are chosen when the
    scenario begins (si new --rule) and kept in its file; a rule not chosen is refused in play, on
    turn 6 as on turn 1. Scenarios 2 and 3 place asteroids and state an advantage: 12.1 and 12.12
    are theirs (A12); scenario 1 plays neither."""
    s = setup.start(bundled("phoenix-command")).state
    assert s.rules == optional.NONE
    with pytest.raises(RefereeError, match="is the optional rule 12.5 Overloading Weapons, not in play in this game"):
        sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(ship("Leyf", f(4, 4, 2, 2), side="Khaldarii"), 0, overload=True)], [ship("Dublin")], RNG, 3, rules=s.rules)
    assert {"asteroids", "technology-advantage"} <= bundled("invasion-of-portborough").rules and {"asteroids", "technology-advantage"} <= bundled("raid-on-terra").rules


# -- 12.1 asteroids, 12.2 grazing orbit ---------------------------------------------------------------


@pytest.mark.parametrize(("die", "steps"), [(2, 1), (3, 0)])
def test_i091_an_asteroid_hex_a_d6_a_step_when_under_the_hexes_moved(die, steps):
    """I091 [12.1.2]: "For each asteroid hex entered, roll a six-sided dice. If the roll is less than
    the total hexes moved, the ship suffers a damage step loss." 3 hexes, 1 of them asteroids: a 2
    is a step, a 3 is not."""
    assert movement.asteroids(1, 3, RNG, [die], rules=ALL).steps == steps


def test_i092_slow_moves_through_asteroids_are_safe():
    """I092 [12.1.2]: (a) 1 hex into asteroids, a 1: not less than 1, no damage; (b) 5 hexes through 2
    asteroid hexes, 4 and 5: one step."""
    assert movement.asteroids(1, 1, RNG, [1], rules=ALL).steps == 0
    assert movement.asteroids(2, 5, RNG, [4, 5], rules=ALL).steps == 1


def test_i093_fleet_movement_never_rolls_for_asteroids():
    """I093 [12.1.3]: "Ships never suffer asteroid damage from fleet movement." The asteroid dice are
    a maneuver's only (si maneuver --asteroid-hexes); fleet movement rolls nothing."""
    hexes, said = movement.fleet_move(1, in_orbit=False)
    assert hexes == 1 and "asteroid" not in said


def test_i094_an_attack_into_an_asteroid_hex_has_its_range_doubled():
    """I094 [12.1.4]: "ships attacking into hexes that contain asteroid markers have their effective
    range doubled." Santa Cruz (A 8, R 2) from an adjacent hex: range 2, one multiple, 4; from inside
    the hex, 0 doubled is 0: 8."""
    target = [ship("Drone", f(1, 4, 1, 1), side="Bhalaeth", hex="3/I7")]
    adjacent = one_attack([Attacker(ship("Santa Cruz", f(8, 4, 2, 2), hex="3/J7"), 1)], target, 3, asteroids=True)
    inside = one_attack([Attacker(ship("Santa Cruz", f(8, 4, 2, 2), hex="3/I7"), 0)], target, 3, asteroids=True)
    assert (adjacent.attackers[0].effective_range, adjacent.attack, inside.attack) == (2, 4, 8)


def test_i095_i096_ships_in_a_ringed_planets_atmosphere_ignore_the_rings():
    """I095, I096 [12.1.5]: "Planets with a ring system are considered to be an asteroid hex for game
    purposes. Ships within the planetary atmosphere of a world ignore the effects of the rings." A 8,
    R 1 from the next hex into the atmosphere: doubled once, for the atmosphere: 2, two multiples, 2.
    Into orbit of the ringed planet: the rings double it: 2."""
    attacker = Attacker(ship("Raider", f(8, 4, 2, 1), hex="K7"), 1)
    low = one_attack([attacker], [ship("Low", f(1, 4, 1, 1), side="K", hex="K8", atmosphere=True)], 3, rings=True)
    high = one_attack([attacker], [ship("High", f(1, 4, 1, 1), side="K", hex="K8")], 3, rings=True)
    assert (low.attackers[0].effective_range, low.attack) == (2, 2) and (high.attackers[0].effective_range, high.attack) == (2, 2)
    assert movement.asteroids(1, 3, RNG, [1], rules=ALL).steps == 1  # a ringed planet's hex crossed counts as an asteroid hex


def test_i097_a_grazing_orbit_gains_the_stars_rating_and_risks_radiation_at_or_under_it():
    """I097 [12.2.3]: "if a ship enters a hex containing a +2 star, it can immediately perform an
    additional two maneuver movements"; "If a six-sided dice roll is at or below the star rating, the
    ship suffers a damage step-loss result." (a) +2: 2 hexes more, a 2 hurts; (b) +1: a 1 hurts, a 2
    does not."""
    assert movement.grazing_orbit(2, RNG, 2, rules=ALL)[0] == 2 and movement.grazing_orbit(2, RNG, 2, rules=ALL)[1].steps == 1
    assert movement.grazing_orbit(1, RNG, 1, rules=ALL)[1].steps == 1 and movement.grazing_orbit(1, RNG, 2, rules=ALL)[1].steps == 0


def test_i098_the_gravity_maneuver_is_taken_with_the_maneuver_that_enters_the_star():
    """I098 [12.2.2]: "This gravity maneuver must be executed immediately upon entering the star marker
    hex." The extra hexes come with the maneuver that enters the star's hex (si maneuver --star); a
    later use is a second maneuver, refused (a ship maneuvers once a turn)."""
    s = at(phoenix(), "maneuver")
    s = maneuver_phase.maneuver(s, "Leyf", 4, RNG, [6], to="6/K8", core=0, star="Alpha Phoenicis").state  # M 3 + 1
    with pytest.raises(RefereeError, match="has maneuvered this turn already"):
        maneuver_phase.maneuver(s, "Leyf", 1, RNG, [6], star="Alpha Phoenicis")


# -- 12.3 stealth mines ------------------------------------------------------------------------------


def test_i099_mines_are_put_aboard_before_the_start_and_laid_only_in_landing_actions():
    """I099 [12.3.1][12.3.2]: "The owning player must determine which ships contain the mines prior to
    the start of a scenario." "Mines can only be deployed during the Landing Action phase. The mines
    are initially placed in the same hex as the ship." (a) Leyf, given 3 points at the start, lays
    them in 6/J7 in phase 5; (b) Phalth, given none, cannot; (c) nor can Leyf in phase 3."""
    s = optional_phase.stow(phoenix(), "Leyf", mines=3).state
    with pytest.raises(RefereeError, match="laying stealth mines is done in the Landing Actions phase"):
        mines_phase.lay(at(s, "maneuver"), "Leyf", 3)
    with pytest.raises(RefereeError, match="Phalth carries 0 mine points"):
        mines_phase.lay(at(s, "landing"), "Phalth", 1)
    laid = mines_phase.lay(at(s, "landing"), "Leyf", 3).state
    assert laid.minefields == (Minefield("Khaldarii", "6/J7", 3),)
    with pytest.raises(RefereeError, match="determined prior to the start of the scenario"):
        optional_phase.stow(at(phoenix(), "maneuver"), "Phalth", mines=1)


def test_i100_mines_strike_on_a_1_in_decreasing_maneuver_and_each_strike_spends_its_point():
    """I100 [12.3.5][12.3.6]: "For each point of Mine, roll a six-sided dice. On a roll of 1, a Mine
    has struck a ship, causing a single step loss." "the ships are attacked in order of decreasing
    maneuver rating. After striking a ship, that Mine point is eliminated." 3 points through Wilson
    (M 4, 1 step) and Tigris (M 2, 2 steps), dice 1, 5, 1: Wilson, then Tigris; 1 point left."""
    wilson, tigris = ship("Wilson", f(3, 3, 4, 2)), ship("Tigris", f(4, 5, 2, 3), f(2, 2, 2, 3))
    done = mines.attack(Minefield("Khaldarii", "K8", 3), [tigris, wilson], RNG, [1, 5, 1], rules=ALL)
    assert (done.struck, done.points_left) == (("Wilson", "Tigris"), 1)


def test_i101_a_ship_moving_onto_mines_sets_off_nothing():
    """I101 [12.3.4]: "Whenever, as a result of fleet movement, a mine enters or passes through a hex
    containing an opponent's ship, an attack is made." The mines attack in their own side's fleet
    movement: in the Khaldarii's, the Terran mines make no attack."""
    s = at(phoenix(), "fleet-movement")
    s = s.with_minefield("Terran", "6/J8", 2)
    with pytest.raises(RefereeError, match=r"the invader \(Khaldarii\) has no mines in 6/J8"):
        mines_phase.strike(s, "6/J8", "6/J7", RNG, [1, 1])


def test_12_3_3_mines_make_one_fleet_movement_a_turn_attacking_as_they_move():
    """12.3.3: "The maneuver rating of a mine is always zero. However, they can perform fleet movement
    each turn." 12.3.4: the attack is made "as a result of fleet movement". A minefield moved this
    turn neither moves again nor attacks; next turn it does (before, it moved as often as asked)."""
    s = optional_phase.stow(phoenix(), "Leyf", mines=3).state
    s = at(mines_phase.lay(at(s, "landing"), "Leyf", 3).state, "fleet-movement")
    s = mines_phase.strike(s, "6/J7", "6/J9", RNG, [6, 6, 6]).state
    s = mines_phase.move(s, "6/J7", "6/J8").state
    with pytest.raises(RefereeError, match="have made this turn's fleet movement: mines perform fleet movement once each turn"):
        mines_phase.move(s, "6/J8", "6/J9")
    with pytest.raises(RefereeError, match="have made this turn's fleet movement"):
        mines_phase.strike(s, "6/J8", "6/J9", RNG, [1])
    s = at(turn.next_phase(at(s, "victory", "defender")).state, "fleet-movement")
    assert mines_phase.move(s, "6/J8", "6/J9").state.minefields == (Minefield("Khaldarii", "6/J9", 3, s.turn),)


def test_i102_escorted_mines_take_the_losses_left_over_and_alone_defend_at_1():
    """I102 [12.3.7]-[12.3.9]: "If all the escorting ships within a hex are destroyed, any remaining
    damage points are used to eliminate allied mines at the rate of one mine point per step loss."
    "Unescorted mines have a defense rating of one". (a) 3 steps on a 1-step escort with 4 mine
    points: 2 points eliminated, 2 left; (b) A 3 closed against 4 lone points: 3:1, a 5 reads 1."""
    taken = sc.assign_steps([ship("Escort", f(2, 2, 2, 2), side="K")], 3, ["Escort"], mines=4)
    assert (taken.destroyed, taken.mines_lost) == (("Escort",), 2)
    alone = one_attack([Attacker(ship("Hunter", f(3, 4, 2, 2)), 0)], [], 5, mines=4, mines_hex="K8")
    assert (alone.defense.total, alone.reading.odds, alone.steps) == (1, "3:1", 1)


# -- 12.4 engines, 12.5 weapons ------------------------------------------------------------------------


def test_i103_overloaded_engines_a_hex_more_and_on_2_or_less_no_more_maneuver():
    """I103 [12.4.1][12.4.2]: "temporarily increase their maneuver rating by one point"; "One a roll of 2
    or less ... the ship is no longer able to perform maneuver movement for the duration of the
    battle." Leyf (M 3 here) overloads: 4 hexes; a 3 holds; a 2 wrecks the engines, no maneuver after.
    The program's reading (A14): the overloaded move is made, then the roll, so a 2 ends maneuvering
    from then on, not the move just made."""
    s = at(phoenix(), "maneuver")
    done = maneuver_phase.maneuver(s, "Leyf", 4, RNG, [2], overload=True)
    assert done.state.ship("Leyf").engines_wrecked and "engines are damaged" in "\n".join(e.text for e in done.entries)
    assert not maneuver_phase.maneuver(s, "Leyf", 4, RNG, [3], overload=True).state.ship("Leyf").engines_wrecked
    assert movement.maneuver_allowance(done.state.ship("Leyf"), rules=ALL).hexes == 0


def test_i104_overloaded_weapons_double_before_the_range_and_cost_a_step():
    """I104 [12.5.2][12.5.3]: "Ships that overload their weapons can attack at double their normal
    attack rating." "Upon doing so, however, the ship automatically suffers a step of damage." A 5,
    R 2 at range 2: 10 halved once, 5; against D 3, 3:2, a 2 reads 1 (Table 4); the CA takes a step.
    With a 1: 2 (doubling after halving would read 1:1 and 1, A15)."""
    ca = ship("Leyf", f(5, 4, 2, 2), f(2, 2, 2, 2), side="Khaldarii")
    dd = [ship("DD", f(3, 3, 3, 2), hex="K6")]
    done = one_attack([Attacker(ca, 2, overload=True)], dd, 2)
    assert (done.attack, done.reading.odds, done.steps, done.overloaded) == (5, "3:2", 1, ("Leyf",))
    assert one_attack([Attacker(ca, 2, overload=True)], dd, 1).steps == 2


# -- 12.6 sensors, 12.7 psi, 12.8 ramming --------------------------------------------------------------


def test_i105_a_sensor_sweep_reveals_as_many_ships_as_its_step_losses():
    """I105 [12.6.4][12.6.5]: "use the ship's range rating to determine a sensor attack factor, then
    perform an attack against an opponent's stack in the standard manner." Two R 4 sweepers in one
    hex, range 1, against a core stack D 2, 3, 5, 9: 8 against 10, 1:2 closed, a 1 reads 1: one ship."""
    stack = [ship(n, f(2, d, 2, 2), side="K", hex="K6") for n, d in (("A", 2), ("B", 3), ("C", 5), ("D", 9))]
    sweepers = [Attacker(ship(n, f(2, 4, 2, 4), hex="K7"), 1) for n in ("S1", "S2")]
    done = sensors.sweep(SI, "Terran", sweepers, stack, RNG, 1, rules=ALL)
    assert (done.attack, done.defense.total, done.reading.odds, done.reading.table, done.revealed) == (8, 10, "1:2", odds.CLOSED_ORDER, 1)


def test_i106_a_sweep_out_of_range_after_a_maneuver_or_in_ship_combat_is_refused():
    """I106 [12.6.3][12.6.6]: "the target hex must be within the range factor, and the ship can not
    perform a maneuver movement this round"; "Any ships performing a sensor sweep are immediately
    revealed." (a) R 2 at 3 hexes, (b) after a maneuver, (c) in Ship Combat: refused."""
    with pytest.raises(RefereeError, match="within the sweeping ship's range factor"):
        sensors.sweep(SI, "Terran", [Attacker(ship("S", f(2, 4, 2, 2)), 3)], [ship("K", side="K", hex="K5")], RNG, 1, rules=ALL)
    s = at(phoenix(), "maneuver")
    moved = maneuver_phase.maneuver(s, "Leyf", 1, RNG).state
    with pytest.raises(RefereeError, match="Leyf"):
        maneuver_phase.sweep(moved, SI, [("Leyf", 2)], "6/J9", RNG, 1)
    with pytest.raises(RefereeError, match="a sensor sweep is done in the Individual Ship Maneuver phase"):
        maneuver_phase.sweep(at(s, "ship-combat"), SI, [("Leyf", 2)], "6/J9", RNG, 1)
    swept = maneuver_phase.sweep(s, SI, [("Leyf", 2)], "6/J9", RNG, 1)
    assert "revealed" in swept.entries[-1].text


def test_i107_psi_adds_to_attack_and_defense_never_more_than_doubling():
    """I107 [12.7.2][12.7.3]: "A psi agent adds his psi rating to the attack and the defense rating"; "The
    psi factor can never more than double a ships' rating." A 3, D 2, psi 3: attack 6, defense 4."""
    seer = sh.new_ship("Seer", "T", "CA", [f(3, 2, 2, 2)], rules=ALL, psi=3)
    assert (sh.attack_rating(seer).value, sh.defense_rating(seer).value) == (6, 4)


def test_i108_only_the_highest_agent_counts_and_never_against_mines():
    """I108 [12.7.4][12.7.5]: "only the highest rating is used"; "Psi specialists have no effect
    against mines, asteroids, or other inorganic hazards." Agents 1 and 2 aboard A 6, D 5: A 8, D 7;
    a mine strike is the mine's d6 alone."""
    s = optional_phase.assign_agent(phoenix(), "Zor", "Phalth", 1).state
    s = optional_phase.assign_agent(s, "Vel", "Phalth", 2).state
    phalth = s.ship("Phalth")  # A8 D7
    assert phalth.psi == 2 and (sh.attack_rating(phalth).value, sh.defense_rating(phalth).value) == (10, 9)
    assert mines.attack(Minefield("Terran", "6/J7", 1), [phalth], RNG, [2], rules=ALL).struck == ()


def test_i109_a_psi_transfer_between_ships_that_only_fleet_moved_in_landing_actions():
    """I109 [12.7.6]: "In the landing actions phase, a psionic agent can transfer between any two ships
    that occupy the same hex, and have not performed any actions other than fleet movement during the
    current turn." Leyf maneuvered: from it, refused; in phase 3, refused; from Phalth to a ship that
    only fleet-moved, allowed."""
    s = optional_phase.assign_agent(phoenix(), "Zor", "Leyf", 2).state
    s = optional_phase.assign_agent(s, "Vel", "Phalth", 1).state
    s = setup.enter_ship(s, SI, "Bekhur", ["A3 D3 M2 R2"]).state
    s = setup.place(s, ["Bekhur"], "6/J7").state
    with pytest.raises(RefereeError, match="a psi agent's transfer is done in the Landing Actions phase"):
        optional_phase.transfer_agent(at(s, "maneuver"), "Zor", "Bekhur")
    moved = at(maneuver_phase.maneuver(at(s, "maneuver"), "Leyf", 1, RNG).state, "landing")
    with pytest.raises(RefereeError, match="Leyf .*maneuver.*no action other than fleet movement"):
        optional_phase.transfer_agent(moved, "Zor", "Bekhur")
    assert optional_phase.transfer_agent(moved, "Vel", "Bekhur").state.agent("Vel").ship == "Bekhur"


def test_a_psi_agent_comes_aboard_before_the_start_or_with_his_ship_then_only_transfers():
    """[12.7.6] "a psionic agent can transfer between any two ships ... In the landing actions phase";
    12.7 says no more of when an agent comes aboard, and [12.3.1] fixes the optional cargo "prior to
    the start of a scenario" (the program's reading, docs/stellar-inferno.md § Readings). At the
    set-up Zor boards Phalth; in turn 1's Ship Combat an agent aboard Leyf, in play, is refused (the
    referee's correction of the record is allowed, and logged as one); aboard Muhr Muhr, not yet
    on the map, he comes in with it."""
    s = optional_phase.assign_agent(phoenix(), "Zor", "Phalth", 2).state
    assert s.agent("Zor").ship == "Phalth"
    combat = at(s, "ship-combat")
    with pytest.raises(RefereeError, match=r"Leyf is in play and it is turn 1 of 16, Ship Combat .*changes ships only by transfer, in the Landing Actions phase \(Stellar Inferno 12.7.6"):
        optional_phase.assign_agent(combat, "Vel", "Leyf", 1)
    fixed = optional_phase.assign_agent(combat, "Vel", "Leyf", 1, correction=True)
    assert fixed.state.agent("Vel").ship == "Leyf" and "the referee corrects the record, not a transfer" in fixed.entries[0].text
    s = setup.enter_ship(combat, SI, "Muhr Muhr", ["A0 D4 M2 R0"]).state
    assert optional_phase.assign_agent(s, "Ix", "Muhr Muhr", 3).state.agent("Ix").ship == "Muhr Muhr"
    # a ship that left the map is out of the game (6.4.3): no agent comes aboard it, not even by correction
    left = s.replaced(s.ship("Leyf")._replace(hex="", left_map=1))
    for correction in (False, True):
        with pytest.raises(RefereeError, match=r"Leyf left the map on turn 1: it is removed from the game \(Stellar Inferno 6.4.3\)"):
            optional_phase.assign_agent(left, "Ro", "Leyf", 1, correction=correction)


def test_i110_a_ram_at_the_rammers_defense_and_the_survivor_rams_back():
    """I110 [12.8.3]-[12.8.6]: "perform a closed order ship-to-ship attack against the target, using
    the defense rating of the ramming ship as the attack factor." "If the defending ship survives, it
    now performs a ramming attack against its attacker." CO (M 4, D 6) rams a CA (M 2, D 4/2): 3:2, a
    2 reads 1, the CA reduced; it rams back at D 2 against 6: 1:3, a 1 reads 0. With a first 1: 2,
    the CA destroyed, no ram back."""
    co, ca = ship("Mindor", f(2, 6, 4, 2), side="K"), ship("Tigris", f(4, 4, 2, 3), f(2, 2, 2, 3))
    first = ramming.ram(SI, co, ca, RNG, 2, rules=ALL)
    assert (first.reading.odds, first.steps) == ("3:2", 1)
    back = ramming.ram(SI, sh.take_steps(ca, 1), co, RNG, 1, back=True, rules=ALL)
    assert (back.attack.value, back.reading.odds, back.steps) == (2, "1:3", 0)
    assert ramming.ram(SI, co, ca, RNG, 1, rules=ALL).steps == 2


def test_i111_a_ram_needs_a_higher_maneuver_rating():
    """I111 [12.8.2]: "a ship must have a higher maneuver rating than the target vessel, and must end
    its movement in the same hex." M 2 against M 2: refused; a ram by the player not phasing: refused."""
    with pytest.raises(RefereeError, match="needs a higher maneuver rating"):
        ramming.ram(SI, ship("A", f(2, 6, 2, 2)), ship("B", f(2, 4, 2, 2), side="K"), RNG, 1, rules=ALL)
    s = at(phoenix(), "maneuver")
    with pytest.raises(RefereeError, match="phasing"):
        maneuver_phase.ram(s, SI, "Dublin", "Phalth", RNG, 1, 1)


# -- 12.10 strategic, 12.11 tactical bombardment ----------------------------------------------------------


def test_i121_three_dreadnaughts_bombard_earth_from_orbit():
    """I121 [12.10.2]: "Each point of Industrial or Settled terrain has a defense rating of 10, and all
    attacks made against a planet with an atmosphere double the effective range." Three B (A 10,
    R 2) in Earth's hex: 30 against 10, 3:1 closed, a 2 reads 2; two steps on one Industrial point:
    Settled, then destroyed."""
    earth = Planet("Earth", 1, defender=Terrain(950, 8460))
    bs = [Attacker(ship(n, f(10, 8, 2, 2), side="K", hex="8/K6"), 0) for n in ("B1", "B2", "B3")]
    done = bombardment.bombard(SI, ShipCombat("K"), bs, earth, "8/K6", RNG, 2, rules=ALL)
    assert (done.attack, done.reading.odds, done.steps) == (30, "3:1", 2)
    assert bombardment.terrain_losses(Terrain(950, 8460), 2, on_industrial=1)[0] == Terrain(949, 8460)
    assert bombardment.terrain_losses(Terrain(950, 8460), 2, on_industrial=2)[0] == Terrain(948, 8462)


def test_i122_bombarding_mars_from_the_next_hex():
    """I122 [12.10.2]: one B (A 10, R 2) next to Mars (toxic: an atmosphere): range 2, one multiple, 5;
    5 against 10, 1:2, a 1 reads 1."""
    mars = Planet("Mars", 0, defender=Terrain(3, 28))
    done = bombardment.bombard(SI, ShipCombat("K"), [Attacker(ship("B", f(10, 8, 2, 2), side="K", hex="7/J7"), 1)], mars, "7/J8", RNG, 1, rules=ALL)
    assert (done.attackers[0].effective_range, done.attack, done.reading.odds, done.steps) == (2, 5, "1:2", 1)


def test_i123_packs_from_orbit_join_the_ground_attack():
    """I123 [12.11.2][12.11.3]: "The packs can be deployed during the Landing Action phase, but only
    from a ship in orbit above the planet." "each with an attack and defense strength of 1 per point
    of cargo." 3 points of packs with units of attack 5 against defense 4: 8 against 4, 2:1, a 3
    reads 1/0. From a ship not in orbit: refused. (Whether the ship was in orbit since the turn's
    start, 8.1.2, is the landing rules' "in orbit", the referee's placing.)"""
    jrg = sh.load(ship("Bigeon", f(0, 4, 2, 0, cargo=10, gear=1), side="K", hex="6/J9"), packs=3)
    after, pack = bombardment.deploy_packs(jrg, "Bigeon pack", 3, in_orbit=True, rules=ALL)
    fight = gc.attack(SI, [gc.unit_fighter(unit("7th", 5, 3, 2, side="K")), gc.unit_fighter(pack)], [gc.unit_fighter(unit("Militia", 2, 4, 2))], RNG, 3, rules=ALL)
    assert (after.cargo.packs, fight.attack, fight.reading.odds, fight.defender_losses, fight.attacker_losses) == (0, 8, "2:1", 1, 0)
    with pytest.raises(RefereeError, match="only from a ship in orbit above the planet"):
        bombardment.deploy_packs(jrg, "Bigeon pack", 3, in_orbit=False, rules=ALL)


def test_i124_packs_forbid_withdrawal_and_are_spent_with_the_turn():
    """I124 [12.11.4][12.11.5]: "The non-phasing player's ground units can not withdraw from a combat
    that includes bombardment packs." "Once the turn is completed, any deployed bombardment packs are
    considered expended and are removed from the game." """
    pack = gc.unit_fighter(bombardment.deploy_packs(sh.load(ship("P", f(0, 4, 2, 0, cargo=4, gear=1)), packs=2), "P pack", 2, True, ALL)[1])
    fight = gc.attack(SI, [pack], [gc.unit_fighter(unit("Militia", 2, 4, 2, side="K"))], RNG, 3, rules=ALL)
    assert any("Militia" in line for line in fight.no_withdrawal)
    s = optional_phase.stow(phoenix(), "Leyf", packs=2).state
    s = setup.place(s, ["Leyf"], "6/J9").state
    s = optional_phase.deploy_packs(at(s, "landing"), "Leyf", "Alpha Phoenicis II", 2).state
    s = turn.next_phase(at(s, "victory", "defender")).state
    assert all(t.unit.destroyed for t in s.troops if t.unit.pack)


# -- 12.12 technology ------------------------------------------------------------------------------


def test_i125_the_more_advanced_side_subtracts_its_advantage():
    """I125 [12.12.2]: "The technology advantage is subtracted from the attack dice whenever the more
    advanced side performs a ship or ground attack." 10 (range 2 of R 3) + 6 against 5, 3:1 open, a 1
    less 1 is 0: 3."""
    target = [ship(n, f(1, d, 1, 1), side="B", hex="K6") for n, d in (("A", 2), ("B", 3))]
    done = one_attack([Attacker(ship("Santa Cruz", f(10, 6, 2, 3), hex="K8"), 2), Attacker(ship("Fauchard", f(6, 4, 3, 2), hex="K7"), 1)], target, 1, technology=1)
    assert (done.attack, done.defense.total, done.reading.odds, done.reading.table, done.steps) == (16, 5, "3:1", odds.OPEN_ORDER, 3)


def test_i126_i127_i129_the_less_advanced_side_adds_it_and_the_extreme_columns():
    """I126 [12.12.3]: "The technology advantage is added to the dice roll whenever the less advanced
    side performs a ship or ground attack." 3:2 closed, 3 + 1 = 4: 0. I127: Eldar +2 attacking at 2:1,
    a 2 less 2 is 0: 3; attacked at 5:1, a 5 plus 2 is 7: 1. I129: no advantage in scenario 1: 1:1, a
    1 reads 1."""

    def cell(table: str, attack: int, defense: int, tech: int, die: int) -> object:
        return odds.read(SI, table, attack, defense, odds.technology(tech, ALL), RNG, die, "case", "12.12").cell

    assert cell(odds.CLOSED_ORDER, 3, 2, -1, 3) == 0  # the advantage is the attacker's: negative when the defender is the more advanced
    assert cell(odds.CLOSED_ORDER, 4, 2, 2, 2) == 3 and cell(odds.CLOSED_ORDER, 10, 2, -2, 5) == 1
    assert cell(odds.CLOSED_ORDER, 4, 4, 0, 1) == 1 and bundled("phoenix-command").technology == ()


def test_i127_the_eldar_advantage_is_the_eldar_ships_own():
    """I127, A21 [14.2] "Technology Advantage: Eldar +2": the Eldar ships attack with it; a Terran ship
    with none (the program's reading, recorded in docs/stellar-inferno.md § Scenario readings)."""
    s = setup.start(bundled("raid-on-terra")).state
    assert s.advantage(["Cross Winds"], ["Shalkrien"])[0] == 2 and s.advantage(["Langley"], ["Shalkrien"])[0] == 0


def test_i128_technology_and_manoeuvre_together_on_the_ground():
    """I128 [12.12.2][11.1.4]: the Terrans (M 3, 3) attack Bhalaeth (M 2, 1) at 3:1 with a 2: the
    advantage -1 and the program's 11.1.4 reading -1 (A1, the faster side does better): 0, 3/0."""
    terrans = [gc.unit_fighter(unit(n, 3, 2, 3)) for n in ("T1", "T2")]
    bhalaeth = [gc.unit_fighter(unit(n, 1, 1, m, side="B")) for n, m in (("B1", 2), ("B2", 1))]
    fight = gc.attack(SI, terrans, bhalaeth, RNG, 2, technology=1, rules=ALL)
    assert (fight.reading.odds, fight.defender_losses, fight.attacker_losses) == ("3:1", 3, 0)


# -- 12.13 boarding, 12.14 space defense units ------------------------------------------------------------


def test_i130_a_faster_boarder_captures_a_frigate():
    """I130 [12.13.5][12.13.9]: "Boarding combat is performed in the same manner as Ground Combat, using
    the attack, defense, and maneuver ratings of each ship"; "If either ship suffers ground combat step
    losses at least equal to its remaining steps, then it has been successfully captured." CO (A 4,
    D 5, M 3) against Inchon (A 2, D 3, M 1): 1:1, a 2 less 1 (the faster side, A1) reads 1/0:
    Inchon captured, the CO unhurt."""
    co, inchon = ship("Mindor", f(4, 5, 3, 2), f(2, 2, 3, 2), side="K"), ship("Inchon", f(2, 3, 1, 2))
    boarding.check(co, inchon, ALL)
    fight = gc.attack(SI, list(boarding.fighters(co, target=False)), list(boarding.fighters(inchon, target=True)), RNG, 2, rules=ALL)
    assert (fight.reading.odds, fight.defender_losses, fight.attacker_losses) == ("1:1", 1, 0)
    assert boarding.ship_losses(inchon, 1, "K").captured


def test_i131_a_boarding_needs_a_higher_maneuver_and_no_maneuver_that_turn():
    """I131 [12.13.2][12.13.3]: "a ship must occupy the same hex as the target vessel and have a higher
    maneuver rating"; "A ship attempting to board another is unable to perform Individual Ship
    Maneuver during the same turn." (a) A boarder that maneuvered is refused; (b) M 1 against M 1."""
    with pytest.raises(RefereeError, match="needs a higher maneuver rating"):
        boarding.check(ship("A", f(2, 2, 1, 1)), ship("B", f(2, 2, 1, 1), side="K"), ALL)
    from referee.stellar_inferno import boarding_phase

    s = at(phoenix(), "maneuver")
    s = maneuver_phase.maneuver(s, "Leyf", 2, RNG, to="6/J9").state
    with pytest.raises(RefereeError, match="Leyf"):
        boarding_phase.declare(s, "Leyf", "Tigris")


def test_i132_troops_aboard_join_and_a_captured_ship_never_attacks():
    """I132 [12.13.6][12.13.10]: "Ground units being transported aboard the two ships can also
    participate"; "Captured ships are unable to attack for the duration of the scenario. They are
    captured at their lowest step rating." The HF with the 7th (4-3-2) boards the OB (M 0, 2 steps):
    a 2/0 captures it, reduced; it cannot attack."""
    hf = sh.load(ship("Muhr Muhr", f(1, 4, 2, 0, cargo=10), side="K"), units=[unit("7th", 4, 3, 2, side="K")])
    ob = ship("C Port 83", f(2, 5, 0, 2), f(1, 2, 0, 2))
    assert [x.name for x in boarding.fighters(hf, target=False)] == ["Muhr Muhr", "7th"]
    prize = boarding.ship_losses(ob, 2, "K")
    assert prize.captured and prize.ship.lost == 1 and prize.ship.captured
    with pytest.raises(RefereeError, match="captured ships are unable to attack"):
        one_attack([Attacker(prize.ship, 0)], [ship("T", f(1, 1, 1, 1), side="T")], 3)


def test_i133_a_space_defense_unit_defends_on_the_ground_at_full_defense_and_never_lifts():
    """I133 [12.14.1]-[12.14.4]: "unable to leave the surface of a planet"; "An SDU can defend against a
    ground attack with its full defense rating." SDU D 6 and militia D 4 against 12: 10, 1:1, a 3
    reads 0/0. The program rates its attack at its planetary gear (a surface ship's, 11.1.3)."""
    sdu = ship("SDU 1", f(0, 6, 0, 0, gear=1), sdu=True)._replace(atmosphere=True)
    fight = gc.attack(SI, [gc.unit_fighter(unit("Raiders", 12, 4, 2, side="K"))], [gc.ship_fighter(sdu), gc.unit_fighter(unit("Militia", 2, 4, 2))], RNG, 3, rules=ALL)
    assert (fight.defense, fight.reading.odds, fight.defender_losses, fight.attacker_losses) == (10, "1:1", 0, 0)
    assert not gc.ship_fighter(sdu).may_withdraw


def test_12_14_1_a_space_defense_unit_is_placed_on_a_planet_and_only_there():
    """12.14.1: "A Space Defense Unit is a specialized ship that is unable to leave the surface of a
    planet." An SDU entered is placed in a planet's hex, on its surface (before, the first placement
    was refused as if it had to leave an atmosphere first); placed anywhere else, refused."""
    s = setup.start(bundled("phoenix-command"), ["space-defense-units"]).state
    s = setup.enter_ship(s, SI, "Bastion", ["A0 D6 M0 R0 P1"], code="PS", side="defender", sdu=True).state
    with pytest.raises(RefereeError, match=r"Bastion is a space defense unit, unable to leave the surface of a planet .*Alpha Phoenicis II in 6/J9\), not 6/K2"):
        setup.place(s, ["Bastion"], "6/K2", 1)
    placed = setup.place(s, ["Bastion"], "6/J9", 1).state.ship("Bastion")
    assert (placed.hex, placed.atmosphere) == ("6/J9", True)


def test_12_8_2_a_rammer_ends_its_movement_in_the_targets_hex():
    """12.8.2: "To perform a ram, a ship must have a higher maneuver rating than the target vessel, and
    must end its movement in the same hex." Having rammed, a ship maneuvers no more that turn (before,
    it could ram and then move away)."""
    fresh = setup.place(at(phoenix(), "maneuver"), ["Phalth"], "6/J9").state
    fresh = fresh.replaced(fresh.ship("Phalth")._replace(steps=tuple(step._replace(maneuver=4) for step in fresh.ship("Phalth").steps)))  # M 4 against Tigris's 2
    rammed = maneuver_phase.ram(fresh, SI, "Phalth", "Tigris", RNG, 6, 6).state
    with pytest.raises(RefereeError, match="Phalth has rammed this turn: a ram is made where the rammer ends its movement"):
        maneuver_phase.maneuver(rammed, "Phalth", 1, RNG)
