"""A Knight Hawks repair turn's DCR points as a form types them (``hull=10, adf=5, LB=20``): a
battle's Repair and a campaign's repairs in space read them alike."""

from __future__ import annotations

from referee.knight_hawks.repair import HULL_POINTS, Repair
from referee.tui.forms import FieldError, Values, later_roll, pairs


def allotted(values: Values) -> tuple[list[Repair], list[str], list[str]]:
    """A repair turn's DCR points, ``hull=10, adf=5, LB=20``: the repairs, the key each one's d100
    is typed under, and the keys of the hull repairs' 1d10 (asked once the d100 calls for it)."""
    wanted = [Repair(target, points) for target, points in pairs(values, "repairs", "hull=10, adf=5, LB=20")]
    if not wanted:
        raise FieldError("repairs", "allot the ship's DCR points: TARGET=POINTS, comma-separated (hull=10, adf=5, LB=20)")
    keys = [f"repair {number}" for number in range(1, len(wanted) + 1)]
    hull = [later_roll(key, HULL_POINTS) for key, r in zip(keys, wanted) if r.target.strip().lower() == "hull"]
    return wanted, keys, hull
