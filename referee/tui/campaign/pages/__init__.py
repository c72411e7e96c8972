"""The campaign's seven screens, in the order of their keys 1-7 (Dice & Tables and the Log are
every kind's: ``referee.tui.pages``)."""

from __future__ import annotations

from referee.tui.campaign.pages.battles import BattlesPage
from referee.tui.campaign.pages.campaign import CampaignPage
from referee.tui.campaign.pages.forces import ForcesPage
from referee.tui.campaign.pages.map import MapPage
from referee.tui.campaign.pages.repairs import RepairsPage
from referee.tui.pages.base import Page
from referee.tui.pages.dice import DicePage
from referee.tui.pages.log import LogPage

PAGES: dict[str, type[Page]] = {
    "campaign": CampaignPage,
    "forces": ForcesPage,
    "map": MapPage,
    "repairs": RepairsPage,
    "battles": BattlesPage,
    "dice": DicePage,
    "log": LogPage,
}
