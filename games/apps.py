from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import signals  # noqa: F401  (connects the cache invalidation hooks)
        from games.mail import webhook  # noqa: F401  (connects anymail's inbound webhook to receive_mail)
        from games.moderators import ensure_group

        # The moderator group's permissions, kept in step after every migrate.
        post_migrate.connect(ensure_group, sender=self, dispatch_uid="games.moderators.ensure_group")
