"""The app's seven screens, in the order of their keys 1-7."""

from __future__ import annotations

from referee.tui.pages.base import Page
from referee.tui.pages.battles import BattlesPage
from referee.tui.pages.campaign import CampaignPage
from referee.tui.pages.dice import DicePage
from referee.tui.pages.forces import ForcesPage
from referee.tui.pages.log import LogPage
from referee.tui.pages.map import MapPage
from referee.tui.pages.repairs import RepairsPage

PAGES: dict[str, type[Page]] = {
    "campaign": CampaignPage, "forces": ForcesPage, "map": MapPage, "repairs": RepairsPage,
    "battles": BattlesPage, "dice": DicePage, "log": LogPage,
}

__all__ = ["PAGES", "Page"]
