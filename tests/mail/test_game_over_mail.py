"""The game-over mail (games/mail/game_over.py, templates/games/mail/finished.*) and the rematch a reply
to it asks for (games/actions/rematch.py), with replies shaped as real clients send them."""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest

from games import actions
from games.actions.actor import Actor
from games.actions.errors import NotAllowed, NotInPlay
from games.actions.rematch import rematch
from games.mail.addresses import seat_address
from games.mail.inbound import receive_mail
from games.models import Action, Game, Invitation, Notification, Seat
from tests.web.factories import UserFactory, active_seat, finished_game, other_seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)


def _wire(sent: Any) -> EmailMessage:
    message = message_from_bytes(sent.message().as_bytes(), policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _over_mail(outbox: list[Any], seat: Seat) -> Any:
    found = [m for m in outbox if "is over" in m.subject and not m.subject.startswith("Re: ")
             and m.to == [seat.user.email]]
    assert len(found) == 1
    return found[0]


def gmail_reply(sent: Any, seat: Seat, body: str) -> bytes:
    """Gmail's reply to one of our mails: to its Reply-To, threaded under it, the mail quoted below an
    "On ... wrote:" line, and an HTML part beside the plain one."""
    ours = _wire(sent)
    message = EmailMessage()
    message["From"] = f"{seat.user.display_name} <{seat.user.email}>"
    message["To"] = str(ours["Reply-To"])
    message["Subject"] = f"Re: {ours['Subject']}"
    message["Message-ID"] = make_msgid(domain="mail.gmail.com")
    message["In-Reply-To"] = str(ours["Message-ID"])
    message["References"] = f"{ours['References']} {ours['Message-ID']}"
    quoted = "\n".join("> " + line for line in sent.body.splitlines()[:6])
    message.set_content(f"{body}\n\nOn Fri, 27 Nov 2026 at 10:02, MetalTalon <noreply@x> wrote:\n{quoted}\n")
    message.add_alternative(f'<div dir="ltr">{body}</div><br><div class="gmail_quote">'
                            f'<blockquote class="gmail_quote">It is over.</blockquote></div>', subtype="html")
    return message.as_bytes()


def _ended(mailoutbox: list[Any], turns: int = 1) -> tuple[Game, Seat, Seat]:
    game = started_game(players=2)
    for _ in range(turns):
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    loser, winner = active_seat(game), other_seat(game)
    mailoutbox.clear()
    actions.apply_command(game, Actor.player(loser.user), "resign")
    game.refresh_from_db()
    return game, winner, loser


def _answer(mailoutbox: list[Any], seat: Seat) -> Any:
    answers = [m for m in mailoutbox if m.to == [seat.user.email] and m.subject.startswith("Re: ")]
    assert answers, "the reply is answered"
    return answers[-1]


def test_the_game_over_mail_shows_the_final_board_the_whole_last_turn_and_the_places(
        celery_eager: None, mailoutbox: list[Any]) -> None:
    game, winner, loser = _ended(mailoutbox, turns=2)
    mail = _over_mail(mailoutbox, winner)
    body = mail.body
    assert "== The final board ==" in body
    kind_board = game.kind and body.split("== The final board ==")[1]
    assert kind_board.strip(), "the text board follows its heading"
    last = body.split("== The last ")[1].split("==")[1]
    assert f"{loser.user.display_name}: resign" in last, "the last turn's every action, the resignation too"
    assert f"1. {winner.user.display_name}" in body and "rematch" in body
    html, _ = mail.alternatives[0]
    cids = re.findall(r'src="cid:([^"]+)"', html)
    board = [c for c in cids if c.startswith(f"board.{game.pk}.")]
    assert len(board) == 1, "the final board as a picture"
    pictures = {a["Content-ID"].strip("<>"): a for a in mail.attachments if hasattr(a, "get_content_type")}
    assert pictures[board[0]].get_payload(decode=True).startswith(b"\x89PNG")
    assert "The final board as text" in html and "resign" in html
    assert _wire(mail)["Reply-To"] == seat_address(winner), "a reply reaches the seat's address"


def test_a_reply_to_the_game_over_mail_is_answered_with_the_result_and_the_rematch_command(
        celery_eager: None, mailoutbox: list[Any]) -> None:
    game, winner, _ = _ended(mailoutbox)
    receive_mail(gmail_reply(_over_mail(mailoutbox, winner), winner, "Good game!"))
    answer = _answer(mailoutbox, winner).body
    assert "== The result ==" in answer and f"{winner.user.display_name} wins." in answer
    assert "reply to this mail with the word:\n\n    rematch" in answer
    assert Game.objects.count() == 1


def test_rematch_in_a_reply_to_the_game_over_mail_makes_the_same_game_and_invites_the_other_player(
        celery_eager: None, mailoutbox: list[Any]) -> None:
    game, winner, loser = _ended(mailoutbox)
    got = receive_mail(gmail_reply(_over_mail(mailoutbox, loser), loser, "rematch"))
    assert got.status == "nothing"
    new = Game.objects.exclude(pk=game.pk).get()
    assert (new.kind, new.options, new.players, new.visibility, new.clock, new.rated) == (
        game.kind, game.options, game.players, game.visibility, game.clock, game.rated)
    assert list(new.seats.values_list("user_id", flat=True)) == [loser.user_id]
    assert Invitation.objects.filter(game=new, user=winner.user).exists()
    assert Notification.objects.filter(game=new, user=winner.user, kind=Notification.Kind.INVITED).exists()
    answer = _answer(mailoutbox, loser).body
    seat = new.seats.get(user=loser.user)
    assert f"== Rematch: game {new.pk} ==" in answer and seat_address(seat) in answer
    assert "starts when 1 more seat is taken" in answer

    # The other player's rematch is a seat in that same game, which then starts.
    receive_mail(gmail_reply(_over_mail(mailoutbox, winner), winner, "Rematch"))
    assert Game.objects.count() == 2
    new.refresh_from_db()
    assert new.status != Game.Status.OPEN
    assert sorted(new.seats.values_list("user_id", flat=True)) == sorted([winner.user_id, loser.user_id])
    assert f"You have your seat in game {new.pk}" in _answer(mailoutbox, winner).body


def test_a_rematch_against_bots_seats_the_bots_again_and_starts_at_once(celery_eager: None,
                                                                        mailoutbox: list[Any]) -> None:
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), players=2, level="random")
    actions.apply_command(game, Actor.player(user), "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    made = rematch(game, Actor.player(user, channel="email"))
    assert made.made and made.game.status != Game.Status.OPEN
    assert list(made.game.seats.exclude(bot="").exclude(bot=None).values_list("bot", flat=True)) == ["random"]
    again = rematch(game, Actor.player(user, channel="email"))
    assert (again.game.pk, again.made) == (made.game.pk, False), "asked twice: one rematch"


def test_only_a_finished_games_players_get_its_rematch() -> None:
    game, _, _ = finished_game()
    with pytest.raises(NotAllowed):
        rematch(game, Actor.player(UserFactory()))
    playing = started_game()
    with pytest.raises(NotInPlay):
        rematch(playing, Actor.player(active_seat(playing).user))
    assert Game.objects.count() == 2 and not Action.objects.filter(game__status=Game.Status.OPEN).exists()


def test_rematch_in_a_reply_to_a_game_in_play_is_answered_with_why_not(celery_eager: None,
                                                                       mailoutbox: list[Any]) -> None:
    game = started_game(players=2)
    seat = active_seat(game)
    message = EmailMessage()
    message["From"] = seat.user.email
    message["To"] = seat_address(seat)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="client.example")
    message.set_content("rematch\n")
    receive_mail(message.as_bytes())
    answer = _answer(mailoutbox, seat).body
    assert f"No rematch: Game {game.pk} is not over: a rematch follows a finished game." in answer
    assert "== The result ==" not in answer and Game.objects.count() == 1
