"""A Knight Hawks battle in the app: its roster cards and turn (``cards``), what each key does
(``actions``, free of Textual), and its screens (``pages``)."""
