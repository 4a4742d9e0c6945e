import zoneinfo
from typing import Any

from django import forms
from django.db import IntegrityError, transaction

from accounts import names
from accounts.models import Profile


def time_zone_choices() -> list[tuple[str, str]]:
    zones = sorted(zoneinfo.available_timezones())
    return [(zone, zone.replace("_", " ")) for zone in zones]


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(choices=time_zone_choices)

    class Meta:
        model = Profile
        fields = ["display_name", "time_zone", "turn_mail", "daily_digest", "digest_hour", "auto_vacation"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["digest_hour"].required = False  # a form without it keeps the hour there was

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
