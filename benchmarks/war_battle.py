"""A battle of the generated war, fought turn by turn with the Knight Hawks engine.

The players' side of the battle screens, played by a seeded player: starting speeds, screens, each
ship's move (its new speed and the ADF and MR points used), navigation and breaking-apart rolls,
fire damage at the start of the combat step, the non-moving side's defensive fire and the moving
side's offensive fire (ranges reported as the counters lie), the repair turn after every third
turn, and, for a side losing badly, breaking off the map toward an adjacent system (fighters land
on their carriers first). Every step is a call into ``referee.knight_hawks``, as the app's keys
make it; a step the rules refuse is not taken.

The same battle serves a battle fought on the table: :func:`outcomes` reads each ship's result off
the rosters, as the referee types them into the results table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from referee.errors import RefereeError
from referee.knight_hawks import combat_phase, movement, scenarios
from referee.knight_hawks.battle import STATIONS, Battle, advance
from referee.knight_hawks.combat import combat_table, restrictions
from referee.knight_hawks.combat_phase import ONCE_A_TURN, SMALL_CRAFT, Done, Report
from referee.knight_hawks.repair import Repair, damaged_targets, repair_in_battle
from referee.knight_hawks.roster import SCREENS, Ship
from referee.sathar_war.battles import Outcome
from referee.tables import Tables

CARRIER_ROOM = {"Sathar": 8, "UPF": 10}  # Sathar Order of Battle; Advanced Game Ship Statistics
ROCKETS = ("T", "AR", "RB")  # ICMs are launched against these (Defenses: Interceptor Missiles)


def power(ship: Ship) -> int:
    """What a ship counts for when a player weighs a fight: hull points and working weapons."""
    return ship.hull + 10 * sum(1 for w in ship.weapons if w.state == "working")


def strength(ships: Sequence[Ship]) -> int:
    return sum(power(s) for s in ships)


class Table:
    """One battle on the table: the battle as it stands, the engine's dice and the players' choices."""

    def __init__(self, battle: Battle, kh: Tables, dice: random.Random, players: random.Random, ways_out: Sequence[str]) -> None:
        self.battle = battle
        self.kh = kh
        self.dice = dice  # every roll of the battle: the engine logs it
        self.players = players  # what the players choose (speeds, targets, ranges)
        self.ways_out = list(ways_out)  # the adjacent systems a ship breaking off escapes toward
        self.steps = 0
        self.refused = 0
        self.breaking_off: set[str] = set()

    def take(self, step: Callable[[Battle], Done]) -> bool:
        """One step, as a key on the battle screens takes it (refused: nothing changes)."""
        try:
            self.battle = step(self.battle).battle
        except RefereeError:
            self.refused += 1
            return False
        self.steps += 1
        return True

    # ------------------------------------------------------------------ the battle

    def play(self, turns: int) -> Battle:
        """Fight until one side has no ship left on the map, or ``turns`` game turns are over."""
        self.start()
        while True:
            if self.battle.step == "repair":
                self.repair_turn()
            else:
                self.half()
                if scenarios.verdict(self.battle) is not None:
                    return self.battle
                if self.battle.turn >= turns and self.battle.moving == self.battle.sides[1]:
                    return self.battle
            self.battle = advance(self.battle)

    def start(self) -> None:
        """Starting speeds: the attacker enters from a narrow edge at the speed he wants; the defender
        starts anywhere, at any speed (Declaring Combat)."""
        attacker = self.battle.sides[0]
        for ship in self.movers(self.battle.ships):
            speed = self.players.randint(4, 10) if ship.side == attacker else self.players.randint(0, 5)
            self.take(lambda b, name=ship.name, speed=speed: movement.starting_speed(b, name, speed))

    def movers(self, ships: Sequence[Ship]) -> list[Ship]:
        return [s for s in ships if not s.destroyed and not s.docked_at and not s.carried_by and s.ship_class not in STATIONS]

    def half(self) -> None:
        """The moving side moves, the fires burn, the other side fires defensively, the moving side offensively."""
        side = self.battle.moving
        self.movement(side)
        if scenarios.verdict(self.battle) is not None:
            return
        if self.battle.burning and not self.battle.fires_rolled:
            self.take(lambda b: combat_phase.fire_damage(b, self.kh, self.dice))
        self.fire(self.battle.non_moving, offensive=False)
        self.fire(side, offensive=True)

    # ------------------------------------------------------------------ movement

    def movement(self, side: str) -> None:
        battle = self.battle
        other = battle.sides[1] if side == battle.sides[0] else battle.sides[0]
        mine, theirs = battle.afloat(side), battle.afloat(other)
        if battle.game == "advanced" and battle.turn == 1:
            self.screens(mine)
        self.leave_stations(mine)
        if side not in self.breaking_off and battle.turn >= 2 and strength(mine) * 10 < strength(theirs) * 4 and self.players.random() < 0.7:
            self.breaking_off.add(side)
        if side in self.breaking_off:
            self.break_off(side)
            return
        for ship in self.battle.to_move:
            self.move(ship)

    def screens(self, ships: Sequence[Ship]) -> None:
        """An electron, proton or stasis screen up, at the start of the ship's first movement phase."""
        for ship in ships:
            code = next((c for c in SCREENS if ship.has_intact(c)), "")
            if code and not ship.active_screen and self.players.random() < 0.7 and "power-short-circuit" not in ship.damaged:
                self.take(lambda b, name=ship.name, code=code: movement.screen(b, name, code))

    def leave_stations(self, ships: Sequence[Ship]) -> None:
        """Docked ships cast off to fight with every weapon; fighters launch from their carriers."""
        for ship in ships:
            if (ship.docked_at or ship.carried_by) and self.players.random() < 0.8:
                self.take(lambda b, name=ship.name: movement.dock(b, name, ""))

    def move(self, ship: Ship) -> None:
        ship = self.battle.ship(ship.name)
        low, high = max(0, ship.speed - ship.adf), ship.speed + ship.adf
        speed = self.players.randint(low, min(high, max(low, 12)))
        turns = self.players.randint(0, min(ship.mr, speed))
        if speed and movement.navigation_due(self.battle, ship):
            self.take(lambda b: movement.navigation(b, self.kh, self.dice, ship.name))
        self.take(lambda b: movement.move(b, self.dice, ship.name, speed, abs(speed - ship.speed), turns))

    def break_off(self, side: str) -> None:
        """Breaking Off Combat: fighters land on a carrier with room, then every ship that can leaves
        the map toward an adjacent system (stations stay in orbit; fighters left out stay behind)."""
        carriers = [s for s in self.battle.afloat(side) if s.ship_class == "assault carrier" and not s.docked_at]
        for fighter in [s for s in self.battle.afloat(side) if s.ship_class == "fighter" and not s.carried_by]:
            room = [c for c in carriers if sum(1 for s in self.battle.afloat(side) if s.carried_by == c.name) < CARRIER_ROOM.get(side, 8)]
            if room:
                self.take(lambda b, name=fighter.name, on=room[0].name: movement.dock(b, name, on))
        toward = self.players.choice(self.ways_out) if self.ways_out else ""
        for ship in self.battle.afloat(side):
            if ship.ship_class in STATIONS or ship.ship_class == "fighter" or ship.carried_by:
                continue
            if ship.docked_at:
                self.take(lambda b, name=ship.name: movement.dock(b, name, ""))
            self.take(lambda b, name=ship.name: movement.leave_map(b, name, toward))

    # ------------------------------------------------------------------ fire

    def fire(self, side: str, offensive: bool) -> None:
        """Each of the side's ships fires each weapon it may at an enemy within its range."""
        distance = self.players.randint(8, 14) if self.battle.turn == 1 else self.players.randint(1, 8)
        table = combat_table(self.kh, self.battle.game)
        for firer in self.battle.afloat(side):
            for line in firer.weapons:
                if line.code in ("M", "S") or line.state != "working" or (line.limited and line.count == 0):
                    continue  # mines and seekers are laid, not fired
                name = str(table.row(line.code)["weapon"])
                flags = restrictions(self.kh, self.battle.game, name)
                if flags["mpo"] and not offensive:
                    continue
                reach = flags["range"] if isinstance(flags["range"], int) else 99
                for _ in range(1 if line.limited else line.count):
                    self.shot(firer.name, line.code, name, reach, distance, bool(flags["ff"]))

    def shot(self, firer: str, code: str, name: str, reach: int, distance: int, forward: bool) -> None:
        """One shot at an enemy the rules let it aim at (Rate of Fire; Space Stations; Fighters)."""
        shooter = self.battle.ship(firer)
        if shooter.carried_by or (shooter.docked_at and (forward or code == "T")) or (code in ONCE_A_TURN and code in shooter.fired):
            return
        enemies = self.battle.afloat(self.battle.non_moving if shooter.side == self.battle.moving else self.battle.moving)
        targets = [s for s in enemies if not s.carried_by and not (s.docked_at and s.ship_class in SMALL_CRAFT)]
        if not targets:
            return
        stations = [s for s in targets if s.ship_class in STATIONS]
        target = stations[0] if stations and self.players.random() < 0.5 else min(self.players.sample(targets, min(3, len(targets))), key=lambda s: s.hull)
        hexes = max(0, distance + self.players.randint(-2, 2))
        if hexes > reach:
            return
        icms: tuple[tuple[str, int], ...] = ()
        icm = target.system("ICM")
        launches = icm is not None and icm.state == "working" and icm.count and not target.docked_at and "power-short-circuit" not in target.damaged
        if code in ROCKETS and launches and self.players.random() < 0.5:
            icms = ((target.name, min(icm.count, self.players.randint(1, 2))),)
        report = Report(range=hexes, head_on=forward and self.players.random() < 0.2, icms=icms)
        self.take(lambda b: combat_phase.shoot(b, self.kh, self.dice, firer, code, target.name, report))

    # ------------------------------------------------------------------ the repair turn

    def repair_turn(self) -> None:
        for ship in [*self.battle.afloat(self.battle.sides[0]), *self.battle.afloat(self.battle.sides[1])]:
            blocks = allot(ship)
            if blocks:
                self.take(lambda b, name=ship.name, blocks=blocks: repair_in_battle(b, self.dice, name, blocks))


