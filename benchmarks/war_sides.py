"""The two players of the generated war: simple, sensible and seeded.

The Sathar player sets up in two or three start circles (no more than half the ships in one),
keeps some ships back as reinforcements, sends each attack fleet at the nearest system whose
stations it can take, attacks stations where he is strong enough, and sends damaged ships home
through a start circle into the Void (or to a captured construction centre). The UPF player places
the non-attached ships, brings Strike Force NOVA in, sends each task force to the nearest threatened
system it can hold (or back to its base), avoids a battle it would lose by moving into a transit
box, attacks where it is stronger, docks damaged ships at the nearest open construction centre,
keeps the militia at home and brings back the replacements owed. Every choice is made from what
the campaign holds and the rules allow (``why_not_move``, ``may_dock``, ``crowded_circles`` ...);
every action goes through :meth:`War.take`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from war_battle import power

from referee.errors import RefereeError
from referee.knight_hawks.repair import damaged_targets
from referee.sathar_war import battles, fleets, movement, repairs, setup, turn
from referee.sathar_war.campaign import Campaign, Place, Side, Unit
from referee.sathar_war.forces import carrier_capacity

if TYPE_CHECKING:
    from war import War

SMALL = ("assault scout", "fighter")  # what a fortified station's replacements may be


def strength(units: Sequence[Unit]) -> int:
    return sum(power(u.roster) for u in units)


def bound_for(campaign: Campaign, side: Side, system: str) -> list[Unit]:
    """A side's ships and stations in a system and on their way into it (a transit box or red box
    heading there, the system's start circle)."""
    found = []
    for unit in campaign.side(side):
        place = unit.place
        if not unit.active or place is None:
            continue
        if (not place.on_route and place.where == system) or (place.on_route and place.toward == system):
            found.append(unit)
        elif not place.on_route and any(c.name == place.where and c.system == system for c in campaign.frontier.circles):
            found.append(unit)
    return found


class Player:
    side: Side = "UPF"

    def __init__(self, war: War) -> None:
        self.war = war
        self.goals: dict[str, str] = {}  # a fleet's (or a ship's) destination, kept from day to day
        self.formed = 0  # fleets formed so far (their numbers)

    @property
    def c(self) -> Campaign:
        return self.war.campaign

    @property
    def rng(self) -> random.Random:
        return self.war.players

    def ships(self) -> list[Unit]:
        """The side's ships on the map (not stations; fighters aboard left out)."""
        return [u for u in self.c.side(self.side) if u.active and not u.station and not u.roster.carried_by]

    def movable(self, unit: Unit) -> bool:
        return not unit.fighter and not movement.why_not_move(self.c, unit)

    def days(self, place: Place, there: str, rate: int = 1) -> int | None:
        """Days to reach a system or start circle (0: there)."""
        if not place.on_route and place.where == there:
            return 0
        found = movement.journeys(self.c, self.side, place, rate).get(there)
        return found.days if found is not None else None

    def hurt(self, unit: Unit) -> bool:
        """Damaged enough to go for repairs: hull below 80%, drives, or a system lost or damaged."""
        ship = unit.roster
        return repairs.needs_repair(unit) and (
            ship.hull * 5 < ship.hull_start * 4 or ship.adf < ship.adf_start or ship.mr < ship.mr_start or bool(ship.damaged) or any(s.state == "destroyed" for s in (*ship.weapons, *ship.defenses))
        )

    def go(self, units: Sequence[Unit], there: str, planet: str = "", rate: int | None = None) -> bool:
        """Move ships (a whole fleet by its name) a day toward a system or start circle; stop at the
        planet named if they arrive today. Risk-jumping, they interlock their computers: one roll."""
        first = units[0]
        assert first.place is not None
        names = [first.fleet] if first.fleet and {u.name for u in self.c.fleet(first.fleet)} == {u.name for u in units} else [u.name for u in units]
        if first.place.on_route and first.place.jumped and there != first.place.toward:
            there, planet = first.place.toward, ""  # jumped: it decelerates into that system first (no turning back)
        if not first.place.on_route and first.place.where == there:
            if not planet or first.place.planet == planet:
                return False
            return self.war.take("campaign move", lambda c: movement.move(c, self.war.tables, names, "", None, planet))
        arriving = self.days(first.place, there, rate or first.place.rate or 1) == 1 and self.c.frontier.is_system(there)
        stop = planet if arriving else ""
        return self.war.take("campaign move", lambda c: movement.move(c, self.war.tables, names, there, rate, stop, (), self.war.dice))

    def land(self) -> None:
        """Fighters out of their carrier land on a carrier with room, or a station, where they are:
        out at the end of the day, they are lost."""
        for fighter in [u for u in self.c.side(self.side) if u.fighter and u.active and not u.roster.carried_by]:
            for base in self.c.units:
                if not fleets.is_base(base) or fleets.why_not_land(self.c, fighter, base):
                    continue
                room = carrier_capacity(base)
                if room and len(self.c.aboard(base.name)) >= room:
                    continue
                if self.war.take("campaign fleet land", lambda c, f=fighter.name, b=base.name: fleets.land(c, [f], b)):
                    break

    def fleet_name(self, prefix: str) -> str:
        self.formed += 1
        return f"{prefix} {self.formed}"


