"""Parley: the rules, the state and the commands (pure Python, no Django).

Parley is the platform's second test kind: it proves that the site handles hidden hands, questions put to
other seats during someone's turn, several seats answering one question at once, and narration that
differs from reader to reader.

Rules
=====

Three players. The deck holds the cards 1 to 15, shuffled when the game starts (every step through
``dice.draw(n)``: a Fisher-Yates shuffle). Each seat is dealt 3 cards, its hidden hand; seat 0 (shown as
"Seat 1") gets a 4th, the first turn's draw. 5 cards stay in the deck. There is no setup phase.

Options: ``window_hours`` (1-72, default 24) is how long a question put to a seat out of turn may wait for
its answer; ``rounds`` (1-4, default 2) is how many turns each seat still in gets: then the game is over.

The seats play in turn, from seat 0. The turn number counts turns (1, 2, 3 ...), not decisions. At the
start of every turn but the game's first, the active seat draws the top card of the deck, if any is left
(only that seat learns which). On its turn the active seat may:

- ``ask <n>``: ask seat n (1-based: ``ask 2`` asks Seat 2), another seat still in that holds at least
  one card, for a card. At most 2 asks per turn, never the same seat twice in a turn. While the question
  is open the game waits only for the asked seat, which answers ``give <card>`` (that card moves from its
  hand to the asker's: only those two learn which) or ``refuse`` (public). When its time runs out it
  refuses.
- ``call``: once per turn, every other seat still in is asked at once "yes or no?". The answers are
  sealed: each is hidden from everyone else until the last one is in, then all are revealed together.
  At the reveal each seat that said yes gains 1 point if every asked seat said yes; the caller gains 1
  point for each no. While the call is open the game waits for the seats that have not answered yet;
  a seat whose time runs out answers no.
- ``play <card>``: lay a card from its hand face up, add its value to its score, and end the turn.
- ``end``: end the turn without playing.

While a question is open the active seat gives no command of its turn (it is told whom the game awaits).

Any seat still in may, at any time, whoever's turn it is:

- ``resign``: leave the game. A question put to it is answered with its default (refuse; no); a seat
  that resigns on its own turn withdraws its open question (sealed answers stay sealed) and the turn
  passes. Its cards stay in its hand, out of play.
- ``order give lowest|refuse|off`` and ``order call yes|no|off``: standing orders, secret to their owner.
  An order answers a question the moment it is asked (``give lowest``: the lowest card of the hand), so
  a question whose asked seats all have orders closes at once, inside the asker's command; ``off`` lets
  the question wait for the seat's own answer. An order answers questions asked after it, never one
  already open.

The game ends when every seat still in has had ``rounds`` turns, or when one seat is left. The winner is
the seat still in with the highest score; ties are broken by fewer cards in hand, then by the lower seat.
Seats that resigned are placed after every seat still in, by the same order.

Commands are case-insensitive. One submission may hold several commands separated by ``;`` or new lines:
at most 20 commands and 1000 characters.

Events are plain dicts: ``ask`` (seat, to, number), ``give`` (from, to, card: known to those two only),
``refuse`` (seat, to), ``call`` (seat, to: the asked seats), ``answer`` (seat, answer: sealed until the
``reveal``), ``reveal`` (seat: the caller, answers: {seat: answer}), ``score`` (seat, points, score),
``play`` (seat, card, score), ``pass`` (seat, to, turn), ``draw`` (seat, card: known to that seat only),
``withdraw`` (seat), ``resign`` (seat), ``order`` (seat: its content is never in the event) and ``win``
(seat, score). An event answered by a standing order carries ``"order": true``. Every command but
``order`` cannot be undone: it draws, passes the turn, or puts or answers a question to another seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.kinds.protocol import (
    BadOptions,
    Dice,
    Event,
    Narration,
    Prompt,
    Refused,
    SeatOutcome,
    split_submission,
)

PLAYERS = 3
CARDS = 15
HAND = 3
DEFAULT_WINDOW_HOURS = 24
MIN_WINDOW_HOURS = 1
MAX_WINDOW_HOURS = 72
DEFAULT_ROUNDS = 2
MIN_ROUNDS = 1
MAX_ROUNDS = 4
MAX_ASKS = 2
MAX_COMMANDS = 20
MAX_TEXT = 1000

# A question's two kinds and its default answer when its time runs out or the asked seat resigns.
ASK = "ask"
CALL = "call"
ASK_DEFAULT = "refuse"
CALL_DEFAULT = "no"
# A sealed answer another seat gave, as bot_state holds it: answered, the answer unknown.
SEALED = "?"
GIVE_ORDERS = ("lowest", "refuse", "off")
CALL_ORDERS = ("yes", "no", "off")
ORDER_HELP = "order give lowest|refuse|off, order call yes|no|off"

VERBS = ("ask", "give", "refuse", "call", "yes", "no", "play", "end", "resign", "order")
ANYTIME = ("resign", "order")


@dataclass(frozen=True)
class Question:
    """A question put to other seats during the asker's turn."""

    kind: str  # ASK or CALL
    asker: int
    seats: tuple[int, ...]  # the seats asked, in the order they are asked (turn order after the asker)
    number: int = 0  # an ask's number in its turn (1 or 2); 0 for a call
    # A call's answers by `seats`' order: None until given, then "yes" or "no" (SEALED in a bot's state).
    answers: tuple[str | None, ...] = ()

    def unanswered(self) -> tuple[int, ...]:
        if self.kind == ASK:
            return self.seats
        return tuple(s for s, a in zip(self.seats, self.answers, strict=True) if a is None)

    def answer_of(self, seat: int) -> str | None:
        return self.answers[self.seats.index(seat)] if self.kind == CALL and seat in self.seats else None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "asker": self.asker, "seats": list(self.seats), "number": self.number,
                "answers": list(self.answers)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Question:
        kind = str(data["kind"])
        seats = tuple(int(s) for s in data["seats"])
        answers = tuple(None if a is None else str(a) for a in data.get("answers", ()))
        if kind not in (ASK, CALL) or not seats:
            raise ValueError(f"a parley question is an ask or a call to at least one seat, not {kind}")
        if kind == CALL and len(answers) != len(seats):
            raise ValueError("a call has one answer (or None) per seat it asks")
        if any(a not in (None, "yes", "no", SEALED) for a in answers):
            raise ValueError("a call's answers are yes, no or unknown")
        return cls(kind=kind, asker=int(data["asker"]), seats=seats, number=int(data.get("number", 0)),
                   answers=answers)


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


