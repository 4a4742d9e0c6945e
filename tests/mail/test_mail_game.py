"""A whole two-player game, from the faction deal to the winner, played only by replying to the site's
mails: every command reaches the game through receive_mail, each reply answers the newest mail its player
got, and every reply is answered."""

from __future__ import annotations

import random
from email import message_from_bytes, policy
from typing import Any

import pytest
from django.core import mail as django_mail

from games import dice
from games.kinds import get_kind
from games.kinds.metaltalon.engine import load_board
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.models import Action, Game, Notification, Seat
from tests.mail.helpers import reply
from tests.web.factories import full_game

pytestmark = pytest.mark.django_db(transaction=True)

# Far more than the game below needs.
MAX_MAILS = 200


def _pick(rng: random.Random, state: Any, seat: int, legal: list[str]) -> str:
    """A player who presses on: fires when it can, launches the biggest ship, moves towards the enemy
    base, and ends the turn when nothing brings it closer."""
    core = [c for c in legal if c != "resign" and not c.startswith("order")]
    fires = [c for c in core if c.startswith("fire")]
    if fires:
        return rng.choice(fires)
    for verb in ("accept", "keep"):
        if verb in core:
            return verb
    launches = [c for c in core if c.startswith("launch")]
    if launches:
        return launches[-1]
    board = load_board(state.board)
    enemy = next(s.home for s in state.seats if s.index != seat and not s.out)

    def gain(command: str) -> int:
        words = command.upper().split()
        return board.distance(words[1], enemy) - board.distance(words[-1], enemy)

    closer = [c for c in core if c.startswith("move") and gain(c) > 0]
    if closer:
        best = max(map(gain, closer))
        return rng.choice([c for c in closer if gain(c) == best])
    return "end" if "end" in core else rng.choice(core)


# A mail holds the commands up to the first whose outcome the player cannot foresee (a shot's roll, a
# setup choice) or the end of the turn: what a player by mail writes before waiting for the answer.
_WAIT_AFTER = ("fire", "end", "keep", "redraw", "accept", "reroll")


def turn_commands(rng: random.Random, kind: Any, state: Any, seat: int) -> list[str]:
    commands: list[str] = []
    while True:
        command = _pick(rng, state, seat, kind.legal_commands(state, seat))
        commands.append(command)
        if command.split()[0] in _WAIT_AFTER or len(commands) >= 10:
            return commands
        state, _ = kind.play(state, seat, command, None)  # a move or launch: nothing random in it
        if kind.phase(state) == "over" or seat not in kind.to_act(state):
            return commands


def _newest_mail_to(address: str) -> Any:
    for sent in reversed(django_mail.outbox):
        if address in sent.to:
            return message_from_bytes(sent.message().as_bytes(), policy=policy.default)
    return None


def test_a_two_player_game_is_played_to_its_winner_by_mail_alone(
        monkeypatch: pytest.MonkeyPatch, mailoutbox: list[Any], celery_eager: None, settings: Any) -> None:
    settings.MAIL_RATE_LIMIT = "1000/hour"  # one command a mail, played as fast as the test can
    # One stream of known dice for the whole game and a seeded player, so it is the same game every run:
    # seed 9 ends by invasion after 68 mails (most seeds take hundreds, some never end with this player).
    stream = random.Random(9)
    monkeypatch.setattr(dice, "new_dice", lambda: dice.SecretDice(stream))
    rng = random.Random(9)
    game = full_game(players=2, seed=9)
    kind = get_kind(game.kind)
    seats = {s.index: s for s in Seat.objects.filter(game=game).select_related("user")}
    sent = 0
    while sent < MAX_MAILS:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        state = kind.load(game.state)
        seat = seats[kind.to_act(state)[0]]
        commands = turn_commands(rng, kind, state, seat.index)
        newest = _newest_mail_to(seat.user.email)
        assert newest is not None, f"{seat.user.email} was never mailed, so had nothing to answer"
        assert newest["Reply-To"] == seat_address(seat)
        answers_before = len(mailoutbox)
        got = receive_mail(reply(seat, "\n".join(commands), headers={"In-Reply-To": newest["Message-ID"],
                                                                      "References": newest["Message-ID"]}))
        assert got.status == "played", (commands, got)
        assert len(mailoutbox) > answers_before, "every reply is answered"
        sent += 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"no winner after {sent} mails"
    assert sent > 20, "a real game, not an early resignation"
    assert set(Action.objects.filter(game=game).values_list("source", flat=True)) == {"email"}
    assert not Action.objects.filter(game=game, command="resign").exists()
    assert game.seats.filter(status=Seat.Status.OUT).exists(), "won by putting the other seat out"
    winner = game.seats.get(status=Seat.Status.WON)
    # Both players hear the result by mail.
    for seat in seats.values():
        assert Notification.objects.filter(game=game, user=seat.user, kind=Notification.Kind.FINISHED,
                                           sent_at__isnull=False).exists()
    assert winner.user is not None
