"""A planet's ground deployment in play (Stellar Inferno 10): the units facing each other in
matchups, deployed alternately from the Defender's first, the units left added, then the surface
ships, the Invader's first; the phasing player then attacks by matchup
(:func:`ground_phase.ground_attack`). The rules are :mod:`deployment`; this module takes the units
and ships from the scenario, keeps the deployment on it and writes the log.

Readings:

- The units are deployed in the Ground Combat phase, once a planet: the matchups stand for the
  whole phase, the Invader's part and the Defender's, and each phasing player may attack in each
  matchup once (11.1.1: "perform ground attacks in any of the matchups"). They are gone when the
  phase ends. A planet where no deployment is made can still be fought on by naming the units of
  a matchup laid out on the table.
- What is deployed is what is on the planet when the deployment begins: each side's ground units
  on its surface (bombardment packs among them) and its ships in its atmosphere (10.2.1). Each
  side deploys its own in turn; the referee enters both.
"""

from __future__ import annotations

from referee.errors import RefereeError
from referee.stellar_inferno import deployment as dp
from referee.stellar_inferno.planets import ROLES
from referee.stellar_inferno.scenario import Deployed, Done, Scenario, done
from referee.stellar_inferno.turn import refuse_owed

MATCHUPS_RULE = "Stellar Inferno 10.1-10.2"


def _shown(d: dp.Deployment) -> str:
    matchups = "; ".join(f"{n}. {m.shown()}" for n, m in enumerate(d.matchups, 1)) or "none yet"
    reserve = "; ".join(f"{role} reserve {', '.join(d.reserve(role))}" for role in ROLES if d.reserve(role))
    return f"matchups: {matchups}" + (f"; {reserve}" if reserve else "") + f"; {d.waiting_for()}"


def begin(s: Scenario, planet: str) -> Done:
    """The deployment on a planet begins with the units on its surface and the ships in its
    atmosphere; the Defender deploys first (10.1.2)."""
    s.in_phase("ground-combat", "a ground deployment")
    refuse_owed(s, "a ground deployment")
    world = s.world(planet)
    already = s.deployed(world.name)
    if already is not None:
        raise RefereeError(f"the units on {world.name} are deployed this phase already: {_shown(already.deployment)}")
    units = {r: [t.unit.name for t in s.troops if t.planet == world.name and not t.unit.destroyed and s.counter(t.unit.name).role == r] for r in ROLES}
    ships = {r: [x.name for x in s.ships if x.atmosphere and x.hex == world.hex and not x.gone and s.counter(x.name).role == r] for r in ROLES}
    if not units["invader"] or not units["defender"]:
        missing = [r for r in ROLES if not units[r]]
        raise RefereeError(f"the {' and the '.join(missing)} {'have' if len(missing) > 1 else 'has'} no ground unit on {world.name}: there is nothing to match ({dp.UNITS_RULE})")
    d = dp.start(units["invader"], units["defender"], ships["invader"], ships["defender"])
    s = s.with_deployed(Deployed(world.name, d))
    lines = [f"ground deployment on {world.name}:"]
    lines += [f"the {r} ({s.side(r)}): units {', '.join(units[r])}" + (f"; surface ships {', '.join(ships[r])}" if ships[r] else "") for r in ROLES]
    lines.append(d.waiting_for())
    return done(s, s.entry("\n  ".join(lines), rule=MATCHUPS_RULE))


def _deployed(s: Scenario, planet: str) -> Deployed:
    s.in_phase("ground-combat", "a ground deployment")
    world = s.world(planet)
    deployed = s.deployed(world.name)
    if deployed is None:
        raise RefereeError(f"no deployment on {world.name} this phase: begin it (referee si deployment {world.name})")
    return deployed


def commit(s: Scenario, planet: str, name: str, matchup: int | None = None) -> Done:
    """A side deploys a ground unit or a surface ship: opening a matchup, matching the one just
    opened, or added to matchup ``matchup`` (10.1.2-10.2.3)."""
    deployed = _deployed(s, planet)
    counter = s.counter(name)
    d = dp.deploy(deployed.deployment, counter.role, counter.name, matchup)
    before = len(deployed.deployment.matchups)
    how = f"opens matchup {len(d.matchups)}" if len(d.matchups) > before else f"joins matchup {matchup or before}"
    s = s.with_deployed(Deployed(deployed.planet, d, deployed.attacked))
    return done(s, s.entry(f"{deployed.planet}: the {counter.role} deploys {counter.name}, which {how}\n  {_shown(d)}", rule=MATCHUPS_RULE))


def decline(s: Scenario, planet: str) -> Done:
    """The side to act adds nothing more: its units (10.1.4) or ships (10.2.3) left go to the reserve."""
    deployed = _deployed(s, planet)
    role = deployed.deployment.to_act
    d = dp.decline(deployed.deployment, role)
    s = s.with_deployed(Deployed(deployed.planet, d, deployed.attacked))
    return done(s, s.entry(f"{deployed.planet}: the {role} adds nothing more\n  {_shown(d)}", rule=MATCHUPS_RULE))
