"""CapTacs, the Captive Towed Tactical Missiles (Starfleet Wars supplement), as the independent reader
worked them from the book (docs/readings/starfleet-wars-cases.md, S093-S103; S095, the fortress
holding CapTacs, is the fortress's). Each test names its case and quotes the sentence."""

from referee.starfleet_wars import combat, turn
from referee.starfleet_wars.power import Allocation
from tests.helpers.sfw_book import RNG, SFW, battle, refused


def test_s093_towing_a_captac_limits_speed_to_2():
    """S093: "They are subject to the tractor beam limitations (i.e. they cannot be towed faster than
    two speed factors)". A GAC towing one asks speed 3: refused (its tractor beam's power, the base
    rulebook's figure, is entered: 4 PU here)."""
    gac = combat.tow(battle(("CONSTELLATION", "Terran", "CONSTELLATION")), "CONSTELLATION", 1).state
    refused("speed 3 is above the most allowed, 2 \\(towing CapTacs: speed 2 at most\\)", lambda: turn.allocate(gac, "CONSTELLATION", Allocation(3, 0, 0), tractor=4))
    assert turn.allocate(gac, "CONSTELLATION", Allocation(2, 0, 0), tractor=4).state.ship("CONSTELLATION").spent == 8


def test_s093_the_tractor_beam_uses_power_units_the_referee_enters():
    """S093 with L195: "This allows a ship to release her CapTacs and utilize her power units for
    lasers, shields and speed rather than the tractor beam": towing costs power; the supplement gives
    no figure, so the referee enters the base rulebook's (--tractor) and it counts against the power left."""
    gac = combat.tow(battle(("CONSTELLATION", "Terran", "CONSTELLATION")), "CONSTELLATION", 1).state
    refused("tows 1 CapTac: its tractor beam uses power units this turn; give them with --tractor PU", lambda: turn.allocate(gac, "CONSTELLATION", Allocation(2, 8, 8)))
    refused("132 PU is more than the 110 PU available once 10 PU go to tractor beam", lambda: turn.allocate(gac, "CONSTELLATION", Allocation(2, 8, 8), tractor=10))
    # a referee whose rulebook charges the beam nothing says so with 0, as a fortress's --beam-pu 0
    assert turn.allocate(gac, "CONSTELLATION", Allocation(2, 7, 7), tractor=0).state.ship("CONSTELLATION").spent == 102


def test_s094_two_captacs_on_the_one_tractor_beam_a_third_refused():
    """S094: "a ship may use only one tractor beam to tow CapTacs. Two CapTacs may be towed with one
    tractor beam." """
    gd = combat.tow(battle(("INVINCIBLE", "Terran", "INVINCIBLE")), "INVINCIBLE", 2).state
    assert gd.ship("INVINCIBLE").captacs == 2
    refused("one tractor beam tows 2 CapTacs and a ship uses one beam for them: INVINCIBLE tows 2, so 0 more", lambda: combat.tow(gd, "INVINCIBLE", 1))


def towing_gb():
    return combat.tow(battle(("FORMIDABLE", "Terran", "FORMIDABLE"), ("VICTORY", "Aquarian", "VICTORY"), ("INVINCIBLE", "Aquarian", "INVINCIBLE")), "FORMIDABLE", 2).state


def test_s096_a_captac_fired_at_exactly_18_inches():
    """S096: "If a ship that is towing a CapTac is within 18" of a target, he may fire the CapTac
    during the firing phase of his turn." """
    done = combat.fire_captac(towing_gb(), SFW, "FORMIDABLE", "VICTORY", True, 18)
    assert 'fires at VICTORY at 18": a hit' in done.entries[0].text


def test_s097_a_captac_fired_from_19_inches_is_refused():
    """S097: "CapTacs have a range of 18"." """
    refused("a CapTac's range is 18 inches: 19 is out of range", lambda: combat.fire_captac(towing_gb(), SFW, "FORMIDABLE", "VICTORY", True, 19))


def test_s098_a_captac_hit_is_40_power_units_and_a_special_damage_roll_whatever_the_damage():
    """S098: "A hit by a CapTac inflicts 40 power units damage. In addition, roll two die and consult
    the Special Damage Table ... CapTacs require a Special Damage Die roll regardless of the previous
    level of damage". INVINCIBLE 40 of 240 (16.7%) rolls 87: launchers destroyed for the game; no
    other roll is owed this turn (16.7% is not more than 20%)."""
    hit = combat.fire_captac(towing_gb(), SFW, "FORMIDABLE", "INVINCIBLE", True, 12).state
    assert hit.ship("INVINCIBLE").lost == 40 and turn.owes_special(hit.ship("INVINCIBLE")) == "1 for CapTac hits"
    rolled = turn.special_damage(hit, SFW, "INVINCIBLE", RNG, 87)
    assert "87 - Particle weapon launchers destroyed" in rolled.entries[0].text and turn.owes_special(rolled.state.ship("INVINCIBLE")) == ""
    later = turn.next_turn(rolled.state).state
    refused("launchers were destroyed \\(special damage 87\\)", lambda: combat.launch(later, "INVINCIBLE", 1))


