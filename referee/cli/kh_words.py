"""The command line's words for what a Knight Hawks refusal asks the referee to give or do next
(referee.knight_hawks.inputs): its options and commands."""

from __future__ import annotations

from referee.knight_hawks.inputs import Words

COMMAND_LINE: Words = {
    "adf": "give --adf {wanted}",
    "mr": "give --mr {wanted}",
    "speed": "give --speed {wanted}",
    "no_roll": "leave out --roll",
    "toward": "--toward",
    "by": "--by SHIP",
    "fires": "kh fires",
    "next": "kh next",
    "leave_dock": "kh dock {ship!r} --leave",
    "leave_with": "kh leave {carrier!r}",
    "leave_map": "kh leave {ship}",
    "navigation": "kh navigation {ship!r}",
    "move": "kh move",
    "masking": "kh screen --masking",
    "placed": "use kh mine or kh seeker",
    "not_basic": "drop --basic",
}
