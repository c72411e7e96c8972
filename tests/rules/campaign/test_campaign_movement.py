"""Strategic movement in the transit boxes: the Sathar in the red boxes decelerating into the
system, and fighters, which may not take a transit box or the red boxes on their own."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.sathar_war import fleets, movement, setup
from referee.sathar_war.campaign import Place
from tests.helpers.campaign import at_step, started, war
from tests.helpers.tables import TABLES

# ---------------------------------------------------------------------- the red boxes


def test_sathar_in_the_red_boxes_are_decelerating_into_the_system() -> None:
    """Sathar Start Circles: 'The boxes leading to Prenglar represent the number of days the Sathar
    ships need to slow down enough to attack the stations and ships based there.'"""
    campaign = movement.move(started(), TABLES, ["Sathar Destroyer *"], toward="Prenglar")
    assert "to box 1 of 5 from Prenglar Start Circle to Prenglar (decelerating)" in campaign.entries[0].text
    outbound = Place("Prenglar Start Circle - Prenglar", box=2, toward="Prenglar Start Circle")
    assert outbound.shown(campaign.campaign.frontier) == "box 4 of 5 from Prenglar to Prenglar Start Circle (accelerating)"
    assert Place("Prenglar - Cassidine", box=2, toward="Cassidine").shown(campaign.campaign.frontier).endswith("(accelerating)")


# ---------------------------------------------------------------------- fighters


def test_a_launched_fighter_cannot_move_into_a_transit_box() -> None:
    """Breaking Off Combat: fighters 'cannot enter a transit box unless they are being carried aboard an
    assault carrier.' Within the system it may go to the other planet."""
    campaign = fleets.launch(at_step(war(), "upf-move", 2), ["UPF Fighter 1"]).campaign
    with pytest.raises(RefereeError, match="UPF Fighter 1 cannot enter a transit box unless carried aboard an assault carrier"):
        movement.move(campaign, TABLES, ["UPF Fighter 1"], toward="Cassidine")
    assert movement.move(campaign, TABLES, ["UPF Fighter 1"], planet="Gran Quivera").campaign.unit("UPF Fighter 1").place == Place("Prenglar", "Gran Quivera")
    carried = movement.move(at_step(war(), "upf-move", 2), TABLES, ["TF Prenglar Assault Carrier"], toward="Cassidine").campaign
    assert carried.unit("UPF Fighter 1").place == carried.unit("TF Prenglar Assault Carrier").place


def test_a_fighter_loose_in_a_start_circle_cannot_take_the_red_boxes() -> None:
    """A Sathar fighter replaced (Replacements: off the map, its carrier gone) and placed alone."""
    campaign = at_step(started(), "sathar-move", 2)
    fighter = campaign.unit("Sathar Fighter 1")
    campaign = campaign.with_units([fighter._replace(status="off-map", place=None, roster=fighter.roster._replace(carried_by=""))])
    campaign = setup.place_sathar(campaign, ["Sathar Fighter 1"], "Kizk-Kar").campaign
    with pytest.raises(RefereeError, match="cannot enter a transit box"):
        movement.move(campaign, TABLES, ["Sathar Fighter 1"], toward="Kizk-Kar")
