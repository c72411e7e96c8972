"""A battle's results in one table, for a battle fought on the table: a row for each ship that may
have fought, prefilled from its roster, filled in as a spreadsheet is (referee.tui.sheet: typing
replaces a cell, Enter keeps it and goes down, Tab right); Ctrl+A enters every row as one action
(battles.record_all), undone as one. Esc leaves the table; what was typed is kept for this battle
until it is entered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import RefereeError
from referee.sathar_war import battles
from referee.sathar_war.campaign import Campaign, Fight, Unit
from referee.sathar_war.kind import campaign_of
from referee.tui import sheet
from referee.tui.campaign.actions import no_dice, outcome
from referee.tui.forms import FieldError, Values, number
from referee.tui.sheet import SheetDialog
from referee.tui.text import bold, line

if TYPE_CHECKING:
    from referee.tui.campaign.actions import Step
    from referee.tui.forms import AnyStep


class Column(NamedTuple):
    key: str  # the field's name, as tui.campaign.actions.outcome reads it
    label: str
    hint: str
    advanced: bool = False  # only in a battle fought with the Advanced Rules (the Damage Table)

    def sheet(self) -> sheet.Column:
        return sheet.Column(self.key, self.label, self.hint, flag=self.key in FLAGS)


COLUMNS = (
    Column("hull", "Hull", "hull points left"),
    Column("adf", "ADF", "ADF left", True),
    Column("mr", "MR", "MR left", True),
    Column("dcr", "DCR", "DCR left", True),
    Column("lost", "Lost", "weapons or defenses destroyed: LB, T, ES ...", True),
    Column("damaged", "Damaged", "combat-control, navigation, electrical-fire ...", True),
    Column("spent", "Spent", "ammunition spent: T=2, ICM=3"),
    Column("destroyed", "Destroyed", "y or n (space turns it)"),
    Column("escaped", "Escaped toward", "the system whose route it broke off onto"),
)
ABOARD = Column("aboard", "Aboard", f"a fighter's carrier or station at the end, or {battles.LAUNCHED}")
DRONE = Column("detonated", "Drone set off", "y or n (space turns it)")
FLAGS = ("destroyed", "detonated")


def columns(fight: Fight, units: list[Unit]) -> list[Column]:
    shown = [c for c in COLUMNS if fight.game == "advanced" or not c.advanced]
    shown += [ABOARD] if any(u.fighter for u in units) else []
    return [*shown, DRONE] if any(u.drone for u in units) else shown


def start_values(unit: Unit) -> dict[str, str]:
    """A row as the roster stands: the four figures, nothing lost, spent, destroyed or escaped; a
    fighter aboard what carries it (or launched)."""
    ship = unit.roster
    row = {"hull": str(ship.hull), "adf": str(ship.adf), "mr": str(ship.mr), "dcr": str(ship.dcr), "destroyed": "n", "detonated": "n"}
    return {**row, "aboard": ship.carried_by or battles.LAUNCHED} if unit.fighter else row


def changed(unit: Unit, row: dict[str, str]) -> Values:
    """The cells that differ from the roster (a figure typed as it stands is no change)."""
    start = start_values(unit)
    return {key: value for key, value in row.items() if value.strip() != start.get(key, "")}


def outcomes(campaign: Campaign, rows: dict[str, dict[str, str]]) -> dict[str, battles.Outcome]:
    """Each ship's outcome from its row (a wrong cell names its ship)."""
    found = {}
    for name, row in rows.items():
        try:
            found[name] = outcome(changed(campaign.unit(name), row))
        except FieldError as error:
            raise RefereeError(f"the {name}: {error}") from None
    return found


def build(campaign: Campaign, rows: dict[str, dict[str, str]], fight: Fight) -> Step:
    """The table's rows entered as the results of its battle (a ship may be in two of the day's)."""
    results = outcomes(campaign, rows)
    return no_dice(lambda: battles.record_all(campaign, results, fight))


def check_cell(unit: Unit, key: str, value: str) -> str:
    """A cell typed: a figure within the roster's range, a flag y or n; the rest is checked when
    the table is entered (a system the ship lacks, ammunition it has not got)."""
    ship = unit.roster
    limits = {"hull": ship.hull_start, "adf": ship.adf_start, "mr": ship.mr_start, "dcr": ship.dcr_start}
    value = value.strip()
    if key in limits:
        number({key: value}, key, 0, limits[key])
        return value or str(getattr(ship, key))
    if key in FLAGS:
        if value.lower() not in ("y", "n", "yes", "no", ""):
            raise FieldError(key, f"y or n, not {value!r}")
        return "y" if value.lower() in ("y", "yes") else "n"
    return value


class ResultsDialog(SheetDialog):
    """The table of one battle's results."""

    def __init__(self, fight: Fight, units: list[Unit], typed: dict[Fight, dict[str, dict[str, str]]]) -> None:
        """``typed``: what was typed for each battle so far and not entered, kept by the campaign's
        screens (this battle's filled in here, and dropped once entered)."""
        rows = typed.setdefault(fight, {})
        for unit in units:
            rows.setdefault(unit.name, start_values(unit))
        for gone in [name for name in rows if name not in {u.name for u in units}]:
            del rows[gone]  # destroyed or gone since: no longer a row
        title = line(bold(f"Results: the {fight.attacker} attack at {fight.planet} ({fight.system})"), f", fought with the {fight.game} rules: each ship as it stands after the battle")
        super().__init__(title, [c.sheet() for c in columns(fight, units)], rows)
        self.fight = fight
        self.typed = typed
        self.units = {u.name: u for u in units}

    def check(self, name: str, key: str, value: str) -> str:
        return check_cell(self.units[name], key, value)

    def action(self) -> tuple[str, Callable[[], AnyStep]]:
        rows = {name: dict(row) for name, row in self.rows.items()}
        return "Results", lambda: build(campaign_of(self.referee.journal), rows, self.fight)

    def applied(self) -> None:
        self.typed.pop(self.fight, None)
