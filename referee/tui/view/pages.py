"""The players' view as text: a campaign's or a battle's four pages, each built only from the side's
view (:mod:`referee.sathar_war.sides`, :mod:`referee.knight_hawks.sides`), never from the file."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from referee.knight_hawks.sides import BattleView, Contact
from referee.names import runs
from referee.sathar_war.sides import CampaignView, Counter
from referee.tui.battle import cards
from referee.tui.text import Part, bold, line

TITLES = {"campaign": ("War", "Forces", "Map", "Log"), "battle": ("Battle", "Ships", "Map", "Log")}
LOG_LINES = 200  # the newest lines shown (a war's log runs to thousands)


def where(kind: str, view: Any) -> str:
    """The bar's day and step, or turn and half."""
    if kind == "campaign":
        return f"day {view.day} · {view.step}" if view.day else "setting up"
    return cards.phase(view.battle)


def pages(kind: str, view: Any) -> list[list[Part]]:
    """The four pages' lines, in the order of TITLES."""
    if kind == "campaign":
        return [war(view), forces(view), campaign_map(view), log([(f"day {e.day} · {e.step}", e.text, e.rolls) for e in view.log])]
    battle = view.battle
    return [battle_page(view), ships(view), battle_map(view), log([(f"turn {e.turn} · {e.side}", e.text, e.rolls) for e in battle.log])]


# ---------------------------------------------------------------------- a campaign


def track(view: CampaignView) -> list[Part]:
    """The ten boxes of the tenday, the Day marker on today, what is scheduled under each."""
    cells: list[Part] = [f"Tenday {view.tenday:<3} |"]
    for box in range(1, 11):
        cells += [(f"{box:>2}", "reverse") if box == view.day_marker and view.day else f"{box:>2}", "|"]
    return [line(*cells, "  V Void returns"), f"           |{'|'.join(f'{m:>2}' for m in view.marks)}|  R replacements, T tenday end"]


def war(view: CampaignView) -> list[Part]:
    said: list[Part] = [bold("Time Record Track"), *track(view), *view.track]
    if view.outcome:
        said.append(line(bold("The war is over"), f": {view.outcome}"))
    if view.fights:
        said += ["", bold("Attacks declared today"), *(f"• {f}" for f in view.fights)]
    said += ["", bold("Alerts"), *(f"• {a}" for a in view.alerts or ["none"])]
    said += ["", bold("Victory tally"), *(f"{k.replace('_', ' ')}: {v}" for k, v in view.tally)]
    said += ["", bold("Retreat"), *view.retreat]
    return said


def forces(view: CampaignView) -> list[Part]:
    if view.side == "public":
        return ["The public view shows no side's rosters: each side's ships are on the Map page, as the map shows them."]
    by_place: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for unit in view.own:
        by_place[unit["place"]].append(unit)
    said: list[Part] = [bold(f"{view.side}: {len(view.own)} ships and stations, every roster")]
    for place, group in by_place.items():
        said += ["", bold(f"{place} ({len(group)})")]
        for r in group:
            said += roster(r)
    return said


def roster(r: dict[str, Any]) -> list[Part]:
    """One unit's roster form in a few lines."""
    fleet = f" · {r['fleet']}" if r["fleet"] != "-" else ""
    drone = " · shatter drone" if r["drone"] else ""
    supply = f" · {r['supply']}" if r["supply"] != "-" else ""
    said: list[Part] = [line(bold(r["name"]), f"  {r['class']} · {r['force']}{fleet} · {r['status']}{supply}{drone}")]
    said.append(f"   hull {r['hull']}  ADF {r['adf']}  MR {r['mr']}  DCR {r['dcr']}")
    said.append(f"   weapons: {', '.join(r['weapons']) or 'none'}; defenses: {', '.join(r['defenses']) or 'none'}")
    more = [
        f"damaged: {', '.join(r['damaged'])}" if r["damaged"] else "", f"a station only: {', '.join(r['station_only'])}" if r["station_only"] else "",
        f"aboard: {', '.join(r['aboard'])}" if r["aboard"] else "", f"aboard the {r['carried_by']}" if r["carried_by"] != "-" else "",
        f"docked at the {r['docked_at']}" if r["docked_at"] != "-" else "", f"back from the Void on day {r['returns']}" if r["status"] == "void" else "",
    ]
    if any(more):
        said.append("   " + "; ".join(m for m in more if m))
    return said


def campaign_map(view: CampaignView) -> list[Part]:
    whose = "every ship on the map and the time track" if view.side == "public" else "the enemy on the map and the time track"
    return [bold(f"As the map shows it: {whose} (SSW: the stacks may be examined freely)"), *places(view.seen)]


def places(seen: Sequence[Counter]) -> list[Part]:
    """Ships by place, each place's ships by side and class."""
    by_place: dict[str, list[Counter]] = defaultdict(list)
    for counter in seen:
        by_place[counter.where].append(counter)
    said: list[Part] = []
    for place, group in by_place.items():
        said += ["", bold(f"{place} ({len(group)})")]
        kinds: dict[tuple[str, str], list[Counter]] = defaultdict(list)
        for counter in group:
            kinds[counter.side, counter.kind].append(counter)
        for (side, kind), same in kinds.items():
            fleets = sorted({c.fleet for c in same if c.fleet})
            named = ", ".join(text for text, _ in runs(c.name for c in same))
            said.append(f"  {side} {kind} x{len(same)}{' (' + ', '.join(fleets) + ')' if fleets else ''}: {named}")
    return said or ["", "nothing"]


# ---------------------------------------------------------------------- a battle


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


# ---------------------------------------------------------------------- either


def log(entries: Iterable[tuple[str, str, Sequence[str]]]) -> list[Part]:
    """The newest lines first, each with its dice."""
    newest = list(entries)[::-1][:LOG_LINES]
    said: list[Part] = [bold("Log, the newest first (the lines this side may read)")]
    for when, text, rolls in newest:
        said.append(line((when, "dim"), f"  {text}"))
        said += [f"    {r}" for r in rolls]
    return said
