"""What every kind's screens share: the screen itself (``base.Page``), and the two screens every
kind has, Dice & Tables (``dice``) and the Log (``log``). Each kind's own screens are in its
part of the UI (``referee.tui.campaign.pages``, ``referee.tui.battle.pages`` ...)."""
