"""A battle as the screen shows it, in plain text parts (no Textual): the turn and phase, each
ship's line in the list and its roster card, and what comes next in the Sequence of Play."""

from __future__ import annotations

from collections.abc import Sequence

from referee.knight_hawks import scenarios
from referee.knight_hawks.battle import Battle, before_the_start
from referee.knight_hawks.movement import navigation_due
from referee.knight_hawks.repair import damaged_targets
from referee.knight_hawks.roster import FIRES, Ship
from referee.knight_hawks.scenarios import standing, verdict
from referee.tui.text import Part, bold, line

BAR = 4  # the hull bar's cells


def rules(battle: Battle) -> str:
    if battle.game == "basic":
        return "Basic Game"
    return "Advanced Game" if battle.damage_table else "Advanced rosters, the campaign's Basic Rules (no Damage Table)"


def phase(battle: Battle) -> str:
    """The bar's line: the turn and the half, or the repair turn."""
    if battle.step == "repair":
        return f"repair turn after turn {battle.turn}"
    return f"turn {battle.turn} · {battle.moving}'s half"


def hull_bar(ship: Ship) -> str:
    """``████░░ 12/15``: the hull left as a bar and the figures."""
    full = 0 if ship.hull_start <= 0 else round(BAR * max(ship.hull, 0) / ship.hull_start)
    if ship.hull > 0:
        full = max(full, 1)
    return "█" * full + "░" * (BAR - full) + f" {max(ship.hull, 0)}/{ship.hull_start}"


def status(ship: Ship, battle: Battle) -> str:
    """One word or two for the list: what the ship is doing or suffering now."""
    if ship.destroyed:
        return "destroyed"
    if battle.escape(ship.name) is not None:
        return "left the map"
    found = ["moved"] if ship.name in battle.moved else []
    if ship.damaged & FIRES:
        found.append("fire")
    if ship.docked_at or ship.carried_by:
        found.append("docked" if ship.docked_at else "aboard")
    if ship.masking_screen_up:
        found.append("MS up")
    if ship.active_screen:
        found.append(ship.active_screen)
    if ship.must_turn:
        found.append("must turn")
    others = ship.damaged - FIRES
    if others:
        found.append(f"{len(others)} dmg")
    return " ".join(found)


LABELS = ("Ship", "Side", "Spd", "", "Hull", "ADF", "MR", "Now")
LEFT_OUT = ("", "ADF", "MR", "Now", "Hull", "Side")  # the Ships list's columns left to the card first, where the list is narrow


def ship_row(ship: Ship, battle: Battle) -> tuple[str, ...]:
    """The ship's line in the list (its card has the rest)."""
    bar, _, hull = hull_bar(ship).partition(" ")
    return (ship.name, ship.side, str(ship.speed), bar, hull, f"{ship.adf}/{ship.adf_start}", f"{ship.mr}/{ship.mr_start}", status(ship, battle))


def fitting(labels: Sequence[str], rows: Sequence[Sequence[str]], width: int, left_out: Sequence[str]) -> list[int]:
    """The columns of a list that fit in ``width`` cells whole (each drawn with a space either side),
    leaving out those named in ``left_out``, in that order, until the rest fit: no column is cut
    mid-word; what is left out is on the card beside the list."""
    kept = list(range(len(labels)))

    def wide() -> int:
        return sum(max([len(labels[n]), *(len(row[n]) for row in rows)]) + 2 for n in kept)

    for label in left_out:
        if wide() <= width:
            break
        kept.remove(labels.index(label))
    return kept


