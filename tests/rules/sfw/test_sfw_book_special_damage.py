"""The Special Damage Table (Starfleet Wars supplement) as the independent reader worked it from the
book (docs/readings/starfleet-wars-cases.md, S104-S121). Each test names its case and quotes the
sentence; the outcome asserted is the reader's, or the program's reading where it differs (recorded
in docs/starfleet-wars.md § Readings). A result is rolled in step 9 of turn T and is in force
from turn T + 1."""

from referee.starfleet_wars import combat, fortress_phase, turn
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars.engagement import Engagement, sealed
from referee.starfleet_wars.power import Allocation
from referee.starfleet_wars.ships import factors
from referee.starfleet_wars.sides import view
from tests.helpers.sfw_book import RNG, SFW, battle, damaged, next_turn, refused


def rolled(roll: int, ship_class: str = "INVINCIBLE", lost: int = 60, *foes: tuple[str, str, str]) -> Engagement:
    """A ship of ``ship_class`` (``lost`` power units lost, more than 20%) rolls ``roll`` in step 9 of
    turn 1; the engagement at the start of turn 2."""
    fight = damaged(battle(("SHIP", "Terran", ship_class), *foes), "SHIP", lost)
    return turn.next_turn(turn.special_damage(fight, SFW, "SHIP", RNG, roll).state).state


def fights(fight: Engagement, allocation: Allocation, name: str = "SHIP") -> tuple[int, int, int]:
    now = factors(turn.allocate(fight, name, allocation).state.ship(name), fight.turn)
    return now.speed, now.offensive, now.defensive


def test_s104_exactly_20_percent_lost_rolls_no_special_damage_49_does():
    """S104: "When a ship has lost more than 20% of its power units ... For each turn that your ship
    remains more than 20% damaged, roll". INVINCIBLE (240) at 48 lost (20.0%): no roll; 49 (20.4%): a roll."""
    fight = battle(("INVINCIBLE", "Terran", "INVINCIBLE"))
    assert turn.owes_special(damaged(fight, "INVINCIBLE", 48).ship("INVINCIBLE")) == ""
    refused("owes no special damage roll: it has lost 48 of 240 PU \\(20.0%\\)", lambda: turn.special_damage(damaged(fight, "INVINCIBLE", 48), SFW, "INVINCIBLE", RNG, 50))
    assert "(20.4%), more than 20%" in turn.owes_special(damaged(fight, "INVINCIBLE", 49).ship("INVINCIBLE"))


def test_s105_the_invincible_example_rolls_at_20_8_percent():
    """S105: "Your flagship INVINCIBLE lost 50 power units on turn three ... she has suffered a loss of
    20.8% (50 / 240 = 20.8%), you must roll". The hit says so, and the turn cannot end without it."""
    fight = battle(("INVINCIBLE", "Terran", "INVINCIBLE"))
    done = combat.hit(fight, SFW, "INVINCIBLE", "offensive", pu=50)
    assert "50 of 240 lost (20.8%)" in done.entries[0].text and "more than 20% lost: it rolls for special damage each turn from now" in done.entries[0].text
    refused("roll special damage first \\(step 9, before the repair phase\\) for: INVINCIBLE", lambda: turn.next_turn(done.state))


def test_s106_a_roll_every_turn_while_more_than_20_percent_damaged():
    """S106: "For each turn that your ship remains more than 20% damaged, roll": a GB 30 PU down on
    turn 2 (of 90: 33%) and not hit again rolls on turns 2, 3, 4 and 5."""
    fight = next_turn(battle(("FORMIDABLE", "Terran", "FORMIDABLE")))
    fight = combat.hit(fight, SFW, "FORMIDABLE", "offensive", pu=30).state
    rolls = 0
    for _ in range(4):
        assert turn.owes_special(fight.ship("FORMIDABLE"))
        fight = turn.special_damage(fight, SFW, "FORMIDABLE", RNG, 0).state
        rolls += 1
        refused("owes no special damage roll: it has rolled this turn", lambda f=fight: turn.special_damage(f, SFW, "FORMIDABLE", RNG, 0))
        fight = turn.next_turn(fight).state
    assert rolls == 4 and fight.turn == 6


