"""The platform keys on what each awaited seat is asked (docs/architecture.md, "Prompts"), proved with
parley's questions out of turn: one mail per question, naming it; a mailed answer to it is played, and a
reply to an older question's mail is not (but standing orders are); a question runs on its own window and
times out to its default without touching a time bank or opening a vote; several seats answer one call
at once; the asking seat's own turn stands still meanwhile; the API and webhooks say what each seat is
asked; a bot answers from its own view."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from games import actions
from games.actions import Actor
from games.actions.bots import play_bots
from games.actions.clock import Fired, due_ids, fire_due
from games.kinds import get_kind
from games.mail.inbound import receive_mail
from games.mail.outbound import compose
from games.models import Action, ExpelVote, Game, InboundMail, Notification, Seat, Webhook, WebhookDelivery
from games.prompts import asked
from tests.community.test_api import Api
from tests.mail.helpers import reply
from tests.web.factories import UserFactory, fresh, full_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_vacation_days")]

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
HOUR = 3600.0
KIND = get_kind("parley")
BANK = {"mode": "bank", "bank_hours": 48, "increment_hours": 12, "cap_hours": 72, "reminders": False}


@pytest.fixture
def no_vacation_days(settings: Any) -> None:
    settings.VACATION_START_DAYS = 0


@pytest.fixture(autouse=True)
def offer_parley(settings: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "parley"]


def parley(**options: Any) -> tuple[Game, list[Seat]]:
    """A parley game in play and its seats by index (seat 0 is to play)."""
    game = full_game(players=3, kind="parley", **options)
    return game, list(game.seats.order_by("index"))


def command(seat: Seat, text: str) -> None:
    actions.apply_command(fresh(seat.game), Actor.player(seat.user), text)


def state_of(game: Game) -> Any:
    return KIND.load(fresh(game).state)


def turn_notices(seat: Seat) -> list[Notification]:
    return list(Notification.objects.filter(game=seat.game, user=seat.user, kind=Notification.Kind.TURN)
                .order_by("pk"))


def sent(row: Notification) -> Any:
    """The mail the notice makes now (None: dropped as no longer current)."""
    return compose(Notification.objects.select_related("game", "seat", "user__profile").get(pk=row.pk))


def mail_id(message: Any) -> str:
    return str(message.extra_headers["Message-ID"])


def test_an_asked_seat_gets_one_mail_naming_the_question_and_a_second_question_its_own(queued):
    game, (ann, bob, cat) = parley()
    turn = state_of(game).turn
    command(ann, "ask 2")

    (asked,) = turn_notices(fresh(bob))
    assert asked.prompt == f"{turn}-a1" and fresh(bob).prompt == f"{turn}-a1"
    message = sent(asked)
    assert message.subject.endswith("asks you for a card: give <card> or refuse")
    assert f".t{turn}-a1@" in mail_id(message)
    assert turn_notices(fresh(cat)) == []  # not asked: nothing to tell

    command(bob, "refuse")
    command(ann, "call")

    first, second = turn_notices(fresh(bob))
    assert first.pk == asked.pk and second.prompt == f"{turn}-c"
    assert sent(second).subject.endswith("calls: yes or no?")
    assert sent(first) is None  # the ask was answered: its notice is no longer current
    (called,) = turn_notices(fresh(cat))
    assert called.prompt == f"{turn}-c"
    # Ann's own turn came back under the same prompt once Bob refused: she is told it waits for her again
    # (her last mail asked her nothing), as its next repeat; the start mail was the first.
    told = Notification.objects.filter(game=game, user=ann.user).order_by("pk")
    assert [(n.kind, n.prompt, n.repeat) for n in told] == [(Notification.Kind.STARTED, str(turn), 0),
                                                             (Notification.Kind.TURN, str(turn), 1)]


def test_the_asker_is_mailed_again_when_its_held_turn_comes_back_and_its_reply_to_that_mail_is_played(queued):
    game, (ann, bob, cat) = parley()
    for seat in (ann, bob, cat):
        command(seat, "end")
    (turn_mail,) = turn_notices(fresh(ann))  # her second turn: a turn notice, not the start mail
    command(ann, "ask 2")
    command(bob, "refuse")

    first, again = turn_notices(fresh(ann))
    assert first.pk == turn_mail.pk and (again.prompt, again.repeat) == (first.prompt, 1)
    assert sent(first) is None  # written before she asked: the newer notice tells her
    message = sent(again)
    assert message.subject.endswith("it is your turn") and f".t{first.prompt}@" in mail_id(message)
    got = receive_mail(reply(fresh(ann), "end", headers={"In-Reply-To": mail_id(message)}))
    assert got.status == "played" and fresh(ann).awaiting is False


def test_several_seats_answer_one_call_at_once_and_the_asker_is_awaited_when_the_last_has(queued):
    game, (ann, bob, cat) = parley()
    command(ann, "call")
    assert {s.index for s in game.seats.filter(awaiting=True)} == {1, 2}
    command(cat, "yes")
    assert {s.index for s in game.seats.filter(awaiting=True)} == {1}
    command(bob, "no")
    assert {s.index for s in game.seats.filter(awaiting=True)} == {0}
    assert any(e["type"] == "reveal" for a in Action.objects.filter(game=game) for e in a.events)


def test_the_asked_seat_answers_its_question_by_mail_and_the_answer_is_not_stale(queued):
    game, (ann, bob, _cat) = parley()
    command(ann, "ask 2")
    message = sent(turn_notices(fresh(bob))[0])
    card = min(state_of(game).hands[1])

    got = receive_mail(reply(fresh(bob), f"give {card}", headers={"In-Reply-To": mail_id(message)}))

    assert got.status == "played"
    assert card in state_of(game).hands[0] and card not in state_of(game).hands[1]


def test_a_reply_to_an_answered_questions_mail_is_stale_but_its_standing_orders_are_played(queued):
    game, (ann, bob, _cat) = parley()
    command(ann, "ask 2")
    message = sent(turn_notices(fresh(bob))[0])
    command(bob, "refuse")
    command(ann, "end")  # Bob's own turn now: a prompt of his again, but not the one the mail asked
    before = fresh(game).version

    stale = receive_mail(reply(fresh(bob), "end", headers={"In-Reply-To": mail_id(message)}))
    assert stale.status == "rejected" and fresh(game).version == before
    why = InboundMail.objects.get(pk=stale.inbound_id).report["rejected"]
    assert "moved on" in why and "You are asked now: it is your turn" in why

    orders = receive_mail(reply(fresh(bob), "order give lowest", headers={"In-Reply-To": mail_id(message)}))
    assert orders.status == "played" and state_of(game).give_orders[1] == "lowest"


def fire_all() -> list[Fired]:
    return [fire_due(pk) for pk in due_ids(datetime.now(UTC), 500, 300)]


def test_an_unanswered_question_times_out_to_its_default_on_its_own_window_with_no_bank_and_no_vote(
        clock, queued):
    game, (ann, bob, _cat) = parley(window_hours=2, clock={**BANK, "on_timeout": "vote", "expel_after": 1})
    bank_before = fresh(bob).bank
    command(ann, "ask 2")
    bob = fresh(bob)
    assert bob.clock_out_of_turn and bob.due_at == T0 + timedelta(hours=2)

    clock.shift(timedelta(hours=2))
    assert fire_all() == [Fired.TIMED_OUT]

    bob = fresh(bob)
    (timeout,) = Action.objects.filter(game=game, source="timeout")
    assert (timeout.seat, timeout.command) == (1, "refuse")
    assert bob.bank == bank_before and bob.timeouts == bob.timeouts_total == 0
    assert not bob.awaiting and bob.clock_prompt is None
    assert not ExpelVote.objects.filter(game=game).exists()
    assert fresh(ann).awaiting


def test_a_question_in_a_game_without_a_clock_still_closes_on_its_window(clock, queued):
    game, (ann, bob, _cat) = parley(window_hours=3, clock={"mode": "none"})
    assert fresh(ann).due_at is None  # no clock for turns
    command(ann, "ask 2")
    assert fresh(bob).due_at == T0 + timedelta(hours=3)
    clock.shift(timedelta(hours=3))
    assert fire_all() == [Fired.REMINDED, Fired.TIMED_OUT]  # its half-time reminder, then its end
    assert not fresh(bob).awaiting and fresh(ann).awaiting and fresh(ann).due_at is None


def test_a_questions_window_runs_on_while_the_asked_player_is_on_vacation(clock, queued, settings):
    settings.VACATION_START_DAYS = 10
    game, (ann, bob, _cat) = parley(window_hours=2, clock=BANK)
    actions.start_vacation(Actor.player(bob.user), bob.user)
    command(ann, "ask 2")
    assert fresh(bob).due_at == T0 + timedelta(hours=2)
    clock.shift(timedelta(hours=2))
    assert fire_all() == [Fired.TIMED_OUT]
    assert fresh(ann).awaiting


def test_the_asking_seats_own_turn_stands_still_while_others_answer(clock, queued):
    game, (ann, bob, _cat) = parley(window_hours=24, clock=BANK)
    allowed = fresh(ann).clock_allowed
    clock.shift(timedelta(hours=1))
    command(ann, "ask 2")
    assert fresh(ann).due_at is None and fresh(ann).clock_prompt == str(state_of(game).turn)
    clock.shift(timedelta(hours=5))
    command(bob, "refuse")
    # Her clock runs on from where it stood: the five hours Bob took are not hers, and no increment
    # was added (her turn did not end).
    assert fresh(ann).due_at == T0 + timedelta(hours=6) + timedelta(seconds=allowed - HOUR)
    command(ann, "end")
    assert fresh(ann).bank == allowed - HOUR + 12 * HOUR


def test_the_api_lists_each_awaited_seats_question_in_words_to_that_seat_only(queued):
    game, (ann, bob, cat) = parley(window_hours=5)
    command(ann, "call")
    turn = state_of(game).turn

    for seat in (bob, cat):
        awaiting = {a["seat"]: a for a in Api(seat.user).get(f"/games/{game.pk}").json()["awaiting"]}
        assert set(awaiting) == {1, 2}
        mine, theirs = awaiting[seat.index], awaiting[3 - seat.index]
        assert mine["prompt"] == f"{turn}-c" and mine["own_turn"] is False and mine["due"]
        assert mine["question"].endswith("calls: yes or no?") and mine["default"] == "no"
        assert theirs["question"] is None and theirs["default"] is None and theirs["due"]
    spectator = Api(UserFactory()).get(f"/games/{game.pk}").json()["awaiting"]
    assert all(a["question"] is None for a in spectator)


def test_webhooks_fire_once_per_question_and_say_it_is_a_question(queued, monkeypatch):
    monkeypatch.setattr("games.tasks.queue_webhooks", lambda ids: None)
    game, (ann, bob, _cat) = parley()
    Webhook.objects.create(user=bob.user, url="https://hooks.example.com/b", secret="s")
    turn = state_of(game).turn

    command(ann, "ask 2")
    command(bob, "refuse")
    command(ann, "call")

    rows = list(WebhookDelivery.objects.filter(game=game).order_by("pk"))
    assert [r.prompt for r in rows] == [f"{turn}-a1", f"{turn}-c"]
    assert [r.payload["event"] for r in rows] == ["question", "question"]
    assert rows[0].payload["question"].endswith("asks you for a card: give <card> or refuse")
    assert rows[0].payload["default"] == "refuse" and rows[0].payload["own_turn"] is False


def test_a_webhook_is_posted_again_each_time_the_askers_held_turn_comes_back_to_her(queued, monkeypatch):
    monkeypatch.setattr("games.tasks.queue_webhooks", lambda ids: None)
    game, (ann, bob, cat) = parley()
    Webhook.objects.create(user=ann.user, url="https://hooks.example.com/a", secret="s")
    turn = state_of(game).turn
    for seat, text in ((ann, "ask 2"), (bob, "refuse"), (ann, "ask 3"), (cat, "refuse")):
        command(seat, text)  # Ann's turn is held while each answers, and comes back to her after

    rows = list(WebhookDelivery.objects.filter(game=game, webhook__user=ann.user).order_by("pk"))
    assert [(r.prompt, r.repeat) for r in rows] == [(str(turn), 0), (str(turn), 1)]
    assert [r.payload["event"] for r in rows] == ["your_turn", "your_turn"]


def test_a_bot_asked_a_question_answers_it_from_its_own_view(bot_choices):
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), kind="parley", players=3, level="random")
    mine = game.seats.get(user=user)
    for _ in range(10):  # the bots play up to the human's own turn; a bot's call is answered meanwhile
        play_bots(game.pk, steps=50)
        prompt = asked(fresh(game)).get(mine.index)
        if prompt is not None and prompt.own_turn:
            break
        assert prompt is not None, "the bots stopped with nothing asked of the human"
        (default,) = KIND.timeout_commands(state_of(game), mine.index)
        actions.apply_command(fresh(game), Actor.player(user), default)
    assert asked(fresh(game))[mine.index].own_turn
    actions.apply_command(fresh(game), Actor.player(user), "order call yes")  # a secret of the human's
    seen = bot_choices
    seen.clear()  # from here on: what the bots chose from after the human's secret
    bot = next(i for i in range(3) if i != mine.index and state_of(game).hands[i])
    actions.apply_command(fresh(game), Actor.player(user), f"ask {bot + 1}")
    play_bots(game.pk, steps=5)

    (answer,) = Action.objects.filter(game=game, seat=bot).order_by("-seq")[:1]
    assert answer.command.split()[0] in ("give", "refuse")
    assert seen and all(seat == bot for _state, seat in seen)
    for state, seat in seen:
        for other in range(3):
            if other != seat:  # another seat's cards are placeholders, never its real hand
                assert not set(state.hands[other]) & set(range(1, 16))
        assert state.call_orders[mine.index] == "off" and not set(state.deck) & set(range(1, 16))


def test_the_turn_mail_of_a_question_says_what_the_clock_will_answer(clock, queued):
    game, (ann, bob, _cat) = parley(window_hours=2, clock={**BANK, "reminders": True})
    command(ann, "ask 2")
    clock.shift(timedelta(hours=1, minutes=1))
    fire_all()  # the half-time reminder
    (reminder,) = Notification.objects.filter(game=game, user=bob.user, kind=Notification.Kind.REMINDER)
    body = sent(reminder).body
    assert "asks you for a card" in body and "the clock answers for you: refuse" in body


def test_the_page_title_says_your_turn_to_the_asker_and_your_answer_to_the_seat_asked(queued, client):
    game, (ann, bob, cat) = parley()
    command(ann, "ask 2")
    command(bob, "refuse")
    command(ann, "call")

    def title(seat: Seat) -> str:
        client.force_login(seat.user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        return page.split("<title>", 1)[1].split("</title>", 1)[0]

    assert title(bob).startswith("Your answer · ")
    command(bob, "yes")
    command(cat, "no")
    assert title(ann).startswith("Your turn · ")  # her own turn again, after the answers
    assert not title(bob).startswith("Your")


def test_the_mail_of_a_question_says_what_is_asked_its_default_and_its_own_deadline(clock, queued):
    game, (ann, bob, _cat) = parley(window_hours=2, clock={"mode": "none"})
    command(ann, "ask 2")
    body = sent(turn_notices(fresh(bob))[0]).body
    question = f"{ann.user.display_name} asks you for a card: give <card> or refuse"

    assert "It is your turn." not in body
    assert (f"You are asked: {question}. If you do not answer in time, the clock answers for you: refuse."
            in body)
    assert "2 h 0 min left" in body and "the time to answer this question" in body
