"""What each awaited seat is asked (games/kinds/protocol.py, Prompt; rules.md, "Questions out of turn"),
and what the clock answers when its time runs out.

Keys: the active seat's own turn is keyed by the turn number (its clock is held while others answer, and
runs on when the game comes back to it); a question out of turn by the turn and the question: `<turn>-a<n>`
for the n-th ask of the battle (the newest put to the seat: both sides asking is a new question), `<turn>-r`
for a challenged seat's recruitment, `<turn>-d<w>` for a declaration step (its window number), `setup` for
the trophy choice; the questions that hold nothing up (windows.py) `<turn>-o<n>` for an offer, `<turn>-c<n>p`
and `<turn>-c<n>v` for a case's plea and vote, with the turn the question arose in. Every question out of
turn waits W (the game's option; the trophy choice 3 W) and has a passive default.

The active seat, whenever the game waits for it, is asked its own turn (own_turn: its clock runs), never
a question out of turn: it answers offers and cases live. A seat the game waits for in a battle is asked
the battle's question first; a seat asked only about offers and cases, the first of them (windows.py)."""

from __future__ import annotations

from collections.abc import Sequence

from games.kinds.protocol import Prompt, seat_name

from . import alliance, cards, commands, declare, setup, windows
from .battle_state import UNANSWERED, Ask, Battle
from .records import ANY_TROPHY, CREDITS, END, NEXT, NOW, TROPHY, WIN, WRECK, Item
from .state import OVER, SETUP, GameState

HOUR = 3600


def name(seat: int, names: Sequence[str] | None) -> str:
    """The seat's player's name (games/kinds/protocol.py `seat_name`)."""
    return seat_name(seat, names)


def prompts(state: GameState, names: Sequence[str] | None) -> list[Prompt]:
    """One prompt per seat of to_act, in its order."""
    return [prompt for prompt, _ in _asked(state, names)]


def situations(state: GameState, names: Sequence[str] | None) -> dict[int, str]:
    """What each awaited seat is asked, in words alone: the game page's buttons and forms are the answers,
    so these name no command to type ("Ann asks you to fight as an ally for 1₡ if Ann's side wins"), where
    the prompt's text, which a mail's subject and a reply answer, says how to answer too."""
    return {prompt.seat: words for prompt, words in _asked(state, names)}


def _asked(state: GameState, names: Sequence[str] | None) -> list[tuple[Prompt, str]]:
    """Each seat of to_act, in its order: its prompt and its question in words alone (situations)."""
    window = state.options.window_hours * HOUR
    found: list[tuple[Prompt, str]] = []
    held_up_by = commands.held_up_by(state)
    for seat in commands.to_act(state):
        if state.phase == SETUP:
            first, second = setup.default_choice(state, seat)
            text = "keep two of your three trophies"
            found.append((Prompt(seat, "setup", text, own_turn=False,
                                 seconds=setup.setup_window_seconds(state),
                                 default=f"keep {cards.label(first)} and {cards.label(second)}"), text))
        elif seat == state.active:
            found.append((Prompt(seat, str(state.turn), "it is your turn"), "it is your turn"))
        elif seat in held_up_by:
            found.append(_out_of_turn(state, seat, names, window))
        else:
            found.append(_window(state, windows.questions(state, seat)[0], names, window))
    return found


WORDS_SHOWN = 60  # characters of an accusation a prompt quotes
# When an item of a deal is due, in a question's words ({whose}: "Ann's", "your").
DUE_WORDS = {WIN: "if {whose} side wins", END: "at the end of this turn",
             NEXT: "at the end of {whose} next turn"}


def _item_words(item: Item, trophies: bool, wrecks: bool) -> str:
    """One item as a player reads it ("2₡", "Nova Torpedoes (E06)"), "a trophy" or "a wreck" for a card the
    reader may not know (rules.md, "The zones") or that its giver will choose."""
    if item.kind == CREDITS:
        return f"{item.amount}₡"
    if item.kind == TROPHY and (not trophies or item.card == ANY_TROPHY):
        return "a trophy"
    if item.kind == WRECK and (not wrecks or not item.card):  # no card: a wreck its event keeps hidden
        return "a wreck"
    return cards.label(item.card)


