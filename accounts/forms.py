import zoneinfo

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
        fields = ["display_name", "time_zone", "turn_mail", "daily_digest", "auto_vacation"]

    def clean_display_name(self) -> str:
        # Profile.clean then refuses a name that is invisible, or too like another player's.
        return names.tidy(self.cleaned_data["display_name"])

    def save_unless_taken(self) -> bool:
        """Save; False, with the error on the name, when another player took a name like it between the
        check in clean() and this save (the database's unique key is the last word)."""
        try:
            with transaction.atomic():
                self.save()
        except IntegrityError:
            self.add_error("display_name", "That name was taken a moment ago: choose another.")
            return False
        return True
