"""A printed document as plain parts, the same for every way it is written out: HTML to print
(:mod:`referee.paper.html`) and plain text for the terminal (:mod:`referee.paper.text`).

A document is a title, a few lines saying what it is (the file, the day or turn, whose copy), and
its parts in order: headings, lines, tables, the book's forms (a ship roster, a box of the Fleet
Deployment Sheet), pictures and log lines. Every text here is literal: the writers escape it.
"""

from __future__ import annotations

from typing import NamedTuple, Union


class Heading(NamedTuple):
    """A section's heading; ``new_page``: it starts a new sheet of paper (a side's sheet)."""

    text: str
    new_page: bool = False


class Lines(NamedTuple):
    """Lines of text, one under the other; ``note``: smaller print (sources, readings, what is left out)."""

    lines: tuple[str, ...]
    note: bool = False


class Table(NamedTuple):
    """A table of plain cells, a header row first."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


PER_ROW = 30  # boxes in a row of a roster form, in tens


class Boxes(NamedTuple):
    """A row of boxes to tick on a roster form: ``boxes`` in all, the first ``ticked`` already
    ticked (hull points lost, ammunition spent); ``gone``: the whole line is lost (a destroyed
    system, crossed off as the book does)."""

    label: str
    boxes: int
    ticked: int
    said: str  # the figures in words (the text version, and what a search of the PDF finds)
    gone: bool = False


class Figure(NamedTuple):
    """A figure of the book's form: its label, what it started at and what it is now (the book:
    'the original ADF or MR is crossed out and the modified number written in pencil')."""

    label: str
    start: str
    now: str


class Card(NamedTuple):
    """One ship roster of the book's form (Knight Hawks, the ship roster form: hull points, ADF,
    MR, DCR, weapons, defenses, the area of boxes to mark off LTD weapons, speed and the damaged
    systems), filled in as the ship stands."""

    name: str
    what: str  # class and side
    where: tuple[str, ...]  # its fleet and place, or its docking in a battle
    figures: tuple[Figure, ...]  # ADF, MR, DCR
    hull: Boxes
    weapons: tuple[tuple[str, bool], ...]  # (the book's notation, crossed off)
    defenses: tuple[tuple[str, bool], ...]
    ammunition: tuple[Boxes, ...]
    speed: str  # "" leaves the line to write on
    damaged: str
    notes: tuple[str, ...] = ()
    stamp: str = ""  # DESTROYED, LEFT THE MAP ...: across the card


class Stack(NamedTuple):
    """A box of the Fleet Deployment Sheet: a fleet (or ships together without one) and the
    counters it holds, with where the fleet's counter is on the map."""

    title: str
    where: str
    counters: tuple[str, ...]
    notes: tuple[str, ...] = ()


class Picture(NamedTuple):
    """A picture (SVG) with its caption and, for the text version, the lines that say the same."""

    svg: str
    caption: str
    text: tuple[str, ...]


class Logged(NamedTuple):
    """A line of a log: when (the day and step, or the turn and side), what happened, its dice
    and the rule or table row."""

    when: tuple[str, str]
    text: str
    rolls: tuple[str, ...]
    rule: str


Part = Union[Heading, Lines, Table, Card, Stack, Picture, Logged]


class Paper(NamedTuple):
    """A document: its title, the lines under it, its parts; ``when`` names the log's two first
    columns (Day, Step or Turn, Side)."""

    title: str
    about: tuple[str, ...]
    parts: tuple[Part, ...]
    when: tuple[str, str] = ("", "")
