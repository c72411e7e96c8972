"""referee: a terminal assistant for the referee of Knight Hawks and its campaigns."""

__version__ = "0.1.0"
