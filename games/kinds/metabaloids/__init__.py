"""Metabaloids, Core Tactical multiplayer mode: a card battler for 2 to 6 players with decks, hidden hands
and abilities any seat may use in any turn (rules.md is the player's version; state.md the state's JSON).

The pure rules, no Django: cards.py (the site's card set and decks, data in cards/), state.py, grid.py
(the 3x3 play area), payment.py (Metabaloids), orders.py (standing orders), and the turn's modules."""
