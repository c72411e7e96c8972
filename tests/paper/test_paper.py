"""Paper (issue 18): the roster forms, the Fleet Deployment Sheet, a battle's after-action report,
the log and the map, made from a mid-war campaign and a finished battle (tests/helpers/paper_war.py), as
documents, as HTML, as text and through ``referee print``. The printed pages themselves (Chromium
printing the HTML to PDF, read back with pdftotext) are tests/paper/test_paper_pdf.py."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import tables
from referee.cli import app
from referee.knight_hawks import battle_file, ordnance
from referee.paper import document, written
from referee.paper.document import Boxes, Card, Heading, Lines, Logged, Picture, Stack, Table
from referee.paper.log import Span
from referee.paper.sides import Eyes
from referee.sathar_war import campaign_file
from referee.starfleet_wars.engagement import Engagement, Entry
from tests.helpers.imports import HEAVY_FOR_LOOKUPS, modules_after, run_cli
from tests.helpers.paper_war import RAIDERS, mid_war

TABLE, UPF, SATHAR, REFEREE = Eyes(), Eyes("UPF"), Eyes("Sathar"), Eyes("", True)
runner = CliRunner()


def cards(paper: object) -> list[Card]:
    return [p for p in paper.parts if isinstance(p, Card)]  # type: ignore[attr-defined]


def stacks(paper: object) -> dict[str, Stack]:
    return {p.title: p for p in paper.parts if isinstance(p, Stack)}  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The mid-war campaign and its finished battle, saved as the app saves them."""
    war, battle = mid_war()
    folder = tmp_path_factory.mktemp("paper")
    every = tables.load()
    campaign = folder / "war.toml"
    campaign.write_text(campaign_file.text(war, every), encoding="utf-8")
    fought = folder / "war.day-6-sathar-attack-at-gran-quivera.toml"
    fought.write_text(battle_file.text(battle, every), encoding="utf-8")
    return campaign, fought


# ---------------------------------------------------------------------- the fixture itself


def test_the_war_is_in_the_middle_and_its_battle_is_finished() -> None:
    war, battle = mid_war()
    assert (war.day, war.step) == (7, "upf-move")
    assert [loss.name for loss in war.losses] == RAIDERS
    assert all(battle.ship(n).destroyed for n in RAIDERS) and battle.afloat("UPF")
    assert battle.log[-1].text.startswith("the battle is over")


# ---------------------------------------------------------------------- the roster form


def test_a_roster_card_is_the_books_form_filled_in_as_the_ship_stands() -> None:
    """A frigate (HP 40, ADF 4, MR 3, DCR 70; LC, LB, RB x4, T x2; RH, MS x2, ICM x4) after a
    battle: 12 hull points lost, its ADF down to 2, its laser cannon destroyed, two rocket
    batteries and an ICM spent, a navigation hit."""
    war, _ = mid_war()
    unit = war.unit("TF Prenglar Frigate 1")
    ship = unit.roster
    hurt = ship._replace(
        hull=28,
        adf=2,
        damaged=frozenset({"navigation"}),
        weapons=tuple(s._replace(state="destroyed") if s.code == "LC" else s._replace(count=2) if s.code == "RB" else s for s in ship.weapons),
        defenses=tuple(s._replace(count=3) if s.code == "ICM" else s for s in ship.defenses),
    )
    war = war.with_units([unit._replace(roster=hurt)])
    [card] = [c for c in cards(document(war, "campaign", "rosters", UPF, "war.toml")) if c.name == "TF Prenglar Frigate 1"]
    assert card.hull == Boxes("HULL POINTS", 40, 12, "28 of 40 left")
    assert [(f.label, f.start, f.now) for f in card.figures] == [("ADF", "4", "2"), ("MR", "3", "3"), ("DCR", "70", "70")]
    assert card.weapons == (("LC", True), ("LB", False), ("RB", False), ("T", False))
    assert card.defenses == (("RH", False), ("MS", False), ("ICM", False))
    assert [(a.label, a.boxes, a.ticked, a.gone) for a in card.ammunition] == [("RB", 4, 2, False), ("T", 2, 0, False), ("MS", 2, 0, False), ("ICM", 4, 1, False)]
    assert (card.speed, card.damaged, card.stamp) == ("", "navigation", "")
    assert card.where == ("Task Force Prenglar", "Morgaine's World (Prenglar)")
    page = written(document(war, "campaign", "rosters", UPF, "war.toml"), "html")
    one = page[page.index("TF Prenglar Frigate 1</div>") :]
    one = one[: one.index("</section>")]
    assert "<s>LC</s>, LB, RB, T" in one and "<s>4</s> <b>2</b>" in one  # crossed off, as the book says to in pencil
    assert one.count('<i class="x">') == 12 + 2 + 1 and one.count("<i>") == 28 + 2 + 2 + 2 + 3
    text = written(document(war, "campaign", "rosters", UPF, "war.toml"), "text")
    assert "  HULL POINTS: 40  (28 of 40 left)\n    xxxxxxxxxx xx........ ..........\n    ..........\n" in text  # 12 of 40 ticked, 30 a row in tens
    assert "    RB  " + "xx..".ljust(33) + "2 of 4 left" in text and "ADF: 2 (was 4)" in text and "LC (crossed off)" in text


