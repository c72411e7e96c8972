"""A Stellar Inferno scenario as the Fleets screen shows it, in plain text parts (no Textual): the
bar's turn and phase, what the phase asks now (entries owed, losses to assign, recovery rolls
owed), the fleets by hex with each ship's factors and steps, a ship's card, the planets with their
terrain and economic control, and the victory tally.
"""

from __future__ import annotations

from referee.stellar_inferno import turn
from referee.stellar_inferno.planets import economic_control
from referee.stellar_inferno.scenario import PHASE_KEYS, TITLES, Counter, Scenario
from referee.stellar_inferno.ships import Ship
from referee.tui.text import Part, bold, line

LABELS = ("Ship", "Side", "Hex·core", "A D M R", "Steps", "Now")
SIDES = {"invader": "Inv", "defender": "Def"}


def where(s: Scenario) -> str:
    """The bar's line: ``turn 1 of 16 · Fleet Movement (1), invader``."""
    if s.outcome:
        return f"over after turn {s.turn} of {s.turns}"
    return f"turn {s.turn} of {s.turns} · {s.phase_title} ({PHASE_KEYS.index(s.phase) + 1}), {s.phasing}"


def order(s: Scenario) -> list[tuple[Ship, str]]:
    """The ships entered, by hex (nearest the core first), then those not placed; a carried ship
    after its carrier."""
    tops = sorted(s.ships, key=lambda x: (not x.hex, x.core_distance, x.hex))
    found: list[tuple[Ship, str]] = []

    def walk(ship: Ship, carrier: str) -> None:
        found.append((ship, carrier))
        for carried in ship.cargo.ships:
            walk(carried, ship.name)

    for ship in tops:
        walk(ship, "")
    return found


def not_entered(s: Scenario) -> list[Counter]:
    """The ship counters whose factors are not entered yet, the phasing side's first."""
    names = {ship.name for ship, _ in s.all_ships()}
    waiting = [c for c in s.counters if c.kind == "ship" and c.name not in names]
    return sorted(waiting, key=lambda c: c.role != s.phasing)


def status(s: Scenario, ship: Ship, carrier: str) -> str:
    if ship.destroyed:
        return "OUT"
    if ship.left_map:
        return "left the map"
    said = []
    if carrier:
        said.append(f"aboard {carrier}")
    if ship.crippled:
        said.append("crippled")
    elif ship.lost_this_round:
        said.append(f"recover {ship.lost_this_round}")
    if ship.atmosphere:
        said.append("in atmosphere")
    if ship.cargo_owed:
        said.append(f"cargo -{ship.cargo_owed}")
    return ", ".join(said)


def ship_row(s: Scenario, ship: Ship, carrier: str) -> tuple[str, ...]:
    f = ship.factors
    return (
        ship.name,
        SIDES[s.counter(ship.name).role],
        f"{ship.hex}·{ship.core_distance}" if ship.hex else "-",
        "" if ship.gone else f"{f.attack} {f.defense} {f.maneuver} {f.range}",
        f"{ship.steps_left}/{len(ship.steps)}",
        status(s, ship, carrier),
    )


def counter_row(s: Scenario, counter: Counter) -> tuple[str, ...]:
    arrives = "" if counter.arrives is None else "start" if counter.arrives == 0 else f"turn {counter.arrives}"
    return (counter.name, SIDES[counter.role], "", f"({counter.code} {counter.number})".replace(" )", ")"), "", "not entered" + (f", {arrives}" if arrives else ""))


