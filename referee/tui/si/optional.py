"""The optional rules' actions of a Stellar Inferno scenario (Stellar Inferno [12]): a ship's
maneuver with its hazards (asteroids, a grazing orbit, overloaded engines), sensor sweeps, rams and
boarding, stealth mines laid, moved and striking, mines and packs stowed before play, psi agents
entered and transferred, bombardment packs deployed. Each field picks from what the rules allow
now; each step calls into ``referee.stellar_inferno`` (no Textual here), as the Fleets screen's
actions do (:mod:`referee.tui.si.actions`).

A maneuver and a mine attack roll several dice on one log line, each typed under what it is for
(:func:`in_order`); a ram's two log lines each roll a die of their own (:data:`RAM_KEY`,
:data:`BACK_KEY`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from referee.stellar_inferno import boarding_phase, maneuver_phase, mines_phase, movement, odds, optional_phase
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.scenario import Done, Scenario
from referee.stellar_inferno.ship_phase import tech_advantage
from referee.tables import Tables
from referee.tui.forms import Action, Field, FieldError, Line, Values, later_roll, needed, number, text
from referee.tui.si.actions import KEY, Step, Stepped, hexes, keyed, label, listed, no_dice, range_fields, ranges, role_of, targets, yes, yes_no

Choices = list[tuple[str, str]]
RAM_KEY = "ram"
BACK_KEY = "ram back"

# ---------------------------------------------------------------------- lists to pick from


def _phasing(s: Scenario) -> list[sh.Ship]:
    """The phasing side's ships on the map, arrived and afloat."""
    return [x for x in s.ships if x.hex and not x.gone and role_of(s, x.name) == s.phasing and (s.counter(x.name).arrives or 0) <= s.turn]


def _ship(s: Scenario, values: Values, field: str = "ship") -> sh.Ship | None:
    name = text(values, field)
    found = s.entered(name) if name else None
    return found[0] if found else None


