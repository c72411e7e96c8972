"""The referee's Textual app. Only this package imports Textual; the rules layer knows nothing of it."""
