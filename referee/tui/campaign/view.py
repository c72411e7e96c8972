"""The players' view of a campaign as text (``referee view``): its four pages, each built only
from the side's view (:class:`referee.sathar_war.sides.CampaignView`), never from the file."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from referee.names import runs
from referee.sathar_war.sides import CampaignView, Counter
from referee.tui.text import Part, bold, line
from referee.tui.view.pages import log

TITLES = ("War", "Forces", "Map", "Log")


def where(view: CampaignView) -> str:
    """The bar's day and step."""
    return f"day {view.day} · {view.step}" if view.day else "setting up"


def pages(view: CampaignView) -> list[list[Part]]:
    """The four pages' lines, in the order of TITLES."""
    return [war(view), forces(view), campaign_map(view), log([(f"day {e.day} · {e.step}", e.text, e.rolls) for e in view.log])]


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
        f"damaged: {', '.join(r['damaged'])}" if r["damaged"] else "",
        f"a station only: {', '.join(r['station_only'])}" if r["station_only"] else "",
        f"aboard: {', '.join(r['aboard'])}" if r["aboard"] else "",
        f"aboard the {r['carried_by']}" if r["carried_by"] != "-" else "",
        f"docked at the {r['docked_at']}" if r["docked_at"] != "-" else "",
        f"back from the Void on day {r['returns']}" if r["status"] == "void" else "",
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
        classes: dict[tuple[str, str], list[Counter]] = defaultdict(list)
        for counter in group:
            classes[counter.side, counter.ship_class].append(counter)
        for (side, kind), same in classes.items():
            fleets = sorted({c.fleet for c in same if c.fleet})
            named = ", ".join(text for text, _ in runs(c.name for c in same))
            said.append(f"  {side} {kind} x{len(same)}{' (' + ', '.join(fleets) + ')' if fleets else ''}: {named}")
    return said or ["", "nothing"]
