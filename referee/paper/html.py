"""A document as one HTML file to print: its stylesheet inside it (``paper.css``, this package's
resource), no fonts, scripts or pictures fetched from anywhere; every text escaped.

``paper``: "A4" or "letter" fixes the sheet (``@page size``); none leaves it to the printer's
dialog. The forms are laid out to fit either.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from html import escape
from importlib import resources
from itertools import groupby

from referee.paper.document import PER_ROW, Boxes, Card, Heading, Lines, Logged, Paper, Part, Picture, Stack, Table

PAPERS = {"a4": "A4", "letter": "letter"}
_CONTROLS = {c: 0x2400 + c for c in range(0x20)} | {0x7F: 0x2421}  # shown as symbols (the data layer refuses them)


def stylesheet() -> str:
    return resources.files("referee.paper").joinpath("paper.css").read_text(encoding="utf-8")


def text(value: str) -> str:
    """Literal text for an element's content (never an attribute's): escaped, control characters as their symbols."""
    return escape(value.translate(_CONTROLS), quote=False)


def page(paper: Paper, size: str = "") -> str:
    """The whole HTML file of a document."""
    sheet = f"\n@page {{ size: {PAPERS[size.lower()]}; }}\n" if size else ""
    about = "".join(f"<p>{text(line)}</p>" for line in paper.about)
    body = "\n".join(_parts(paper))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{text(paper.title)}</title>\n<style>\n{stylesheet()}{sheet}</style>\n</head>\n<body>\n"
        f'<header class="doc"><h1>{text(paper.title)}</h1>{about}</header>\n{body}\n</body>\n</html>\n'
    )


def _parts(paper: Paper) -> Iterator[str]:
    for kind, run in groupby(paper.parts, type):
        found: list[Part] = list(run)
        if kind is Card:
            yield '<div class="cards">' + "".join(_card(c) for c in found if isinstance(c, Card)) + "</div>"
        elif kind is Stack:
            yield '<div class="stacks">' + "".join(_stack(s) for s in found if isinstance(s, Stack)) + "</div>"
        elif kind is Logged:
            yield _log(paper.when, [e for e in found if isinstance(e, Logged)])
        else:
            yield from (_one(p) for p in found)


def _one(part: Part) -> str:
    if isinstance(part, Heading):
        return ('<h2 class="new-page">' if part.new_page else "<h2>") + f"{text(part.text)}</h2>"
    if isinstance(part, Lines):
        return ('<div class="lines note">' if part.note else '<div class="lines">') + "".join(f"<p>{text(line)}</p>" for line in part.lines) + "</div>"
    if isinstance(part, Table):
        head = "".join(f"<th>{text(h)}</th>" for h in part.head)
        rows = "".join("<tr>" + "".join(f"<td>{text(c)}</td>" for c in row) + "</tr>" for row in part.rows)
        return f'<table class="grid"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    if isinstance(part, Picture):
        return f"<figure>{part.svg}<figcaption>{text(part.caption)}</figcaption></figure>"
    raise TypeError(f"no HTML for {type(part).__name__}")


def boxes(line: Boxes) -> str:
    """Rows of boxes to tick (:data:`PER_ROW` a row, in tens), those ticked drawn with a cross; a line lost, greyed."""
    marks = ['<i class="x"></i>'] * line.ticked + ["<i></i>"] * (line.boxes - line.ticked)
    rows = "".join("<div>" + "".join(marks[n : n + PER_ROW]) + "</div>" for n in range(0, len(marks), PER_ROW))
    return f'<div class="boxes{" gone" if line.gone else ""}">{rows}</div>'


def _listing(systems: Sequence[tuple[str, bool]]) -> str:
    return ", ".join(f"<s>{text(code)}</s>" if crossed else text(code) for code, crossed in systems) or "none"


def _card(card: Card) -> str:
    figures = "".join(
        f'<span><span class="label">{text(f.label)}:</span> ' + (f"<s>{text(f.start)}</s> <b>{text(f.now)}</b>" if f.now != f.start else f"<b>{text(f.now)}</b>") + "</span>" for f in card.figures
    )
    ammunition = "".join(f'<tr><th>{text(a.label)}</th><td>{boxes(a)}</td><td class="said">{text(a.said)}</td></tr>' for a in card.ammunition)
    speed = text(card.speed) if card.speed else '<span class="write"></span>'
    return (
        '<section class="card">'
        f'<div class="name">{text(card.name)}</div><div class="what">{text(card.what)}</div>'
        + "".join(f'<div class="where">{text(w)}</div>' for w in card.where)
        + f'<div class="row"><span class="label">{text(card.hull.label)}:</span> <b>{card.hull.boxes}</b><span class="said">{text(card.hull.said)}</span>{boxes(card.hull)}</div>'
        + f'<div class="row figures">{figures}</div>'
        + f'<div class="row"><span class="label">WEAPONS:</span> {_listing(card.weapons)}</div>'
        + f'<div class="row"><span class="label">DEFENSES:</span> {_listing(card.defenses)}</div>'
        + (f'<table class="ammo">{ammunition}</table>' if ammunition else "")
        + f'<div class="row"><span class="label">SPEED:</span> {speed}</div>'
        + f'<div class="row"><span class="label">DAMAGED SYSTEMS:</span> {text(card.damaged)}</div>'
        + (f'<div class="notes">{"<br>".join(text(n) for n in card.notes)}</div>' if card.notes else "")
        + (f'<div class="stamp">{text(card.stamp)}</div>' if card.stamp else "")
        + "</section>"
    )


def _stack(stack: Stack) -> str:
    counters = "".join(f"<li>{text(c)}</li>" for c in stack.counters) or "<li>empty</li>"
    notes = "".join(f'<p class="note">{text(n)}</p>' for n in stack.notes)
    return f'<section class="stack"><div class="title">{text(stack.title)}</div><div class="at">{text(stack.where)}</div><ul>{counters}</ul>{notes}</section>'


def _log(when: tuple[str, str], entries: Sequence[Logged]) -> str:
    head = f"<tr><th>{text(when[0])}</th><th>{text(when[1])}</th><th>What happened, its dice and rule</th></tr>"
    rows = []
    for entry in entries:
        dice = "".join(f'<div class="dice">{text(r)}</div>' for r in entry.rolls)
        rule = f'<div class="rule">{text(entry.rule)}</div>' if entry.rule else ""
        rows.append(f'<tr><td class="when">{text(entry.when[0])}</td><td class="when">{text(entry.when[1])}</td><td>{text(entry.text)}{dice}{rule}</td></tr>')
    return f'<table class="log"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