def test_s099_the_captacs_roll_can_blow_up_an_undamaged_super_dreadnought():
    """S099: the special damage roll after a CapTac hit is 99, "Reactors go critical! Starship blows up." """
    hit = combat.fire_captac(towing_gb(), SFW, "FORMIDABLE", "VICTORY", True, 12).state
    assert turn.special_damage(hit, SFW, "VICTORY", RNG, 99).state.ship("VICTORY").destroyed.startswith("blew up")


def test_s100_cids_fire_on_captacs_before_they_are_launched():
    """S100: "CapTacs are fired upon by CIDS and starfighters before the CapTacs are launched in order
    that they may be destroyed before they hit their targets. Surviving CapTacs may then be launched".
    One of the GB's two is shot down (25 PU to it), the other launched; once launched, no CapTac of it
    may be shot down this turn."""
    shot = combat.shoot_down(towing_gb(), SFW, towed_by="FORMIDABLE").state
    assert shot.ship("FORMIDABLE").lost == 25 and shot.ship("FORMIDABLE").captacs == 1
    launched = combat.fire_captac(shot, SFW, "FORMIDABLE", "VICTORY", False, 15).state
    assert launched.ship("FORMIDABLE").captacs == 0
    early = combat.fire_captac(towing_gb(), SFW, "FORMIDABLE", "VICTORY", False, 15).state
    refused("FORMIDABLE launched a CapTac this turn already: CIDS and starfighters fire on its CapTacs before they are launched", lambda: combat.shoot_down(early, SFW, towed_by="FORMIDABLE"))


def test_s101_two_captacs_destroyed_in_tow_cost_the_towing_ship_50():
    """S101: "Destruction of a CapTac in tow causes 25 power units damage to the towing ship (the
    Tractor Beam generators were blown out)." An SC (60 PU) loses both: 50 PU, 83% lost, a special
    damage roll owed."""
    sc = combat.tow(battle(("RANGER", "Terran", "RANGER")), "RANGER", 2).state
    sc = combat.shoot_down(combat.shoot_down(sc, SFW, towed_by="RANGER").state, SFW, towed_by="RANGER").state
    assert (sc.ship("RANGER").lost, sc.ship("RANGER").captacs) == (50, 0) and "83.3%" in turn.owes_special(sc.ship("RANGER"))


def test_s102_drifting_captacs_activated_by_a_friendly_ship_within_30_inches():
    """S102: "They may be activated at any time by any friendly ship within 30" of the CapTac. This
    allows a ship to release her CapTacs and utilize her power units for lasers, shields and speed
    rather than the tractor beam." The GB at 25" may; the SD at 31" may not; released, the SD spends
    all its power without a tractor beam, at any speed."""
    fight = battle(("SWIFTSURE", "Terran", "SWIFTSURE"), ("FORMIDABLE", "Terran", "FORMIDABLE"), ("VICTORY", "Aquarian", "VICTORY"))
    fight = combat.release(combat.tow(fight, "SWIFTSURE", 2).state, "SWIFTSURE", 2).state
    assert turn.allocate(fight, "SWIFTSURE", Allocation(3, 3, 3)).state.ship("SWIFTSURE").spent == 27
    refused("activated by a friendly ship within 30 inches, not 31", lambda: combat.fire_captac(fight, SFW, "SWIFTSURE", "VICTORY", True, 12, drift=1, activation=31))
    assert combat.fire_captac(fight, SFW, "FORMIDABLE", "VICTORY", True, 12, drift=1, activation=25).state.ship("VICTORY").lost == 40


def test_s103_any_number_of_captacs_at_one_target():
    """S103: "Unlike starfighters any number of CapTacs may be launched at one target." Six CapTacs
    from three ships at the VICTORY: all fired, 240 PU and six special damage rolls."""
    fight = battle(*((f"GB {n}", "Terran", "FORMIDABLE") for n in (1, 2, 3)), ("VICTORY", "Aquarian", "VICTORY"))
    for n in (1, 2, 3):
        fight = combat.tow(fight, f"GB {n}", 2).state
    for n in (1, 2, 3):
        for _ in range(2):
            fight = combat.fire_captac(fight, SFW, f"GB {n}", "VICTORY", True, 10).state
    assert (fight.ship("VICTORY").lost, fight.ship("VICTORY").special_due) == (240, 6)
