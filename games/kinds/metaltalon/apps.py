from django.apps import AppConfig


class MetalTalonConfig(AppConfig):
    """MetalTalon's package as a Django app, so that its templates, static files and `manage.py simulate`
    live in it (docs/architecture.md). The kind itself is registered by the GAME_KINDS setting."""

    name = "games.kinds.metaltalon"
    label = "kind_metaltalon"
    verbose_name = "MetalTalon"
