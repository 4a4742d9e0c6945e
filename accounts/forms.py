import zoneinfo
from typing import Any

from django import forms
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest

from accounts import names
from accounts.models import Profile, first_free_name, name_problem
from accounts.zones import canonical_zone, offered_zones


def time_zone_choices() -> list[tuple[str, str]]:
    """UTC and the place names (accounts/zones.py), never the database's legacy aliases."""
    return [(zone, zone.replace("_", " ")) for zone in offered_zones()]


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(choices=time_zone_choices)

    class Meta:
        model = Profile
        fields = ["display_name", "time_zone", "turn_mail", "daily_digest", "digest_hour", "auto_vacation"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["digest_hour"].required = False  # a form without it keeps the hour there was
        # A zone stored before the list held place names only: an alias shows (and is saved) as the place
        # name it stands for, the same rules; a name without one (Etc/GMT+5) stays a choice of its own,
        # first, so the account keeps it until its player picks another.
        stored = self.instance.time_zone if self.instance.pk else ""
        canonical = canonical_zone(stored) if stored else None
        if canonical is not None and canonical != stored:
            self.initial["time_zone"] = canonical
        elif stored and canonical is None and stored in zoneinfo.available_timezones():
            field = self.fields["time_zone"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [(stored, f"{stored} (kept: not a place name)"), *time_zone_choices()]

    def clean_digest_hour(self) -> int:
        value = self.cleaned_data.get("digest_hour")
        return int(value) if value not in (None, "") else self.instance.digest_hour

    def clean_display_name(self) -> str:
        # Profile.clean then refuses a name that is invisible, or too like another player's.
        return names.tidy(self.cleaned_data["display_name"])

    def save_unless_taken(self) -> bool:
        """Save; False, with the error on the name, when another player took a name like it between the
        check in clean() and this save (the database's unique key is the last word)."""
        from games.actions.digest import schedule_digest  # the digest's moment follows the zone and hour

        schedule_digest(self.instance)
        try:
            with transaction.atomic():
                self.save()
        except IntegrityError:
            self.add_error("display_name", "That name was taken a moment ago: choose another.")
            return False
        return True


def browser_time_zone(value: str) -> str:
    """The zone the sign-up page's script read from the browser (static/js/signup.js), as the profile's list
    names it (a browser may say "Asia/Calcutta": Asia/Kolkata, accounts/zones.py); UTC otherwise (no
    script, an old browser, a zone with no place name, anything typed into the field by hand)."""
    return canonical_zone((value or "").strip()) or "UTC"


class SignupDetails(forms.Form):
    """What sign-up asks besides the address and password (allauth's ACCOUNT_SIGNUP_FORM_CLASS): the name
    other players see, checked as the profile checks it (accounts.models.name_problem), and the browser's
    time zone, filled in by static/js/signup.js."""

    display_name = forms.CharField(
        label="Display name", max_length=names.NAME_MAX,
        help_text="The name other players see: yours alone. Your e-mail address is never shown. You can "
                  "change the name later on your profile page.",
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}))
    time_zone = forms.CharField(required=False,
                                widget=forms.HiddenInput(attrs={"data-browser-time-zone": ""}))

    field_order = ["email", "display_name", "password1", "password2"]

    def clean_display_name(self) -> str:
        name = names.tidy(self.cleaned_data["display_name"])
        if not name:
            raise forms.ValidationError("This field is required.")
        problem = name_problem(name)
        if problem:
            raise forms.ValidationError(problem)
        return name

    def clean_time_zone(self) -> str:
        return browser_time_zone(self.cleaned_data.get("time_zone", ""))

    def signup(self, request: HttpRequest, user: Any) -> None:
        """Called by allauth once the user is saved (its profile, made by accounts.signals, holds a neutral
        name for that moment). Another player may have taken a name like the chosen one since the check:
        then the player gets its first free numbered form and is told so."""
        profile, _ = Profile.objects.get_or_create(user=user)
        wanted = self.cleaned_data["display_name"]
        profile.time_zone = self.cleaned_data["time_zone"]
        for attempt in range(5):
            profile.display_name = wanted if attempt == 0 else first_free_name(wanted, but=profile)
            try:
                with transaction.atomic():
                    profile.save()
                break
            except IntegrityError:
                if attempt == 4:
                    raise
        if profile.display_name != wanted:
            messages.warning(request, f"“{wanted}” was taken a moment ago: you are “{profile.display_name}” "
                                      "for now, and can change it on your profile page.")
