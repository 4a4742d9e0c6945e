"""The turn-number keys give way to the prompt keys filled in by 0017 (games/kinds/protocol.py, Prompt)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0017_prompts")]

    operations = [
        migrations.RemoveField(model_name="seat", name="clock_turn"),
        migrations.AddConstraint(model_name="clockdue", constraint=models.UniqueConstraint(
            fields=("seat", "prompt", "kind"), name="clockdue_once_per_prompt")),
        migrations.AddConstraint(model_name="notification", constraint=models.UniqueConstraint(
            fields=("game", "user", "kind", "key", "prompt"), name="notification_once_per_prompt")),
        migrations.AddConstraint(model_name="webhookdelivery", constraint=models.UniqueConstraint(
            fields=("webhook", "game", "prompt"), name="webhook_once_a_prompt")),
    ]
