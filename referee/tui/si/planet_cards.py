"""A Stellar Inferno scenario as the Planets screen shows it, in plain text parts (no Textual): each
planet with its terrain, control and stockpiles, then the ground units on it, those aboard ships and
those waiting off the map; the card of the planet or unit under the cursor; and what the ground
phases owe (losses to take, supply given).
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.stellar_inferno.ground_units import GroundUnit
from referee.stellar_inferno.planets import ROLES, economic_control
from referee.stellar_inferno.scenario import Counter, Scenario, World
from referee.tui.si.cards import SIDES
from referee.tui.text import Part, bold

LABELS = ("Planet or unit", "Side", "Where", "A-D-M", "Steps")


def control(s: Scenario, world: World) -> str:
    role, _ = economic_control(world.planet)
    return f"{s.side(role)} control" if role else "no control"


def world_row(s: Scenario, world: World) -> tuple[str, ...]:
    role, _ = economic_control(world.planet)
    return (world.name, SIDES[role] if role else "", world.hex, "", "")


def unit_row(s: Scenario, unit: GroundUnit, where: str) -> tuple[str, ...]:
    return ("  " + unit.name, SIDES[s.counter(unit.name).role], where, "" if unit.destroyed else unit.factors.shown(), f"{unit.steps_left}/{len(unit.steps)}")


def waiting(s: Scenario) -> list[Counter]:
    """The ground unit counters whose factors are not entered yet, the phasing side's first."""
    entered = {u.name for u, _, _ in s.all_units()}
    return sorted((c for c in s.counters if c.kind == "unit" and c.name not in entered), key=lambda c: c.role != s.phasing)


def rows(s: Scenario) -> Iterator[tuple[str, tuple[str, ...], bool]]:
    """(key, cells, greyed) for each row: each planet, then its units on the surface; then units
    aboard ships, units off the map, counters not entered."""
    units = list(s.all_units())
    for world in s.worlds:
        yield world.name, world_row(s, world), False
        for unit, planet, carrier in units:
            if planet == world.name and not carrier:
                yield unit.name, unit_row(s, unit, "surface"), unit.destroyed
    for unit, planet, carrier in units:
        if carrier:
            yield unit.name, unit_row(s, unit, f"aboard {carrier}"), unit.destroyed
        elif not planet:
            yield unit.name, unit_row(s, unit, "off the map"), unit.destroyed
    for counter in waiting(s):
        yield counter.name, ("  " + counter.name, SIDES[counter.role], "not entered", "", ""), True


def world_card(s: Scenario, world: World) -> list[Part]:
    p = world.planet
    said: list[Part] = [bold(world.name), f"{world.hex} · {world.surface or ('atmosphere' if p.atmosphere else 'no atmosphere')} · gravity {p.gravity}"]
    for role in reversed(ROLES):
        held = p.held(role)
        said.append(f"{s.side(role)} ({role}): {held.industrial} industrial, {held.settled} settled; stockpile {world.stockpile(role)}")
    said.append(control(s, world))
    if p.native:
        said.append(f"{p.native} native points")
    if world.bombarded:
        said.append(f"surface bombardment so far: {world.bombarded} points")
    above = [x for x in s.ships if x.hex == world.hex and not x.gone]
    for label, group in (("in the atmosphere", [x for x in above if x.atmosphere]), ("in orbit", [x for x in above if not x.atmosphere])):
        if group:
            said.append(f"{label}: {', '.join(f'{x.name} ({SIDES[s.counter(x.name).role]})' for x in group)}")
    if world.name in s.supplied:
        said.append(f"the {s.phasing}'s units here are supplied this phase")
    return said


def unit_card(s: Scenario, unit: GroundUnit, planet: str, carrier: str) -> list[Part]:
    counter = s.counter(unit.name)
    said: list[Part] = [bold(unit.name), f"ground unit · {s.side(counter.role)} ({counter.role})" + (", drop-capable" if unit.drop else "")]
    if unit.destroyed:
        return [*said, "ELIMINATED"]
    said.append(f"aboard {carrier}" if carrier else f"on {planet}'s surface" if planet else "off the map")
    said.append(f"step {unit.lost + 1} of {len(unit.steps)}, attack-defense-maneuver:")
    for number, step in enumerate(unit.steps, 1):
        said.append(f"{'▶' if number == unit.lost + 1 else ' '} {number}: {step.shown()}")
    return said


def card(s: Scenario, name: str) -> list[Part]:
    """The card of the planet or the unit ``name`` (its counter, when not entered)."""
    if any(w.name == name for w in s.worlds):
        said = world_card(s, s.world(name))
    elif (found := s.unit_where(name)) is not None:
        said = unit_card(s, *found)
    elif s.has_counter(name):
        counter = s.counter(name)
        said = [bold(counter.name), f"ground unit · {s.side(counter.role)} ({counter.role})", "factors not entered: u enters them from the counter"]
        said += [f"comes aboard {counter.aboard}"] if counter.aboard else []
    else:
        said = ["no planet in this scenario"]
    owed = s.ground_losses
    if owed is not None:
        said += [
            "",
            bold("Ground losses owed"),
            f"on {owed.planet}: " + "; ".join(f"the {role} {owed.losses(role)} ({'taken' if owed.taken(role) is not None else 'b takes them'})" for role in ("defender", "invader")),
        ]
    return said
