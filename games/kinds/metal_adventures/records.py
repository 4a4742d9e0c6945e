"""The records a Metal Adventures state keeps besides its zones (state.md): items that change hands, the
promises, trade offers and cases the engine tracks, a choice a seat must make, and where the active seat's
travel stands. Frozen, JSON-safe through to_dict / from_dict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import cards
from .fields import card_ids, maybe_whole, objects, only_keys, text, whole, wholes, word_list

# === ITEMS (rules.md, "Trades and promises") ===

CREDITS = "credits"
CARD = "card"  # an improvement
WRECK = "wreck"
TROPHY = "trophy"
ITEM_KINDS = (CREDITS, CARD, WRECK, TROPHY)
NOW = "now"
WIN = "win"
END = "end"
NEXT = "next"
DUES = (NOW, WIN, END, NEXT)
ANY_TROPHY = ""  # `trophy` without an id: one of the giver's, its choice


@dataclass(frozen=True)
class Item:
    """One thing a seat gives: `amount` credits, or a card named by id (a trophy may be left unnamed: the
    giver's choice), due now or at a due point."""

    kind: str
    amount: int = 0  # credits only
    card: str = ""  # card, wreck, trophy (ANY_TROPHY: the giver chooses)
    due: str = NOW

    def text(self, hide: bool = False) -> str:
        """As commands write it: `2c`, `card E01`, `wreck N05`, `trophy T03`, `trophy`, with `@due` unless
        now. `hide` puts "a wreck" / "a trophy" for the card of a hidden kind (state.md)."""
        if self.kind == CREDITS:
            word = f"{self.amount}c"
        elif hide and self.kind in (WRECK, TROPHY):
            word = f"a {self.kind}"
        else:
            word = f"{self.kind} {self.card}".strip()
        return word if self.due == NOW else f"{word}@{self.due}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "amount": self.amount, "card": self.card, "due": self.due}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Item:
        only_keys(data, ("kind", "amount", "card", "due"), "an item")
        kind = text(data["kind"], "an item's kind", ITEM_KINDS)
        card = text(data.get("card", ""), "an item's card")
        known = {CARD: cards.IMPROVEMENTS, WRECK: cards.STARSHIPS, TROPHY: cards.TROPHIES}.get(kind)
        if known is not None and card not in known and not (kind == TROPHY and card == ANY_TROPHY):
            raise ValueError(f"an item of kind {kind} names {card!r}")
        return cls(kind=kind, amount=whole(data.get("amount", 0)), card=card,
                   due=text(data.get("due", NOW), "an item's due point", DUES))


def items_text(items: tuple[Item, ...], hide: bool = False) -> str:
    return " + ".join(item.text(hide) for item in items) if items else "nothing"


def items_from(values: Any, what: str) -> tuple[Item, ...]:
    return tuple(Item.from_dict(v) for v in objects(values, what))


# === PROMISES, OFFERS, CASES (rules.md, "Trades and promises", "Cases") ===

@dataclass(frozen=True)
class Promise:
    """P<number>: `debtor` owes `creditor` these items at the due point `due` (WIN, END, NEXT)."""

    number: int
    debtor: int
    creditor: int
    items: tuple[Item, ...]
    due: str
    turn: int  # the turn it was made in
    ally_terms: bool = False  # made by sealing an alliance: lapses if the creditor betrays
    hunter: bool = False  # terms against a Pirate Hunter: cannot be broken, paid by the engine

    @property
    def name(self) -> str:
        return f"P{self.number}"

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "debtor": self.debtor, "creditor": self.creditor,
                "items": [i.to_dict() for i in self.items], "due": self.due, "turn": self.turn,
                "ally_terms": self.ally_terms, "hunter": self.hunter}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Promise:
        only_keys(data, ("number", "debtor", "creditor", "items", "due", "turn", "ally_terms", "hunter"),
                  "a promise")
        return cls(number=whole(data["number"]), debtor=whole(data["debtor"]),
                   creditor=whole(data["creditor"]),
                   items=items_from(data.get("items", ()), "a promise's items"),
                   due=text(data["due"], "a promise's due point", (WIN, END, NEXT)),
                   turn=whole(data.get("turn", 0)), ally_terms=data.get("ally_terms", False) is True,
                   hunter=data.get("hunter", False) is True)


