from django.apps import AppConfig


class RaceConfig(AppConfig):
    """The race kind's package as a Django app, for its templates (docs/architecture.md). The kind itself is
    registered by the GAME_KINDS setting."""

    name = "games.kinds.race"
    label = "kind_race"
    verbose_name = "Race to 10"
