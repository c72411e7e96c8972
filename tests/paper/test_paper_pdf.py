"""The printed pages: headless Chromium prints each document's HTML to PDF, on A4 and on Letter,
and pdftotext reads the pages back: how many there are, what starts each, and the figures on them.
The mid-war campaign and its finished battle are tests/helpers/paper_war.py's.

Chromium and pdftotext are found on the path; where they are not and this runs as root with
apt-get (a CI machine), they are installed from Debian's packages (``chromium``, ``poppler-utils``)
once; otherwise every test here is skipped, saying so loudly.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

from referee.paper import document, written
from referee.paper.log import Span
from referee.paper.sides import Eyes
from tests.helpers.browser import one_install_at_a_time
from tests.helpers.paper_war import RAIDERS, mid_war

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
PACKAGES = ("chromium", "poppler-utils")


def _found() -> tuple[str, str] | None:
    browser = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    reader = shutil.which("pdftotext")
    return (browser, reader) if browser and reader else None


def _install() -> str:
    """Debian's packages, where this may install them; what went wrong, or ''."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("apt-get"):
        return "not root with apt-get here"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *PACKAGES]):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=900, env=env)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"{' '.join(command[:2])} failed: {error}"
        if done.returncode:
            return f"{' '.join(command[:2])} failed: {(done.stderr or done.stdout).strip()[-300:]}"
    return ""


@pytest.fixture(scope="module")
def tools() -> tuple[str, str]:
    found, trouble = _found(), ""
    if found is None:
        with one_install_at_a_time():  # another test process may be installing them: wait for it, then look again
            found = _found()
            trouble = "" if found else _install()
            found = found or _found()
    if found is None:
        reason = (
            f"PRINTED PAGES NOT TESTED: no Chromium and pdftotext on this machine, and they could not be installed ({trouble or 'installed, but not found'}); "
            f"install Debian's {' and '.join(PACKAGES)} to test them"
        )
        warnings.warn(reason, stacklevel=1)
        pytest.skip(reason)
    return found


def printed(tools: tuple[str, str], html: str, folder: Path, name: str, size: str) -> list[str]:
    """The HTML printed to PDF by Chromium on a sheet of ``size``; each page's text, by pdftotext."""
    browser, reader = tools
    page = folder / f"{name}-{size}.html"
    page.write_text(html, encoding="utf-8")
    pdf = page.with_suffix(".pdf")
    profile = folder / "chromium-profile"
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--no-pdf-header-footer",
        f"--user-data-dir={profile}",
        f"--print-to-pdf={pdf}",
        page.as_uri(),
    ]
    subprocess.run(command, capture_output=True, timeout=180, check=False)
    assert pdf.is_file() and pdf.stat().st_size > 0, f"Chromium printed nothing for {name}"
    info = subprocess.run([reader, str(pdf), "-"], capture_output=True, text=True, timeout=60, check=True).stdout
    return info.split("\f")[:-1]  # a form feed ends each page


