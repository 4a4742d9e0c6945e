"""The table of a Metal Adventures game for one reader: `text_board` (plain text, for mail) and `board_svg`
(a compact picture, for mail and pages). Both show what `view(state, seat)` shows that seat (view.py):
counts of other seats' trophies and wrecks, never which; deck counts, never their order; a declaration
once its step has closed; the hidden cards of trades, promises and alliances replaced ("a trophy", "a
wreck") for those who may not know them (narration.py). The picture shows nobody's hidden cards, not
even the reader's own, and writes every word through escaping."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import replace
from html import escape

from . import cards, commands, fight
from .battle_state import Ask, Battle
from .event_words import plural
from .prompts import deal_words, name
from .records import GUILTY, NOW, PLEA, VOTE, Choice, Item, Offer, Promise
from .state import OVER, PLANET_IDS, SETUP, GameState
from .view import public_declaration

WIDTH = 72  # a mail's line
PILE_SHOWN = 5  # the Karokum pile's top cards listed

CASE_STAGES = {PLEA: "waiting for the plea", VOTE: "pleaded innocent, the others vote",
               GUILTY: "pleaded guilty"}
PHASE_WORDS = {
    "turn.start": "the turn starts", "turn.rest": "resting in Havana", "turn.travel": "travelling",
    "battle.draw": "drawing in Space", "battle.allies": "asking for an ally",
    "challenge.recruit": "recruiting for a challenge", "battle.declare": "declaring before the roll",
    "battle.react": "reacting to the roll", "battle.spoils": "settling the battle",
    "turn.end": "ending the turn",
}


def _me(state: GameState, seat: int | None) -> int | None:
    return seat if seat is not None and 0 <= seat < state.players else None


def _seat(seat: int) -> str:
    return name(seat, None)


def _who(seat: int, names: Sequence[str] | None) -> str:
    """"Seat 2" as the commands name it, and who sits there when the names are known ("Seat 2 Ann"): the
    mails tell the players' actions by name."""
    return _seat(seat) if names is None else f"{_seat(seat)} {name(seat, names)}"


def _list(ids: Iterable[str]) -> str:
    found = [cards.label(c) for c in ids]
    return ", ".join(found) if found else "none"


def _ship(card: str) -> str:
    ship = cards.STARSHIPS[card]
    hunter = ", Pirate Hunter" if ship.hunter else ""
    return f"{cards.label(card)} power {ship.power}, {plural(ship.damage, 'dot')}{hunter}"


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent="    ", break_on_hyphens=False) or [""]


# === WHAT A READER MAY READ OF TRADES, PROMISES AND ASKS ===

def _items(items: tuple[Item, ...], giver: str, wrecks: bool, trophies: bool) -> str:
    """Items in words (prompts.deal_words: "2₡ and a trophy if Seat 1's side wins"), not as commands write
    them."""
    return deal_words(items, f"{giver}'s", trophies=trophies, wrecks=wrecks)


def offer_words(offer: Offer, reader: int | None, names: Sequence[str] | None = None) -> str:
    """An open offer as `reader` may read it: the trophies it gives only to its sender; its wrecks and the
    trophies it asks for to both parties. Seats by number ("Seat 2", as commands name them), or by their
    players' names when `names` are given (the game page)."""
    party = reader in (offer.sender, offer.receiver)
    sender, receiver = name(offer.sender, names), name(offer.receiver, names)
    return (f"{offer.name}: {sender} offers {receiver} "
            f"{_items(offer.give, sender, party, reader == offer.sender)} for "
            f"{_items(offer.get, receiver, party, party)}")


def promise_words(promise: Promise, reader: int | None, names: Sequence[str] | None = None) -> str:
    """An open promise as `reader` may read it: its trophies only to the debtor, its wrecks to both; when
    it is due, said once for the whole promise. Seats as in offer_words."""
    party = reader in (promise.debtor, promise.creditor)
    due = {"win": "if their side wins", "end": "at this turn's end", "next": "at the end of their next turn"}
    items = tuple(replace(item, due=NOW) for item in promise.items)
    debtor = name(promise.debtor, names)
    # Its items all due now, the due point said once after them: deal_words names no giver.
    what = deal_words(items,
                      "",  # pragma: no mutate (no item's due words name a giver, as above)
                      trophies=reader == promise.debtor, wrecks=party)
    return (f"{promise.name}: {debtor} owes {name(promise.creditor, names)} {what}, "
            f"{due.get(promise.due, promise.due)}")


