from django.apps import AppConfig


class MetalTalonConfig(AppConfig):
    """MetalTalon's package as a Django app, so that its templates, static files and its `simulate`
    command live in it (docs/architecture.md; `manage.py simulate` finds the command by `kind`:
    games/management/commands/simulate.py). The kind itself is registered by the GAME_KINDS setting."""

    name = "games.kinds.metaltalon"
    label = "kind_metaltalon"
    verbose_name = "MetalTalon"
    kind = "metaltalon"
