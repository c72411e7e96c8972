"""The one error type the referee shows as a message instead of a traceback."""


class RefereeError(ValueError):
    """Bad input of any kind: the message names what is wrong and what would be right.

    The command line prints the message on one line and exits with code 2; the app shows it
    beside the field. Nothing has been changed when it is raised.
    """


class Unknown(RefereeError):
    """A name that names nothing of its kind (``what``: a ship, a fleet, a planet): the command line
    adds where every name of that kind is listed."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what
