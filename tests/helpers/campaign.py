"""Campaign states the tests share: the Sathar placed, a battle at Gran Quivera, reinforcements placed."""

from __future__ import annotations

from referee.sathar_war import setup, victory
from referee.sathar_war.campaign import Campaign, Place
from tests.rules.campaign.test_campaign_rules import at_step, put, started


def sathar_placed(campaign: Campaign) -> Campaign:
    """The Sathar set-up: 15 destroyers at Prenglar, 8 frigates and 7 light cruisers at Fromeltar."""
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    return setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign


def at_gran_quivera() -> Campaign:
    """Day 5: three Sathar destroyers at Gran Quivera, Task Force Prenglar at Morgaine's World."""
    campaign = put(started(), ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3"], Place("Prenglar", "Gran Quivera"))
    return at_step(campaign, "upf-attacks", 5)


def few_left_and_five_placed() -> Campaign:
    """Day 5: 4 Sathar ships left on the map; 5 heavy cruisers placed in the Kizk-Kar circle, 5 of 9."""
    campaign = at_step(started(), "sathar-move", 5)
    on_map = [u for u in campaign.units if u.side == "Sathar" and u.active]
    campaign = victory.lose(campaign, on_map[4:], "combat")
    return setup.place_sathar(campaign, [f"Sathar Heavy Cruiser {n}" for n in range(1, 6)], "Kizk-Kar").campaign
