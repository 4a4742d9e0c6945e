from django.db import migrations


class Migration(migrations.Migration):
    """Apart from 0010, which copied its rows: no table changes in the transaction that wrote them."""

    dependencies = [
        ("games", "0010_moderation"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='chatreport',
            name='report_once',
        ),
        migrations.RemoveField(
            model_name='chatreport',
            name='message',
        ),
        migrations.RemoveField(
            model_name='chatreport',
            name='reporter',
        ),
        migrations.DeleteModel(
            name='ChatReport',
        ),
    ]
