from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from accounts import signals  # noqa: F401  (connects the profile creation hook)
