"""Supply (UPF Supply; Sathar Supply): a path traced from a transit box through the systems at its
ends, never through one the enemy holds, and into a contested fortress system."""

from __future__ import annotations

from referee.sathar_war import supply
from referee.sathar_war.campaign import Place
from tests.helpers.campaign import put, war

# ---------------------------------------------------------------------- supply from a transit box


def test_supply_from_a_transit_box_crosses_the_systems_at_its_ends_and_may_not_pass_an_enemy_one() -> None:
    """Supply: 'a path can be traced from the ship to a UPF Fortress without passing through a star
    system occupied by a Sathar ship'. A ship between Kizk-Kar and K'aken-Kar reaches either end, but
    only through it: with Sathar ships at Kizk-Kar and K'tsa-Kar, every way to a fortress passes one."""
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Kizk-Kar"))
    campaign = put(campaign, ["Sathar Destroyer 2"], Place("K'tsa-Kar"))
    campaign = put(campaign, ["UPF Light Cruiser 1"], Place("K'aken-Kar - Kizk-Kar", box=6, toward="K'aken-Kar"))
    assert supply.path(campaign, campaign.unit("UPF Light Cruiser 1")) is None
    clear = put(campaign, ["Sathar Destroyer 2"], Place("Zebulon"))  # K'aken-Kar - K'tsa-Kar - White Light is open again
    assert supply.path(clear, clear.unit("UPF Light Cruiser 1")) == ["box 3 of 8 from Kizk-Kar to K'aken-Kar (accelerating)", "K'aken-Kar", "K'tsa-Kar", "White Light"]


def test_sathar_supply_from_a_transit_box_may_not_pass_a_upf_system_at_its_end() -> None:
    """Supply: a Sathar path runs to a start circle 'without passing through a star system containing a
    UPF ship or space station': from a Prenglar - Timeon box, Prenglar (Fortress Gollwin) and Timeon
    (Lossend Station) both bar the way."""
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Prenglar - Timeon", box=2, toward="Timeon"))
    assert supply.path(campaign, campaign.unit("Sathar Destroyer 1")) is None
    assert supply.in_supply(campaign, put(campaign, ["Sathar Destroyer 2"], Place("Prenglar Start Circle - Prenglar", box=1, toward="Prenglar")).unit("Sathar Destroyer 2"))


def test_supply_into_a_contested_fortress_system_from_a_box_next_to_it() -> None:
    """'Supply may be traced into star system boxes that contain both UPF and Sathar ships, but not
    through those systems': from a Prenglar - Cassidine box, into contested Prenglar, where Fortress Gollwin is."""
    campaign = put(war(), ["Sathar Destroyer 1"], Place("Prenglar"))
    campaign = put(campaign, ["Sathar Destroyer 2"], Place("Cassidine"))
    campaign = put(campaign, ["UPF Destroyer 1"], Place("Prenglar - Cassidine", box=6, toward="Cassidine"))
    assert supply.path(campaign, campaign.unit("UPF Destroyer 1"))[1:] == ["Prenglar"]
