"""A webhook delivery may be owed again for the same prompt when it comes back to its seat
(WebhookDelivery.repeat, as Notification.repeat for a turn mail)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0019_notification_repeat'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='webhookdelivery',
            name='webhook_once_a_prompt',
        ),
        migrations.AddField(
            model_name='webhookdelivery',
            name='repeat',
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddConstraint(
            model_name='webhookdelivery',
            constraint=models.UniqueConstraint(fields=('webhook', 'game', 'prompt', 'repeat'), name='webhook_once_a_prompt_asked'),
        ),
    ]
