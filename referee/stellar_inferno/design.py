"""Ship design by point cost (Stellar Inferno 12.9, optional) and the point cost itself.

The cost formula (12.9.3) is ``Cost = M * (A + D + C + P) + R * A``, with M the maneuver (1 if the
maneuver is zero) and R the range ("equal to Maneuver if Attack is zero"). As printed, R is
multiplied by A, so replacing R when A is zero changes nothing: the substitution is shown, and the
product is 0 either way.

Readings:

- The category (12.9.1-12.9.2, Table 1): the highest row whose minimum the cost reaches (47 reads
  CL Light Cruiser, minimum 45); a cost below 1 reaches none and is refused.
- Speciality ships (12.9.4, Table 2): a design qualifies when it meets every restriction as printed
  ("5+ Cargo" five or more, "1- Range" one or less, "0 Maneuver" exactly zero); the book does not
  say whether Table 2's costs are minimums like Table 1's, so whether the cost reaches it is shown,
  not required, when a speciality is only checked.
- A new design's class (12.9.1: "The ship category is determined by the total point cost") is the
  Table 1 category its cost reaches, or a Table 2 speciality whose every restriction it meets and
  whose cost it reaches (Table 2's costs read as minimums when the design claims the class: a
  Freighter design costing 8 is a Scout by its cost, not an FR). Another class is refused.
- Reduced steps (12.9.5-12.9.7): a step can be followed by a reduced step only if its defense is at
  least 4; the reduced step's point rating is half the previous one, fractions dropped; attack and
  defense each drop by at least one (attack may stay at 0 when it is 0: a rating is never below
  zero), defense never below 1, and no rating rises.
- The cost is also what a ship weighs as cargo (5.2.3) in the basic rules: :func:`cost` is free to
  use; :func:`design` (a new design) needs the optional rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from referee.errors import RefereeError
from referee.stellar_inferno import optional
from referee.stellar_inferno.factors import Factors
from referee.stellar_inferno.optional import Rules
from referee.tables import Tables

COST_RULE = "Stellar Inferno 12.9.3"
CATEGORY_RULE = "Stellar Inferno 12.9.1-12.9.2, Table 1"
SPECIALITY_RULE = "Stellar Inferno 12.9.4, Table 2"
REDUCED_RULE = "Stellar Inferno 12.9.5-12.9.7"
CATEGORIES = "si.minimum-ship-costs"
SPECIALITIES = "si.speciality-ship-costs"
_RESTRICTION = re.compile(r"(\d+)([+-]?) (Attack|Cargo|Defense|Maneuver|Planetary Gear|Range)")


class Cost(NamedTuple):
    """A ship's point cost and how the formula was filled in."""

    total: int
    formula: str
    notes: tuple[str, ...]
    rule: str = COST_RULE


def cost(f: Factors) -> Cost:
    """Cost = M * (A + D + C + P) + R * A (12.9.3): A4 D5 M3 R5 costs 3 * 9 + 5 * 4 = 47."""
    notes = []
    m = f.maneuver
    if m == 0:
        m = 1
        notes.append("maneuver 0: M is 1")
    r = f.range
    if f.attack == 0 and r != f.maneuver:
        r = f.maneuver
        notes.append("attack 0: R is the maneuver (R * A is 0 either way)")
    total = m * (f.attack + f.defense + f.cargo + f.planetary_gear) + r * f.attack
    formula = f"{m} * ({f.attack} + {f.defense} + {f.cargo} + {f.planetary_gear}) + {r} * {f.attack} = {total}"
    return Cost(total, formula, tuple(notes))


class Category(NamedTuple):
    """A Table 1 category: its code, name, minimum cost, and how the row was read."""

    code: str
    name: str
    minimum: int
    how: str
    rule: str = CATEGORY_RULE


def category(si: Tables, total: int) -> Category:
    """The category a cost reaches on Table 1 (12.9.1-12.9.2): the highest minimum at or below it."""
    row, how = si.get(CATEGORIES).row_at_or_below(total)
    minimum = row["cost"]
    assert isinstance(minimum, int)
    return Category(str(row["code"]), str(row["category"]), minimum, how)


class Speciality(NamedTuple):
    """A design against a Table 2 row: the restrictions it fails ("" none) and whether the cost
    reaches the table's cost (shown; the book does not say it is a minimum)."""

    code: str
    name: str
    table_cost: int
    restriction: str
    unmet: tuple[str, ...]
    cost_reached: bool
    rule: str = SPECIALITY_RULE


def speciality(si: Tables, code: str, f: Factors, total: int) -> Speciality:
    """Check a design's factors against a speciality ship's restrictions (Table 2)."""
    row = si.get(SPECIALITIES).row(code)
    restriction = str(row["restriction"])
    unmet = []
    for part in restriction.split(","):
        match = _RESTRICTION.fullmatch(part.strip())
        if match is None:
            raise AssertionError(f"Table 2 restriction not understood: {part!r}")
        number, sign, name = int(match[1]), match[2], match[3]
        value = getattr(f, name.lower().replace(" ", "_"))
        ok = value >= number if sign == "+" else value <= number if sign == "-" else value == number
        if not ok:
            unmet.append(f"{part.strip()} (has {value})")
    table_cost = row["cost"]
    assert isinstance(table_cost, int)
    return Speciality(str(row["code"]), str(row["category"]), table_cost, restriction, tuple(unmet), total >= table_cost)


