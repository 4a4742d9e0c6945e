"""Lobby, invitation and chat forms. Option rules live in the kinds (games.kinds) and
games.actions.check_game_options; forms only parse."""

from __future__ import annotations

from typing import Any

from django import forms

from games import actions
from games.kinds import get_kind, offered_kinds
from games.models import Game

ANY = [("", "Any")]


class NewGameForm(forms.Form):
    """The kind (when several are offered), its player counts and its own option fields, then the
    platform's: visibility and deadline."""

    kind = forms.ChoiceField(label="Game")
    players = forms.TypedChoiceField(coerce=int, initial=2)
    deadline_hours = forms.IntegerField(required=False, min_value=1, max_value=720,
                                        label="Turn deadline (hours)",
                                        help_text="How long each turn may take; empty for no deadline.")
    visibility = forms.ChoiceField(choices=Game.Visibility.choices, initial=Game.Visibility.PUBLIC,
                                   widget=forms.RadioSelect)

    def __init__(self, data: Any = None, kind: str | None = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        offered = offered_kinds()
        names = [k.name for k in offered]
        chosen = (data.get("kind") if data is not None else None) or kind or names[0]
        self.chosen_kind = get_kind(chosen) if chosen in names else offered[0]
        self.fields["kind"].choices = [(k.name, k.title) for k in offered]
        self.fields["kind"].initial = self.chosen_kind.name
        if len(offered) == 1:
            self.fields["kind"].widget = forms.HiddenInput()
        counts = self.chosen_kind.player_counts
        self.fields["players"].choices = [(n, f"{n} players") for n in counts]
        self.fields["players"].initial = counts[0]
        if 5 not in counts and max(counts) > 5:
            self.fields["players"].help_text = "Five-player games are not offered: no rule text covers them."
        self.option_names = []
        extra = self.chosen_kind.option_fields()
        ordered = {"kind": self.fields["kind"], "players": self.fields["players"]}
        for name, field in extra.items():
            ordered[name] = field
            self.option_names.append(name)
        ordered.update({k: v for k, v in self.fields.items() if k not in ordered})
        self.fields = ordered

    def options(self) -> dict[str, Any]:
        return {name: self.cleaned_data.get(name) for name in self.option_names}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            actions.check_game_options(data["kind"], data["players"], self.options(), data["visibility"],
                                       data.get("deadline_hours"))
        except actions.BadOptions as exc:
            raise forms.ValidationError(exc.message) from None
        return data


class LobbyFilterForm(forms.Form):
    kind = forms.ChoiceField(required=False, label="Game")
    players = forms.TypedChoiceField(choices=ANY + [(n, f"{n} players") for n in (2, 3, 4, 6)], coerce=int,
                                     required=False, empty_value=None)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offered = offered_kinds()
        self.fields["kind"].choices = ANY + [(k.name, k.title) for k in offered]
        if len(offered) == 1:
            del self.fields["kind"]
        self.filter_names = []
        for kind in offered:
            for name, label, choices in kind.option_filters():
                if name not in self.fields:
                    self.fields[name] = forms.ChoiceField(choices=ANY + choices, required=False, label=label)
                    self.filter_names.append(name)

    def option_filters(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.filter_names if self.cleaned_data.get(name)}


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150, label="Invite a player by name",
                               help_text="The name other players see.")


class ChatForm(forms.Form):
    text = forms.CharField(max_length=actions.CHAT_MAX, label="Message",
                           widget=forms.Textarea(attrs={"rows": 2}))


class ReportForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False, label="What is wrong with this message?")
