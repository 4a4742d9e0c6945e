"""On the embedded default (SQLite, as `make run` starts it) a turn notice is claimed, mailed to the folder
and marked: the sender's claim and its reads are written in PostgreSQL's SQL where the suite's database is
PostgreSQL, and SQLite takes the ORM's path (games/actions/notify.py claim, games/rows.py)."""

from __future__ import annotations

import pytest

from tests.foundation.helpers import clean_env, manage

# Run in a process of the embedded default: Alice, who asked for every turn's mail, is owed a notice of
# Bob's turn's end; once it is due it is sent once, however often the sender is asked.
SCRIPT = """
from accounts.models import Profile, User
from games import actions
from games.actions import Actor
from games.models import Game, Notification
from games.mail.outbound import deliver
alice = User.objects.get(email="alice@metaltalon.localhost")
Profile.objects.filter(user=alice).update(turn_mail="every")
game = Game.objects.get(pk=1)
while True:
    game.refresh_from_db()
    seat = game.seats.get(awaiting=True)
    if seat.user_id != alice.pk:
        break
    actions.apply_command(game, Actor.player(seat.user), "end")
actions.apply_command(game, Actor.player(seat.user), "end")
row = Notification.objects.filter(user=alice, kind="turn", sent_at__isnull=True).latest("pk")
from django.utils import timezone
Notification.objects.filter(pk=row.pk).update(due_at=timezone.now())  # its wait over, as the sweep finds it
print("first:", deliver(row.pk).value)
print("again:", deliver(row.pk).value)
row.refresh_from_db()
print("marked:", row.sent_at is not None, row.dropped, row.claimed_until)
"""


@pytest.mark.services
def test_on_the_embedded_default_a_turn_notice_is_mailed_to_the_folder_once(tmp_path):
    var = tmp_path / "var"
    env = clean_env(VAR_DIR=str(var), HOME=str(tmp_path))
    assert manage("migrate", "--noinput", env=env).returncode == 0
    assert manage("demo_setup", env=env).returncode == 0
    ran = manage("shell", "-c", SCRIPT, env=env)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert "marked: True False None" in ran.stdout, ran.stdout
    mails = list((var / "mail").glob("*"))
    assert len(mails) == 1, mails
    text = mails[0].read_text(errors="replace")
    assert "To: alice@metaltalon.localhost" in text and "Subject: MetalTalon game 1: it is your turn" in text
    assert "Content-Type: image/png" in text  # the board, drawn from the position the mail read