def allot(ship: Ship) -> list[Repair]:
    """A ship's DCR points shared among its damage: most to the hull, the rest to up to two systems."""
    targets = [t for t in damaged_targets(ship) if t not in ship.airdock_only]
    if not targets or ship.dcr < 2:
        return []
    first = ship.dcr if len(targets) == 1 else ship.dcr * 2 // 3
    blocks = [Repair(targets[0], max(1, min(first, 95)))]
    rest = ship.dcr - blocks[0].points
    for target in targets[1:3]:
        points = min(rest, max(1, ship.dcr // 4))
        if points < 1:
            break
        blocks.append(Repair(target, points))
        rest -= points
    return blocks


# ---------------------------------------------------------------------- a battle fought on the table


def outcomes(before: Battle, after: Battle) -> dict[str, Outcome]:
    """Each ship's result as the referee enters it from the rosters (the results table): figures that
    changed, systems destroyed, damage, ammunition spent, destroyed, or escaped toward a system.
    Fighters first: a fighter is entered before its carrier, whose loss takes the fighters still aboard."""
    found: dict[str, Outcome] = {}
    for old in sorted(before.ships, key=lambda s: s.ship_class != "fighter"):
        new = after.ship(old.name)
        if new.destroyed:
            found[old.name] = Outcome(hull=0, destroyed=True)
            continue
        gone = after.escape(old.name)
        figures = {k: getattr(new, k) for k in ("hull", "adf", "mr", "dcr") if getattr(new, k) != getattr(old, k)}
        lost = tuple(w.code for w, was in zip((*new.weapons, *new.defenses), (*old.weapons, *old.defenses)) if w.state == "destroyed" and was.state != "destroyed")
        spent = {w.code: was.count - w.count for w, was in zip((*new.weapons, *new.defenses), (*old.weapons, *old.defenses)) if w.limited and w.count < was.count}
        escaped = gone.toward if gone is not None and old.ship_class != "fighter" else ""
        found[old.name] = Outcome(
            hull=figures.get("hull"),
            adf=figures.get("adf"),
            mr=figures.get("mr"),
            dcr=figures.get("dcr"),
            lost_systems=lost,
            damaged=tuple(sorted(new.damaged - old.damaged)),
            spent=spent,
            escaped=escaped,
        )
    return found
