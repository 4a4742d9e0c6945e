"""The turn e-mail preference becomes a choice: every turn / only when away / never. The old box maps as
ticked -> "away" (the new default, which drops notices while the player is on the game page), unticked ->
"never"."""

from typing import Any

from django.db import migrations, models


def from_flag(apps: Any, schema_editor: Any) -> None:
    profile = apps.get_model("accounts", "Profile")
    profile.objects.filter(notify_on_turn=True).update(turn_mail="away")
    profile.objects.filter(notify_on_turn=False).update(turn_mail="never")


def to_flag(apps: Any, schema_editor: Any) -> None:
    profile = apps.get_model("accounts", "Profile")
    profile.objects.update(notify_on_turn=True)
    profile.objects.filter(turn_mail="never").update(notify_on_turn=False)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0004_profile_unique_name_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="turn_mail",
            field=models.CharField(
                choices=[("every", "every turn"), ("away", "only when I am away"), ("never", "never")],
                default="away",
                help_text="“Never” also stops the game-over e-mail.",
                max_length=8,
                verbose_name="e-mail me when it is my turn",
            ),
        ),
        migrations.RunPython(from_flag, to_flag),
        migrations.RemoveField(model_name="profile", name="notify_on_turn"),
    ]
