"""Games get a kind and options (MetalTalon's edition, variants, faction mode and dice mode move into
them), actions record their dice, and the game seed leaves the database row: live games draw from the
operating system's randomness (docs/architecture.md). Existing games stay playable: their options are
copied, and their logged actions (dice null) replay from the seed kept inside their own state."""

from django.db import migrations, models


def columns_to_options(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.all().iterator():
        game.kind = "metaltalon"
        game.options = {"edition": game.edition, "variants": sorted(game.variants or []),
                        "faction_mode": game.faction_mode, "dice_mode": game.dice_mode}
        game.save(update_fields=["kind", "options"])


def options_to_columns(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.all().iterator():
        o = game.options or {}
        game.edition = o.get("edition", "token")
        game.variants = o.get("variants", [])
        game.faction_mode = o.get("faction_mode", "deal")
        game.dice_mode = o.get("dice_mode", "d6")
        game.seed = (game.state or {}).get("seed", 0)
        game.save(update_fields=["edition", "variants", "faction_mode", "dice_mode", "seed"])


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [
        migrations.AddField(model_name="game", name="kind",
                            field=models.CharField(db_index=True, default="metaltalon", max_length=32)),
        migrations.AddField(model_name="game", name="options", field=models.JSONField(blank=True, default=dict)),
        migrations.AddField(model_name="action", name="dice", field=models.JSONField(blank=True, null=True)),
        migrations.RunPython(columns_to_options, options_to_columns),
        migrations.RemoveField(model_name="game", name="edition"),
        migrations.RemoveField(model_name="game", name="variants"),
        migrations.RemoveField(model_name="game", name="faction_mode"),
        migrations.RemoveField(model_name="game", name="dice_mode"),
        migrations.RemoveField(model_name="game", name="seed"),
        migrations.AlterField(model_name="game", name="players",
                              field=models.PositiveSmallIntegerField(default=2)),
    ]
