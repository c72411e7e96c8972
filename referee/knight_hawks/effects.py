"""What an Advanced Damage Table result does to a ship's roster (Explanation of Results).

:func:`effect_on` decides what a band's result does to *this* ship, with the book's conversions
to hull hits (Recording Damage): a hit on a system the ship lacks or has already lost, a drive or
steering hit with no ADF or MR left, a second combat control or damage control hit (not
cumulative), and a second fire (one fire at a time). A second power short circuit or navigation
hit finds the system already out, and so is a hull hit too (the same rule; a reading).
:func:`apply` then changes the roster; a hull hit needs the hull points rolled on the weapon's HDR.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.errors import RefereeError
from referee.knight_hawks.roster import FIRES, Ship
from referee.tables import Row

HULL = ("hull", "hull-double")


class Effect(NamedTuple):
    """What one Damage Table result does to one ship."""

    kind: str  # a kh.damage ``effect`` word; "hull" or "hull-double" for hull hits
    system: str = ""  # the system destroyed, for weapon and defense hits
    why: str = ""  # why the result became a hull hit, when it did

    @property
    def hull_hit(self) -> bool:
        return self.kind in HULL


def effect_on(ship: Ship, result: Row) -> Effect:
    """The effect of a kh.damage row on this ship, converted to a hull hit where the book says."""
    kind = str(result["effect"])
    if kind in HULL:
        return Effect(kind)
    if kind.startswith("drive") and ship.adf == 0:
        return Effect("hull", why="a drive hit on a ship with no ADF left is a hull hit")
    if kind.startswith("steering") and ship.mr == 0:
        return Effect("hull", why="a steering hit on a ship with no MR left is a hull hit")
    if kind in ("weapon", "defense"):
        listed = [str(s) for s in result["systems"]] if isinstance(result["systems"], list) else []
        hit = next((code for code in listed if ship.has_intact(code)), "")
        if not hit:
            return Effect("hull", why=f"the ship has none of {', '.join(listed)} left: a hull hit")
        return Effect(kind, hit)
    if kind in FIRES and ship.damaged & FIRES:
        return Effect("hull", why="a ship can have only one fire at a time: a hull hit")
    if kind in ("combat-control", "damage-control", "power-short-circuit", "navigation") and kind in ship.damaged:
        return Effect("hull", why=f"the {kind.replace('-', ' ')} system is already hit: a hull hit")
    return Effect(kind)


def apply(ship: Ship, effect: Effect, hull_points: int = 0) -> tuple[Ship, str]:
    """The roster after the effect, and a line saying what changed."""
    if effect.hull_hit:
        if hull_points < 0:
            raise RefereeError("hull damage cannot be negative")
        hull = max(0, ship.hull - hull_points)
        gone = " - destroyed" if hull == 0 else ""
        return ship._replace(hull=hull), f"hull {ship.hull} -> {hull}{gone}"
    kind = effect.kind
    if kind.startswith("drive"):
        lost = {"drive-1": 1, "drive-half": -(-ship.adf_start // 2), "drive-all": ship.adf}[kind]
        adf = max(0, ship.adf - lost)
        return ship._replace(adf=adf), f"ADF {ship.adf} -> {adf}"
    if kind.startswith("steering"):
        mr = max(0, ship.mr - 1) if kind == "steering-1" else 0
        return ship._replace(mr=mr), f"MR {ship.mr} -> {mr}"
    if kind in ("weapon", "defense"):
        return _destroy(ship, effect.system)
    damaged = ship.damaged | {kind}
    if kind == "damage-control":
        dcr = -(-ship.dcr // 2)
        return ship._replace(damaged=damaged, dcr=dcr), f"damage control hit: DCR {ship.dcr} -> {dcr}"
    if kind == "disastrous-fire":
        # "Extinguishing a disastrous fire does not repair the ship's DCR, movement or combat
        # control systems" (Repairs: Fires): the fire damages damage control and combat control
        # too, each repaired on its own; a DCR already halved by a damage control hit is not
        # halved again (not cumulative).
        dcr = ship.dcr if "damage-control" in ship.damaged else -(-ship.dcr // 2)
        damaged |= {"damage-control", "combat-control"}
        line = f"disastrous fire: DCR {ship.dcr} -> {dcr}, ADF {ship.adf} -> 0, MR {ship.mr} -> 0, -10% on all attacks"
        return ship._replace(damaged=damaged, dcr=dcr, adf=0, mr=0), line
    if kind == "power-short-circuit":
        line = "power short circuit: ICMs and electron, proton and stasis screens stop working; no new masking screens"
        return ship._replace(damaged=damaged, active_screen=""), line
    return ship._replace(damaged=damaged), f"{kind.replace('-', ' ')} hit"


def _destroy(ship: Ship, code: str) -> tuple[Ship, str]:
    """Weapon System Hit: one weapon of that kind is lost; a limited-supply system is shut down whole.

    A destroyed screen that was the one in use is no longer active: once repaired it must be activated
    again at the start of a movement phase (Sequence of Play: activate screens)."""
    line = ship.system(code)
    if line is None:
        raise RefereeError(f"the {ship.name} has no {code}")
    if line.limited or line.count <= 1:
        changed = line._replace(state="destroyed")
        what = f"{code} destroyed" + (f" ({line.count} left unusable)" if line.limited and line.count else "")
    else:
        changed = line._replace(count=line.count - 1)
        what = f"one {code} destroyed ({line.count - 1} left)"
    if code == ship.active_screen and changed.state == "destroyed":
        ship = ship._replace(active_screen="")
        what += " (it was the active screen: no screen is active now)"
    return ship.with_system(changed), what
