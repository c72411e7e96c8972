"""A Knight Hawks battle's after-action report: how it ended (by its scenario's victory conditions,
or, for a campaign battle, that one side has no ship left on the map), who fought and how each ship
came out of it (hull, drives, DCR, ammunition spent, systems lost, its fate), the losses, and every
shot and roll of the fighting with its dice and the rule or table row that read it.

A side's copy gives its own ships' rosters whole and of the opponent's ships only what the table
saw (class and fate); the fighting's lines are read as the battle's view says
(:func:`referee.knight_hawks.sides.view`): the opponent's secret lines (mines and seekers laid,
repairs) left out of a side's copy, sealed on the table's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.knight_hawks.roster import Ship
from referee.paper.document import Heading, Lines, Paper, Part, Table
from referee.paper.log import lines as log_lines
from referee.paper.sides import Eyes
from referee.paper.sides import lines as read_by

if TYPE_CHECKING:
    from referee.knight_hawks.battle import Battle, Entry

HIDDEN = "-"  # an opponent's figure, not on a side's copy


def rules(battle: Battle) -> str:
    if battle.game == "basic":
        return "the Basic Game"
    return "the Advanced Game" if battle.damage_table else "Advanced Game rosters under the campaign's Basic Rules (no Damage Table, no repair turn)"


def fighting(entry: Entry) -> bool:
    """A line of the fighting: a roll (a shot, fire damage, a repair, breaking apart, a mine or a
    seeker), a wasted shot, the damage that follows a ship destroyed, or the end of the battle."""
    from referee.knight_hawks.combat_phase import WASTED_RULE
    from referee.knight_hawks.scenarios import OVER

    return bool(entry.rolls) or entry.rule == WASTED_RULE or "Space Stations" in entry.rule or entry.text.startswith(OVER)


def report_paper(battle: Battle, eyes: Eyes, title: str) -> Paper:
    from referee.knight_hawks.scenarios import standing, verdict

    over = verdict(battle)
    parts: list[Part] = [Heading("Outcome")]
    if over is not None:
        parts.append(Lines((over.shown(), f"[{over.rule}]")))
    else:
        parts.append(Lines((f"Not over: {standing(battle)}",)))
    parts.append(Lines(tuple(t for t in (battle.situation, f"Victory: {battle.victory}" if battle.victory else "") if t), note=True))
    parts.append(Heading("Who fought"))
    for side in battle.sides:
        ships = [s for s in battle.ships if s.side == side]
        whole = not eyes.side or side == eyes.side
        parts.append(Lines((f"{side}: {len(ships)} ships" + ("" if whole else " (the opponent's: class and fate only on this copy)"),)))
        parts.append(Table(("Ship", "Class", "Hull", "ADF", "MR", "DCR", "Spent", "Systems lost or damaged", "Fate"), tuple(_row(battle, s, whole) for s in ships)))
    parts.append(Heading("Losses"))
    parts.append(Lines(tuple(_losses(battle, side) for side in battle.sides)))
    chosen = [r for r in read_by(battle, eyes) if fighting(r.line)]
    shown, sealed, dropped = log_lines(chosen, "battle", eyes)
    shots = sum(1 for r in chosen if not r.sealed and any(d.endswith(" to hit") for d in r.line.rolls))
    parts.append(Heading("The fighting: every shot and roll, with its dice and rule"))
    said = f"{shots} shots rolled to hit; {len(shown)} lines" + (f"; {sealed} sealed" if sealed else "") + (f"; {dropped} of the opponent's secret lines left out" if dropped else "")
    parts += [Lines((said + ".",), note=True), *shown]
    step = f"repair turn after turn {battle.turn}" if battle.step == "repair" else f"turn {battle.turn}, {battle.moving}'s half"
    about = (f"{battle.name}: fought with {rules(battle)}; {step}", *([battle.source] if battle.source else []), eyes.shown())
    return Paper(f"After-action report: {title}", about, tuple(parts), ("Turn", "Side"))


def _row(battle: Battle, ship: Ship, whole: bool) -> tuple[str, ...]:
    fate = _fate(battle, ship)
    if not whole:
        return (ship.name, ship.ship_class, HIDDEN, HIDDEN, HIDDEN, HIDDEN, HIDDEN, HIDDEN, fate)
    spent = ", ".join(f"{s.code} {s.start - s.count}" for s in (*ship.weapons, *ship.defenses) if s.limited and s.count < s.start) or "none"
    lost = [s.code for s in (*ship.weapons, *ship.defenses) if s.state != "working"] + sorted(ship.damaged)
    return (
        ship.name,
        ship.ship_class,
        f"{max(ship.hull, 0)} of {ship.hull_start}",
        _figure(ship.adf, ship.adf_start),
        _figure(ship.mr, ship.mr_start),
        _figure(ship.dcr, ship.dcr_start) if ship.dcr_start else HIDDEN,
        spent,
        ", ".join(lost) or "none",
        fate,
    )


def _figure(now: int, start: int) -> str:
    return str(now) if now == start else f"{now} of {start}"


def _fate(battle: Battle, ship: Ship) -> str:
    loss, gone = battle.loss(ship.name), battle.escape(ship.name)
    if ship.destroyed:
        return f"destroyed in turn {loss.turn}, {loss.half}'s half" if loss else "destroyed"
    if gone is not None:
        return f"left the map in turn {gone.turn}" + (f", toward {gone.toward}" if gone.toward else "")
    return "damaged, on the map" if ship.hull < ship.hull_start else "on the map"


def _losses(battle: Battle, side: str) -> str:
    lost = [s for s in battle.ships if s.side == side and s.destroyed]
    fled = [s for s in battle.ships if s.side == side and battle.escape(s.name) is not None]
    said = f"{side}: " + (f"{len(lost)} destroyed ({'; '.join(f'{s.name}, {_fate(battle, s)}' for s in lost)})" if lost else "none destroyed")
    if fled:
        said += f"; {len(fled)} left the map ({'; '.join(f'{s.name}, {_fate(battle, s)}' for s in fled)})"
    return said
