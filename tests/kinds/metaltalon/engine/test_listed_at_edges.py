"""Every command play accepts is listed, and every listed one is accepted (DESIGN.md's invariant), in
the positions at the ends of each command's range, compared over everything a seat could type
(tests/kinds/metaltalon/engine/agreement.py)."""

import pytest

from games.kinds.metaltalon.engine import new_game, play

from .agreement import check_listed_is_accepted
from .helpers import asked_to_reroll, played, position

GUN = (2, 2, 0)
TARGET = (9, 0, 0)


EDGES = {
    # Decisions: a reroll costs 1, so a reserve of exactly 1 still asks and 0 does not.
    "reroll with 1 credit": lambda: asked_to_reroll(1),
    "no reroll asked with no credit": lambda: asked_to_reroll(0),
    "another seat resigned while a reroll is asked": lambda: play(asked_to_reroll(1, players=3), 2, "resign")[
        0
    ],
    # Setup: one seat has decided, the other has not; a seat that redrew has nothing left to choose.
    "setup, one seat kept": lambda: play(new_game(2, "token", seed=3), 0, "keep")[0],
    "setup, one seat redrew": lambda: play(new_game(3, "metatalon", seed=4), 2, "redraw")[0],
    # Launches: exactly the reserve, nothing with no reserve, nothing with the home base taken.
    "launch with 1 credit": lambda: position(ships=((0, "I9", GUN),), reserves=(1, 10)),
    "launch with no credit": lambda: position(ships=((0, "I9", GUN),), reserves=(0, 10)),
    "home base taken by an own ship": lambda: position(ships=((0, "P9", GUN),), reserves=(5, 10)),
    "after a launch": lambda: played(position(ships=((0, "I9", GUN),), reserves=(3, 10)), "launch 1e"),
    "metatalon launches over 15 need a dime": lambda: position("metatalon", reserves=(17, 17)),
    "metatalon Anarchists over 20": lambda: position(
        "metatalon", factions=("anarchists", "bankers"), reserves=(22, 10)
    ),
    # Moves: the last move of an activation, Zoomers' rounding, a dime spent as a move or a shot.
    "one move left": lambda: played(position(ships=((0, "I9", (2, 1, 0)),), reserves=(0, 10)), "move I9 H9"),
    "Zoomers with one engine": lambda: position(
        factions=("zoomers", "bankers"), ships=((0, "I9", (1, 1, 0)),), reserves=(0, 10)
    ),
    "Zoomers with one move of two left": lambda: played(
        position(factions=("zoomers", "bankers"), ships=((0, "I9", (1, 1, 0)),), reserves=(0, 10)),
        "move I9 H9",
    ),
    "metatalon ship of one dime": lambda: position(
        "metatalon", ships=((0, "I9", (0, 0, 1)), (1, "J9", (5, 0, 0))), reserves=(0, 10)
    ),
    "web2002 ship of one dime": lambda: position(
        "web2002", ships=((0, "I9", (0, 0, 1)), (1, "J9", (5, 0, 0))), reserves=(0, 10)
    ),
    "ship next to its own home base": lambda: position(ships=((0, "O9", (1, 0, 0)),), reserves=(0, 10)),
    # Invasion: next to an enemy home base whose reserve is 0, and 1.
    "enemy base with an empty reserve": lambda: position(ships=((0, "C9", (1, 0, 0)),), reserves=(0, 0)),
    "enemy base with 1 credit left": lambda: position(ships=((0, "C9", (1, 1, 0)),), reserves=(0, 1)),
    # Fire: the last shot of an activation, a used ship, a shared Rebels base.
    "last shot used": lambda: played(
        position(ships=((0, "I9", (1, 1, 0)), (1, "J9", TARGET)), reserves=(0, 10)),
        "fire I9 J9",
    ),
    "a ship already activated this turn": lambda: played(
        position(ships=((0, "I9", (1, 1, 0)), (0, "G9", (1, 1, 0)), (1, "J9", TARGET)), reserves=(0, 10)),
        "move I9 H8",
        "move G9 F9",
    ),
    "the Swarm with a two-piece stack": lambda: position(
        factions=("swarm", "bankers"), ships=((0, "I9", (1, 1, 0)),), reserves=(0, 10)
    ),
    "the Swarm after launching": lambda: played(
        position(factions=("swarm", "bankers"), ships=((0, "I9", (2, 1, 0)),), reserves=(2, 10)), "launch 1e"
    ),
    "invaders on a Rebels base": lambda: position(
        players=3,
        factions=("bankers", "rebels", "swarm"),
        ships=((0, "N12", (1, 2, 0)), (2, "M12", (1, 0, 0)), (0, "M12", (1, 0, 0)), (2, "L12", (1, 0, 1))),
        reserves=(0, 4, 3),
    ),
    # O8's other neighbours are all taken: the only line of fire from Q9 crosses A's own empty home P9.
    "a shot across the shooter's own home base": lambda: position(
        ships=((0, "Q9", (1, 2, 0)), (1, "O8", (3, 0, 0)))
        + tuple((1, cell, (1, 0, 0)) for cell in ("P8", "P7", "O7", "N8", "O9")),
        reserves=(0, 10),
    ),
    "two enemies invading a Rebels base, the second named by its number": lambda: position(
        players=4,
        factions=("bankers", "rebels", "swarm", "zoomers"),
        ships=((0, "L15", (1, 2, 0)), (2, "L16", (1, 0, 0)), (3, "L16", (2, 0, 0))),
        reserves=(0, 4, 3, 3),
    ),
    "a metatalon Swarm split whose one part would need a dime": lambda: position(
        "metatalon", factions=("swarm", "bankers"), ships=((0, "I6", (1, 4, 1)),), reserves=(0, 10)
    ),
    "metatalon base behind a ship on it": lambda: position(
        "metatalon", ships=((0, "C2", (1, 2, 0)), (1, "B2", (2, 0, 0))), reserves=(0, 3)
    ),
}


@pytest.mark.parametrize("edge", list(EDGES))
def test_listed_equals_accepted_at_the_edge(edge):
    check_listed_is_accepted(EDGES[edge]())
