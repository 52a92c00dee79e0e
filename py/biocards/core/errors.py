"""The two errors every engine raises; both are ``ValueError`` so callers can catch one family."""


class IllegalAction(ValueError):
    """The action is not legal in this position; the message says why, in a student's words."""


class InvalidRecord(ValueError):
    """A saved game record cannot be loaded: wrong game, wrong version, or a move that is not legal."""