def test_a_campaigns_rosters_are_every_ship_still_in_the_war_and_a_side_gets_its_own() -> None:
    """The referee's copy: every ship still in the war; a side's: its own, off the map too; the
    table's: those the map shows (the Sathar reserves off the map are the Sathar player's secret)."""
    war, _ = mid_war()
    every = cards(document(war, "campaign", "rosters", REFEREE, "war.toml"))
    assert len(every) == len(war.units) - 3 and not {c.name for c in every} & set(RAIDERS)  # the three destroyed are not printed
    table = {c.name for c in cards(document(war, "campaign", "rosters", TABLE, "war.toml"))}
    assert table == {u.name for u in war.units if u.place is not None and u.active}
    assert {c.name for c in cards(document(war, "campaign", "rosters", SATHAR, "war.toml"))} == {u.name for u in war.units if u.side == "Sathar" and u.status != "destroyed"}
    upf = cards(document(war, "campaign", "rosters", UPF, "war.toml"))
    assert {c.name for c in upf} == {u.name for u in war.units if u.side == "UPF"}
    carrier = next(c for c in upf if c.name == "TF Cassidine Assault Carrier")
    assert any(n.startswith("aboard: TF Cassidine Fighter 1") for n in carrier.notes)
    station = next(c for c in upf if c.name == "Fortress Gollwin")
    assert station.hull.boxes == 300 and station.where == ("Morgaine's World (Prenglar)",)


def test_a_battles_rosters_stamp_the_destroyed_and_show_the_damage_taken() -> None:
    _, battle = mid_war()
    sathar = cards(document(battle, "battle", "rosters", SATHAR, "b.toml"))
    assert [c.name for c in sathar] == RAIDERS
    assert all(c.stamp == "DESTROYED" and c.hull.ticked == 50 and c.notes[0].startswith("destroyed in turn 1") for c in sathar)
    upf = {c.name: c for c in cards(document(battle, "battle", "rosters", UPF, "b.toml"))}
    scout = battle.ship("TF Prenglar Assault Scout 5")
    assert upf["TF Prenglar Assault Scout 5"].hull == Boxes("HULL POINTS", 15, 15 - scout.hull, f"{scout.hull} of 15 left")
    assert len(upf) == 29 and not set(RAIDERS) & set(upf)


# ---------------------------------------------------------------------- the Fleet Deployment Sheet


