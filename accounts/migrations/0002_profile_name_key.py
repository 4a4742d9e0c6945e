from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="name_key",
            field=models.TextField(default="", editable=False),
            preserve_default=False,
        ),
    ]
