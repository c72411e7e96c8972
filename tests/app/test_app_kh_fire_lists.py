"""The Announce form offers only what the rules allow now (Sequence of Play; Rate of Fire; Moving
Player Only weapons): firers from the side firing - either side before any shot of the half, the
side of the volley once a shot is announced, the moving side once its offensive fire has begun -
and no weapon spent this turn or this half. The Stand, turn 1, the Sathar half."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from tests.helpers.app import drive
from tests.helpers.app_kh import announce, roll, scenario


def options(app: RefereeApp, field: str) -> dict[str, str]:
    form = app.screen
    assert isinstance(form, FormDialog), form
    return {str(value): str(label) for label, value in form.query_one(f"#field-{field}", Choice).options}


async def choose_firer(app: RefereeApp, pilot: Pilot[None], name: str) -> dict[str, str]:
    app.screen.query_one("#field-firer", Choice).value = name
    await pilot.pause()
    return options(app, "weapon")


def test_the_firers_are_the_side_firing_and_no_weapon_spent_is_offered(tmp_path: Path) -> None:
    path = scenario(tmp_path / "stand.toml", "the-stand")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "a")
        await pilot.pause()
        firers = options(app, "firer")
        assert firers["Shimmer"] == "Shimmer (UPF, defensive fire)" and firers["Bludgeon"] == "Bludgeon (Sathar, offensive fire)"
        assert "UPF Fighter A" not in firers  # docked: a fighter fires assault rockets, Moving Player Only weapons
        assert "T" not in await choose_firer(app, pilot, "Shimmer")  # the torpedo is Moving Player Only: not in the Sathar half
        assert {"LC", "T", "RB", "LB", "EB"} <= set(await choose_firer(app, pilot, "Bludgeon"))
        await pilot.press("escape")
        await announce(app, pilot, "Bludgeon", "RB", "Shimmer", "3")
        await announce(app, pilot, "Bludgeon", "LB", "Shimmer", "3")
        await pilot.press("a")
        await pilot.pause()
        assert all("Sathar" in label for label in options(app, "firer").values())  # the volley is the Sathar's
        left = await choose_firer(app, pilot, "Bludgeon")
        assert "RB" not in left and "LB" not in left and {"LC", "T", "EB"} <= set(left)  # each once: announced already
        await pilot.press("escape")
        await pilot.press("f")
        await pilot.pause()
        dialog = await roll(app, pilot, {"shot 1": "99", "shot 2": "99"})
        await pilot.press("enter")
        await pilot.pause()
        assert dialog is not None and app.kind_of("battle").volley == []
        await pilot.press("a")
        await pilot.pause()
        firers = options(app, "firer")
        assert firers and all("Sathar" in label for label in firers.values())  # its offensive fire has begun: the UPF's defensive fire is over
        left = await choose_firer(app, pilot, "Bludgeon")
        assert "RB" not in left and "LB" not in left  # fired this turn (the rocket battery), this half (the laser battery)
        await pilot.press("escape")

    drive(path, play)
