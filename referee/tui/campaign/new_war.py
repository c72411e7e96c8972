"""A new war made in the app (the palette's New war, n in the list Ctrl+O shows): its options
asked - the optional rules, the map - then made with the same rules as ``referee campaign new``
(:func:`referee.saves.war`), saved as war-N.toml in the campaigns folder, and opened."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee import saves
from referee.errors import RefereeError
from referee.journal import Journal
from referee.tui.forms import AnyStep, Field, FieldError, Values

if TYPE_CHECKING:
    from referee.tui.app import RefereeApp

DRONES = [("no", "n"), ("yes: two frigates a side are drones", "y")]
REPLACEMENTS = [("yes: at the end of every 20 days", "y"), ("no", "n")]
FIELDS = (  # the options of `referee campaign new`
    Field("shatter_drones", "Shatter Drones", "optional rule", choices=lambda state, values: DRONES),
    Field("replacements", "Replacements", "optional rule", choices=lambda state, values: REPLACEMENTS),
    Field("map", "Map", "blank: the bundled Frontier Deployment Map"),
)
ABOUT = "the Second Sathar War at set-up, with the optional rules chosen; the map: blank, or a map file (as campaigns/frontier-map.toml)"


def ask(app: RefereeApp) -> None:
    """The New war form, its options as `referee campaign new` starts them."""
    values = {"shatter_drones": "n", "replacements": "y", "map": ""}
    app.open_form("New war", ABOUT, FIELDS, values, _no_step, take=lambda typed: make(app, typed))


def make(app: RefereeApp, values: Values) -> None:
    """The New war form's values: the war made, saved and opened. A map file that is wrong is
    refused beside its field, and no war is made."""
    typed = values.get("map", "").strip()
    try:
        text = saves.war(app.tables, Path(typed).expanduser() if typed else None, values.get("replacements") != "n", values.get("shatter_drones") == "y")
    except RefereeError as error:
        raise FieldError("map", f"{error}; no war was made") from None
    path = saves.new_war(text)
    journal = Journal.open(path, app.tables)
    app.another_file()
    app.call_later(app.switch, journal, f"a new war ({saves.title(journal.state)}): {path}; Ctrl+O lists the files played before")


def _no_step(values: Values) -> AnyStep:
    raise AssertionError("the New war form hands its values to make: it builds no step")