@dataclass(frozen=True)
class Offer:
    """O<number>: `sender` offers `receiver` to give `give` and get `get`; open until accepted,
    declined, withdrawn or expired."""

    number: int
    sender: int
    receiver: int
    give: tuple[Item, ...]
    get: tuple[Item, ...]
    turn: int  # the turn it was made in

    @property
    def name(self) -> str:
        return f"O{self.number}"

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "sender": self.sender, "receiver": self.receiver,
                "give": [i.to_dict() for i in self.give], "get": [i.to_dict() for i in self.get],
                "turn": self.turn}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Offer:
        only_keys(data, ("number", "sender", "receiver", "give", "get", "turn"), "an offer")
        return cls(number=whole(data["number"]), sender=whole(data["sender"]),
                   receiver=whole(data["receiver"]), give=items_from(data.get("give", ()), "an offer's give"),
                   get=items_from(data.get("get", ()), "an offer's get"), turn=whole(data.get("turn", 0)))


PLEA = "plea"  # the accused has not pleaded yet
VOTE = "vote"  # the accused pleaded innocent: the jurors vote
GUILTY = "guilty"  # the accused pleaded guilty during a battle: its JP comes when the battle is over
STAGES = (PLEA, VOTE, GUILTY)
VOTES = ("guilty", "innocent", "abstain")


@dataclass(frozen=True)
class Case:
    """C<number>: `accuser` says `accused` broke a promise made in chat (`words`); at the plea, at the
    vote, or pleaded guilty and waiting for a battle's end (rules.md, "Cases")."""

    number: int
    accuser: int
    accused: int
    words: str
    stage: str  # one of STAGES
    turn: int  # the turn it was opened in
    votes: tuple[tuple[int, str], ...] = ()  # (juror, one of VOTES), in the order cast
    vote_turn: int = 0  # the turn its vote opened in (0 before)

    @property
    def name(self) -> str:
        return f"C{self.number}"

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "accuser": self.accuser, "accused": self.accused, "words": self.words,
                "stage": self.stage, "turn": self.turn, "votes": [[s, v] for s, v in self.votes],
                "vote_turn": self.vote_turn}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Case:
        only_keys(data, ("number", "accuser", "accused", "words", "stage", "turn", "votes", "vote_turn"),
                  "a case")
        votes = tuple((whole(s), text(v, "a vote", VOTES)) for s, v in data.get("votes", ()))
        return cls(number=whole(data["number"]), accuser=whole(data["accuser"]),
                   accused=whole(data["accused"]), words=text(data.get("words", ""), "a case's words"),
                   stage=text(data["stage"], "a case's stage", STAGES), turn=whole(data.get("turn", 0)),
                   votes=votes, vote_turn=whole(data.get("vote_turn", 0)))


# === CHOICES (rules.md: each place a seat picks among cards) ===

KEEP_TROPHY = "trophy"  # keep `count` of the drawn `cards`; the others go to the bottom, in the order drawn
EXXALIA_FULL = "exxalia"  # Exxalia's prize with 2 in hand: `trophy drop <t>` or `trophy refuse`
SUPPORT = "support"  # one support card of the Bazaar pile (Bazaar's prize, a starship's reward)
WRECK_FROM_PILE = "wreck"  # one starship of the Karokum pile as a wreck (Karokum's prize)
SPOILS = "spoils"  # a challenger's `take credits|card|wrecks` from the loser (`source`)
TAKE_WRECKS = "wrecks"  # pick `count` of the loser's wrecks (`options`)
PLANET = "planet"  # GOLDEN VEIN's tie: one of `options` (planet ids)
DISCARD = "discard"  # a fifth improvement: discard one of the held ones or the incoming `cards`
CHOICE_KINDS = (KEEP_TROPHY, EXXALIA_FULL, SUPPORT, WRECK_FROM_PILE, SPOILS, TAKE_WRECKS, PLANET, DISCARD)