def test_s107_the_roll_and_its_damage_are_kept_from_the_opponent():
    """S107: "do not let your opponent know what your die roll is or the damage it causes, if any!"
    An 88's line is the GAC's side's alone: sealed, the opponent reads that a roll was made, not what."""
    fight = damaged(battle(("CONSTELLATION", "Terran", "CONSTELLATION")), "CONSTELLATION", 30)
    line = turn.special_damage(fight, SFW, "CONSTELLATION", RNG, 88).entries[0]
    assert line.secret == "Terran" and "88 - Engines damaged" in line.text
    shut = sealed(line)
    assert "88" not in shut.text and "Engines" not in shut.text and shut.rolls == () and "Terran's eyes only" in shut.text
    after = turn.special_damage(fight, SFW, "CONSTELLATION", RNG, 88).state.ship("CONSTELLATION")._replace(offensive_lost=True)
    fight = fight.replaced(after)
    theirs, ours = view(fight, "Aquarian").engagement.ship("CONSTELLATION"), view(fight, "Terran").engagement.ship("CONSTELLATION")
    assert (theirs.effects, theirs.offensive_lost) == ((), False) and ours.effects and ours.offensive_lost


def test_s108_00_to_82_no_additional_damage():
    """S108: "0-82 No additional damage". 82 and 00 leave no effect."""
    for roll in (82, 0):
        assert rolled(roll).ship("SHIP").effects == ()


def test_s109_83_to_85_no_fire_beyond_36_inches_for_the_game():
    """S109: "83-85 Main sensors damaged. Auxiliary sensors can be used but are limited to 36" range.
    You may not fire beyond sensor range." The GD rolled 84: her particle weapons at 40" are refused,
    her offensive factors at 30" hit (the ranges the referee measured). No end is given: it lasts the game."""
    fight = rolled(84, "INVINCIBLE", 60, ("VICTORY", "Aquarian", "VICTORY"))
    refused('SHIP\'s main sensors are damaged: it may not fire beyond 36", and the target is 40" away .*You may not fire beyond sensor range', lambda: combat.launch(fight, "SHIP", 1, 40))
    refused('may not fire beyond 36"', lambda: combat.hit(fight, SFW, "VICTORY", "offensive", pu=10, firer="SHIP", range_inches=37))
    assert combat.hit(fight, SFW, "VICTORY", "offensive", pu=10, firer="SHIP", range_inches=30).state.ship("VICTORY").lost == 10
    for _ in range(5):
        fight = next_turn(fight)
    refused('may not fire beyond 36"', lambda: combat.launch(fight, "SHIP", 1, 40))


def test_s109_the_roll_says_what_the_program_refuses():
    """S109: the 84's line says the rule it holds the ship to, in secret."""
    fight = damaged(battle(("SHIP", "Terran", "INVINCIBLE")), "SHIP", 60)
    line = turn.special_damage(fight, SFW, "SHIP", RNG, 84).entries[0]
    assert 'no fire beyond 36" for the rest of the game: a shot entered with a range over 36"' in line.text and line.secret == "Terran"


def test_s110_86_the_invincible_fires_9_factors_for_121_power_units():
    """S110: "You are unfortunate and roll an 86. ... On turn four you decide to allocate 121 power
    units to Offensive Factors for a total of 11 factors. This must be reduced to nine factors"."""
    fight = rolled(86)
    assert fights(fight, Allocation(0, 11, 0)) == (0, 9, 0)
    assert turn.allocate(fight, "SHIP", Allocation(0, 11, 0)).state.ship("SHIP").spent == 121


def test_s111_86_lasts_until_repaired_not_three_turns():
    """S111: the table's "until repaired" against the example's "for three turns": the table rules
    (rules README); on turn 7, unrepaired, OF 11 still fires 9. The example's reading is a note."""
    fight = damaged(battle(("SHIP", "Terran", "INVINCIBLE")), "SHIP", 60)
    line = turn.special_damage(fight, SFW, "SHIP", RNG, 86).entries[0]
    assert "The INVINCIBLE example applies 86 'for three turns'; the table says 'until repaired', which is followed" in line.text
    fight = turn.next_turn(turn.special_damage(fight, SFW, "SHIP", RNG, 86).state).state
    for _ in range(5):
        fight = next_turn(fight)
    assert fight.turn == 7 and fights(fight, Allocation(0, 11, 0))[1] == 9