# ---------------------------------------------------------------------- the Sathar player


class Sathar(Player):
    side: Side = "Sathar"

    def set_up(self) -> None:
        """At least 20 ships (fighters aboard their carriers) in two or three start circles, no more
        than half in one; the rest wait as reinforcements. Then the secret retreat condition."""
        circles = sorted(self.c.frontier.circles, key=lambda c: strength(self.c.at(c.system, "UPF")) + self.rng.random() * 400)
        chosen = [c.name for c in circles[: self.rng.choice([2, 3, 3])]]  # where the UPF is weakest, give or take
        ships = [u.name for u in self.c.side("Sathar") if u.status == "off-map" and not u.fighter]
        self.rng.shuffle(ships)
        count = self.rng.randint(24, 34)
        share = count // len(chosen)
        for number, circle in enumerate(chosen):
            names = ships[number * share : (number + 1) * share]
            self.war.take("campaign place", lambda c, names=names, circle=circle: setup.place_sathar(c, names, circle))
            fleet = self.fleet_name("Sathar Attack Fleet")
            self.war.take("campaign fleet join", lambda c, names=names, fleet=fleet: fleets.join(c, fleet, names))
        condition = self.rng.choice([1, 1, 2, 2, 2, 3])  # what he can keep from happening: carriers and heavy cruisers kept back
        self.war.take("campaign retreat", lambda c: setup.choose_retreat(c, condition))

    # ------------------------------------------------------------------ step 1: reinforcements and movement

    def move(self) -> None:
        self.void()
        self.reinforce()
        self.spread()
        self.gather()
        for fleet in [f for f in self.c.fleets() if self.c.fleet(f)[0].side == "Sathar"]:
            self.move_fleet(fleet)
        for unit in [u for u in self.ships() if not u.fleet and self.movable(u)]:
            self.move_alone(unit)

    def repair_goal(self, unit: Unit) -> tuple[str, str] | None:
        """Where a damaged ship goes, (place, planet): the nearest start circle, for the Void (it
        repairs completely in six days: worth a few days more), or a captured construction centre
        nearer. (Only a damaged ship enters the Void, Sathar Repair: the Sathar player cannot hide the
        ships his retreat condition counts there, and plays on.)"""
        assert unit.place is not None
        circles = [(days, c.name) for c in self.c.frontier.circles if (days := self.days(unit.place, c.name)) is not None]
        found = repairs.nearest_centre(self.c, unit)
        best = (found[1], found[0].system, found[0].planet.name) if found else None
        for days, circle in circles:
            if best is None or days < best[0] + 4:
                best = (days - 4, circle, "")
        return (best[1], best[2]) if best else None

    def void(self) -> None:
        """Damaged ships in a start circle enter the Void, to come back repaired six days on."""
        by_circle: dict[str, list[str]] = {}
        for unit in self.ships():
            if not unit.fighter and repairs.needs_repair(unit) and not repairs.why_not_void(self.c, unit):
                by_circle.setdefault(unit.place.where, []).append(unit.name)  # type: ignore[union-attr]
        for names in by_circle.values():
            self.war.take("campaign repairs void", lambda c, names=names: repairs.enter_void(c, names))

    def reinforce(self) -> None:
        """Now and then some ships kept back come in through a start circle, as many as the start
        circle limit lets start there; replacements come in the turn after their roll, or are lost."""
        off_map = [u for u in self.c.side("Sathar") if u.status == "off-map" and not u.roster.carried_by]
        due = [u.name for u in off_map if u.returns]
        waiting = [u.name for u in off_map if not u.returns]
        if not due and (not waiting or self.rng.random() > (0.9 if self.c.day == 1 else 0.3)):
            return
        self.rng.shuffle(waiting)
        waiting = due + waiting
        circle = self.safest()
        for count in range(min(len(waiting), self.rng.randint(2, 8)), 0, -1):
            names = waiting[:count]
            try:
                trial = setup.place_sathar(self.c, names, circle)
            except RefereeError:
                return
            if not setup.crowded_circles(trial.campaign):
                self.war.take("campaign place", lambda c: setup.place_sathar(c, names, circle))
                if count > 1:
                    fleet = self.fleet_name("Sathar Fleet")
                    self.war.take("campaign fleet join", lambda c: fleets.join(c, fleet, names))
                return

    def starting(self) -> Counter[str]:
        """The ships placed in each start circle today (back from the Void too): they start the turn there."""
        return Counter(u.circle for u in self.c.side("Sathar") if u.active and not u.fighter and u.placed == self.c.day)

    def safest(self, but: str = "") -> str:
        """The start circle whose system the UPF holds least strongly, give or take."""
        circles = [c for c in self.c.frontier.circles if c.name != but]
        return min(circles, key=lambda c: self.defense(c.system) + self.rng.random() * 300).name

    def spread(self) -> None:
        """Ships placed today (back from the Void) are placed again in another circle (the Sathar player
        is still setting his counters down): out of a circle whose system the UPF holds too strongly to
        come through, and out of one holding too many to start there."""
        placed: dict[str, list[Unit]] = {}
        for unit in self.c.side("Sathar"):
            if unit.active and not unit.fighter and unit.placed == self.c.day and not unit.moved and not setup.why_not_place_sathar(self.c, unit):
                placed.setdefault(unit.circle, []).append(unit)
        for circle, units in placed.items():
            system = self.c.frontier.circle(circle).system
            if self.defense(system) > 2 * strength(units):
                names, there = [u.name for u in units], self.safest(but=circle)
                trial = setup.place_sathar(self.c, names, there)
                if not setup.crowded_circles(trial.campaign):
                    self.war.take("campaign place", lambda c, names=names, there=there: setup.place_sathar(c, names, there))
        for _ in range(20):
            if not setup.crowded_circles(self.c):
                return
            count = self.starting()
            crowded = count.most_common(1)[0][0]
            emptiest = min((c.name for c in self.c.frontier.circles), key=lambda name: (count[name], name))
            movers = [u for u in self.c.side("Sathar") if u.active and not u.fighter and u.placed == self.c.day and u.circle == crowded and not u.moved and not setup.why_not_place_sathar(self.c, u)]
            if not movers or emptiest == crowded:
                return
            self.war.take("campaign place", lambda c: setup.place_sathar(c, [movers[0].name], emptiest))

    def override(self) -> str:
        """The referee sets the start circle reading aside only when no placement can meet it (too few
        Sathar ships on the map to share among the circles)."""
        return "the table agrees: too few Sathar ships on the map to share among the start circles" if setup.crowded_circles(self.c) else ""

    def gather(self) -> None:
        """Fleets that meet merge; loose healthy ships join a fleet where they are, or form one."""
        by_fleet: dict[Place, list[str]] = {}
        for fleet in self.c.fleets():
            members = self.c.fleet(fleet)
            if members[0].side == "Sathar" and members[0].place is not None and all(self.movable(u) and not self.hurt(u) for u in members):
                by_fleet.setdefault(members[0].place, []).append(fleet)
        for names in by_fleet.values():
            if len(names) > 1:
                self.war.take("campaign fleet join", lambda c, names=names: fleets.join(c, names[0], names[1:]))
        by_place: dict[Place, list[Unit]] = {}
        for unit in self.ships():
            if not unit.fleet and not unit.fighter and self.movable(unit) and not self.hurt(unit) and unit.place is not None:
                by_place.setdefault(unit.place, []).append(unit)
        for place, loose in by_place.items():
            here = [f for f in self.c.fleets() if self.c.fleet(f)[0].side == "Sathar" and self.c.fleet(f)[0].place == place]
            fleet = here[0] if here else self.fleet_name("Sathar Fleet") if len(loose) > 1 else ""
            if fleet:
                self.war.take("campaign fleet join", lambda c, fleet=fleet, names=[u.name for u in loose]: fleets.join(c, fleet, names))

    def move_fleet(self, fleet: str) -> None:
        members = list(self.c.fleet(fleet))
        if not members or not all(self.movable(u) for u in members):
            return
        hurt = [u for u in members if self.hurt(u)]
        if hurt and len(hurt) < len(members):
            self.war.take("campaign fleet detach", lambda c: fleets.detach(c, [u.name for u in hurt]))
            members = list(self.c.fleet(fleet))
            for unit in hurt:
                self.move_alone(self.c.unit(unit.name))
        elif hurt:
            self.to_repair(members)
            return
        goal = self.goal(fleet, members)
        if goal:
            place = members[0].place
            assert place is not None
            fast = not place.on_route and self.c.frontier.is_system(place.where) and all(u.roster.adf >= 2 and not u.damaged for u in members)
            self.go(members, goal, self.target_planet(goal), 2 if fast and self.rng.random() < 0.2 else None)

    def move_alone(self, unit: Unit) -> None:
        if not self.movable(unit):
            return
        if self.hurt(unit) or (repairs.needs_repair(unit) and unit.place is not None and not unit.place.on_route):
            self.to_repair([unit])
            return
        goal = self.goal(unit.name, [unit])
        if goal:
            self.go([unit], goal, self.target_planet(goal))

    def to_repair(self, units: Sequence[Unit]) -> None:
        """Toward the nearest start circle (the Void) or captured construction centre; at a captured
        centre's planet they stay, and it repairs them."""
        found = self.repair_goal(units[0])
        if found is None:
            return
        there, planet = found
        place = units[0].place
        assert place is not None
        if not place.on_route and place.where == there and (not planet or place.planet == planet):
            return
        self.go(units, there, planet)

    def goal(self, key: str, units: Sequence[Unit]) -> str:
        """The system the ships attack next: where they are while they can take a station there; else
        the nearest system whose stations they can hope to take; else a stronger fleet to join."""
        place = units[0].place
        assert place is not None
        mine = strength(units)
        here = "" if place.on_route else place.where
        if here and self.can_take(here, mine):
            self.goals[key] = here  # it attacks here today
            return ""
        kept = self.goals.get(key, "")
        if kept and kept != here and self.stations(kept) and self.defense(kept) < mine * 3 // 2 and self.days(place, kept) is not None:
            return kept
        best: tuple[float, str] | None = None
        for system in self.c.frontier.systems:
            if not self.stations(system.name) or system.name == here:
                continue
            days = self.days(place, system.name)
            odds = self.defense(system.name) / max(mine, 1)
            if days is None or odds > 1.5:
                continue
            score = days + 4 * odds + self.rng.random() * 3
            if best is None or score < best[0]:
                best = (score, system.name)
        if best is None:
            return self.rally(key, place)
        self.goals[key] = best[1]
        return best[1]

    def rally(self, key: str, place: Place) -> str:
        """Too weak for any target: to the strongest other Sathar fleet in a system, to join it."""
        others = [f for f in self.c.fleets() if f != key and self.c.fleet(f)[0].side == "Sathar"]
        found = [(strength(self.c.fleet(f)), self.c.fleet(f)[0].place) for f in others]
        systems = [(-power, there.where) for power, there in found if there is not None and not there.on_route and self.c.frontier.is_system(there.where)]
        reachable = [(power, where) for power, where in sorted(systems) if self.days(place, where) is not None]
        self.goals.pop(key, None)
        return reachable[0][1] if reachable and reachable[0][1] != (place.where if not place.on_route else "") else ""

    def can_take(self, system: str, mine: int) -> bool:
        """A station there whose planet the ships are strong enough to attack: the station and every UPF ship in the system."""
        ships = strength([u for u in self.c.at(system, "UPF") if not u.station])
        return any(mine >= ships + power(s.roster) for s in self.stations(system))

    def stations(self, system: str) -> list[Unit]:
        return [u for u in self.c.at(system, "UPF") if u.station]

    def defense(self, system: str) -> int:
        """The UPF there and on the way there."""
        return strength(bound_for(self.c, "UPF", system))

    def target_planet(self, system: str) -> str:
        """The planet to stop at: one with a station standing."""
        if not self.c.frontier.is_system(system):
            return ""
        stations = sorted(self.stations(system), key=lambda u: u.roster.hull)
        return stations[0].home if stations else ""

    # ------------------------------------------------------------------ step 3: attacks

    def attack(self) -> None:
        """Attack a planet with a station where the attackers are strong enough against its station and
        every UPF ship in the system."""
        for place in battles.contested(self.c):
            attackers = [u for u in place.sathar if not u.station and not u.attacked]
            targets = sorted((u for u in place.upf if u.station), key=lambda u: power(u.roster))
            planet = targets[0].home if targets else self.rng.choice(place.planets)
            defenders = [u for u in place.upf if not u.station or u.home == planet]
            if not attackers or strength(attackers) < strength(defenders):
                continue
            names = [u.name for u in attackers] if len(attackers) < sum(1 for u in place.sathar if not u.station and not u.attacked) else []
            if self.war.take("campaign battle declare", lambda c, s=place.system, p=planet: battles.declare(c, self.war.tables, s, p, names)):
                self.war.resolve(self.c.fights[-1])
                if self.c.outcome:
                    return


