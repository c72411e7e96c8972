"""The players' view of a Knight Hawks battle as text (``referee view``): its four pages, each
built only from the side's view (:class:`referee.knight_hawks.sides.BattleView`), never from the
file."""

from __future__ import annotations

from referee.knight_hawks.sides import BattleView, Contact
from referee.tui.battle import cards
from referee.tui.text import Part, bold, line
from referee.tui.view.pages import log

TITLES = ("Battle", "Ships", "Map", "Log")


def where(view: BattleView) -> str:
    """The bar's turn and half."""
    return cards.phase(view.battle)


def pages(view: BattleView) -> list[list[Part]]:
    """The four pages' lines, in the order of TITLES."""
    battle = view.battle
    return [battle_page(view), ships(view), battle_map(view), log([(f"turn {e.turn} · {e.side}", e.text, e.rolls) for e in battle.log])]


def battle_page(view: BattleView) -> list[Part]:
    battle = view.battle
    said: list[Part] = [bold(battle.name), cards.rules(battle), cards.phase(battle), "", view.standing]
    if battle.victory:
        said += ["", bold("Victory conditions"), battle.victory]
    if battle.special_rules:
        said += ["", bold("Special rules"), *battle.special_rules]
    if view.side != "public":
        said += ["", bold(f"{view.side} mines (your paper)"), *([f"hex {m.hex}" for m in battle.mines] or ["none"])]
    seekers = [f"hex {s.hex}: {s.side}, " + (f"active, moved {s.moved} last turn" if s.active else "not active") for s in battle.seekers]
    said += ["", bold("Seekers" + (" (yours, and the active ones on the map)" if view.side != "public" else " (active, on the map)")), *(seekers or ["none"])]
    if battle.situation:
        said += ["", bold("Situation"), battle.situation]
    return said


def ships(view: BattleView) -> list[Part]:
    if view.side == "public":
        return ["The public view shows no side's rosters: each side's ships are on the Map page, as the map shows them."]
    said: list[Part] = []
    for ship in view.battle.ships:
        said += [*cards.card(ship, view.battle), ""]
    return said or ["no ships"]


def battle_map(view: BattleView) -> list[Part]:
    whose = "both sides" if view.side == "public" else "the enemy"
    said: list[Part] = [bold(f"As the map shows {whose}: counters, speed, masking screens (their rosters are their players' paper)"), ""]
    return said + [contact(c) for c in view.seen]


def contact(c: Contact) -> Part:
    state = [c.out] if c.out else [f"speed {c.speed}"]
    state += ["masking screen up"] if c.masking_screen_up and not c.out else []
    state += [f"docked at the {c.docked_at}"] if c.docked_at and not c.out else []
    state += [f"aboard the {c.carried_by}"] if c.carried_by and not c.out else []
    return line(bold(c.name), f"  {c.ship_class}, {c.side} · {', '.join(state)}")
