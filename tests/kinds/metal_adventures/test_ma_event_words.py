"""Metal Adventures' events in words every reader may read (event_words.py): each event type, and each of
its branches, read word for word as the package writes the event, and the words the sentences are made of.

The random games of test_ma_narration.py check that every event they reach reads as a sentence and names no
card its reader may not know; these check what each sentence says."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metal_adventures import event_words
from games.kinds.metal_adventures.event_words import describe
from games.kinds.metal_adventures.records import Item

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

TROPHY_ITEM = {"kind": "trophy", "amount": 0, "card": "T01", "due": "next"}
WRECK_ITEM = {"kind": "wreck", "amount": 0, "card": "N05", "due": "now"}
CREDIT_ITEM = {"kind": "credits", "amount": 1, "card": "", "due": "end"}

# (event as the package writes it, its words), one row per sentence and branch.
SENTENCES: list[tuple[dict[str, Any], str]] = [
    ({"type": "accuse", "accuser": 1, "accused": 2, "case": 3, "words": "2c by my next turn"},
     'Bob accuses Cy (case C3): "2c by my next turn"'),
    ({"type": "plea", "seat": 2, "plea": "innocent", "case": 3}, "Cy pleads innocent in case C3."),
    ({"type": "plea", "seat": 2, "plea": "guilty", "case": 3, "by": "order"},
     "Cy pleads guilty in case C3 (standing order)."),
    ({"type": "vote", "seat": 0, "vote": "guilty", "case": 3}, "Ann votes guilty in case C3."),
    ({"type": "vote", "seat": 0, "vote": "abstain", "case": 3, "by": "order"},
     "Ann votes abstain in case C3 (standing order)."),
    ({"type": "verdict", "case": 3, "accused": 2, "pleaded": True}, "Case C3: Cy pleaded guilty."),
    ({"type": "verdict", "case": 3, "accused": 2, "guilty": True, "votes": {"guilty": 2, "abstain": 1}},
     "Case C3: Cy is found guilty (2 guilty, 0 innocent, 1 abstain)."),
    ({"type": "verdict", "case": 4, "accused": 1, "guilty": False, "votes": None},
     "Case C4: Bob is found not guilty (0 guilty, 0 innocent, 0 abstain)."),
    ({"type": "case_dropped", "case": 3, "seat": 2},
     "Case C3 is closed without a verdict: Cy left the game."),
    ({"type": "perk", "seat": 3, "base": "B2"},
     "Di's Laughing Kraken (B2) refuses the tribute without a JP (once a game)."),
    ({"type": "ally_answer", "seat": 2, "principal": 1, "answer": "decline", "by_order": True},
     "Cy declines Bob's ask (standing order)."),
    ({"type": "ally_answer", "seat": 2, "principal": 3, "answer": "decline", "by_order": False},
     "Cy declines Di's ask."),
    ({"type": "ally_answer", "seat": 3, "principal": 4, "answer": "counter", "terms": "wreck N23@win"},
     "Di asks Ed for a wreck if Ed's side wins instead."),
    ({"type": "ally_answer", "seat": 3, "principal": 4, "answer": "counter", "by_order": True,
      "terms": "1c@win"}, "Di asks Ed for 1₡ if Ed's side wins instead (standing order)."),
    ({"type": "ally_answer", "seat": 3, "principal": 4, "answer": "counter"},
     "Di asks Ed for nothing instead."),
    ({"type": "ally_ask", "seat": 2, "asked": [0], "terms": "nothing", "round": 1},
     "Cy asks Ann to fight as an ally."),
    ({"type": "ally_ask", "seat": 0, "asked": [1, 2, 3], "terms": "trophy T14 + 1c", "round": 2},
     "Ann asks Bob, Cy and Di to fight as an ally for a trophy and 1₡ (a second ask)."),
    ({"type": "ally_sealed", "seat": 3, "principal": 2, "terms": "wreck N13@win + 1c@win", "by_order": True},
     "Di joins Cy's side for a wreck and 1₡ if Cy's side wins (standing order)."),
    ({"type": "ally_sealed", "seat": 1, "principal": 2, "terms": "nothing", "by_order": False},
     "Bob joins Cy's side."),
    ({"type": "alone", "seat": 1, "why": "ally none"}, "Bob fights alone."),
    ({"type": "alone", "seat": 1, "why": "4 JP"}, "Bob fights alone (4 JP: no alliance)."),
    ({"type": "alone", "seat": 1, "why": "nobody to ask"}, "Bob fights alone: nobody can be asked."),
    ({"type": "attack", "seat": 2, "kind": "karokum", "target": "N08", "fee": 2},
     "Cy attacks Sundown Warrant (N08), power 11, 2 dots, Pirate Hunter via Karokum, paying 2₡ to Karokum."),
    ({"type": "attack", "seat": 2, "kind": "karokum", "target": "N01"},
     "Cy attacks Sunskiff (N01), power 6, 1 dot via Karokum, paying 0₡ to Karokum."),
    ({"type": "attack", "seat": 1, "kind": "planet", "target": "bazaar"}, "Bob attacks the planet Bazaar."),
    ({"type": "attack", "seat": 0, "kind": "space"}, "Ann attacks in Space."),
    ({"type": "autopilot", "seat": 1, "command": "keep T03"}, "The autopilot plays for Bob."),
    ({"type": "battle_over", "seat": 1, "kind": "planet"}, "Bob's battle is over."),
    ({"type": "betrayal", "seat": 4, "attacker": 3}, "Ed betrays Di!"),
    ({"type": "buy", "seat": 1, "card": "E05", "paid": 6, "refill": "S07"},
     "Bob buys Broadside Battery (E05) for 6₡ while resting; Forged Pardon (S07) fills its spot in the OCG "
     "row."),
    ({"type": "buy", "seat": 1, "card": "E05", "paid": 6, "refill": None},
     "Bob buys Broadside Battery (E05) for 6₡ while resting; nothing fills its spot in the OCG row."),
    ({"type": "challenge", "seat": 2, "challenged": 1}, "Cy challenges Bob."),
    ({"type": "challenge_won", "seat": 2, "loser": 1, "glory": 1, "pot": 2},
     "Cy wins the challenge against Bob: +1 G and the Pirates' Pot (2₡)."),
    ({"type": "choose", "seat": 1, "kept": ["T01", "T02"], "aside": ["T15"]},
     "Bob keeps two of the three trophies dealt."),
    ({"type": "damage", "seat": 1, "amount": 1, "taken": 1, "source": "event", "damage": 2, "card": "NE3"},
     "Bob suffers 1 damage from ION STORM; damage now 2."),
    ({"type": "damage", "seat": 1, "amount": 2, "taken": 0, "source": "battle", "damage": 4},
     "Bob suffers 0 damage (2 dealt); damage now 4."),
    ({"type": "debt_paid", "seat": 1, "debt": 4},
     "Bob pays a Metal Faktor debt of 4; the die is blank again."),
    ({"type": "declare", "seat": 1, "secret": True, "arm": "S04"},
     "Bob declares (secret until the step closes)."),
    ({"type": "declare", "seat": 1, "secret": False, "loyal": True}, "Bob stays loyal."),
    ({"type": "declare", "seat": 1, "secret": False, "loyal": False}, "Bob betrays the attacker."),
    ({"type": "declare", "seat": 1, "secret": False, "mf": True}, "Bob uses the Metal Faktor die."),
    ({"type": "declare", "seat": 1, "secret": False, "mf": False}, "Bob does not use the Metal Faktor die."),
    ({"type": "declare", "seat": 1, "secret": False, "play": "S02"}, "Bob plays Berserker Grog (S02)."),
    ({"type": "declare", "seat": 1, "secret": False, "arm": "S04"}, "Bob arms Smoke Screen (S04)."),
    ({"type": "declare", "seat": 1, "secret": False, "roll": True}, "Bob calls for the roll."),
    ({"type": "declare", "seat": 1, "secret": False, "ready": True}, "Bob is done declaring."),
    ({"type": "declared", "step": "attacker", "declarations": []}, "Declarations: none."),
    ({"type": "declared", "step": "ally", "declarations": [
        {"seat": 0, "loyal": None, "mf": False, "play": [], "arm": []},
        {"seat": 1, "loyal": True, "mf": True, "play": ["S02"], "arm": ["S01", "S04"]},
        {"seat": 2, "loyal": False, "mf": False, "play": [], "arm": []}]},
     "Declarations: Ann: no Metal Faktor die; Bob: loyal, Metal Faktor die, plays Berserker Grog (S02), "
     "arms CAPTAIN JONES (S01), arms Smoke Screen (S04); Cy: betrays, no Metal Faktor die."),
    ({"type": "discard", "seat": 2, "card": "E04"}, "Cy discards Hunter-Killer Cannon (E04)."),
    ({"type": "end_turn", "seat": 1, "turn": 2}, "Bob ends turn 2."),
    ({"type": "exempt", "seat": 1, "m": 7}, "Bob is exempt from the tribute (the lowest main power, 7)."),
    ({"type": "face_up", "card": "N23", "spot": 1},
     "Cinder Hyena (N23), power 12, 2 dots lies face up in spot 1."),
    ({"type": "gain", "seat": 2, "credits": 1, "from": "bank", "card": "NE2"},
     "Cy takes 1₡ from the bank (HAVANA CARNIVAL)."),
    ({"type": "gain", "seat": 2, "credits": 3, "from": "pot", "short": 2},
     "Cy takes 3₡ from the Pirates' Pot (the bank was 2₡ short)."),
    ({"type": "game_over", "places": [[1], [0, 2]]}, "The game is over. 1. Bob; 2. Ann and Cy."),
    ({"type": "game_over", "places": []}, "The game is over."),
    ({"type": "glory", "seat": 2, "glory": 1, "why": "reward"}, "Cy gains 1 G (reward)."),
    # The count is the whole deck's, said so: not the cards of the Hunter's colour it was shuffled among.
    ({"type": "hunters_back", "cards": ["N08"], "deck": 61, "shuffle": "layered"},
     "Sundown Warrant (N08) goes back into the Space deck, shuffled among the cards of its colour; the Space "
     "deck holds 61 cards."),
    ({"type": "hunters_back", "cards": ["N08", "N16"], "deck": 36, "shuffle": "whole"},
     "Sundown Warrant (N08), Imperial Noose (N16) go back into the Space deck, shuffled into the whole deck; "
     "the Space deck holds 36 cards."),
    ({"type": "hunters_back", "cards": ["N08"], "deck": 1, "shuffle": "full"},
     "Sundown Warrant (N08) goes back into the Space deck, shuffled the whole deck with it; the Space deck "
     "holds 1 card."),
    ({"type": "jp", "seat": 2, "why": "refused tribute", "jp": 1, "glory": -1},
     "Cy takes 1 JP (refused tribute): JP 1, glory -1."),
    ({"type": "jp_cancelled", "seat": 1, "why": "amnesty", "jp": 0, "glory": 2},
     "Bob cancels 1 JP (amnesty): JP 0, glory 2."),
    ({"type": "keep_trophy", "seat": 1, "trophy": "T06", "bottom": ["T10", "T11"], "source": "rest"},
     "Bob keeps one of the trophies drawn; 2 others to the bottom of the Trophy deck."),
    ({"type": "keep_trophy", "seat": 1, "trophy": "T06", "bottom": [], "source": "rest"},
     "Bob keeps one of the trophies drawn."),
    ({"type": "lost_ship", "seat": 1, "ship": "N20"},
     "Bob loses against Scrapmaw (N20), which leaves the game."),
    ({"type": "offer", "offer": 2, "sender": 1, "receiver": 2, "give": [TROPHY_ITEM], "get": [CREDIT_ITEM]},
     "Bob offers Cy a trade, O2: gives a trophy at the end of Bob's next turn, gets 1₡ at the end of "
     "this turn."),
    ({"type": "offer", "offer": 2, "sender": 1, "receiver": 2, "give": [], "get": [WRECK_ITEM, CREDIT_ITEM]},
     "Bob offers Cy a trade, O2: gives nothing, gets a wreck now and 1₡ at the end of this turn."),
    ({"type": "offer_declined", "offer": 6, "sender": 1, "receiver": 2}, "Cy declines O6."),
    ({"type": "offer_expired", "offer": 1}, "O1 expires."),
    ({"type": "offer_withdrawn", "offer": 17, "sender": 1, "receiver": 5}, "Bob withdraws O17."),
    ({"type": "order", "seat": 2, "name": "defend", "value": "none"}, "Cy changes a standing order."),
    ({"type": "orders", "seat": 2, "orders": {}}, "Cy reads their standing orders."),
    ({"type": "overflow", "seat": 0, "card": "E11"},
     "Ann gets RHUM (E11) as a fifth improvement and must discard one."),
    ({"type": "overflow_discard", "seat": 2, "card": "T11"},
     "Cy is over the limit: a trophy goes to the bottom of the Trophy deck."),
    ({"type": "overflow_discard", "seat": 2, "card": "E11"}, "Cy is over the limit and lets RHUM (E11) go."),
    ({"type": "paid", "seat": 2, "credits": 2, "why": "reward"}, "Cy takes 2₡ from the bank (reward)."),
    ({"type": "paid", "seat": 2, "credits": 2, "why": "reward", "short": 1},
     "Cy takes 2₡ from the bank (reward) (the bank was 1₡ short)."),
    ({"type": "pass", "seat": 1}, "Bob plays no reaction card."),
    ({"type": "pay", "seat": 1, "credits": 1, "owed": 1, "to": "pot", "card": "DE5"},
     "Bob pays 1₡ to the Pirates' Pot (WAR TAX)."),
    ({"type": "pay", "seat": 1, "credits": 1, "owed": 2, "to": "bank"}, "Bob pays 1₡ of 2 owed to the bank."),
    ({"type": "planet_choice", "seat": 1, "options": ["exxalia", "bazaar"], "card": "NE1"},
     "Bob picks which of Exxalia, Bazaar gets GOLDEN VEIN's 5₡."),
    ({"type": "planet_chosen", "seat": 1, "planet": "karokum"}, "Bob picks Karokum."),
    ({"type": "play", "seat": 2, "card": "S09", "ship": "N03"},
     "Cy plays Bounty Broker (S09): takes Dawn Lancer (N03), power 8, 1 dot from the Karokum pile as a "
     "wreck."),
    ({"type": "play", "seat": 2, "card": "S06", "target": 3}, "Cy plays Saboteur (S06) on Di."),
    ({"type": "play", "seat": 2, "card": "S05", "repaired": 2, "damage": 1},
     "Cy plays Emergency Patch (S05): 2 damage repaired, damage 1."),
    ({"type": "play", "seat": 2, "card": "S08", "taken": 3, "pot": 1},
     "Cy plays Pot Raid (S08): takes 3₡ from the Pirates' Pot (1₡ left)."),
    ({"type": "play", "seat": 2, "card": "S07"}, "Cy plays Forged Pardon (S07)."),
    ({"type": "prize", "seat": 2, "planet": "bazaar", "empty": True},
     "Cy finds nothing to take at Bazaar: its pile is empty."),
    ({"type": "prize", "seat": 2, "planet": "exxalia", "drawn": 3},
     "Cy draws 3 trophies at Exxalia to keep one."),
    ({"type": "prize", "seat": 2, "planet": "exxalia", "drawn": 1},
     "Cy draws 1 trophy at Exxalia to keep one."),
    ({"type": "prize_refused", "seat": 0, "planet": "exxalia"}, "Ann refuses the prize of Exxalia."),
    ({"type": "promise", "promise": 4, "debtor": 1, "creditor": 2, "items": [TROPHY_ITEM], "due": "next"},
     "P4: Bob promises Cy a trophy, at the end of their next turn."),
    ({"type": "promise", "promise": 1, "debtor": 0, "creditor": 2, "items": "trophy T02@win + 1c@win",
      "due": "win"}, "P1: Ann promises Cy a trophy and 1₡, if their side wins the battle."),
    ({"type": "promise", "promise": 6, "debtor": 2, "creditor": 0, "items": [CREDIT_ITEM], "due": "end"},
     "P6: Cy promises Ann 1₡, at the end of this turn."),
    ({"type": "promise", "promise": 6, "debtor": 2, "creditor": 0, "items": []},
     "P6: Cy promises Ann nothing, later."),
    ({"type": "promise_broken", "promise": 3, "debtor": 3, "creditor": 2, "why": "end of turn",
      "short": "you hold 1 trophy"}, "Di cannot deliver P3 to Cy in full (end of turn): it is broken."),
    ({"type": "promise_broken", "promise": 3, "debtor": 3, "creditor": 2},
     "Di cannot deliver P3 to Cy in full (due): it is broken."),
    ({"type": "promise_broken", "promise": 4, "debtor": 1, "creditor": 2, "why": "break"},
     "Bob breaks P4 to Cy."),
    ({"type": "promise_kept", "promise": 5, "debtor": 1, "creditor": 2, "items": [TROPHY_ITEM, WRECK_ITEM],
      "why": "keep"}, "Bob keeps P5: Cy gets a trophy and a wreck."),
    ({"type": "promise_lapsed", "promise": 1, "why": "owed to a traitor"}, "P1 lapses (owed to a traitor)."),
    ({"type": "ready", "seat": 1}, "Bob is done recruiting."),
    ({"type": "ready", "seat": 1, "why": "order defend"}, "Bob is done recruiting (order defend)."),
    ({"type": "recruited", "allies": [2], "defenders": [5, 4]},
     "Recruitment closes: allies of the challenger: Cy; of the challenged seat: Flo and Ed."),
    ({"type": "recruited"},
     "Recruitment closes: allies of the challenger: nobody; of the challenged seat: nobody."),
    ({"type": "refuse", "seat": 2}, "Cy refuses the tribute."),
    ({"type": "repair_drones", "seat": 2, "damage": 1}, "Cy's Repair Drones remove 1 damage; damage now 1."),
    ({"type": "reroll", "seat": 3, "card": "S03", "orange": 1, "gray": 3, "mf": [], "attack": 13,
      "defend": 11},
     "Di plays Loaded Dice (S03), a reroll: orange 1, gray 3: 13 against 11."),
    ({"type": "resign", "seat": 1, "credits": 1, "equipment": ["E01"], "support": ["S02"], "trophies": 1,
      "wrecks": 1},
     "Bob leaves the game: 1₡ to the bank, 1 trophy to the Trophy deck, 1 wreck out of the game; "
     "improvements: Rusty Blunderbuss (E01), Berserker Grog (S02)."),
    ({"type": "resign", "seat": 4},
     "Ed leaves the game: 0₡ to the bank, 0 trophies to the Trophy deck, 0 wrecks out of the game; "
     "improvements: nothing."),
    ({"type": "rest", "seat": 1, "credits": 2, "repaired": 2},
     "Bob rests in Havana: +2₡, 2 damage repaired, the Metal Faktor die blank."),
    ({"type": "result", "attack": 12, "defend": 20, "winner": "defend"},
     "The defending side wins, 20 against 12."),
    ({"type": "result", "attack": 14, "defend": 9, "winner": "attack"},
     "The attacking side wins, 14 against 9."),
    ({"type": "reveal", "seat": 1, "trophy": "T14", "glory": 1, "credits": 2},
     "Bob reveals Trophy of the Duelist (T14): +1 G, +2₡."),
    ({"type": "reveal", "seat": 1, "trophy": "T13", "glory": 2, "credits": 0},
     "Bob reveals Trophy of the Scoundrel (T13): +2 G."),
    ({"type": "reveal", "seat": 1, "trophy": "T09", "glory": 0, "credits": 3, "short": 1},
     "Bob reveals Trophy of the Hoarder (T09): +3₡ (the bank was 1₡ short)."),
    ({"type": "reveal", "seat": 1, "trophy": "T09"}, "Bob reveals Trophy of the Hoarder (T09): nothing."),
    ({"type": "rhum", "seat": 0, "credits": 1}, "Ann's RHUM pays 1₡."),
    ({"type": "roll", "orange": 1, "gray": 3, "mf": [[1, 4], [2, 0]], "attack": 13, "defend": 15},
     "The dice roll: orange 1, gray 3; Metal Faktor dice: Bob rolls 4, Cy rolls blank: 13 against 15."),
    ({"type": "setup_done", "bottom": 3},
     "Every seat has kept two trophies; 3 go to the bottom of the Trophy deck."),
    ({"type": "smoke", "seat": 0}, "Ann's Smoke Screen: no damage from this battle."),
    ({"type": "space_event", "card": "NE2", "applied": True},
     "Event drawn: HAVANA CARNIVAL (NE2): Every seat takes 1₡ from the bank."),
    ({"type": "space_event", "card": "NE3", "applied": False},
     "Event drawn: ION STORM (NE3); it has no effect (not the turn's first event)."),
    ({"type": "space_event", "card": "X1", "applied": True}, "Event drawn: X1."),
    ({"type": "space_void", "seat": 2}, "The Space deck ran out with no starship: Cy's battle is void."),
    ({"type": "spared", "seat": 2}, "Cy is spared the damage."),
    ({"type": "spoils", "seat": 2, "from": 1, "credits": 1}, "Cy takes 1₡ from Bob."),
    ({"type": "spoils", "seat": 2, "from": 1}, "Cy takes 0₡ from Bob."),
    ({"type": "spoils", "seat": 2, "from": 1, "card": "E02"}, "Cy takes Plasma Cutlass (E02) from Bob."),
    ({"type": "spoils_look", "seat": 1, "from": 3, "wrecks": ["N21", "N22"], "count": 1},
     "Bob looks at Di's 2 wrecks and will take 1."),
    ({"type": "spoils_look", "seat": 1, "from": 3}, "Bob looks at Di's 0 wrecks and will take 0."),
    ({"type": "swap", "seat": 1, "trophy": "T02", "seen": ["T10", "T06"]},
     "Bob puts a trophy at the bottom of the Trophy deck and looks at the top 2 to keep one."),
    ({"type": "take_support", "seat": 2, "card": "S07", "source": "reward"},
     "Cy takes Forged Pardon (S07) from the Bazaar pile."),
    ({"type": "take_wreck", "seat": 2, "ship": "N14"},
     "Cy takes Vega Dominion (N14), power 10, 2 dots from the Karokum pile as a wreck."),
    ({"type": "take_wrecks", "seat": 1, "from": 3, "wrecks": ["N21"]}, "Bob takes 1 wreck of Di's."),
    ({"type": "target", "seat": 2, "card": "N25", "spot": 2},
     "Cy chooses Ledger Runner (N25), power 7, 1 dot (spot 2)."),
    ({"type": "to_karokum", "cards": ["N23", "N06"]},
     "Cinder Hyena (N23), Solstice Patrol (N06) go onto the Karokum pile."),
    ({"type": "to_karokum", "cards": ["N14"]}, "Vega Dominion (N14) goes onto the Karokum pile."),
    ({"type": "tour", "seat": 2, "action": 6, "word": "buy", "credits": 4, "wrecks": [], "card": "E04",
      "refill": "E05"},
     "Cy buys Hunter-Killer Cannon (E04) at the OCG for 4₡; Broadside Battery (E05) fills its spot."),
    ({"type": "tour", "seat": 2, "action": 6, "word": "buy", "credits": 4, "card": "E04"},
     "Cy buys Hunter-Killer Cannon (E04) at the OCG for 4₡; nothing fills its spot."),
    ({"type": "tour", "seat": 2, "action": 7, "word": "smuggle", "credits": 3, "card": "S09"},
     "Cy smuggles Bounty Broker (S09) out of the Bazaar pile for 3₡."),
    ({"type": "tour", "seat": 1, "action": 1, "word": "trophies", "credits": 1, "trophy": "T01",
      "drawn": ["T13", "T07"]},
     "Bob takes the Trophies action at Exxalia for a trophy and 1₡ and draws 2 trophies to keep one."),
    ({"type": "tour", "seat": 1, "action": 1, "word": "trophies", "credits": 0, "trophy": "T01",
      "drawn": ["T13"]},
     "Bob takes the Trophies action at Exxalia for a trophy and draws 1 trophy to keep one."),
    ({"type": "tour", "seat": 2, "action": 1, "word": "trophies", "credits": 2, "trophy": "", "drawn": []},
     "Cy takes the Trophies action at Exxalia for 2₡ and draws 0 trophies to keep one."),
    ({"type": "tour", "seat": 2, "action": 10, "word": "splurge", "credits": 4, "wrecks": ["N25", "N03"],
      "glory": -1}, "Cy makes an Extravagant Expenditure of 4₡ and Ledger Runner (N25) and Dawn Lancer "
      "(N03): glory -1."),
    ({"type": "tour", "seat": 1, "action": 5, "word": "newcards", "credits": 1, "row": ["S04", None, "E01"]},
     "Bob pays 1₡ for New choices: the OCG row is now Smoke Screen (S04), Rusty Blunderbuss (E01)."),
    ({"type": "tour", "seat": 1, "action": 9, "word": "scrap", "credits": 1, "wrecks": ["N09"],
      "ship": "N28"},
     "Bob scraps the wreck Tribune Cutter (N09) (face up onto the Karokum pile) for Dividend (N28), "
     "paying 1₡."),
    ({"type": "tour", "seat": 1, "action": 9, "word": "scrap", "wrecks": ["N09"], "ship": "N28"},
     "Bob scraps the wreck Tribune Cutter (N09) (face up onto the Karokum pile) for Dividend (N28), "
     "paying 0₡."),
    ({"type": "tour", "seat": 2, "action": 8, "word": "amnesty", "credits": 2},
     "Cy pays 2₡ at the Bazaar for Amnesty."),
    ({"type": "tour", "seat": 3, "action": 3, "word": "overhaul", "credits": 1, "wrecks": ["N18"],
      "damage": 0},
     "Di pays 1₡ and Bonepicker (N18) at Exxalia for Complete repairs; damage now 0."),
    ({"type": "tour", "seat": 3, "action": 2, "word": "repair", "wrecks": ["N19"], "damage": 2},
     "Di pays Dustfang (N19) at Exxalia for Minor repairs; damage now 2."),
    ({"type": "tour", "seat": 3, "action": 2, "word": "repair"},
     "Di pays nothing at Exxalia for Minor repairs; damage now 0."),
    ({"type": "tour", "seat": 3, "action": 4, "word": "title", "credits": 5, "glory": 3, "paid": 2,
      "short": 1},
     "Di takes the Glory Title with 5₡: glory 3, +2₡ (the bank was 1₡ short)."),
    ({"type": "tour", "seat": 3, "action": 4, "word": "title", "credits": 5, "glory": 3},
     "Di takes the Glory Title with 5₡: glory 3, +0₡."),
    ({"type": "tour", "seat": 3, "action": 11, "word": "fly", "credits": 2},
     "Di takes tour action 11, paying 2₡."),
    ({"type": "trade", "offer": 22, "sender": 1, "receiver": 0, "give": [WRECK_ITEM],
      "get": [TROPHY_ITEM, CREDIT_ITEM]},
     "O22 is accepted: Bob gives a wreck and gets a trophy at the end of Ann's next turn and 1₡ at the "
     "end of this turn from Ann."),
    ({"type": "trade", "offer": 3, "sender": 5, "receiver": 2},
     "O3 is accepted: Flo gives nothing and gets nothing from Cy."),
    ({"type": "treasury", "planet": "exxalia", "credits": 5, "card": "NE1"},
     "Exxalia gets 5₡ from the bank (GOLDEN VEIN)."),
    ({"type": "treasury", "planet": "karokum", "credits": 2, "short": 3},
     "Karokum gets 2₡ from the bank (the bank was 3₡ short)."),
    ({"type": "treasury", "seat": 4, "planet": "bazaar", "credits": 5}, "Ed takes Bazaar's treasury: 5₡."),
    ({"type": "tribute", "seat": 1, "paid": 1}, "Bob pays 1₡ of tribute into the Pirates' Pot."),
    ({"type": "trophy_drop", "seat": 0, "trophy": "T03", "drawn": 3},
     "Ann drops a trophy to the bottom of the Trophy deck and draws 3 at Exxalia to keep one."),
    ({"type": "trophy_drop", "seat": 0, "trophy": "T03"},
     "Ann drops a trophy to the bottom of the Trophy deck and draws 0 at Exxalia to keep one."),
    ({"type": "turn", "seat": 1, "turn": 2}, "Turn 2: Bob to play."),
    ({"type": "won_ship", "seat": 2, "ship": "N25"},
     "Cy beats Ledger Runner (N25), which becomes their wreck."),
]


@pytest.mark.parametrize(("event", "words"), SENTENCES, ids=[f"{e['type']}-{i}" for i, (e, _) in
                                                              enumerate(SENTENCES)])
def test_each_event_reads_as_its_sentence_word_for_word(event: dict[str, Any], words: str) -> None:
    assert describe(event, None, NAMES) == words


def test_every_event_type_with_words_has_a_sentence_here() -> None:
    assert {event["type"] for event, _ in SENTENCES} == set(event_words.DESCRIBE)


def test_without_names_the_seats_read_as_their_numbers() -> None:
    assert describe({"type": "challenge", "seat": 2, "challenged": 0}) == "Seat 3 challenges Seat 1."


def test_a_field_an_event_lacks_reads_as_nothing_in_its_sentence() -> None:
    assert describe({"type": "turn", "seat": 0}, None, NAMES) == "Turn : Ann to play."
    assert describe({"type": "glory", "seat": 1}, None, NAMES) == "Bob gains  G ()."


def test_the_words_name_cards_count_and_list_seats() -> None:
    assert event_words.plural(1, "trophy") == "1 trophy" and event_words.plural(0, "trophy") == "0 trophies"
    assert event_words.plural(2, "dot") == "2 dots" and event_words.plural(1, "dot") == "1 dot"
    assert event_words.card_text("E11") == "RHUM (E11)" and event_words.card_text("Z9") == "Z9"
    assert event_words.cards_text([]) == "nothing" and event_words.cards_text(["E11", "S02"]) == (
        "RHUM (E11), Berserker Grog (S02)")
    voice = event_words.Voice(NAMES)
    assert event_words.seats_text([], voice) == "nobody" and event_words.seats_text([3], voice) == "Di"
    assert event_words.seats_text([0, 1], voice) == "Ann and Bob"


def test_an_item_hides_a_wreck_or_a_trophy_from_a_reader_not_told_it() -> None:
    wreck, trophy = Item(kind="wreck", card="N05"), Item(kind="trophy", card="T03", due="win")
    assert event_words.item_text(wreck, wrecks=False, trophies=True) == "a wreck"
    assert event_words.item_text(wreck, wrecks=True, trophies=False) == "wreck N05"
    assert event_words.item_text(trophy, wrecks=True, trophies=False) == "a trophy@win"
    assert event_words.item_text(trophy, wrecks=False, trophies=True) == "trophy T03@win"
    values = [wreck.to_dict(), trophy.to_dict()]
    assert event_words.items_words(values, True, True) == "wreck N05 + trophy T03@win"
    assert event_words.items_words(values, True, True, dues=False) == "wreck N05 + trophy T03"
    assert event_words.items_words([], False, False) == "nothing"
    terms = "wreck N05@win + trophy T03 + 2c"
    assert event_words.terms_words(terms, wrecks=False, trophies=True) == "a wreck@win + trophy T03 + 2c"
    assert event_words.terms_words(terms, wrecks=True, trophies=False) == "wreck N05@win + a trophy + 2c"
    assert event_words.items_words(terms, False, False) == "a wreck@win + a trophy + 2c"


def test_a_reader_sees_what_concerns_its_own_seat_only() -> None:
    assert event_words.sees(1, 0, 1) and event_words.sees(0, "0", None)
    assert not event_words.sees(2, 0, 1) and not event_words.sees(None, 0, None)


def test_deal_words_read_amounts_in_credits_and_due_points_in_words_not_as_typed() -> None:
    terms = "1c@win + trophy T03@win"
    assert event_words.deal_text(terms, "Ann's", wrecks=True, trophies=True) == (
        "1₡ and Trophy of the Scrapyard King (T03) if Ann's side wins")
    assert event_words.deal_text(terms, "Ann's", wrecks=True, trophies=False) == (
        "1₡ and a trophy if Ann's side wins")
    assert event_words.deal_text("nothing", "Ann's", wrecks=True, trophies=True) == "nothing"
    assert event_words.deal_text([Item("credits", amount=2, due="next").to_dict()], "Bob's", wrecks=True,
                                 trophies=True, dues=False) == "2₡"


def test_a_sealed_alliances_promise_keeps_the_cards_its_event_hid_hidden_in_words() -> None:
    event = {"type": "promise", "promise": 2, "debtor": 0, "creditor": 1,
             "items": "1c@win + a trophy@win + a wreck@win", "due": "win"}
    assert describe(event, None, NAMES) == (
        "P2: Ann promises Bob 1₡, a trophy and a wreck, if their side wins the battle.")


def test_a_sealed_alliance_whose_event_lacks_terms_reads_as_joining_for_nothing() -> None:
    assert describe({"type": "ally_sealed", "seat": 1, "principal": 2}, None, NAMES) == "Bob joins Cy's side."


def test_an_ask_whose_event_lacks_terms_reads_as_an_ask_for_nothing() -> None:
    assert describe({"type": "ally_ask", "seat": 2, "asked": [0], "round": 1}, None, NAMES) == (
        "Cy asks Ann to fight as an ally.")


def test_a_sentence_said_to_a_seat_names_it_you_wherever_it_stands() -> None:
    promise = {"type": "promise", "promise": 4, "debtor": 1, "creditor": 2, "due": "next",
               "items": [TROPHY_ITEM]}
    assert describe(promise, None, NAMES, 1) == "P4: you promise Cy a trophy, at the end of your next turn."
    assert describe(promise, None, NAMES, 2) == (
        "P4: Bob promises you a trophy, at the end of their next turn.")
    declared = {"type": "declared", "declarations": [{"seat": 2, "loyal": False, "play": ["S02"]}]}
    assert describe(declared, None, NAMES, 2) == (
        "Declarations: You: betray, no Metal Faktor die, play Berserker Grog (S02).")
    over = {"type": "game_over", "places": [[1], [0, 2]]}
    assert describe(over, None, NAMES, 1) == "The game is over. 1. You; 2. Ann and Cy."
    assert describe(over, None, NAMES, 2) == "The game is over. 1. Bob; 2. Ann and you."
