"""Battles between the campaign and the table: contested systems, attack declarations, outcomes.

After movement, wherever both sides are in one star system they may fight. The Sathar declare
their attacks first (a planet in a two-planet system; one planet per ship a day), then the UPF,
who may not attack Sathar ships that already attacked that day. A battle is fought on the table,
with the Knight Hawks engine (export the rosters to a battle file, import it back), or its outcome
is entered ship by ship.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee import strict
from referee.errors import RefereeError
from referee.knight_hawks.roster import DAMAGED_SYSTEMS, Ship
from referee.sathar_war.campaign import BOOK, SIDES, Campaign, Done, Entry, Fight, Place, Side, Unit, done
from referee.sathar_war.forces import carrier_capacity
from referee.sathar_war.frontier import Planet
from referee.sathar_war.victory import judge, lose
from referee.tables import Tables

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle

COMBAT_RULE = f"{BOOK}, Special Combat Rules"
DECLARING_RULE = f"{COMBAT_RULE}: Declaring Combat"
BREAKING_OFF_RULE = f"{COMBAT_RULE}: Breaking Off Combat"
LEFT_OUT = "'Fighters not aboard a carrier or station when the \"Day\" marker is advanced are destroyed automatically'"
LANDING_RULE = f"{BREAKING_OFF_RULE}; a reading: a fighter ends the battle aboard the carrier or station it landed on"
DRONES_RULE = f"{BOOK}, Shatter Drones (Optional)"
WHICH_RULE = "ssw.which-rules (Which Rules To Use?)"
HAND_EDIT = "a correction by the referee (Knight Hawks Campaign Book: the ship roster form)"
ATTACKER = {"sathar-attacks": "Sathar", "upf-attacks": "UPF"}
RULES_NAMES = {"basic": "Basic Rules (Advanced ships, weapons and Combat Table; hull damage only, no repairs in battle)", "advanced": "Advanced Rules"}
BASIC_GAME_RULE = f"{BOOK}, Orders of Battle: 'If the Basic Rules are used ... The Advanced Game Damage Table and the repair rule are ignored'"


class Contested(NamedTuple):
    """A system where both sides are: the ships (and stations) of each that could fight."""

    system: str
    planets: tuple[str, ...]
    sathar: tuple[Unit, ...]
    upf: tuple[Unit, ...]


def contested(campaign: Campaign) -> list[Contested]:
    """The systems where both sides are, in the map's order: what :meth:`Campaign.at` gives each side
    there, found in one pass over the units (the status reads this at every action)."""
    here: dict[tuple[str, str], list[Unit]] = {}
    for unit in campaign.units:
        if unit.active and (where := unit.system(campaign.frontier)):
            here.setdefault((where, unit.side), []).append(unit)
    found = []
    for system in campaign.frontier.systems:
        sathar, upf = here.get((system.name, "Sathar")), here.get((system.name, "UPF"))
        if sathar and upf:
            found.append(Contested(system.name, tuple(p.name for p in system.planets), tuple(sathar), tuple(upf)))
    return found


def suggested_rules(tables: Tables, units: Sequence[Unit]) -> str:
    """The chart's suggestion for these units, with the count it read: "Ships in Battle" counts
    ships, and stations are not ships (the orders of battle list them apart). Fewer than two ships
    (a lone ship against a station) is below the chart: read as its first row, Advanced Rules."""
    ships = [u for u in units if not u.station]
    stations = [u.name for u in units if u.station]
    sides = " and ".join(f"{sum(1 for u in ships if u.side == side)} {side}" for side in ("Sathar", "UPF"))
    made = f"{len(ships)} ship{'s' if len(ships) != 1 else ''} in battle, {sides}" + (f"; stations are not ships, not counted: {', '.join(stations)}" if stations else "")
    row = tables.get("ssw.which-rules").band(max(len(ships), 2))[0]
    below = "; fewer than 2 ships, read as the chart's first row" if len(ships) < 2 else ""
    return f"{row['rules']} ({row['ships']} ships): {made}{below}"


def chosen_game(suggestion: str, rules: str) -> str:
    """The rules a battle is fought with: the referee's choice, else the chart's suggestion ("If a
    majority of the players agree to use rules other than those suggested, feel free to ignore this
    chart")."""
    wanted = rules.strip().lower() or ("basic" if suggestion.startswith("Basic") else "advanced")
    if wanted not in ("basic", "advanced"):
        raise RefereeError(f"the rules are basic or advanced, not {rules!r} ({WHICH_RULE})")
    return wanted


def declare(campaign: Campaign, tables: Tables, system: str, planet: str = "", names: Sequence[str] = (), rules: str = "") -> Done:
    """The side whose attack step it is declares an attack in a system, at one planet; every enemy
    ship there (and the station of that planet) may fight. The battle is fought with the rules the
    referee names (basic or advanced), by default the chart's suggestion."""
    if campaign.outcome:
        raise RefereeError(f"the war is over: {campaign.outcome}")
    attacker: Side | None = ATTACKER.get(campaign.step)  # type: ignore[assignment]
    if attacker is None:
        raise RefereeError(f"attacks are declared in steps sathar-attacks and upf-attacks, after both sides move; the campaign is at {campaign.step} ({DECLARING_RULE})")
    found = campaign.frontier.system(system)
    here = next((c for c in contested(campaign) if c.system == found.name), None)
    if here is None:
        raise RefereeError(f"both sides are not in {found.name}; battles are fought where Sathar and UPF ships share a star system ({DECLARING_RULE})")
    target = _planet(found.name, found.planets, planet)
    mine = here.sathar if attacker == "Sathar" else here.upf
    theirs = here.upf if attacker == "Sathar" else here.sathar
    attackers = [u for u in mine if not u.station]
    if names:
        chosen = {u.name for u in campaign.named(names)}
        wrong = sorted(chosen - {u.name for u in attackers})
        if wrong:
            raise RefereeError(f"{', '.join(wrong)}: not {attacker} ships in {found.name} that can attack")
        attackers = [u for u in attackers if u.name in chosen]
    if attacker == "Sathar":
        elsewhere = [u.name for u in attackers if u.attacked and u.attacked != target]
        if elsewhere:
            raise RefereeError(f"{', '.join(elsewhere)} attacked another planet today; only one planet can be attacked by a ship per day ({DECLARING_RULE})")
        defenders = [u for u in theirs if not u.station or u.home == target]
    else:
        defenders = [u for u in theirs if not u.attacked]
        if not defenders:
            raise RefereeError(f"every Sathar ship in {found.name} attacked today; the UPF may not attack Sathar ships that have already attacked ({DECLARING_RULE})")
    if not attackers:
        raise RefereeError(f"no {attacker} ship in {found.name} can attack")
    ships = [*attackers, *defenders]
    suggestion = suggested_rules(tables, ships)
    game = chosen_game(suggestion, rules)
    fight = Fight(found.name, target, attacker, tuple(u.name for u in ships), suggestion, game)
    marked = [u._replace(attacked=target if attacker == "Sathar" else u.attacked) for u in attackers]
    campaign = campaign.with_units(marked)._replace(fights=(*campaign.fights, fight))
    text = (
        f"{attacker} attack at {target} ({found.name}): {len(attackers)} attacking ({', '.join(u.name for u in attackers)}); "
        f"{len(defenders)} may defend ({', '.join(u.name for u in defenders)}); suggested: {suggestion}; fought with the {RULES_NAMES[game]}"
    )
    return done(campaign, campaign.entry(text, rule=f"{DECLARING_RULE}; {WHICH_RULE}"))


def _planet(system: str, planets: Sequence[Planet], name: str) -> str:
    names = [p.name for p in planets]
    if not name:
        if len(names) > 1:
            raise RefereeError(f"{system} has two planets: name the one attacked, {' or '.join(names)} ({DECLARING_RULE})")
        return names[0]
    for planet in names:
        if planet.casefold() == name.strip().casefold():
            return planet
    raise RefereeError(f"{name!r} is not a planet of {system}; its planets are {', '.join(names)}")


def attack_by(campaign: Campaign, attacker: str, ship: str) -> Fight:
    """Today's battle of the Sathar or the UPF attack that holds the ship (a ship may be in both)."""
    side = strict.pick(attacker, SIDES, "attacker")
    name = campaign.unit(ship).name
    found = next((f for f in campaign.fights if f.attacker == side and name in f.ships), None)
    if found is None:
        held = [f"the {f.attacker} attack at {f.planet}" for f in campaign.fights if name in f.ships]
        raise RefereeError(f"no {side} attack today holds the {name}; it is in {' and '.join(held) if held else 'no battle declared today'}")
    return found


def fight_of(campaign: Campaign, unit: Unit, fight: Fight | None = None) -> Fight:
    """The battle of today a ship's result is for: ``fight`` when it is named (a ship may fight in two
    battles a day: the Sathar attack, then the UPF's), checked; else the first that holds the ship."""
    if fight is not None:
        if fight not in campaign.fights:
            raise RefereeError(f"the {fight.attacker} attack at {fight.planet} ({fight.system}) is not among today's battles")
        if unit.name not in fight.ships:
            raise RefereeError(f"the {unit.name} is not in the {fight.attacker} attack at {fight.planet}; its ships are {', '.join(fight.ships)}")
        return fight
    for found in campaign.fights:
        if unit.name in found.ships:
            return found
    raise RefereeError(f"the {unit.name} is in no battle declared today; declare the attack on its system first")


class Outcome(NamedTuple):
    """What happened to one ship in a battle, as the referee reads it off the roster."""

    hull: int | None = None
    adf: int | None = None
    mr: int | None = None
    dcr: int | None = None
    lost_systems: tuple[str, ...] = ()  # weapons or defenses destroyed
    damaged: tuple[str, ...] = ()  # combat-control, navigation, fires ...
    spent: Mapping[str, int] = {}  # ammunition spent: {"T": 2, "ICM": 3}
    destroyed: bool = False
    detonated: bool = False  # a shatter drone set off
    escaped: str = ""  # the system whose route it escaped onto
    aboard: str = ""  # a fighter at the battle's end: LAUNCHED, or the carrier or station it landed on ('': as it was)


LAUNCHED = "launched"


def record(campaign: Campaign, name: str, outcome: Outcome, fight: Fight | None = None) -> Done:
    """One ship's outcome of today's battle (``fight``; by default the first it is in): its roster,
    losses, or escape to an adjacent transit box."""
    unit = campaign.unit(name)
    fight = fight_of(campaign, unit, fight)
    if not unit.active:
        raise RefereeError(f"the {unit.name} is {unit.status}")
    if fight.game == "basic":
        _hull_only(unit.name, fight, outcome)
    if outcome.aboard:
        unit = _aboard_at_the_end(campaign, unit, fight, outcome)
    ship = _roster(unit.roster, outcome)
    destroyed = outcome.destroyed or ship.hull == 0
    unit = unit._replace(roster=ship, fought=True)
    campaign = campaign.with_units([unit])
    entries = [campaign.entry(f"{fight.attacker} attack at {fight.planet}: the {unit.name} {_changes(ship, outcome)}", rule=DECLARING_RULE)]
    if outcome.detonated:
        if not unit.drone:
            raise RefereeError(f"the {unit.name} is not a shatter drone ({DRONES_RULE})")
        campaign = lose(campaign, [unit], "detonated")
        entries.append(campaign.entry(f"the shatter drone {unit.name} detonates: completely destroyed, not counted as a destroyed ship, never replaced", rule=DRONES_RULE))
    elif destroyed:
        with_it = [f.name for f in campaign.aboard(unit.name)]
        campaign = lose(campaign, [unit], "combat")
        fighters = f", and with it the fighters aboard: {', '.join(with_it)}" if with_it else ""
        entries.append(campaign.entry(f"the {unit.name} is destroyed{fighters}", rule=DECLARING_RULE))
    elif outcome.escaped:
        campaign, line = _escape(campaign, unit, fight, outcome.escaped)
        entries.append(line)
    campaign, judged = judge(campaign.logged(*entries))
    return Done(campaign, (*entries, *judged))


def record_all(campaign: Campaign, outcomes: Mapping[str, Outcome], fight: Fight | None = None) -> Done:
    """Every ship's outcome of a battle (``fight``; by default each ship's first) at once (the results
    table): one action. Each changed ship is recorded as :func:`record` records it - first the fighters
    that launched or landed elsewhere, so a carrier destroyed takes with it only the fighters still
    aboard; the ships left as they were are named in one line; the battle's results are then entered
    (:attr:`Fight.entered`)."""
    if not outcomes:
        raise RefereeError("no ship's result to enter")
    entries: list[Entry] = []
    same: list[str] = []
    fights: dict[str, Fight] = {}
    for name in outcomes:
        unit = campaign.unit(name)
        fights[name] = fight_of(campaign, unit, fight)
        if not unit.active:
            raise RefereeError(f"the {unit.name} is {unit.status}")
    for name, outcome in sorted(outcomes.items(), key=lambda item: not item[1].aboard):
        if outcome == Outcome():
            same.append(name)  # (not marked as having fought: a ship there need not have been attacked, and it may rearm)
            continue
        result = record(campaign, name, outcome, fights[name])
        campaign, entries = result.campaign, [*entries, *result.entries]
    campaign = campaign._replace(fights=tuple(f._replace(entered=True) if f in fights.values() else f for f in campaign.fights))
    same = [name for name in same if campaign.unit(name).active]  # (a fighter lost with its carrier is not unchanged)
    if same:
        line = campaign.entry(f"after the battle, unchanged: {', '.join(same)}", rule=DECLARING_RULE)
        campaign, entries = campaign.logged(line), [*entries, line]
    return Done(campaign, tuple(entries))


def _aboard_at_the_end(campaign: Campaign, unit: Unit, fight: Fight, outcome: Outcome) -> Unit:
    """A fighter as the battle left it: launched (out of a carrier, in the battle's system: "Fighters
    not aboard a carrier or station when the Day marker is advanced are destroyed automatically"), or
    landed aboard a carrier or station of its side there, which has room for it."""
    if not unit.fighter:
        raise RefereeError(f"the {unit.name} is not a fighter: only fighters launch or land aboard a carrier or station")
    if outcome.destroyed:
        raise RefereeError(f"the {unit.name} is destroyed: leave where it ended blank")
    if outcome.aboard.strip().casefold() == LAUNCHED:
        return unit._replace(fleet="", roster=unit.roster._replace(carried_by=""))
    base = campaign.unit(outcome.aboard)
    if not base.active or base.side != unit.side or not (base.station or carrier_capacity(base)) or base.system(campaign.frontier) != fight.system:
        raise RefereeError(f"the {unit.name} lands aboard an assault carrier or station of its side in {fight.system}, not the {base.name}; or give {LAUNCHED!r} ({LANDING_RULE})")
    room = carrier_capacity(base)
    aboard = [f for f in campaign.aboard(base.name) if f.name != unit.name]
    if room and len(aboard) >= room:
        raise RefereeError(f"the {base.name} carries {room} fighters and {len(aboard)} are aboard: the {unit.name} cannot land on it ({LANDING_RULE})")
    return unit._replace(fleet="", place=base.place, roster=unit.roster._replace(carried_by=base.name))


def _hull_only(name: str, fight: Fight, outcome: Outcome) -> None:
    """A battle fought with the Basic Rules damages hulls only: no Damage Table, so no ADF, MR,
    DCR or system results."""
    advanced = [what for what, given in (("ADF", outcome.adf), ("MR", outcome.mr), ("DCR", outcome.dcr)) if given is not None]
    advanced += [f"lost {c}" for c in outcome.lost_systems] + [f"damaged {d}" for d in outcome.damaged]
    if advanced:
        raise RefereeError(
            f"the battle at {fight.planet} is fought with the Basic Rules: the Advanced Game Damage Table is ignored, so the {name} "
            f"loses hull points only, not {', '.join(advanced)} ({BASIC_GAME_RULE})"
        )


def edit_roster(campaign: Campaign, name: str, outcome: Outcome) -> Done:
    """The referee corrects a roster by hand (hull, ADF, MR, DCR, systems, ammunition); logged as such."""
    unit = campaign.unit(name)
    if outcome.destroyed or outcome.detonated or outcome.escaped:
        raise RefereeError("a hand edit changes the roster only; a ship destroyed or escaping in battle is entered as a battle result")
    ship = _roster(unit.roster, outcome)
    if ship == unit.roster:
        raise RefereeError(f"nothing to change on the {unit.name}'s roster")
    campaign = campaign.with_units([unit._replace(roster=ship)])
    return done(campaign, campaign.entry(f"the referee edits the {unit.name}'s roster by hand: {_changes(ship, outcome)}", rule=HAND_EDIT))


def _roster(ship: Ship, outcome: Outcome) -> Ship:
    figures = {"hull": (outcome.hull, ship.hull_start), "adf": (outcome.adf, ship.adf_start), "mr": (outcome.mr, ship.mr_start), "dcr": (outcome.dcr, ship.dcr_start)}
    changes: dict[str, Any] = {}
    for key, (value, start) in figures.items():
        if value is None:
            continue
        if not 0 <= value <= start:
            raise RefereeError(f"the {ship.name}'s {key.upper()} must be between 0 and {start}, not {value}")
        changes[key] = value
    wrong = [d for d in outcome.damaged if d not in DAMAGED_SYSTEMS]
    if wrong:
        raise RefereeError(f"{', '.join(wrong)}: not a damaged system; they are {', '.join(DAMAGED_SYSTEMS)}")
    ship = ship._replace(damaged=ship.damaged | set(outcome.damaged), **changes)
    for code in outcome.lost_systems:
        line = ship.system(code)
        if line is None:
            raise RefereeError(f"the {ship.name} has no {code.upper()}; its systems are {', '.join(s.code for s in (*ship.weapons, *ship.defenses))}")
        ship = ship.with_system(line._replace(state="destroyed"))
    for code, count in outcome.spent.items():
        line = ship.system(code)
        if line is None or not line.limited:
            raise RefereeError(f"the {ship.name} has no {code.upper()} ammunition to spend")
        if not 0 <= count <= line.count:
            raise RefereeError(f"the {ship.name} has {line.count} {line.code} left; it cannot spend {count}")
        ship = ship.with_system(line._replace(count=line.count - count))
    return ship


def _changes(ship: Ship, outcome: Outcome) -> str:
    parts = [f"hull {ship.hull} of {ship.hull_start}"]
    if outcome.adf is not None or outcome.mr is not None or outcome.dcr is not None:
        parts.append(f"ADF {ship.adf}, MR {ship.mr}, DCR {ship.dcr}")
    if outcome.lost_systems:
        parts.append(f"lost {', '.join(c.upper() for c in outcome.lost_systems)}")
    if outcome.damaged:
        parts.append(f"damaged {', '.join(outcome.damaged)}")
    if outcome.spent:
        parts.append("spent " + ", ".join(f"{n} {c.upper()}" for c, n in outcome.spent.items()))
    if outcome.aboard:
        parts.append(f"aboard the {ship.carried_by}" if ship.carried_by else "launched, out of a carrier")
    return "; ".join(parts)


def _escape(campaign: Campaign, unit: Unit, fight: Fight, toward: str, riders: Sequence[Unit] | None = None) -> tuple[Campaign, Entry]:
    """A ship breaking off: into the first transit box toward an adjacent system, with the fighters
    aboard (``riders``: those the battle had aboard; by default the campaign's)."""
    if unit.fighter:
        with_carrier = f"; the {unit.roster.carried_by} escapes with it aboard" if unit.roster.carried_by else ""
        raise RefereeError(f"fighters cannot enter a transit box unless they are being carried aboard an assault carrier{with_carrier} ({BREAKING_OFF_RULE})")
    if unit.station:
        raise RefereeError(f"the {unit.name} is a station: stations stay in orbit and do not break off")
    frontier = campaign.frontier
    there = frontier.system(toward).name
    route = frontier.between(fight.system, there)
    if route.red:
        raise RefereeError("ships escape into the transit boxes of a route to another system")
    box = route.first_box(fight.system)
    place = Place(route.name, box=box, toward=there)
    aboard = campaign.aboard(unit.name) if riders is None else [u._replace(roster=u.roster._replace(carried_by=unit.name)) for u in riders]
    moved = [u.stopped()._replace(place=place, fleet="", roster=u.roster._replace(docked_at="")) for u in (unit, *aboard)]  # (a journey kept ends: it 'resumes normal movement')
    campaign = campaign.with_units(moved)
    with_fighters = f" with {', '.join(u.name for u in aboard)} aboard" if riders and aboard else ""
    text = f"the {unit.name} breaks off and escapes{with_fighters} to {place.shown(frontier)}; it resumes normal movement tomorrow"
    return campaign, campaign.entry(text, rule=BREAKING_OFF_RULE)


# ---------------------------------------------------------------------- the Knight Hawks engine


def battle_for(campaign: Campaign, system: str) -> Battle:
    """Today's declared battle in a system as a Knight Hawks battle (Advanced Game rosters), the
    attacker as Player A, moving first. A ship docked at, or a fighter based at, a station that is
    not in the battle (the other planet's) starts it undocked, launched: the battle holds only its
    own ships; taken back, the campaign keeps it at its station."""
    from referee.knight_hawks.battle import Battle  # the battle engine: loaded only for a battle

    found = campaign.frontier.system(system)
    fights = [f for f in campaign.fights if f.system == found.name]
    if not fights:
        raise RefereeError(f"no attack declared in {found.name} today; declare one first")
    fight = fights[-1]
    defender = "UPF" if fight.attacker == "Sathar" else "Sathar"
    units = [campaign.unit(n) for n in fight.ships if campaign.unit(n).active]
    here = {u.name for u in units}
    ships = tuple(u.roster._replace(docked_at=_if_in(u.roster.docked_at, here), carried_by=_if_in(u.roster.carried_by, here)) for u in units)
    note = (
        f"From the campaign, day {campaign.day}: {fight.attacker} attack at {fight.planet} ({found.name}). Suggested: {fight.rules}. "
        f"Fought with the {RULES_NAMES[fight.game]}. The attacker moves first and enters from a narrow edge."
    )
    return Battle(
        name=f"Day {campaign.day}: {fight.attacker} attack at {fight.planet}",
        game="advanced",
        sides=(fight.attacker, defender),
        ships=ships,
        moving=fight.attacker,
        damage_table=fight.game == "advanced",
        source=DECLARING_RULE,
        situation=note,
        notes=("Import the result into the campaign: Import (i) on the app's Battles screen, or referee campaign battle import FILE",),
    )


def _if_in(base: str, ships: set[str]) -> str:
    return base if base in ships else ""


def from_battle(campaign: Campaign, battle: Battle) -> Done:
    """The rosters of a Knight Hawks battle back into the campaign: damage, ammunition, losses."""
    entries: list[Entry] = []
    by_name = {u.name: u for u in campaign.units}
    unknown = [s.name for s in battle.ships if s.name not in by_name]
    if unknown:
        raise RefereeError(f"{', '.join(unknown)} in the battle file are not ships of this campaign")
    lost: list[Unit] = []
    rules = "advanced" if battle.damage_table else "basic"
    rule = f"{DECLARING_RULE} (battle file: {battle.name}, fought with the {RULES_NAMES[rules]})"
    whole = _fight_of_battle(campaign, battle)
    for ship in battle.ships:
        unit = by_name[ship.name]
        fight = fight_of(campaign, unit, whole)
        if fight.game != rules:
            raise RefereeError(f"the battle file is fought with the {rules} rules, but the attack at {fight.planet} was declared with the {fight.game} rules; export it again from the campaign")
        if not unit.active:
            continue
        before = unit.roster
        starts = ("hull_start", "adf_start", "mr_start", "dcr_start")
        if [getattr(ship, k) for k in starts] != [getattr(before, k) for k in starts] or _codes(ship) != _codes(before):
            raise RefereeError(f"the battle file's {ship.name} is not the campaign's: its roster starts otherwise (hull, ADF, MR, DCR or systems); export the battle again")
        kept = before._replace(
            hull=ship.hull,
            adf=ship.adf,
            mr=ship.mr,
            dcr=ship.dcr,
            weapons=ship.weapons,
            defenses=ship.defenses,
            damaged=ship.damaged,
            airdock_only=ship.airdock_only,
        )
        unit = unit._replace(roster=kept, fought=True)
        campaign = campaign.with_units([unit])
        if ship.destroyed:
            lost.append(unit)
        elif kept != before:
            entries.append(campaign.entry(f"the {unit.name} after the battle: {_after(before, kept)}", rule=rule))
    fought_in = {fight_of(campaign, by_name[s.name], whole) for s in battle.ships}
    campaign = campaign._replace(fights=tuple(f._replace(entered=True) if f in fought_in else f for f in campaign.fights))
    campaign, escaped = _escapes(campaign, battle)
    entries += escaped
    if lost:
        campaign, launched = _launched(campaign, battle, lost)
        entries += launched
        campaign = lose(campaign, lost, "combat")
        entries.append(campaign.entry(f"destroyed in the battle: {', '.join(u.name for u in lost)}", rule=rule))
    campaign, judged = judge(campaign.logged(*entries))
    return Done(campaign, (*entries, *judged))


def _fight_of_battle(campaign: Campaign, battle: Battle) -> Fight | None:
    """The one battle of today that holds every ship of the battle file (a ship may be in two: the
    Sathar attack, then the UPF's on the Sathar ships that did not attack); None if not one."""
    names = {s.name for s in battle.ships}
    found = [f for f in campaign.fights if names <= set(f.ships)]
    return found[0] if len(found) == 1 else None


def _launched(campaign: Campaign, battle: Battle, lost: Sequence[Unit]) -> tuple[Campaign, list[Entry]]:
    """Fighters launched in the battle and afloat at its end, whose carrier (or station) was
    destroyed in it: not lost with it, but out of it in the system, to land before the day ends."""
    gone = {u.name for u in lost}
    entries: list[Entry] = []
    for ship in battle.ships:
        unit = campaign.unit(ship.name)
        base = unit.roster.carried_by
        if ship.destroyed or ship.carried_by or base not in gone or not unit.active or battle.escape(ship.name) is not None:
            continue
        campaign = campaign.with_units([unit._replace(roster=unit.roster._replace(carried_by=""))])
        text = f"{unit.name}: launched in the battle, not aboard the {base} when it was destroyed, so not lost with it; in {fight_of(campaign, unit).system}, out of a carrier ({LEFT_OUT})"
        entries.append(campaign.entry(text, rule=BREAKING_OFF_RULE))
    return campaign, entries


def _escapes(campaign: Campaign, battle: Battle) -> tuple[Campaign, list[Entry]]:
    """The ships that left the battle's map: each to the transit box toward the system it escaped to
    (Breaking Off Combat), fighters with the carrier they left aboard. One that left without a system
    named is refused: the campaign must know where it went."""
    entries: list[Entry] = []
    unnamed = [e for e in battle.escapes if not e.toward and not battle.ship(e.ship).carried_by]
    if unnamed:
        shown = ", ".join(f"the {e.ship} (turn {e.turn})" for e in unnamed)
        raise RefereeError(
            f"{shown} left the map without a system named: a ship breaking off escapes to a transit box adjacent to the star system "
            f"({BREAKING_OFF_RULE}); name it in the battle (its Off the map, o, Toward; or referee kh leave SHIP --toward SYSTEM) and close or import it again"
        )
    gone = {e.ship for e in battle.escapes}
    for escape in battle.escapes:
        ship = battle.ship(escape.ship)
        unit = campaign.unit(ship.name)
        if ship.carried_by or not unit.active:
            continue  # aboard a carrier that left: it goes with it
        riders = [campaign.unit(s.name) for s in battle.ships if s.carried_by == ship.name and s.name in gone and campaign.unit(s.name).active]
        left = [u for u in campaign.aboard(ship.name) if u.active and u.name not in gone]
        try:
            campaign, line = _escape(campaign, unit, fight_of(campaign, unit), escape.toward, riders)
        except RefereeError as error:
            raise RefereeError(f"the {ship.name} left the battle's map toward {escape.toward}: {error}") from None
        entries.append(line)
        if left:  # launched in the battle and not back aboard: they stay in the system
            campaign = campaign.with_units([u._replace(roster=u.roster._replace(carried_by="")) for u in left])
            text = f"{', '.join(u.name for u in left)}: not aboard the {ship.name} when it left the battle, so not with it; launched in {fight_of(campaign, unit).system} ({LEFT_OUT})"
            entries.append(campaign.entry(text, rule=BREAKING_OFF_RULE))
    return campaign, entries


def _codes(ship: Ship) -> list[tuple[str, int]]:
    return [(line.code, line.start) for line in (*ship.weapons, *ship.defenses)]


def _after(before: Ship, after: Ship) -> str:
    """What a battle changed on a roster: hull, drives, DCR, systems destroyed, ammunition, damage."""
    parts = [f"hull {before.hull} -> {after.hull} of {after.hull_start}" if after.hull != before.hull else f"hull {after.hull} of {after.hull_start}"]
    parts += [f"{name} {old} -> {new}" for name, old, new in (("ADF", before.adf, after.adf), ("MR", before.mr, after.mr), ("DCR", before.dcr, after.dcr)) if old != new]
    for was, now in zip((*before.weapons, *before.defenses), (*after.weapons, *after.defenses)):
        if now.state != was.state:
            parts.append(f"{now.code} {now.state}")
        if now.limited and now.count != was.count:
            parts.append(f"{now.code} {was.count} -> {now.count} left")
    parts += [f"damaged: {d}" for d in sorted(after.damaged - before.damaged)]
    return "; ".join(parts)
