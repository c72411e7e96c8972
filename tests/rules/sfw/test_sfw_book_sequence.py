"""The order of a Starfleet Wars turn (the supplement's pieces of the Outline of Tactical Play) as
the independent reader worked it from the book (docs/readings/starfleet-wars-cases.md, S143, S144,
S122): allocation, the firing phase (CIDS on CapTacs before they are launched), step 9 special damage,
step 10 repairs. Every action out of its step is refused, naming the step and the rule."""

from typer.testing import CliRunner

from referee.cli import app as cli
from referee.starfleet_wars import combat, fortress_phase, turn
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.power import Allocation
from tests.helpers.sfw_book import RNG, SFW, battle, damaged, refused

runner = CliRunner()


def sgd_towing() -> Engagement:
    """S143's turn: an SGD 25% damaged towing two CapTacs, an enemy GAC."""
    fight = damaged(battle(("VICTORY", "Terran", "VICTORY"), ("GAC", "Aquarian", "CONSTELLATION")), "VICTORY", 120)
    return combat.tow(fight, "VICTORY", 2).state


def test_s143_the_turn_in_the_books_order():
    """S143: SGD: "Using the available power units calculate your factors ... These totals are your
    factors used to engage your opponent's ship for that turn"; CapTacs: "he may fire the CapTac during
    the firing phase of his turn", "CapTacs are fired upon by CIDS and starfighters before the CapTacs
    are launched"; Special Damage "as step 9"; repair "as step 10". Each step in turn, and each earlier
    step refused once a later one began."""
    fight = turn.allocate(sgd_towing(), "VICTORY", Allocation(2, 16, 8), tractor=4).state
    assert fight.step == "allocation"
    fight = combat.shoot_down(fight, SFW, towed_by="VICTORY").state  # the GAC's CIDS first
    assert fight.step == "firing"
    refused(
        "VICTORY's power allocation belongs to power allocation, the turn's first step, and turn 1 is at the firing phase already .*These totals are your factors used to engage.*firing phase of his turn.*: it waits for turn 2",
        lambda: turn.allocate(fight, "VICTORY", Allocation(2, 16, 8), tractor=4),
    )
    fight = combat.fire_captac(fight, SFW, "VICTORY", "GAC", False, 15).state
    fight = turn.special_damage(fight, SFW, "VICTORY", RNG, 0).state
    assert fight.step == "special damage"
    refused("a hit on GAC belongs to the firing phase, and turn 1 is at step 9, the Special Damage rolls already .*as step 9 in the Outline", lambda: combat.hit(fight, SFW, "GAC", "offensive", pu=5))
    refused("VICTORY's launch belongs to the firing phase", lambda: combat.launch(fight, "VICTORY", 1))
    refused("VICTORY's release of CapTacs belongs to the firing phase", lambda: combat.release(fight, "VICTORY", 1))
    fight = turn.damage_control(fight, SFW, "VICTORY", "power_units", RNG, 0).state
    assert fight.step == "repair"
    again = damaged(fight, "GAC", 40)
    refused(
        "GAC's special damage roll belongs to step 9, the Special Damage rolls, and turn 1 is at step 10, the repair phase already .*as step 10 in the Outline",
        lambda: turn.special_damage(again, SFW, "GAC", RNG, 0),
    )
    following = turn.next_turn(fight).state
    assert (following.turn, following.step) == (2, "allocation")


def test_s144_a_repair_cannot_come_before_this_turns_special_damage_roll():
    """S144: "The Special Damage die roll takes place before the repair phase". A GB 26 PU down
    (28.9% of 90) may not roll its teams first to escape the roll."""
    fight = damaged(battle(("GB", "Terran", "FORMIDABLE")), "GB", 26)
    refused(
        "GB's damage control is step 10, the repair phase; roll special damage first \\(step 9\\) for: GB \\(26 of 90 PU lost \\(28.9%\\), more than 20%\\)",
        lambda: turn.damage_control(fight, SFW, "GB", "power_units", RNG, 99),
    )
    rolled = turn.special_damage(fight, SFW, "GB", RNG, 0).state
    assert turn.damage_control(rolled, SFW, "GB", "power_units", RNG, 99).state.ship("GB").lost == 20


