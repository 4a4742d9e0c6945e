from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import signals  # noqa: F401  (connects the cache invalidation hooks)
        from games.mail import webhook  # noqa: F401  (connects anymail's inbound webhook to receive_mail)
