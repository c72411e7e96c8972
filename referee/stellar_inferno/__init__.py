"""Stellar Inferno v1.4 (Robert J. Hall): the rules, free of any UI, file or terminal.

Every rule is a function of plain values (or of frozen NamedTuple records) that returns what happened
with the rule or table row that produced it. Paragraph numbers are cited as the book prints them
("Stellar Inferno 7.3.3"); where the book repeats a section number ("[9.2] Ship Supply" holds
9.3.x, "[11.3] Surrendering Terrain" holds 11.4.x) the paragraph numbers are cited.

Each module names the readings it takes where the text is silent or damaged, in its docstring.
"""
