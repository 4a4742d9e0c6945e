from __future__ import annotations

import zoneinfo
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils import timezone

from accounts import names


class User(AbstractUser):
    """The site's user; custom from the first migration so later fields need no swap."""

    email = models.EmailField("e-mail address", unique=True)

    def __str__(self) -> str:
        return self.email or self.username

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])

    @property
    def display_name(self) -> str:
        """What other players see: the profile's name, unique on the site (every profile has one: see
        Profile.save); a neutral "Player 123" for a user saved without signals, never the e-mail address."""
        profile = getattr(self, "profile", None)
        if profile is not None and profile.display_name:
            return profile.display_name
        return names.neutral_base(self.pk)


    @property
    def has_neutral_name(self) -> bool:
        """Still "Player 123" (names.is_neutral): the profile and the home page ask for a name."""
        return names.is_neutral(self.display_name, self.pk)


def user_display(user: User) -> str:
    """How allauth names a user in its pages and mails (ACCOUNT_USER_DISPLAY)."""
    return user.display_name


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"“{value}” is not a time zone name such as Europe/Paris or America/New_York.")


def vacation_start_days() -> float:
    """What a new player starts with (settings.VACATION_START_DAYS)."""
    return float(settings.VACATION_START_DAYS)


class TurnMail(models.TextChoices):
    """When a player is e-mailed that it is their turn (games/actions/notify.py, games/mail/outbound.py)."""

    EVERY = "every", "every turn"
    # The default: a turn notice waits NOTICE_DELAY_SECONDS and is dropped if the player acted or had the
    # game page open meanwhile, so two players on the page never mail each other.
    AWAY = "away", "only when I am away"
    NEVER = "never", "never"


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=names.NAME_MAX,
                                    help_text="The name other players see: yours alone, and not too like "
                                              "another player's.")
    # names.name_key(display_name), kept by save(). Unique: the database itself refuses a second name that
    # looks like one already there, whichever way it was written (form, admin, a race between two saves).
    name_key = models.TextField(editable=False)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    turn_mail = models.CharField("e-mail me when it is my turn", max_length=8, choices=TurnMail.choices,
                                 default=TurnMail.AWAY,
                                 help_text="“Never” also stops the game-over e-mail.")
    daily_digest = models.BooleanField(
        "send me a daily digest instead of a mail each turn", default=False,
        help_text="One mail a day listing the games that await you; reminders before a deadline still come.")
    digest_hour = models.PositiveSmallIntegerField(
        "digest hour", default=8, choices=[(h, f"{h:02d}:00") for h in range(24)],
        help_text="When the digest comes, in your time zone.")
    # The next digest's moment (UTC), kept by games.actions.digest: the beat's scan reads this index.
    digest_next_at = models.DateTimeField(null=True, blank=True, db_index=True, editable=False)
    # Vacation (games/actions/vacation.py, docs/clock.md): days in hand as of `vacation_counted_at` (they
    # accrue while the player is not away, up to settings.VACATION_MAX_DAYS); while on vacation since
    # `vacation_since` the player's clocks are paused, and `vacation_ends_at` is when the days run out
    # (the beat's scan ends the vacation then).
    vacation_days = models.FloatField(default=vacation_start_days)
    vacation_counted_at = models.DateTimeField(default=timezone.now)
    vacation_since = models.DateTimeField(null=True, blank=True)
    vacation_ends_at = models.DateTimeField(null=True, blank=True, db_index=True)
    auto_vacation = models.BooleanField(
        "go on vacation by myself when I am about to time out", default=True,
        help_text="If your time runs out in a game while you have vacation days, your games pause instead.")
    # A moderator's suspension (games/actions/sanctions.py): the account is inactive until then, and the
    # beat's scan reinstates it. A ban is an inactive account with no end.
    suspended_until = models.DateTimeField(null=True, blank=True, db_index=True, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["name_key"], name="profile_unique_name_key")]

    def __str__(self) -> str:
        return f"Profile of {self.user.email}"

    def clean(self) -> None:
        """The name's shape and its likeness to others, for every form over the model (profile, admin):
        the unique key is not a form field, so Django's own constraint check would skip it."""
        if not self.display_name:
            return
        problem = name_problem(self.display_name, but=self, staff=bool(self.user_id and self.user.is_staff))
        if problem:
            raise ValidationError({"display_name": problem})

    def save(self, *args: Any, **kwargs: Any) -> None:
        fields = kwargs.get("update_fields")
        if fields is not None and "display_name" in fields:
            kwargs["update_fields"] = {*fields, "name_key"}
        if self.display_name:
            self.name_key = names.name_key(self.display_name)
            super().save(*args, **kwargs)
        else:
            self._save_with_default_name(*args, **kwargs)

    def _save_with_default_name(self, *args: Any, **kwargs: Any) -> None:
        """A profile saved without a name (an account made by the admin, createsuperuser, or sign-up before
        it names the player) gets a neutral one, "Player 123" from the account's number, never anything
        from the e-mail address: that is private. Unique from the start: the first free numbered form of
        it, and of two saves racing for one name the loser takes the next."""
        base = names.neutral_base(self.user_id)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "display_name", "name_key"}
        for attempt in range(5):
            self.display_name = first_free_name(base, but=self)
            self.name_key = names.name_key(self.display_name)
            try:
                with transaction.atomic():
                    super().save(*args, **kwargs)
                return
            except IntegrityError:
                lost_race = Profile.objects.filter(name_key=self.name_key).exclude(pk=self.pk).exists()
                if attempt == 4 or not lost_race:
                    raise


def name_problem(name: str, but: Profile | None = None, staff: bool = False) -> str | None:
    """Why `name` (tidied) cannot be a player's name: its shape, its likeness to another player's name
    (other than `but`'s own), or a word kept for staff (unless `staff`). None when it may be taken. Every
    form that names a player asks this: the profile (through Profile.clean), the admin, sign-up."""
    problem = names.shape_problem(name)
    if problem is None:
        alike = Profile.objects.filter(name_key=names.name_key(name))
        if but is not None and but.pk is not None:
            alike = alike.exclude(pk=but.pk)
        twin = alike.first()
        problem = names.clash_message(name, twin.display_name) if twin else None
    if problem is None and not staff:
        problem = names.reserved_problem(name)
    return problem


def first_free_name(wanted: str, but: Profile | None = None) -> str:
    """`wanted`, or its first numbered form ("Alice2", ...) that no profile (other than `but`) has a name
    like. Free when asked: the unique key still decides at the save."""
    key = names.name_key(wanted)
    others = Profile.objects.filter(name_key__startswith=key)
    if but is not None and but.pk is not None:
        others = others.exclude(pk=but.pk)
    return names.first_free(wanted, set(others.values_list("name_key", flat=True)))


class ApiToken(models.Model):
    """A personal token for the public API (docs/api.md). The secret is shown once, when it is made; the
    site keeps only its SHA-256, so a stolen database gives no token. Revoked tokens stay listed."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=12, editable=False)  # the secret's start, to tell tokens apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user_id}"
