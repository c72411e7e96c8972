"""A property of the whole campaign: whatever legal actions the referee takes, in whatever order,
every state saved loads again, and equals the state in memory.

A seeded referee plays the Second Sathar War from the bundled start (and from a new war with the
optional shatter drones): set-up and placement, moves with risk jumps, fleets joined and detached,
fighters landed and launched, docking, battles declared and fought (results entered ship by ship,
or a Knight Hawks battle exported, damaged and imported), repairs ordered and made in space, the
Void, replacements and NOVA, advancing through several tendays. Each action is taken as the app
and the command line take it (``Journal.apply``: checked, saved atomically); a refusal
(RefereeError) changes nothing. After every action the file on disk is read as a load reads it.
The walks parse with tomllib's own parser compiled (tests/helpers/toml.py), and tomllib itself
reads the last file and its log as it did.

``make test`` walks two wars (120 and 480 actions: the second past the first replacements, day
20) and one with shatter drones; ``REFEREE_LONG=N`` walks ten wars of N actions each. A failure
names the seed, the step and the actions that led there, to reproduce it.
"""

from __future__ import annotations

import os
import random
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from referee import storage
from referee.errors import RefereeError
from referee.journal import Journal
from referee.knight_hawks import battle_file
from referee.knight_hawks.combat_phase import hit_in_battle
from referee.knight_hawks.repair import Repair
from referee.resources import campaigns_dir
from referee.sathar_war import battles, campaign_file, fleets, log_file, movement, repairs, setup, turn
from referee.sathar_war.campaign import Campaign, Done, Unit
from tests.helpers.campaign import MAP
from tests.helpers.tables import TABLES
from tests.helpers.toml import same

pytestmark = pytest.mark.usefixtures("compiled_toml")

Action = tuple[str, Callable[[], Done]]


