"""The Second Sathar War campaign in the app: what each key does (``actions``, free of Textual)
and the lists its forms pick from (``picks``), its screens (``pages``), a battle's results table
(``results``), the Frontier map's picture (``frontier_picture``, ``picture_view``), its help's
words (``help_text``) and what the shell asks of it (``kind``). Nothing here is imported until a
campaign is opened."""