def maneuvering(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships that have not manoeuvred this turn (6.4.1)."""
    return [(f"{label(s, x)}; M{x.factors.maneuver}", x.name) for x in _phasing(s) if "maneuver" not in s.did(x.name)]


def sweepers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships that have not manoeuvred nor swept this turn (12.6.3)."""
    return [(label(s, x), x.name) for x in _phasing(s) if not {"maneuver", "sweep"} & set(s.did(x.name))]


def stack(s: Scenario, values: Values) -> Choices:
    """The other side's ships in the hex picked."""
    where = text(values, "hex")
    return [(label(s, x), x.name) for x in s.ships if where and x.hex == where and not x.gone and role_of(s, x.name) != s.phasing]


def _enemies_by(s: Scenario, ship: sh.Ship) -> list[sh.Ship]:
    return [x for x in s.ships if x.hex == ship.hex and not x.gone and role_of(s, x.name) != s.phasing]


def rammers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships in a hex with the other side's, not rammed this turn (12.8)."""
    return [(f"{label(s, x)}; D{sh.defense_rating(x).value}", x.name) for x in _phasing(s) if not x.captured and "ram" not in s.did(x.name) and _enemies_by(s, x)]


def boarders(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships in a hex with the other side's, not manoeuvred nor boarding this turn (12.13.3)."""
    declared = {b.boarder for b in s.boardings}
    return [(label(s, x), x.name) for x in _phasing(s) if not x.captured and "maneuver" not in s.did(x.name) and x.name not in declared and _enemies_by(s, x)]


def closing(s: Scenario, values: Values) -> Choices:
    """The other side's ships in the hex of the ship picked, slower than it (12.8.2, 12.13.2)."""
    ship = _ship(s, values)
    if ship is None:
        return []
    return [(f"{label(s, x)}; D{sh.defense_rating(x).value}", x.name) for x in _enemies_by(s, ship) if x.factors.maneuver < ship.factors.maneuver]


def declared(s: Scenario, values: Values) -> Choices:
    """The boardings the phasing side declared this turn, not fought yet (12.13.4)."""
    return [(f"{b.boarder} boarding {b.target}", b.boarder) for b in s.boardings if not b.fought and role_of(s, b.boarder) == s.phasing]


def layers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships with mine points aboard (12.3.2)."""
    return [(f"{label(s, x)}; {x.cargo.mines} mine points aboard", x.name) for x in _phasing(s) if x.cargo.mines]


def minefields(s: Scenario, values: Values) -> Choices:
    """The phasing side's minefields."""
    side = s.side(s.phasing)
    return [(f"{m.hex}: {m.points} mine point{'s' if m.points != 1 else ''}", m.hex) for m in s.minefields if m.side == side]


def stowing(s: Scenario, values: Values) -> Choices:
    """The ships entered with a cargo rating, of either side."""
    return [(f"{label(s, x)}; cargo {x.cargo.points()} of {x.factors.cargo}", x.name) for x, _ in s.all_ships() if x.factors.cargo and not x.gone]


def afloat(s: Scenario, values: Values) -> Choices:
    return [(label(s, x), x.name) for x, _ in s.all_ships() if not x.gone]


def agents(s: Scenario, values: Values) -> Choices:
    """The phasing side's psi agents (12.7.6)."""
    return [(f"{a.name} (psi {a.rating}) aboard {a.ship}", a.name) for a in s.agents if a.role == s.phasing]


def receiving(s: Scenario, values: Values) -> Choices:
    """The phasing side's other ships in the hex of the agent's ship."""
    name = text(values, "agent")
    found = [a for a in s.agents if a.name == name]
    if not found:
        return []
    source = s.ship(found[0].ship)
    return [(label(s, x), x.name) for x in _phasing(s) if x.hex == source.hex and x.name != source.name]


def packers(s: Scenario, values: Values) -> Choices:
    """The phasing side's ships with bombardment packs aboard in a planet's hex (12.11.2)."""
    return [(f"{label(s, x)}; {x.cargo.packs} pack points aboard", x.name) for x in _phasing(s) if x.cargo.packs and any(w.hex == x.hex for w in s.worlds)]


def below(s: Scenario, values: Values) -> Choices:
    """The planets in the hex of the ship picked."""
    ship = _ship(s, values)
    return [(f"{w.name} ({w.hex})", w.name) for w in s.worlds if ship is not None and w.hex == ship.hex]


def _count(v: Values, field: str, what: str, low: int = 1) -> int:
    found = number(v, field, low)
    if found is None:
        raise FieldError(field, f"{what}, {low} or more")
    return found


def home_cv(s: Scenario, name: str) -> bool:
    """A ship the Invasion of Portborough's home CV rule may halve: an FF entered aboard a CV."""
    counter = s.counter(name)
    return any("home CV" in rule for rule in s.force(counter.role).special_rules) and s.ship(name).code == "FF" and bool(counter.aboard)


def _away_fields(s: Scenario, names: Sequence[str]) -> tuple[Field, ...]:
    if not [n for n in names if n and home_cv(s, n)]:
        return ()
    return (AWAY._replace(choices=lambda s_, v_: halved(s_, {"ship": names[0]})),)


def _away(v: Values) -> list[str]:
    return [n.strip() for n in text(v, "away").split(",") if n.strip()]


# ---------------------------------------------------------------------- dice typed in order


def roll_keys(line: Line) -> list[str]:
    """The dice dialog's keys of a log line's rolls: the first under the line's key, each later
    one by what it is for (``referee.tui.dialogs.needs``)."""
    return [line.key if n == 0 else later_roll(line.key, receipt.partition(":")[2].partition(" for ")[2]) for n, receipt in enumerate(line.rolls)]


def in_order(run: Callable[[Sequence[str | None]], Done], rolled: Mapping[str, str]) -> Stepped:
    """A step rolling several dice on one log line, in an order the rules know (a maneuver's
    engines, radiation, then asteroid hexes; a mine point's d6 each): the dice typed put in that
    order by what each is for. Dice typed may call for fewer (a ship destroyed rolls no more) or
    more: run again until the line rolls the dice it was given."""
    made = keyed(run(()))
    if not rolled:
        return made
    for _ in range(4):
        keys = [k for line in made.entries for k in roll_keys(line)]
        again = keyed(run([rolled.get(k) for k in keys]))
        if [k for line in again.entries for k in roll_keys(line)] == keys:
            return again
        made = again
    return made


# ---------------------------------------------------------------------- the builders


def _maneuver_hazards(v: Values, s: Scenario, t: Tables) -> tuple[str, tuple[Field, ...]]:
    """The second form of a maneuver: the hazards of the optional rules the scenario plays."""
    name = needed(v, "ship", "the ship that manoeuvres")
    fields: list[Field] = []
    if "overloading-engines" in s.rules:
        fields.append(Field("overload", "Overload engines", "yes: +1 hex, a d6 (12.4)", choices=yes_no))
    if "grazing-orbit" in s.rules and s.stars:
        fields.append(Field("star", "Grazing orbit of", "blank: none (12.2)", choices=lambda s_, v_: [(f"{x.name} ({x.hex}, +{x.rating})", x.name) for x in s_.stars]))
    if "asteroids" in s.rules:
        fields.append(Field("asteroids", "Asteroid hexes", "entered (blank: 0; a d6 each, 12.1)"))
    fields += _away_fields(s, [name])
    return f"the hazards of {name}'s maneuver, dice in this order: engines, radiation, a d6 an asteroid hex", tuple(fields)


def _maneuver(v: Values, s: Scenario, t: Tables) -> Step:
    name = needed(v, "ship", "the ship that manoeuvres")
    hexes_ = _count(v, "hexes", "the hexes it manoeuvres")
    to, core = text(v, "to"), number(v, "core", 0)
    asteroids = number(v, "asteroids", 0, hexes_, 0) or 0
    star, overload, away = text(v, "star"), yes(v, "overload"), name in _away(v)

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Stepped:
        return in_order(lambda dice: maneuver_phase.maneuver(s, name, hexes_, rng, dice, to, core, asteroids, star, overload, away), rolled)

    return step


def _maneuver_preview(v: Values, s: Scenario, t: Tables) -> str:
    ship = _ship(s, v)
    if ship is None:
        return ""
    did = s.did(ship.name)
    allowed = movement.maneuver_allowance(ship, handling_cargo=bool({"load", "unload"} & set(did)), carried="carried" in did, sweeping="sweep" in did, boarding="board" in did)
    said = f"{ship.name} in {ship.hex}: up to {allowed.hexes} hex{'es' if allowed.hexes != 1 else ''} ({'; '.join(allowed.reasons)})"
    return said + ("; a grazing orbit adds the star's rating" if "grazing-orbit" in s.rules and s.stars else "")


def _sweep_names(v: Values) -> list[str]:
    return listed(v, "ships", "the sweeping ships (space marks one)")


def _sweep_ranges(v: Values, s: Scenario, t: Tables) -> tuple[str, tuple[Field, ...]]:
    where, names = needed(v, "hex", "the swept hex"), _sweep_names(v)
    fields = range_fields(names)
    fields.append(Field("reveal", "Owner reveals", "blank: the lowest defense first", choices=lambda s_, v_: stack(s_, {"hex": where}), many=True))
    return f"the hexes from each ship to {where}; the ships the owner reveals, in his order (12.6.5)", tuple(fields)


def _sweep(v: Values, s: Scenario, t: Tables) -> Step:
    where, names = needed(v, "hex", "the swept hex"), _sweep_names(v)
    pairs = ranges(v, names, where)
    reveal = [n.strip() for n in text(v, "reveal").split(",") if n.strip()]
    return lambda rng, rolled: keyed(maneuver_phase.sweep(s, t, pairs, where, rng, rolled.get(KEY), reveal))


def halved(s: Scenario, values: Values) -> Choices:
    """Of the two ships picked, Invasion of Portborough's FFs that may be out of range of their home CV (14.3)."""
    return [(f"{n}: its maneuver halved", n) for n in (text(values, "ship"), text(values, "target")) if n and s.entered(n) is not None and home_cv(s, n)]


def _ram(v: Values, s: Scenario, t: Tables) -> Step:
    rammer, target, away = needed(v, "ship", "the ramming ship"), needed(v, "target", "the ship rammed"), _away(v)

    def step(rng: random.Random, rolled: Mapping[str, str]) -> Stepped:
        made = maneuver_phase.ram(s, t, rammer, target, rng, rolled.get(RAM_KEY), rolled.get(BACK_KEY), away)
        lines = [keyed(made, key).entries[n] for n, key in enumerate((RAM_KEY, BACK_KEY)[: len(made.entries)])]
        return Stepped(made.state, tuple(lines))

    return step


def _ram_preview(v: Values, s: Scenario, t: Tables) -> str:
    """The odds of the ram on Table 4 and what each die reads (12.8.3)."""
    rammer, target = _ship(s, v), _ship(s, v, "target")
    if rammer is None or target is None:
        return ""
    attack, defense = sh.defense_rating(rammer).value, sh.defense_rating(target).value
    table = t.get(odds.CLOSED_ORDER)
    row, how = table.odds_row(attack, defense)
    advantage, _ = tech_advantage(s, [rammer.name], [target.name])
    shift = sum(m.value for m in odds.technology(advantage, s.rules))
    cells = ", ".join(f"{die}: {row[table.die_column(die + shift)[0].key]}" for die in range(1, 7))
    return f"{rammer.name} D{attack} against {target.name} D{defense}: {how} (Table 4{f', die {shift:+d}' if shift else ''}); step losses by die {cells}"


def _board(v: Values, s: Scenario, t: Tables) -> Step:
    boarder, target, away = needed(v, "ship", "the boarding ship"), needed(v, "target", "the ship boarded"), _away(v)
    return no_dice(lambda: boarding_phase.declare(s, boarder, target, away))


def _boarding(v: Values, s: Scenario, t: Tables) -> Step:
    boarder = needed(v, "ship", "the boarding ship")
    return lambda rng, rolled: keyed(boarding_phase.fight(s, t, boarder, rng, rolled.get(KEY)))


def _lay(v: Values, s: Scenario, t: Tables) -> Step:
    ship, points = needed(v, "ship", "the ship laying mines"), _count(v, "points", "the mine points laid")
    return no_dice(lambda: mines_phase.lay(s, ship, points))


def _lay_preview(v: Values, s: Scenario, t: Tables) -> str:
    ship = _ship(s, v)
    if ship is None:
        return ""
    there = s.minefield(s.side(s.phasing), ship.hex)
    return f"{ship.name} carries {ship.cargo.mines} mine points; laid in {ship.hex}" + (f", joining the {there.points} there" if there else "")


def _move_mines(v: Values, s: Scenario, t: Tables) -> Step:
    start, to = needed(v, "hex", "the minefield's hex"), needed(v, "to", "the hex the mines reach")
    return no_dice(lambda: mines_phase.move(s, start, to))


def _strike(v: Values, s: Scenario, t: Tables) -> Step:
    start, where = needed(v, "hex", "the minefield's hex"), needed(v, "target", "the hex of the opponent's ships entered or passed through")
    return lambda rng, rolled: in_order(lambda dice: mines_phase.strike(s, start, where, rng, dice), rolled)


def _strike_preview(v: Values, s: Scenario, t: Tables) -> str:
    field = s.minefield(s.side(s.phasing), text(v, "hex")) if text(v, "hex") else None
    if field is None:
        return ""
    return f"{field.points} mine point{'s' if field.points != 1 else ''}: a d6 each, each 1 a step loss on the next ship by decreasing maneuver (12.3.4-12.3.6)"


def _stow(v: Values, s: Scenario, t: Tables) -> Step:
    ship, mines, packs = needed(v, "ship", "the ship carrying them"), number(v, "mines", 0, default=0) or 0, number(v, "packs", 0, default=0) or 0
    return no_dice(lambda: optional_phase.stow(s, ship, mines, packs))


def _agent(v: Values, s: Scenario, t: Tables) -> Step:
    name, ship = needed(v, "name", "the agent's name"), needed(v, "ship", "the ship he is aboard")
    rating = number(v, "rating", 1, optional_phase.PSI_MOST)
    if rating is None:
        raise FieldError("rating", f"his psi rating, 1 to {optional_phase.PSI_MOST}")
    return no_dice(lambda: optional_phase.assign_agent(s, name, ship, rating))


def _transfer(v: Values, s: Scenario, t: Tables) -> Step:
    name, to = needed(v, "agent", "the psi agent"), needed(v, "to", "the ship he moves to")
    return no_dice(lambda: optional_phase.transfer_agent(s, name, to))


def _packs(v: Values, s: Scenario, t: Tables) -> Step:
    ship, planet, points = needed(v, "ship", "the ship deploying packs"), needed(v, "planet", "the planet"), _count(v, "points", "the pack points deployed")
    return no_dice(lambda: optional_phase.deploy_packs(s, ship, planet, points))


SHIP = Field("ship", "Ship", "", "ship")
AWAY = Field("away", "Out of home CV's range", "Portborough's FFs (14.3); blank: none", choices=halved, many=True)
FLEETS: Sequence[Action] = (
    Action(
        "m",
        "Maneuver",
        "a ship's individual maneuver, placed at the hex it reaches; its hazards asked next where the scenario plays them (asteroids, grazing orbit, overloaded engines)",
        (
            SHIP._replace(choices=maneuvering),
            Field("hexes", "Hexes", "as moved on the map"),
            Field("to", "To hex", "blank: placed by l", suggest=hexes),
            Field("core", "From the core", "hexes (blank: as the ships there)"),
        ),
        _maneuver,
        shown=False,
        preview=_maneuver_preview,
        more=_maneuver_hazards,
    ),
    Action(
        "s",
        "Sweep",
        "a sensor sweep of an enemy stack by ships that do not manoeuvre this turn, the d6 on the Sensor table (optional rule 12.6)",
        (
            Field("hex", "Swept hex", "", choices=targets),
            Field("ships", "Sweeping ships", "space marks one", choices=sweepers, many=True),
        ),
        _sweep,
        shown=False,
        more=_sweep_ranges,
    ),
    Action(
        "k",
        "Ram",
        "a ship rams a slower enemy ship in its hex, its defense as attack on Table 4; the survivor rams back (optional rule 12.8)",
        (
            SHIP._replace(choices=rammers),
            Field("target", "Target", "", choices=closing),
            AWAY,
        ),
        _ram,
        shown=False,
        preview=_ram_preview,
    ),
    Action(
        "b",
        "Board",
        "a boarding declared: a ship boards a slower enemy ship in its hex, fought in Ground Combat (optional rule 12.13)",
        (
            SHIP._replace(choices=boarders),
            Field("target", "Target", "", choices=closing),
            AWAY,
        ),
        _board,
        shown=False,
    ),
    Action(
        "o",
        "Boarding combat",
        "the boarding combat declared this turn, on Table 5; each side's losses then taken with b on Planets (optional rule 12.13)",
        (SHIP._replace(choices=declared),),
        _boarding,
        shown=False,
    ),
    Action(
        "i",
        "Lay mines",
        "mine points laid from a ship's cargo in its hex (Landing Actions; optional rule 12.3)",
        (
            SHIP._replace(choices=layers),
            Field("points", "Mine points", "1 or more"),
        ),
        _lay,
        shown=False,
        preview=_lay_preview,
    ),
    Action(
        "j",
        "Move mines",
        "a minefield moved with its side's fleet movement (Fleet Movement; optional rule 12.3)",
        (
            Field("hex", "Minefield", "", choices=minefields),
            Field("to", "To hex", "6/J9", suggest=hexes),
        ),
        _move_mines,
        shown=False,
    ),
    Action(
        "h",
        "Mine strike",
        "a minefield enters or passes through a hex of the opponent's ships: a d6 a mine point (Fleet Movement; optional rule 12.3)",
        (
            Field("hex", "Minefield", "", choices=minefields),
            Field("target", "Hex struck", "", choices=targets),
        ),
        _strike,
        shown=False,
        preview=_strike_preview,
    ),
    Action(
        "c",
        "Stow",
        "mine and bombardment pack points put aboard a ship before the scenario starts (optional rules 12.3, 12.11)",
        (
            SHIP._replace(choices=stowing),
            Field("mines", "Mine points", "blank: 0"),
            Field("packs", "Pack points", "blank: 0"),
        ),
        _stow,
        shown=False,
    ),
    Action(
        "p",
        "Psi agent",
        "a psi agent entered aboard a ship with his rating (optional rule 12.7)",
        (
            Field("name", "Name", "the agent's"),
            SHIP._replace(choices=afloat),
            Field("rating", "Psi rating", "1 to 9"),
        ),
        _agent,
        shown=False,
    ),
    Action(
        "f",
        "Transfer",
        "a psi agent moves between two ships of his side in one hex (Landing Actions; optional rule 12.7)",
        (
            Field("agent", "Agent", "", choices=agents),
            Field("to", "To ship", "", choices=receiving),
        ),
        _transfer,
        shown=False,
    ),
)
PLANETS: Sequence[Action] = (
    Action(
        "t",
        "Packs",
        "bombardment packs deployed from orbit: a ground unit of attack and defense 1 a point for the turn (Landing Actions; optional rule 12.11)",
        (
            SHIP._replace(choices=packers),
            Field("planet", "Planet", "", choices=below),
            Field("points", "Pack points", "1 or more"),
        ),
        _packs,
        shown=False,
    ),
)
