from typing import Any

from django.conf import settings
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from accounts.models import Profile
from accounts.prefs import forget_prefs


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: type, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw:
        Profile.objects.get_or_create(user=instance)


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def forget_user_prefs(sender: type, instance: Any, **kwargs: Any) -> None:
    """The cached zone and display name (accounts.prefs) are re-read after any change to the user."""
    forget_prefs(instance.pk)


@receiver(post_save, sender=Profile)
@receiver(post_delete, sender=Profile)
def forget_profile_prefs(sender: type, instance: Profile, **kwargs: Any) -> None:
    forget_prefs(instance.user_id)
