"""The same message delivered twice at the same instant (two MX hosts, a webhook retried while the first
try still runs), each on its own database connection: its commands are played once."""

from __future__ import annotations

import pytest

from games.mail.inbound import receive_mail
from games.models import Action, InboundMail, Notification
from tests.mail.helpers import legal, reply
from tests.web.factories import active_seat, started_game
from tests.web.helpers import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services,
              pytest.mark.usefixtures("queued")]


def test_a_message_delivered_twice_at_once_is_played_once(slow_engine: None) -> None:
    game = started_game()
    seat = active_seat(game)
    launch = legal(seat, "launch")
    raw = reply(seat, f"{launch}\nend")
    results = run_together([lambda: receive_mail(raw), lambda: receive_mail(raw)])
    assert sorted(r.status for r in results) == ["duplicate", "played"], results
    assert Action.objects.filter(game=game, command=launch).count() == 1
    assert Action.objects.filter(game=game, command="end").count() == 1
    assert InboundMail.objects.count() == 1
    assert Notification.objects.filter(kind=Notification.Kind.REPLY).count() == 1
