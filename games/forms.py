"""Lobby, invitation and chat forms. Option rules live in the kinds (games.kinds) and
games.actions.check_game_options; forms only parse."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet

from games import actions
from games.clock import rules as clock
from games.kinds import bot_hints, get_kind, offered_kinds
from games.models import Game
from games.seats import bot_choice, bot_title

ANY = [("", "Any")]
PEOPLE = "people"
_DEFAULT = clock.ClockRules()


# The level a player's first game is offered against, where the kind has it (docs/bots.md, "Levels").
FIRST_GAME_BOT = "beginner"


class NewGameForm(forms.Form):
    """The kind (when several are offered), its player counts and its own option fields, then the
    platform's: visibility and the clock."""

    CLOCK_FIELDS = ("clock_mode", "deadline_hours", "bank_hours", "increment_hours", "cap_hours", "reminders",
                    "on_timeout", "expel_after")
    # Which kinds of clock each clock field belongs to: static/js/new-game.js shows a field only with its
    # kinds (without the script every field stays shown, and each kind of clock ignores the others').
    CLOCK_FIELD_MODES = {"deadline_hours": (clock.DEADLINE,),
                         **{name: (clock.BANK,) for name in ("bank_hours", "increment_hours", "cap_hours")},
                         **{name: (clock.DEADLINE, clock.BANK) for name in ("reminders", "on_timeout",
                                                                            "expel_after")}}

    kind = forms.ChoiceField(label="Game")
    players = forms.TypedChoiceField(coerce=int, initial=2)
    # The clock (games/clock/rules.py checks the values; the defaults are its own).
    clock_mode = forms.ChoiceField(label="Kind of clock", choices=list(clock.MODES.items()), required=False,
                                   initial=clock.DEADLINE, widget=forms.RadioSelect)
    deadline_hours = forms.IntegerField(required=False, min_value=1, max_value=clock.HOURS_MAX,
                                        initial=_DEFAULT.hours, label="Deadline per turn (hours)",
                                        help_text="With a deadline: how long each turn may take "
                                                  "(72: 3 days).")
    bank_hours = forms.IntegerField(required=False, min_value=1, max_value=clock.BANK_MAX,
                                    initial=_DEFAULT.bank_hours, label="Time bank to start (hours)",
                                    help_text="With a time bank: each player's time for all their turns "
                                              "(168: 7 days).")
    increment_hours = forms.IntegerField(required=False, min_value=0, max_value=clock.HOURS_MAX,
                                         initial=_DEFAULT.increment_hours,
                                         label="Added after each turn (hours)")
    cap_hours = forms.IntegerField(required=False, min_value=1, max_value=clock.BANK_MAX,
                                   initial=_DEFAULT.cap_hours, label="Time bank cap (hours)")
    reminders = forms.BooleanField(required=False, initial=True, label="Remind players by e-mail",
                                   help_text="At half-time and 12 hours before their time runs out.")
    # Radio buttons, whose words wrap: in a closed select the vote's long choice was cut off on a phone.
    on_timeout = forms.ChoiceField(label="When a player's time runs out", required=False,
                                   choices=list(clock.ON_TIMEOUT.items()), initial=clock.END,
                                   widget=forms.RadioSelect)
    expel_after = forms.IntegerField(required=False, min_value=1, max_value=clock.EXPEL_MAX,
                                     initial=_DEFAULT.expel_after, label="Timeouts in a row before a vote")
    visibility = forms.ChoiceField(choices=Game.Visibility.choices, initial=Game.Visibility.PUBLIC,
                                   widget=forms.RadioSelect)
    # A choice rather than a tick box: a form posted without it (an older page, a script) stays rated.
    rated = forms.ChoiceField(label="Ratings", required=False, initial="rated", widget=forms.RadioSelect,
                              choices=[("rated", "Rated: the result moves the players' ratings"),
                                       ("unrated", "Unrated")],
                              help_text="Private games and games against bots alone are never rated.")
    # "people": the other seats wait for players; a bot level: bots take them and the game starts now.
    opponents = forms.ChoiceField(label="Opponents", initial=PEOPLE, widget=forms.RadioSelect, required=False,
                                  help_text="With bots the game starts at once; you can also add bots to "
                                            "single seats of a waiting game.")

    def __init__(self, data: Any = None, kind: str | None = None, *, first_game: bool = False,
                 last_opponents: str | None = None, **kwargs: Any) -> None:
        """`first_game`: the player has never held a seat; the kind's beginner bot (if it has one) is ticked
        for them. Later, `last_opponents` (queries.last_opponents: a bot level or PEOPLE, as the player's
        last created game had them) is ticked again where the chosen kind offers it."""
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
        labels = getattr(self.chosen_kind, "player_count_labels", {})
        self.fields["players"].choices = [(n, labels.get(n, f"{n} players")) for n in sorted(counts)]
        self.fields["players"].initial = counts[0]
        if 5 not in counts and max(counts) > 5:
            self.fields["players"].help_text = "Five-player games are not offered: no rule text covers them."
        self.fields["opponents"].choices = [(PEOPLE, "Players who join")] + [
            (level, f"Bots: {bot_choice(level, bot_hints(self.chosen_kind.name))}")
            for level in self.chosen_kind.bot_levels]
        if first_game and FIRST_GAME_BOT in self.chosen_kind.bot_levels:
            self.fields["opponents"].initial = FIRST_GAME_BOT
            self.fields["opponents"].help_text = (
                f"Your first game? The {bot_title(FIRST_GAME_BOT).lower()} is ticked for you: it plays "
                "sensibly and can be beaten. " + str(self.fields["opponents"].help_text))
        elif last_opponents in {value for value, _ in self.fields["opponents"].choices}:
            self.fields["opponents"].initial = last_opponents
        self.option_names = []
        extra = self.chosen_kind.option_fields()
        ordered = {"kind": self.fields["kind"], "players": self.fields["players"]}
        for name, field in extra.items():
            ordered[name] = field
            self.option_names.append(name)
        ordered.update({k: v for k, v in self.fields.items() if k not in ordered})
        self.fields = ordered
        for name, modes in self.CLOCK_FIELD_MODES.items():
            self.fields[name].clock_modes = " ".join(modes)  # read by templates/games/new.html

    def clean_rated(self) -> bool:
        return self.cleaned_data.get("rated") != "unrated"

    def clean_opponents(self) -> str:
        return self.cleaned_data.get("opponents") or PEOPLE

    def options(self) -> dict[str, Any]:
        return {name: self.cleaned_data.get(name) for name in self.option_names}

    def clock(self) -> dict[str, Any]:
        """The clock's settings as games.clock.rules.check reads them (an empty field: the default)."""
        data = self.cleaned_data
        return {"mode": data.get("clock_mode") or None, "hours": data.get("deadline_hours"),
                "bank_hours": data.get("bank_hours"), "increment_hours": data.get("increment_hours"),
                "cap_hours": data.get("cap_hours"), "reminders": bool(data.get("reminders")),
                "on_timeout": data.get("on_timeout") or None, "expel_after": data.get("expel_after")}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            actions.check_game_options(data["kind"], data["players"], self.options(), data["visibility"],
                                       self.clock())
        except actions.BadOptions as exc:
            raise forms.ValidationError(exc.message) from None
        return data


