"""The ten actions of the Tour of Pirates (rules.md, "The Tour of Pirates"): what each costs, whom it pays,
what it needs and what it does. tour.py holds the tour's shape (sides, order, planet locks) and its
commands; here an action reads its words into an Ask, says why an Ask cannot be made (`why_not`), and
makes it (`apply`).

Credits paid at Exxalia, Bazaar and Karokum go to that planet's treasury, at the OCG counter to the bank;
spent wrecks go out of the game (a scrapped one goes face up onto the Karokum pile instead)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import combinations

from games.kinds.protocol import Dice, Event, Refused

from . import bank, cards, choices, judgment, trophies, turn
from .dice import shuffled
from .state import IMPROVEMENT_LIMIT, OCG_SPOTS, TROPHY_LIMIT, GameState, Seat

OCG = "ocg"
TITLE_NATIONS = ("Solar", "Imperial", "Barrens")  # OCG wrecks never make a Glory Title
TITLE_WRECKS = 3
TITLE_CREDITS = 4
SPLURGE = 6  # the Extravagant Expenditure: 6 made of credits and wrecks, a wreck counting 1
SMUGGLING_MARKUP = 1
SALTY_COMET = "B4"  # with perks: tour action 1 costs 1 credit less
IRON_MAGPIE = "B5"  # with perks: tour action 9 costs nothing
_CREDITS = re.compile(r"(\d+)c")


@dataclass(frozen=True)
class Action:
    number: int  # 1-10: the tour goes in increasing number
    word: str  # `tour <word> ...`
    name: str
    planet: str  # exxalia, ocg, bazaar, karokum: where it is taken, and who is paid

    @property
    def where(self) -> str:
        return cards.PLANETS[self.planet].name


ACTIONS = (
    Action(1, "trophies", "Trophies", "exxalia"),
    Action(2, "repair", "Minor repairs", "exxalia"),
    Action(3, "overhaul", "Complete repairs", "exxalia"),
    Action(4, "title", "Glory Title", OCG),
    Action(5, "newcards", "New choices", OCG),
    Action(6, "buy", "Purchase", OCG),
    Action(7, "smuggle", "Smuggling", "bazaar"),
    Action(8, "amnesty", "Amnesty", "bazaar"),
    Action(9, "scrap", "Scrapping Bonus", "karokum"),
    Action(10, "splurge", "Extravagant Expenditure", "karokum"),
)
BY_WORD = {action.word: action for action in ACTIONS}


@dataclass(frozen=True)
class Ask:
    """What one tour command asks: the credits it pays, the seat's wrecks it spends (or, for the
    Scrapping Bonus, gives to the pile), and the card it names: the trophy paid (1), the row card (6), the
    Bazaar pile's card (7), the Karokum pile's ship (9)."""

    credits: int = 0
    wrecks: tuple[str, ...] = ()
    card: str = ""


# === READING THE WORDS ===

def read(state: GameState, seat: int, action: Action, text: str) -> Ask:
    """The Ask `text` makes of `action` (the words after `tour <word>`): refused when it cannot be read or
    names a card that is not there."""
    player = state.seats[seat]
    words = text.split()
    if action.word == "trophies":
        if not words:
            return Ask(credits=trophies_price(state, seat, paid_trophy=False))
        if not player.trophies:
            raise Refused("You hold no trophy to pay with: `tour trophies` pays 2₡.")
        trophy = cards.find(text, player.trophies, "your trophies")
        return Ask(credits=trophies_price(state, seat, paid_trophy=True), card=trophy)
    if action.word in ("repair", "overhaul", "amnesty"):
        limit = {"repair": 1, "overhaul": 2, "amnesty": 1}[action.word]
        if len(words) > limit:
            raise Refused(f"{action.name} takes at most {limit} wreck{'s' if limit > 1 else ''} as payment.")
        wrecks = _wrecks(player, words)
        base = {"repair": 1, "overhaul": 2, "amnesty": 2}[action.word]
        return Ask(credits=0 if action.word == "amnesty" and wrecks else base - len(wrecks), wrecks=wrecks)
    if action.word == "title":
        if len(words) != TITLE_WRECKS:
            raise Refused("The Glory Title takes three wrecks of one nation: tour title <wreck> <wreck> "
                          "<wreck>.")
        return Ask(wrecks=_wrecks(player, words))
    if action.word == "newcards":
        if words:
            raise Refused("`tour newcards` takes nothing after it.")
        return Ask(credits=1)
    if action.word == "buy":
        row = tuple(card for card in state.ocg_row if card is not None)
        if not row:
            raise Refused("The OCG row is empty: there is nothing to buy.")
        card = cards.find(text, row, "the OCG row")
        return Ask(credits=cards.IMPROVEMENTS[card].cost, card=card)
    if action.word == "smuggle":
        if not state.bazaar_pile:
            raise Refused("The Bazaar pile is empty: there is nothing to smuggle.")
        card = cards.find(text, tuple(reversed(state.bazaar_pile)), "the Bazaar pile")
        return Ask(credits=SMUGGLING_MARKUP + cards.IMPROVEMENTS[card].cost, card=card)
    if action.word == "scrap":
        return _read_scrap(state, seat, words)
    return _read_splurge(player, words)


def _wrecks(player: Seat, words: list[str]) -> tuple[str, ...]:
    if words and not player.wrecks:
        raise Refused("You have no wreck to pay with.")
    named = [cards.find(word, player.wrecks, "your wrecks") for word in words]
    if len(set(named)) != len(named):
        raise Refused("Name each wreck once.")
    return tuple(w for w in player.wrecks if w in named)  # spent in the seat's order, however named


def _read_scrap(state: GameState, seat: int, words: list[str]) -> Ask:
    player = state.seats[seat]
    if not player.wrecks:
        raise Refused("You have no wreck to scrap.")
    if not state.karokum_pile:
        raise Refused("The Karokum pile is empty: there is no starship to swap your wreck for.")
    pile = tuple(reversed(state.karokum_pile))
    usage = "tour scrap <your wreck> <starship of the Karokum pile>"
    if len(words) == 2:
        wreck = cards.find(words[0], player.wrecks, "your wrecks")
        return Ask(credits=scrap_price(state, seat), wrecks=(wreck,),
                   card=cards.find(words[1], pile, "the Karokum pile"))
    # Names of several words: the first split where both halves name a card (a split that does not is
    # refused and the next tried, so its refusal's words are never read).
    for cut in range(1, len(words)):
        try:
            wreck = cards.find(" ".join(words[:cut]), player.wrecks)
            ship = cards.find(" ".join(words[cut:]), pile)
        except Refused:
            continue
        return Ask(credits=scrap_price(state, seat), wrecks=(wreck,), card=ship)
    raise Refused(f"Name your wreck and the starship you take: {usage}.")


def _read_splurge(player: Seat, words: list[str]) -> Ask:
    """`[<n>c] [<wreck>...]`: bare, 6 credits; otherwise the credits named (none when left out) and the
    wrecks, which must make 6 together."""
    if not words:
        return Ask(credits=SPLURGE)
    amounts = [_CREDITS.fullmatch(word.lower()) for word in words]
    credit_words = [match for match in amounts if match is not None]
    if len(credit_words) > 1:
        raise Refused("Say the credits once: tour splurge [<n>c] [<wreck>...].")
    credits = int(credit_words[0].group(1)) if credit_words else 0
    wrecks = _wrecks(player, [word for word, match in zip(words, amounts, strict=True) if match is None])
    total = credits + len(wrecks)
    if total != SPLURGE:
        fix = (f" Say `{canonical(BY_WORD['splurge'], Ask(credits=SPLURGE - len(wrecks), wrecks=wrecks))}`."
               if len(wrecks) <= SPLURGE else "")
        raise Refused(f"The Extravagant Expenditure takes {SPLURGE}, made of credits and wrecks (a wreck "
                      f"counts 1): yours make {total}.{fix}")
    return Ask(credits=credits, wrecks=wrecks)


def canonical(action: Action, ask: Ask) -> str:
    """The Ask as `legal` lists it: cards by id, wrecks in the seat's order, the credits of the
    Extravagant Expenditure first and only when it also spends wrecks."""
    parts = ["tour", action.word]
    if action.word == "splurge" and 0 < len(ask.wrecks) < SPLURGE:
        parts.append(f"{ask.credits}c")
    if action.word == "scrap":
        parts += [*ask.wrecks, ask.card]
    else:
        parts += [*ask.wrecks, *([ask.card] if ask.card else [])]
    return " ".join(parts)


# === PRICES ===

def _perk(state: GameState, seat: int, base: str) -> bool:
    return state.options.perks and state.seats[seat].base == base


def trophies_price(state: GameState, seat: int, paid_trophy: bool) -> int:
    """2 credits, or a trophy and 1 credit; the Salty Comet (B4) pays 1 less with the perks."""
    price = 1 if paid_trophy else 2
    return price - 1 if _perk(state, seat, SALTY_COMET) else price


def scrap_price(state: GameState, seat: int) -> int:
    """1 credit; nothing for the Iron Magpie (B5) with the perks."""
    return 0 if _perk(state, seat, IRON_MAGPIE) else 1


# === WHAT AN ACTION NEEDS ===

def why_not(state: GameState, seat: int, action: Action, ask: Ask) -> str:
    """Why the seat cannot make this Ask of the action now, in its words ("" when it can): the action's
    own requirements, then its price."""
    player = state.seats[seat]
    why = _needs(state, seat, action, ask)
    if why:
        return why
    if ask.credits > player.credits:
        return f"{action.name} costs you {ask.credits}₡ this way; you have {player.credits}₡."
    return ""


def _needs(state: GameState, seat: int, action: Action, ask: Ask) -> str:
    player = state.seats[seat]
    word = action.word
    if word == "trophies":
        if not ask.card and len(player.trophies) >= TROPHY_LIMIT:
            return (f"You hold {TROPHY_LIMIT} trophies: pay with one of them (tour trophies <trophy>), which "
                    "goes to the bottom of the Trophy deck before you draw.")
        if not ask.card and not state.trophy_deck:
            return "The Trophy deck is empty: there is nothing to draw."
    elif word in ("repair", "overhaul"):
        if player.damage < 1:
            return f"Your starship has no damage: there is nothing to repair ({action.name})."
    elif word == "title":
        nations = {cards.STARSHIPS[w].nation for w in ask.wrecks}
        if len(nations) != 1:
            return "The Glory Title takes three wrecks of one nation."
        nation = nations.pop()
        if nation not in TITLE_NATIONS:
            return f"{nation} wrecks never count for the Glory Title: only Solar, Imperial or Barrens ones."
    elif word == "newcards":
        if not state.improvement_deck:
            return "The Improvement deck is empty: there are no new cards to bring into the OCG row."
    elif word in ("buy", "smuggle"):
        if len(player.improvements) >= IMPROVEMENT_LIMIT:
            return f"You already have {IMPROVEMENT_LIMIT} improvements: discard one first."
    elif word == "amnesty":
        if player.jp < 1:
            return "You have no JP to cancel."
        if player.took_jp_this_turn:
            return "You took a JP this turn: Amnesty is closed to you until a later turn."
        if ask.wrecks and not cards.STARSHIPS[ask.wrecks[0]].hunter:
            return "Amnesty takes 2₡ or a Pirate Hunter wreck, and that wreck is not a Hunter."
    return ""


def asks(state: GameState, seat: int, action: Action) -> list[Ask]:
    """Every Ask of the action worth listing, in canonical order; `why_not` sorts out those it refuses."""
    player = state.seats[seat]
    wrecks = player.wrecks
    word = action.word
    if word == "trophies":
        with_trophy = trophies_price(state, seat, paid_trophy=True)
        return ([Ask(credits=trophies_price(state, seat, paid_trophy=False))]
                + [Ask(credits=with_trophy, card=t) for t in player.trophies])
    if word in ("repair", "overhaul"):
        base = 1 if word == "repair" else 2
        return [Ask(credits=base - k, wrecks=group) for k in range(base + 1)
                for group in combinations(wrecks, k)]
    if word == "title":
        return [Ask(wrecks=group) for group in combinations(wrecks, TITLE_WRECKS)]
    if word == "newcards":
        return [Ask(credits=1)]
    if word == "buy":
        return [Ask(credits=cards.IMPROVEMENTS[c].cost, card=c) for c in state.ocg_row if c is not None]
    if word == "smuggle":
        return [Ask(credits=SMUGGLING_MARKUP + cards.IMPROVEMENTS[c].cost, card=c)
                for c in reversed(state.bazaar_pile)]
    if word == "amnesty":
        return [Ask(credits=2)] + [Ask(wrecks=(w,)) for w in wrecks]
    if word == "scrap":
        return [Ask(credits=scrap_price(state, seat), wrecks=(w,), card=ship)
                for w in wrecks for ship in reversed(state.karokum_pile)]
    return [Ask(credits=SPLURGE - k, wrecks=group) for k in range(min(SPLURGE, len(wrecks)) + 1)
            for group in combinations(wrecks, k)]


# === MAKING AN ACTION ===

def apply(state: GameState, seat: int, action: Action, ask: Ask,
          dice: Dice | None) -> tuple[GameState, list[Event]]:
    """Makes the Ask, which `why_not` has passed: the payment, then the effect."""
    event: Event = {"type": "tour", "seat": seat, "action": action.number, "word": action.word,
                    "credits": ask.credits, "to": "bank" if action.planet == OCG else action.planet,
                    "wrecks": list(ask.wrecks)}
    if action.word == "buy":
        after, refill = turn.row_purchase(state, seat, ask.card, ask.credits)
        return after, [{**event, "card": ask.card, "refill": refill}]
    if action.word == "scrap":
        return _scrap(_pay(state, seat, action, ask.credits, ()), seat, ask, event)
    after = _pay(state, seat, action, ask.credits, ask.wrecks)
    player = after.seats[seat]
    if action.word == "trophies":
        if ask.card:  # the paid trophy goes to the bottom before the draw
            after = replace(after.with_seat(seat, replace(player, trophies=tuple(
                t for t in player.trophies if t != ask.card))), trophy_deck=(*after.trophy_deck, ask.card))
        after, drawn = choices.draw_trophies(after, seat, 2, "tour")
        return after, [{**event, "trophy": ask.card, "drawn": list(drawn)}]
    if action.word in ("repair", "overhaul"):
        damage = player.damage - 1 if action.word == "repair" else 0
        return after.with_seat(seat, replace(player, damage=damage)), [{**event, "damage": damage}]
    if action.word == "title":
        after = trophies.record_deed(after.with_seat(seat, replace(player, glory=player.glory + 1)), seat,
                                     "title")
        after, paid = bank.pay_seat(after, seat, TITLE_CREDITS)
        title: Event = {**event, "glory": player.glory + 1, "paid": paid}
        if paid < TITLE_CREDITS:
            title["short"] = TITLE_CREDITS - paid
        return after, [title]
    if action.word == "newcards":
        return _new_choices(after, event, dice)
    if action.word == "smuggle":
        pile = list(after.bazaar_pile)
        pile.remove(ask.card)
        after = replace(after.with_seat(seat, player.with_improvements((*player.improvements, ask.card))),
                        bazaar_pile=tuple(pile))
        return after, [{**event, "card": ask.card}]
    if action.word == "amnesty":
        after, cancelled = judgment.cancel_jp(after, seat, "amnesty")
        return after, [event, cancelled]
    glory = player.glory + 1
    return after.with_seat(seat, replace(player, glory=glory)), [{**event, "glory": glory}]


def _pay(state: GameState, seat: int, action: Action, credits: int, wrecks: tuple[str, ...]) -> GameState:
    """The credits to the planet's treasury (the bank at the OCG), the wrecks out of the game."""
    player = state.seats[seat]
    after = state.with_seat(seat, replace(player, credits=player.credits - credits,
                                          wrecks=tuple(w for w in player.wrecks if w not in wrecks)))
    if action.planet == OCG:
        after = replace(after, bank=after.bank + credits)
    else:
        after = replace(after, treasuries=after.treasuries.plus(action.planet, credits))
    return replace(after, out_of_game=(*after.out_of_game, *wrecks))