def test_a27_two_86s_take_four_factors():
    """Ambiguity A27: whether a result rolled twice stacks is not said; read as it is written, each
    "86 ... Subtract 2 from Offensive Factors until repaired" takes its two. Rolled in turns 1 and 2,
    OF 11 fires 7 in turn 3."""
    fight = rolled(86)
    fight = turn.next_turn(turn.special_damage(fight, SFW, "SHIP", RNG, 86).state).state
    assert fight.turn == 3 and fights(fight, Allocation(0, 11, 0)) == (0, 7, 0)


def test_s112_87_no_particle_weapons_for_the_game_whatever_is_repaired():
    """S112: "87 Particle weapon launchers destroyed. No particle weapons may be launched for the
    duration of the game." Repaired below 20%, the GAC still may not launch."""
    fight = rolled(87, "CONSTELLATION", 30)
    fight = damaged(fight, "SHIP", 20)
    assert turn.owes_special(fight.ship("SHIP")) == ""
    fight = next_turn(fight)
    refused("launchers were destroyed \\(special damage 87\\): none may be launched for the rest of the game", lambda: combat.launch(fight, "SHIP", 1))


def test_s113_88_to_89_speed_minus_2_until_repaired():
    """S113: "88-89 Engines damaged - Reduce calculated speed by two factors until repaired." An SC
    spends 9 PU on speed 3 and moves at 1."""
    assert fights(rolled(89, "RANGER", 20), Allocation(3, 0, 0)) == (1, 0, 0)


def test_s114_90_to_91_no_attack_craft_launch_or_recovery_in_turns_4_to_7():
    """S114: "90-91 Lose launch and recovery ability of attack craft for four turns." Rolled at the end
    of turn 3: turns 4 to 7, said in the roll's line; the referee holds the starfighters at the table
    (the program keeps no ledger of a ship's attack craft aboard). It ends before turn 8."""
    fight = damaged(battle(("GAC", "Terran", "CONSTELLATION")), "GAC", 30)
    fight = next_turn(next_turn(fight))
    done = turn.special_damage(fight, SFW, "GAC", RNG, 90)
    assert "no attack craft launched or recovered in turns 4 to 7: the referee holds its starfighters at the table" in done.entries[0].text
    effect = done.state.ship("GAC").effects[0]
    assert [t for t in range(3, 9) if effect.active(t)] == [4, 5, 6, 7]


def test_s115_92_to_93_cids_lose_two_die_rolls_for_good():
    """S115: "92-93 CIDS System damaged. Lose two die rolls permanently." A ship's CIDS are a
    percentage the text does not turn into die rolls: the roll's line says the referee takes two off at
    the table, for the rest of the game; the result stays (no Damage Control column repairs it). (The
    fortress weapons module of the case: the fortress's CIDS, another part of the program.)"""
    fight = damaged(battle(("SHIP", "Terran", "INVINCIBLE")), "SHIP", 60)
    done = turn.special_damage(fight, SFW, "SHIP", RNG, 93)
    assert "its CIDS fire with two die rolls fewer for the rest of the game: the referee takes them off at the table" in done.entries[0].text
    later = next_turn(turn.next_turn(done.state).state)
    assert [(e.kind, e.factors) for e in later.ship("SHIP").effects] == [("cids", 2)]


def test_s116_94_no_offensive_factors_for_two_turns_particle_weapons_still_fire():
    """S116: "94 Laser dynamo hit. Lose use of offensive factors for two turns. CIDS and particle
    weapons may still fire." Rolled at the end of turn 6: OF 0 on turns 7 and 8, OF again on turn 9."""
    fight = damaged(battle(("GB", "Terran", "FORMIDABLE")), "GB", 30)
    for _ in range(5):
        fight = next_turn(fight)
    fight = turn.next_turn(turn.special_damage(fight, SFW, "GB", RNG, 94).state).state
    assert fight.turn == 7 and fights(fight, Allocation(0, 7, 0), "GB")[1] == 0
    assert combat.launch(fight, "GB", 1).state.ship("GB").launched == 1
    fight = next_turn(fight)
    assert fights(fight, Allocation(0, 7, 0), "GB")[1] == 0
    assert fights(next_turn(fight), Allocation(0, 7, 0), "GB")[1] == 7


