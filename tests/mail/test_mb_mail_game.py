"""Metabaloids by mail. A whole two-player game, from the deck choice to its end, played only by replying to
the site's mails, both seats human: every command reaches the game through receive_mail, each reply answers
the newest mail its player got (the deck choice, the placement turns, the turns, a damage payment the game
waits for in the payer's own turn after `order pay ask`, and one asked out of turn in a timed window), every
reply is answered, every mail shows the grids as text, what the seat is asked and its legal answers, and no
mail names a card of the other seat's hand that the table has not seen. Then a garbled answer to a question,
and a reply to a question already answered."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from django.core import mail as django_mail

from games import dice
from games import seats as seats_of
from games.actions.clock import Fired, due_ids, fire_due
from games.bots import Bot
from games.kinds import get_kind
from games.kinds.metabaloids.cards import card
from games.kinds.metabaloids.state import DECKS, PLACE, GameState, code_of
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.models import Action, Game, InboundMail, Seat
from games.narration import narrate
from games.prompts import asked
from tests.mail.helpers import (
    NoDice,
    Unforeseen,
    answer_mail,
    flat,
    newest_mail_to,
    quick_mail_game,
    reply,
    text_of,
    words_of,
)
from tests.web.factories import fresh, full_game

pytestmark = pytest.mark.django_db(transaction=True)

KIND = get_kind("metabaloids")
T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)  # where the `clock` fixture (tests/conftest.py) stands
# The seed of the cut, the deal, every card taken and the players: the same game every run. Seed 3 ends
# when p2 cannot draw in turn 18, after 51 replies; a seat is asked for a damage payment out of turn 9
# times, and once in its own turn.
SEED = 3
MAX_MAILS = 300
MAX_COMMANDS = 10  # a mail holds at most this many commands
WINDOW_MINUTES = 10  # a seat that asked (`order pay ask`) pays out of turn in a window of this length
RECKLESS_FROM = 6  # the turn from which a player plays recklessly until it has paid in its own turn
RECKLESS = 4  # a reckless player's attack falls this short or more before the bonus cards
DECKS_OF = {0: "deck a", 1: "deck b"}  # two decks with no card name in common but Molt: a name tells whose


@pytest.fixture(autouse=True)
def _offered_and_quick(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    quick_mail_game(settings, monkeypatch, "metabaloids")


# === The players ===


class Player:
    """A seat's player: the greedy bot's choices on the seat's bot state (what it may see), the deck of
    DECKS_OF, and its damage payments named card by card: a hand card first, then `pay auto` for the rest.
    While `reckless`, it makes the attack most likely to lose with damage left over, so that it pays in
    its own turn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.bot: Bot = KIND.bot("greedy", random.Random(f"{SEED}:{seat}"))
        self.reckless = False

    def choose(self, state: GameState, written: list[str]) -> str:
        if state.phase == DECKS:
            return DECKS_OF[self.seat]
        legal = KIND.legal_commands(state, self.seat)
        decision = state.decision
        if decision is not None and decision.kind == "pay":
            by_hand = [c for c in legal if c.startswith("pay hand ")]
            named = any(c.startswith("pay hand ") for c in written)
            return by_hand[0] if by_hand and not named else "pay auto"
        if self.reckless and decision is None:
            worst = max((c for c in legal if c.startswith("attack ")), default=None,
                        key=lambda c: shortfall(state, self.seat, c))
            if worst is not None and shortfall(state, self.seat, worst) >= RECKLESS:
                return worst
        return self.bot.choose(KIND.bot_state(state, self.seat), self.seat)

    def commands(self, state: GameState) -> list[str]:
        """What the player writes before waiting for the answer: its choices up to the first whose outcome
        it cannot foresee (a card taken from a draw pile), the first after which the game waits for
        another seat, or MAX_COMMANDS."""
        commands: list[str] = []
        while True:
            command = self.choose(state, commands)
            commands.append(command)
            try:
                state, _ = KIND.play(state, self.seat, command, NoDice())
            except Unforeseen:
                return commands
            if len(commands) >= MAX_COMMANDS or KIND.phase(state) == "over" or \
                    self.seat not in KIND.to_act(state)[:1]:
                return commands


