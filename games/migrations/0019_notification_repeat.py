"""A turn notice may be owed again for the same prompt when it comes back to its seat (Notification.repeat:
an own turn held while others answered its questions out of turn)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0018_prompts_keys'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='notification',
            name='notification_once_per_prompt',
        ),
        migrations.AddField(
            model_name='notification',
            name='repeat',
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddConstraint(
            model_name='notification',
            constraint=models.UniqueConstraint(fields=('game', 'user', 'kind', 'key', 'prompt', 'repeat'), name='notification_once_per_prompt_asked'),
        ),
    ]