@dataclass(frozen=True)
class ParleyState:
    """A whole game of parley: JSON-safe through to_dict/from_dict. Hands are kept sorted."""

    window_hours: int = DEFAULT_WINDOW_HOURS
    rounds: int = DEFAULT_ROUNDS
    hands: tuple[tuple[int, ...], ...] = ((), (), ())  # hidden: each seat sees only its own
    deck: tuple[int, ...] = ()  # hidden: the top card is deck[0]
    played: tuple[tuple[int, ...], ...] = ((), (), ())  # face up, in the order laid
    scores: tuple[int, ...] = (0, 0, 0)
    out: tuple[bool, ...] = (False, False, False)
    turns_had: tuple[int, ...] = (0, 0, 0)  # turns each seat has finished
    active: int = 0
    turn: int = 1
    asked: tuple[int, ...] = ()  # the seats the active seat has asked this turn
    called: bool = False  # the active seat has called this turn
    question: Question | None = None
    give_orders: tuple[str, ...] = ("off", "off", "off")  # hidden: each seat sees only its own
    call_orders: tuple[str, ...] = ("off", "off", "off")  # hidden: each seat sees only its own
    phase: str = "play"  # "play" or "over"
    winner: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "window_hours": self.window_hours,
            "rounds": self.rounds,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "played": [list(p) for p in self.played],
            "scores": list(self.scores),
            "out": list(self.out),
            "turns_had": list(self.turns_had),
            "active": self.active,
            "turn": self.turn,
            "asked": list(self.asked),
            "called": self.called,
            "question": None if self.question is None else self.question.to_dict(),
            "give_orders": list(self.give_orders),
            "call_orders": list(self.call_orders),
            "phase": self.phase,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ParleyState:
        per_seat = {key: data[key] for key in ("hands", "played", "scores", "out", "turns_had", "give_orders",
                                               "call_orders")}
        if any(len(values) != PLAYERS for values in per_seat.values()):
            raise ValueError(f"a parley state has {PLAYERS} seats")
        give_orders = tuple(str(o) for o in data["give_orders"])
        call_orders = tuple(str(o) for o in data["call_orders"])
        if any(o not in GIVE_ORDERS for o in give_orders) or any(o not in CALL_ORDERS for o in call_orders):
            raise ValueError("unknown standing order in a parley state")
        question = data.get("question")
        winner = data.get("winner")
        return cls(
            window_hours=int(data["window_hours"]),
            rounds=int(data["rounds"]),
            hands=tuple(tuple(sorted(_ints(h))) for h in data["hands"]),
            deck=_ints(data["deck"]),
            played=tuple(_ints(p) for p in data["played"]),
            scores=_ints(data["scores"]),
            out=tuple(bool(o) for o in data["out"]),
            turns_had=_ints(data["turns_had"]),
            active=int(data["active"]),
            turn=int(data["turn"]),
            asked=_ints(data["asked"]),
            called=bool(data["called"]),
            question=None if question is None else Question.from_dict(question),
            give_orders=give_orders,
            call_orders=call_orders,
            phase=str(data["phase"]),
            winner=None if winner is None else int(winner),
        )


# === OPTIONS ===

OPTION_RANGES = {
    "window_hours": (MIN_WINDOW_HOURS, MAX_WINDOW_HOURS, DEFAULT_WINDOW_HOURS),
    "rounds": (MIN_ROUNDS, MAX_ROUNDS, DEFAULT_ROUNDS),
}


