"""The whole war held to the campaign book (issue 34): a checker that reads the war's log and states,
not the rules' functions (tests/helpers/war_check.py), is told of every action the seeded generator
takes (benchmarks/war.py) and asserts the book's invariants at each.

A short war runs in the suite; with REFEREE_LONG set, the generated war of 150 days (seed 19, as
``make war`` plays it). Each invariant is a test. Those today's code breaks are expected failures
naming the defect (strict: once it is fixed the test passes, pytest says so, and the mark goes).
Below, each invariant's check is shown to catch a hand-broken action of the war.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from referee.sathar_war import battles
from referee.sathar_war.campaign import Campaign, Done, Entry, Fight, Place, Unit
from tests.helpers.once import once, run_folder
from tests.helpers.tables import TABLES
from tests.helpers.war_check import INVARIANTS, Seen, WarCheck

sys.path.insert(0, str(Path(__file__).parents[3] / "benchmarks"))
import war as generator  # noqa: E402

LONG = os.environ.get("REFEREE_LONG", "")
SEED = 5 if LONG else 19  # long: the fixtures' war (make war, decided on day 147); short: a war whose first 15 days hold every kind of action the tests break
DAYS = 150 if LONG else 15  # the short war: battles fought both ways, the fighters' rearms out of supply


class Taken(NamedTuple):
    """An action of the war as the checker was told of it, with what the checker knew before it."""

    what: str
    before: Campaign
    done: Done
    seen: Seen


class Recorder:
    """The checker, keeping each action of the war for the tests that break one."""

    def __init__(self) -> None:
        self.check = WarCheck(TABLES)
        self.taken: list[Taken] = []

    def __call__(self, what: str, before: Campaign, done: Done) -> None:
        self.taken.append(Taken(what, before, done, self.check.seen.copy()))
        self.check(what, before, done)

    def first(self, wanted: Callable[[Taken], bool]) -> Taken:
        return next(t for t in self.taken if wanted(t))


def recorded() -> Recorder:
    recorder = Recorder()
    generator.play(SEED, DAYS, watch=recorder)
    return recorder


@pytest.fixture(scope="module")
def war(tmp_path_factory: pytest.TempPathFactory) -> Recorder:
    """The war played and checked once for the whole run (each worker would play it again: 6 s)."""
    return once(run_folder(tmp_path_factory), f"war-check-{SEED}-{DAYS}", recorded)


@pytest.mark.parametrize("invariant", INVARIANTS)
def test_the_generated_war_keeps_the_book(war: Recorder, invariant: str) -> None:
    assert war.check.actions == len(war.taken) > 200
    assert not war.check.of(invariant), war.check.report(invariant)


# ---------------------------------------------------------------------- each check catches a broken war


def caught(
    taken: Taken, invariant: str, *, what: str = "", before: Campaign | None = None, after: Campaign | None = None, entries: tuple[Entry, ...] | None = None, seen: Seen | None = None
) -> list[str]:
    """The ships the checker names for one invariant, told of the action as taken or broken."""
    check = WarCheck(TABLES)
    check.seen = (seen or taken.seen).copy()
    check(what or taken.what, before or taken.before, Done(after or taken.done.campaign, taken.done.entries if entries is None else entries))
    return [v.ship for v in check.of(invariant)]


def changed(campaign: Campaign, name: str, **fields: object) -> Campaign:
    return campaign.with_units([campaign.unit(name)._replace(**fields)])  # type: ignore[arg-type]


def hull(unit: Unit, points: int) -> Unit:
    return unit._replace(roster=unit.roster._replace(hull=points))


def one_box_moves(war: Recorder, side: str, red: bool) -> Iterator[tuple[Taken, Unit, Unit]]:
    """Ships that moved one box along a route (red: a start circle's path; else a blue route, far
    from the jump box) without a carrier, with the action."""
    for taken in war.taken:
        if taken.what != "campaign move":
            continue
        frontier = taken.before.frontier
        for unit in taken.before.side(side):  # type: ignore[arg-type]
            now = taken.done.campaign.unit(unit.name)
            was, place = unit.place, now.place
            if was is None or place is None or not (was.on_route and place.on_route and was.where == place.where) or unit.roster.carried_by:
                continue
            route = frontier.route(place.where)
            if route.red == red and abs(place.box - was.box) == 1 and (red or abs(route.jump_box(place.toward) - place.box) >= 4):
                yield taken, unit, now


def a_move(war: Recorder, side: str = "UPF", red: bool = False) -> tuple[Taken, Unit, Unit]:
    return next(one_box_moves(war, side, red))


def moved_to(taken: Taken, unit: Unit, place: Place) -> Campaign:
    return changed(taken.done.campaign, unit.name, place=place)


def test_box_rate_four_boxes_in_a_day(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    far = now.place._replace(box=now.place.box + (3 if now.place.box > unit.place.box else -3))  # type: ignore[union-attr]
    assert unit.name not in caught(taken, "box-rate")
    assert unit.name in caught(taken, "box-rate", after=moved_to(taken, unit, far))


def test_hull_damage_two_boxes_in_a_day(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    two = now.place._replace(box=now.place.box + (1 if now.place.box > unit.place.box else -1))  # type: ignore[union-attr]
    hurt = taken.before.with_units([hull(unit, unit.roster.hull_start - 1)])
    assert unit.name not in caught(taken, "hull-damage-one-box", after=moved_to(taken, unit, two))
    assert unit.name in caught(taken, "hull-damage-one-box", before=hurt, after=moved_to(taken, unit, two))


def test_red_boxes_two_in_a_day(war: Recorder) -> None:
    taken, unit, now = a_move(war, "Sathar", red=True)
    two = now.place._replace(box=now.place.box + (1 if now.place.box > unit.place.box else -1))  # type: ignore[union-attr]
    assert unit.name not in caught(taken, "red-boxes-one-a-day")
    assert unit.name in caught(taken, "red-boxes-one-a-day", after=moved_to(taken, unit, two))


def test_one_move_a_day_a_second_move(war: Recorder) -> None:
    taken, unit, _ = a_move(war)
    again = taken.seen.copy()
    again.moved_today.add(unit.name)
    assert unit.name not in caught(taken, "one-move-a-day")
    assert unit.name in caught(taken, "one-move-a-day", seen=again)
    assert unit.name in caught(taken, "one-move-a-day", before=taken.before._replace(step="sathar-move"))  # out of its side's step


def test_along_routes_a_jump_to_another_route(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    elsewhere = next(r for r in taken.before.frontier.routes if not set(r.ends) & set(taken.before.frontier.route(now.place.where).ends))  # type: ignore[union-attr]
    assert unit.name in caught(taken, "along-routes", after=moved_to(taken, unit, Place(elsewhere.name, box=1, toward=elsewhere.ends[1])))


def test_stop_at_starburst_through_a_system(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    route = taken.before.frontier.route(now.place.where)  # type: ignore[union-attr]
    end = now.place.toward  # type: ignore[union-attr]
    beyond = next(r for r in taken.before.frontier.routes if end in r.ends and set(r.ends) != set(route.ends))
    box = 1 if end == beyond.ends[0] else beyond.boxes
    near = changed(taken.before, unit.name, place=now.place._replace(box=route.boxes if end == route.ends[1] else 1))  # type: ignore[union-attr]
    assert unit.name in caught(taken, "stop-at-starburst", before=near, after=moved_to(taken, unit, Place(beyond.name, box=box, toward=beyond.other(end))))


def test_stop_at_jump_box_going_past_it(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    place = now.place
    assert place is not None
    route = taken.before.frontier.route(place.where)
    jump = route.jump_box(place.toward)
    step = 1 if place.toward == route.ends[1] else -1
    before = changed(taken.before, unit.name, place=place._replace(box=jump - step, rate=2))
    assert unit.name not in caught(taken, "stop-at-jump-box", before=before, after=moved_to(taken, unit, place._replace(box=jump, rate=2, jumped=True)))
    assert unit.name in caught(taken, "stop-at-jump-box", before=before, after=moved_to(taken, unit, place._replace(box=jump + step, rate=2, jumped=True)))


def test_misjump_roll_a_risk_jump_with_no_roll(war: Recorder) -> None:
    taken = war.first(lambda t: any("jump safely" in e.text for e in t.done.entries))
    ship = next(a.name for b, a in zip(taken.before.units, taken.done.campaign.units) if a.place and a.place.jumped and not (b.place and b.place.jumped) and not a.roster.carried_by)
    assert ship not in caught(taken, "misjump-roll")
    assert ship in caught(taken, "misjump-roll", entries=tuple(e._replace(rolls=()) for e in taken.done.entries))


def test_turn_back_one_box_two_boxes_back(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    was = unit.place
    assert was is not None and now.place is not None
    back = was._replace(box=was.box - 2 * (now.place.box - was.box), toward=taken.before.frontier.route(was.where).other(was.toward), turned=True)
    assert unit.name in caught(taken, "turn-back-one-box", after=moved_to(taken, unit, back))


def test_upf_off_red_paths(war: Recorder) -> None:
    taken, unit, _ = a_move(war)
    circle = taken.before.frontier.circles[0]
    assert unit.name in caught(taken, "upf-off-red-paths", after=moved_to(taken, unit, Place(circle.path.name, box=1, toward=circle.system)))


def test_day_one_a_ship_left_in_its_circle(war: Recorder) -> None:
    taken = war.first(lambda t: t.what == "campaign advance" and t.before.day == 1 and t.before.step == "sathar-move")
    ship = next(u for u in taken.before.side("Sathar") if u.active and not u.fighter)
    assert ship.name in caught(taken, "day-one", before=changed(taken.before, ship.name, place=Place(ship.circle)))


def test_misjump_lost_a_ship_back(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    assert unit.name in caught(taken, "misjump-lost", before=changed(taken.before, unit.name, status="misjumped", place=None))


def test_militia_home_two_systems_away(war: Recorder) -> None:
    taken, _, _ = a_move(war)
    militia = next(u for u in taken.before.units if u.militia and u.home == "Gollywog")  # White Light: Prenglar is two systems away
    assert militia.name in caught(taken, "militia-home", after=changed(taken.done.campaign, militia.name, place=Place("Prenglar", "Gran Quivera")))
    assert militia.name in caught(taken, "militia-home", after=changed(taken.done.campaign, militia.name, bound="Prenglar"))


def test_stations_stay_in_orbit(war: Recorder) -> None:
    taken, _, _ = a_move(war)
    station = next(u for u in taken.before.units if u.station and u.active)
    assert station.name in caught(
        taken, "stations-stay", after=changed(taken.done.campaign, station.name, place=Place("Prenglar", "Gran Quivera" if station.home != "Gran Quivera" else "Morgaine's World"))
    )


def test_turn_sequence_a_step_skipped(war: Recorder) -> None:
    taken = war.first(lambda t: t.what == "campaign advance" and t.before.step == "upf-move")
    assert caught(taken, "turn-sequence") == []
    assert caught(taken, "turn-sequence", after=taken.done.campaign._replace(step="upf-attacks"))


def at_setup_end(war: Recorder) -> Taken:
    return war.first(lambda t: t.what == "campaign advance" and t.before.step == "setup")


def test_upf_setup_a_task_force_elsewhere(war: Recorder) -> None:
    taken = at_setup_end(war)
    assert caught(taken, "upf-setup") == []
    assert caught(taken, "upf-setup", before=changed(taken.before, "TF Prenglar Battleship", place=Place("Cassidine", "Triad"))) == ["TF Prenglar Battleship"]


def test_sathar_setup_too_few_ships(war: Recorder) -> None:
    taken = at_setup_end(war)
    placed = [u for u in taken.before.side("Sathar") if u.active and not u.fighter]
    fewer = taken.before.with_units(u._replace(status="off-map", place=None) for u in placed[10:])
    assert caught(taken, "sathar-setup") == []
    assert caught(taken, "sathar-setup", before=fewer) == ["-"]


def test_start_circle_half_every_ship_in_one_circle(war: Recorder) -> None:
    taken = at_setup_end(war)
    placed = [u for u in taken.before.side("Sathar") if u.active]
    circle = placed[0].place
    assert caught(taken, "start-circle-half") == []
    assert caught(taken, "start-circle-half", before=taken.before.with_units(u._replace(place=circle) for u in placed)) != []


def test_sathar_placed_in_a_system(war: Recorder) -> None:
    taken = war.first(lambda t: t.what == "campaign place" and t.before.step == "sathar-move")
    ship = next(a for b, a in zip(taken.before.units, taken.done.campaign.units) if not b.active and a.active and not a.fighter)
    assert ship.name not in caught(taken, "sathar-placed-in-circles")
    assert ship.name in caught(taken, "sathar-placed-in-circles", after=changed(taken.done.campaign, ship.name, place=Place("Prenglar", "Gran Quivera")))


def test_nova_placed_where_the_die_does_not_say(war: Recorder) -> None:
    taken = war.first(lambda t: t.what == "campaign nova")
    battleship = "SF NOVA Battleship"
    assert caught(taken, "nova-placement") == []
    assert battleship in caught(taken, "nova-placement", after=changed(taken.done.campaign, battleship, place=Place("Truane's Star", "Pale")))


def declared(war: Recorder) -> Taken:
    return war.first(lambda t: t.what == "campaign battle declare" and t.before.step == "sathar-attacks")


def test_attack_declaration_a_planet_of_another_system(war: Recorder) -> None:
    taken = declared(war)
    fight = taken.done.campaign.fights[-1]
    assert caught(taken, "attack-declaration") == []
    assert caught(taken, "attack-declaration", after=taken.done.campaign._replace(fights=(*taken.before.fights, fight._replace(planet="Triad")))) == ["-"]
    assert caught(taken, "attack-declaration", before=taken.before._replace(step="upf-attacks")) == ["-"]


def test_one_planet_a_day_a_second_planet(war: Recorder) -> None:
    taken = declared(war)
    fight = taken.done.campaign.fights[-1]
    attacker = next(n for n in fight.ships if taken.before.unit(n).side == "Sathar")
    seen = taken.seen.copy()
    seen.attacked[attacker] = "Triad"
    assert attacker not in caught(taken, "one-planet-a-day")
    assert attacker in caught(taken, "one-planet-a-day", seen=seen)


def test_upf_not_attack_attackers(war: Recorder) -> None:
    taken = declared(war)
    fight = taken.done.campaign.fights[-1]
    sathar = next(n for n in fight.ships if taken.before.unit(n).side == "Sathar")
    seen = taken.seen.copy()
    seen.attacked[sathar] = fight.planet
    upf = Fight(fight.system, fight.planet, "UPF", fight.ships, fight.rules)
    before = taken.before._replace(step="upf-attacks")
    assert sathar in caught(taken, "upf-not-attack-attackers", before=before, after=taken.done.campaign._replace(step="upf-attacks", fights=(upf,)), seen=seen)


def results(war: Recorder) -> Taken:
    return war.first(lambda t: t.what == "Results")


def a_survivor(taken: Taken) -> Unit:
    fight = taken.before.fights[0]
    return next(a for a in (taken.done.campaign.unit(n) for n in fight.ships) if a.active and not a.station and not a.fighter)


def test_escape_to_a_box_not_adjacent(war: Recorder) -> None:
    taken = results(war)
    ship = a_survivor(taken)
    route = next(r for r in taken.before.frontier.routes if taken.before.fights[0].system in r.ends)
    far = Place(route.name, box=route.boxes // 2 + 1, toward=route.ends[1])
    assert ship.name not in caught(taken, "escape-to-adjacent-box")
    assert ship.name in caught(taken, "escape-to-adjacent-box", after=changed(taken.done.campaign, ship.name, place=far))


def test_basic_rules_a_drive_hit(war: Recorder) -> None:
    taken = results(war)
    assert taken.before.fights[0].game == "basic"
    ship = a_survivor(taken)
    assert ship.name not in caught(taken, "basic-rules-hull-only")
    assert ship.name in caught(taken, "basic-rules-hull-only", after=changed(taken.done.campaign, ship.name, roster=ship.roster._replace(adf=ship.roster.adf - 1)))


def test_results_say_unchanged_of_a_ship_destroyed(war: Recorder) -> None:
    taken = results(war)
    lost = next(a for b, a in zip(taken.before.units, taken.done.campaign.units) if b.active and a.status == "destroyed")
    said = taken.done.entries + (Entry(taken.before.day, taken.before.step, f"after the battle, unchanged: {lost.name}"),)
    assert lost.name in caught(taken, "results-say-what-became", entries=said)


def test_results_table_a_carrier_destroyed_with_its_fighters_aboard(war: Recorder) -> None:
    """Though the generated war does not come to it: the results table (battles.record_all) enters a
    carrier destroyed and its fighters aboard left as they were; they are lost with it, not unchanged."""
    taken = war.first(lambda t: t.what == "campaign battle declare" and any(t.before.unit(n).ship_class == "assault carrier" and t.before.aboard(n) for n in t.done.campaign.fights[-1].ships))
    campaign = taken.done.campaign
    carrier = next(n for n in campaign.fights[-1].ships if campaign.unit(n).ship_class == "assault carrier" and campaign.aboard(n))
    outcomes = {f.name: battles.Outcome() for f in campaign.aboard(carrier)} | {carrier: battles.Outcome(destroyed=True)}
    entered = battles.record_all(campaign, outcomes)
    check = WarCheck(TABLES)
    check.seen = taken.seen.copy()
    check("Results", campaign, entered)
    assert check.of("results-say-what-became") == []


def test_fighters_in_a_transit_box_without_a_carrier(war: Recorder) -> None:
    taken, _, now = a_move(war)
    fighter = next(u for u in taken.before.units if u.fighter and u.active)
    loose = fighter._replace(place=now.place, roster=fighter.roster._replace(carried_by=""))
    assert fighter.name in caught(taken, "fighters-transit", after=taken.done.campaign.with_units([loose]))


def test_carrier_capacity_nine_sathar_fighters(war: Recorder) -> None:
    taken, _, _ = a_move(war)
    carrier = next(u for u in taken.before.side("Sathar") if u.ship_class == "assault carrier" and u.active)
    fighters = [f for f in taken.before.side("Sathar") if f.fighter][:9]
    aboard = [f._replace(status="active", place=carrier.place, roster=f.roster._replace(carried_by=carrier.name)) for f in fighters]
    assert carrier.name in caught(taken, "carrier-capacity", after=taken.done.campaign.with_units(aboard))


def day_ends(war: Recorder, wanted: Callable[[Taken], bool] = lambda t: True) -> Taken:
    return war.first(lambda t: t.what == "campaign advance" and t.before.step == "upf-attacks" and wanted(t))


def test_fighters_left_out_survive_the_night(war: Recorder) -> None:
    taken = day_ends(war, lambda t: any(u.fighter and u.active for u in t.before.units))
    fighter = next(u for u in taken.before.units if u.fighter and u.active)
    out = taken.before.with_units([fighter._replace(roster=fighter.roster._replace(carried_by=""))])
    assert fighter.name not in caught(taken, "fighters-left-out")
    assert fighter.name in caught(taken, "fighters-left-out", before=out)


def said(taken: Taken, text: str) -> tuple[Entry, ...]:
    return (*taken.done.entries, Entry(taken.before.day, taken.before.step, text))


def test_rearm_who_a_ship_that_moved(war: Recorder) -> None:
    taken = day_ends(war, lambda t: any(e.text.endswith(")") and ": it moved today (" in e.text for e in t.done.entries))
    name = next(e.text.removeprefix("the ").partition(" does not rearm")[0] for e in taken.done.entries if ": it moved today (" in e.text)
    ship = taken.done.campaign.unit(name)
    full = ship.roster._replace(weapons=tuple(w._replace(count=w.start) for w in ship.roster.weapons))
    seen = taken.seen.copy()
    seen.moved_today.add(name)
    assert name in caught(taken, "rearm-who", after=changed(taken.done.campaign, name, roster=full), seen=seen)


def test_supply_paths_out_of_supply_said_of_a_ship_in_supply(war: Recorder) -> None:
    taken = day_ends(war)
    ship = next(u for u in taken.before.side("Sathar") if u.active and not u.fighter)  # on its start circle's path: in supply
    assert ship.name not in caught(taken, "supply-paths")
    assert ship.name in caught(taken, "supply-paths", entries=said(taken, f"the {ship.name} does not rearm: its system is out of supply (T 1 of 2)"))
    carrier = next(u for u in taken.before.side("Sathar") if u.active and taken.before.aboard(u.name))
    refused = f"the {taken.before.aboard(carrier.name)[0].name} cannot rearm: the {carrier.name} must be resupplied first (rearmed its fighters twice out of supply)"
    assert carrier.name in caught(taken, "supply-paths", entries=said(taken, refused))


def out_of_supply(campaign: Campaign, carrier: str) -> Campaign:
    """The carrier and its fighters between two UPF systems, far from every start circle."""
    place = Place("Prenglar - Cassidine", box=3, toward="Cassidine")
    moved = [campaign.unit(carrier), *campaign.aboard(carrier)]
    return campaign.with_units(u._replace(status="active", place=place) for u in moved)


def test_fighter_rearms_a_third_out_of_supply(war: Recorder) -> None:
    taken = day_ends(war, lambda t: any(u.fighter and u.active and u.side == "Sathar" for u in t.before.units))
    fighter = next(u for u in taken.before.side("Sathar") if u.fighter and u.active and not any(u.name in f.ships for f in taken.before.fights))
    before = out_of_supply(taken.before, fighter.roster.carried_by)
    before = before.with_units([before.unit(fighter.name)._replace(roster=fighter.roster.with_system(fighter.roster.weapons[0]._replace(count=0)))])
    after = changed(taken.done.campaign, fighter.name, roster=fighter.roster.with_system(fighter.roster.weapons[0]._replace(count=fighter.roster.weapons[0].start)))
    twice = taken.seen.copy()
    twice.fighter_rearms[fighter.name] = 2
    assert fighter.name not in caught(taken, "fighter-rearms", before=before, after=after)
    assert fighter.name in caught(taken, "fighter-rearms", before=before, after=after, seen=twice)
    refused = said(taken, f"the {fighter.name} cannot rearm: the {fighter.roster.carried_by} must be resupplied first (rearmed its fighters twice out of supply)")
    assert fighter.name not in caught(taken, "fighter-rearms", entries=refused, seen=twice)
    assert fighter.name in caught(taken, "fighter-rearms", entries=refused)


def docked_and_repaired(taken: Taken, hull_points: int) -> tuple[Campaign, Campaign, str]:
    """A UPF battleship docked at Gran Quivera Station (Prenglar's centre, 40 hull points a day), hull
    10 of 120, before; repaired by ``hull_points`` after."""
    name = "TF Prenglar Battleship"
    ship = taken.before.unit(name)
    place, docked = Place("Prenglar", "Gran Quivera"), ship.roster._replace(docked_at="Gran Quivera Station", hull=10)
    sathar = [u._replace(status="off-map", place=None) for u in taken.before.side("Sathar") if u.system(taken.before.frontier) == "Prenglar"]
    before = taken.before.with_units([ship._replace(place=place, roster=docked), *sathar])
    after = taken.done.campaign.with_units([ship._replace(place=place, roster=docked._replace(hull=10 + hull_points))])
    return before, after, name


def test_repair_capacity_more_than_the_table(war: Recorder) -> None:
    taken = day_ends(war)
    before, after, name = docked_and_repaired(taken, 40)
    assert caught(taken, "repair-capacity", before=before, after=after) == []
    before, after, name = docked_and_repaired(taken, 41)
    assert caught(taken, "repair-capacity", before=before, after=after) == [name]


def test_repair_full_day_docked_after_moving(war: Recorder) -> None:
    taken = day_ends(war)
    before, after, name = docked_and_repaired(taken, 20)
    still, moved = taken.seen.copy(), taken.seen.copy()
    still.moved_today.discard(name)
    moved.moved_today.add(name)
    assert caught(taken, "repair-full-day", before=before, after=after, seen=still) == []
    assert caught(taken, "repair-full-day", before=before, after=after, seen=moved) == [name]


def test_repair_one_system_and_hull_in_a_day(war: Recorder) -> None:
    taken = day_ends(war)
    before, after, name = docked_and_repaired(taken, 20)
    slow = before.with_units([before.unit(name)._replace(roster=before.unit(name).roster._replace(adf=1))])
    assert caught(taken, "repair-one-system", before=slow, after=after) == [name]


def test_repair_where_a_ship_in_a_transit_box(war: Recorder) -> None:
    taken = day_ends(war)
    before, after, name = docked_and_repaired(taken, 20)
    assert caught(taken, "repair-where", before=before, after=after) == []
    away = Place("Prenglar - Cassidine", box=3, toward="Cassidine")
    assert caught(taken, "repair-where", before=changed(before, name, place=away), after=changed(after, name, place=away)) == [name]


def test_repairs_in_space_by_another_action(war: Recorder) -> None:
    taken, unit, now = a_move(war)
    hurt = changed(taken.before, unit.name, roster=unit.roster._replace(hull=1))
    assert unit.name in caught(taken, "repairs-in-space", before=hurt)
    repaired = war.first(lambda t: t.what == "campaign repairs space")
    ship = next(a.name for b, a in zip(repaired.before.units, repaired.done.campaign.units) if b != a)
    failed = repaired.seen.copy()
    failed.station_only.add(ship)
    whole = changed(repaired.done.campaign, ship, roster=repaired.done.campaign.unit(ship).roster._replace(hull=repaired.done.campaign.unit(ship).roster.hull_start))
    assert ship not in caught(repaired, "repairs-in-space", after=whole)
    assert ship in caught(repaired, "repairs-in-space", after=whole, seen=failed)


def test_void_an_undamaged_ship(war: Recorder) -> None:
    taken = at_setup_end(war)
    ship = next(u for u in taken.before.side("Sathar") if u.active and not u.fighter)  # in its start circle
    gone = changed(taken.done.campaign, ship.name, status="void", place=None, returns=taken.before.day + 6)
    assert caught(taken, "void-damaged-only", after=gone) == [ship.name]
    assert caught(taken, "void-damaged-only", before=taken.before.with_units([hull(ship, 1)]), after=gone) == []


def test_void_return_on_the_wrong_day_or_place(war: Recorder) -> None:
    taken = war.first(lambda t: t.what == "campaign advance" and t.before.step == "upf-attacks" and t.before.day == 2)
    name = "Sathar Heavy Cruiser 2"
    circle = taken.before.frontier.circles[0].name
    away = changed(taken.before, name, status="void", place=None, returns=3)
    entered = taken.seen.copy()
    entered.void_entered[name] = taken.done.campaign.day - 6
    back = changed(taken.done.campaign, name, status="active", place=Place(circle), returns=0)
    assert caught(taken, "void-return", before=away, after=back, seen=entered) == []
    entered.void_entered[name] = taken.done.campaign.day - 3
    assert caught(taken, "void-return", before=away, after=back, seen=entered) == [name]


def test_replacement_days_a_upf_ship_back_on_day_five(war: Recorder) -> None:
    taken, unit, _ = a_move(war)
    dead = changed(taken.before, unit.name, status="destroyed", place=None)
    assert unit.name in caught(taken, "replacement-days", before=dead)


def test_replacement_places_at_an_armed_station(war: Recorder) -> None:
    taken, unit, _ = a_move(war)
    dead = changed(taken.before, unit.name, status="destroyed", place=None)
    assert unit.name in caught(taken, "replacement-places", before=dead, after=changed(taken.done.campaign, unit.name, place=Place("Fromeltar", "Groth")))


def test_sathar_replacement_roll_of_twelve_removed(war: Recorder) -> None:
    taken = day_ends(war)
    name = "Sathar Destroyer 3"
    dead = changed(taken.before, name, status="destroyed", place=None)
    after = changed(taken.done.campaign, name, status="removed", place=None)
    rolled = said(taken, f"the {name}: removed")[:-1] + (Entry(taken.before.day, taken.before.step, f"the {name}: permanently removed", ("d100: 12 = 12 (virtual) for Sathar replacement",)),)
    assert name in caught(taken, "sathar-replacement-roll", before=dead, after=after, entries=rolled)


def test_sathar_replacement_next_turn_days_later(war: Recorder) -> None:
    taken = war.first(lambda t: t.what == "campaign place" and t.before.step == "sathar-move")
    ship = next(a.name for b, a in zip(taken.before.units, taken.done.campaign.units) if not b.active and a.active and not a.fighter)
    back = taken.seen.copy()
    back.sathar_back[ship] = taken.before.day - 1
    assert ship not in caught(taken, "sathar-replacement-next-turn", seen=back)
    back.sathar_back[ship] = taken.before.day - 3
    assert ship in caught(taken, "sathar-replacement-next-turn", seen=back)


def test_replace_only_destroyed_a_misjumped_ship(war: Recorder) -> None:
    taken, unit, _ = a_move(war)
    assert unit.name in caught(taken, "replace-only-destroyed", before=changed(taken.before, unit.name, status="removed", place=None))


def test_militia_not_replaced(war: Recorder) -> None:
    taken, _, _ = a_move(war)
    militia = next(u for u in taken.before.units if u.militia and u.active)
    assert militia.name in caught(taken, "militia-not-replaced", before=changed(taken.before, militia.name, status="destroyed", place=None))


def test_sathar_victory_declared_with_no_station_destroyed(war: Recorder) -> None:
    taken, _, _ = a_move(war)
    assert caught(taken, "sathar-victory") == []
    assert caught(taken, "sathar-victory", after=taken.done.campaign._replace(outcome="Sathar victory: 12 stations destroyed, including all four fortresses")) == ["-"]


def test_retreat_declared_before_the_condition_is_met(war: Recorder) -> None:
    taken, _, _ = a_move(war)
    assert caught(taken, "retreat") == []
    declared = taken.done.campaign._replace(outcome="retreat condition 3 is met (The Sathar have lost 40 ships); UPF victory", retreat_revealed=True)
    assert caught(taken, "retreat", after=declared) == ["-"]


def test_every_invariant_has_its_broken_war() -> None:
    """Each invariant's name is in a test above that breaks the war for it."""
    text = Path(__file__).read_text()
    assert [name for name in INVARIANTS if f'"{name}"' not in text.partition("# ----")[2]] == []
