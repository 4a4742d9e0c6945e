"""Metal Adventures: space pirates for 3 to 6 players, with battles, allies, betrayal and trades.

The pure rules, no Django: cards.py (the card set, data in cards/), state.py (the state and its JSON,
documented in state.md), setup.py (options, a new game, the trophy choice), invariants.py (what holds in
every reachable state). The player's rules are rules.md.
"""
