from django.apps import AppConfig


class MetalAdventuresConfig(AppConfig):
    """Metal Adventures' package as a Django app, for its templates and static files (docs/architecture.md).
    The kind itself is registered by the GAME_KINDS setting."""

    name = "games.kinds.metal_adventures"
    label = "kind_metal_adventures"
    verbose_name = "Metal Adventures"