def test_the_deployment_sheet_has_a_box_for_each_fleet_the_book_names_and_the_ones_formed() -> None:
    war, _ = mid_war()
    paper = document(war, "campaign", "deployment", TABLE, "war.toml")
    headings = [p.text for p in paper.parts if isinstance(p, Heading)]
    assert headings == ["Sathar Fleet Deployment Sheet", "UPF Fleet Deployment Sheet"]
    boxes = stacks(paper)
    first = boxes["Sathar Attack Fleet #1"]
    assert first.where == "Prenglar" and len(first.counters) == 12 and first.counters[0] == "Sathar Destroyer 4 (destroyer), hull 50/50"
    assert len(boxes["Sathar Attack Fleet #2"].counters) == 15
    upf_titles = [p.title for p in paper.parts if isinstance(p, Stack) and p.title.startswith(("Task Force", "Strike Force"))]
    assert upf_titles == ["Task Force Prenglar", "Task Force Cassidine", "Strike Force NOVA"]  # in the book's order
    assert boxes["Lost"].counters == tuple(f"{n} (destroyer): destroyed on day 6" for n in RAIDERS)
    carrier = next(c for c in boxes["Task Force Cassidine"].counters if c.startswith("TF Cassidine Assault Carrier"))
    assert "6 fighters aboard" in carrier
    assert not any("Fighter" in c.split(" (")[0] for s in boxes.values() for c in s.counters if s.title != "Lost")  # fighters go with their base
    assert any(isinstance(p, Picture) for p in paper.parts)


def test_the_retreat_condition_is_sealed_but_on_the_sathar_copy_and_the_referees() -> None:
    war, _ = mid_war()

    def said(eyes: Eyes) -> str:
        return written(document(war, "campaign", "deployment", eyes, "war.toml"), "text", width=400)

    assert "Sathar retreat condition: sealed" in said(TABLE) and "Sathar retreat condition: sealed" in said(UPF)
    for eyes in (SATHAR, REFEREE):
        assert "Sathar retreat condition 3: " in said(eyes) and "Sathar ships lost, fighters included: 3 of 40" in said(eyes)
    assert "UPF FLEET DEPLOYMENT SHEET" not in said(SATHAR) and "SATHAR FLEET DEPLOYMENT SHEET" in said(SATHAR)


# ---------------------------------------------------------------------- the map


def test_the_map_is_an_svg_of_every_system_circle_and_box_with_the_fleets_markers() -> None:
    war, _ = mid_war()
    paper = document(war, "campaign", "map", TABLE, "war.toml")
    svg = written(paper, "svg")
    root = ET.fromstring(svg.split("\n", 1)[1])  # well-formed
    ns = "{http://www.w3.org/2000/svg}"
    frontier = war.frontier
    stars = [p for p in root.iter(f"{ns}polygon") if p.get("fill") == "#f2c200"]
    assert len(stars) == len(frontier.systems) and len(list(root.iter(f"{ns}circle"))) == len(frontier.circles)
    boxes = sum(r.boxes for r in frontier.all_routes())
    jumps = sum(2 for r in frontier.routes if not r.red)
    shapes = len(list(root.iter(f"{ns}rect"))) + len(list(root.iter(f"{ns}polygon"))) - len(stars)
    labels = [t.text for t in root.iter(f"{ns}text")]
    markers = [t for t in labels if t and t[0] in "SU" and t[1:].rstrip("!").isdigit()]
    assert shapes == boxes + len(markers) and jumps <= boxes  # one shape a box (a jump box an arrow), one tag a marker
    assert "S12" in markers and "S15" in markers  # Attack Fleet #1 at Prenglar after its three losses; #2 at Fromeltar
    [picture] = [p for p in paper.parts if isinstance(p, Picture)]
    assert "S12 (Sathar Attack Fleet #1): Prenglar" in picture.text and "U10 (Task Force Cassidine): box 1 of 5 from Cassidine to Dramune (accelerating)" in picture.text


# ---------------------------------------------------------------------- the after-action report


