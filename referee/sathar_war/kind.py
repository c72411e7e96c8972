"""A campaign of the Second Sathar War as a kind of file (:mod:`referee.kinds`): its state, its
Writer (the log kept in a file beside it), its log's columns, its sides, what an action touched, the
documents it prints and its players' view."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from referee import kinds
from referee.sathar_war import campaign_file, log_file
from referee.sathar_war.campaign import SIDES, Campaign, Entry
from referee.tables import Tables
from referee.touched import campaign as changes

if TYPE_CHECKING:
    from referee.journal import Journal, Writer

STATE = Campaign
COLUMNS = ("Day", "Step")
PAPERS = ("deployment", "rosters", "log", "map")

__all__ = ["COLUMNS", "PAPERS", "STATE", "campaign_of", "changes", "described", "paper", "sides", "view", "when", "writer"]


def campaign_of(journal: Journal) -> Campaign:
    """The campaign a journal plays; RefereeError if its file is of another kind."""
    return cast(Campaign, journal.state_of(kinds.CAMPAIGN))


def writer(tables: Tables, target: Path) -> Writer:
    """The campaign file at ``target`` (a symlink's target) keeps its log beside it."""
    return campaign_file.Writer(tables, log_file.beside(target))


def when(entry: Entry) -> tuple[str, str]:
    return str(entry.day), entry.step


def sides(campaign: Campaign) -> tuple[str, ...]:
    return SIDES


def view(campaign: Campaign, side: str) -> Any:
    from referee.sathar_war.sides import view

    return view(campaign, side)


def paper(what: str, campaign: Campaign, eyes: Any, title: str) -> Any:
    """The deployment sheet, the rosters or the map."""
    if what == "rosters":
        from referee.paper.rosters import campaign_rosters

        return campaign_rosters(campaign, eyes, title)
    if what == "deployment":
        from referee.paper.deployment import deployment_paper
        from referee.paper.frontier_svg import bundled

        return deployment_paper(campaign, eyes, title, bundled(campaign.frontier))
    from referee.paper import map_paper

    return map_paper(campaign, title)


def described(campaign: Campaign) -> str:
    """The war's options and map (the recent list's line)."""
    from referee.saves import BUNDLED_MAP_NAME

    options = f"{'' if campaign.replacements else 'no '}replacements, {'' if campaign.shatter_drones else 'no '}shatter drones"
    return options if campaign.frontier.name == BUNDLED_MAP_NAME else f"{options}; {campaign.frontier.name}"
