from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db.models.signals import m2m_changed, post_delete, post_save
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


@receiver(m2m_changed, sender=Group.user_set.through)
def forget_prefs_on_groups(sender: type, instance: Any, action: str, pk_set: Any, **kwargs: Any) -> None:
    """The preferences hold whether the user is a moderator (a group's permission): a user joining or
    leaving a group, or a group gaining or losing members, drops theirs."""
    if isinstance(instance, Group):
        if action in ("post_add", "post_remove"):
            _forget_all(pk_set or [])
        elif action == "pre_clear":
            _forget_all(instance.user_set.values_list("pk", flat=True))
    elif action in ("post_add", "post_remove", "post_clear"):
        forget_prefs(instance.pk)


@receiver(m2m_changed, sender=Group.permissions.through)
def forget_prefs_on_permissions(sender: type, instance: Any, action: str, pk_set: Any,
                                **kwargs: Any) -> None:
    """A group gaining or losing a permission (the moderator group's is kept in step after every migrate)."""
    if action not in ("post_add", "post_remove", "pre_clear"):
        return
    groups = [instance.pk] if isinstance(instance, Group) else list(pk_set or [])
    _forget_all(get_user_model().objects.filter(groups__in=groups).values_list("pk", flat=True))


def _forget_all(user_ids: Any) -> None:
    for user_id in set(user_ids):
        forget_prefs(user_id)
