import zoneinfo

from django import forms

from accounts.models import Profile


def time_zone_choices() -> list[tuple[str, str]]:
    names = sorted(zoneinfo.available_timezones())
    return [(name, name.replace("_", " ")) for name in names]


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(choices=time_zone_choices)

    class Meta:
        model = Profile
        fields = ["display_name", "time_zone", "notify_on_turn", "daily_digest"]

    def clean_display_name(self) -> str:
        return " ".join(self.cleaned_data["display_name"].split())
