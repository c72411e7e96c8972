"""Battles: each contested system with its planets, the ships that may fight and the rules their
number suggests; today's declared attacks; each ship's outcome entered here flows into rosters,
losses and the victory tally. A battle can be written out as a Knight Hawks battle file to fight
turn by turn and read back; f fights it here, on the battle screens, and closing it brings every
roster back."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from referee.errors import RefereeError
from referee.sathar_war import report
from referee.sathar_war.kind import campaign_of
from referee.tui.campaign import actions
from referee.tui.campaign.pages.war import WarPage
from referee.tui.pages.base import Play, action_keys
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines


class BattlesPage(WarPage):
    TITLE = "Battles"
    NAME = "battles"
    SHOWS = frozenset({"system"})
    HELP = "contested systems, declared attacks, outcomes ship by ship"
    ACTIONS = actions.BATTLES
    BINDINGS = action_keys(ACTIONS, Binding("o", "results", "Results"), Binding("f", "fight", "Fight it here"))

    def body(self) -> Iterable[Widget]:
        with Horizontal():
            yield Rows("System", "Sathar", "UPF", "Rules", id="contested")
            with VerticalScroll(classes="side wide"):
                yield Static(id="fight")

    def home(self) -> Widget:
        return self.query_one("#contested", Rows)

    def draw(self) -> None:
        found = report.battles(self.campaign, self.referee.tables)
        self.found = found
        rows = [(p["system"], (p["system"], len(p["sathar"]), len(p["upf"]), p["rules"].split()[0])) for p in found["contested"]]  # Basic or Advanced: the rest beside
        self.query_one("#contested", Rows).show(rows, self.referee.system)
        self.show_fight()

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        self.referee.system = event.key
        self.show_fight()

    def show_fight(self) -> None:
        found = self.found
        said: list[Part] = [line(bold("Step"), f": {found['step_text']}")]
        for place in found["contested"]:
            if place["system"] != self.referee.system:
                continue
            said += [
                line(bold(place["system"]), f": planets {', '.join(place['planets'])}"),
                f"rules: {place['rules']}",
                f"Sathar ({len(place['sathar'])}): {', '.join(place['sathar'])}",
                f"UPF ({len(place['upf'])}): {', '.join(place['upf'])}",
            ]
            if place["attacked_today"]:
                said.append(f"attacked today (the UPF may not attack them): {', '.join(place['attacked_today'])}")
        if not found["contested"]:
            said.append("no system holds both sides")
        said.append(bold("Declared today"))
        for fight in found["declared"]:
            said.append(f"{fight['attacker']} attack at {fight['planet']} ({fight['system']}), fought with the {fight['game']} rules: {', '.join(fight['ships'])}; suggested: {fight['rules']}")
        if not found["declared"]:
            said.append("none")
        said.append(f"[{report.COMBAT_RULE}]")
        self.query_one("#fight", Static).update(lines(said))

    def action_results(self) -> None:
        """The results of the battle in the system under the cursor, all ships in one table."""
        try:
            self.enter_results(self.referee.system)
        except RefereeError as error:
            self.referee.tell(str(error), "warning")

    def action_fight(self) -> None:
        """Fight the battle declared in the system under the cursor on the battle screens."""
        try:
            self.fight(self.referee.system)
        except RefereeError as error:
            self.referee.tell(str(error), "warning")

    def enter_results(self, system: str) -> None:
        """o: the results table of today's battle in the system under the cursor (else the one whose
        results are still to enter), what was typed for it kept."""
        from referee.tui.campaign.results import ResultsDialog

        campaign = self.campaign
        here = [f for f in campaign.fights if f.system == system]
        waiting = [f for f in campaign.fights if any(u.active and not u.fought for u in campaign.named(f.ships))]
        found = (here or waiting or list(campaign.fights))[-1:] if campaign.fights else []
        if not found:
            raise RefereeError("no battle declared today: d declares one, then its results are entered here")
        fight = found[0]
        units = [u for u in campaign.named(fight.ships) if u.active]
        if not units:
            raise RefereeError(f"no ship of the {fight.attacker} attack at {fight.planet} is left on the map to enter")
        self.referee.push_screen(ResultsDialog(fight, units, self.kind.typed_results))

    def fight(self, system: str) -> None:
        """Fight today's declared battle in a system on the battle screens: the ships there with
        their rosters as the campaign holds them, under the rules declared. The battle is its own
        file beside the campaign (a battle begun before is taken up again where it stood); closing
        it (c) hands every roster back to the campaign as one action."""
        from referee import saves, storage
        from referee.journal import Journal
        from referee.knight_hawks import battle_file
        from referee.sathar_war import battles
        from referee.tui.battle.kind import BattleKind

        journal = self.referee.journal
        battle = battles.battle_for(campaign_of(journal), system)
        path = saves.battle_beside(journal.path, battle.name)
        if storage.exists(path):
            said = f"the battle at {system} taken up again where it stood ({path.name}); c closes it back into the campaign"
        else:
            try:
                storage.write_new(path, battle_file.text(battle, self.referee.tables))
            except OSError as error:
                raise RefereeError(f"cannot write the battle file {path}: {error.strerror or error}") from None
            said = f"{battle.name}: {len(battle.ships)} ships, saved as {path.name}; c closes it back into the campaign"
        fought = Journal.open(path, self.referee.tables, kind="battle")
        kind = self.referee.kind_of("battle")
        assert isinstance(kind, BattleKind)
        kind.below.append(journal)
        self.post_message(Play(fought, said))