class Referee:
    """Chooses the next action from what the campaign holds: mostly legal ones, some not."""

    def __init__(self, campaign: Campaign, rng: random.Random) -> None:
        self.c = campaign
        self.rng = rng

    def pick(self, items: list[str] | tuple[str, ...], most: int = 1) -> list[str]:
        items = list(items)
        return self.rng.sample(items, min(len(items), self.rng.randint(1, most))) if items else []

    def one(self, items: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(list(items)) if items else "nothing"

    def active(self, side: str = "", ships: bool = True) -> list[Unit]:
        return [u for u in self.c.units if u.active and (not side or u.side == side) and (not ships or not u.station)]

    def free(self, side: str) -> list[str]:
        """Ships of a side that could move today: on the map, not stations, not aboard, not moved."""
        return [u.name for u in self.active(side) if not u.roster.carried_by and not u.moved]

    def actions(self) -> list[Action]:
        c, rng = self.c, self.rng
        found: list[Action] = []
        every = [u.name for u in c.units]
        fleets_now = sorted({u.fleet for u in c.units if u.fleet})  # off-map fleets too: NOVA before it is placed
        side = {"sathar-move": "Sathar", "upf-move": "UPF", "sathar-attacks": "Sathar", "upf-attacks": "UPF"}.get(c.step, rng.choice(["Sathar", "UPF"]))
        planets = [p.name for s in c.frontier.systems for p in s.planets]
        circles = [k.name for k in c.frontier.circles]
        t = TABLES

        def add(weight: int, what: str, act: Callable[[], Done]) -> None:
            found.extend([(what, act)] * weight)

        off_map = [u.name for u in c.units if u.side == "Sathar" and u.status == "off-map" and not u.roster.carried_by]
        if c.step == "setup":
            names = self.pick([u.name for u in c.units if u.force == "Non-Attached" or u.fighter], 3)
            at = self.one(planets)
            add(3, f"place UPF {names} at {at}", lambda: setup.place_upf(c, names, at))
            sathar = [u.name for u in c.units if u.side == "Sathar" and not u.roster.carried_by]  # placed ones may be placed again
            group, circle = self.pick(off_map, 8) if off_map and rng.random() < 0.7 else self.pick(sathar, 8), self.one(circles)
            add(8, f"place Sathar {group} in {circle}", lambda: setup.place_sathar(c, group, circle))
            condition = rng.choice([0, 1, 2, 3, 4, 5, 5, 6])  # 4 ends most wars at day 10: the walk would stop there
            add(2, f"retreat {condition}", lambda: setup.choose_retreat(c, condition))
            frigates = [u.name for u in c.units if u.ship_class == "frigate" and u.side == side]
            pair = self.pick(frigates, 2)
            add(2 if c.shatter_drones else 0, f"drones {side} {pair}", lambda: setup.choose_drones(c, side, pair))
        if c.step in ("setup", "upf-move"):
            roll = str(rng.randint(1, 10))
            add(2, f"nova {roll}", lambda: setup.place_nova(c, t, rng, roll))
        if c.step == "sathar-move":
            group, circle = self.pick(off_map, 4), self.one(circles)
            add(2, f"reinforce {group} in {circle}", lambda: setup.place_sathar(c, group, circle))
            in_circles = [u.name for u in self.active("Sathar") if u.place and not u.place.on_route and u.place.where in circles and u.damaged]
            void = self.pick(in_circles, 2)
            add(1 if void else 0, f"void {void}", lambda: repairs.enter_void(c, void))
        if c.step in ("sathar-move", "upf-move"):
            for _ in range(6):
                found.append(self.move(side))
        for _ in range(2):
            found.append(self.fleet_action(every, fleets_now, side))
        if c.step in ("upf-move", "upf-attacks"):
            damaged = [u.name for u in self.active("UPF") if u.damaged and u.roster.docked_at]
            ship, hull = self.one(damaged), rng.randint(1, 30)
            system = rng.choice(["", "", "adf", "mr", "LB", "navigation"])
            add(2 if damaged else 0, f"order {ship} hull {hull} {system}", lambda: repairs.order(c, ship, 0 if system else hull, system))
            for allowance in c.allowances:
                lost = self.one([u.name for u in c.units if u.status == "destroyed" and u.side == "UPF"])
                add(3, f"replace {lost} at {allowance.station}", lambda lost=lost, at=allowance.station: turn.replace_upf(c, t, lost, at))
        if c.step in ("sathar-attacks", "upf-attacks"):
            for place in battles.contested(c):
                system = place.system
                planet = rng.choice(list(place.planets) + [""])
                add(6, f"declare {system} {planet}", lambda system=system, planet=planet: battles.declare(c, t, system, planet))
            for fight in c.fights:
                for name in self.pick(fight.ships, 2):
                    outcome = self.outcome(c.unit(name))
                    add(3, f"result {name} {outcome}", lambda name=name, outcome=outcome: battles.record(c, name, outcome))
                add(2, f"fight {fight.system} in a battle file", lambda system=fight.system: self.fight_in_file(system))
        fought = [u.name for u in self.active() if u.damaged]
        ship = self.one(fought)
        blocks = [Repair(rng.choice(["hull", "adf", "mr", "LB", "navigation"]), rng.choice([5, 10, 20, 40]))]
        add(2 if fought else 0, f"space repair {ship} {blocks}", lambda: repairs.repair_in_space(c, ship, blocks, rng))
        busy = c.step in ("setup", "sathar-move", "upf-move") or bool(battles.contested(c))  # more to do here before the next step
        add(2 if busy else 8, "advance", lambda: self.advance())
        return found

    def move(self, side: str) -> Action:
        c, rng = self.c, self.rng
        free = self.free(side)
        if not free:
            return ("move nothing", lambda: movement.move(c, TABLES, ["nothing"]))
        first = c.unit(rng.choice(free))
        assert first.place is not None
        together = [u.name for u in self.active(side) if u.name in set(free) and u.place == first.place]
        names = rng.choice([[first.fleet] if first.fleet else [first.name], [first.name], together])
        if first.place.on_route:
            ends = list(c.frontier.route(first.place.where).ends)
            toward = rng.choice(ends + [first.place.toward] * 4)
        else:
            toward = self.one(c.frontier.neighbours(first.place.where))
        rate = rng.choice([None, None, None, 1, 2, 3])
        planet = ""
        if not first.place.on_route and c.frontier.is_system(first.place.where) and rng.random() < 0.2:
            planet, toward = self.one([p.name for p in c.frontier.system(first.place.where).planets]), ""
        rolled = {"": str(rng.randint(1, 100))} if rate and rate > 1 and rng.random() < 0.5 else {}
        return (f"move {names} toward {toward} rate {rate} planet {planet} rolled {rolled}", lambda: movement.move(c, TABLES, names, toward, rate, planet, rng=rng, rolled=rolled))

    def fleet_action(self, every: list[str], fleets_now: list[str], side: str) -> Action:
        c, rng = self.c, self.rng
        mine = [u.name for u in self.active(side)]
        kind = rng.choice(["join", "join", "detach", "land", "launch", "dock"])
        if kind == "join":
            here = c.unit(self.one(mine)) if mine else None
            together = [u.name for u in self.active(side) if here is not None and u.place == here.place]
            names = self.pick(together + self.pick(every, 1), 4)
            fleet = rng.choice(fleets_now + ["Blue Fleet", "Red Fleet"]) if fleets_now else "Blue Fleet"
            return (f"join {fleet} {names}", lambda: fleets.join(c, fleet, names))
        if kind == "detach":
            names = self.pick([u.name for u in c.units if u.fleet] + fleets_now, 2) or ["nothing"]
            return (f"detach {names}", lambda: fleets.detach(c, names))
        if kind == "land":
            fighters = self.pick([u.name for u in c.units if u.fighter], 3)
            bases = [u.name for u in self.active() if u.station or u.ship_class == "assault carrier"]
            base = self.one(bases)
            return (f"land {fighters} on {base}", lambda: fleets.land(c, fighters, base))
        if kind == "launch":
            fighters = self.pick([u.name for u in c.units if u.fighter and u.roster.carried_by], 3) or ["nothing"]
            return (f"launch {fighters}", lambda: fleets.launch(c, fighters))
        names = self.pick(mine, 3) or ["nothing"]
        return (f"dock {names}", lambda: fleets.dock(c, names))

    def outcome(self, unit: Unit) -> battles.Outcome:
        rng, ship = self.rng, unit.roster
        spent = {s.code: rng.randint(0, s.count) for s in (*ship.weapons, *ship.defenses) if s.limited and rng.random() < 0.4}
        lost = tuple(s.code for s in (*ship.weapons, *ship.defenses) if rng.random() < 0.1)
        neighbours = c_neighbours(self.c, unit)
        return battles.Outcome(
            hull=rng.randint(0, ship.hull_start) if rng.random() < 0.7 else None,
            adf=rng.randint(0, ship.adf_start) if rng.random() < 0.2 else None,
            mr=rng.randint(0, ship.mr_start) if rng.random() < 0.2 else None,
            dcr=rng.randint(0, ship.dcr_start) if rng.random() < 0.2 else None,
            lost_systems=lost,
            damaged=tuple(rng.sample(["combat-control", "navigation", "electrical-fire"], rng.randint(0, 1))),
            spent=spent,
            destroyed=rng.random() < 0.15,
            detonated=unit.drone and rng.random() < 0.5,
            escaped=rng.choice(neighbours) if neighbours and rng.random() < 0.2 else "",
        )

    def fight_in_file(self, system: str) -> Done:
        """Export the battle, fire at its ships with the Knight Hawks engine, save it, import it."""
        battle = battles.battle_for(self.c, system)
        battle = battle_file.from_dict(tomllib.loads(battle_file.text(battle, TABLES)), TABLES)
        for _ in range(self.rng.randint(1, 8)):
            afloat = [s for s in battle.ships if not s.destroyed]
            if not afloat:
                break
            target = self.rng.choice(afloat)
            weapon = self.rng.choice(["laser battery", "torpedo", "rocket battery", "disruptor cannon"])
            battle = hit_in_battle(battle, TABLES, self.rng, target.name, weapon, "2d10").battle
        battle = battle_file.from_dict(tomllib.loads(battle_file.text(battle, TABLES)), TABLES)
        return battles.from_battle(self.c, battle)

    def advance(self) -> Done:
        c = self.c
        rolled = {}
        if c.step == "upf-attacks" and c.replacements and c.day % 20 == 0 and self.rng.random() < 0.5:
            lost = [x.name for x in c.losses if x.side == "Sathar" and x.how == "combat"]
            rolled = {name: str(self.rng.randint(1, 100)) for name in lost[:3]}
        return turn.advance(c, TABLES, self.rng, rolled)


def c_neighbours(campaign: Campaign, unit: Unit) -> list[str]:
    system = unit.system(campaign.frontier)
    return [n for n in campaign.frontier.neighbours(system) if campaign.frontier.is_system(n)] if system else []


def play(path: Path, seed: int, steps: int, found: list[str] | None = None) -> dict[str, int]:
    """``steps`` actions chosen by a seeded referee (now and then an undo or a redo), each saved and
    read back from the file. ``found`` collects states refused on saving instead of failing (a survey)."""
    rng = random.Random(seed)
    journal = Journal.open(path, TABLES)
    counts = {"taken": 0, "refused": 0, "advanced": 0, "undone": 0, "redone": 0}
    history: list[str] = []
    for step in range(steps):
        travel = rng.random()
        if travel < 0.04 and journal.past:
            history.append(f"undo {journal.undo()}")
            counts["undone"] += 1
        elif travel < 0.3 and journal.future:  # mostly just after an undo
            history.append(f"redo {journal.redo()}")
            counts["redone"] += 1
        else:
            what, act = rng.choice(Referee(journal.state, rng).actions())
            try:
                result = act()
            except RefereeError:
                counts["refused"] += 1
                continue
            history.append(what)
            try:
                journal.apply(result, what)
            except RefereeError as error:
                where = f"seed {seed}, step {step}: {what}\n  after: " + "\n  ".join(history[-12:])
                if found is None:
                    pytest.fail(f"a rule made a state that would not load ({error})\n{where}")
                found.append(f"{error}\n{where}")
                continue
            counts["taken"] += 1
            counts["advanced"] += what == "advance"
        again = campaign_file.read(path, TABLES)
        assert again == journal.state, f"seed {seed}, step {step}: the file reads back otherwise\n  after: " + "\n  ".join(history[-12:])
        if journal.state.outcome:
            break
    for read in (path, log_file.beside(path)):
        same(read.read_text(encoding="utf-8"))  # the standard library's parser reads the last file and its log alike
    counts["day"] = journal.state.day
    counts["over"] = int(bool(journal.state.outcome))
    return counts


LONG = int(os.environ.get("REFEREE_LONG", "0"))
WALKS = [(seed, LONG) for seed in range(1, 11)] if LONG else [(1, 120), (5, 480)]  # seed 5 walks past day 20 (the first replacements) in 480 steps


@pytest.mark.parametrize(("seed", "steps"), WALKS)
def test_every_state_a_war_reaches_loads_again_and_equals_the_state_in_memory(tmp_path: Path, seed: int, steps: int) -> None:
    path = tmp_path / "war.toml"
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", path)
    counts = play(path, seed, steps)
    print(f"seed {seed}: {counts}")
    assert (counts["taken"] > steps // 4 or counts["over"]) and counts["advanced"] > 4, counts  # the walk got somewhere: days went by
    if not LONG and steps >= 480:
        assert counts["day"] > 20, counts  # past the first replacements


def test_a_war_with_shatter_drones_too(tmp_path: Path) -> None:
    from referee.sathar_war import forces

    path = tmp_path / "war.toml"
    storage.write_text(path, campaign_file.text(forces.new_war(TABLES, MAP, shatter_drones=True), TABLES))
    counts = play(path, 4, LONG or 200)
    print(f"seed 4, shatter drones: {counts}")
    assert counts["taken"] > 20 and counts["day"] >= 1, counts  # both sides chose their drones: the war began
