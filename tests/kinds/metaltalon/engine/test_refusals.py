"""Every refusal play() gives, word for word, in a position that provokes it: the sentence is what the
player reads on the page, in the answer mail and from the API (DESIGN.md: IllegalCommand says why)."""

from dataclasses import replace

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, new_game, play

from .helpers import QueueDice, asked_to_reroll, played, position

E3 = (3, 0, 0)
GUN = (1, 1, 0)
RING = ("J9", "I8", "H8", "H9", "H10", "I10")  # the six spaces around I9 on the token board


def emptied(state, seat):
    """The same position with `seat`'s reserve at 0 (no play reaches it: the tests guard the rule)."""
    return replace(state, seats=tuple(replace(s, reserve=0) if s.index == seat else s for s in state.seats))


def shared():
    """Three players: on the Rebels' base M12 stand C's ship (#1) and A's own invader (#2)."""
    return position(
        players=3,
        factions=("bankers", "rebels", "swarm"),
        ships=((0, "N12", (1, 2, 0)), (2, "M12", (1, 0, 0)), (0, "M12", (3, 0, 0))),
    )


REFUSALS = {
    # who may act
    "a seat that does not exist": (position, 2, "end", "There is no seat 2 in this game"),
    "a seat that is not a number": (position, True, "end", "There is no seat True in this game"),
    "a game that is over": (
        lambda: replace(position(), phase="over", winner=1),
        0,
        "end",
        "The game is over: Player B (The Swarm) won",
    ),
    "a game over with no winner": (
        lambda: replace(position(), phase="over", winner=None),
        0,
        "end",
        "The game is over",
    ),
    "a seat that is out": (
        lambda: play(position(players=3, factions=("bankers", "swarm", "rebels")), 2, "resign")[0],
        2,
        "order damage ews",
        "Player C (Rebels) is out of the game",
    ),
    "the roller before answering": (
        asked_to_reroll,
        0,
        "end",
        "You rolled 2: answer reroll (pay 1) or accept first",
    ),
    "another seat while a roll waits": (
        asked_to_reroll,
        1,
        "end",
        "Waiting for Player A (Clovers) to answer reroll or accept",
    ),
    "a reroll with the reserve emptied": (
        lambda: emptied(asked_to_reroll(1), 0),
        0,
        "reroll",
        "A reroll costs 1 and your reserve is empty; say accept",
    ),
    "a turn before the deal is done": (
        lambda: new_game(2, "token", seed=1),
        0,
        "end",
        "The game has not started: every seat first says keep or redraw",
    ),
    "a second choice in the deal": (
        lambda: play(new_game(3, "token", seed=1), 0, "keep")[0],
        0,
        "keep",
        "You have already chosen The Swarm; waiting for Player B and Player C",
    ),
    "a keep after the deal": (position, 0, "keep", "Factions are settled: you play Bankers"),
    "an answer with no roll waiting": (
        position,
        0,
        "accept",
        "There is no roll waiting for reroll or accept",
    ),
    "a move out of turn": (
        position,
        1,
        "end",
        "It is Player A (Bankers)'s turn; you may send standing orders or resign",
    ),
    "the second command of two": (
        position,
        0,
        "end; end",
        "Command 2 (end): It is Player B (The Swarm)'s turn; you may send standing orders or resign",
    ),
    "the second of two launches": (
        lambda: position(reserves=(5, 5)),
        0,
        "launch 1e; launch 1e",
        "Command 2 (launch 1e): You have already launched or split this turn: one launch (or split) per turn",
    ),
    # ships and moves
    "no ship of yours there": (
        lambda: position(ships=((0, "F9", E3), (1, "I9", E3))),
        0,
        "move I9 J9",
        "You have no ship on I9 (your ships: F9)",
    ),
    "no ship in play": (position, 0, "move I9 J9", "You have no ship on I9 (no ships in play)"),
    "a ship after a split": (
        lambda: played(
            position(factions=("swarm", "bankers"), ships=((0, "I9", (2, 1, 0)), (0, "F9", E3))),
            "split I9 I8 1e",
        ),
        0,
        "move F9 E9",
        "You split a ship this turn: no ship may act any more; say end",
    ),
    "an old ship after a launch": (
        lambda: played(position(ships=((0, "I9", E3),), reserves=(5, 5)), "launch 1e"),
        0,
        "move I9 J9",
        "You launched this turn: only the new ship may still act; say end when done",
    ),
    "a ship that has acted": (
        lambda: played(position(ships=((0, "I9", E3), (0, "F9", E3))), "move I9 J9", "move F9 E9"),
        0,
        "move J9 K9",
        "The ship on J9 has already acted this turn",
    ),
    "a move to where it stands": (
        lambda: position(ships=((0, "I9", E3),)),
        0,
        "move I9 I9",
        "The ship is already on I9",
    ),
    "a move too far": (
        lambda: position(ships=((0, "I9", (1, 0, 0)),)),
        0,
        "move I9 K9",
        "I9 has 1 move left; K9 is 2 away",
    ),
    "a path too long": (
        lambda: position(ships=((0, "I9", (2, 0, 0)),)),
        0,
        "move I9 J9 K9 L9",
        "I9 has 2 moves left; L9 is 3 away",
    ),
    "a move onto a ship": (
        lambda: position(ships=((0, "I9", E3), (1, "J9", E3))),
        0,
        "move I9 J9",
        "J9 is occupied",
    ),
    "a ship walled in": (
        lambda: position(ships=((0, "I9", E3),) + tuple((1, c, (1, 0, 0)) for c in RING)),
        0,
        "move I9 K9",
        "I9 cannot reach K9: every way there is blocked",
    ),
    "a new ship across a border": (
        lambda: played(position(factions=("bankers", "swarm"), reserves=(20, 20)), "launch 8e"),
        0,
        "move P9 I7",
        "P9 cannot reach I7: a ship launched this turn may not cross that territory border on its first "
        "activation",
    ),
    # launches and splits
    "a launch of nothing": (
        lambda: position(reserves=(5, 5)),
        0,
        "launch 0e",
        "A ship needs at least one piece",
    ),
    "a launch dearer than the reserve": (
        lambda: position(reserves=(5, 5)),
        0,
        "launch 1w 1e",
        "That ship is worth 6; your reserve is 5",
    ),
    "a second launch": (
        lambda: played(position(reserves=(5, 5)), "launch 1e"),
        0,
        "launch 1e",
        "You have already launched or split this turn: one launch (or split) per turn",
    ),
    "a launch onto an own ship": (
        lambda: position(ships=((0, "P9", E3),), reserves=(5, 5)),
        0,
        "launch 1e",
        "Your home base P9 holds one of your ships; move it off before launching",
    ),
    "a launch with no reserve": (
        lambda: position(ships=((0, "I9", E3),), reserves=(0, 5)),
        0,
        "launch 1e",
        "Your reserve is empty",
    ),
    "a coin ship over 15 without a dime": (
        lambda: position("metatalon", reserves=(26, 26)),
        0,
        "launch 1p 3n",
        "A ship worth more than 15 cents needs a dime",
    ),
    "an Anarchists' ship over 20 without a dime": (
        lambda: position("metatalon", factions=("anarchists", "bankers"), reserves=(26, 26)),
        0,
        "launch 1p 4n",
        "A ship worth more than 20 cents needs a dime",
    ),
    "a split by another faction": (
        lambda: position(ships=((0, "I9", E3),)),
        0,
        "split I9 J9 1e",
        "Only the Swarm may split ships",
    ),
    "a split after a launch": (
        lambda: played(
            position(factions=("swarm", "bankers"), ships=((0, "I9", E3),), reserves=(5, 5)), "launch 1e"
        ),
        0,
        "split I9 J9 1e",
        "You have already launched or split this turn: one launch (or split) per turn",
    ),
    "a split from a space without an own ship": (
        lambda: position(factions=("swarm", "bankers"), ships=((0, "F9", E3), (1, "I9", E3))),
        0,
        "split I9 J9 1e",
        "You have no ship on I9 (your ships: F9)",
    ),
    "a numbered shot at an empty space": (
        lambda: position(ships=((0, "I9", GUN),)),
        0,
        "fire I9 J9 1",
        "No ship stands on J9",
    ),
    "a split to a far space": (
        lambda: position(factions=("swarm", "bankers"), ships=((0, "I9", E3),)),
        0,
        "split I9 K9 1e",
        "K9 is not next to I9",
    ),
    "a split onto a ship": (
        lambda: position(factions=("swarm", "bankers"), ships=((0, "I9", E3), (1, "J9", E3))),
        0,
        "split I9 J9 1e",
        "J9 is occupied or a home base; the new stack needs an empty space",
    ),
    "a split making change": (
        lambda: position(factions=("swarm", "bankers"), ships=((0, "I9", E3),)),
        0,
        "split I9 J9 1w",
        "The ship on I9 is 3e; the new stack must come from its pieces (no change-making)",
    ),
    "a split taking everything": (
        lambda: position(factions=("swarm", "bankers"), ships=((0, "I9", E3),)),
        0,
        "split I9 J9 3e",
        "Both stacks need at least one piece",
    ),
    "a coin split over 15 without a dime": (
        lambda: position("metatalon", factions=("swarm", "bankers"), ships=((0, "I6", (1, 4, 1)),)),
        0,
        "split I6 J6 4n",
        "A ship worth more than 15 cents needs a dime",
    ),
    # shots
    "a shot with no weapon": (
        lambda: position(ships=((0, "I9", E3), (1, "J9", E3))),
        0,
        "fire I9 J9",
        "I9 has no shots left this activation",
    ),
    "a shot at its own space": (
        lambda: position(ships=((0, "I9", GUN),)),
        0,
        "fire I9 I9",
        "A ship cannot fire at its own space",
    ),
    "a base shot at a ship": (
        lambda: position(ships=((0, "I9", GUN), (1, "J9", E3))),
        0,
        "fire I9 J9 base",
        "J9 is not an opponent's home base",
    ),
    "a coin base shot past its ship": (
        lambda: position("metatalon", ships=((0, "C2", (1, 2, 0)), (1, "B2", (2, 0, 0))), reserves=(0, 3)),
        0,
        "fire C2 B2 base",
        "In this edition a ship on a base must be destroyed first: say fire ... B2",
    ),
    "a base shot at a base with no ship": (
        lambda: position(ships=((0, "C9", GUN),)),
        0,
        "fire C9 B9 base",
        "No ship stands on B9: say fire ... B9 without 'base'",
    ),
    "a shot at an own ship": (
        lambda: position(ships=((0, "I9", GUN), (0, "J9", E3))),
        0,
        "fire I9 J9",
        "The ship on J9 is your own",
    ),
    "a shot at nothing": (
        lambda: position(ships=((0, "I9", GUN),)),
        0,
        "fire I9 J9",
        "Nothing to fire at on J9: fire at an enemy ship or an opponent's home base",
    ),
    "a shot with no path": (
        lambda: position(ships=((0, "I9", GUN), (1, "K9", E3)) + tuple((1, c, (1, 0, 0)) for c in RING)),
        0,
        "fire I9 K9",
        "No legal path from I9 to K9: the shot is blocked",
    ),
    "a numbered shot at an empty base": (
        lambda: position(ships=((0, "C9", GUN),)),
        0,
        "fire C9 B9 2",
        "No ship stands on B9: say fire ... B9 to fire at the home base",
    ),
    "a number past the ships there": (
        shared,
        0,
        "fire N12 M12 3",
        "There is no ship 3 on M12 (2 ships stand there): say fire ... M12 1",
    ),
    "a number naming an own ship": (
        shared,
        0,
        "fire N12 M12 2",
        "Ship 2 on M12 is your own: say fire ... M12 1",
    ),
    "a number past the one ship there": (
        lambda: position(
            players=3,
            factions=("bankers", "rebels", "swarm"),
            ships=((0, "N12", (1, 2, 0)), (2, "M12", (1, 0, 0))),
        ),
        0,
        "fire N12 M12 2",
        "There is no ship 2 on M12 (1 ship stands there): say fire ... M12 1",
    ),
    "a number naming the only, own, ship on a base": (
        lambda: position(
            players=3,
            factions=("bankers", "rebels", "swarm"),
            ships=((0, "N12", (1, 2, 0)), (0, "M12", (3, 0, 0))),
            reserves=(5, 0, 5),
        ),
        0,
        "fire N12 M12 1",
        "Ship 1 on M12 is your own: no enemy ship stands there; say fire ... M12 to fire at the home base",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refusal_says_why_in_words(case):
    build, seat, text, reason = REFUSALS[case]
    with pytest.raises(IllegalCommand) as refused:
        play(build(), seat, text, dice=QueueDice())
    assert str(refused.value) == reason