def test_s117_95_to_96_shields_minus_2_for_four_turns():
    """S117: "95-96 Shields buckle. Subtract two factors from calculated Defensive Factors for four
    turns." DF 8 fights as 6 on turns 2 to 5, as 8 on turn 6."""
    fight = rolled(95)
    seen = []
    for _ in range(5):
        seen.append(fights(fight, Allocation(0, 0, 8))[2])
        fight = next_turn(fight)
    assert seen == [6, 6, 6, 6, 8]


def test_s118_97_to_98_the_stardrive_crippled_said_and_speed_untouched():
    """S118: "97-98 Stardrive crippled. Ship no longer capable of traveling faster than light."
    Faster-than-light travel is outside a tactical engagement: the line says the referee holds her to
    the battle area; her speed factors are not touched."""
    fight = damaged(battle(("SHIP", "Terran", "INVINCIBLE")), "SHIP", 60)
    line = turn.special_damage(fight, SFW, "SHIP", RNG, 97).entries[0]
    assert "it can no longer travel faster than light: the referee holds it to the battle area" in line.text
    assert fights(rolled(97), Allocation(3, 0, 0)) == (3, 0, 0)


def test_s119_99_the_reactors_go_critical():
    """S119: "99 Reactors go critical! Starship blows up." A 70%-damaged SD rolls 99."""
    fight = damaged(battle(("SD", "Terran", "SWIFTSURE")), "SD", 21)
    assert turn.special_damage(fight, SFW, "SD", RNG, 99).state.ship("SD").destroyed == "blew up: reactors went critical (special damage 99)"


def test_s120_a_super_dreadnoughts_minus_two_comes_off_the_calculated_factor():
    """S120: "subtract two or more factors from calculated factors" and "After you have calculated your
    factors you then add the additional offensive factor": VICTORY (150 lost) with an 86, OF 18 ->
    16 + 7 = 23; a calculated OF 1 -> 0 + 7 = 7."""
    fight = rolled(86, "VICTORY", 150)
    assert fights(fight, Allocation(0, 18, 0))[1] == 23
    assert fights(fight, Allocation(0, 1, 0))[1] == 7


def test_s121_a_starfortress_counts_only_its_lss_damage():
    """S121: "Starfortresses do not have to roll the special damage die until they have lost 20% of
    their LSS's power units. Losses of other modules power units do not affect the starfortress".
    (a) 110 PU on its weapons modules: no roll; (c) 61 of its LSS's 300: a roll. (b) At exactly 60
    (20%) the program does not roll - "more than 20%", as for ships (the reader read "until they have
    lost 20%" as rolling at 20%; recorded as a reading)."""
    fight = fortress_phase.build(battle(), SFW, "Reef", "Terran", ["LSS", "LSS", "LSS", "WP", "WP"]).state
    reef = fight.fortress("Reef")

    def hurt(damage: dict[str, int]) -> fo.Fortress:
        return reef._replace(modules=tuple(m._replace(damage=damage.get(m.name, 0), peak=damage.get(m.name, 0)) for m in reef.modules))

    assert not fo.owes_special_damage(hurt({"WP 1": 60, "WP 2": 50}))
    assert not fo.owes_special_damage(hurt({"LSS 1": 60}))
    assert fo.owes_special_damage(hurt({"LSS 1": 31, "LSS 2": 30}))


def test_s115_a_fortress_result_the_program_cannot_see_says_what_the_referee_enforces():
    """S115 (and 83-85, 90-91 on a fortress): the fortress's roll line says, in secret, what the
    referee holds it to: its CIDS two die rolls fewer, no attack craft launched in its four turns, no
    fire beyond 36"."""
    fight = fortress_phase.build(battle(), SFW, "Reef", "Terran", ["LSS", "WP"]).state
    fight = fight.rebuilt(fight.fortress("Reef")._replace(special_due=3))
    said = []
    for roll in (93, 90, 84):
        done = fortress_phase.special_damage(fight, SFW, "Reef", RNG, roll)
        fight, said = done.state, [*said, done.entries[0]]
    assert all(line.secret == "Terran" for line in said)
    assert "its CIDS fire with two die rolls fewer for the rest of the game" in said[0].text
    assert "no attack craft launched or recovered in turns 2 to 5" in said[1].text
    assert 'no fire beyond 36" for the rest of the game' in said[2].text