class AddBotForm(forms.Form):
    level = forms.ChoiceField(label="Bot")

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        levels = get_kind(game.kind).bot_levels
        self.fields["level"].choices = [(level, bot_choice(level, bot_hints(game.kind))) for level in levels]
        self.fields["level"].initial = "greedy" if "greedy" in levels else levels[0]


class LobbyFilterForm(forms.Form):
    kind = forms.ChoiceField(required=False, label="Game")
    players = forms.TypedChoiceField(choices=ANY + [(n, f"{n} players") for n in (2, 3, 4, 6)], coerce=int,
                                     required=False, empty_value=None)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offered = offered_kinds()
        self.fields["kind"].choices = ANY + [(k.name, k.title) for k in offered]
        # Every count some offered game plays (Metal Adventures has 5, MetalTalon not), not one kind's list.
        counts = sorted({n for k in offered for n in k.player_counts}) or [2, 3, 4, 6]
        self.fields["players"].choices = ANY + [(n, f"{n} players") for n in counts]
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

    def narrow(self, games: QuerySet[Game]) -> QuerySet[Game]:
        """The games of the chosen kind, options and player count (a valid form)."""
        if self.cleaned_data.get("kind"):
            games = games.filter(kind=self.cleaned_data["kind"])
        for name, value in self.option_filters().items():
            games = games.filter(**{f"options__{name}": value})
        if self.cleaned_data.get("players"):
            games = games.filter(players=self.cleaned_data["players"])
        return games


class ArchiveFilterForm(LobbyFilterForm):
    """The archive's search: the lobby's filters, and a player, a faction (a kind's seat label) and the
    dates the games ended between."""

    player = forms.CharField(required=False, max_length=60, label="Player",
                             help_text="The name other players see.")
    faction = forms.ChoiceField(required=False, label="Role")
    ended_from = forms.DateField(required=False, label="Ended from",
                                 widget=forms.DateInput(attrs={"type": "date"}))
    ended_to = forms.DateField(required=False, label="to", widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: Any, labels: list[str] | None = None, label_word: str = "Role",
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["faction"].label = label_word
        self.fields["faction"].choices = ANY + [(label, label.capitalize()) for label in labels or []]

    def clean_player(self) -> Any:
        from games.queries import find_user

        name = self.cleaned_data.get("player", "").strip()
        if not name:
            return None
        user = find_user(name)
        if user is None:
            raise forms.ValidationError(f"No player is called “{name}”.")
        return user


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150, label="Invite a player by name",
                               help_text="The name other players see.")


class ChatForm(forms.Form):
    text = forms.CharField(max_length=actions.CHAT_MAX, label="Message",
                           widget=forms.Textarea(attrs={"rows": 2}))


class ReportForm(forms.Form):
    reason = forms.CharField(max_length=300, label="What is wrong with this message?")


class GameReportForm(forms.Form):
    """Report the game itself or one of its players (games/actions/reports.py)."""

    about = forms.ChoiceField(label="What to report", widget=forms.RadioSelect,
                              choices=[("game", "The game (a rules problem, a stuck game)"),
                                       ("player", "A player")])
    player = forms.TypedChoiceField(coerce=int, required=False, label="Which player")
    reason = forms.CharField(max_length=300, label="What is wrong?", widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—"), *players]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("about") == "player" and not data.get("player"):
            self.add_error("player", "Choose the player you report.")
        return data
