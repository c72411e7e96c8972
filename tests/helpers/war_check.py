"""A checker of the whole war (issue 34): told of every action of a Second Sathar War as it is taken
(its state before, its state after, the log lines it added), it holds each to the campaign book's
invariants and notes every violation with the day, the action, the ship and the book's sentence.

It reads the states' data, the map and the tables, never the rules' functions: where the program
decides (moves, supply, repairs, rearming, replacements, the Void, victory), the checker works it
out again from the book (war_map.py) and compares. The invariants and their sentences are
:data:`INVARIANTS`; each check is a function of this module or of war_check_days.py (the end of the
day: rearming, repairs, fighters left out, replacements, the retreat conditions).

    check = WarCheck(TABLES)
    generator.play(seed, days, watch=check)   # benchmarks/war.py
    check.of("box-rate")                      # the violations of one invariant
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from referee.sathar_war.campaign import Campaign, Done, Entry, Place, Unit
from referee.tables import Tables
from tests.helpers.war_map import damaged, day_move, on_red_path, systems_restored, turned_back

BOOK = "second-sathar-war.txt"
INVARIANTS: dict[str, str] = {
    # the turn sequence and the set-up
    "turn-sequence": 'At the end of each turn, the "Day" counter is moved to the next square on the track. (1. Sathar ... moved. 2. UPF ... moved. 3. Sathar player declares any attacks. 4. UPF player declares any attacks. 5. The Time Record is advanced to the next turn.)',
    "upf-setup": "Stations and fortresses must be in orbit around their planets, as listed on the Order of Battle. Planetary militia ships are docked at the stations orbiting their planets. Task Force Prenglar and Task Force Cassidine are placed in orbit around Morgaine's World and Triad, respectively.",
    "sathar-setup": "After the UPF ships are deployed, the Sathar player must place at least 20 of his ships (not counting fighters) on the FDM. These ships must be divided among two or more of the Sathar Start Circles.",
    "sathar-placed-in-circles": "Sathar ships that are not placed on the map at this time can be placed in a start circle at the beginning of the Sathar move on any later turn.",
    "start-circle-half": "On any turn, however, no more than half of the Sathar ships placed on the map may start in one start circle.",
    "nova-placement": "Whenever Strike Force NOVA is placed on the map, the UPF player must roll 1d10 and check the Strike Force NOVA Placement table. The strike force is immediately placed on the map wherever the dice roll indicates.",
    "stations-stay": "Each station is in orbit around the indicated planet.",
    # movement
    "one-move-a-day": "1. Sathar reinforcements are placed on the map. Sathar ships are moved. 2. UPF reinforcements are placed on the map. UPF ships are moved. ... A ship normally moves only one transit box per turn.",
    "along-routes": "Ships move from system starbursts to transit boxes, and along transit boxes to other star systems.",
    "upf-off-red-paths": "The light red boxes connecting the Start Circles to star systems are the paths that the Sathar must follow in order to attack the star systems.",
    "box-rate": "Ships with an ADF of 2 or more can move two transit boxes per day. Ships with an ADF of 3 or more can move three transit boxes per day. No ship can move more than three transit boxes per day",
    "hull-damage-one-box": "A ship with unrepaired hull damage may never move more than one transit box per turn.",
    "red-boxes-one-a-day": "Sathar ships in the Sathar Start Circle or the red transit boxes connected to the start circles cannot decelerate more than one transit box per turn.",
    "day-one": "Ships in start circles must be moved into the red transit box adjacent to that start circle on the first day.",
    "stop-at-jump-box": "The ship must stop moving for the turn when it enters its Jump Box (dark blue box containing arrow), even if the ship has moved only one or two boxes this turn.",
    "stop-at-starburst": "Ships decelerating more than one transit box per turn must stop as soon as they enter the system's starburst symbol.",
    "turn-back-one-box": "If a player decides that a ship should stay where it is and not jump to another system, it must decelerate back toward the star at the rate of one transit box per day.",
    "misjump-roll": "The player controlling the jumping ship must roll a number equal to or less than the safe jump probability found on the table in order to make the jump successfully. This roll is made once, when the ship enters the jump box.",
    "misjump-lost": "Any ships that misjump during the course of this strategic game are lost for the duration of the war.",
    "militia-home": "A militia ship can move more than one system away from its home world only if all of the space stations in that home system have been destroyed.",
    # combat
    "attack-declaration": "If Sathar and UPF ships occupy the same starburst at the end of a day, those ships can fight each other. The Sathar player has the first option to attack ... If there are two planets in a system that is being attacked, one of the planets must be announced as the target.",
    "one-planet-a-day": "Only one planet can be attacked by a specific ship or fleet per day.",
    "upf-not-attack-attackers": "The UPF player may not attack Sathar ships that have already attacked UPF or militia ships.",
    "escape-to-adjacent-box": "When the fleeing ships are beyond the range of the pursuers' weapons, they have escaped and are placed in a transit box adjacent to the star system.",
    "basic-rules-hull-only": "If the Basic Rules are used ... The Advanced Game Damage Table and the repair rule are ignored, however.",
    "results-say-what-became": "Combat is resolved using either the Basic or Advanced Boardgame rules. (The campaign takes each ship's result from the battle: a ship the log calls unchanged is unchanged.)",
    "fighters-transit": "Fighters can break off combat, but they cannot enter a transit box unless they are being carried aboard an assault carrier.",
    "fighters-left-out": 'Fighters not aboard a carrier or station when the "Day" marker is advanced are destroyed automatically.',
    "carrier-capacity": "Each assault carrier has a capacity of eight fighters. (Sathar; a UPF carrier: 'carries up to 10 fighters', the Knight Hawks statistics.)",
    # supply and rearming
    "rearm-who": "In order to rearm, the ship must spend one complete day at a planet in a star system that is in supply. The ship may not move or attack during that day. If the ship is attacked and fights back, it is not rearmed.",
    "supply-paths": "A UPF ship is in supply if a path can be traced from the ship to a UPF Fortress without passing through a star system occupied by a Sathar ship. ... A Sathar ship is in supply if a path can be traced from the Sathar ship to any Sathar Start Circle, without passing through a star system containing a UPF ship or space station.",
    "fighter-rearms": "Fighters can be rearmed from their assault carrier or station twice while out of supply, but the carrier or station must be resupplied before the fighters can rearm a third time.",
    # repair
    "repair-where": "UPF ships can be repaired at any spaceship construction center in a system that contains no Sathar ships. ... An SCC is considered captured when all space stations in its system have been destroyed and no UPF or Militia ships are in the system.",
    "repair-full-day": "To be repaired, a ship must spend a full day docked at the station.",
    "repair-capacity": "Each SCC can repair a certain number of hull points per day. The Repair Capacity Table lists the number of hull points that can be repaired per day at each SCC. ... Sathar can repair only one-half as many hull points per day as the construction center's capacity.",
    "repair-one-system": "One system can be repaired per day. The repaired system is completely restored. No other system repairs or hull repairs can be performed that day.",
    "repairs-in-space": "Ships that have been damaged in battle can repair that damage normally using their DCR. ... If any hull damage repair attempt fails after the battle, no further repairs can be attempted; the ship's hull can be repaired only at a space station.",
    "void-damaged-only": "To return to a Sathar base, the damaged ship must travel to a Sathar Start Circle and enter the Void.",
    "void-return": "The ship counter is then placed on the time track, six days ahead of the Day marker. When the Day marker reaches the box the Sathar ship is in, that ship is placed in a Sathar Start Circle, completely repaired.",
    # replacements
    "replacement-days": "Replacements can appear at the end of every 20 days. ... These replacements are placed on the map at the start of the next turn",
    "sathar-replacement-next-turn": "If the result of the roll is 35 or less, that ship can be brought back into the game through an SSC during the next turn.",
    "replacement-places": "For each fortress that has not been destroyed by the Sathar, the UPF can replace one ship larger than an assault scout (i.e., Frigate class or larger). For each Fortified station left undestroyed, the UPF player can replace two assault scouts, two fighters, or a fighter and an assault scout. These replacements are placed on the map at the start of the next turn at the appropriate station or fortress.",
    "sathar-replacement-roll": "The Sathar player can try to replace every ship destroyed in combat in the 20 days prior to the replacement phase. To do so, he must roll d100 for each ship. If the result of the roll is 35 or less, that ship can be brought back ... (read: 36 or more) that ship is permanently removed from the game",
    "replace-only-destroyed": "Both players may only replace ships that have been destroyed; they can never increase their fleets beyond their original size.",
    "militia-not-replaced": "Planetary militia ships may not be replaced at all during the war.",
    # victory
    "sathar-victory": "The Sathar player wins immediately if the Sathar forces destroy 12 space stations, including all four fortresses.",
    "retreat": "As soon as the chosen condition has been met, the Sathar player must retreat ... If the Sathar can be forced to retreat while the UPF has at least two fortresses left, the UPF wins the war. If the Sathar are forced to retreat, but the UPF has only one fortress remaining, the game is a draw.",
}
LOST = ("destroyed", "misjumped", "detonated", "removed")
RESULTS = ("Results", "the battle ")  # the actions that take a battle's results into the campaign (benchmarks/war.py)


class Violation(NamedTuple):
    invariant: str
    day: int
    step: str
    action: str
    ship: str
    what: str

    def __str__(self) -> str:
        return f"day {self.day} ({self.step}), {self.action}: {self.ship}: {self.what} [{BOOK}: {INVARIANTS[self.invariant]!r}]"


class Action:
    """One action of the war: what it was, the state before and after, the log lines it added, and
    each unit before and after it (the orders of battle neither grow nor shrink)."""

    def __init__(self, what: str, before: Campaign, after: Campaign, entries: tuple[Entry, ...]) -> None:
        self.what = what
        self.before = before
        self.after = after
        self.entries = entries
        now = {u.name: u for u in after.units}
        self.pairs = [(u, now[u.name]) for u in before.units]
        self.changed = [(b, a) for b, a in self.pairs if b is not a and b != a]

    @property
    def end_of_day(self) -> bool:
        return self.before.step == "upf-attacks" and self.what == "campaign advance"

    @property
    def results(self) -> bool:
        return self.what.startswith(RESULTS)


@dataclass
class Seen:
    """What the checker remembers of the war so far (only what the states do not keep)."""

    start: Campaign | None = None  # the war at set-up, before any action
    day: int = -1
    day_start: dict[str, Place | None] = field(default_factory=dict)  # where each unit began the day
    moved_today: set[str] = field(default_factory=set)  # changed place today
    placed_today: dict[str, str] = field(default_factory=dict)  # Sathar placed today (or back from the Void): the circle
    attacked: dict[str, str] = field(default_factory=dict)  # today: ship -> planet it attacked
    fleet_attacked: dict[tuple[str, str], str] = field(default_factory=dict)  # today: (side, fleet) -> planet
    void_entered: dict[str, int] = field(default_factory=dict)  # the day each ship entered the Void
    losses: list[tuple[int, Unit, str]] = field(default_factory=list)  # (day, the unit as it was, how: combat, misjump, stranded, detonated)
    fighter_rearms: dict[str, int] = field(default_factory=dict)  # rearms out of supply since the base was resupplied
    sathar_back: dict[str, int] = field(default_factory=dict)  # Sathar ships the replacements brought back: the day of the roll
    upf_replaced: dict[tuple[int, str], list[str]] = field(default_factory=dict)  # (phase day, station) -> ships placed there
    station_only: set[str] = field(default_factory=set)  # a hull repair after a battle failed

    def copy(self) -> Seen:
        """A copy to go on from apart (the tests break a war's action and check it from here)."""
        return replace(
            self,
            day_start=dict(self.day_start),
            moved_today=set(self.moved_today),
            placed_today=dict(self.placed_today),
            attacked=dict(self.attacked),
            fleet_attacked=dict(self.fleet_attacked),
            void_entered=dict(self.void_entered),
            losses=list(self.losses),
            fighter_rearms=dict(self.fighter_rearms),
            sathar_back=dict(self.sathar_back),
            upf_replaced={k: list(v) for k, v in self.upf_replaced.items()},
            station_only=set(self.station_only),
        )


Check = Callable[["WarCheck", Action], None]
CHECKS: list[Check] = []


def check(function: Check) -> Check:
    CHECKS.append(function)
    return function


class WarCheck:
    """Told of each action (``check(what, before, done)``, benchmarks/war.py's ``watch``), notes
    the violations of :data:`INVARIANTS`."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.seen = Seen()
        self.violations: list[Violation] = []
        self.actions = 0

    def __call__(self, what: str, before: Campaign, done: Done) -> None:
        action = Action(what, before, done.campaign, done.entries)
        if self.seen.start is None:
            self.seen.start = before
            self._new_day(before)
        self.actions += 1
        for run in CHECKS:
            run(self, action)
        self._remember(action)

    def note(self, invariant: str, action: Action, ship: str, what: str) -> None:
        assert invariant in INVARIANTS, invariant
        campaign = action.before
        self.violations.append(Violation(invariant, campaign.day, campaign.step, action.what, ship, what))

    def of(self, invariant: str) -> list[Violation]:
        return [v for v in self.violations if v.invariant == invariant]

    def report(self, invariant: str, most: int = 5) -> str:
        found = self.of(invariant)
        shown = "\n".join(f"  {v}" for v in found[:most])
        return f"{len(found)} violations of {invariant}:\n{shown}" + (f"\n  ... and {len(found) - most} more" if len(found) > most else "")

    # ------------------------------------------------------------------ memory

    def _new_day(self, campaign: Campaign) -> None:
        seen = self.seen
        seen.day = campaign.day
        seen.day_start = {u.name: u.place for u in campaign.units if u.active}
        seen.moved_today.clear()
        seen.placed_today.clear()
        seen.attacked.clear()
        seen.fleet_attacked.clear()

    def _remember(self, action: Action) -> None:
        seen = self.seen
        for before, after in action.changed:
            placed_again = action.what == "campaign place" and before.active  # set down in another circle, not moved (docs/sathar-war.md, Readings: Placing the Sathar)
            if before.active and after.active and before.place != after.place and not placed_again:
                seen.moved_today.add(after.name)
            if (not before.active or placed_again) and after.active and after.side == "Sathar" and after.place is not None:
                seen.placed_today[after.name] = after.place.where
            if before.status != "void" and after.status == "void":
                seen.void_entered[after.name] = action.before.day
        seen.losses += losses_in(action)
        seen.station_only |= {e.text.removeprefix("the ").partition("'s hull repair failed")[0] for e in action.entries if "'s hull repair failed" in e.text}
        seen.station_only -= {a.name for _, a in action.changed if not a.active or a.roster.hull >= a.roster.hull_start}  # repaired (or gone): that damage is behind it
        for fight in action.after.fights:
            if fight not in action.before.fights:
                for name in fight.ships:
                    unit = action.before.unit(name)
                    if unit.side == fight.attacker:
                        seen.attacked.setdefault(name, fight.planet)
                        if unit.fleet:
                            seen.fleet_attacked.setdefault((unit.side, unit.fleet), fight.planet)
        if action.end_of_day:
            war_check_days.remember_day_end(self, action)
        if action.after.day != seen.day:
            self._new_day(action.after)


def losses_in(action: Action) -> list[tuple[int, Unit, str]]:
    """The ships and stations the action lost (day, the unit as it was, how): destroyed at the end of
    the day is a fighter left out of a carrier, destroyed in any other action is lost in combat."""
    found = []
    for before, after in action.changed:
        if before.status not in LOST and after.status in LOST and after.status != "removed":
            how = {"misjumped": "misjump", "detonated": "detonated"}.get(after.status, "stranded" if action.end_of_day else "combat")
            found.append((action.before.day, before, how))
    return found


def names_in(text: str) -> list[str]:
    """The ship names a comma-separated list in a log line gives."""
    return [n.strip() for n in text.split(",") if n.strip()]


# ---------------------------------------------------------------------- the turn sequence and set-up


STEPS = ("setup", "sathar-move", "upf-move", "sathar-attacks", "upf-attacks")


@check
def turn_sequence(check: WarCheck, action: Action) -> None:
    before, after = action.before, action.after
    if action.what == "campaign advance":
        if after.outcome and after.step == before.step:
            return  # the war decided at the end of the day
        at = STEPS.index(before.step)
        wanted = ("sathar-move", before.day + 1) if before.step in ("setup", "upf-attacks") else (STEPS[at + 1], before.day)
        if (after.step, after.day) != wanted:
            check.note("turn-sequence", action, "-", f"the turn went from day {before.day} {before.step} to day {after.day} {after.step}, not to {wanted}")
    elif (after.step, after.day) != (before.step, before.day):
        check.note("turn-sequence", action, "-", f"an action that is not the Day marker's moved the turn from {before.step} to {after.step}")
    for entry in action.entries:
        if (entry.day, entry.step) not in ((before.day, before.step), (after.day, after.step)):
            check.note("turn-sequence", action, "-", f"a log line dated day {entry.day} {entry.step}: {entry.text[:80]}")


@check
def upf_setup(check: WarCheck, action: Action) -> None:
    if action.before.step != "setup" or action.what != "campaign advance":
        return
    campaign = action.before
    starts = {"Task Force Prenglar": "Morgaine's World", "Task Force Cassidine": "Triad"}
    for unit in campaign.units:
        if unit.station and (unit.place is None or unit.place.planet != unit.home):
            check.note("upf-setup", action, unit.name, f"a station not in orbit around {unit.home}")
        if unit.militia and (unit.place is None or unit.place.planet != unit.home or not unit.roster.docked_at):
            check.note("upf-setup", action, unit.name, f"a militia ship not docked at its station at {unit.home}")
        if unit.force in starts and not unit.fighter and unit.active and (unit.place is None or unit.place.planet != starts[unit.force]):
            check.note("upf-setup", action, unit.name, f"{unit.force} is placed at {unit.place}, not {starts[unit.force]}")


@check
def sathar_setup(check: WarCheck, action: Action) -> None:
    if action.before.step != "setup" or action.what != "campaign advance":
        return
    ships = [u for u in action.before.side("Sathar") if u.active and not u.fighter]
    circles = {u.place.where for u in ships if u.place is not None}
    if len(ships) < 20:
        check.note("sathar-setup", action, "-", f"{len(ships)} Sathar ships placed, not at least 20")
    if len(circles) < 2 or any(action.before.frontier.is_system(c) for c in circles):
        check.note("sathar-setup", action, "-", f"the Sathar ships are placed in {sorted(circles)}: two or more start circles")


@check
def sathar_placed_in_circles(check: WarCheck, action: Action) -> None:
    for before, after in action.changed:
        if after.side != "Sathar" or before.active or not after.active or after.fighter:
            continue
        circle = after.place is not None and not after.place.on_route and not action.after.frontier.is_system(after.place.where)
        comes_back = before.status == "void" and action.what == "campaign advance" and after.place is not None
        if not circle or (action.before.step not in ("setup", "sathar-move") and not comes_back):
            check.note("sathar-placed-in-circles", action, after.name, f"placed at {after.place} in step {action.before.step}")


@check
def start_circle_half(check: WarCheck, action: Action) -> None:
    campaign = action.before
    if action.what != "campaign advance" or campaign.step not in ("setup", "sathar-move") or any("overrides a reading" in e.text for e in action.entries):
        return
    seen = check.seen
    on_map = [u for u in campaign.side("Sathar") if u.active and not u.fighter]
    starting: dict[str, list[str]] = {}
    for unit in on_map:
        place = unit.place
        sat = place is not None and place == seen.day_start.get(unit.name) and unit.name not in seen.moved_today
        in_circle = place is not None and not place.on_route and not campaign.frontier.is_system(place.where)
        if campaign.step == "setup":
            circle = place.where if in_circle and place is not None else ""  # 'no more than half of the ships placed can be in one start circle'
        else:
            circle = seen.placed_today.get(unit.name) or (place.where if sat and in_circle and place is not None else "")
        if circle:
            starting.setdefault(circle, []).append(unit.name)
    for circle, names in starting.items():
        if len(names) * 2 > len(on_map):
            check.note("start-circle-half", action, names[0], f"{len(names)} of the {len(on_map)} Sathar ships on the map start the turn in the {circle}")


@check
def nova_placement(check: WarCheck, action: Action) -> None:
    placed = [a for b, a in action.changed if a.force == "Strike Force NOVA" and b.status == "off-map" and a.active and not a.fighter]  # (not a NOVA ship replaced at a station)
    if not placed:
        return
    rolls = [r for e in action.entries for r in e.rolls if r.startswith("1d10:")]
    if len(rolls) != 1:
        check.note("nova-placement", action, placed[0].name, f"placed with {len(rolls)} 1d10 rolls in the log")
        return
    die = int(rolls[0].split(" = ")[1].split()[0])
    row = check.tables.get("ssw.nova-placement").band(die)[0]
    for unit in placed:
        if unit.place is None or unit.place.planet != row["planet"]:
            check.note("nova-placement", action, unit.name, f"placed at {unit.place}; the die ({die}) says {row['location']}")
    if action.before.step not in ("setup", "upf-move") or any(u.moved for u in action.before.side("UPF")):
        check.note("nova-placement", action, placed[0].name, f"placed in step {action.before.step}, after UPF ships moved: 'at the start of any UPF turn'")
    if action.before.step == "setup" and not any(u.active for u in action.before.side("Sathar")):
        check.note(
            "nova-placement",
            action,
            placed[0].name,
            "placed before the Sathar placement: 'After the Sathar player has made his initial placement, the UPF player can decide whether to place Strike Force NOVA'",
        )


@check
def stations_stay(check: WarCheck, action: Action) -> None:
    for before, after in action.changed:
        if before.station and after.active and (after.place is None or after.place.planet != before.home):
            check.note("stations-stay", action, after.name, f"a station at {after.place}, not in orbit around {before.home}")


# ---------------------------------------------------------------------- movement


@check
def movement(check: WarCheck, action: Action) -> None:
    frontier = action.after.frontier
    mover = {"sathar-move": "Sathar", "upf-move": "UPF"}.get(action.before.step)
    if action.before.step == "setup" or action.what == "campaign place":
        return  # placed (a ship placed today may be set down again in another circle: docs/sathar-war.md, Readings: Placing the Sathar), not moved
    for before, after in action.changed:
        if not (before.active and after.active) or before.place == after.place or before.place is None or after.place is None:
            continue
        if before.roster.carried_by or after.roster.carried_by:
            continue  # aboard a carrier: it goes where its carrier goes
        if after.side == "UPF" and on_red_path(frontier, after.place):
            check.note("upf-off-red-paths", action, after.name, f"a UPF ship at {after.place}")
        if action.results:
            continue  # breaking off: escape-to-adjacent-box
        if mover != after.side:
            check.note("one-move-a-day", action, after.name, f"moved from {before.place} to {after.place} in step {action.before.step}")
            continue
        if after.name in check.seen.moved_today:
            check.note("one-move-a-day", action, after.name, f"moved a second time today, to {after.place}")
        step = day_move(frontier, before.place, after.place)
        if step is None:
            check.note("along-routes", action, after.name, f"went from {before.place} to {after.place}: no route joins them in a day")
            continue
        _rates(check, action, before, after, step.boxes)
        if step.through_system:
            check.note("stop-at-starburst", action, after.name, f"went through a system's starburst in one day, from {before.place} to {after.place}")
        if step.passed_jump:
            check.note("stop-at-jump-box", action, after.name, f"went on past its jump box in one day, from {before.place} to {after.place}")
        if turned_back(before.place, after.place) and step.boxes > 1:
            check.note("turn-back-one-box", action, after.name, f"turned back {step.boxes} boxes in a day, from {before.place} to {after.place}")
        if step.entered_jump and after.place.rate > 1 and not any(r.startswith("d100") and "jump" in r for e in action.entries for r in e.rolls):
            check.note("misjump-roll", action, after.name, f"entered its jump box risk-jumping at {after.place.rate} boxes a day with no d100 rolled")


def _rates(check: WarCheck, action: Action, before: Unit, after: Unit, boxes: int) -> None:
    assert before.place is not None and after.place is not None
    frontier = action.after.frontier
    if boxes > 3 or (boxes > 1 and before.roster.adf < boxes):
        check.note("box-rate", action, after.name, f"{boxes} boxes in a day with ADF {before.roster.adf}")
    if boxes > 1 and before.roster.hull < before.roster.hull_start:
        check.note("hull-damage-one-box", action, after.name, f"{boxes} boxes in a day with hull {before.roster.hull} of {before.roster.hull_start}")
    if boxes > 1 and (on_red_path(frontier, before.place) or on_red_path(frontier, after.place)):
        check.note("red-boxes-one-a-day", action, after.name, f"{boxes} boxes in a day on a start circle's red path, from {before.place} to {after.place}")


@check
def day_one(check: WarCheck, action: Action) -> None:
    campaign = action.before
    if action.what != "campaign advance" or campaign.step != "sathar-move" or campaign.day != 1:
        return
    for unit in campaign.side("Sathar"):
        if unit.active and not unit.roster.carried_by and unit.place is not None and not unit.place.on_route and not campaign.frontier.is_system(unit.place.where):
            check.note("day-one", action, unit.name, f"still in the {unit.place.where} at the end of the Sathar move of day 1")


@check
def misjump_lost(check: WarCheck, action: Action) -> None:
    for before, after in action.changed:
        if before.status == "misjumped" and after.status != "misjumped":
            check.note("misjump-lost", action, after.name, f"a ship lost in a misjump is {after.status} again")
        if after.status == "misjumped" and before.status != "misjumped" and not before.roster.carried_by:
            if not any(r.startswith("d100") for e in action.entries for r in e.rolls):
                check.note("misjump-roll", action, after.name, "misjumped with no d100 rolled")


@check
def militia_home(check: WarCheck, action: Action) -> None:
    frontier = action.after.frontier
    for _, unit in action.changed:
        if not unit.militia or not unit.active or unit.place is None:
            continue
        home = next(s for s in frontier.systems if any(p.name == unit.home for p in s.planets))
        stations = [u for u in action.after.units if u.station and u.home in {p.name for p in home.planets}]
        if stations and all(s.status == "destroyed" for s in stations):
            continue  # deputized
        near = {home.name, *frontier.neighbours(home.name)}
        ends = set(frontier.route(unit.place.where).ends) if unit.place.on_route else {unit.place.where}
        bound = {unit.bound} if unit.bound else set()
        if not ends | bound <= near:
            where = unit.place.where + (f", bound for {unit.bound}" if unit.bound else "")
            check.note("militia-home", action, unit.name, f"at {where}, more than one system from its home {home.name}")


# ---------------------------------------------------------------------- combat


@check
def attacks(check: WarCheck, action: Action) -> None:
    campaign = action.before
    new = [f for f in action.after.fights if f not in campaign.fights]
    for fight in new:
        wanted = {"sathar-attacks": "Sathar", "upf-attacks": "UPF"}.get(campaign.step)
        if fight.attacker != wanted:
            check.note("attack-declaration", action, "-", f"the {fight.attacker} declare an attack in step {campaign.step}")
        system = campaign.frontier.system(fight.system)
        if fight.planet not in {p.name for p in system.planets}:
            check.note("attack-declaration", action, "-", f"the planet attacked, {fight.planet}, is not of {fight.system}")
        sides = {u.side for u in campaign.at(fight.system) if not u.station or u.side == "UPF"}
        if sides != {"Sathar", "UPF"}:
            check.note("attack-declaration", action, "-", f"an attack in {fight.system}, where both sides are not")
        for name in fight.ships:
            unit = campaign.unit(name)
            if not unit.active or unit.system(campaign.frontier) != fight.system:
                check.note("attack-declaration", action, name, f"in the battle at {fight.planet}, but at {unit.place} ({unit.status})")
                continue
            if unit.side == fight.attacker:
                planet = check.seen.attacked.get(name)
                if planet and planet != fight.planet:
                    check.note("one-planet-a-day", action, name, f"attacks {fight.planet} after attacking {planet} today")
                planet = check.seen.fleet_attacked.get((unit.side, unit.fleet)) if unit.fleet else None
                if planet and planet != fight.planet:
                    check.note("one-planet-a-day", action, name, f"of {unit.fleet}, which attacked {planet} today, attacks {fight.planet}")
            elif fight.attacker == "UPF" and name in check.seen.attacked:
                check.note("upf-not-attack-attackers", action, name, f"attacked by the UPF after attacking {check.seen.attacked[name]} today")


@check
def battle_results(check: WarCheck, action: Action) -> None:
    if not action.results:
        return
    frontier = action.after.frontier
    fights = {n: f for f in action.before.fights for n in f.ships}
    for before, after in action.changed:
        fight = fights.get(before.name)
        if fight is None:
            continue
        if fight.game == "basic" and after.active:
            old, new = before.roster, after.roster
            hurt = (
                (new.adf, new.mr, new.dcr) != (old.adf, old.mr, old.dcr)
                or new.damaged != old.damaged
                or any(a.state != b.state for a, b in zip(old.weapons + old.defenses, new.weapons + new.defenses))
            )
            if hurt:
                check.note("basic-rules-hull-only", action, after.name, "damage other than hull in a battle fought with the Basic Rules")
        if before.place is not None and after.place is not None and after.place != before.place and after.active and not after.roster.carried_by:
            place = after.place
            route = frontier.route(place.where) if place.on_route else None
            if route is None or fight.system not in route.ends or route.red or place.box != (1 if fight.system == route.ends[0] else route.boxes):
                check.note("escape-to-adjacent-box", action, after.name, f"broke off from {fight.system} to {place}")
    for entry in action.entries:
        if entry.text.startswith("after the battle, unchanged: "):
            for name in names_in(entry.text.removeprefix("after the battle, unchanged: ")):
                was, now = action.before.unit(name), action.after.unit(name)
                if was.status != now.status or was.roster != now.roster:
                    check.note("results-say-what-became", action, name, f"the log says it is unchanged after the battle, and it is {now.status} (was {was.status})")


@check
def fighters_aboard(check: WarCheck, action: Action) -> None:
    after = action.after
    by_name = {u.name: u for u in after.units}
    aboard: dict[str, int] = {}
    for unit in after.units:
        if not unit.fighter or not unit.active or unit.place is None:
            continue
        base = by_name.get(unit.roster.carried_by)
        if base is not None:
            aboard[base.name] = aboard.get(base.name, 0) + 1
        if unit.place.on_route and (base is None or not base.active or base.ship_class != "assault carrier" or base.place != unit.place):
            check.note("fighters-transit", action, unit.name, f"in a transit box ({unit.place.where}) without its carrier")
    for name, count in aboard.items():
        base = by_name[name]
        room = 8 if base.side == "Sathar" else 10
        if base.ship_class == "assault carrier" and count > room:
            check.note("carrier-capacity", action, name, f"{count} fighters aboard, more than {room}")


# ---------------------------------------------------------------------- the Void


@check
def void(check: WarCheck, action: Action) -> None:
    frontier = action.after.frontier
    for before, after in action.changed:
        if before.status != "void" and after.status == "void":
            place = before.place
            if before.side != "Sathar" or place is None or place.on_route or frontier.is_system(place.where):
                check.note("void-damaged-only", action, after.name, f"entered the Void from {place}, not a start circle")
            if before.fighter:
                carrier = action.after.unit(before.roster.carried_by) if before.roster.carried_by else None
                if carrier is None or carrier.status != "void":
                    check.note("fighters-transit", action, after.name, "went into the Void without its carrier")
            elif not damaged(before.roster):
                check.note("void-damaged-only", action, after.name, f"entered the Void undamaged (hull {before.roster.hull} of {before.roster.hull_start}, no system damaged)")
            if after.returns != action.before.day + 6:
                check.note("void-return", action, after.name, f"put on the time track at day {after.returns}, not {action.before.day + 6}")
        if before.status == "void" and after.status != "void":
            entered = check.seen.void_entered.get(after.name)
            place = after.place
            if entered is None or action.after.day != entered + 6:
                check.note("void-return", action, after.name, f"back from the Void on day {action.after.day}; it entered on day {entered}")
            if place is None or place.on_route or frontier.is_system(place.where):
                check.note("void-return", action, after.name, f"back from the Void at {place}, not in a start circle")
            if not before.fighter and damaged(after.roster):
                check.note("void-return", action, after.name, "back from the Void not completely repaired")
    entering = {after.name for before, after in action.changed if before.status != "void" and after.status == "void"}  # (seen remembers after the checks)
    for unit in action.after.units:
        entered = check.seen.void_entered.get(unit.name)
        if unit.status == "void" and unit.name not in entering and entered is not None and action.after.day > entered + 6:
            check.note("void-return", action, unit.name, f"still in the Void on day {action.after.day}; it entered on day {entered}")


@check
def repairs_in_space(check: WarCheck, action: Action) -> None:
    if action.end_of_day:
        return  # the construction centres' work: war_check_days.py
    for before, after in action.changed:
        if not (before.active and after.active):
            continue
        old, new = before.roster, after.roster
        if new.hull <= old.hull and systems_restored(old, new) == 0:
            continue
        if action.what != "campaign repairs space":
            check.note("repairs-in-space", action, after.name, f"repaired (hull {old.hull} -> {new.hull}) by {action.what!r}")
        elif not any(after.name in f.ships for f in action.before.fights):
            check.note("repairs-in-space", action, after.name, "repaired in space on a day it fought no battle")
        elif new.hull > old.hull and after.name in check.seen.station_only:
            check.note("repairs-in-space", action, after.name, f"hull repaired in space (hull {old.hull} -> {new.hull}) after a hull repair failed")


# ---------------------------------------------------------------------- replacements and the orders of battle


@check
def orders_of_battle(check: WarCheck, action: Action) -> None:
    if not any(b.status != a.status for b, a in action.changed):
        return
    start = check.seen.start
    assert start is not None
    original: dict[tuple[str, str], int] = {}
    for unit in start.units:
        original[unit.side, unit.ship_class] = original.get((unit.side, unit.ship_class), 0) + 1
    now: dict[tuple[str, str], int] = {}
    for unit in action.after.units:
        if unit.status not in LOST:
            now[unit.side, unit.ship_class] = now.get((unit.side, unit.ship_class), 0) + 1
    for key, count in now.items():
        if count > original.get(key, 0):
            check.note("replace-only-destroyed", action, "-", f"{count} {key[0]} {key[1]}s, more than the {original.get(key, 0)} of the orders of battle")
    for before, after in action.changed:
        if before.status in LOST and after.status not in LOST:
            if before.militia:
                check.note("militia-not-replaced", action, after.name, f"a militia ship back in the war ({after.status})")
            if before.status != "destroyed" or before.station:
                check.note("replace-only-destroyed", action, after.name, f"{before.status} before, {after.status} now")


from tests.helpers import war_check_days  # noqa: E402  (the end of the day's checks, registered in CHECKS as it loads)
