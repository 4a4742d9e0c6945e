from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0003_unique_display_names"),
    ]

    operations = [
        migrations.AlterField(
            model_name="profile",
            name="display_name",
            field=models.CharField(
                help_text="The name other players see: yours alone, and not too like another player's.",
                max_length=40,
            ),
        ),
        migrations.AddConstraint(
            model_name="profile",
            constraint=models.UniqueConstraint(fields=("name_key",), name="profile_unique_name_key"),
        ),
    ]