def deal_words(items: Sequence[Item], whose: str, *, trophies: bool, wrecks: bool) -> str:
    """The items of a deal in words, grouped by when they are due: "1₡ if Ann's side wins", "2₡ now and
    Nova Torpedoes (E06) at the end of your next turn" (the command text, `1c@win`, is for typing)."""
    if not items:
        return "nothing"
    groups: dict[str, list[str]] = {}
    for item in items:
        groups.setdefault(item.due, []).append(_item_words(item, trophies, wrecks))
    parts = []
    for due, words in groups.items():
        listed = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
        when = DUE_WORDS[due].format(whose=whose) if due != NOW else "now" if len(groups) > 1 else ""
        parts.append(f"{listed} {when}".strip())
    return " and ".join(parts)


def _quoted(words: str) -> str:
    return f"\"{words if len(words) <= WORDS_SHOWN else words[:WORDS_SHOWN - 1] + '…'}\""


def _window(state: GameState, question: windows.Question, names: Sequence[str] | None,
            window: int) -> tuple[Prompt, str]:
    """A question that holds nothing up: a trade offer, a case's plea or its vote."""
    seat = question.seat
    if question.kind == windows.OFFER:
        offer = next(o for o in state.offers if o.number == question.number)
        sender = name(offer.sender, names)
        # As the board shows an offer to its receiver (board.offer_words): the trophies it asks of the
        # receiver are the receiver's own; the ones it gives, the sender's to know.
        give = deal_words(offer.get, "your", trophies=True, wrecks=True)
        get = deal_words(offer.give, f"{sender}'s", trophies=False, wrecks=True)
        words = f"{sender} offers you a trade, {offer.name}: you give {give} and get {get}"
        return Prompt(seat, question.key, f"{words}; accept {offer.name} or decline {offer.name}",
                      own_turn=False, seconds=window, default="decline"), words
    case = next(c for c in state.cases if c.number == question.number)
    if question.kind == windows.PLEA:
        words = (f"{name(case.accuser, names)} accuses you in {case.name} of breaking a promise: "
                 f"{_quoted(case.words)}")
        return Prompt(seat, question.key, f"{words}; plead guilty (1 JP) or plead innocent (the others vote)",
                      own_turn=False, seconds=window, default="plead innocent"), \
            f"{words}; plead guilty (1 JP) or innocent (the others vote)"
    words = (f"{case.name}: {name(case.accuser, names)} accuses {name(case.accused, names)} of breaking a "
             f"promise: {_quoted(case.words)}")
    return Prompt(seat, question.key, f"{words}; vote {case.name} guilty, innocent or abstain",
                  own_turn=False, seconds=window, default="abstain"), \
        f"{words}; vote guilty, innocent, or abstain"


