"""Damage Control (Starfleet Wars supplement) as the independent reader worked it from the book
(docs/readings/starfleet-wars-cases.md, S122-S142). Each test names its case and quotes the sentence;
the outcome asserted is the reader's, or the program's reading where it differs (recorded in the
docs/starfleet-wars.md § Readings). A team tries in step 10, after every special damage roll owed."""

from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars import fortress_phase, turn
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.power import Allocation
from referee.starfleet_wars.ships import factors
from tests.helpers.sfw_book import RNG, SFW, battle, damaged, refused


def repairs(fight: Engagement, name: str, *tries: tuple[str, int], effect: str = "") -> Engagement:
    """Each team's declared column and its roll, in step 10."""
    for column, roll in tries:
        fight = turn.damage_control(fight, SFW, name, column, RNG, roll, effect).state
    return fight


def with_effects(fight: Engagement, name: str, *effects: sd.Effect) -> Engagement:
    return fight.replaced(fight.ship(name)._replace(effects=effects))


def test_s122_step_9_rolls_before_step_10_repairs_then_no_more_rolls():
    """S122: "The Special Damage die roll takes place before the repair phase or as step 9" and "The
    repair phase is conducted as step 10". INVINCIBLE 50 lost (20.8%) rolls on turn 3, then repairs 6
    (44, 18.3%): no roll on turn 4."""
    fight = damaged(battle(("INVINCIBLE", "Terran", "INVINCIBLE")), "INVINCIBLE", 50)
    fight = turn.special_damage(fight, SFW, "INVINCIBLE", RNG, 10).state
    fight = repairs(fight, "INVINCIBLE", ("power_units", 81), ("power_units", 95))
    assert fight.ship("INVINCIBLE").lost == 44
    assert turn.owes_special(turn.next_turn(fight).state.ship("INVINCIBLE")) == ""


