"""Standing orders of Metabaloids: a seat's answers, given in advance, to the decisions it may face out of
turn (rules.md, "Standing orders"). They hold the damage payment priority, the keep list, the grid and
window settings, and the `use` orders that fire abilities and events at the moments of another seat's
turn: `start`, `draw`, `move`, a battle (`attack`, `defend`, `attacking`), `ability` and `end`.

`apply_order` reads what follows the word `order` and refuses, with plain words, any order that could
never fire. `wants` lists a seat's `use` orders that match a moment; the engine then checks each card's
usability and cost, in that order, when the seat's turn comes in the polling round.

Timing rulings held here (the cards' timings come from cards.py):
- "During your own turn" abilities (brood, regrow, Molt, Regenerate) are used only between one's own
  commands, and the START and END steps take no ability: no moment can fire them, so every `use` order
  naming one is refused ("brood is used in your own turn; `on defend` can never fire"). The seat sends
  `use queen` in its turn instead.
- "During attacks" abilities fire only at a battle's declaration moment: triggers `attack`, `defend` and
  `attacking`, and only where the seat can hold the role the card asks for (a `boost` on a defending
  column needs the seat to defend: `on defend`, or `on attack` without `by me`).
- Torpor Spores stops another seat's pending action: a draw, a move, an attack or an ability. It fits
  `draw`, `move`, `ability`, `attack` and `defend`, never `by me`, `attacking`, `start` or `end`.
- `if behind`/`if ahead` compare the battle's totals so far from the seat's side, so they need a battle
  the seat fights in; the same holds for `in <col>` (one of the seat's own columns).
- Seats are written `p1`..`p6` or `me` (stored as 0); a player's name is accepted when the caller passes
  the table's names.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .cards import Ability, card, code_for

TRIGGERS = ("start", "end", "draw", "move", "attack", "defend", "attacking", "ability")
BATTLE_TRIGGERS = ("attack", "defend", "attacking")
SOURCES = ("discard", "draw", "hand", "reserve", "play")
DEFAULT_PAY = ("discard", "draw", "hand", "reserve")
SETTING_LINES = 3  # lines 1-3 of the listing are pay, keep and grid; `use` orders follow
_SETTING_HINT = {1: "order pay …", 2: "order keep …", 3: "order grid …"}
_FILTER_WORDS = ("by", "against", "of", "in", "target", "if", "ask")
# A seat's role in a battle: Attacker, Defender, or a Bystander seeing another pair fight.
_A, _D, _B = "attacker", "defender", "bystander"
_ROLE_WORDS = {
    "column_attacking": ({_A}, "works only when its column attacks"),
    "column_defending": ({_D}, "works only when its column defends"),
    "defender": ({_D}, "works only in a battle where you defend"),
    "in_battle": ({_A, _D}, "works only in a battle where you attack or defend"),
    "pending_other": ({_D, _B}, "stops another seat's action before it finishes"),
}


class OrderError(ValueError):
    """An order refused, with the reason in plain words for the seat."""


@dataclass(frozen=True)
class UseOrder:
    """`order use <card> [<ability>] on <trigger> [<filter>…] [if <condition>] [ask]`. Seat filters hold
    seat label numbers (p3 -> 3); `me` is 0."""

    card: str
    ability: str
    trigger: str
    by: int | None = None
    against: int | None = None
    of: int | None = None
    col: int | None = None
    target: str | None = None
    ability_code: str | None = None
    condition: str = ""
    margin: int = 1
    ask: bool = False

    def text(self) -> str:
        """The canonical wording, without the word `order`: "use shell on defend in 2 if behind 2"."""
        words = ["use", self.card]
        if self.ability != self.card:  # an event's ability is the event itself: its code says it once
            words.append(self.ability)
        words += ["on", self.trigger]
        if self.ability_code:
            words.append(self.ability_code)
        for name, seat in (("by", self.by), ("against", self.against), ("of", self.of)):
            if seat is not None:
                words += [name, seat_word(seat)]
        if self.col is not None:
            words += ["in", str(self.col)]
        if self.target:
            # Without a condition, rules.md's own wording: `… against me if target queen`.
            words += ["target", self.target] if self.condition else ["if", "target", self.target]
        if self.condition:
            words += ["if", self.condition] + ([str(self.margin)] if self.margin != 1 else [])
        if self.ask:
            words.append("ask")
        return " ".join(words)


@dataclass(frozen=True)
class Orders:
    """A seat's standing orders. `uses` holds (order, on) pairs in priority order."""

    pay: tuple[str, ...] = DEFAULT_PAY
    pay_ask: bool = False
    keep: tuple[str, ...] = ()
    grid_ask: bool = False
    window_ask: bool = False
    uses: tuple[tuple[UseOrder, bool], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "pay": list(self.pay),
            "pay_ask": self.pay_ask,
            "keep": list(self.keep),
            "grid_ask": self.grid_ask,
            "window_ask": self.window_ask,
            "uses": [{"order": _use_dict(order), "on": on} for order, on in self.uses],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Orders:
        return cls(
            pay=tuple(d.get("pay", DEFAULT_PAY)),
            pay_ask=bool(d.get("pay_ask")),
            keep=tuple(d.get("keep", ())),
            grid_ask=bool(d.get("grid_ask")),
            window_ask=bool(d.get("window_ask")),
            uses=tuple((UseOrder(**u["order"]), bool(u.get("on", True))) for u in d.get("uses", ())),
        )

    def lines(self) -> list[str]:
        """The numbered listing that `orders` replies with. A setting asked for with `ask` follows its
        line after `;`, the command separator, so every line reads as commands that rebuild it."""
        pay = "order pay " + " ".join(self.pay) + ("; order pay ask" if self.pay_ask else "")
        keep = "order keep " + (" ".join(self.keep) if self.keep else "none")
        grid = (
            "order grid "
            + ("ask" if self.grid_ask else "auto")
            + ("; order window ask" if self.window_ask else "")
        )
        rows = [pay, keep, grid] + [
            "order " + order.text() + ("" if on else "  (off)") for order, on in self.uses
        ]
        return [f"{n}  {row}" for n, row in enumerate(rows, start=1)]


def _use_dict(order: UseOrder) -> dict[str, Any]:
    return {name: getattr(order, name) for name in UseOrder.__dataclass_fields__}


def seat_word(seat: int) -> str:
    return "me" if seat == 0 else f"p{seat}"


def parse_seat(word: str, seat_count: int) -> int | None:
    """A seat word's label: p3 -> 3 (when the table has a third seat), me -> 0; None for anything else."""
    word = word.lower()
    if word == "me":
        return 0
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        label = int(word[1:])
        if 1 <= label <= seat_count:
            return label
    return None


def default_orders(deck_codes: Collection[str]) -> Orders:
    """The orders every seat starts with (rules.md, "Standing orders at the start of a game"): the
    defending `boost` of the deck's Trapdoor Spider or Snapping Turtle, on."""
    uses = tuple(
        (UseOrder(code, "boost", "defend"), True) for code in ("trapdoor", "turtle") if code in deck_codes
    )
    return Orders(uses=uses)


def apply_order(
    orders: Orders,
    text: str,
    deck_codes: Collection[str],
    seat_count: int,
    own_label: int,
    names: Mapping[str, int] | None = None,
) -> Orders:
    """The orders after one `order …` line (the text after the word `order`); OrderError if refused.
    `names` maps lower-case player names to their seat labels, for orders written with names."""
    words = text.lower().split()
    if words[:1] == ["order"]:
        words = words[1:]
    if not words:
        raise OrderError("which order? Use pay, keep, grid, window, use, off, on, drop or up")
    verb, rest = words[0], words[1:]
    if verb == "pay":
        return _pay(orders, rest)
    if verb == "keep":
        return replace(orders, keep=_keep(rest, deck_codes))
    if verb in ("grid", "window"):
        if rest not in (["ask"], ["auto"]):
            raise OrderError(f"write `order {verb} ask` or `order {verb} auto`")
        asked = rest == ["ask"]
        return replace(orders, grid_ask=asked) if verb == "grid" else replace(orders, window_ask=asked)
    if verb == "use":
        seats = _Seats(seat_count, own_label, names or {})
        return _add_use(orders, _parse_use(rest, deck_codes, seats))
    if verb in ("off", "on", "drop", "up"):
        return _by_number(orders, verb, rest)
    raise OrderError(f"`{verb}` is not an order: use pay, keep, grid, window, use, off, on, drop or up")


def _pay(orders: Orders, rest: list[str]) -> Orders:
    if rest in (["ask"], ["auto"]):
        return replace(orders, pay_ask=rest == ["ask"])
    if not rest:
        raise OrderError("name the payment sources in order: discard, draw, hand, reserve, play")
    for word in rest:
        if word not in SOURCES:
            raise OrderError(f"`{word}` is not a payment source: use discard, draw, hand, reserve or play")
        if rest.count(word) > 1:
            raise OrderError(f"`{word}` is named twice")
    return replace(orders, pay=tuple(rest))


def _keep(rest: list[str], deck_codes: Collection[str]) -> tuple[str, ...]:
    if rest == ["none"]:
        return ()
    if not rest:
        raise OrderError("name the hand cards to keep, or write `order keep none`")
    codes: list[str] = []
    for word in rest:
        code = _deck_card(word, deck_codes)
        if code not in codes:
            codes.append(code)
    return tuple(codes)


def _known_card(word: str) -> str:
    code = code_for(word)
    if code is None:
        raise OrderError(f"there is no card called `{word}`")
    return code


def _deck_card(word: str, deck_codes: Collection[str]) -> str:
    code = _known_card(word)
    if code not in deck_codes:
        raise OrderError(f"your deck has no {code}")
    return code


@dataclass(frozen=True)
class _Seats:
    count: int
    own: int
    names: Mapping[str, int]

    def parse(self, word: str, filter_word: str) -> int:
        seat = parse_seat(word, self.count)
        if seat is None:
            seat = self.names.get(word)
        if seat is None:
            raise OrderError(f"`{filter_word}` needs a seat: p1 to p{self.count}, or me; `{word}` is none")
        return 0 if seat == self.own else seat  # the seat's own label is `me`, so both read alike


def _parse_use(words: list[str], deck_codes: Collection[str], seats: _Seats) -> UseOrder:
    if not words:
        raise OrderError("write `order use <card> [<ability>] on <trigger> …`")
    code = _deck_card(words[0], deck_codes)
    if "on" not in words[1:3]:
        raise OrderError("write `on <trigger>` after the card: `order use <card> [<ability>] on <trigger> …`")
    on_at = words.index("on", 1)  # pragma: no mutate (words[0] is a card code, never `on`)
    ability = _ability(code, words[1] if on_at == 2 else None)
    trigger = words[on_at + 1] if len(words) > on_at + 1 else ""  # pragma: no mutate (none: refused below)
    if trigger not in TRIGGERS:
        raise OrderError(f"`on` needs a trigger: {', '.join(TRIGGERS)}")
    rest = words[on_at + 2 :]
    fields: dict[str, Any] = {}
    if trigger == "ability" and rest and rest[0] not in _FILTER_WORDS:
        fields["ability_code"] = _pending_card(rest.pop(0))
    while rest:
        word = rest.pop(0)
        if word == "if" and rest[:1] == ["target"]:
            continue  # `if target <code>` is the `target` filter, as rules.md's examples write it
        if word in fields or (word == "if" and "condition" in fields) or (word == "in" and "col" in fields):
            raise OrderError(f"`{word}` is written twice")
        if word in ("by", "against", "of"):
            fields[word] = seats.parse(_argument(rest, word), word)
        elif word == "in":
            fields["col"] = _column(_argument(rest, word))
        elif word == "target":
            fields["target"] = _target(_argument(rest, word))
        elif word == "if":
            fields["condition"] = _argument(rest, word)
            if fields["condition"] not in ("behind", "ahead"):
                raise OrderError("a condition is `if behind [<n>]` or `if ahead [<n>]`")
            if rest and rest[0].isdigit():
                fields["margin"] = _margin(rest.pop(0))
        elif word == "ask":
            fields["ask"] = True
        else:
            raise OrderError(f"`{word}` is not a filter: use by, against, of, in, target, if or ask")
    order = UseOrder(card=code, ability=ability.name, trigger=trigger, **fields)
    _check_fits(order, ability, deck_codes)
    return order


def _argument(rest: list[str], word: str) -> str:
    if not rest:
        raise OrderError(f"`{word}` needs a word after it")
    return rest.pop(0)


def _column(word: str) -> int:
    if not (word.isdigit() and 1 <= int(word) <= 3):
        raise OrderError(f"`in` needs a column, 1 to 3; `{word}` is none")
    return int(word)


def _margin(word: str) -> int:
    margin = int(word)
    if not 1 <= margin <= 99:
        raise OrderError("a condition's margin is a number from 1 to 99")
    return margin


def _ability(code: str, word: str | None) -> Ability:
    abilities = card(code).abilities
    if not abilities:
        raise OrderError(f"{code} has no ability to use")
    for ability in abilities:
        if word is None or word == ability.name:
            return ability
    names = ", ".join(a.name for a in abilities)
    raise OrderError(f"{code} has no ability `{word}`; its ability is {names}")


def _target(word: str) -> str:
    code = _known_card(word)
    if card(code).is_event:
        raise OrderError(f"{code} is an event, never in play; `target {code}` can never fire")
    return code


def _pending_card(word: str) -> str:
    code = _known_card(word)
    if not card(code).abilities:
        raise OrderError(f"{code} has no ability, so it is never pending")
    return code


def _check_fits(order: UseOrder, ability: Ability, deck_codes: Collection[str]) -> None:
    """Refuse an order that no moment can ever fire (rules.md, "Standing orders")."""
    name, trigger = ability.name, order.trigger
    fragment = "on " + order.text().split(" on ", 1)[1]  # pragma: no mutate (a text holds ` on ` once)
    battle = trigger in BATTLE_TRIGGERS
    if ability.timing == "own_turn":
        raise OrderError(f"{name} is used in your own turn; `on {trigger}` can never fire")
    if ability.timing == "during_attacks" and not battle:
        raise OrderError(f"{name} is used during attacks; `on {trigger}` can never fire")
    stops = ability.requires == "pending_other"
    if stops and trigger in ("start", "end"):
        raise OrderError(f"{name} {_ROLE_WORDS['pending_other'][1]}; `on {trigger}` can never fire")
    if order.of is not None and trigger not in ("start", "end"):
        raise OrderError("`of` names whose turn it is: it is for `on start` and `on end`")
    if order.by is not None and trigger in ("start", "end"):
        raise OrderError(f"`by` is not for `on {trigger}`: write `of <seat>`, whose turn it is")
    if not battle:
        for word, value in (("against", order.against), ("in", order.col), ("target", order.target)):
            if value is not None:
                raise OrderError(f"`{word}` is for battles; `on {trigger}` has none")
        if order.condition:
            raise OrderError(f"`if {order.condition}` compares battle totals; `on {trigger}` has none")
        if stops and order.by == 0:
            raise OrderError(f"{name} {_ROLE_WORDS['pending_other'][1]}; `{fragment}` can never fire")
        if order.ask:
            raise OrderError(f"`ask` opens a window for a battle's defender; `on {trigger}` is no battle")
        return
    needed, words = _ROLE_WORDS.get(ability.requires, ({_A, _D, _B}, ""))
    roles = _battle_roles(order)
    if not roles:
        raise OrderError(f"`{fragment}` can never fire")
    if not roles & needed:
        raise OrderError(f"{name} {words}; `{fragment}` can never fire")
    if roles & needed == {_D} and order.target and order.target not in deck_codes:
        raise OrderError(f"your deck has no {order.target}; `{fragment}` can never fire")
    if order.ask and ability.source != "play":
        raise OrderError(f"`ask` opens a window for a card in play only; {order.card} is played from hand")
    if order.ask and _D not in roles & needed:
        raise OrderError(f"`ask` opens a window for the defender only; `{fragment}` never has {name} defend")


def _battle_roles(order: UseOrder) -> set[str]:
    """The roles the seat can hold in a battle that this order's trigger and filters accept."""
    roles = {"attack": {_A, _D, _B}, "defend": {_D}, "attacking": {_A}}[order.trigger]
    if order.by is not None:
        roles &= {_A} if order.by == 0 else {_D, _B}
    if order.against is not None:
        roles &= {_D} if order.against == 0 else {_A, _B}
    if order.by is not None and order.by == order.against:
        roles = set()  # a seat never attacks itself
    if order.col is not None or order.condition:
        roles -= {_B}  # own columns and own totals exist only for a seat in the battle
    return roles


def _add_use(orders: Orders, order: UseOrder) -> Orders:
    for n, (held, on) in enumerate(orders.uses, start=SETTING_LINES + 1):
        if held == order:
            hint = "" if on else f" (off: `order on {n}`)"
            raise OrderError(f"you have that order already: number {n}{hint}")
    return replace(orders, uses=orders.uses + ((order, True),))


def _by_number(orders: Orders, verb: str, rest: list[str]) -> Orders:
    last = SETTING_LINES + len(orders.uses)
    if len(rest) != 1 or not rest[0].isdigit():
        raise OrderError(f"`order {verb}` needs an order's number, as `orders` lists them")
    n = int(rest[0])
    if 1 <= n <= SETTING_LINES:
        raise OrderError(f"order {n} is a setting: change it with `{_SETTING_HINT[n]}`")
    if not SETTING_LINES < n <= last:  # pragma: no mutate (n <= SETTING_LINES is refused above)
        listed = f"{SETTING_LINES + 1} to {last}" if orders.uses else "none yet"
        raise OrderError(f"there is no order {n}; the use orders are numbered {listed}")
    uses = list(orders.uses)
    i = n - SETTING_LINES - 1
    if verb in ("off", "on"):
        uses[i] = (uses[i][0], verb == "on")
    elif verb == "drop":
        del uses[i]
    else:
        if i == 0:
            raise OrderError(f"order {n} is first already")
        uses[i - 1], uses[i] = uses[i], uses[i - 1]
    return replace(orders, uses=tuple(uses))


@dataclass(frozen=True)
class Moment:
    """A moment at which one seat's orders are polled. `by` is the acting seat (draw, move, attack,
    ability: its owner; start, end: whose turn). Battle moments carry the attacker, the defender, the
    seat's own columns in the battle, the attacked card's code and the totals so far, `mine` on the
    seat's side and `theirs` on the other (meaningful only when the seat attacks or defends)."""

    trigger: str
    me: int
    by: int | None = None
    attacker: int | None = None
    defender: int | None = None
    my_cols: tuple[int, ...] = ()
    target: str | None = None
    ability_code: str | None = None
    mine: int = 0
    theirs: int = 0


def wants(orders: Orders, moment: Moment) -> list[UseOrder]:
    """The seat's `on` use orders that match the moment, in priority order. `attack` matches every
    battle, `defend` one where the seat defends, `attacking` the seat's own battle."""
    return [order for order, on in orders.uses if on and _matches(order, moment)]


def _matches(order: UseOrder, m: Moment) -> bool:
    def seat(value: int | None) -> int | None:
        return m.me if value == 0 else value

    if m.trigger in BATTLE_TRIGGERS:
        attacker = m.attacker  # battle.moment names the attacker of every battle moment
        role = _A if attacker == m.me else _D if m.defender == m.me else _B
        if order.trigger not in BATTLE_TRIGGERS:
            return False
        if (order.trigger, role) in (("defend", _A), ("defend", _B), ("attacking", _D), ("attacking", _B)):
            return False
        if order.by is not None and seat(order.by) != attacker:
            return False
        if order.against is not None and seat(order.against) != m.defender:
            return False
        if order.col is not None and order.col not in m.my_cols:
            return False
        if order.target is not None and order.target != m.target:
            return False
        if order.condition:
            if role == _B:
                return False
            lead = m.mine - m.theirs if order.condition == "ahead" else m.theirs - m.mine
            return lead >= order.margin
        return True
    if order.trigger != m.trigger:
        return False
    if order.ability_code is not None and order.ability_code != m.ability_code:
        return False
    if order.of is not None and seat(order.of) != m.by:
        return False
    return order.by is None or seat(order.by) == m.by
