"""The words of the help (``?`` or F1) and of the tables of keys in docs/keys.md that every kind shares:
what a screen's words are made of (``About``, ``Key``), the two screens every kind has (Dice &
Tables, the Log), the keys of every screen and the dialogs. The keys themselves are never listed
here: the help reads them from the screens' bindings and actions (``referee.tui.help``), so a key
added later appears by itself. Each kind's screens have their words in its part of the UI
(``referee.tui.campaign.help_text``, ``referee.tui.battle.help_text`` ...). No Textual here, and
no rule system.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

MANUAL = "Knight Hawks Tactical Operations Manual"  # (knight_hawks.combat.MANUAL: not imported, the battle engine stays unloaded in a campaign)
CAMPAIGN_BOOK = "Knight Hawks Campaign Book: The Second Sathar War"  # (sathar_war.campaign.BOOK: not imported, a scenario loads nothing of the campaign)


class Key(NamedTuple):
    """What the help says of one key of a screen beyond its binding's name (an action's key: beyond
    the action's own help)."""

    more: str = ""
    rules: tuple[str, ...] = ()  # the sections of the books it follows
    topics: tuple[str, ...] = ()  # what else the palette finds its help by ("risk jump")


NO_KEYS: Mapping[str, Key] = MappingProxyType({})


class About(NamedTuple):
    """A screen (or a dialog): what it shows, the rules it follows, and its keys' words, by the
    action's name (an action's key) or by the binding's action (any other key)."""

    shows: str
    rules: tuple[str, ...] = ()
    keys: Mapping[str, Key] = NO_KEYS
    topics: tuple[str, ...] = ()
    title: str = ""  # a dialog's, where it has none of its own


DICE = About(
    "every table of the four rule systems, with how to look it up and roll on it; a look-up (`Frontier Militia 2`: a key of several "
    "words is one, quoted or not) or `roll [ODDS|COLUMN] [+N]` to roll on it (`roll 2` on `ssw.misjump`: the d100 against every ship "
    "type's safe jump at 2 boxes a day; `roll Sathar Warship 3`: one), its outcome shown in place of the table's text. Enter in a box "
    "gives the keys back to the list of tables (a mistake stays, to mend), `Esc` leaves a box; a mistake's message goes with its table "
    'or its text. Every roll asks "roll for me" or the result rolled at the table, and is logged.',
    (f"{MANUAL}, Introduction: How To Use The Dice", "each table: the book and section shown with it"),
    {
        "focus('expression')": Key("roll any dice expression: 2d10+4, d100 (00 reads 100), d%00 (Starfleet Wars: 00-99), 2d6."),
        "focus('lookup')": Key("look a row of the table up by its keys, or roll on it: roll [ODDS|COLUMN] [+N]."),
        "focus_rows": Key("into the table's rows: the arrows read them, up and down, left and right (a wide table)."),
        "leave": Key("leave a box as it is, back to the list of tables."),
    },
    ("tables", "dice", "look up a table"),
)

LOG = About(
    "every action and roll with its dice and rule, the line under the cursor in full below it; searchable.",
    ("every line names the rule or table row it follows",),
    {"find": Key("search the log: the lines with every word typed (in the text, the dice or the rule); Enter goes back to the list.")},
)

# ---------------------------------------------------------------------- the keys of every screen, by the binding's action

SHARED: Mapping[str, str] = {
    "advance": "from any screen of a campaign or an engagement",
    "undo": "the last action, its rolls' consequences with it, saying which ships it touched (the undo history is kept beside the file: it outlives the app and holds the commands' actions too)",
    "redo": "what was undone",
    "reload": "after another program saved it (undo and redo go on along the file's history)",
    "open_file": "a campaign, battle or engagement: one played before, or any file's path; a new war (n there)",
    "command_palette": "finds every action, ship, system, table and help topic by name",
    "help": "for the screen or dialog in front (F1 where a ? would be typed: a box, or a list that finds by typing); Esc closes it",
    "quit": "every change is saved already",
}

# ---------------------------------------------------------------------- dialogs, by their class's name

DIALOGS: Mapping[str, About] = {
    "FormDialog": About(
        "Each field asks one thing: type it (the grey hint says what a right value looks like), pick it from a list (Enter opens the "
        "list, typing finds in it), or mark ships in a list (space marks, typing in the box above narrows it; nothing marked: what is "
        "typed is the value); Tab goes to the next field. A wrong value is shown beside its field and nothing changes. An action that "
        "rolls dice asks for them next.",
        keys={"run": Key("run the action with the values given (Enter in a typed field too)"), "cancel": Key("close the form: nothing changes")},
    ),
    "DiceDialog": About(
        "The dice the action rolls, each with what it is for and its range. Type the result rolled at the table (checked against the "
        "dice's range), or Ctrl+R rolls for you; a roll that only some results call for (a successful hull repair's 1d10) is asked "
        "once the rolls typed call for it. Then the outcome is shown: nothing changes until it is applied.",
        title="the dice",
        keys={"use": Key("use the rolls typed (Enter too)"), "roll": Key("roll the dice for me"), "cancel": Key("close it: nothing changes")},
    ),
    "OutcomeDialog": About(
        "What the dice did: each roll, the target and the outcome, each naming its table row and rule; the arrow keys scroll a long one. "
        "Enter applies it (saved at once; Ctrl+Z undoes it); Esc cancels, and nothing changes.",
        title="the outcome",
        keys={"apply": Key("apply it: saved at once, Ctrl+Z undoes it"), "cancel": Key("nothing changes")},
    ),
    "ConfirmDialog": About("A question before an action that Esc could not take back: y goes on, n or Esc does not."),
    "ChangedDialog": About(
        "Another program saved the file since it was read here, and nothing here is saved over it. r reads it again (a form or dice "
        "dialog open keeps what was typed, to run on the file read); Esc: not now (nothing is saved until it is read again: Ctrl+L).",
        title="The file was changed by another program",
    ),
    "OpenDialog": About(
        "The campaigns, battles and engagements opened in the app, newest first, each with its kind, when it was last played, its file and what it is. "
        "Enter opens the one under the cursor (the file shown now is saved already, and each keeps its undo history beside it); Tab "
        "goes to a box for any file's path; n starts a new war, its options asked first. A file that is none of these is "
        "refused, saying why, and the file shown stays.",
        title="Open a file",
    ),
    "StartDialog": About(
        "The file played last is open: c (or Esc) continues it. n starts a new war, its options asked first (the optional rules, the "
        "map); or open another file: Enter on one in the list, or Tab to type its path.",
        title="Welcome back",
    ),
    "ChoiceList": About(
        "The list of a form's field: typing narrows it (the labels beginning with what is typed first), ↑ ↓ PgUp PgDn move in it, "
        "Enter takes the choice under the cursor, Esc leaves the choice as it was.",
        title="a list to choose from",
    ),
    "CommandPalette": About(
        "Type a name: an action (Move, Forces: Join), a ship, a system, a table, or help and a topic (help risk jump, help map screen). ↑ ↓ choose, Enter goes there, Esc closes it.",
        title="the command palette",
    ),
}

# what the help calls the lists and pictures whose keys move about a screen or dialog (by the widget's class's name)
WIDGETS: Mapping[str, str] = {
    "Rows": "a list",
    "PictureView": "the map's picture",
    "Marks": "a list of ships to mark",
    "MarksSearch": "the box above a list of ships",
    "Choice": "a field chosen from a list (a letter typed opens it too)",
}
