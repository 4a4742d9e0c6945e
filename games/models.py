# Game, Seat, Action ... arrive with the web play issue.
