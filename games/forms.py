"""Lobby, invitation and chat forms. Option rules live in services.check_game_options; forms only parse."""

from __future__ import annotations

from typing import Any

from django import forms

from games import services
from games.models import EDITION_CHOICES, PLAYER_CHOICES, VARIANT_CHOICES, Game

ANY = [("", "Any")]


class NewGameForm(forms.Form):
    edition = forms.ChoiceField(choices=EDITION_CHOICES, initial="token",
                                help_text="The token edition is the default; the two coin editions play on "
                                          "the six-base board. The Rules page lists the differences.")
    players = forms.TypedChoiceField(choices=PLAYER_CHOICES, coerce=int, initial=2,
                                     help_text="2, 3, 4 or 6. Five-player games are not offered: no rule "
                                               "text covers them.")
    variants = forms.MultipleChoiceField(choices=VARIANT_CHOICES, required=False,
                                         widget=forms.CheckboxSelectMultiple,
                                         help_text="Token and web2002 editions only, and at most one.")
    faction_mode = forms.ChoiceField(choices=Game.FactionMode.choices, initial=Game.FactionMode.DEAL,
                                     label="Factions")
    dice_mode = forms.ChoiceField(choices=Game.DiceMode.choices, initial=Game.DiceMode.D6, label="Dice",
                                  help_text="The stopwatch is for the coin editions only.")
    deadline_hours = forms.IntegerField(required=False, min_value=1, max_value=720,
                                        label="Turn deadline (hours)",
                                        help_text="How long each turn may take; empty for no deadline.")
    visibility = forms.ChoiceField(choices=Game.Visibility.choices, initial=Game.Visibility.PUBLIC,
                                   widget=forms.RadioSelect)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            services.check_game_options(data["edition"], data["players"], data.get("variants") or [],
                                        data["faction_mode"], data["dice_mode"], data["visibility"],
                                        data.get("deadline_hours"))
        except services.BadOptions as exc:
            raise forms.ValidationError(exc.message) from None
        return data


class LobbyFilterForm(forms.Form):
    edition = forms.ChoiceField(choices=ANY + EDITION_CHOICES, required=False)
    players = forms.TypedChoiceField(choices=ANY + PLAYER_CHOICES, coerce=int, required=False,
                                     empty_value=None)


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150, label="Invite a player by name",
                               help_text="Their user name or the name other players see.")


class ChatForm(forms.Form):
    text = forms.CharField(max_length=services.CHAT_MAX, label="Message",
                           widget=forms.Textarea(attrs={"rows": 2}))


class ReportForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False, label="What is wrong with this message?")