def card(ship: Ship, battle: Battle) -> list[Part]:
    """The ship's roster card: hull, drives, DCR, speed, weapons with their ammunition and what has
    fired, defenses and the screen in use, damaged systems and fires, docking and carrying."""
    said: list[Part] = [bold(ship.name), f"{ship.ship_class}, {ship.side} · {rules(battle)}"]
    if ship.destroyed:
        loss = battle.loss(ship.name)
        when = f" in turn {loss.turn}, {loss.half}'s half" + (", by its shooting" if loss.shooting else "") if loss else ""
        return [*said, f"DESTROYED{when}", f"hull 0/{ship.hull_start}"]
    figures = f"ADF {ship.adf}/{ship.adf_start}  MR {ship.mr}/{ship.mr_start}"
    if battle.game == "advanced":
        figures += f"  DCR {ship.dcr}/{ship.dcr_start}"
    gone = battle.escape(ship.name)
    if gone is not None:
        said.append(f"LEFT THE MAP in turn {gone.turn}" + (f", toward {gone.toward}" if gone.toward else ""))
    said += [f"hull {hull_bar(ship)}", figures, f"speed {ship.speed}" + (" (moved this half)" if ship.name in battle.moved else "")]
    fired = [w.code for w in ship.weapons if w.code in ship.fired] + list(ship.shots)
    said.append("weapons: " + (", ".join(_system(w.shown(), w.code, fired) for w in ship.weapons) or "none"))
    used = {ship.active_screen: "active"} if ship.active_screen else {}
    if ship.masking_screen_up:
        used["MS"] = "up"
    said.append("defenses: " + (", ".join(w.shown() + (f" ({used[w.code]})" if w.code in used else "") for w in ship.defenses) or "none"))
    if ship.damaged:
        said.append("damaged: " + ", ".join(sorted(d + (" (burning)" if d in FIRES else "") for d in ship.damaged)))
    if ship.name in battle.new_fires:
        said.append(f"its fire started in this combat step: first rolled at the start of {battle.moving}'s next")
    if ship.airdock_only:
        said.append("airdock only: " + ", ".join(sorted(ship.airdock_only)))
    if ship.must_turn:
        said.append("must turn on its next move (it evaded)")
    if ship.docked_at:
        said.append(f"docked at the {ship.docked_at}")
    if ship.carried_by:
        said.append(f"aboard the {ship.carried_by}")
    carried = [s.name for s in battle.ships if s.carried_by == ship.name and not s.destroyed]
    docked = [s.name for s in battle.docked_at(ship.name)]
    if carried:
        said.append("carries " + ", ".join(carried))
    if docked:
        said.append("docked here: " + ", ".join(docked))
    if ship.note:
        said.append(ship.note)
    return said


def _system(shown: str, code: str, fired: list[str]) -> str:
    times = fired.count(code)
    if not times:
        return shown
    return f"{shown} (fired{'' if times == 1 else f' x{times}'})"


def next_steps(battle: Battle) -> list[Part]:
    """What comes next in the Sequence of Play, with the keys that do it (three lines)."""
    first, second = battle.sides
    if battle.step == "repair":
        waiting = [s.name for s in battle.ships if not s.destroyed and s.name not in battle.repaired and damaged_targets(s)]
        return [
            bold(f"Repair turn after turn {battle.turn}: each damaged ship allots its DCR among repairs, each rolled on d100 (e)"),
            "to repair: " + (", ".join(waiting) or "none left"),
            f"n: turn {battle.turn + 1}, {first}'s half",
        ]
    moving, other = battle.moving, battle.non_moving
    burning = [s.name for s in battle.burning]
    if not battle.damage_table:
        fires = ""
    elif battle.fires_rolled:
        fires = "fire damage rolled, "
    elif burning:
        fires = "fire damage first (r): " + ", ".join(burning) + "; "
    else:
        fires = f"no {other} ship burning; "
    if moving == first:
        after = f"{second}'s half"
    elif battle.game == "advanced" and battle.damage_table and battle.turn % 3 == 0:
        after = f"the repair turn after turn {battle.turn}"
    else:
        after = f"turn {battle.turn + 1}, {first}'s half"
    waiting = [s.name for s in battle.to_move]
    more = f" and {len(waiting) - 2} more" if len(waiting) > 3 else ""
    moves = f"to move: {', '.join(waiting[:2] if more else waiting)}{more}" if waiting else "all moved"
    lost = [s.name for s in battle.to_move if navigation_due(battle, s)]
    moves += f"; navigation roll first (v): {', '.join(lost)}" if lost else ""
    if before_the_start(battle):
        placing = scenarios.placing(battle)
        ordnance = f"{' or '.join(placing.sides)} mines (l) and seekers (p), " if battle.game == "advanced" and placing.sides and not placing.why_not else ""
        moves = f"starting speeds (t), {ordnance}then {moves}"
    return [
        line(bold(f"Turn {battle.turn}, {moving}'s half"), f" · n ends it; next {after}"),
        f"1 move: screens (s), ordnance, ships (m); {moves}",
        f"2 combat (2 Fire): {fires}{other} fires, then {moving}",
    ]


def outcome(battle: Battle) -> Part:
    """The scenario's standing, or its verdict once a side has won (or a draw)."""
    return line(bold("OVER · ") if verdict(battle) is not None else "", standing(battle))
