"""What every screen of the campaign shares beyond every kind's (``referee.tui.pages.base``): the
campaign played, and the campaign's UI object, which keeps what its screens hold between actions
(the retreat condition shown, a battle's results as typed)."""

from __future__ import annotations

from referee.sathar_war.campaign import Campaign
from referee.sathar_war.kind import campaign_of
from referee.tui.campaign.kind import CampaignKind
from referee.tui.pages.base import Page


class WarPage(Page):
    """A screen of the Second Sathar War campaign."""

    @property
    def campaign(self) -> Campaign:
        return campaign_of(self.referee.journal)

    @property
    def kind(self) -> CampaignKind:
        kind = self.referee.kind
        assert isinstance(kind, CampaignKind)
        return kind
