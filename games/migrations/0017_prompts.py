"""The platform keys on what each seat is asked (games/kinds/protocol.py, Prompt) rather than the turn.

The rows written before keyed on the kind's turn number; MetalTalon's and race's prompt key is that number
in words (protocol.turn_prompts), so each key carries over as str(turn), and the seats a game in play
awaits get their current prompt from their kind. The old column goes, and the unique keys change, in
0018: PostgreSQL alters no table whose rows this migration's transaction has just updated.
"""

from django.db import migrations, models
from django.db.models import F
from django.db.models.functions import Cast


def _carry_over(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    ClockDue = apps.get_model("games", "ClockDue")
    Notification = apps.get_model("games", "Notification")
    WebhookDelivery = apps.get_model("games", "WebhookDelivery")
    Game = apps.get_model("games", "Game")
    text = models.CharField(max_length=40)
    Seat.objects.filter(clock_turn__isnull=False).update(clock_prompt=Cast(F("clock_turn"), text))
    ClockDue.objects.update(prompt=Cast(F("turn"), text))
    Notification.objects.filter(kind__in=("turn", "started")).update(prompt=Cast(F("key"), text))
    WebhookDelivery.objects.update(prompt=Cast(F("turn"), text))
    from games.kinds import get_kind  # the kinds' own rules say what each seat is asked now

    for game in Game.objects.filter(status__in=("setup", "active"), state__isnull=False).iterator():
        try:
            kind = get_kind(game.kind)
        except KeyError:
            continue
        state = kind.load(game.state)
        for prompt in kind.prompts(state, None):
            Seat.objects.filter(game=game, index=prompt.seat).update(prompt=prompt.key)


class Migration(migrations.Migration):
    dependencies = [("games", "0016_inbound_mail_normal_keys")]

    operations = [
        migrations.RemoveConstraint(model_name="clockdue", name="clockdue_once"),
        migrations.RemoveConstraint(model_name="notification", name="notification_once_per_key"),
        migrations.RemoveConstraint(model_name="webhookdelivery", name="webhook_once_a_turn"),
        migrations.AddField(model_name="clockdue", name="prompt",
                            field=models.CharField(default="", max_length=40), preserve_default=False),
        migrations.AddField(model_name="notification", name="prompt",
                            field=models.CharField(blank=True, default="", max_length=40)),
        migrations.AddField(model_name="seat", name="clock_out_of_turn", field=models.BooleanField(default=False)),
        migrations.AddField(model_name="seat", name="clock_prompt",
                            field=models.CharField(blank=True, max_length=40, null=True)),
        migrations.AddField(model_name="seat", name="prompt",
                            field=models.CharField(blank=True, default="", max_length=40)),
        migrations.AddField(model_name="webhookdelivery", name="prompt",
                            field=models.CharField(default="", max_length=40), preserve_default=False),
        migrations.RunPython(_carry_over, migrations.RunPython.noop),
    ]