def _out_of_turn(state: GameState, seat: int, names: Sequence[str] | None, window: int) -> tuple[Prompt, str]:
    battle = state.battle
    assert battle is not None  # only a battle asks a seat out of turn
    asks = [(i, a) for i, a in enumerate(battle.asks) if a.seat == seat and a.answer == UNANSWERED]
    if state.phase == alliance.RECRUIT and seat == battle.challenged and seat not in battle.ready:
        challenge = f"{name(battle.attacker, names)} challenges you"
        return Prompt(seat, f"{state.turn}-r", f"{challenge}: ask seats to fight on your side "
                      "(ally ask <seats> for <terms>), then say ready", own_turn=False, seconds=window,
                      default="fight with the allies you have"), \
            f"{challenge}: ask other pirates to fight on your side if you want, then say you are ready"
    if asks:
        first = asks[0][1]
        words = f"{name(first.principal, names)} asks you to fight as an ally{_for(first, names)}"
        text = f"{words}: ally accept, ally accept <your terms>, or ally decline"
        words += ": accept, decline, or name terms of your own"
        if len({a.principal for _, a in asks}) > 1:
            both = " and ".join(f"{_numbered(a.principal, names)}{_for(a, names)}" for _, a in asks)
            text = f"both sides ask you to fight as their ally, {both}: ally accept <seat> or ally decline " \
                   "<seat>"
            words = "both sides ask you to fight as their ally, " + " and ".join(
                f"{name(a.principal, names)}{_for(a, names)}" for _, a in asks) + ": accept one, or decline"
        # Keyed by the newest ask: a second side asking changes the question, and its seat is told.
        return Prompt(seat, f"{state.turn}-a{asks[-1][0] + 1}", text, own_turn=False, seconds=window,
                      default="decline"), words
    waits = f"{name(battle.attacker, names)}'s battle waits for your declaration before the roll"
    return Prompt(seat, f"{state.turn}-d{battle.window}",
                  f"{waits}: {_declaration_text(state, battle, seat)}", own_turn=False, seconds=window,
                  default=_declaration_default(battle, seat)), \
        f"{waits}: {_declaration_words(state, battle, seat)}"


def _numbered(seat: int, names: Sequence[str] | None) -> str:
    """"Ann (seat 1)": the number `ally accept <seat>` takes beside the name ("Seat 1" alone unnamed)."""
    named = name(seat, names)
    return named if named == f"Seat {seat + 1}" else f"{named} (seat {seat + 1})"


def _for(ask: Ask, names: Sequence[str] | None) -> str:
    """" for 1₡ if Ann's side wins", or "" for an ask without terms. A trophy in the terms is the
    principal's to name until it arrives (state.md): "a trophy" here."""
    if not ask.terms:
        return ""
    return " for " + deal_words(ask.terms, f"{name(ask.principal, names)}'s",
                                trophies=False,  # pragma: no mutate (None hides them as False does)
                                wrecks=True)


def _declaration_text(state: GameState, battle: Battle, seat: int) -> str:
    asked = declare.questions(state, battle, seat)
    parts = []
    if declare.LOYALTY in asked:
        parts.append("loyal or betray")
    if declare.DIE in asked:
        parts.append("mf yes or mf no (the Metal Faktor die)")
    if declare.CARDS in asked:
        parts.append("play or arm your support cards")
    return "; ".join([*parts, "then ready"]) if parts else "ready"


def _declaration_words(state: GameState, battle: Battle, seat: int) -> str:
    """_declaration_text without the commands: stay loyal or betray, roll the Metal Faktor die or not."""
    asked = declare.questions(state, battle, seat)
    parts = [words for question, words in ((declare.LOYALTY, "stay loyal or betray"),
                                            (declare.DIE, "roll your Metal Faktor die or not"),
                                            (declare.CARDS, "play or arm your support cards"))
             if question in asked]
    return "; ".join([*parts, "then say you are ready"]) if parts else "say you are ready"


def _declaration_default(battle: Battle, seat: int) -> str:
    loyal = "loyal, " if declare.can_betray(battle, seat) else ""
    return f"{loyal}no Metal Faktor, no cards"


def timeout_commands(state: GameState, seat: int) -> list[str]:
    """What the clock plays for an awaited seat out of time: the setup's default choice; the autopilot
    for the active seat; the passive answer to the question out of turn its prompt names (a battle's,
    else the first of its offers and cases: decline, plead innocent, abstain)."""
    if state.phase == OVER or seat not in commands.to_act(state):
        return []
    if state.phase == SETUP:
        return [setup.timeout_command(state, seat)]
    if seat == state.active:
        return ["autopilot"] if "autopilot" in commands.legal_commands(state, seat) else []
    if seat not in commands.held_up_by(state):
        return [windows.questions(state, seat)[0].default]
    if state.phase in (alliance.ALLIES, alliance.RECRUIT):
        return alliance.timeout_answers(state, seat)
    if state.phase == declare.DECLARE:
        return declare.timeout_answers(state, seat)
    return []