def test_s122_a_captac_hits_roll_goes_with_the_hit_in_the_firing_phase():
    """S122 with S098: the CapTac hit's own special damage roll ("In addition, roll two die") is made
    in the firing phase without ending it; the roll for damage beyond 20% begins step 9."""
    fight = combat.tow(battle(("GB", "Terran", "FORMIDABLE"), ("VICTORY", "Aquarian", "VICTORY")), "GB", 2).state
    fight = combat.fire_captac(fight, SFW, "GB", "VICTORY", True, 10).state
    fight = turn.special_damage(fight, SFW, "VICTORY", RNG, 0).state
    assert fight.step == "firing"
    assert combat.fire_captac(fight, SFW, "GB", "VICTORY", True, 10).state.ship("VICTORY").lost == 80


def test_a_fortress_keeps_the_turns_order_too():
    """The fortress's allocation, hits, special damage and damage control keep the same steps
    (:func:`turn.fortress_at`, as the commands and the app call it)."""
    fight = fortress_phase.build(battle(("GB", "Aquarian", "FORMIDABLE")), SFW, "Reef", "Terran", ["LSS", "WP"]).state
    fight = combat.hit(fight, SFW, "GB", "offensive", pu=5).state
    refused("Reef's power allocation belongs to power allocation", lambda: turn.fortress_at(fight, "Reef", "allocation"))
    later = turn.fortress_at(fight, "Reef", "repair")
    refused("a hit on Reef belongs to the firing phase, and turn 1 is at step 10", lambda: turn.fortress_at(later, "Reef", "firing"))


def test_the_command_line_refuses_an_action_out_of_its_step(tmp_path):
    """``referee sfw allocate`` after a hit: exit 2, one line naming the steps and the rule, the file unchanged."""
    path = tmp_path / "e.toml"
    assert runner.invoke(cli, ["sfw", "new", str(path), "--side", "Terran", "--side", "Aquarian"]).exit_code == 0
    for ship, side in (("VICTORY", "Terran"), ("SAMURAI", "Aquarian")):
        args = ["sfw", "add", ship, "--class", "VICTORY", "--side", side, "--value", "launchers=2", "--value", "reloads=30", "-e", str(path)]
        assert runner.invoke(cli, args).exit_code == 0
    assert runner.invoke(cli, ["sfw", "hit", "SAMURAI", "--pu", "10", "-e", str(path)]).exit_code == 0
    before = path.read_text()
    done = runner.invoke(cli, ["sfw", "allocate", "VICTORY", "--speed", "3", "-e", str(path)])
    assert done.exit_code == 2 and "belongs to power allocation, the turn's first step, and turn 1 is at the firing phase already" in done.output
    assert "Traceback" not in done.output and path.read_text() == before


def test_the_step_is_kept_in_the_file_an_old_file_starts_at_allocation_a_bad_one_is_refused():
    """The turn's step is saved (``step``, left out at allocation, so older files load unchanged);
    a hand-edited step that is not one of the five is refused with the five named."""
    import pytest

    from referee.errors import RefereeError
    from referee.starfleet_wars import engagement_file

    fight = combat.hit(battle(("GB", "Terran", "FORMIDABLE")), SFW, "GB", "offensive", pu=5).state
    data = engagement_file.to_dict(fight)
    assert data["step"] == "firing" and engagement_file.from_dict(data).step == "firing"
    data.pop("step")
    assert engagement_file.from_dict(data).step == "allocation"
    with pytest.raises(RefereeError, match="step must be one of allocation, movement, firing, special damage, repair, not 'moving'"):
        engagement_file.from_dict({**data, "step": "moving"})


def test_the_apps_lists_offer_only_what_the_step_allows():
    """S144, S143: the lists the app offers answer the same order: no damage control team while a
    special damage roll is owed; no launch once step 9 began."""
    from referee.starfleet_wars import choices

    fight = damaged(battle(("GB", "Terran", "FORMIDABLE")), "GB", 26)
    assert choices.teams_ready(fight, SFW, "GB") == 0 and choices.launches(fight, fight.ship("GB"))
    rolled = turn.special_damage(fight, SFW, "GB", RNG, 0).state
    assert choices.teams_ready(rolled, SFW, "GB") == 2 and not choices.launches(rolled, rolled.ship("GB"))
    assert choices.open_for(rolled, "repair") and not choices.open_for(rolled, "firing")