def ask_words(ask: Ask, reader: int | None) -> str:
    """An ask for help as `reader` may read it: trophies in its terms only to the principal, wrecks to the
    principal and the seat asked; a counter-offer to both."""
    party = reader in (ask.principal, ask.seat)
    principal = _seat(ask.principal)
    terms = _items(ask.terms, principal, party, reader == ask.principal)
    answer = {"": "no answer yet", "accept": "accepted", "decline": "declined",
              "counter": f"asks for {_items(ask.counter, principal, party, party)} instead"}[ask.answer]
    return f"{_seat(ask.principal)} asks {_seat(ask.seat)} for {terms}: {answer}"


# === TEXT ===

def _heading(state: GameState, names: Sequence[str] | None = None) -> str:
    if state.phase == SETUP:
        return "Metal Adventures: setting up; every player keeps two of their three trophies."
    if state.phase == OVER:
        from .end import places

        ranked = "; ".join(f"{i}. {', '.join(_seat(s) for s in group)}"
                           for i, group in enumerate(places(state), start=1))
        return f"Metal Adventures: the game is over after turn {state.turn}. {ranked}."
    return (f"Metal Adventures, turn {state.turn}: {_who(state.active, names)}'s turn, "
            f"{PHASE_WORDS.get(state.phase, state.phase)}.")


def _table(state: GameState) -> list[str]:
    planets = " | ".join(f"{cards.PLANETS[p].name} {state.treasuries.of(p)}₡ (power {cards.PLANETS[p].power})"
                         for p in PLANET_IDS)
    blue, red = state.space_counts()
    lines = _wrap(f"Planets: {planets}")
    lines += _wrap(f"Pot {state.pot}₡ | bank {state.bank}₡ | Space deck {blue} blue, {red} red | Trophy deck "
                   f"{len(state.trophy_deck)} | Improvement deck {len(state.improvement_deck)}")
    row = "; ".join("(empty)" if c is None else f"{cards.label(c)} {cards.IMPROVEMENTS[c].cost}₡"
                    for c in state.ocg_row)
    lines += _wrap(f"OCG row: {row}")
    lines += _wrap(f"Bazaar pile ({len(state.bazaar_pile)}): {_list(state.bazaar_pile)}")
    pile = tuple(reversed(state.karokum_pile))
    more = f"; and {len(pile) - PILE_SHOWN} more" if len(pile) > PILE_SHOWN else ""
    top = "; ".join(_ship(c) for c in pile[:PILE_SHOWN]) or "none"
    lines += _wrap(f"Karokum pile ({len(pile)}), top first: {top}{more}")
    lines += _wrap(f"Out of the game: {plural(len(state.out_of_game), 'card')}")
    if state.space_area:
        spots = "; ".join(f"{i}. {_ship(c)}" for i, c in enumerate(state.space_area, start=1))
        lines += _wrap(f"Space area: {spots}")
    return lines


def _seat_lines(state: GameState, index: int, me: int | None, waiting: tuple[int, ...],
                names: Sequence[str] | None) -> list[str]:
    seat = state.seats[index]
    marks = [m for m, on in (("you", index == me), ("to act", index in waiting), ("left the game", seat.out))
             if on]
    mark = f" ({', '.join(marks)})" if marks else ""
    mf = "blank" if seat.mf == 0 else str(seat.mf)
    lines = _wrap(f"{_who(index, names)}{mark}: {seat.credits}₡, R {state.rated_power(index)} M "
                  f"{state.main_power(index)} S {state.support_power(index)}, damage {seat.damage}, glory "
                  f"{seat.glory}, JP {seat.jp}, MF {mf}")
    lines += _wrap(f"  {cards.label(seat.base)}; improvements: {_list(seat.improvements)}")
    if index == me:
        held = f"  trophies {len(seat.trophies)}: {_list(seat.trophies)}; wrecks {len(seat.wrecks)}: " \
               f"{_list(seat.wrecks)}"
    else:
        held = f"  trophies {len(seat.trophies)}; wrecks {len(seat.wrecks)}"
    return lines + _wrap(held)


