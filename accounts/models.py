from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models


class User(AbstractUser):
    """The site's user; custom from the first migration so later fields need no swap."""

    email = models.EmailField("e-mail address", unique=True)

    def __str__(self) -> str:
        return self.email or self.username

    @property
    def display_name(self) -> str:
        """What other players see: the chosen name, else the start of the e-mail address."""
        profile = getattr(self, "profile", None)
        if profile is not None and profile.display_name:
            return profile.display_name
        return self.email.split("@", 1)[0] or self.username


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"“{value}” is not a time zone name such as Europe/Paris or America/New_York.")


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=40, blank=True,
                                    help_text="The name other players see. Empty: the start of your e-mail.")
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    notify_on_turn = models.BooleanField("e-mail me when it is my turn", default=True)
    daily_digest = models.BooleanField("send me a daily digest", default=False)
    # The deadline clock (a later issue) pauses a player's games until this date.
    vacation_until = models.DateField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Profile of {self.user.email}"