# ---------------------------------------------------------------------- the UPF player


class UPF(Player):
    side: Side = "UPF"

    def set_up(self) -> None:
        """The non-attached ships: some join Task Force Prenglar, some wait with Strike Force NOVA, the
        rest go in small groups to the fortresses and fortified stations."""
        loose = [u.name for u in self.c.units if u.force == "Non-Attached" and not u.fighter]
        self.rng.shuffle(loose)
        bases = [p.name for s in self.c.frontier.systems for p in s.planets if p.station_type in ("fortress", "fortified station")]
        while loose:
            size = self.rng.randint(1, 3)
            group, loose = loose[:size], loose[size:]
            roll = self.rng.random()
            if roll < 0.25:
                self.war.take("campaign place", lambda c, group=group: setup.place_upf(c, group, "Morgaine's World"))
                self.war.take("campaign fleet join", lambda c, group=group: fleets.join(c, "Task Force Prenglar", group))
            elif roll < 0.4:
                self.war.take("campaign fleet join", lambda c, group=group: fleets.join(c, setup.NOVA_FLEET, group))
            else:
                at = self.rng.choice(bases)
                self.war.take("campaign place", lambda c, group=group, at=at: setup.place_upf(c, group, at))
                if len(group) > 1:
                    fleet = self.fleet_name("Frontier Group")
                    self.war.take("campaign fleet join", lambda c, group=group, fleet=fleet: fleets.join(c, fleet, group))

    def nova(self) -> None:
        """Strike Force NOVA onto the map (1d10): after the Sathar set-up, or at the start of a UPF move."""
        waiting = any(u.status == "off-map" for u in self.c.units if setup.NOVA_FLEET in (u.force, u.fleet))
        if waiting and (self.rng.random() < 0.4 or self.c.day >= 4):
            self.war.take("campaign nova", lambda c: setup.place_nova(c, self.war.tables, self.war.dice))

    # ------------------------------------------------------------------ step 2: reinforcements and movement

    def move(self) -> None:
        self.nova()
        self.replace()
        self.transfer_fighters()
        self.repair_orders()
        for unit in [u for u in self.ships() if self.hurt(u) and u.fleet]:
            members = self.c.fleet(unit.fleet)
            if len(members) > 1 and all(self.movable(m) for m in members):
                self.war.take("campaign fleet detach", lambda c, name=unit.name: fleets.detach(c, [name]))
        for unit in [u for u in self.ships() if not u.fleet and self.movable(u)]:
            self.move_alone(unit)
        for fleet in [f for f in self.c.fleets() if self.c.fleet(f)[0].side == "UPF"]:
            self.move_fleet(fleet)

    def replace(self) -> None:
        """The replacements owed at the fortresses and fortified stations: ships destroyed before today."""
        for allowance in turn.owed_today(self.c):
            small = allowance.size == "small"
            for _ in range(allowance.count - len(allowance.used)):
                lost = [u for u in self.c.units if not turn.why_not_replace(self.c, u) and (u.ship_class in SMALL) == small]
                if not lost:
                    break
                unit = max(lost, key=lambda u: (u.roster.hull_start, u.name))
                self.war.take("campaign replace", lambda c, name=unit.name, at=allowance.station: turn.replace_upf(c, self.war.tables, name, at))

    def transfer_fighters(self) -> None:
        """Fighters based at a station go aboard a carrier with room at the same planet."""
        for carrier in [u for u in self.ships() if u.ship_class == "assault carrier"]:
            room = carrier_capacity(carrier) - len(self.c.aboard(carrier.name))
            based = [u.name for u in self.c.side("UPF") if u.fighter and u.active and u.place == carrier.place and u.roster.carried_by and self.c.unit(u.roster.carried_by).station]
            if room > 0 and based:
                self.war.take("campaign fleet land", lambda c, names=based[:room], on=carrier.name: fleets.land(c, names, on))

    def repair_orders(self) -> None:
        """Now and then the referee orders a centre's day of work himself: one system restored."""
        for where in repairs.centres(self.c):
            if where.owner != "UPF":
                continue
            for unit in where.queue:
                systems = [t for t in damaged_targets(unit.roster) if t != "hull"]
                if systems and repairs.works_today(unit) and self.rng.random() < 0.3:
                    self.war.take("campaign repairs order", lambda c, name=unit.name, system=systems[0]: repairs.order(c, name, 0, system))

    def move_alone(self, unit: Unit) -> None:
        place = unit.place
        assert place is not None
        if unit.militia and not movement.deputized(self.c, unit):
            home_system, _ = self.c.frontier.planet(unit.home)
            if place.on_route or place.where != home_system.name or place.planet != unit.home:
                self.go([unit], home_system.name, unit.home)
            return
        if repairs.needs_repair(unit):
            self.to_repair(unit)
            return
        here = [f for f in self.c.fleets() if self.c.fleet(f)[0].side == "UPF" and self.c.fleet(f)[0].place == place and all(self.movable(m) for m in self.c.fleet(f))]
        if here:
            self.war.take("campaign fleet join", lambda c: fleets.join(c, here[0], [unit.name]))
            return
        goal = self.goal(unit.name, [unit])
        if goal:
            self.go([unit], goal)

    def to_repair(self, unit: Unit) -> None:
        """Dock at the construction centre where it is, or go to the nearest one open."""
        if any(unit in c.queue for c in repairs.centres(self.c)):
            return
        place = unit.place
        assert place is not None
        found = repairs.nearest_centre(self.c, unit)
        if found is None:
            return
        centre, _ = found
        if not place.on_route and place.where == centre.system and place.planet == centre.planet.name:
            if fleets.may_dock(self.c, unit):
                self.war.take("campaign fleet dock", lambda c: fleets.dock(c, [unit.name]))
            return
        self.go([unit], centre.system, centre.planet.name)

    def move_fleet(self, fleet: str) -> None:
        members = list(self.c.fleet(fleet))
        if not members or not all(self.movable(u) for u in members):
            return
        place = members[0].place
        assert place is not None
        here = "" if place.on_route else place.where
        if here and self.c.at(here, "Sathar") and strength(self.c.at(here, "Sathar")) > 2 * strength(self.c.at(here, "UPF")) and self.rng.random() < 0.6:
            away = [n for n in self.c.frontier.neighbours(here) if self.c.frontier.is_system(n) and not self.c.at(n, "Sathar")]
            if away:
                self.goals.pop(fleet, None)
                self.go(members, self.rng.choice(away))  # avoiding a battle it would lose: into a transit box
                return
        goal = self.goal(fleet, members)
        if not goal:
            return
        fast = not place.on_route and all(u.roster.adf >= 2 and not u.damaged for u in members) and self.rng.random() < 0.15
        self.go(members, goal, self.planet_of(goal), 2 if fast else None)

    def threat(self, system: str) -> int:
        """The Sathar in a system and on their way into it (transit boxes, red boxes, its start circle)."""
        return strength(bound_for(self.c, "Sathar", system))

    def goal(self, key: str, units: Sequence[Unit]) -> str:
        """The nearest threatened system with stations the ships can hold with what is there; else the
        nearest fortress; else where they are."""
        place = units[0].place
        assert place is not None
        mine = strength(units)
        here = "" if place.on_route else place.where
        best: tuple[float, str] | None = None
        for system in self.c.frontier.systems:
            stations = [u for u in self.c.at(system.name, "UPF") if u.station]
            danger = self.threat(system.name)
            if not stations or not danger:
                continue
            days = self.days(place, system.name)
            held = strength(self.c.at(system.name, "UPF")) + (0 if system.name == here else mine)
            if days is None or held * 10 < danger * 7:
                continue
            score = days - 3 * sum(1 for s in stations if s.fortress) + (0 if self.goals.get(key) == system.name else 2) + self.rng.random() * 2
            if best is None or score < best[0]:
                best = (score, system.name)
        if best is None:
            fortresses = [u.place.where for u in self.c.units if u.fortress and u.active and u.place is not None]
            near = [(self.days(place, f), f) for f in sorted(set(fortresses))]
            reachable = [(d, f) for d, f in near if d is not None]
            if not reachable:
                return ""
            best = (0.0, min(reachable)[1])
        self.goals[key] = best[1]
        return "" if best[1] == here else best[1]

    def planet_of(self, system: str) -> str:
        stations = [u for u in self.c.at(system, "UPF") if u.station]
        return max(stations, key=lambda u: u.roster.hull).home if stations else ""

    # ------------------------------------------------------------------ step 4: attacks

    def attack(self) -> None:
        """Attack the Sathar ships that did not attack today where the UPF ships there are stronger."""
        for place in battles.contested(self.c):
            defenders = [u for u in place.sathar if not u.attacked]
            attackers = [u for u in place.upf if not u.station]
            if not defenders or not attackers or strength(attackers) * 10 < strength(defenders) * 12:
                continue
            planets = [u.place.planet for u in attackers if u.place is not None and u.place.planet]
            planet = planets[0] if planets else self.rng.choice(place.planets)
            if self.war.take("campaign battle declare", lambda c, s=place.system, p=planet: battles.declare(c, self.war.tables, s, p)):
                self.war.resolve(self.c.fights[-1])
                if self.c.outcome:
                    return
