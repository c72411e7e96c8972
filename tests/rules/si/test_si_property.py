"""Random Stellar Inferno battles: seeded walks through ship combat (attacks, step losses, cargo,
recovery, new turns) and ground combat (deployment, attacks, losses and surrendered terrain), with
dice rolled by the program or entered at the table, some out of range, and choices now and then
against the rules.

After every step the rules hold when checked afresh from the book, independently of the package:
the odds row is the highest at or below the exact ratio (clamped), each attack factor is halved once
a whole multiple of its range factor, the defense is the lowest min(3, stack - ceil(distance / 2))
ratings (at least one), the steps are the table's cell in the clamped die column; no hex is attacked
twice by one side in a turn, no ship attacks twice; steps never go below zero or beyond the counter;
cargo fits once what is owed is paid; a recovery repairs only on a total at or under the defense and
no six, and stops at a six; deployment puts every unit and ship once in a matchup or the reserve;
terrain only changes hands. A refused step (RefereeError) changes nothing.

``make test`` runs a few seeds; REFEREE_LONG=1 runs many more.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter

from referee.errors import RefereeError
from referee.stellar_inferno import deployment as dp
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import recovery
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno.planets import Planet, Terrain, economic_control
from referee.stellar_inferno.ships import Ship
from tests.helpers.si_counters import ALL, SI, f, unit

LONG = bool(os.environ.get("REFEREE_LONG"))
SEEDS = range(40) if LONG else range(3)
STEPS = 400 if LONG else 120
HEXES = {"K8": 0, "J8": 1, "I7": 2, "H6": 3, "G5": 4, "F5": 5}
SIDES = ("Terran", "Khaldarii")


def die(rng: random.Random) -> int | str | None:
    """Mostly the program's die; sometimes one rolled at the table, now and then impossible."""
    chance = rng.random()
    if chance < 0.6:
        return None
    if chance < 0.95:
        return rng.randint(1, 6)
    return rng.choice([0, 7, "x"])