def test_the_after_action_report_has_the_outcome_who_fought_the_losses_and_every_shot() -> None:
    _, battle = mid_war()
    paper = document(battle, "battle", "battle-report", TABLE, "b.toml")
    text = written(paper, "text", width=200)
    assert "no winner named here: Sathar has no ship left on the map" in text
    assert "Sathar: 3 destroyed (Sathar Destroyer 1, destroyed in turn 1" in text and "UPF: none destroyed" in text
    fired = [e for e in battle.log if " fires its " in e.text]
    logged = [p for p in paper.parts if isinstance(p, Logged)]
    assert [e.text for e in fired] == [p.text for p in logged if " fires its " in p.text]
    assert all(p.rolls for p in logged if " fires its " in p.text and "wasted" not in p.text)
    assert f"{len(fired)} shots rolled to hit" in text
    [sathar, upf] = [p for p in paper.parts if isinstance(p, Table)]
    assert [r[0] for r in sathar.rows] == RAIDERS and len(upf.rows) == 29
    assert sathar.rows[0][2] == "0 of 50" and sathar.rows[0][-1].startswith("destroyed in turn 1")


def test_a_sides_report_shows_the_opponents_ships_by_class_and_fate_only() -> None:
    _, battle = mid_war()
    [sathar, upf] = [p for p in document(battle, "battle", "battle-report", UPF, "b.toml").parts if isinstance(p, Table)]
    assert sathar.rows[0] == ("Sathar Destroyer 1", "destroyer", "-", "-", "-", "-", "-", "-", sathar.rows[0][-1])
    assert upf.rows[0][2] == "140 of 140"


# ---------------------------------------------------------------------- the log


def test_a_days_log_is_that_day_whole_and_a_tenday_is_ten_days() -> None:
    war, _ = mid_war()
    day = [p for p in document(war, "campaign", "log", REFEREE, "war.toml", Span(day=6)).parts if isinstance(p, Logged)]
    assert [p.text for p in day] == [e.text for e in war.log if e.day == 6] and len(day) > 5
    tenday = [p for p in document(war, "campaign", "log", TABLE, "war.toml", Span(tenday=0)).parts if isinstance(p, Logged)]
    assert len(tenday) == len(war.log)  # the set-up and days 1-7 so far
    assert any("Gran Quivera" in p.text and p.when == ("6", "sathar-attacks") for p in day)


@pytest.mark.parametrize(
    ("span", "message"),
    [
        (Span(day=8), "day 8: the war is on day 7; give a day from 0"),
        (Span(tenday=5), "tenday 5: a tenday is the Tenday marker"),
        (Span(tenday=10), "up to 0 on day 7"),
        (Span(turn=1), "a campaign's log is printed by day or tenday"),
    ],
)
def test_a_part_of_the_log_the_war_has_not_reached_is_refused(span: Span, message: str) -> None:
    war, _ = mid_war()
    with pytest.raises(Exception, match=message):
        document(war, "campaign", "log", TABLE, "war.toml", span)


def test_secret_lines_are_sealed_on_the_tables_copy_left_out_of_the_opponents_and_whole_on_the_referees() -> None:
    fight = Engagement("e", ("Terran", "Aquarian"), log=(Entry(1, "VICTORY joins"), Entry(1, "special damage 86: sensors out", ("d%00: 86",), "Special Damage", "Terran")))

    def texts(eyes: Eyes) -> list[str]:
        return [p.text for p in document(fight, "engagement", "log", eyes, "e.toml").parts if isinstance(p, Logged)]

    assert texts(Eyes()) == ["VICTORY joins", "a sealed line: Terran's eyes only (the referee's copy, --secrets, prints it)"]
    assert texts(Eyes("Terran")) == texts(Eyes("", True)) == ["VICTORY joins", "special damage 86: sensors out"]
    assert texts(Eyes("Aquarian")) == ["VICTORY joins"]
    notes = [p.lines[0] for p in document(fight, "engagement", "log", Eyes("Aquarian"), "e.toml").parts if isinstance(p, Lines)]
    assert "1 of the opponent's secret lines left out" in notes[0]