def reduced_step_problems(before: Factors, after: Factors) -> tuple[str, ...]:
    """Why ``after`` cannot be the reduced step of ``before`` (12.9.5-12.9.7); empty if it can."""
    problems = []
    if before.defense < 4:
        problems.append(f"only a step with defense 4 or more can have a reduced step (12.9.5); this one has {before.defense}")
    if after.attack > before.attack - 1 and before.attack > 0:
        problems.append(f"attack must drop by at least one a step (12.9.6): {before.attack} to {after.attack}")
    if after.defense > before.defense - 1:
        problems.append(f"defense must drop by at least one a step (12.9.6): {before.defense} to {after.defense}")
    if after.defense < 1:
        problems.append("defense can never be reduced below one (12.9.6)")
    risen = [name for name in ("cargo", "maneuver", "planetary_gear", "range") if getattr(after, name) > getattr(before, name)]
    if risen:
        problems.append(f"no rating can be increased by a step loss (12.9.7): {', '.join(n.replace('_', ' ') for n in risen)} rose")
    return tuple(problems)


class Design(NamedTuple):
    """A new design: its cost and category, each reduced step's point rating, and the speciality
    checked (None if none was named)."""

    cost: Cost
    category: Category
    step_points: tuple[int, ...]
    speciality: Speciality | None

    def lines(self) -> tuple[str, ...]:
        shown = [f"cost {self.cost.formula} ({self.cost.rule})", f"category {self.category.code} {self.category.name}: {self.category.how} ({self.category.rule})"]
        shown += [f"note: {n}" for n in self.cost.notes]
        if len(self.step_points) > 1:
            shown.append(f"point rating by step: {', '.join(str(p) for p in self.step_points)} (half the total at each reduced step, {REDUCED_RULE})")
        if self.speciality is not None:
            s = self.speciality
            met = "meets " + s.restriction if not s.unmet else "fails " + "; ".join(s.unmet)
            shown.append(f"speciality {s.code} {s.name}: {met}; Table 2 cost {s.table_cost}, {'reached' if s.cost_reached else 'not reached'} ({s.rule})")
        return tuple(shown)


def design(si: Tables, steps: Sequence[Factors], rules: Rules, speciality_code: str = "", code: str = "") -> Design:
    """A new ship design (12.9): its cost by the formula, its category on Table 1, each reduced
    step checked and its point rating (half, fractions dropped), and optionally a speciality;
    ``code``: the class the design is given, which its cost and factors must make it (12.9.1, 12.9.4)."""
    optional.require(rules, "ship-design", "designing a ship by point cost")
    if not steps:
        raise RefereeError("a design needs the factors of its full step (12.9.3)")
    for number, (before, after) in enumerate(zip(steps, steps[1:]), 2):
        problems = reduced_step_problems(before, after)
        if problems:
            raise RefereeError(f"step {number} ({after.shown()}) cannot follow {before.shown()}: {'; '.join(problems)}")
    full = cost(steps[0])
    if full.total < 1:
        raise RefereeError(f"a design costing {full.total} ({full.formula}) reaches no category: Table 1 starts at Y Yacht, 1 (12.9.2)")
    points = [full.total]
    for _ in steps[1:]:
        points.append(points[-1] // 2)
    specialities = {str(row["code"]) for row in si.get(SPECIALITIES).rows}
    if code in specialities and not speciality_code:
        speciality_code = code
    chosen = speciality(si, speciality_code, steps[0], full.total) if speciality_code else None
    reached = category(si, full.total)
    if code and code != reached.code:
        _check_class(code, full, reached, chosen if chosen is not None and chosen.code == code else None)
    return Design(full, reached, tuple(points), chosen)


def _check_class(code: str, full: Cost, reached: Category, claimed: Speciality | None) -> None:
    """Refuse a class the design is not: neither the category its cost reaches nor a speciality it qualifies for."""
    by_cost = f"a design costing {full.total} ({full.formula}) is a {reached.code} {reached.name} ({CATEGORY_RULE})"
    if claimed is None:
        raise RefereeError(f"{by_cost}, not a {code}: give its class as --code {reached.code}, or a Table 2 speciality it qualifies for ({SPECIALITY_RULE})")
    if claimed.unmet or not claimed.cost_reached:
        why = "; ".join([*claimed.unmet, *([] if claimed.cost_reached else [f"cost {full.total} below the table's {claimed.table_cost}"])])
        raise RefereeError(f"{by_cost}; it is not a {claimed.code} {claimed.name} ({claimed.restriction}, cost {claimed.table_cost}): {why} ({SPECIALITY_RULE})")
