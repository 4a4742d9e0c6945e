"""Metal Adventures: space pirates for 3 to 6 players, with battles, allies, betrayal and trades.

The pure rules, no Django: cards.py (the card set, data in cards/), state.py (the state and its JSON,
documented in state.md), setup.py (options, a new game, the trophy choice), turn.py (a turn's start and
rest), space.py (attacking in Space), events.py (the Space deck's events), judgment.py (JP and glory),
bank.py (what the bank pays), end.py (the end of a turn and of the game, resigning), commands.py (play,
legal_commands, to_act), invariants.py (what holds in every reachable state), dice.py (random draws). The
player's rules are rules.md. bots/ plays the game (random and greedy bots, the balance simulation:
docs/bots.md); management/ holds its `simulate` command (the KIND_APPS setting makes the package an app).
"""
