"""Metal Adventures by mail. A whole three-player game, from the trophy choice to its winner, played only by
replying to the site's mails: every command reaches the game through receive_mail, each reply answers the
newest mail its player got (a seat asked out of turn answers its question's mail: the trophy choice, a
challenge's recruitment, an ally's ask, a declaration, a trade offer, a plea and a vote), every reply is
answered, and no mail tells a player another seat's hidden trophies. Then a garbled answer to a question,
and a reply to a question the clock has already answered."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from django.core import mail as django_mail

from games import dice
from games.actions.clock import Fired, due_ids, fire_due
from games.kinds import get_kind
from games.kinds.metal_adventures import cards
from games.kinds.metal_adventures.state import GameState
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.models import Action, Game, InboundMail, Seat
from games.prompts import asked
from tests.mail.helpers import (
    NoDice,
    Unforeseen,
    answer_mail,
    newest_mail_to,
    quick_mail_game,
    reply,
    text_of,
    words_of,
)
from tests.web.factories import fresh, full_game

pytestmark = pytest.mark.django_db(transaction=True)

KIND = get_kind("metal-adventures")
T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)  # where the `clock` fixture (tests/conftest.py) stands
# The seed of the deal, the dice and the players: the same game every run. Seed 5 ends with a seat at 9
# glory in turn 30, after 137 replies.
SEED = 5
MAX_MAILS = 400
# A mail holds at most this many commands (a player writes what they can foresee: below).
MAX_COMMANDS = 10
# The turn from which the table's side business is played by mail, once: a trade offer and a case.
SIDE_BUSINESS_TURN = 4


@pytest.fixture(autouse=True)
def _offered_and_quick(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    quick_mail_game(settings, monkeypatch, "metal-adventures")


# === The players ===


def mail_commands(bot: Any, state: GameState, seat: int) -> list[str]:
    """What a player by mail writes before waiting for the answer: the choices of the seat's bot (which reads
    only its seat's view) up to the first whose outcome it cannot foresee (a roll, a draw), the first
    after which the game waits for another seat, or MAX_COMMANDS."""
    commands: list[str] = []
    while True:
        command = bot.choose(KIND.bot_state(state, seat), seat)
        commands.append(command)
        try:
            state, _ = KIND.play(state, seat, command, NoDice())
        except Unforeseen:
            return commands
        if len(commands) >= MAX_COMMANDS or KIND.phase(state) == "over" or KIND.to_act(state)[:1] != (seat,):
            return commands


# === The mails ===

class Table:
    """The game and what the test checks of every mail: who knows which trophies, and the mails seen."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seats = {s.index: s for s in Seat.objects.filter(game=game).select_related("user")}
        # The trophies each seat has held or been shown.
        self.known: dict[int, set[str]] = {i: set() for i in self.seats}
        self.public: set[str] = set()  # trophies revealed to the table
        self.checked = 0  # mails of the outbox already checked
        self.read = 0  # the last action whose events were read
        self.actions = 0
        self.questions: set[str] = set()  # the kinds of question answered out of turn ("a", "r", "d", ...)
        self.sent = 0

    def state(self) -> GameState:
        self.game.refresh_from_db()
        state = KIND.load(self.game.state)
        assert isinstance(state, GameState)
        return state

    def learn(self, state: GameState) -> None:
        """What each seat now holds or is shown it knows; what was revealed the whole table knows."""
        for i, seat in enumerate(state.seats):
            self.known[i] |= set(seat.trophies)
            if state.dealt and i < len(state.dealt):
                self.known[i] |= set(state.dealt[i])
        for choice in state.choices:
            self.known[choice.seat] |= {c for c in choice.cards if c in cards.TROPHIES}
        rows = Action.objects.filter(game=self.game, seq__gt=self.read).values_list("seq", "events")
        for seq, events in rows:
            self.public |= {str(e["trophy"]) for e in events if e.get("type") == "reveal"}
            self.read = max(self.read, seq)

    def secrets(self, state: GameState, reader: int) -> set[str]:
        """The trophies in other seats' hands (dealt, held or shown to choose from) that `reader` never held,
        was never shown, and that were never revealed."""
        held = {t for i, seat in enumerate(state.seats) if i != reader for t in seat.trophies}
        held |= {t for i, dealt in enumerate(state.dealt) if i != reader for t in dealt}
        held |= {c for choice in state.choices if choice.seat != reader for c in choice.cards
                 if c in cards.TROPHIES}
        return held - self.known[reader] - self.public

    def check_new_mails(self, state: GameState) -> None:
        """No mail sent since the last check names a trophy its reader may not know (by name or id)."""
        by_address = {s.user.email: i for i, s in self.seats.items()}
        for sent in django_mail.outbox[self.checked:]:
            (address,) = sent.to
            reader = by_address[address]
            words = words_of(sent)
            for trophy in self.secrets(state, reader):
                assert cards.TROPHIES[trophy].name not in words and not re.search(rf"\b{trophy}\b", words), (
                    f"a mail to seat {reader + 1} names {trophy}, held by another seat:\n{sent.body}")
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
        self.check_question(index, state, text_of(newest))
        actions = Action.objects.filter(game=self.game).count()
        got, raw = answer_mail(seat, newest, commands)  # answered once, to the player, under the reply
        self.sent += 1
        row = InboundMail.objects.get(pk=got.inbound_id)
        if played:
            assert got.status == "played", (commands, row.report)
            assert [p["command"] for p in row.report["played"]] == commands and row.report["refused"] is None
            # Each command played once: one action each, in the order written.
            new = list(Action.objects.filter(game=self.game).order_by("seq")[actions:]
                       .values_list("seat", "command", "source"))
            assert new == [(index, c, "email") for c in commands]
            if self.sent % 10 == 1:  # now and then, the same mail delivered again: it plays nothing
                assert receive_mail(raw).status == "duplicate"
                assert Action.objects.filter(game=self.game).count() == actions + len(commands)
        after = self.state()
        self.learn(after)
        self.check_new_mails(after)
        return row

    def check_question(self, index: int, state: GameState, text: str) -> None:
        """A mail that puts a question out of turn names it in words, says what the clock would answer,
        and lists every legal answer; an own turn's says so."""
        prompt = asked(self.game, state)[index]
        if prompt.own_turn:
            assert "It is your turn." in text and "Your commands now" in text
            return
        self.questions.add(re.sub(r"\d+", "", prompt.key.split("-")[-1]))
        assert f"You are asked: {prompt.text}" in text
        assert f"the clock answers for you: {prompt.default}." in text
        for command in KIND.legal_commands(state, index):
            assert command in text, f"{command!r} is not listed in the mail of {prompt.text!r}"
        # Words for people: no Python reprs, no internal keys or command notation for the terms of a deal.
        for junk in ("None", "[", "{", "@win", "@end", "@next", "challenge.recruit", "battle."):
            assert junk not in prompt.text, (junk, prompt.text)


