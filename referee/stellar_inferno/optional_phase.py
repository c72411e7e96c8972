"""Psi specialists (Stellar Inferno 12.7), the cargo of mines and bombardment packs a ship carries
into a scenario (12.3.1, 12.11.1) and bombardment packs deployed (12.11.2-12.11.5), in play. The
rules are :mod:`ships` (the psi rating in attack and defense), :mod:`bombardment`; this module
takes the ships from the scenario, applies the results and writes the log.

Readings:

- A psi agent is entered with the ship he is aboard (``si agent``, or ``si ship --psi``), at any
  time, as the counters are; the ship's psi rating is that of the highest agent aboard (12.7.4),
  added to its attack and defense up to doubling them (12.7.2-12.7.3). In the Landing Actions phase
  an agent of the phasing side moves between two of its ships in one hex, neither having done
  anything this turn but fleet movement (12.7.6): manoeuvred, handled cargo, swept, rammed,
  boarded, attacked, bombarded, landed, lifted, deployed, stockpiled, laid mines or packs, or
  taken part in another transfer.
- "The owning player must determine which ships contain the mines prior to the start of a
  scenario" (12.3.1): mine points, and bombardment packs (12.11.1 gives no time; read alike), go
  aboard before play begins: in turn 1's Fleet Movement phase before the invader's part ends, or
  aboard a ship still to arrive. One cargo point a mine or pack point.
- Packs deployed from orbit become one temporary ground unit on the planet, a counter of its own
  (``SHIP pack``), which needs no supply (12.11.3: a ground unit "for purposes of ground combat")
  and is expended when the turn is completed (12.11.5, :func:`turn.next_phase`).
"""

from __future__ import annotations

from referee import strict
from referee.errors import RefereeError
from referee.stellar_inferno import bombardment as bb
from referee.stellar_inferno import optional
from referee.stellar_inferno import ships as sh
from referee.stellar_inferno.scenario import Agent, Counter, Done, Scenario, Troop, done
from referee.stellar_inferno.ship_phase import own_ship
from referee.stellar_inferno.turn import refuse_owed

PSI_RULE = "Stellar Inferno 12.7.2-12.7.4"
TRANSFER_RULE = "Stellar Inferno 12.7.6"
AGENT_RULE = "Stellar Inferno 12.7.6, and 12.3.1 for the optional cargo aboard"
STOW_RULE = "Stellar Inferno 12.3.1, 12.11.1"
PSI_MOST = 9


def stow(s: Scenario, ship_name: str, mines: int = 0, packs: int = 0) -> Done:
    """Stealth mine points (12.3.1) and bombardment pack points (12.11.1) put aboard a ship as cargo
    before the scenario starts (or before the ship arrives)."""
    if mines < 0 or packs < 0 or not mines + packs:
        raise RefereeError(f"give the mine points (--mines N) or bombardment pack points (--packs N) to put aboard, 1 or more; not {mines} and {packs}")
    if mines:
        optional.require(s.rules, "stealth-mines", "carrying stealth mines")
    if packs:
        optional.require(s.rules, "tactical-bombardment", "carrying bombardment packs")
    if s.outcome:
        raise RefereeError(f"the game is over ({s.outcome})")
    ship = s.ship(ship_name)
    counter = s.counter(ship.name)
    starting = s.at_start and s.phasing == "invader"
    if not starting and not (counter.arrives is not None and counter.arrives > s.turn):
        raise RefereeError(
            f"which ships carry mines is determined prior to the start of the scenario ({STOW_RULE}): in turn 1's Fleet Movement phase, or aboard a ship still to arrive; {ship.name} is in play and it is {s.where()}"
        )
    after = sh.load(ship, mines=mines, packs=packs)
    s = s.replaced(after)
    said = ", ".join(p for p in (f"{mines} mine points" if mines else "", f"{packs} bombardment pack points" if packs else "") if p)
    return done(s, s.entry(f"{ship.name} carries {said} as cargo: aboard {after.cargo.shown()} ({after.cargo.points()} of {after.factors.cargo} cargo points)", rule=STOW_RULE))


# -- psi specialists ---------------------------------------------------------------------------------


def _psi_line(ship: sh.Ship) -> str:
    return f"{ship.name} psi {ship.psi}: attack {sh.attack_rating(ship).shown()}, defense {sh.defense_rating(ship).shown()}"