def test_a_battles_mines_laid_in_secret_are_left_out_of_the_opponents_copy() -> None:
    from tests.helpers.kh import scenario

    stand = ordnance.lay_mines(scenario("the-stand"), "1207", side="UPF").battle
    upf = written(document(stand, "battle", "log", Eyes("UPF"), "s.toml"), "text")
    sathar = written(document(stand, "battle", "log", Eyes("Sathar"), "s.toml"), "text")
    assert "UPF mines hex 1207 (secret)" in upf and "1207" not in sathar and "1 of the opponent's secret lines left out" in sathar


# ---------------------------------------------------------------------- HTML and text


def test_the_html_fetches_nothing_and_escapes_every_name() -> None:
    war, _ = mid_war()
    named = [u._replace(roster=u.roster._replace(name="<b>Frigate & \x1b co</b>")) if u.name == "TF Prenglar Frigate 1" else u for u in war.units]
    war = war._replace(units=tuple(named))
    for what in ("rosters", "deployment", "log", "map"):
        page = written(document(war, "campaign", what, TABLE, "war.toml"), "html", "a4")
        assert "<script" not in page and "<link" not in page and "@import" not in page and "url(" not in page
        assert page.count("http") == page.count('xmlns="http://www.w3.org/2000/svg"')  # a namespace, not a fetch
        assert "@page { size: A4; }" in page
    rosters = written(document(war, "campaign", "rosters", TABLE, "war.toml"), "html")
    assert "&lt;b&gt;Frigate &amp; \u241b co&lt;/b&gt;" in rosters and "<b>Frigate" not in rosters


def test_text_fits_the_width_asked() -> None:
    war, battle = mid_war()
    for state, kind, what in ((war, "campaign", "deployment"), (battle, "battle", "battle-report"), (war, "campaign", "log")):
        text = written(document(state, kind, what, TABLE, "f.toml"), "text", width=72)
        long = [line for line in text.splitlines() if len(line) > 72]
        assert not long, long[:3]