def shortfall(state: GameState, seat: int, command: str) -> int:
    """How far an attack (`attack <c:r> pN <c:r>`) falls short before the bonus cards: the target column's
    defense less the attacking column's attack, less the attacking card's own defense (what the stake card
    absorbs when the attacker loses)."""
    _, mine, defender, target = command.split()
    me, other = state.seat(state.label(seat)), state.seat(int(defender[1:]))
    col, row = (int(x) for x in mine.split(":"))
    target_col = int(target.split(":")[0])
    attacking = [card(code_of(c)) for c in me.columns[col - 1].cards]
    defending = [card(code_of(c)) for c in other.columns[target_col - 1].cards]
    at = sum(c.atk + c.column_bonus("attack") for c in attacking)
    dt = sum(c.dfn + c.column_bonus("defense") for c in defending)
    return dt - at - attacking[row - 1].dfn


# === The mails ===

def mentions(words: str, code: str) -> bool:
    """The mail names the card: by its name, or by its code as a word of its own."""
    return card(code).name.lower() in words.lower() or re.search(rf"\b{code}\b", words, re.I) is not None


class Table:
    """The game, and what the test checks of every mail: which cards each seat's player has seen."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seats = {s.index: s for s in Seat.objects.filter(game=game).select_related("user")}
        self.names = seats_of.names(list(self.seats.values()), game.players)
        self.public: set[str] = set()  # card codes the table has seen: in a public zone or a public event
        self.held: dict[int, set[str]] = {i: set() for i in self.seats}  # codes each seat has held itself
        self.checked = 0  # mails of the outbox already checked
        self.read = 0  # the last action whose events were read
        self.sent = 0
        self.hands = 0  # mails whose "Your hand" line was checked
        self.asked: list[str] = []  # the questions answered: "deck", "place", "turn", "pay own", "pay window"

    def state(self) -> GameState:
        self.game.refresh_from_db()
        state = KIND.load(self.game.state)
        assert isinstance(state, GameState)
        return state

    def learn(self, state: GameState) -> None:
        """What the table has seen (the spectator's board and log) and what each seat holds."""
        if state.phase == DECKS:
            return
        seen = KIND.view(state, None)  # what a spectator sees: every public zone
        for s in seen["seats"]:
            self.public |= {*s["discard"], *s["lost"], *s["reserve"], s["event"], s["bonus"]}
            self.public |= {c["code"] for column in s["columns"] for c in column["cards"]}
        self.public |= {code for rnd in seen["cut"] for _, code in rnd}
        for seat in state.seats:
            self.held[state.lobby_seat(seat.label)] |= {code_of(c) for c in seat.hand}
        rows = Action.objects.filter(game=self.game, seq__gt=self.read).order_by("seq")
        for action in rows:
            told = narrate(self.game, KIND, state, self.names, seat=action.seat, command=action.command,
                           events=action.events, reader=None)
            words = " ".join([told.command, *told.lines])
            self.public |= {code for s in state.seats for code in s.deck_codes if mentions(words, code)}
            self.read = max(self.read, action.seq)

    def secrets(self, state: GameState, reader: int) -> set[str]:
        """The codes of cards in the other seats' hands that the reader never held and the table never saw."""
        if state.phase == DECKS:
            return set()
        return {code_of(c) for s in state.seats if state.lobby_seat(s.label) != reader for c in s.hand} \
            - self.public - self.held[reader]

    def check_new_mails(self, state: GameState) -> None:
        """Each mail sent since the last check shows its reader's own hand, never a card of another hand
        (by id, name or code) that the reader may not know."""
        by_address = {s.user.email: i for i, s in self.seats.items()}
        for sent in django_mail.outbox[self.checked:]:
            (address,) = sent.to
            reader = by_address[address]
            # The kind's example reply ("restock wasp") names a card for every reader: no hand's.
            words = words_of(sent).replace(KIND.command_example, "")
            assert not re.search(r"\bp\d-[a-z]+-\d+\b", words), f"a card id in a mail:\n{sent.body}"
            for code in self.secrets(state, reader):
                assert not mentions(words, code), (
                    f"a mail to seat {reader + 1} names {code}, in another seat's hand:\n{sent.body}")
            if state.phase != DECKS:
                mine = state.seat(state.label(reader))
                hand = ", ".join(sorted(code_of(c) for c in mine.hand)) or "(empty)"
                shown = re.findall(r"Your hand: (.*?)\s{2,}Your orders", sent.body)
                assert shown in ([], [hand]), (shown, hand, sent.body)
                self.hands += len(shown)
        self.checked = len(django_mail.outbox)

    def answer(self, index: int, commands: list[str], *, played: bool = True) -> InboundMail:
        """The seat's player replies to the newest mail they got with these commands, one per line."""
        state = self.state()
        self.learn(state)
        seat = fresh(self.seats[index])
        newest = newest_mail_to(seat.user.email)
        assert newest["Reply-To"] == seat_address(seat)
        # The newest mail asks what the seat is asked now (its prompt in the Message-ID): never an old one.
        assert f".t{seat.prompt}@" in newest["Message-ID"], (seat.prompt, newest["Message-ID"], commands)
        self.check_question(index, state, str(newest["Subject"]), text_of(newest))
        actions = Action.objects.filter(game=self.game).count()
        got, raw = answer_mail(seat, newest, commands)  # answered once, to the player, under the reply
        self.sent += 1
        row: InboundMail = InboundMail.objects.get(pk=got.inbound_id)
        if played:
            assert got.status == "played", (commands, row.report)
            assert [p["command"] for p in row.report["played"]] == commands and row.report["refused"] is None
            new = list(Action.objects.filter(game=self.game).order_by("seq")[actions:]
                       .values_list("seat", "command", "source"))
            assert new == [(index, c, "email") for c in commands]
        after = self.state()
        self.learn(after)
        self.check_new_mails(after)
        return row

    def check_question(self, index: int, state: GameState, subject: str, text: str) -> None:
        """The mail shows the grids as text (the kind's text board for the seat), says what the seat is
        asked, and lists every legal answer to a question; an own turn's says so."""
        # (The deck choice's mail went out before the other seat chose: its board says who had chosen then.)
        board = KIND.text_board(state, index, self.names)
        assert flat(board) in text if state.phase != DECKS else "Metabaloids · picking decks" in text
        prompt = asked(self.game, state)[index]
        legal = KIND.legal_commands(state, index)
        decision = state.decision
        self.asked.append(question(state))
        if prompt.own_turn:
            setup = state.phase in (DECKS, PLACE)
            assert ("The game waits for your choice" if setup else "It is your turn.") in text
            # The question is the subject (the start mail's) or the first sentence (a turn's notice); the
            # answer to a reply says only whose turn it is.
            assert "Your commands now" in text
            assert prompt.text in f"{subject} {text}" or subject.startswith("Re: ")
            if decision is not None:
                # The payment waited for in the seat's own turn: what is owed, and every way to pay it.
                assert state.battle is not None and f"You owe {state.battle.owed} more" in text
                assert f"You may: {' | '.join(legal)} Reply" in text
            return
        assert f"You are asked: {prompt.text}" in text
        assert f"the clock answers for you: {prompt.default}." in text
        assert state.battle is not None and f"You owe {state.battle.owed} more" in text
        for command in legal:
            assert command in text, f"{command!r} is not listed in the mail of {prompt.text!r}"


def play_to_the_end(table: Table, players: dict[int, Player], *, until: str = "") -> None:
    """Both players answer their newest mail until the game is over (or, with `until`, until the next
    mail would answer that question: "pay window"); each sends `order pay ask` with its first placement
    (so a lost battle's payment is asked of it, in its turn or in a window), and plays recklessly until
    it has paid in its own turn."""
    ordered: set[int] = set()
    while table.sent < MAX_MAILS:
        state = table.state()
        if KIND.phase(state) == "over":
            return
        seat = KIND.to_act(state)[0]
        if until and state.decision is not None and until == question(state):
            return
        players[seat].reckless = state.turn >= RECKLESS_FROM and "pay own" not in table.asked
        commands = players[seat].commands(state)
        if state.phase == PLACE and seat not in ordered:
            commands = ["order pay ask", *commands]
            ordered.add(seat)
        table.answer(seat, commands)


def question(state: GameState) -> str:
    """The kind of question the game waits for: "deck", "place", "turn", "pay own", "pay window", ..."""
    if state.phase == DECKS:
        return "deck"
    if state.phase == PLACE:
        return "place"
    if state.decision is None:
        return "turn"
    return f"{state.decision.kind} {'window' if state.decision.window else 'own'}"


def test_a_two_player_game_is_played_to_its_end_by_mail_alone(mailoutbox: list[Any], celery_eager: None,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    stream = random.Random(SEED)
    monkeypatch.setattr(dice, "new_dice", lambda: dice.SecretDice(stream))
    table = Table(full_game(players=2, seed=SEED, kind="metabaloids", window_minutes=WINDOW_MINUTES))
    play_to_the_end(table, {i: Player(i) for i in range(2)})

    state = table.state()
    assert KIND.phase(state) == "over", f"no end after {table.sent} mails"
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.FINISHED
    assert table.sent > 40, "a real game, not an early resignation"
    assert table.hands > table.sent, "the mails show their reader's hand"
    # Every kind of question was put by mail and answered by mail: the deck, the placements, the turns, a
    # damage payment the game waited for in the payer's turn, and one asked out of turn in a window.
    assert {"deck", "place", "turn", "pay own", "pay window"} <= set(table.asked), sorted(set(table.asked))
    sources = set(Action.objects.filter(game=table.game).values_list("source", flat=True))
    assert sources == {"email"}
    assert not Action.objects.filter(game=table.game, command="resign").exists()
    # The game ended by its rules: a seat could not draw (or the stall rule), and the winner's seat won.
    result = KIND.result(state, [])
    assert result["winner"] is not None
    assert table.game.seats.get(index=result["winner"]).status == Seat.Status.WON


# === A garbled answer, and an answer the clock has given already ===

def _window(seed: int = SEED) -> tuple[Table, Seat, EmailMessage]:
    """A game played by mail until a seat is asked out of turn to pay for a lost battle: the table, that
    seat, and the mail that asks it."""
    stream = random.Random(seed)
    real = dice.new_dice
    dice.new_dice = lambda: dice.SecretDice(stream)
    try:
        table = Table(full_game(players=2, seed=seed, kind="metabaloids", window_minutes=WINDOW_MINUTES))
        play_to_the_end(table, {i: Player(i) for i in range(2)}, until="pay window")
    finally:
        dice.new_dice = real
    state = table.state()
    assert question(state) == "pay window", "the game ended before a window opened"
    seat = fresh(table.seats[KIND.to_act(state)[0]])
    return table, seat, newest_mail_to(seat.user.email)


@pytest.mark.parametrize(("garble", "outcome", "told"), [
    ("pay hand banana", InboundMail.Outcome.REFUSED, "Refused: pay hand banana"),
    ("Take my crab for it, please.", InboundMail.Outcome.NOTHING,
     "Not read: reading stops at the first line that is not a command"),
])
def test_a_garbled_answer_to_a_damage_question_is_told_why_and_changes_nothing(
        mailoutbox: list[Any], celery_eager: None, garble: str, outcome: str, told: str) -> None:
    table, seat, question_mail = _window()
    game = table.game
    before = fresh(game).state, fresh(game).version, Action.objects.filter(game=game).count()
    got = receive_mail(reply(seat, garble, headers={"In-Reply-To": question_mail["Message-ID"]}))

    assert InboundMail.objects.get(pk=got.inbound_id).outcome == outcome
    assert (fresh(game).state, fresh(game).version, Action.objects.filter(game=game).count()) == before
    answer = newest_mail_to(seat.user.email)
    text = text_of(answer)
    assert told in text
    # Still asked, as the answer says, with what is owed and every legal answer listed: it can be answered.
    state = table.state()
    assert state.battle is not None and f"You owe {state.battle.owed} more" in text
    assert "You are asked: pay the damage of the battle you lost" in text
    for command in KIND.legal_commands(state, seat.index):
        assert command in text
    assert f".t{fresh(seat).prompt}@" in answer["Message-ID"]
    again = receive_mail(reply(seat, "pay auto", headers={"In-Reply-To": answer["Message-ID"]}))
    assert again.status == "played" and table.state().decision is None


def test_a_reply_to_a_damage_question_the_clock_answered_is_not_played_and_says_what_happened(
        mailoutbox: list[Any], celery_eager: None, clock: Any) -> None:
    table, seat, question_mail = _window()
    clock.shift(timedelta(minutes=WINDOW_MINUTES + 1))
    assert [fire_due(pk) for pk in due_ids(datetime.now(UTC), 500, 300)].count(Fired.TIMED_OUT) == 1
    paid = table.state()
    assert paid.decision is None and Action.objects.filter(game=table.game, source="timeout").count() == 1
    version = fresh(table.game).version
    mine = "pay auto" if "pay draw 1" not in text_of(question_mail) else "pay draw 1"

    got = receive_mail(reply(seat, mine, headers={"In-Reply-To": question_mail["Message-ID"]}))

    row = InboundMail.objects.get(pk=got.inbound_id)
    assert got.status == "rejected" and fresh(table.game).version == version
    assert table.state().to_dict() == paid.to_dict()
    text = text_of(newest_mail_to(seat.user.email))
    assert row.report["rejected"] in text and "Your mail answers an earlier mail" in text
    # What the clock paid for the player is told, as news: they did not choose it themselves.
    assert f"{seat.user.display_name} (played by the clock: time ran out): pass" in text
