from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: type, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw:
        Profile.objects.get_or_create(user=instance)
