"""The board picture (about 45 kB) goes with the mails that tell a player something new about the board,
turn notices, and not with the answers to their mails (refusals, `help`), unless they ask for `board`."""

from __future__ import annotations

from typing import Any

import pytest

from games.mail.inbound import receive_mail
from games.mail.outbound import compose
from games.models import Notification
from tests.mail.helpers import legal, reply
from tests.web.factories import active_seat, other_seat, started_game
from tests.web.helpers import wire

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_eager")]


def _pictures(mail: Any) -> list[str]:
    return [p.get_content_type() for p in wire(mail).walk() if p.get_content_maintype() == "image"]


def _html(mail: Any) -> str:
    (html, _kind), = mail.alternatives
    return str(html)


def _answer(seat: Any, body: str, outbox: list[Any], capture: Any) -> Any:
    before = len(outbox)
    with capture(execute=True):
        receive_mail(reply(seat, body))
    (answer,) = [m for m in outbox[before:] if m.subject.startswith("Re:")]
    return answer


def test_answers_carry_no_board_picture_unless_the_mail_asks_for_the_board(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    seat = active_seat(started_game())
    for body in ("help", "fire Z9 Z10", "kepe"):
        answer = _answer(seat, body, mailoutbox, django_capture_on_commit_callbacks)
        assert _pictures(answer) == [] and "cid:" not in _html(answer)
        assert "The board as text" in _html(answer)  # the position is there, as text
    asked = _answer(seat, "board", mailoutbox, django_capture_on_commit_callbacks)
    assert _pictures(asked) == ["image/png"] and "cid:" in _html(asked)


def test_a_turn_notice_still_carries_the_board_picture(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat, waiting = active_seat(game), other_seat(game)
    answer = _answer(seat, f"{legal(seat, 'launch')}\nend", mailoutbox, django_capture_on_commit_callbacks)
    assert _pictures(answer) == []
    notice = compose(Notification.objects.get(game=game, seat=waiting, kind=Notification.Kind.TURN))
    assert notice is not None
    assert _pictures(notice) == ["image/png"] and "cid:" in _html(notice)
