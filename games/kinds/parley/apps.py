from django.apps import AppConfig


class ParleyConfig(AppConfig):
    """The parley kind's package as a Django app, for its templates (docs/architecture.md). The kind itself is
    registered by the GAME_KINDS setting."""

    name = "games.kinds.parley"
    label = "kind_parley"
    verbose_name = "Parley"
