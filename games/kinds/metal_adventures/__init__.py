"""Metal Adventures: space pirates for 3 to 6 players, with battles, allies, betrayal and trades.

The pure rules, no Django (rules.md is the player's version; state.md the state's JSON):
- the pieces: cards.py (the card set, data in cards/), state.py, records.py, battle_state.py, fields.py;
- a game: setup.py (options, a new game, the trophy choice), turn.py (a turn's start and rest), travel.py
  (the battle commands and `end`), tour.py and tour_actions.py (the Tour of Pirates), own_turn.py
  (support cards on one's own turn), end.py (the end of a turn and of the game, resigning);
- a battle: space.py and events.py (attacking in Space), alliance.py (allies), declare.py
  (declarations), fight.py and sides.py (the roll and reactions), chance.py (the odds before the roll),
  outcome.py and spoils.py (the result and settlement), battle.py (the battle as commands.py sees it);
- the rest of the table: choices.py, items.py, promises.py, offers.py, delivery.py, cases.py,
  windows.py, trophies.py, orders.py, judgment.py, damage.py, bank.py, dice.py;
- commands.py (play, legal_commands, to_act), autopilot.py, prompts.py (what each awaited seat is
  asked), invariants.py (what holds in every reachable state);
- what people see: view.py, event_words.py, narration.py, board.py, page.py (the game page's context);
- api.py (the rules as the platform calls them) and kind.py (the Kind, with Django's forms); bots/ plays
  the game (random and greedy bots, the balance simulation); management/ holds its `simulate` command.
"""