def _battle_words(battle: Battle) -> str:
    """"Battle: ..." in one line, which the text board and the picture each wrap to their width."""
    attacker = _seat(battle.attacker)
    if battle.kind == "challenge" and battle.challenged is not None:
        what = f"{attacker} challenges {_seat(battle.challenged)}"
    elif battle.kind == "planet":
        what = f"{attacker} attacks the planet {cards.PLANETS[battle.target].name} (power " \
               f"{cards.PLANETS[battle.target].power})"
    elif battle.target:
        via = " via Karokum" if battle.kind == "karokum" else ""
        what = f"{attacker} attacks {_ship(battle.target)}{via}"
    else:
        what = f"{attacker} attacks in Space, choosing a starship"
    return f"Battle: {what}"


def _battle_lines(state: GameState, battle: Battle, me: int | None) -> list[str]:
    lines = _wrap(_battle_words(battle))
    if battle.allies or battle.defenders or battle.traitor is not None:
        sides = f"  allies: {', '.join(_seat(s) for s in battle.allies) or 'none'}"
        if battle.challenged is not None:
            defenders = ", ".join(_seat(s) for s in battle.defenders) or "none"
            sides += f"; the challenged seat's allies: {defenders}"
        if battle.traitor is not None:
            sides += f"; {_seat(battle.traitor)} betrayed the attacker"
        lines += _wrap(sides)
    for ask in battle.asks:
        lines += _wrap(f"  {ask_words(ask, me)}")
    shown = []
    for decl in battle.declarations:
        if not public_declaration(battle, decl, me):
            shown.append(f"{_seat(decl.seat)}: {'declared' if decl.done else 'declaring'} (secret)")
            continue
        parts = [{True: "loyal", False: "betrays", None: ""}[decl.loyal],
                 {True: "Metal Faktor die", False: "no Metal Faktor die", None: ""}[decl.mf],
                 *(f"plays {cards.label(c)}" for c in decl.play),
                 *(f"arms {cards.label(c)}" for c in decl.arm)]
        shown.append(f"{_seat(decl.seat)}: {', '.join(p for p in parts if p) or 'nothing yet'}")
    if shown:
        lines += _wrap("  Declarations: " + "; ".join(shown))
    if battle.orange:
        attack, defend = fight.scores(state, battle)
        faces = "".join(f", Metal Faktor {_seat(s)} {f or 'blank'}" for s, f in battle.mf_rolls)
        won = {"attack": "; the attacking side won", "defend": "; the defending side won"}
        result = won.get(battle.winner, "")
        lines += _wrap(f"  Dice: orange {battle.orange}, gray {battle.gray}{faces}; {attack} against "
                       f"{defend}{result}")
    return lines


def choice_words(choice: Choice, state: GameState, reader: int | None) -> str:
    """The choice waiting, as `reader` may read it: the cards a seat looks at only to that seat (and a
    loser's wrecks to the loser too)."""
    who = _seat(choice.seat)
    mine = reader == choice.seat
    if choice.kind == "trophy":
        seen = f": {_list(choice.cards)}" if mine else ""
        return f"{who} keeps {choice.count} of {plural(len(choice.cards), 'trophy')} drawn{seen}"
    if choice.kind == "exxalia":
        return f"{who} drops a trophy to draw three at Exxalia (trophy drop <t>), or refuses (trophy refuse)"
    if choice.kind == "support":
        return f"{who} picks a support card of the Bazaar pile: {_list(dict.fromkeys(choice.options))}"
    if choice.kind == "wreck":
        return f"{who} picks a Karokum starship as a wreck: {_list(dict.fromkeys(choice.options))}"
    if choice.kind == "spoils":
        return f"{who} takes spoils from {_seat(int(choice.source))}: credits, a card or wrecks"
    if choice.kind == "wrecks":
        loser = int(choice.source)
        seen = f": {_list(choice.options)}" if reader in (choice.seat, loser) else ""
        return f"{who} picks {choice.count} of {_seat(loser)}'s {plural(len(choice.options), 'wreck')}{seen}"
    if choice.kind == "planet":
        planets = ", ".join(cards.PLANETS[p].name for p in choice.options)
        return f"{who} picks the planet that gets GOLDEN VEIN's 5₡: {planets}"
    return f"{who} discards one of five improvements (the new one: {_list(choice.cards)})"


