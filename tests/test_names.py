"""Names given by the referee: a ship or fleet named with the pattern characters * ? [ is found by
its own name; the patterns still find the rest."""

from __future__ import annotations

from referee.sathar_war import fleets
from tests.test_sathar_war import war


def test_a_fleet_or_ship_named_like_a_pattern_is_found_by_its_name() -> None:
    campaign = war()
    frigate = campaign.unit("UPF Assault Scout 1")
    renamed = frigate._replace(roster=frigate.roster._replace(name="[red"))
    campaign = campaign._replace(units=tuple(renamed if u is frigate else u for u in campaign.units))
    assert [u.name for u in campaign.named(["[red"])] == ["[red"]
    joined = fleets.join(campaign, "[/]", ["[red"]).campaign
    assert [u.name for u in joined.named(["[/]"])] == ["[red"]
    assert len(joined.named(["UPF Assault Scout [2-3]"])) == 2  # a pattern still matches