def one_line(page: str) -> str:
    return " ".join(page.split())


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_a_battles_roster_forms_are_four_to_a_page_each_side_on_its_own(tools: tuple[str, str], tmp_path: Path, size: str) -> None:
    _, battle = mid_war()
    pages = printed(tools, written(document(battle, "battle", "rosters", Eyes(), "b.toml"), "html", size), tmp_path, "battle-rosters", size)
    upf = [s for s in battle.ships if s.side == "UPF"]
    assert len(pages) == 1 + math.ceil(len(upf) / 4)
    forms = [p.count("HULL POINTS:") for p in pages]
    assert forms == [3] + [4] * (len(upf) // 4) + ([len(upf) % 4] if len(upf) % 4 else [])
    assert one_line(pages[0]).count("destroyed in turn 1") == 3 and all(n in pages[0] for n in RAIDERS)
    assert one_line(pages[1]).startswith("UPF ship rosters")
    scout = battle.ship("TF Prenglar Assault Scout 5")
    assert f"{scout.hull} of 15 left" in one_line("".join(pages))


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_a_campaigns_roster_forms_a_sheet_a_side(tools: tuple[str, str], tmp_path: Path, size: str) -> None:
    war, _ = mid_war()
    pages = printed(tools, written(document(war, "campaign", "rosters", Eyes("", True), "war.toml"), "html", size), tmp_path, "rosters", size)  # the referee's: every roster
    sathar = sum(1 for u in war.units if u.side == "Sathar" and u.status not in ("destroyed",))
    upf = sum(1 for u in war.units if u.side == "UPF")
    assert len(pages) == math.ceil(sathar / 4) + math.ceil(upf / 4)
    assert sum(p.count("HULL POINTS:") for p in pages) == sathar + upf and max(p.count("HULL POINTS:") for p in pages) == 4
    first_upf = math.ceil(sathar / 4)
    assert one_line(pages[first_upf]).startswith("UPF ship rosters") and "Fortress Gollwin" in "".join(pages[first_upf:])
    gollwin = next(p for p in pages if "Fortress Gollwin" in p)
    assert "300 of 300 left" in one_line(gollwin) and "20 of 20 left" in one_line(gollwin)  # its hull and ICM boxes fit the card


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_the_fleet_deployment_sheet_prints_the_map_then_a_sheet_a_side(tools: tuple[str, str], tmp_path: Path, size: str) -> None:
    war, _ = mid_war()
    pages = printed(tools, written(document(war, "campaign", "deployment", Eyes(), "war.toml"), "html", size), tmp_path, "deployment", size)
    assert one_line(pages[0]).startswith("Fleet Deployment Sheet: war.toml") and "Prenglar" in pages[0] and "Sathar ships lost" in pages[0]
    starts = [one_line(p).split(" ", 4)[:4] for p in pages]
    assert ["Sathar", "Fleet", "Deployment", "Sheet"] in starts and ["UPF", "Fleet", "Deployment", "Sheet"] in starts
    text = one_line(" ".join(pages))
    assert "Sathar Attack Fleet #1" in text and "Sathar Destroyer 15 (destroyer), hull 50/50" in text
    assert all(f"{n} (destroyer): destroyed on day 6" in text for n in RAIDERS)
    assert 3 <= len(pages) <= 5


def test_the_after_action_report_prints_its_outcome_losses_and_every_shot(tools: tuple[str, str], tmp_path: Path) -> None:
    _, battle = mid_war()
    pages = printed(tools, written(document(battle, "battle", "battle-report", Eyes(), "b.toml"), "html", "letter"), tmp_path, "report", "letter")
    text = one_line(" ".join(pages))
    shots = [e for e in battle.log if " fires its " in e.text]
    assert f"{len(shots)} shots rolled to hit" in text and "Sathar: 3 destroyed" in text and "UPF: none destroyed" in text
    assert all(one_line(e.text)[:60] in text for e in shots)
    assert all(one_line(r) in text for e in shots for r in e.rolls)
    assert 2 <= len(pages) <= 12 and all(len(one_line(p)) > 1500 for p in pages[:-1])  # full pages, none left blank


def test_a_days_log_prints_every_line_of_that_day(tools: tuple[str, str], tmp_path: Path) -> None:
    war, _ = mid_war()
    pages = printed(tools, written(document(war, "campaign", "log", Eyes("", True), "war.toml", Span(day=6)), "html", "a4"), tmp_path, "log", "a4")  # the referee's: every line whole
    text = one_line(" ".join(pages))
    day = [e for e in war.log if e.day == 6]
    assert f"{len(day)} lines of day 6" in text and all(one_line(e.text)[:50] in text for e in day)
    assert 1 <= len(pages) <= 3


def test_the_map_prints_on_one_page_with_every_system_named(tools: tuple[str, str], tmp_path: Path) -> None:
    war, _ = mid_war()
    pages = printed(tools, written(document(war, "campaign", "map", Eyes(), "war.toml"), "html", "letter"), tmp_path, "map", "letter")
    assert len(pages) == 1
    assert all(s.name in pages[0] for s in war.frontier.systems) and "S12" in pages[0]
