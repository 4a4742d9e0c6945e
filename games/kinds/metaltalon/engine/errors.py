"""The one exception the engine raises for bad commands."""


class IllegalCommand(ValueError):
    """A command the rules refuse; the message says why in a player's words and what would be legal."""
