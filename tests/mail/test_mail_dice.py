"""A turn written in one mail survives its dice (games/actions/mail.py): the `accept` a Clovers player
writes after a shot answers the roll the game asks about and is passed over when none waits, and `go on`
lets a mail try the commands after a refused one; the answer says what was passed over or skipped and why."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds import get_kind
from games.mail.inbound import receive_mail
from games.models import Action, Game, InboundMail
from tests.kinds.metaltalon.engine.helpers import position
from tests.mail.helpers import reply
from tests.web.factories import put, started_game

pytestmark = [pytest.mark.django_db]
quiet = pytest.mark.usefixtures("queued")  # the notices are left unsent


def clovers_game() -> Game:
    """Seat 0 (Clovers, reserve 10) with a 3e 2w ship at I9; seat 1's shielded ship at I12."""
    return put(started_game(players=2), position(
        players=2, factions=("clovers", "swarm"), ships=((0, "I9", (3, 2, 0)), (1, "I12", (1, 0, 3))),
        reserves=(10, 10)))


def _played(game: Game) -> list[str]:
    mailed = Action.objects.filter(game=game, source="email").order_by("seq")
    return list(mailed.values_list("command", flat=True))


def _turn(game: Game) -> int:
    game.refresh_from_db()
    kind = get_kind(game.kind)
    return int(kind.turn(kind.load(game.state)))


# (the dice, what the mail plays, what it passes over) with `order clover 4`: a 6 no reroll could better
# and a roll the order rerolled (2, then 5) are never asked about; a 4 is, and the written accept answers it.
ONE_MAIL_TURNS = [((6,), ["order clover 4", "fire I9 I12", "end"], ["accept"]),
                  ((2, 5), ["order clover 4", "fire I9 I12", "end"], ["accept"]),
                  ((4,), ["order clover 4", "fire I9 I12", "accept", "end"], [])]


@quiet
@pytest.mark.parametrize(("rolls", "played", "passed_over"), ONE_MAIL_TURNS)
def test_a_clovers_turn_written_before_its_dice_is_played_whole_from_one_mail(
        live_dice: Any, rolls: tuple[int, ...], played: list[str], passed_over: list[str]) -> None:
    game = clovers_game()
    seat = game.seats.get(index=0)
    live_dice.script(*rolls)
    turn = _turn(game)
    got = receive_mail(reply(seat, "order clover 4\nfire I9 I12\naccept\nend"))
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert _played(game) == played, report
    assert report.get("passed_over", []) == passed_over and report["refused"] is None
    assert _turn(game) == turn + 1


@quiet
def test_an_accept_written_for_a_roll_that_was_asked_about_answers_it(live_dice: Any) -> None:
    game = clovers_game()
    seat = game.seats.get(index=0)
    live_dice.script(3)  # no standing order: a 3 is asked about, and the mail's accept answers it
    receive_mail(reply(seat, "fire I9 I12\naccept\nend"))
    assert _played(game) == ["fire I9 I12", "accept", "end"]


@quiet
def test_without_go_on_a_refused_command_stops_the_mail() -> None:
    game = clovers_game()
    seat = game.seats.get(index=0)
    got = receive_mail(reply(seat, "move I9 A1\nmove I9 J9\nend"))
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert report["refused"]["command"] == "move I9 A1" and report["not_tried"] == ["move I9 J9", "end"]
    assert _played(game) == []


@quiet
def test_go_on_skips_a_refused_command_and_tries_the_rest_saying_why() -> None:
    game = clovers_game()
    seat = game.seats.get(index=0)
    got = receive_mail(reply(seat, "go on\nmove I9 A1\nmove I9 J9\nend"))
    row = InboundMail.objects.get(pk=got.inbound_id)
    assert _played(game) == ["move I9 J9", "end"]
    assert [s["command"] for s in row.report["skipped"]] == ["move I9 A1"]
    assert row.report["skipped"][0]["why"]
    assert row.report["refused"] is None and row.outcome == InboundMail.Outcome.PLAYED


def test_the_answer_says_what_was_passed_over_and_what_was_skipped(
        live_dice: Any, mailoutbox: list[Any], celery_eager: None,
        django_capture_on_commit_callbacks: Any) -> None:
    game = clovers_game()
    seat = game.seats.get(index=0)
    live_dice.script(6)
    with django_capture_on_commit_callbacks(execute=True):
        receive_mail(reply(seat, "go on\nfire I9 I12\naccept\nmove I9 A1\nend"))
    sent = next(m for m in reversed(mailoutbox) if seat.user.email in m.to)
    text = " ".join(str(sent.body).split())
    assert "Passed over, as no roll was waiting for an answer: accept" in text
    assert 'Skipped, as you wrote "go on" (the commands after each were tried): move I9 A1' in text