def text_board(state: GameState, seat: int | None, names: Sequence[str] | None = None) -> str:
    """The table as plain text for `seat` (None: a spectator), lines of at most 72 characters where the
    words allow; with `names`, each seat's line and the seats awaited say who sits there."""
    me = _me(state, seat)
    waiting = commands.to_act(state)
    lines = _wrap(_heading(state, names)) + [""] + _table(state) + [""]
    for index in range(state.players):
        lines += _seat_lines(state, index, me, waiting, names)
    if state.battle is not None:
        lines += [""] + _battle_lines(state, state.battle, me)
    deals = [offer_words(o, me) for o in state.offers] + [promise_words(p, me) for p in state.promises]
    if deals:
        lines.append("")
        for deal in deals:
            lines += _wrap(deal)
    for case in state.cases:
        lines += _wrap(f"{case.name}: {_seat(case.accuser)} accuses {_seat(case.accused)} "
                       f"({CASE_STAGES[case.stage]}): {case.words}")
    if state.phase == SETUP and me is not None and state.dealt[me] and not state.chosen[me]:
        lines += [""] + _wrap(f"Dealt to you, to keep two: {_list(state.dealt[me])}")
    if state.choices:
        lines += [""] + _wrap("Choice waiting: " + choice_words(state.choices[0], state, me))
    if waiting and state.phase != OVER:
        lines += _wrap("Waiting for: " + ", ".join(_who(s, names) for s in waiting))
    if me is not None and state.seats[me].orders:
        lines += _wrap("Your standing orders: " + "; ".join(f"{k} {v}" for k, v in state.seats[me].orders))
    return "\n".join(lines)


# === SVG ===

SVG_WIDTH = 640
SEAT_ROW = 58
GAUGES = (("R", 20), ("damage", 4), ("glory", 9), ("JP", 4))
BLUE, RED, INK, FAINT = "#2f5fb3", "#b33a2f", "#222", "#bbb"
# A sans-serif letter's width on average, in font sizes, at most: a line of words is wrapped to as many
# letters as the picture's width holds at that size (mail draws the picture in PNG, cut at its edge).
EM = 0.6


def _text(x: int, y: int, words: str, size: int = 12, weight: str = "normal", fill: str = INK) -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'font-family="sans-serif">{escape(words)}</text>')


def _rect(x: int, y: int, w: int, h: int, fill: str = "none", stroke: str = FAINT) -> str:
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{fill}" stroke="{stroke}"/>'


def _rows(x: int, words: str, size: int) -> list[str]:
    """`words` in rows that fit between x and the picture's right margin (10) at this font size."""
    letters = int((SVG_WIDTH - 10 - x) / (size * EM))
    return textwrap.wrap(words, letters, break_on_hyphens=False) or [""]


def _gauge(x: int, y: int, label: str, value: int, most: int) -> list[str]:
    """A small bar: its label, how full (value / most, clipped to 0-1), the number."""
    full = max(0, min(value, most)) * 60 // most
    return [_text(x, y + 9, label, 10), _rect(x + 48, y, 60, 10),
            f'<rect x="{x + 48}" y="{y}" width="{full}" height="10" rx="2" fill="{BLUE}"/>',
            _text(x + 112, y + 9, str(value), 10)]


def _planets_svg(state: GameState, y: int) -> list[str]:
    parts: list[str] = []
    for i, planet in enumerate((*PLANET_IDS, "ocg")):
        x = 10 + i * 156
        card = cards.PLANETS[planet]
        parts.append(_rect(x, y, 148, 48))
        parts.append(_text(x + 6, y + 16, card.name, 12, "bold"))
        if planet == "ocg":
            parts.append(_text(x + 6, y + 31, f"bank {state.bank}₡, deck {len(state.improvement_deck)}", 11))
            row = " ".join(c or "-" for c in state.ocg_row)
            parts.append(_text(x + 6, y + 44, f"row {row}", 10))
        else:
            treasury = state.treasuries.of(planet)
            parts.append(_text(x + 6, y + 31, f"power {card.power}, treasury {treasury}₡", 11))
            pile = {"bazaar": state.bazaar_pile, "karokum": state.karokum_pile}.get(planet)
            extra = f"pile {len(pile)}" if pile is not None else f"Trophy deck {len(state.trophy_deck)}"
            parts.append(_text(x + 6, y + 44, extra, 10))
    return parts