def ship_card(s: Scenario, ship: Ship, carrier: str) -> list[Part]:
    counter = s.counter(ship.name)
    said: list[Part] = [bold(ship.name), f"{counter.code}{' ' + counter.number if counter.number else ''} · {s.side(counter.role)} ({counter.role})"]
    if ship.destroyed:
        return [*said, "DESTROYED"]
    if ship.left_map:
        return [*said, f"LEFT THE MAP on turn {ship.left_map}: removed from the game, not destroyed (6.4.3)"] + ([f"aboard, gone with it: {ship.cargo.shown()}"] if not ship.cargo.empty else [])
    where = f"aboard {carrier}" if carrier else f"in {ship.hex}, {ship.core_distance} from the core" if ship.hex else "not placed on the map yet (l places it)"
    said.append(where)
    said.append(f"step {ship.lost + 1} of {len(ship.steps)}:")
    for number, step in enumerate(ship.steps, 1):
        mark = "▶" if number == ship.lost + 1 else " "
        said.append(f"{mark} {number}: {step.shown()}")
    said.append(f"point cost {ship.point_cost} (full {ship.cost})")
    if ship.lost_this_round:
        said.append(line(bold(f"{ship.lost_this_round} step{'s' if ship.lost_this_round > 1 else ''} lost this turn"), " (recovery: r)"))
    marks = [m for m, on in (("crippled", ship.crippled), ("in the atmosphere", ship.atmosphere), ("captured", ship.captured), ("SDU", ship.sdu)) if on]
    if marks:
        said.append(", ".join(marks))
    if not ship.cargo.empty:
        said.append(f"aboard: {ship.cargo.shown()}")
    if ship.cargo_owed:
        said.append(f"owes {ship.cargo_owed} cargo points eliminated (7.4.2)")
    return said


def counter_card(s: Scenario, counter: Counter) -> list[Part]:
    said: list[Part] = [bold(counter.name), f"{counter.code}{' ' + counter.number if counter.number else ''} · {s.side(counter.role)} ({counter.role})"]
    said.append("factors not entered: e enters them from the counter")
    if counter.arrives is not None:
        said.append("arrives at the start" if counter.arrives == 0 else f"arrives on turn {counter.arrives}")
    if counter.aboard:
        said.append(f"comes aboard {counter.aboard}")
    if counter.note:
        said.append(counter.note)
    return said


def planets(s: Scenario) -> list[Part]:
    said: list[Part] = [bold("Planets")]
    for world in s.worlds:
        p = world.planet
        role, _ = economic_control(p)
        control = f"{s.side(role)} control" if role else "no control"
        said.append(line(bold(world.name), f" {world.hex} {world.surface}: {control}"))
        said.append(f"  {s.defender.name} {p.defender.industrial} ind {p.defender.settled} set · {s.invader.name} {p.invader.industrial} ind {p.invader.settled} set")
    return said


def card(s: Scenario, name: str) -> list[Part]:
    found = s.entered(name)
    if found is not None:
        said = ship_card(s, *found)
    elif s.has_counter(name):
        said = counter_card(s, s.counter(name))
    else:
        said = ["no ship yet"]
    return [*said, "", *planets(s)]


APP_KEYS = {"assign": "i on Planets", "absorb": "b on Planets", "cargo": "x on Fleets"}


def asks(s: Scenario) -> str:
    """What the phase asks now, with the keys that do it."""
    owed = turn.owed(s)
    if s.ship_losses is not None:
        o = s.ship_losses
        return f"the {o.role} assigns {o.steps} step loss{'es' if o.steps != 1 else ''} in {o.hex} (g)"
    if owed:
        said, _, command = owed[0].partition(": referee si ")
        return f"{said} ({APP_KEYS.get(command.split(' ')[0], '')})".replace(" ()", "")
    if s.outcome:
        return s.outcome
    phasing = s.phasing
    hurt = [x.name for x in s.ships if x.lost_this_round and not x.gone and not x.crippled and s.counter(x.name).role == phasing]
    due = [c.name for c in s.counters if c.kind == "ship" and c.role == phasing and c.arrives == s.turn and s.entered(c.name) is None]
    rules = s.rules
    hints = {
        "fleet-movement": "move the fleet on the map, then place the ships (l); v: velocity" + optional_steps(s, "fleet-movement"),
        "reinforcements": "place the arrivals (l)" + (f"; enter (e): {', '.join(due[:3])}" if due else ""),
        "maneuver": "maneuver m (or move and place, l); load w, unload u" + optional_steps(s, "maneuver"),
        "ship-combat": "attack a hex (t), then the losses (g)" + ("; bombard a planet: o on Planets" if "strategic-bombardment" in rules else ""),
        "landing": "on Planets (2): land d, lift f, deploy y, stockpile s" + (", packs t" if "tactical-bombardment" in rules else "") + optional_steps(s, "landing"),
        "supply": "on Planets (2): ground supply p, a planet at a time",
        "ground-combat": "on Planets (2): deployment j, match m, ground attack k, each side's losses b" + optional_steps(s, "ground-combat"),
        "recovery": f"recovery rolls owed (r): {', '.join(hurt)}" if hurt else "no recovery roll owed",
        "victory": "victory is checked: n (or a) goes on",
    }
    return hints[s.phase]


