from django.apps import AppConfig


class MetabaloidsConfig(AppConfig):
    """Metabaloids' package as a Django app, for its templates and static files (docs/architecture.md).
    The kind itself is registered by the GAME_KINDS setting."""

    name = "games.kinds.metabaloids"
    label = "kind_metabaloids"
    verbose_name = "Metabaloids"
