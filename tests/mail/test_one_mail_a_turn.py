"""A Clovers player who reads mail once a day sends one mail a turn, written before its dice fall, and
never loses a day to a die: each mail sets the Clovers order (every other day off), plays the turn it plans
(moves, launches, shots, an `accept` written after each shot) and ends it. The written accept answers a
roll the game asks about and is passed over after one nobody could better or the order rerolled; commands
the dice made impossible (a second shot at a ship already destroyed) are skipped (`go on`), and the turn
still ends. The other seat plays on the web."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import dice
from games.actions import Actor, apply_command
from games.kinds import get_kind
from games.mail.inbound import receive_mail
from games.models import Game, InboundMail
from tests.kinds.metaltalon.engine.helpers import position
from tests.mail.helpers import reply
from tests.mail.test_mail_game import _pick
from tests.web.factories import put, started_game

pytestmark = pytest.mark.django_db

KIND = get_kind("metaltalon")
MAIL_TURNS = 12


def _plan(rng: random.Random, state: Any, order: str) -> list[str]:
    """Seat 0's whole turn as a mail player writes it the evening before: the commands of a turn played
    against dice it imagines (the state's own seeded ones), an `accept` written after each shot."""
    mail = ["go on", f"order clover {order}"]
    state, _ = KIND.play(state, 0, mail[-1], None)
    while len(mail) < 30:
        legal = [c for c in KIND.legal_commands(state, 0) if c not in ("accept", "reroll")]
        command = _pick(rng, state, 0, legal) if legal else "end"
        mail.append(command)
        if command.startswith("fire"):
            mail.append("accept")
        if command == "end":
            return mail
        state, _ = KIND.play(state, 0, command, None)
        if "accept" in KIND.legal_commands(state, 0):
            state, _ = KIND.play(state, 0, "accept", None)
        if KIND.phase(state) == "over" or 0 not in KIND.to_act(state):
            return mail
    return [*mail, "end"]


def _web_turn(rng: random.Random, game: Game, seat: Any) -> None:
    """Seat 1 on the web: a command at a time (a roll's answer too) until its turn is over."""
    for _ in range(40):
        game.refresh_from_db()
        state = KIND.load(game.state)
        if game.status != Game.Status.ACTIVE or 1 not in KIND.to_act(state):
            return
        apply_command(game, Actor.player(seat.user), _pick(rng, state, 1, KIND.legal_commands(state, 1)))
    raise AssertionError("seat 1's turn never ended")


def test_a_clovers_player_plays_every_turn_in_one_mail_and_never_loses_a_day(
        monkeypatch: pytest.MonkeyPatch, settings: Any, queued: list[int]) -> None:
    settings.MAIL_RATE_LIMIT = "1000/hour"
    stream = random.Random(33)
    monkeypatch.setattr(dice, "new_dice", lambda: dice.SecretDice(stream))
    rng = random.Random(33)
    game = put(started_game(players=2), position(
        players=2, factions=("clovers", "bankers"), ships=((0, "I9", (3, 2, 0)), (1, "I12", (2, 1, 1))),
        reserves=(20, 20)))
    mailer, other = game.seats.get(index=0), game.seats.get(index=1)
    passed_over = skipped = rolls = answered = 0
    mails = 0
    while mails < MAIL_TURNS:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = KIND.load(game.state)
        if 0 not in KIND.to_act(state):
            _web_turn(rng, game, other)
            continue
        turn = KIND.turn(state)
        # Every other day without the order: the game asks about every roll it could better.
        got = receive_mail(reply(mailer, "\n".join(_plan(rng, state, "4" if mails % 2 else "off"))))
        mails += 1
        report = InboundMail.objects.get(pk=got.inbound_id).report
        assert report["refused"] is None, report
        game.refresh_from_db()
        after = KIND.load(game.state)
        ended = 0 not in KIND.to_act(after) and KIND.turn(after) > turn
        assert game.status != Game.Status.ACTIVE or ended, ("one mail, one whole turn", report)
        passed_over += len(report.get("passed_over", []))
        skipped += len(report.get("skipped", []))
        rolls += sum(p["command"].startswith("fire") for p in report["played"])
        answered += sum(p["command"] == "accept" for p in report["played"])
    assert mails >= 6, "a real game: the mail player had many turns"
    assert rolls >= 5, "dice fell"
    assert passed_over >= 1, "accepts written for rolls nobody was asked about were passed over"
    assert answered >= 1, "accepts written for rolls the game asked about answered them"
