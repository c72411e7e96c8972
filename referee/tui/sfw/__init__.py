"""A Starfleet Wars engagement in the app: its roster lines, cards and turn (``cards``), what each
key does (``actions``, free of Textual), its screens (``pages``) and its help's words (``help_text``)."""