def _decks_svg(state: GameState, y: int) -> list[str]:
    blue, red = state.space_counts()
    top = "Karokum pile empty"
    if state.karokum_pile:
        top = f"Karokum top: {cards.NAMES[state.karokum_pile[-1]]}"
    return [_text(10, y + 14, "Space deck", 12, "bold"),
            _rect(96, y + 2, 50, 16, BLUE, BLUE), _text(102, y + 14, f"{blue} blue", 10, fill="#fff"),
            _rect(150, y + 2, 50, 16, RED, RED), _text(156, y + 14, f"{red} red", 10, fill="#fff"),
            _text(210, y + 14, f"Pot {state.pot}₡ | out of the game {len(state.out_of_game)} | {top}", 11)]


def _space_svg(state: GameState, y: int) -> list[str]:
    parts = [_text(10, y + 12, "Space area", 12, "bold")]
    target = state.battle.target if state.battle is not None else ""
    for i, card in enumerate(state.space_area):
        ship = cards.STARSHIPS[card]
        x = 10 + i * 156
        stroke = RED if ship.hunter else (INK if card == target else FAINT)
        parts.append(_rect(x, y + 18, 148, 44, stroke=stroke))
        # The name alone on its row: with its id beside it the longest (Convoy Seventy-Seven) overran the
        # box into the next one.
        parts.append(_text(x + 6, y + 34, ship.name, 11, "bold"))
        parts.append(_text(x + 6, y + 50, f"{card}, power {ship.power}", 11))
        parts += [f'<circle cx="{x + 104 + 10 * dot}" cy="{y + 46}" r="3.5" fill="{INK}"/>'
                  for dot in range(ship.damage)]
    return parts


def _battle_svg(state: GameState, battle: Battle) -> list[str]:
    """The battle's rows: what is attacked and, once rolled, the dice and the scores."""
    words = _battle_words(battle)
    if battle.orange:
        attack, defend = fight.scores(state, battle)
        words += f"; dice orange {battle.orange}, gray {battle.gray}: {attack} against {defend}"
    return _rows(10, words, 11)


def _seat_svg(state: GameState, index: int, y: int, me: int | None, waiting: tuple[int, ...]) -> list[str]:
    seat = state.seats[index]
    stroke = BLUE if index == me else (INK if index in waiting else FAINT)
    title = _seat(index) + (" (you)" if index == me else "") + (" - out" if seat.out else "")
    parts = [_rect(10, y, SVG_WIDTH - 20, SEAT_ROW - 6, stroke=stroke),
             _text(16, y + 16, title, 12, "bold"),
             _text(16, y + 31, cards.BASES[seat.base].name, 10),
             _text(16, y + 45, f"{seat.credits}₡, Metal Faktor {'blank' if seat.mf == 0 else seat.mf}", 11)]
    values = (state.rated_power(index), seat.damage, seat.glory, seat.jp)
    for i, ((label, most), value) in enumerate(zip(GAUGES, values, strict=True)):
        parts += _gauge(170 + (i % 2) * 134, y + 8 + (i // 2) * 18, label, value, most)
    parts.append(_text(440, y + 18, f"trophies {len(seat.trophies)}, wrecks {len(seat.wrecks)}", 11))
    parts.append(_text(440, y + 34, " ".join(seat.improvements) or "no improvements", 10))
    return parts


def board_svg(state: GameState, seat: int | None) -> str:
    """The table as a picture (nobody's hidden cards; every word escaped)."""
    me = _me(state, seat)
    waiting = commands.to_act(state)
    heading = _rows(10, _heading(state), 13)
    parts = [_text(10, 20 + 16 * i, row, 13, "bold") for i, row in enumerate(heading)]
    y = 30 + 16 * (len(heading) - 1)
    parts += _planets_svg(state, y)
    y += 58
    parts += _decks_svg(state, y)
    y += 28
    if state.battle is not None:
        rows = _battle_svg(state, state.battle)
        parts += [_text(10, y + 12 + 14 * i, row, 11) for i, row in enumerate(rows)]
        y += 20 + 14 * (len(rows) - 1)
    if state.space_area:
        parts += _space_svg(state, y)
        y += 70
    for index in range(state.players):
        parts += _seat_svg(state, index, y, me, waiting)
        y += SEAT_ROW
    height = y + 4
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{height}" '
            f'viewBox="0 0 {SVG_WIDTH} {height}" role="img" aria-label="Metal Adventures">'
            f'<title>Metal Adventures</title><rect width="{SVG_WIDTH}" height="{height}" fill="#fff"/>')
    return head + "".join(parts) + "</svg>"