def default_options() -> dict[str, Any]:
    return {name: default for name, (_low, _high, default) in OPTION_RANGES.items()}


def check_options(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    if players != PLAYERS:
        raise BadOptions(f"Parley is for {PLAYERS} players, not {players}.")
    unknown = sorted(str(k) for k in options if k not in OPTION_RANGES)
    if unknown:
        raise BadOptions(f"Parley has no option {', '.join(unknown)}; its options are window_hours "
                         f"({MIN_WINDOW_HOURS}-{MAX_WINDOW_HOURS}) and rounds ({MIN_ROUNDS}-{MAX_ROUNDS}).")
    checked: dict[str, Any] = {}
    for name, (low, high, default) in OPTION_RANGES.items():
        value = options.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadOptions(f"{name} must be a whole number from {low} to {high}, not {value!r}.")
        checked[name] = value
    return checked


def describe_options(options: Mapping[str, Any]) -> str:
    rounds = int(options.get("rounds", DEFAULT_ROUNDS))
    hours = int(options.get("window_hours", DEFAULT_WINDOW_HOURS))
    return f"{rounds} round{'s' if rounds != 1 else ''}, {hours} h to answer"


# === STATE ===

def new_state(options: Mapping[str, Any], players: int, dice: Dice) -> ParleyState:
    """A new game: the deck shuffled through `dice.draw` (Fisher-Yates), 3 cards dealt to each seat in
    turn and a 4th to seat 0 (the first turn's draw)."""
    checked = check_options(options, players)
    deck = list(range(1, CARDS + 1))
    for i in range(len(deck) - 1, 0, -1):
        j = int(dice.draw(i + 1))
        if not 0 <= j <= i:
            raise ValueError(f"dice.draw({i + 1}) gave {j}, outside 0..{i}")
        deck[i], deck[j] = deck[j], deck[i]
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    for k in range(HAND * PLAYERS):
        hands[k % PLAYERS].append(deck[k])
    hands[0].append(deck[HAND * PLAYERS])
    return ParleyState(window_hours=checked["window_hours"], rounds=checked["rounds"],
                       hands=tuple(tuple(sorted(h)) for h in hands), deck=tuple(deck[HAND * PLAYERS + 1:]))


def to_act(state: ParleyState) -> tuple[int, ...]:
    if state.phase != "play":
        return ()
    if state.question is not None:
        return state.question.unanswered()
    return (state.active,)


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def and_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def prompts(state: ParleyState, names: Sequence[str] | None) -> list[Prompt]:
    """One prompt per seat of to_act: the active seat's turn keyed by the turn number; an ask keyed by
    the turn and the ask's number in it; a call by the turn (one call per turn)."""
    question = state.question
    if state.phase != "play":
        return []
    if question is None:
        return [Prompt(state.active, str(state.turn), "it is your turn", own_turn=True, seconds=None)]
    asker = seat_name(question.asker, names)
    seconds = state.window_hours * 3600
    if question.kind == ASK:
        return [Prompt(seat, f"{state.turn}-a{question.number}",
                       f"{asker} asks you for a card: give <card> or refuse", own_turn=False,
                       seconds=seconds, default=ASK_DEFAULT) for seat in question.unanswered()]
    return [Prompt(seat, f"{state.turn}-c", f"{asker} calls: yes or no?", own_turn=False, seconds=seconds,
                   default=CALL_DEFAULT) for seat in question.unanswered()]


def seat_outcome(state: ParleyState, seat: int) -> SeatOutcome:
    if state.out[seat]:
        return SeatOutcome("resigned")
    if state.phase == "over":
        return SeatOutcome("won" if state.winner == seat else "lost")
    return SeatOutcome("playing")


def places(state: ParleyState) -> list[int]:
    """Seats still in, best first (highest score, then fewer cards, then the lower seat), then the seats
    that resigned by the same order."""
    def key(seat: int) -> tuple[bool, int, int, int]:
        return state.out[seat], -state.scores[seat], len(state.hands[seat]), seat

    return sorted(range(PLAYERS), key=key)


def result(state: ParleyState, events: Sequence[Event]) -> dict[str, Any]:
    del events  # the state says it all
    if state.phase != "over" or state.winner is None:
        return {"winner": None, "places": []}
    return {"winner": state.winner, "places": places(state)}


def tallies(state: ParleyState) -> dict[int, dict[str, int]]:
    return {seat: {"Score": state.scores[seat], "Cards": len(state.hands[seat])} for seat in range(PLAYERS)}


# === COMMANDS ===

def split(text: str) -> list[str]:
    """One submission into commands: separated by `;` or new lines, at most 20 and 1000 characters."""
    return split_submission(text, most=MAX_COMMANDS, longest=MAX_TEXT,
                            examples="ask 2, call, play 7, end, give 7, refuse, yes, no, resign or an order")


def _verb(command: str) -> str:
    words = command.split()
    return words[0].lower() if words else ""


def command_words() -> tuple[str, ...]:
    return VERBS


def is_command(text: str) -> bool:
    return _verb(text) in VERBS


def anytime(command: str) -> bool:
    return _verb(command) in ANYTIME


def is_order(command: str) -> bool:
    return _verb(command) == "order"


def _can_be_asked(state: ParleyState, seat: int, target: int) -> bool:
    return (target != seat and 0 <= target < PLAYERS and not state.out[target] and bool(state.hands[target])
            and target not in state.asked and len(state.asked) < MAX_ASKS)


def legal_commands(state: ParleyState, seat: int) -> list[str]:
    """The canonical commands `seat` may give now. Standing orders are always possible for a seat still in
    and are not listed (like the race kind's notes); resign is."""
    if state.phase != "play" or not 0 <= seat < PLAYERS or state.out[seat]:
        return []
    question = state.question
    if question is not None:
        if seat in question.unanswered():
            if question.kind == ASK:
                return [f"give {card}" for card in state.hands[seat]] + ["refuse", "resign"]
            return ["yes", "no", "resign"]
        return ["resign"]
    if seat != state.active:
        return ["resign"]
    asks = [f"ask {target + 1}" for target in range(PLAYERS) if _can_be_asked(state, seat, target)]
    call = [] if state.called else ["call"]
    plays = [f"play {card}" for card in state.hands[seat]]
    return asks + call + plays + ["end", "resign"]


def timeout_commands(state: ParleyState, seat: int) -> list[str]:
    """What the clock plays for an awaited seat out of time: the active seat ends its turn, an asked seat
    refuses, a called seat answers no."""
    if seat not in to_act(state):
        return []
    question = state.question
    if question is None:
        return ["end"]
    return [ASK_DEFAULT] if question.kind == ASK else [CALL_DEFAULT]


def leave_commands(state: ParleyState, seat: int) -> list[str]:
    del state, seat
    return ["resign"]


def undo_barrier(command: str, events: Sequence[Event]) -> bool:
    """Every command but a standing order draws, passes the turn or puts or answers a question to another
    seat: none of that can be taken back."""
    return not is_order(command) or any(event.get("type") != "order" for event in events)


def _legal_text(state: ParleyState, seat: int) -> str:
    legal = legal_commands(state, seat)
    if not legal:
        return "nothing"
    return ", ".join(legal + [ORDER_HELP])


def _cards(cards: Sequence[int]) -> str:
    return ", ".join(str(c) for c in cards) if cards else "no card"


def _card(args: list[str], verb: str) -> int:
    if len(args) != 1 or not args[0].isdigit():
        raise Refused(f"'{verb}' takes one card's value: {verb} <card>, such as {verb} 7.")
    return int(args[0])


def play(state: ParleyState, seat: int, command: str, dice: Dice | None) -> tuple[ParleyState, list[Event]]:
    """One command for `seat`: the new state and its events. Refused changes nothing; `state` is frozen.
    Nothing is drawn at random after the deal, so `dice` is not read."""
    del dice
    if not 0 <= seat < PLAYERS:
        raise Refused(f"There is no seat {seat + 1} in parley.")
    words = command.split()
    if not words:
        raise Refused(f"Empty command. Legal now: {_legal_text(state, seat)}.")
    verb, args = words[0].lower(), words[1:]
    if state.phase != "play":
        raise Refused("The game is over.")
    if state.out[seat]:
        raise Refused("You are out of this game.")
    if verb not in VERBS:
        raise Refused(f"Unknown command '{words[0]}'. Legal now: {_legal_text(state, seat)}.")
    if verb == "order":
        return _order(state, seat, args)
    if verb in ("give", "play", "ask"):
        pass  # they take an argument, checked below
    elif args:
        raise Refused(f"'{verb}' takes nothing after it. Legal now: {_legal_text(state, seat)}.")
    if verb == "resign":
        return _resign(state, seat)
    question = state.question
    if question is not None:
        return _answer(state, seat, verb, args, question)
    if verb in ("give", "refuse", "yes", "no"):
        raise Refused(f"Nobody has asked you anything. Legal now: {_legal_text(state, seat)}.")
    if seat != state.active:
        raise Refused(f"It is {seat_name(state.active)}'s turn. You may resign or set a standing order "
                      f"({ORDER_HELP}).")
    if verb == "ask":
        return _ask(state, seat, args)
    if verb == "call":
        return _call(state, seat)
    if verb == "play":
        return _play(state, seat, _card(args, "play"))
    return _end_turn(state, [])


def _answer(state: ParleyState, seat: int, verb: str, args: list[str],
            question: Question) -> tuple[ParleyState, list[Event]]:
    """A command while a question is open: only its answer from a seat it awaits."""
    awaited = question.unanswered()
    names = and_list([seat_name(s) for s in awaited])
    if seat not in awaited:
        if seat == question.asker:
            raise Refused(f"Waiting for {names} to answer your {question.kind} first; meanwhile you may "
                          f"resign or set a standing order ({ORDER_HELP}).")
        if question.kind == CALL and seat in question.seats:
            raise Refused(f"You have answered {seat_name(question.asker)}'s call; the answers are revealed "
                          f"once {names} {'has' if len(awaited) == 1 else 'have'} answered.")
        raise Refused(f"Waiting for {names} to answer {seat_name(question.asker)}; meanwhile you may resign "
                      f"or set a standing order ({ORDER_HELP}).")
    asker = seat_name(question.asker)
    if question.kind == ASK:
        if verb == "refuse":
            return _close_ask(state, seat, "refuse", None, order=False)
        if verb != "give":
            raise Refused(f"{asker} asks you for a card: give <card> (you hold {_cards(state.hands[seat])}) "
                          f"or refuse.")
        card = _card(args, "give")
        if card not in state.hands[seat]:
            raise Refused(f"You hold no {card}: give one of {_cards(state.hands[seat])}, or refuse.")
        return _close_ask(state, seat, "give", card, order=False)
    if verb not in ("yes", "no"):
        raise Refused(f"{asker} calls: answer yes or no.")
    return _answer_call(state, seat, verb, order=False)


# --- asking for a card ---

def _ask(state: ParleyState, seat: int, args: list[str]) -> tuple[ParleyState, list[Event]]:
    if len(args) != 1 or not args[0].isdigit():
        raise Refused(f"'ask' takes a seat's number: ask <n>. Legal now: {_legal_text(state, seat)}.")
    target = int(args[0]) - 1
    if target == seat or not 0 <= target < PLAYERS:
        raise Refused(f"Ask another seat, by its number from 1 to {PLAYERS}. Legal now: "
                      f"{_legal_text(state, seat)}.")
    if state.out[target]:
        raise Refused(f"{seat_name(target)} is out of the game.")
    if not state.hands[target]:
        raise Refused(f"{seat_name(target)} holds no card.")
    if len(state.asked) >= MAX_ASKS:
        raise Refused(f"You have asked {MAX_ASKS} times this turn, the most a turn allows.")
    if target in state.asked:
        raise Refused(f"You have already asked {seat_name(target)} this turn.")
    number = len(state.asked) + 1
    question = Question(ASK, seat, (target,), number=number)
    new = replace(state, asked=state.asked + (target,), question=question)
    events: list[Event] = [{"type": "ask", "seat": seat, "to": target, "number": number}]
    order = state.give_orders[target]
    if order == "off":
        return new, events
    if order == "lowest":
        new, more = _close_ask(new, target, "give", min(new.hands[target]), order=True)
    else:
        new, more = _close_ask(new, target, "refuse", None, order=True)
    return new, events + more


def _close_ask(state: ParleyState, seat: int, answer: str, card: int | None, *,
               order: bool) -> tuple[ParleyState, list[Event]]:
    """The asked seat's answer: the card moves to the asker's hand, or the ask is refused."""
    assert state.question is not None
    asker = state.question.asker
    mark: Event = {"order": True} if order else {}
    if answer == "refuse" or card is None:
        return replace(state, question=None), [{"type": "refuse", "seat": seat, "to": asker, **mark}]
    hands = list(state.hands)
    mine = list(hands[seat])
    mine.remove(card)
    hands[seat] = tuple(mine)
    hands[asker] = tuple(sorted(hands[asker] + (card,)))
    new = replace(state, hands=tuple(hands), question=None)
    return new, [{"type": "give", "from": seat, "to": asker, "card": card, **mark}]


# --- calling ---

def _around(state: ParleyState, seat: int) -> tuple[int, ...]:
    """The other seats still in, in turn order after `seat`."""
    following = [(seat + k) % PLAYERS for k in range(1, PLAYERS)]
    return tuple(s for s in following if not state.out[s])


def _call(state: ParleyState, seat: int) -> tuple[ParleyState, list[Event]]:
    if state.called:
        raise Refused(f"You have already called this turn. Legal now: {_legal_text(state, seat)}.")
    seats = _around(state, seat)
    question = Question(CALL, seat, seats, answers=tuple(None for _ in seats))
    new = replace(state, called=True, question=question)
    events: list[Event] = [{"type": "call", "seat": seat, "to": list(seats)}]
    for target in seats:
        order = state.call_orders[target]
        if order != "off" and new.question is not None:
            new, more = _answer_call(new, target, order, order=True)
            events += more
    return new, events


def _answer_call(state: ParleyState, seat: int, answer: str, *, order: bool,
                 default: bool = False) -> tuple[ParleyState, list[Event]]:
    """One sealed answer; the last one reveals them all and scores."""
    question = state.question
    assert question is not None and question.kind == CALL
    answers = list(question.answers)
    answers[question.seats.index(seat)] = answer
    question = replace(question, answers=tuple(answers))
    event: Event = {"type": "answer", "seat": seat, "answer": answer}
    if order:
        event["order"] = True
    if default:
        event["default"] = True
    events: list[Event] = [event]
    if question.unanswered():
        return replace(state, question=question), events
    new, more = _reveal(replace(state, question=None), question)
    return new, events + more


def _reveal(state: ParleyState, question: Question) -> tuple[ParleyState, list[Event]]:
    given = dict(zip(question.seats, question.answers, strict=True))
    events: list[Event] = [{"type": "reveal", "seat": question.asker,
                            "answers": {str(s): a for s, a in given.items()}}]
    if all(a == "yes" for a in given.values()):
        gains = {s: 1 for s in question.seats}
    else:
        noes = sum(1 for a in given.values() if a == "no")
        gains = {question.asker: noes} if noes else {}
    scores = list(state.scores)
    for seat in sorted(gains):
        scores[seat] += gains[seat]
        events.append({"type": "score", "seat": seat, "points": gains[seat], "score": scores[seat]})
    return replace(state, scores=tuple(scores)), events


# --- playing, ending the turn ---

def _play(state: ParleyState, seat: int, card: int) -> tuple[ParleyState, list[Event]]:
    if card not in state.hands[seat]:
        raise Refused(f"You hold no {card}: play one of {_cards(state.hands[seat])}.")
    hands = list(state.hands)
    mine = list(hands[seat])
    mine.remove(card)
    hands[seat] = tuple(mine)
    played = list(state.played)
    played[seat] = played[seat] + (card,)
    scores = list(state.scores)
    scores[seat] += card
    new = replace(state, hands=tuple(hands), played=tuple(played), scores=tuple(scores))
    return _end_turn(new, [{"type": "play", "seat": seat, "card": card, "score": scores[seat]}])


def _end_turn(state: ParleyState, events: list[Event]) -> tuple[ParleyState, list[Event]]:
    """The active seat has had its turn."""
    turns_had = list(state.turns_had)
    turns_had[state.active] += 1
    return _next_turn(replace(state, turns_had=tuple(turns_had)), events)


def _next_turn(state: ParleyState, events: list[Event]) -> tuple[ParleyState, list[Event]]:
    """The next seat still in that has turns left starts its turn and draws; none: the game is over."""
    left = [s for s in range(PLAYERS) if not state.out[s]]
    following = [(state.active + k) % PLAYERS for k in range(1, PLAYERS + 1)]
    nxt = next((s for s in following if not state.out[s] and state.turns_had[s] < state.rounds), None)
    if len(left) <= 1 or nxt is None:
        return _game_over(state, events)
    new = replace(state, active=nxt, turn=state.turn + 1, asked=(), called=False, question=None)
    events = events + [{"type": "pass", "seat": state.active, "to": nxt, "turn": new.turn}]
    if new.deck:
        card, deck = new.deck[0], new.deck[1:]
        hands = list(new.hands)
        hands[nxt] = tuple(sorted(hands[nxt] + (card,)))
        new = replace(new, hands=tuple(hands), deck=deck)
        events.append({"type": "draw", "seat": nxt, "card": card})
    return new, events


def _game_over(state: ParleyState, events: list[Event]) -> tuple[ParleyState, list[Event]]:
    over = replace(state, phase="over", question=None)
    winner = places(over)[0]
    over = replace(over, winner=winner)
    return over, events + [{"type": "win", "seat": winner, "score": over.scores[winner]}]


# --- any time ---

def _order(state: ParleyState, seat: int, args: list[str]) -> tuple[ParleyState, list[Event]]:
    what = [a.lower() for a in args]
    if len(what) == 2 and what[0] == "give" and what[1] in GIVE_ORDERS:
        orders = list(state.give_orders)
        orders[seat] = what[1]
        return replace(state, give_orders=tuple(orders)), [{"type": "order", "seat": seat}]
    if len(what) == 2 and what[0] == "call" and what[1] in CALL_ORDERS:
        orders = list(state.call_orders)
        orders[seat] = what[1]
        return replace(state, call_orders=tuple(orders)), [{"type": "order", "seat": seat}]
    raise Refused(f"A standing order reads {ORDER_HELP}.")


def _resign(state: ParleyState, seat: int) -> tuple[ParleyState, list[Event]]:
    out = list(state.out)
    out[seat] = True
    new = replace(state, out=tuple(out))
    events: list[Event] = [{"type": "resign", "seat": seat}]
    question = state.question
    if seat == state.active:
        if question is not None:
            events.append({"type": "withdraw", "seat": seat})
        return _next_turn(replace(new, question=None), events)
    if question is not None and seat in question.unanswered():
        if question.kind == ASK:
            new, more = _close_ask(new, seat, ASK_DEFAULT, None, order=False)
        else:
            new, more = _answer_call(new, seat, CALL_DEFAULT, order=False, default=True)
        events += more
    if sum(1 for o in new.out if not o) <= 1:
        return _game_over(new, events)
    return new, events


# === WHAT PEOPLE SEE ===

def view(state: ParleyState, seat: int | None) -> dict[str, Any]:
    """The state as `seat` may see it (None: a spectator): its own hand and orders, everyone's hand sizes,
    the deck's size, and of an open call who has answered (its own answer only to the seat that gave it)."""
    me = seat if seat is not None and 0 <= seat < PLAYERS else None
    question = state.question
    shown: dict[str, Any] | None = None
    if question is not None:
        shown = {"kind": question.kind, "asker": question.asker, "seats": list(question.seats),
                 "number": question.number,
                 "answered": [s for s in question.seats if s not in question.unanswered()],
                 "my_answer": question.answer_of(me) if me is not None else None}
    return {
        "seat": me,
        "window_hours": state.window_hours,
        "rounds": state.rounds,
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "winner": state.winner,
        "scores": list(state.scores),
        "out": list(state.out),
        "turns_had": list(state.turns_had),
        "played": [list(p) for p in state.played],
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "hand": list(state.hands[me]) if me is not None else None,
        "asked": list(state.asked),
        "called": state.called,
        "question": shown,
        "orders": {"give": state.give_orders[me], "call": state.call_orders[me]} if me is not None else None,
    }


PLACEHOLDER = 0  # a card another seat holds, or in the deck, as a bot's state holds it: never a real card


def state_from_view(data: Mapping[str, Any]) -> ParleyState:
    """A state a bot (and legal_commands) can read, built from a view alone: the cards the viewer may not
    see are placeholders of the right count, the others' orders are off and their sealed answers unknown."""
    me = data["seat"]
    hands = [[PLACEHOLDER] * int(size) for size in data["hand_sizes"]]
    if me is not None:
        hands[me] = [int(c) for c in data["hand"]]
    give_orders = ["off"] * PLAYERS
    call_orders = ["off"] * PLAYERS
    if me is not None:
        give_orders[me] = str(data["orders"]["give"])
        call_orders[me] = str(data["orders"]["call"])
    shown = data["question"]
    question: dict[str, Any] | None = None
    if shown is not None:
        answers: list[str | None] = []
        if shown["kind"] == CALL:
            answers = [(shown["my_answer"] if s == me else SEALED) if s in shown["answered"] else None
                       for s in shown["seats"]]
        question = {"kind": shown["kind"], "asker": shown["asker"], "seats": shown["seats"],
                    "number": shown["number"], "answers": answers}
    public = ("window_hours", "rounds", "played", "scores", "out", "turns_had", "active", "turn", "asked",
              "called", "phase", "winner")
    return ParleyState.from_dict({
        **{key: data[key] for key in public},
        "hands": hands,
        "deck": [PLACEHOLDER] * int(data["deck_size"]),
        "question": question,
        "give_orders": give_orders,
        "call_orders": call_orders,
    })


def bot_state(state: ParleyState, seat: int) -> ParleyState:
    return state_from_view(view(state, seat))


def _points(score: int) -> str:
    return f"{score} point{'' if score == 1 else 's'}"


def _standing(event: Event) -> str:
    return " (standing order)" if event.get("order") else ""


def describe(event: Event, state: ParleyState, names: Sequence[str] | None) -> str:
    """One event in the words every reader may read: no drawn or given card, no sealed answer before
    the reveal, nothing of a standing order."""
    del state
    kind = event.get("type")
    who = seat_name(int(event["seat"] if "seat" in event else event["from"]), names)

    def name(key: str) -> str:
        return seat_name(int(event[key]), names)

    if kind == "ask":
        return f"{who} asks {name('to')} for a card."
    if kind == "give":
        return f"{who} gives {name('to')} a card{_standing(event)}."
    if kind == "refuse":
        return f"{who} refuses {name('to')}{_standing(event)}."
    if kind == "call":
        return f"{who} calls: {and_list([seat_name(int(s), names) for s in event['to']])}, yes or no?"
    if kind == "answer":
        return f"{who} has answered."
    if kind == "reveal":
        answers = [f"{seat_name(int(s), names)} {a}" for s, a in event["answers"].items()]
        return f"The answers to {who}'s call: {and_list(answers)}."
    if kind == "score":
        return f"{who} scores {event['points']}: {_points(int(event['score']))}."
    if kind == "play":
        return f"{who} plays the {event['card']}: {_points(int(event['score']))}."
    if kind == "pass":
        return f"Turn {event['turn']}: {name('to')} to play."
    if kind == "draw":
        return f"{who} draws a card."
    if kind == "withdraw":
        return f"{who}'s question is withdrawn."
    if kind == "resign":
        return f"{who} resigns."
    if kind == "order":
        return f"{who} sets a standing order."
    if kind == "win":
        return f"{who} wins with {_points(int(event['score']))}."
    return f"{who}: {kind}."


def _line(event: Event, state: ParleyState, reader: int | None, names: Sequence[str] | None,
          you: int | None) -> str | None:
    """One event as `reader` may read it (None: say nothing to this reader), in words for `you`."""
    kind = event.get("type")

    def name(seat: Any) -> str:
        return seat_name(int(seat), names)

    if kind == "draw" and reader == event["seat"]:
        drawer = "You draw" if you == event["seat"] else f"{name(event['seat'])} draws"
        return f"{drawer} the {event['card']}."
    if kind == "give" and reader in (event["from"], event["to"]):
        giver = "You give" if you == event["from"] else f"{name(event['from'])} gives"
        taker = "you" if you == event["to"] else name(event["to"])
        return f"{giver} {taker} the {event['card']}{_standing(event)}."
    if kind == "answer" and reader == event["seat"]:
        answerer = "You answer" if you == event["seat"] else f"{name(event['seat'])} answers"
        return f"{answerer} {event['answer']}{_standing(event)}."
    if kind == "order" and reader != event["seat"]:
        return None
    return describe(event, state, names)


def narrate(state: ParleyState, seat: int | None, command: str, events: Sequence[Event], reader: int | None,
            names: Sequence[str] | None, you: int | None = None) -> Narration:
    """The action `seat` took as `reader` may read it while the game is in play: a drawn card only to its
    drawer, a given card (the `give` command's too) only to giver and receiver, a sealed answer (the
    `yes`/`no` command) only to its own seat until the reveal, and a standing order only to its owner
    (to the others the command reads "order", with no line). Its lines say "you" to `you` (the reader
    while in play; once the game is over games/narration.py reads as the acting seat, and `you` stays
    the real reader, so nobody else reads another's draw as "You draw")."""
    mine = seat is not None and reader == seat
    verb = _verb(command)
    receivers = {int(e["to"]) for e in events if e.get("type") == "give"}
    if verb == "order" and not mine:
        return Narration("order", [])
    if verb == "order" and seat is not None:
        own = " ".join(a.lower() for a in command.split()[1:])
        whose = "Your" if you == seat else f"{seat_name(seat, names)}'s"
        return Narration(command, [f"{whose} standing order: {own}."])
    shown = command
    if verb in ("yes", "no") and not mine:
        shown = "answer"
    if verb == "give" and not mine and reader not in receivers:
        shown = "give"
    lines = [line for event in events if (line := _line(event, state, reader, names, you)) is not None]
    return Narration(shown, lines)


def question_text(state: ParleyState, seat: int | None, names: Sequence[str] | None = None) -> str:
    """The open question in words for `seat` (None: a spectator): who asks whom, who has answered a call
    and who has not (never how), and the seat's own sealed answer."""
    question = state.question
    if question is None:
        return ""
    asker = seat_name(question.asker, names)
    if question.kind == ASK:
        return f"{asker} asks {seat_name(question.seats[0], names)} for a card."
    waiting = question.unanswered()
    answered = [seat_name(s, names) for s in question.seats if s not in waiting]
    text = f"{asker} calls: yes or no? Waiting for {and_list([seat_name(s, names) for s in waiting])}."
    if answered:
        text += f" {and_list(answered)} {'has' if len(answered) == 1 else 'have'} answered."
    mine = question.answer_of(seat) if seat is not None else None
    return text + (f" You answered {mine}." if mine in ("yes", "no") else "")


def text_board(state: ParleyState, seat: int | None, names: Sequence[str] | None = None) -> str:
    del names  # seats by number only
    status = "over" if state.phase == "over" else f"turn {state.turn}"
    lines = [f"Parley, {status}; {len(state.deck)} cards in the deck"]
    for i in range(PLAYERS):
        mark = ""
        if state.phase == "play" and i in to_act(state):
            mark = " (to play)" if state.question is None else " (to answer)"
        elif state.winner == i:
            mark = " (won)"
        elif state.out[i]:
            mark = " (resigned)"
        you = " (you)" if i == seat else ""
        played = f", played {_cards(state.played[i])}" if state.played[i] else ""
        cards = f"{len(state.hands[i])} cards"
        lines.append(f"{seat_name(i)}{you}: score {state.scores[i]}, {cards}{played}{mark}")
    if state.question is not None:
        lines.append(question_text(state, seat))
    if seat is not None and 0 <= seat < PLAYERS:
        lines.append(f"Your hand: {_cards(state.hands[seat])}")
    return "\n".join(lines)


def board_svg(state: ParleyState, seat: int | None) -> str:
    """A row per seat: its score and how many cards it holds; the viewer's own cards under its row (nothing
    user-supplied is drawn)."""
    width, row = 300, 30
    me = seat if seat is not None and 0 <= seat < PLAYERS else None
    height = 20 + row * PLAYERS + (row if me is not None else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="Parley">', '<title>Parley</title>']
    for i in range(PLAYERS):
        y = 10 + i * row
        colour = "#2a7" if state.winner == i else ("#36c" if i == me else "#888")
        parts.append(f'<rect x="5" y="{y}" width="{width - 10}" height="{row - 6}" fill="none" '
                     f'stroke="{colour}"/>')
        parts.append(f'<text x="10" y="{y + 17}" font-size="12">S{i + 1}: {state.scores[i]} points, '
                     f'{len(state.hands[i])} cards{" (out)" if state.out[i] else ""}</text>')
    if me is not None:
        y = 10 + PLAYERS * row
        parts.append(f'<text x="10" y="{y + 17}" font-size="12">Your hand: {_cards(state.hands[me])}</text>')
    parts.append("</svg>")
    return "".join(parts)