def assign_agent(s: Scenario, name: str, ship_name: str, rating: int, correction: bool = False) -> Done:
    """A psi agent of the ship's side entered aboard it with his rating (12.7): before the scenario
    starts, or aboard a ship not yet on the map, as the optional cargo is (12.3.1); once the ship is
    in play an agent only changes ships by transfer (12.7.6), unless the referee corrects the
    record (``correction``)."""
    optional.require(s.rules, "psi-specialists", "a psi agent")
    if s.outcome:
        raise RefereeError(f"the game is over ({s.outcome})")
    name = strict.name(name, "the agent's name")
    if any(a.name.casefold() == name.casefold() for a in s.agents):
        raise RefereeError(f"a psi agent is called {name!r} already; give each agent a name of his own")
    if not 1 <= rating <= PSI_MOST:
        raise RefereeError(f"a psi rating is from 1 to {PSI_MOST}, not {rating}")
    counter = s.counter(ship_name, "ship")
    found = s.entered(counter.name)
    if found is None:
        s.ship(counter.name)  # (says how to enter it)
    else:
        sh.in_game(found[0])
    if not correction and _in_play(s, counter.name) and not (s.at_start and s.phasing == "invader"):
        raise RefereeError(
            f"{counter.name} is in play and it is {s.where()}: a psi agent comes aboard before the scenario starts (turn 1's Fleet Movement) or aboard a ship not yet on the map ({AGENT_RULE}); "
            f"once in play he changes ships only by transfer, in the Landing Actions phase ({TRANSFER_RULE}: referee si transfer); if the record is wrong, the referee corrects it: referee si agent ... --correction"
        )
    agent = Agent(name, counter.role, rating, counter.name)
    s = s.with_agents((*s.agents, agent))
    ship = s.entered(counter.name)
    assert ship is not None
    text = f"{name}, a {s.side(counter.role)} psi agent of rating {rating}, aboard {counter.name}: the highest agent aboard adds his rating to its attack and defense, never more than doubling them; {_psi_line(ship[0])}"
    if correction:
        text = f"the referee corrects the record, not a transfer ({AGENT_RULE}): {text}"
    return done(s, s.entry(text, rule=f"{PSI_RULE}; {AGENT_RULE}" if correction else PSI_RULE))


def _in_play(s: Scenario, name: str) -> bool:
    """A ship on the map: in a hex, or aboard a ship in one."""
    found = s.entered(name)
    assert found is not None
    ship, carrier = found
    return bool(ship.hex) or bool(carrier) and _in_play(s, carrier)


def transfer_agent(s: Scenario, name: str, to: str) -> Done:
    """A psi agent moves between two ships of his side in one hex, in the Landing Actions phase,
    neither having done anything this turn but fleet movement (12.7.6)."""
    s.in_phase("landing", "a psi agent's transfer")
    optional.require(s.rules, "psi-specialists", "a psi agent's transfer")
    refuse_owed(s, "a psi agent's transfer")
    agent = s.agent(name)
    if agent.role != s.phasing:
        raise RefereeError(f"{agent.name} is the {agent.role}'s: he transfers in the {agent.role}'s part of the phase (Stellar Inferno [4])")
    source = own_ship(s, agent.ship, "a psi agent's transfer")
    target = own_ship(s, to, "receiving a psi agent")
    if target.name == source.name:
        raise RefereeError(f"{agent.name} is aboard {source.name} already")
    if not source.hex or source.hex != target.hex:
        raise RefereeError(f"{source.name} is in {source.hex or 'no hex'}, {target.name} in {target.hex or 'no hex'}: a psi agent transfers between two ships in the same hex ({TRANSFER_RULE})")
    busy = [f"{x.name} ({', '.join(dict.fromkeys(s.did(x.name)))})" for x in (source, target) if s.did(x.name)]
    if busy:
        raise RefereeError(f"{'; '.join(busy)}: a psi agent transfers only between ships that have performed no action other than fleet movement this turn ({TRANSFER_RULE})")
    s = s.with_agents(a._replace(ship=target.name) if a is agent else a for a in s.agents).acting("psi transfer", source.name, target.name)
    lines = [f"{agent.name} (psi {agent.rating}) transfers from {source.name} to {target.name} in {source.hex}", _psi_line(s.ship(source.name)), _psi_line(s.ship(target.name))]
    return done(s, s.entry("\n  ".join(lines), rule=TRANSFER_RULE))


# -- bombardment packs --------------------------------------------------------------------------------


def deploy_packs(s: Scenario, ship_name: str, planet: str, points: int) -> Done:
    """Bombardment pack points deployed from a ship in orbit above a planet, in the Landing Actions
    phase: a temporary ground unit of attack and defense 1 a point (12.11.2-12.11.3)."""
    s.in_phase("landing", "deploying bombardment packs")
    optional.require(s.rules, "tactical-bombardment", "bombardment packs")
    refuse_owed(s, "deploying bombardment packs")
    ship = own_ship(s, ship_name, "deploying bombardment packs")
    world = s.world(planet)
    if points < 1:
        raise RefereeError(f"deploy 1 or more pack points, not {points}")
    name = next(n for n in (f"{ship.name} pack" + (f" {k}" if k > 1 else "") for k in range(1, len(s.counters) + 2)) if not s.has_counter(n))
    after, unit = bb.deploy_packs(ship, name, points, bool(ship.hex) and ship.hex == world.hex, s.rules)
    counter = Counter(name, s.phasing, "unit", note=f"bombardment packs of {points} cargo points from {ship.name}, turn {s.turn} (12.11)")
    s = s.replaced(after)._replace(counters=(*s.counters, counter)).with_troops(Troop(unit, world.name, s.turn)).acting("packs", ship.name)
    text = (
        f"{ship.name} deploys {points} bombardment pack point{'s' if points != 1 else ''} on {world.name} from orbit: {name}, a temporary ground unit of attack {points} and defense {points} ({bb.PACKS_RULE}); "
        f"the other side's units cannot withdraw from a combat with it (12.11.4); expended when the turn is completed (12.11.5)"
    )
    return done(s, s.entry(text, rule=bb.PACKS_RULE))