# ---------------------------------------------------------------------- referee print


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["print", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_referee_print_writes_each_document(files: tuple[Path, Path], tmp_path: Path) -> None:
    campaign, fought = files
    for source, what, name in (
        (campaign, "", "deployment.html"),
        (campaign, "rosters", "rosters.html"),
        (campaign, "log", "log.html"),
        (campaign, "map", "map.svg"),
        (campaign, "map", "map.html"),
        (fought, "", "report.html"),
        (fought, "rosters", "battle-rosters.txt"),
        (fought, "log", "battle-log.html"),
    ):
        out = tmp_path / name
        code, said, err = run(str(source), *(["--what", what] if what else []), "-o", str(out))
        assert code == 0, err
        assert said.startswith(f"written: {out} (") and out.is_file()
    assert (tmp_path / "map.svg").read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns=')
    assert (tmp_path / "battle-rosters.txt").read_text(encoding="utf-8").startswith("Ship rosters: war.day-6-sathar-attack-at-gran-quivera.toml\n")
    assert "<title>After-action report: war.day-6" in (tmp_path / "report.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["deployment.html", "rosters.html", "log.html", "map.svg", "map.html", "report.html", "battle-rosters.txt", "battle-log.html"])


def test_referee_print_text_goes_to_the_terminal(files: tuple[Path, Path]) -> None:
    campaign, fought = files
    code, said, _ = run(str(campaign), "--what", "log", "--day", "6", "--text")
    assert code == 0 and said.startswith("Log: war.toml, day 6\n") and "Gran Quivera" in said
    code, said, _ = run(str(fought), "--side", "sathar", "--text", "-o", "-")
    assert code == 0 and "the Sathar player's copy" in said and "140 of 140" not in said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--what", "battle-report", "-o", "X.html"],
            "a campaign prints deployment, rosters, log, map, not battle-report; a campaign's battles are reported from their battle files (war.day-6-sathar-attack-at-gran-quivera.toml)",
        ),
        (["--what", "roster", "-o", "X.html"], "--what 'roster': print one of rosters, deployment, battle-report, log, map"),
        (["--side", "Zuraqqor", "-o", "X.html"], "no side called 'Zuraqqor' in war.toml; the sides are: Sathar, UPF"),
        (["--side", "UPF", "--secrets", "-o", "X.html"], "give --side or --secrets, not both"),
        (["-o", "X.pdf"], "-o X.pdf: write to a .html file"),
        ([], "say where: -o OUT.html"),
        (["--text", "-o", "X.html"], "--text writes plain text"),
        (["-o", "X.svg"], "SVG is the map's picture"),
        (["--what", "log", "--day", "9", "-o", "X.html"], "day 9: the war is on day 7"),
        (["--what", "log", "--day", "1", "--tenday", "0", "-o", "X.html"], "give --day or --tenday, not both"),
        (["--what", "rosters", "--day", "1", "-o", "X.html"], "a day, tenday or turn chooses a part of the log"),
        (["--paper", "A3", "-o", "X.html"], "--paper A3: give A4 or letter"),
        (["-o", "war.toml"], "-o war.toml: write to a .html file"),
        (["-o", "nowhere/X.html"], "there is no folder nowhere"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(files: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, args: list[str], message: str) -> None:
    campaign, _ = files
    monkeypatch.chdir(campaign.parent)
    before = sorted(p.name for p in campaign.parent.iterdir())
    code, said, err = run("war.toml", *args)
    assert code == 2 and said == "" and err.count("\n") == 1, err
    assert err.startswith("referee: error: ") and message in err, err
    assert sorted(p.name for p in campaign.parent.iterdir()) == before


def test_the_output_may_not_replace_the_file_printed_and_an_old_output_is_replaced_whole(files: tuple[Path, Path], tmp_path: Path) -> None:
    campaign, _ = files
    kept = tmp_path / "war.toml.html"
    kept.symlink_to(campaign)
    assert run(str(campaign), "-o", str(kept))[0] == 2
    out = tmp_path / "sheet.html"
    out.write_text("an older sheet", encoding="utf-8")
    assert run(str(campaign), "-o", str(out))[0] == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and not (tmp_path / "sheet.html.bak").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.html", "war.toml.html"]  # no temporary file left


def test_other_kinds_print_their_log_and_say_what_else_they_do_not(tmp_path: Path) -> None:
    from referee.resources import campaigns_dir

    raid = campaigns_dir() / "si-raid-on-terra.toml"
    code, said, _ = run(str(raid), "--text")
    assert code == 0 and said.startswith("Log: si-raid-on-terra.toml, the whole log")
    code, _, err = run(str(raid), "--what", "rosters", "-o", str(tmp_path / "r.html"))
    assert code == 2 and "a Stellar Inferno scenario prints log, not rosters" in err


def test_referee_print_imports_neither_textual_nor_rich(files: tuple[Path, Path]) -> None:
    campaign, _ = files
    loaded = modules_after(run_cli("print", str(campaign), "--what", "rosters", "--text"))
    assert "referee.paper.rosters" in loaded and not loaded & set(HEAVY_FOR_LOOKUPS), sorted(loaded & set(HEAVY_FOR_LOOKUPS))


def test_the_paper_package_imports_no_ui() -> None:
    loaded = modules_after("import referee.paper.printing, referee.paper.rosters, referee.paper.deployment, referee.paper.battle_report, referee.paper.frontier_svg, referee.paper.text")
    assert not loaded & {"textual", "rich", "typer", "click"}


def test_four_cards_fit_a_sheet_of_a4_or_letter() -> None:
    """The card's height in the stylesheet, four to a page with the gap, within the smaller sheet's
    printable height (Letter, 279.4 mm less the margins); what Chromium makes of it: test_paper_pdf."""
    from referee.paper.html import stylesheet

    css = stylesheet()
    height = float(css.split(".card {", 1)[1].split("min-height:", 1)[1].split("mm", 1)[0])
    margin = float(css.split("@page { margin:", 1)[1].split("mm", 1)[0])
    assert 2 * height + 3 <= 279.4 - 2 * margin - 25  # the document's head and a side's heading above the first two
    assert math.floor((279.4 - 2 * margin) / (height + 3)) == 2
