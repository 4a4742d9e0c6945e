from django.apps import AppConfig


class MetalAdventuresConfig(AppConfig):  # type: ignore[misc]  # Django ships no type hints (pyproject)
    """Metal Adventures' package as a Django app, so that its own `simulate` command lives in it
    (`manage.py simulate --game metal-adventures`: games/management/commands/simulate.py hands the game's
    arguments to the command of the app whose `kind` it names)."""

    name = "games.kinds.metal_adventures"
    label = "kind_metal_adventures"
    verbose_name = "Metal Adventures"
    kind = "metal-adventures"