def test_s123_teams_by_type():
    """S123: "There are no differences between the Five Powers starships (i.e. All GD's have 3 DCT)":
    a Terran and an Aquarian GD 3, an SD 1, a STING 0, a fortress of 3 LSS 3."""
    fight = turn.add(battle(), SFW, "LEVIATHAN", "Aquarian", "LEVIATHAN", {"type": "GD", "max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}).state
    ships = battle(("INVINCIBLE", "Terran", "INVINCIBLE"), ("SD", "Terran", "SWIFTSURE"), ("STING", "Terran", "STING")).ships
    assert [dc.teams_left(SFW, s) for s in (*ships, fight.ship("LEVIATHAN"))] == [3, 1, 0, 3]
    reef = fortress_phase.build(battle(), SFW, "Reef", "Terran", ["LSS", "LSS", "LSS", "WP"]).state.fortress("Reef")
    assert fo.teams(reef) == 3


def test_s124_the_invincible_loses_a_team_at_90_and_another_at_120():
    """S124: "INVINCIBLE takes 90 power units damage. She loses one DCT. If she takes 30 more power
    units damage, a second DCT is lost." (A team at each whole 60 - the example loses one at exactly 120.)"""
    fight = battle(("INVINCIBLE", "Terran", "INVINCIBLE"))
    assert dc.teams_left(SFW, damaged(fight, "INVINCIBLE", 90).ship("INVINCIBLE")) == 2
    assert dc.teams_left(SFW, damaged(fight, "INVINCIBLE", 120).ship("INVINCIBLE")) == 1
    assert dc.teams_left(SFW, damaged(fight, "INVINCIBLE", 179).ship("INVINCIBLE")) == 1


def test_s125_a_lost_team_is_not_regained():
    """S125: "Once lost, a DCT may not be regained even if damage is repaired above the level needed to
    lose a DCT." 90 lost, back to 56: still 2 teams. (The example's 34 PU exceeds a GD's 20 a battle:
    the damage is set back by hand here.)"""
    fight = damaged(battle(("INVINCIBLE", "Terran", "INVINCIBLE")), "INVINCIBLE", 90)
    ship = fight.ship("INVINCIBLE")._replace(lost=56)
    assert (ship.peak, dc.teams_left(SFW, ship)) == (90, 2)


def test_s126_declared_teams_roll_and_repair_at_once():
    """S126: "First, declare what type damage each DCT will attempt to repair ... For each DCT
    attempting to repair damage, roll ... If you have been successful, that damage is considered
    repaired immediately." A GAC (20 lost, an 88): 81 -> 2 PU, 95 -> 4 PU (14 lost), 91 on speed ->
    the -2 gone."""
    fight = with_effects(damaged(battle(("GAC", "Terran", "CONSTELLATION")), "GAC", 20), "GAC", sd.Effect(88, "engines", 0, 0, 2))
    fight = repairs(fight, "GAC", ("power_units", 81), ("power_units", 95), ("speed", 91))
    assert fight.ship("GAC").lost == 14 and fight.ship("GAC").effects == ()


def test_s127_a_team_declares_before_it_rolls():
    """S127: "First, declare what type damage each DCT will attempt to repair." A roll without a
    declared column is refused; the roll is read in the column declared."""
    fight = damaged(battle(("GB", "Terran", "FORMIDABLE")), "GB", 10)
    refused("the column must be one of offensive, defensive, speed, power_units, turn_reduction", lambda: turn.damage_control(fight, SFW, "GB", "", RNG, 96))
    assert "96 - " in turn.damage_control(fight, SFW, "GB", "power_units", RNG, 96).entries[0].text


def test_s128_repairs_are_not_compulsory():
    """S128: "You do not have to attempt repairs but it is advisable in most circumstances." A GD with
    engines damaged skips its repairs: the turn ends without a roll."""
    fight = with_effects(battle(("GD", "Terran", "INVINCIBLE")), "GD", sd.Effect(88, "engines", 0, 0, 2))
    assert turn.next_turn(fight).state.turn == 2


def test_s129_the_offensive_factors_column():
    """S129: "Offensive 00-87 No Effect / 88-94 One Factor repaired / 95-98 Two Factors repaired / 99
    Laser Dynamo explodes! All offensive factors lost permanently." With an 86 (-2): 87, 88, 98, 99."""
    fight = with_effects(battle(("GD", "Terran", "INVINCIBLE")), "GD", sd.Effect(86, "offensive", 0, 0, 2))
    left = [sum(e.factors for e in repairs(fight, "GD", ("offensive", r)).ship("GD").effects) for r in (87, 88, 98)]
    assert left == [2, 1, 0]
    blown = repairs(fight, "GD", ("offensive", 99))
    assert blown.ship("GD").offensive_lost and factors(turn.allocate(turn.next_turn(blown).state, "GD", Allocation(0, 5, 0)).state.ship("GD"), 2).offensive == 0


def test_s130_the_defensive_factors_column():
    """S130: "Defensive 00-84 No effect / 85-93 One Factor repaired / 94-97 Two Factors repaired /
    98-99 Field Generators short out! Lose all defensive factors permanently." Shields -2: 84, 85, 97, 98."""
    fight = with_effects(battle(("GD", "Terran", "INVINCIBLE")), "GD", sd.Effect(95, "shields", 0, 4, 2))
    left = [sum(e.factors for e in repairs(fight, "GD", ("defensive", r)).ship("GD").effects) for r in (84, 85, 97)]
    assert left == [2, 1, 0]
    assert repairs(fight, "GD", ("defensive", 98)).ship("GD").defensive_lost


def test_s131_the_speed_column_and_the_explosion():
    """S131: "Speed 00-85 No effect / 86-90 One factor repaired / 91-96 Two factors repaired / 97-99
    Reactors go critical! Starship explodes!" Engines -2: 85, 90, 96, 97."""
    fight = with_effects(battle(("GD", "Terran", "INVINCIBLE")), "GD", sd.Effect(88, "engines", 0, 0, 2))
    left = [sum(e.factors for e in repairs(fight, "GD", ("speed", r)).ship("GD").effects) for r in (85, 90, 96)]
    assert left == [2, 1, 0]
    assert repairs(fight, "GD", ("speed", 97)).ship("GD").destroyed == "exploded: reactors went critical (damage control)"


def test_s132_the_power_units_column():
    """S132: "Power 00-78 No effect / 79-89 Two power units repaired / 90-94 Three / 95-98 Four / 99
    Six power units repaired": 78, 79, 94, 95, 99 repair 0, 2, 3, 4, 6."""
    fight = damaged(battle(("SGD", "Terran", "VICTORY")), "SGD", 90)
    assert [90 - repairs(fight, "SGD", ("power_units", r)).ship("SGD").lost for r in (78, 79, 94, 95, 99)] == [0, 2, 3, 4, 6]


def test_s133_turn_reduction_shortens_the_timed_damage_named():
    """S133: "Turn Reduction 00-88 No effect / 89-97 Damage duration reduced by one turn / 98-99
    Damage Duration reduced by two turns". A GAC with attack craft (90) and shields (95), each four
    turns from the next: 89 on the craft -> 3 turns, 98 on the shields -> 2; 88 changes nothing."""
    fight = with_effects(battle(("GAC", "Terran", "CONSTELLATION")), "GAC", sd.Effect(90, "craft", 1, 4), sd.Effect(95, "shields", 1, 4, 2))
    refused("has several timed effects \\(craft, shields\\): name the one the team works on", lambda: turn.damage_control(fight, SFW, "GAC", "turn_reduction", RNG, 89))
    fight = repairs(repairs(fight, "GAC", ("turn_reduction", 89), effect="craft"), "GAC", ("turn_reduction", 98), effect="shields")
    assert {e.kind: e.turns_left(2) for e in fight.ship("GAC").effects} == {"craft": 3, "shields": 2}
    assert repairs(fight, "GAC", ("turn_reduction", 88), effect="craft").ship("GAC").effects == fight.ship("GAC").effects


def test_s134_turn_reduction_does_nothing_to_damage_without_a_duration():
    """S134: 87 is "for the duration of the game", 92-93 "permanently": Turn Reduction, even on a 99,
    shortens nothing (warned before the roll; naming one of them is refused)."""
    fight = with_effects(battle(("GAC", "Terran", "CONSTELLATION")), "GAC", sd.Effect(87, "launchers", 0), sd.Effect(92, "cids", 0, 0, 2))
    done = turn.damage_control(fight, SFW, "GAC", "turn_reduction", RNG, 99)
    assert "no damage of limited duration to shorten" in done.entries[0].text and done.state.ship("GAC").effects == fight.ship("GAC").effects
    refused("GAC has no 'launchers' damage of limited duration; it has none", lambda: turn.damage_control(fight, SFW, "GAC", "turn_reduction", RNG, 99, "launchers"))


def test_s135_no_repair_above_the_original_power_units():
    """S135: "you may NOT accumulate more power units than the maximum power units given in the Data
    Tables". An SD 2 PU down rolls 95 (four): 2 restored."""
    fight = damaged(battle(("SD", "Terran", "SWIFTSURE")), "SD", 2)
    assert repairs(fight, "SD", ("power_units", 95)).ship("SD").lost == 0


def test_s136_the_most_a_ship_repairs_in_a_battle_cuts_the_last_roll():
    """S136: Table #1's "Maximum number of PU individual ships may repair during battle": a GD 19
    repaired rolls 79 (two) and gets 1; an SD at its 3 rolls 99 (six) and gets 0, warned."""
    gd = damaged(battle(("GD", "Terran", "INVINCIBLE")), "GD", 40, repaired=19)
    done = turn.damage_control(gd, SFW, "GD", "power_units", RNG, 79)
    assert done.state.ship("GD").lost == 39 and "at most 20 PU a battle for a GD: 20 repaired" in done.entries[0].text
    sdd = damaged(battle(("SD", "Terran", "SWIFTSURE")), "SD", 6, repaired=3)
    done = turn.damage_control(sdd, SFW, "SD", "power_units", RNG, 99)
    assert done.state.ship("SD").lost == 6 and "warned: SD has repaired 3 PU in this battle, the most a SD may (3)" in done.entries[0].text


def test_s137_repaired_below_20_percent_no_more_special_damage_rolls():
    """S137: "INVINCIBLE lost 50 power units or 20.8% (50/240). She manages to repair 6 power units
    bringing her damage to 44 power units or 18.3% (44/240). You no longer have to make Special Damage
    die rolls". 79 (2) and 95 (4)."""
    fight = turn.special_damage(damaged(battle(("INVINCIBLE", "Terran", "INVINCIBLE")), "INVINCIBLE", 50), SFW, "INVINCIBLE", RNG, 0).state
    first = turn.damage_control(fight, SFW, "INVINCIBLE", "power_units", RNG, 79)
    assert "48 of 240 lost (20.0%): no longer more than 20% damaged, no more special damage rolls" in first.entries[0].text
    done = turn.damage_control(first.state, SFW, "INVINCIBLE", "power_units", RNG, 95)
    assert "44 of 240 lost (18.3%)" in done.entries[0].text and turn.owing(turn.next_turn(done.state).state) == []


def fortress() -> Engagement:
    return fortress_phase.build(battle(), SFW, "Reef", "Terran", ["LSS", "LSS", "LSS", "WP"]).state


def hurt(fight: Engagement, damage: dict[str, int]) -> Engagement:
    reef = fight.fortress("Reef")
    return fight.rebuilt(reef._replace(modules=tuple(m._replace(damage=damage.get(m.name, 0), peak=damage.get(m.name, 0)) for m in reef.modules)))


def test_s138_a_fortress_loses_the_team_of_an_lss_with_70_on_it():
    """S138: "Starfortress 1 DCT per LSS 70 PU on an LSS No Maximum": LSS 1 with 70, LSS 2 with 69, the
    WP with 60: 2 teams (a weapons module's damage costs none)."""
    assert fo.teams(hurt(fortress(), {"LSS 1": 70, "LSS 2": 69, "WP 1": 60}).fortress("Reef")) == 2


def test_s139_a_fortress_repairs_itself_without_a_maximum():
    """S139: "No Maximum": over three turns the fortress's three teams repair 38 PU on its LSS (more
    than any ship's maximum but the SGD's 40), each repair within the module's rating."""
    fight = hurt(fortress(), {"LSS 1": 50})
    for rolls in ((99, 99, 99), (99, 99, 99), (79,)):
        for roll in rolls:
            fight = fortress_phase.damage_control(fight, SFW, "Reef", "power_units", RNG, roll, module="LSS 1").state
        fight = turn.next_turn(fight).state
    assert fight.fortress("Reef").module("LSS 1").damage == 12


def test_s140_a_starfortress_repairing_another_ship_cannot_be_modelled():
    """S140: "Starfortresses may repair other ships as outlined in the Starfortress rules in addition
    to repairing themselves with DCT." The Starfortress rules of the supplement give no procedure,
    range or amount: the program refuses, saying so, and leaves it to the referee's book."""
    fight = damaged(fortress_phase.build(battle(("GAC", "Terran", "CONSTELLATION")), SFW, "Reef", "Terran", ["LSS", "WP"]).state, "GAC", 20)
    refused(
        "Reef cannot repair GAC here: the supplement's Starfortress rules give no procedure, range or amount for repairing other ships .*Starfortresses may repair other ships as outlined",
        lambda: turn.damage_control(fight, SFW, "GAC", "power_units", RNG, 99, by="Reef"),
    )


def test_s141_starbombers_saps_transports_and_starfighters_have_no_teams():
    """S141: "SB, SAPS, GTP, SF 0 0 0": a SAPS and a GTP may not repair."""
    fight = damaged(battle(("Kitten", "Terran", "Kitten"), ("HAVOC", "Terran", "HAVOC")), "HAVOC", 4)
    refused("a SAPS has no damage control teams", lambda: turn.damage_control(fight, SFW, "Kitten", "power_units", RNG, 99))
    refused("a GTP has no damage control teams", lambda: turn.damage_control(fight, SFW, "HAVOC", "power_units", RNG, 99))


def test_s142_the_victorys_teams_and_her_40_a_battle():
    """S142: "SGD 4 80 40": VICTORY 170 lost has 2 teams (lost at 80 and 160); with 38 repaired, a 90
    (three) repairs 2."""
    fight = damaged(battle(("VICTORY", "Terran", "VICTORY")), "VICTORY", 170, repaired=38)
    assert dc.teams_left(SFW, fight.ship("VICTORY")) == 2
    fight = turn.special_damage(fight, SFW, "VICTORY", RNG, 0).state
    assert repairs(fight, "VICTORY", ("power_units", 90)).ship("VICTORY").lost == 168