@dataclass(frozen=True)
class Choice:
    """A choice `seat` must make before anything else happens in the turn. `cards` are cards the choice
    itself holds (trophies drawn to keep one, an incoming improvement): they are in no other zone until it
    is made. `options` are what may be picked when they lie elsewhere (a pile, a loser's wrecks, planets).
    `source` says where it came from: "rest", "tour", "exxalia", "bazaar", "karokum", "reward", or the
    loser's seat number as text for the challenge's spoils."""

    kind: str
    seat: int
    cards: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    count: int = 1
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "cards": list(self.cards),
                "options": list(self.options), "count": self.count, "source": self.source}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Choice:
        only_keys(data, ("kind", "seat", "cards", "options", "count", "source"), "a choice")
        kind = text(data["kind"], "a choice's kind", CHOICE_KINDS)
        known = cards.TROPHIES if kind == KEEP_TROPHY else cards.IMPROVEMENTS
        options = data.get("options", ())
        if isinstance(options, str) or not isinstance(options, (list, tuple)):
            raise ValueError(f"a choice's options are a list, not {options!r}")
        return cls(kind=kind, seat=whole(data["seat"]),
                   cards=card_ids(data.get("cards", ()), known, "a choice's cards"),
                   options=tuple(text(o, "a choice's option") for o in options),
                   count=whole(data.get("count", 1)),
                   source=text(data.get("source", ""), "a choice's source"))


# === TRAVEL (rules.md, "A turn") ===

BEFORE = "before"
AFTER = "after"


@dataclass(frozen=True)
class Travel:
    """Where the active seat's travel stands: its one battle (not yet, running: GameState.battle, done),
    and its Tour of Pirates (which side of the battle, the last action number, the planets visited)."""

    battle_done: bool = False
    tour_side: str = ""  # "", BEFORE or AFTER: fixed by the tour's first action
    tour_last: int = 0  # the number of the last tour action taken (they go in increasing order)
    planets_toured: tuple[str, ...] = ()  # planets where a tour action was taken this turn
    planet_attacked: str = ""  # the planet attacked this turn ("" for none)

    def to_dict(self) -> dict[str, Any]:
        return {"battle_done": self.battle_done, "tour_side": self.tour_side, "tour_last": self.tour_last,
                "planets_toured": list(self.planets_toured), "planet_attacked": self.planet_attacked}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Travel:
        only_keys(data, tuple(Travel().to_dict()), "travel")
        planets = ("exxalia", "bazaar", "karokum", "ocg")
        return cls(battle_done=data.get("battle_done", False) is True,
                   tour_side=text(data.get("tour_side", ""), "tour_side", ("", BEFORE, AFTER)),
                   tour_last=whole(data.get("tour_last", 0)),
                   planets_toured=word_list(data.get("planets_toured", ()), planets, "planets_toured"),
                   planet_attacked=text(data.get("planet_attacked", ""), "planet_attacked", ("", *planets)))


# Deeds (kind E trophies, rules.md "Trophies in play"): (seat, deed) pairs recorded until the end of the turn.
DEEDS = ("title", "won_challenge", "won_challenged", "won_planet", "beat_15", "turncoat")


def deeds_from(values: Any) -> tuple[tuple[int, str], ...]:
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise ValueError(f"deeds are a list of [seat, deed] pairs, not {values!r}")
    pairs = []
    for value in values:
        seat, deed = wholes(value[:1])[0], text(value[1], "a deed", DEEDS)
        pairs.append((seat, deed))
    return tuple(pairs)


def maybe_seat(value: Any) -> int | None:
    return maybe_whole(value)