def optional_steps(s: Scenario, phase: str) -> str:
    """The steps the optional rules the scenario plays add to a phase, on Fleets, with their keys."""
    rules = s.rules
    stowing = (s.turn, s.phasing) == (1, "invader") and bool({"stealth-mines", "tactical-bombardment"} & rules)
    boarded = [b.boarder for b in s.boardings if not b.fought and s.counter(b.boarder).role == s.phasing]
    steps = {
        "fleet-movement": [("mines aboard c", stowing), ("mines: strike h, move j", "stealth-mines" in rules and any(m.side == s.side(s.phasing) for m in s.minefields))],
        "maneuver": [("sweep s", "sensors" in rules), ("ram k", "ramming" in rules), ("board b", "boarding" in rules)],
        "landing": [("lay mines i", "stealth-mines" in rules), ("psi transfer f", "psi-specialists" in rules and bool(s.agents))],
        "ground-combat": [(f"boarding combat o ({', '.join(boarded)})", "boarding" in rules and bool(boarded))],
    }
    found = [said for said, played in steps[phase] if played]
    return f"; on Fleets: {', '.join(found)}" if found and phase in ("landing", "ground-combat") else f"; {', '.join(found)}" if found else ""


def tally(s: Scenario) -> str:
    """The victory condition's count, short: each planet's economic points by side, or the invader's
    bombardment, or its share of the industrial points."""
    v = s.victory
    worlds = [s.world(name) for name in v.planets]
    if v.counts == "economic-points":
        return "; ".join(f"{w.name}: {s.defender.name} {w.planet.defender.total}, {s.invader.name} {w.planet.invader.total}" for w in worlds)
    if v.counts == "bombardment":
        return f"{s.invader.name} bombardment {sum(w.bombarded for w in worlds)} of {v.points} points"
    return "; ".join(f"{w.name}: {s.invader.name} hold {w.planet.invader.industrial} of {w.planet.invader.industrial + w.planet.defender.industrial} industrial" for w in worlds)


def next_steps(s: Scenario) -> list[Part]:
    """Three lines: the turn and phase, what it asks now, what n brings next and the victory tally."""
    head = line(bold(f"Turn {s.turn} of {s.turns}"), f" · {s.phase_title} ({PHASE_KEYS.index(s.phase) + 1}) · {s.side(s.phasing)} ({s.phasing})")
    if s.outcome:
        then = "the game is over"
    elif s.phasing == "invader":
        then = "n: the defender's part"
    elif s.phase == "victory":
        then = f"n: turn {s.turn + 1}" if s.turn < s.turns else "n: the verdict"
    else:
        then = f"n: {TITLES[PHASE_KEYS[PHASE_KEYS.index(s.phase) + 1]]}"
    waiting = not_entered(s)
    if waiting:
        then += f" · {len(waiting)} not entered (e)"
    return [head, asks(s), line(then, " · ", bold("victory "), tally(s))]