def _scrap(state: GameState, seat: int, ask: Ask, event: Event) -> tuple[GameState, list[Event]]:
    """The ship leaves the pile for the seat's wrecks; the wreck given goes face up on top of the pile."""
    (wreck,) = ask.wrecks
    player = state.seats[seat]
    pile = list(state.karokum_pile)
    pile.remove(ask.card)
    wrecks = (*(w for w in player.wrecks if w != wreck), ask.card)
    after = replace(state.with_seat(seat, replace(player, wrecks=wrecks)), karokum_pile=(*pile, wreck))
    return after, [{**event, "ship": ask.card}]


def _new_choices(state: GameState, event: Event, dice: Dice | None) -> tuple[GameState, list[Event]]:
    """The row's cards are replaced by the deck's top four (spots left to right); the old ones are then
    shuffled into the deck; any spot still empty is refilled from it."""
    old = tuple(card for card in state.ocg_row if card is not None)
    new = state.improvement_deck[:OCG_SPOTS]
    deck = (*state.improvement_deck[OCG_SPOTS:], *old)
    if len(deck) > 1:
        if dice is None:
            raise ValueError("a shuffle needs dice")
        deck = shuffled(deck, dice)
    row = tuple(new[spot] if spot < len(new) else None for spot in range(OCG_SPOTS))
    after = choices.refill_row(replace(state, ocg_row=row, improvement_deck=deck))
    return after, [{**event, "old": list(old), "row": list(after.ocg_row)}]