def side_business(table: Table, state: GameState) -> None:
    """The active seat offers the next seat a trade and accuses it of a broken promise; the next seat
    declines and pleads innocent, the third votes: each by replying to its question's mail."""
    active = state.active
    other, third = (active + 1) % 3, (active + 2) % 3
    table.answer(active, [f"offer {other + 1} give 1c get 1c"])
    offer = table.state().offers[-1]
    assert asked(table.game)[other].key.endswith(f"-o{offer.number}")
    table.answer(other, [f"decline {offer.name}"])
    table.answer(active, [f"accuse {other + 1} promised me two credits for my help"])
    case = table.state().cases[-1]
    table.answer(other, ["plead innocent"])
    table.answer(third, [f"vote {case.name} innocent"])
    after = table.state()
    assert after.offers == () and KIND.to_act(after) == (active,)


def test_a_three_player_game_is_played_to_its_winner_by_mail_alone(mailoutbox: list[Any],
                                                                    celery_eager: None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    stream = random.Random(SEED)
    monkeypatch.setattr(dice, "new_dice", lambda: dice.SecretDice(stream))
    table = Table(full_game(players=3, seed=SEED, kind="metal-adventures"))
    bots = {i: KIND.bot("greedy", random.Random(f"{SEED}:{i}")) for i in range(3)}
    business_done = garbled = False
    while table.sent < MAX_MAILS:
        state = table.state()
        if KIND.phase(state) == "over":
            break
        if (not business_done and state.turn >= SIDE_BUSINESS_TURN and state.phase == "turn.travel"
                and not state.choices and KIND.to_act(state) == (state.active,)):
            side_business(table, state)
            business_done = True
            continue
        seat = KIND.to_act(state)[0]
        commands = mail_commands(bots[seat], state, seat)
        prompt = asked(table.game, state)[seat]
        if not garbled and "asks you to fight as an ally" in prompt.text:
            # A garbled answer first: refused in words, and nothing changes; the player answers that mail.
            version = table.state(), table.game.version
            row = table.answer(seat, ["ally accept banana"], played=False)
            assert row.outcome == InboundMail.Outcome.REFUSED and row.report["refused"]["command"] == \
                "ally accept banana"
            assert (table.state(), table.game.version) == version
            garbled = True
        table.answer(seat, commands)
    state = table.state()
    assert KIND.phase(state) == "over", f"no winner after {table.sent} mails"
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.FINISHED
    assert table.sent > 60, "a real game, not an early resignation"
    assert business_done and garbled
    # Every kind of question out of turn was put by mail and answered by mail.
    assert {"setup", "r", "a", "d", "o", "cp", "cv"} <= table.questions, table.questions
    assert set(Action.objects.filter(game=table.game).values_list("source", flat=True)) == {"email"}
    assert not Action.objects.filter(game=table.game, command="resign").exists()
    winner = KIND.result(state, [])["winner"]
    assert winner is not None and state.seats[winner].glory >= 9
    assert table.game.seats.get(index=winner).status == Seat.Status.WON


# === A garbled answer, and an answer the clock has given already ===

def _setup_question(seed: int = SEED) -> tuple[Game, Seat, EmailMessage]:
    """A new game and its first seat, asked to keep two of its three trophies, with the mail that asks."""
    game = full_game(players=3, seed=seed, kind="metal-adventures")
    seat = game.seats.get(index=0)
    return game, seat, newest_mail_to(seat.user.email)


@pytest.mark.parametrize(("garble", "outcome", "told"), [
    ("choose T99 banana", InboundMail.Outcome.REFUSED, "Refused: choose T99 banana"),
    ("The first two, please!", InboundMail.Outcome.NOTHING,
     "Not read: reading stops at the first line that is not a command"),
])
def test_a_garbled_answer_to_the_trophy_question_is_told_why_and_changes_nothing(
        mailoutbox: list[Any], celery_eager: None, garble: str, outcome: str, told: str) -> None:
    game, seat, question = _setup_question()
    before = fresh(game).state, fresh(game).version
    got = receive_mail(reply(seat, garble, headers={"In-Reply-To": question["Message-ID"]}))

    assert InboundMail.objects.get(pk=got.inbound_id).outcome == outcome
    assert (fresh(game).state, fresh(game).version) == before
    assert not Action.objects.filter(game=game).exists()
    answer = newest_mail_to(seat.user.email)
    text = text_of(answer)
    assert told in text
    # Still asked, as the answer says, with every legal answer listed: it can be answered in turn.
    assert "You are asked: keep two of your three trophies." in text
    for command in KIND.legal_commands(KIND.load(fresh(game).state), 0):
        assert command in text
    assert ".tsetup@" in answer["Message-ID"]
    choose = next(c for c in KIND.legal_commands(KIND.load(fresh(game).state), 0) if c.startswith("choose"))
    again = receive_mail(reply(seat, choose, headers={"In-Reply-To": answer["Message-ID"]}))
    assert again.status == "played"


def test_a_reply_to_a_question_the_clock_answered_is_not_played_and_says_what_happened(
        mailoutbox: list[Any], celery_eager: None, clock: Any) -> None:
    game, seat, question = _setup_question()
    state = KIND.load(game.state)
    clock.shift(timedelta(hours=3 * state.options.window_hours))
    assert [fire_due(pk) for pk in due_ids(datetime.now(UTC), 500, 300)].count(Fired.TIMED_OUT) == 3
    kept = KIND.load(fresh(game).state).seats[0].trophies
    assert len(kept) == 2 and Action.objects.filter(game=game, source="timeout").count() == 3
    mine = next(c for c in KIND.legal_commands(state, 0) if c.startswith("choose"))
    version = fresh(game).version

    got = receive_mail(reply(seat, mine, headers={"In-Reply-To": question["Message-ID"]}))

    row = InboundMail.objects.get(pk=got.inbound_id)
    assert got.status == "rejected" and fresh(game).version == version
    assert KIND.load(fresh(game).state).seats[0].trophies == kept
    text = text_of(newest_mail_to(seat.user.email))
    assert row.report["rejected"] in text and "Your mail answers an earlier mail" in text
    # What the clock chose for the player is told, as news: they did not choose it themselves.
    assert f"A {seat.user.display_name} (played by the clock: time ran out): choose" in text
    assert "You are asked now: it is your turn" in text
