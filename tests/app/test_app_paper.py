"""Print... in the app (Ctrl+P): the form asks which document, whose copy, which part of the log and
where; the document is written and the line above the keys tells its path; a wrong value is shown
beside its field and nothing is written; the file played is never touched."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from referee import tables
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from referee.tui.text import fitted
from tests.helpers.app import drive, said
from tests.helpers.paper_war import mid_war

TABLES = tables.load()


@pytest.fixture
def war(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    campaign, battle = mid_war()
    path = tmp_path / "war.toml"
    path.write_text(campaign_file.text(campaign, TABLES), encoding="utf-8")
    (tmp_path / "war.day-6-sathar-attack-at-gran-quivera.toml").write_text(battle_file.text(battle, TABLES), encoding="utf-8")
    return path


async def print_form(app: RefereeApp, pilot: Pilot[None], **values: str) -> FormDialog:
    """Ctrl+P, "print", Enter: the Print form; its fields set, then Ctrl+A."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"print")
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, FormDialog) and form.title_text == "Print", form
    for name, value in values.items():
        field = form.query_one(f"#field-{name}")
        assert isinstance(field, (Choice, Input))
        field.value = value
        await pilot.pause()
    await pilot.press("ctrl+a")
    await pilot.pause()
    return form


def test_print_writes_the_deployment_sheet_beside_the_campaign_and_tells_where(war: Path) -> None:
    before = war.read_bytes()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await print_form(app, pilot)
        assert {f.name: form.value_of(f) for f in form.fields} == {"what": "deployment", "copy": "+table", "part": "", "where": ""}
        out = war.with_name("war.deployment.html")
        assert out.is_file() and "<title>Fleet Deployment Sheet: war.toml</title>" in out.read_text(encoding="utf-8")
        assert said(app) == fitted(f"printed Fleet Deployment Sheet: war.toml to {out}", app.size.width - 2) and said(app).endswith(f"{out.name}")  # (a long path: its end)
        await print_form(app, pilot, what="rosters", copy="UPF", where="upf.html")
        page = war.with_name("upf.html").read_text(encoding="utf-8")
        assert "the UPF player's copy" in page and "TF Prenglar Battleship" in page and "Sathar Destroyer" not in page

    drive(war, play)
    assert war.read_bytes() == before and not war.with_name("war.toml.history").exists()  # printing changes nothing


def test_a_wrong_value_is_shown_beside_its_field_and_nothing_is_written(war: Path) -> None:
    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await print_form(app, pilot, where="sheet.pdf")
        assert app.screen is form and "write to a .html file" in str(form.query_one("#error-where", Static).content)
        form.query_one("#field-where", Input).value = ""
        form.query_one("#field-what", Choice).value = "log"
        form.query_one("#field-part", Input).value = "week 2"
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert "give day N or tenday N" in str(form.query_one("#error-part", Static).content)
        form.query_one("#field-part", Input).value = "day 9"
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert "day 9: the war is on day 7" in str(form.query_one("#error-form", Static).content)
        form.query_one("#field-part", Input).value = "day 6"
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.screen is not form and "printed Log: war.toml, day 6 to " in said(app)

    drive(war, play)
    assert sorted(p.name for p in war.parent.iterdir() if p.suffix != ".toml" and p.name != "home") == ["war.log.html"]


def test_a_battle_prints_its_after_action_report_first(war: Path) -> None:
    fought = war.with_name("war.day-6-sathar-attack-at-gran-quivera.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        form = await print_form(app, pilot)
        assert form.value_of(form.fields[0]) == "battle-report"

    drive(fought, play)
    report = fought.with_name(f"{fought.stem}.battle-report.html").read_text(encoding="utf-8")
    assert "Sathar: 3 destroyed" in report
