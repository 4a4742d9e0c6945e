"""Each seat keeps how far its player has read the game's chat (Seat.chat_read, a message pk), so the game
page and My games can show what is new. Chat written before this counts as read: otherwise every player
would find every old message marked new on the day it ships."""

from django.db import migrations, models
from django.db.models import Max, OuterRef, Subquery
from django.db.models.functions import Coalesce


def existing_chat_is_read(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    ChatMessage = apps.get_model("games", "ChatMessage")
    newest = (ChatMessage.objects.filter(game=OuterRef("game")).order_by().values("game")
              .annotate(newest=Max("pk")).values("newest"))
    Seat.objects.update(chat_read=Coalesce(Subquery(newest), 0))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_kinds_and_recorded_dice"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="chat_read",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.RunPython(existing_chat_is_read, migrations.RunPython.noop),
    ]