def fortress_turn() -> Engagement:
    """S143's order for a starfortress (1 LSS, 1 WP, a MAD) facing a GAC, two CapTacs in its tractor beam."""
    fight = battle(("GAC", "Aquarian", "CONSTELLATION"))
    fight = fortress_phase.build(fight, SFW, "Bastion", "Terran", ["LSS", "WP"], [("WP 1", "LSS 1")], mads=1).state
    fight = fortress_phase.place_mad(fight, SFW, "Bastion MAD 1", "WP 1").state  # placed as set up: the turn stays at allocation
    return fortress_phase.hold(fight, "Bastion", 2, 0).state


def test_s143_a_fortress_keeps_the_turns_order():
    """S143 for a starfortress: "These totals are your factors used to engage your opponent's ship
    for that turn" (its allocation, and the CIDS die rolls "allocated" to a module: the lender fires
    "with the die rolls that were not loaned"); the MAD "may move from one module to an adjacent
    module" (movement, after allocation: the Example of Play moves, then fires); "Attack craft and
    particle weapons are launched, fired or attacked within the same manner as starships" (the
    firing phase), "CapTacs are fired upon by CIDS and starfighters before the CapTacs are launched";
    Special Damage "as step 9". Each action refused once a later step began."""
    fight = fortress_turn()
    fight = fortress_phase.loan(fight, "Bastion", "WP 1", "LSS 1", 4).state
    fight = fortress_phase.allocate(turn.fortress_at(fight, "Bastion", "allocation"), "Bastion", 5, 5).state
    assert fight.step == "allocation"
    fight = fortress_phase.place_mad(fight, SFW, "Bastion MAD 1", "LSS 1").state
    assert fight.step == "movement"
    refused("Bastion's CIDS loan belongs to power allocation, the turn's first step, and turn 1 is at movement", lambda: fortress_phase.loan(fight, "Bastion", "WP 1", "LSS 1", 1))
    refused("Bastion's power allocation belongs to power allocation", lambda: turn.fortress_at(fight, "Bastion", "allocation"))
    fight = fortress_phase.shoot_down(fight, SFW, "Bastion", [("LSS 1", 25)]).state  # the GAC's CIDS on a CapTac in the beam first
    assert fight.step == "firing"
    refused(
        "Bastion MAD 1's move belongs to movement, between power allocation and the firing phase, and turn 1 is at the firing phase",
        lambda: fortress_phase.place_mad(fight, SFW, "Bastion MAD 1", "WP 1"),
    )
    fight = fortress_phase.launch(fight, SFW, "Bastion", "WP 1", 2).state
    fight = fortress_phase.launch_craft(fight, "Bastion", "WP 1", 1).state
    fight = fortress_phase.fire_captac(fight, SFW, "Bastion", "GAC", False, 12).state
    fight = fortress_phase.hold(fight, "Bastion", 1, 0).state  # taken into the beam (as a ship's tow) until the firing phase is over
    refused(
        "Bastion launched a CapTac this turn already: CIDS and starfighters fire on its CapTacs before they are launched", lambda: fortress_phase.shoot_down(fight, SFW, "Bastion", [("LSS 1", 25)])
    )
    fight = combat.hit(fight, SFW, "GAC", "offensive", pu=40).state
    fight = turn.special_damage(fight, SFW, "GAC", RNG, 0).state
    assert fight.step == "special damage"
    after = "and turn 1 is at step 9, the Special Damage rolls already .*: it waits for turn 2"
    refused(f"Bastion's launch belongs to the firing phase, {after}", lambda: fortress_phase.launch(fight, SFW, "Bastion", "WP 1", 1))
    refused(f"Bastion's attack craft launch belongs to the firing phase, {after}", lambda: fortress_phase.launch_craft(fight, "Bastion", "WP 1", 1))
    refused(f"an assault on Bastion belongs to the firing phase, {after}", lambda: fortress_phase.assault(fight, "Bastion", "WP 1", 1))
    refused(f"Bastion's CapTac belongs to the firing phase, {after}", lambda: fortress_phase.fire_captac(fight, SFW, "Bastion", "GAC", False, 12))
    refused(f"Bastion's taking CapTacs into its tractor beam belongs to the firing phase, {after}", lambda: fortress_phase.hold(fight, "Bastion", 1))
    refused(f"Bastion's release of CapTacs belongs to the firing phase, {after}", lambda: fortress_phase.release(fight, "Bastion", 1))
    refused(f"a CapTac shot down belongs to the firing phase, {after}", lambda: fortress_phase.shoot_down(fight, SFW, "Bastion", [("LSS 1", 25)]))
    fight = fortress_phase.special_damage(turn.fortress_at(fight, "Bastion", "special damage"), SFW, "Bastion", RNG, 0).state  # 25 of its 100 PU lost
    following = turn.next_turn(fight).state
    following = fortress_phase.loan(following, "Bastion", "WP 1", "LSS 1", 4).state
    assert fortress_phase.shoot_down(following, SFW, "Bastion", [("LSS 1", 25)]).state.step == "firing"  # a new turn: before any launch