def random_ship(rng: random.Random, name: str, side: str) -> Ship:
    steps = [f(rng.randint(0, 9), rng.randint(1, 9), rng.randint(0, 5), rng.randint(0, 6), cargo=rng.choice([0, 0, 5, 10]), gear=rng.randint(0, 2))]
    for _ in range(rng.choice([0, 1, 1, 2])):
        last = steps[-1]
        steps.append(f(last.attack // 2, max(1, last.defense // 2), last.maneuver, last.range, cargo=last.cargo // 2, gear=last.planetary_gear))
    where = rng.choice(list(HEXES))
    ship = sh.new_ship(name, side, "XX", steps, rules=ALL)
    return ship._replace(hex=where, core_distance=HEXES[where], atmosphere=rng.random() < 0.15)


def odds_row_by_hand(attack: int, defense: int) -> str:
    rows = [(1, 3), (1, 2), (1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1)]
    chosen = (1, 3)
    for a, d in rows:
        if a * defense <= attack * d:
            chosen = (a, d)
    return f"{chosen[0]}:{chosen[1]}"


def check_attack(result: sc.ShipAttack, attackers: list[sc.Attacker], target: list[Ship]) -> None:
    for a, m in zip(attackers, result.attackers):
        rating = sh.attack_rating(a.ship, a.overload).value
        effective = a.range * 2 ** len(m.doubled_by)
        if a.ship.factors.range == 0:
            expected = rating if effective == 0 else 0
        else:
            expected = rating
            for _ in range(effective // a.ship.factors.range):
                expected //= 2
        assert m.factor == expected, (m, a)
    assert result.attack == sum(m.factor for m in result.attackers) > 0
    ratings = sorted(sh.defense_rating(s).value for s in target)
    distance = target[0].core_distance
    count = max(1, min(3, len(target) - math.ceil(distance / 2)))
    assert result.defense.total == sum(ratings[:count]) and len(result.defense.combining) == count
    assert result.reading.odds == odds_row_by_hand(result.attack, result.defense.total)
    hexes = {a.ship.hex for a, m in zip(attackers, result.attackers) if m.factor > 0}
    assert result.reading.table == ("si.closed-order" if len(hexes) == 1 else "si.open-order")
    column = str(min(7, max(0, result.reading.die)))
    row = next(r for r in SI.get(result.reading.table).rows if r["odds"] == result.reading.odds)
    assert result.steps == row[column]
    assert result.reading.die == result.reading.roll.total + sum(m.value for m in result.reading.modifiers)
    assert len(set(result.phase.hexes)) == len(result.phase.hexes) and len(set(result.phase.fired)) == len(result.phase.fired)


def check_ship(ship: Ship) -> None:
    assert 0 <= ship.lost <= len(ship.steps) and ship.destroyed == (ship.lost == len(ship.steps))
    assert 0 <= ship.lost_this_round <= ship.lost
    if not ship.destroyed:
        assert ship.cargo.points() - ship.cargo_owed <= ship.factors.cargo, ship


class Space:
    """One ship battle: the fleets, whose phase, and the counts of what the walk did."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.ships = {s.name: s for s in (random_ship(rng, f"{side[0]}{i}", side) for side in SIDES for i in range(rng.randint(3, 7)))}
        self.side = SIDES[0]
        self.phase = sc.ShipCombat(self.side)
        self.done: Counter[str] = Counter()

    def afloat(self, side: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.side == side and not s.destroyed]

    def step(self) -> None:
        action = self.rng.choice(["attack"] * 4 + ["recover"] * 2 + ["cargo", "move", "turn"])
        ships, phase = dict(self.ships), self.phase
        try:
            getattr(self, action)()
            self.done[action] += 1
        except RefereeError:
            assert (self.ships, self.phase) == (ships, phase)
            self.done[f"{action} refused"] += 1
        for ship in self.ships.values():
            check_ship(ship)

    def attack(self) -> None:
        rng = self.rng
        mine, theirs = self.afloat(self.side), [s for s in self.ships.values() if s.side != self.side and not s.destroyed]
        if not mine or not theirs:
            raise RefereeError("a side is gone")
        fresh = [s for s in theirs if s.hex not in self.phase.hexes]
        where = rng.choice(fresh if fresh and rng.random() < 0.9 else theirs).hex
        target = [s for s in theirs if s.hex == where]
        ready = [s for s in mine if s.name not in self.phase.fired]
        pool = ready if ready and rng.random() < 0.9 else mine
        chosen = rng.sample(pool, rng.randint(1, min(3, len(pool))))
        attackers = [sc.Attacker(s, 0 if s.hex == where else rng.randint(1, 2), overload=rng.random() < 0.1) for s in chosen]
        technology = rng.choice([0, 0, 0, 1, -2])
        result = sc.attack(SI, self.phase, attackers, target, rng, die(rng), technology=technology, rules=ALL)
        check_attack(result, attackers, target)
        order = [s.name for s in sorted(target, key=lambda s: rng.random())]
        losses = sc.assign_steps(target, result.steps, order[: self._needed(target, order, result.steps)])
        assert sum(n for _, n in losses.taken) + losses.unsatisfied == result.steps
        for ship in losses.ships:
            self.ships[ship.name] = ship
        for name in result.overloaded:
            if not self.ships[name].destroyed:
                self.ships[name] = sh.take_steps(self.ships[name], 1)
        self.phase = result.phase
        self.done["steps dealt"] += result.steps

    @staticmethod
    def _needed(target: list[Ship], order: list[str], steps: int) -> int:
        """How many of the ships in ``order`` take the losses, each until destroyed."""
        left, by_name = steps, {s.name: s for s in target}
        if not steps:
            return 0
        for count, name in enumerate(order, 1):
            left -= by_name[name].steps_left
            if left <= 0:
                return count
        return len(order)

    def recover(self) -> None:
        damaged = [s for s in self.ships.values() if s.lost_this_round and not s.destroyed and not s.crippled]
        if not damaged:
            raise RefereeError("nothing to recover")
        ship = self.rng.choice(damaged)
        pairs = [(die(self.rng), die(self.rng)) for _ in range(self.rng.randint(0, ship.lost_this_round))]
        done = recovery.recover(ship, self.rng, pairs)
        for number, attempt in enumerate(done.attempts):
            six = 6 in (attempt.first.total, attempt.second.total)
            assert attempt.crippled == six and attempt.repaired == (not six and attempt.total <= attempt.defense)
            assert not six or number == len(done.attempts) - 1
        assert done.ship.lost == ship.lost - done.repaired and done.ship.lost_this_round == 0
        self.ships[ship.name] = done.ship
        self.done["repaired"] += done.repaired

    def cargo(self) -> None:
        carriers = [s for s in self.ships.values() if not s.destroyed and s.factors.cargo]
        if not carriers:
            raise RefereeError("no carrier")
        ship = self.rng.choice(carriers)
        if ship.cargo_owed:
            points = min(ship.cargo.supply, ship.cargo_owed + self.rng.randint(-1, 1))
            names = [u.name for u in ship.cargo.units][: max(0, ship.cargo_owed - points)]
            after = sh.eliminate_cargo(ship, units=names, supply=points)
            assert ship.cargo.points() - after.cargo.points() >= ship.cargo_owed and after.cargo_owed == 0
        elif self.rng.random() < 0.7:
            size = self.rng.randint(0, ship.factors.cargo + 2)
            units = [unit(f"{ship.name}-u{ship.cargo.points() + i}", 2, 2, 1, ship.side) for i in range(size // 3)]
            after = sh.load(ship, units=units, supply=size - len(units))
            assert after.cargo.points() <= after.factors.cargo
        else:
            after = sh.take_steps(ship, 1)
            reduction = ship.factors.cargo - after.factors.cargo
            if not after.destroyed:
                assert after.cargo_owed == min(ship.cargo_owed + reduction, ship.cargo.points())
        self.ships[ship.name] = after

    def move(self) -> None:
        ship = self.rng.choice(list(self.ships.values()))
        where = self.rng.choice(list(HEXES))
        self.ships[ship.name] = ship._replace(hex=where, core_distance=HEXES[where])

    def turn(self) -> None:
        """The other player's phase; after the Defender's, a new turn: recovery's chance is gone."""
        if self.side == SIDES[1]:
            self.ships = {n: s._replace(lost_this_round=0) for n, s in self.ships.items()}
        self.side = SIDES[1] if self.side == SIDES[0] else SIDES[0]
        self.phase = sc.ShipCombat(self.side)


def test_random_ship_battles_keep_to_the_book():
    totals: Counter[str] = Counter()
    for seed in SEEDS:
        battle = Space(random.Random(seed))
        for _ in range(STEPS):
            battle.step()
        totals += battle.done
    for kind in ("attack", "attack refused", "recover", "cargo", "turn"):
        assert totals[kind], (kind, totals)
    assert totals["steps dealt"] and totals["repaired"]
    if LONG:
        print(dict(totals))


# ---------------------------------------------------------------- ground combat


def random_deployment(rng: random.Random, invaders: list[str], defenders: list[str], ships: tuple[list[str], list[str]]) -> dp.Deployment:
    d = dp.start(invaders, defenders, *ships)
    while d.stage != "done":
        role = d.to_act if rng.random() < 0.95 else rng.choice(["invader", "defender"])
        side = d.side(role)
        names = list(side.ships if d.stage == "ships" else side.units) or ["nobody"]
        before = d
        try:
            if d.stage != "units" and rng.random() < 0.2:
                d = dp.decline(d, role)
            else:
                number = rng.randint(1, max(1, len(d.matchups))) if d.stage in ("adding", "ships") or rng.random() < 0.05 else None
                d = dp.deploy(d, role, rng.choice(names), number)
        except RefereeError:
            assert d == before
    placed = [n for m in d.matchups for r in ("invader", "defender") for n in (*m.side(r).units, *m.side(r).ships)]  # type: ignore[arg-type]
    everything = [*invaders, *defenders, *ships[0], *ships[1]]
    assert sorted(placed + [*d.invader_reserve, *d.defender_reserve]) == sorted(everything)
    assert all(m.invader.units and m.defender.units for m in d.matchups)
    return d


def test_random_ground_battles_keep_to_the_book():
    fights, surrendered, refused = 0, 0, 0
    for seed in SEEDS:
        rng = random.Random(1000 + seed)
        planet = Planet("Portborough", 1, defender=Terrain(rng.randint(0, 6), rng.randint(0, 9)), invader=Terrain(rng.randint(0, 2), rng.randint(0, 2)))
        totals = (planet.defender.industrial + planet.invader.industrial, planet.defender.settled + planet.invader.settled)
        units = {
            n: unit(n, rng.randint(0, 8), rng.randint(1, 8), rng.randint(0, 4), steps=rng.randint(1, 2))
            for n in [f"i{i}" for i in range(rng.randint(1, 5))] + [f"d{i}" for i in range(rng.randint(1, 5))]
        }
        d = random_deployment(rng, [n for n in units if n[0] == "i"], [n for n in units if n[0] == "d"], ([], []))
        for _ in range(STEPS // 10):
            if not d.matchups:
                break
            matchup = rng.choice(d.matchups)
            phasing = rng.choice(["invader", "defender"])
            non_phasing = "defender" if phasing == "invader" else "invader"
            attackers = [gc.unit_fighter(units[n]) for n in matchup.side(phasing).units if not units[n].destroyed]  # type: ignore[arg-type]
            defenders = [gc.unit_fighter(units[n]) for n in matchup.side(non_phasing).units if not units[n].destroyed]  # type: ignore[arg-type]
            try:
                result = gc.attack(SI, attackers, defenders, rng, die(rng), technology=rng.choice([0, 1, -1]), rules=ALL)
            except RefereeError:
                continue
            fights += 1
            assert result.reading.odds == odds_row_by_hand(result.attack, result.defense)
            row = next(r for r in SI.get("si.ground-combat").rows if r["odds"] == result.reading.odds)
            assert f"{result.defender_losses}/{result.attacker_losses}" == row[str(min(7, max(0, result.reading.die)))]
            faster = gc.maneuver_modifier(attackers, defenders)
            assert bool(faster) == (min(a.maneuver or 0 for a in attackers) > max(x.maneuver or 0 for x in defenders))
            given = {}
            for role, fighters, losses in ((non_phasing, defenders, result.defender_losses), (phasing, attackers, result.attacker_losses)):
                held = planet.held(role)  # type: ignore[arg-type]
                surrender = rng.randint(0, min(losses, gc.lowest_maneuver(fighters) + 1, held.total))
                steps: dict[str, int] = {}
                left = losses - surrender
                for fighter in sorted(fighters, key=lambda x: rng.random()):
                    take = min(left, fighter.steps)
                    if take:
                        steps[fighter.name] = take
                        left -= take
                try:
                    done = gc.absorb(losses, fighters, steps, held, surrender)
                except RefereeError:
                    refused += 1
                    done = gc.absorb(losses, fighters, _all_on_units(fighters, losses))
                surrendered += done.surrendered.total
                assert done.surrendered.total <= gc.lowest_maneuver(fighters)
                assert done.surrendered.settled == 0 or done.surrendered.industrial == held.industrial  # industrial first
                given[role] = done.surrendered
                for name, n in done.steps:
                    units[name] = units[name]._replace(lost=units[name].lost + n)
            planet = gc.exchange(planet, phasing, given[phasing], given[non_phasing])  # type: ignore[arg-type]
            assert (planet.defender.industrial + planet.invader.industrial, planet.defender.settled + planet.invader.settled) == totals
            holder, _ = economic_control(planet)
            assert holder is None or planet.held("invader" if holder == "defender" else "defender").total == 0
    assert fights and surrendered and refused
    if LONG:
        print(f"{fights} ground attacks, {surrendered} terrain points surrendered, {refused} choices refused")


def _all_on_units(fighters: list[gc.Fighter], losses: int) -> dict[str, int]:
    steps, left = {}, losses
    for fighter in fighters:
        take = min(left, fighter.steps)
        if take:
            steps[fighter.name] = take
            left -= take
    return steps