def test_s143_a_maatac_fortress_garrisons_before_firing_and_a_mad_loses_its_mobility_in_it():
    """S143 for a MAATAC fortress: "Infantry units and RAATACS may be placed in any module" (their
    placement is movement, before the firing phase); "If they are hit and lose their mobility
    factor" (a hit: the firing phase). The app's lists follow."""
    from referee.starfleet_wars import choices

    fight = battle(("GAC", "Aquarian", "CONSTELLATION"))
    fight = fortress_phase.build(fight, SFW, "Outpost", "Terran", ["WP", "LSS", "CM"], mads=1, maatac=True).state
    fight = fortress_phase.garrison(fight, "Outpost", "CM 1", 5).state
    assert fight.step == "allocation"  # the garrison is the fortress as set up: the turn's power is still to divide
    fight = turn.allocate(fight, "GAC", Allocation(2, 5, 5)).state
    assert choices.immobilised(fight, fight.ship("Outpost MAD 1")) and choices.mad_moves(fight, fight.ship("Outpost MAD 1"))
    fight = fortress_phase.mobility_lost(fight, "Outpost MAD 1").state
    assert fight.step == "firing"
    assert not (choices.immobilised(fight, fight.ship("Outpost MAD 1")) or choices.mad_moves(fight, fight.ship("Outpost MAD 1")))
    refused("Outpost's garrison belongs to movement, between power allocation and the firing phase, and turn 1 is at the firing phase", lambda: fortress_phase.garrison(fight, "Outpost", "CM 1", 4))
    fight = combat.hit(fight, SFW, "GAC", "offensive", pu=40).state
    fight = turn.special_damage(fight, SFW, "GAC", RNG, 0).state
    fight = fortress_phase.build(fight, SFW, "Redoubt", "Terran", ["LSS"], mads=1, maatac=True).state
    refused("a hit on Redoubt MAD 1 belongs to the firing phase, and turn 1 is at step 9", lambda: fortress_phase.mobility_lost(fight, "Redoubt MAD 1"))
    gone = fight.ship("Outpost MAD 1")._replace(destroyed="destroyed with its module")
    refused("Outpost MAD 1 is destroyed", lambda: fortress_phase.mobility_lost(fight.replaced(gone), "Outpost MAD 1"))


def test_s143_the_apps_lists_offer_a_fortresss_actions_only_in_their_step():
    """S143, S037 as the app's lists ask them: the MAD moves until the firing phase; a module that
    launched is offered again next turn only once reload power was spent; nothing of the firing
    phase is offered from step 9 on."""
    from referee.starfleet_wars import choices

    fight = fortress_turn()
    mad = fight.ship("Bastion MAD 1")
    assert choices.mad_moves(fight, mad) and choices.launching_modules(fight, SFW, fight.fortress("Bastion")) == ["WP 1"]
    fight = fortress_phase.launch(fight, SFW, "Bastion", "WP 1", 6).state
    assert not choices.mad_moves(fight, mad) and choices.launching_modules(fight, SFW, fight.fortress("Bastion")) == []
    following = turn.next_turn(fight).state
    assert choices.launching_modules(following, SFW, following.fortress("Bastion")) == []
    following = fortress_phase.allocate(following, "Bastion", 1, 1, 5).state
    assert choices.launching_modules(following, SFW, following.fortress("Bastion")) == ["WP 1"]
    fight = turn.special_damage(combat.hit(fight, SFW, "GAC", "offensive", pu=40).state, SFW, "GAC", RNG, 0).state
    bastion = fight.fortress("Bastion")
    assert not (choices.craft_modules(fight, bastion) or choices.assaulted_modules(fight, bastion) or choices.fortress_holding(fight, bastion))
