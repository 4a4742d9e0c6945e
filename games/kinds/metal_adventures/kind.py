"""Metal Adventures behind the platform's Kind protocol (games/kinds/protocol.py): the rules answer through
api.py (games/kinds/rules_kind.py hands each call on); this module adds the lobby's option fields, the
page (page.py builds its context) and the forms whose words are the player's own."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.bots import Bot
from games.kinds.protocol import PageInput
from games.kinds.rules_kind import RulesKind

from . import api, page, setup
from .bots import LEVELS, make_bot
from .state import GameState


class MetalAdventuresKind(RulesKind):
    rules = api
    state_class = GameState
    name = "metal-adventures"
    title = "Metal Adventures"
    summary = ("Space pirates fight starships, planets and each other, ask one another for help (and fear "
               "betrayal), trade, and race to be the most glorious pirate when the game ends.")
    # Two seats last: a labelled house rule, not the game as printed (the lobby proposes the first count).
    player_counts: tuple[int, ...] = (*setup.PLAYER_COUNTS, setup.HOUSE_RULE_PLAYERS)
    player_count_labels = {setup.HOUSE_RULE_PLAYERS: "2 players (house rule, tick it below)"}
    live_template = "games/kinds/metal_adventures/live.html"
    extras_template = "games/kinds/metal_adventures/extras.html"  # the standing orders form
    command_help = ("tribute · refuse · rest · attack space [n] · attack karokum <ship> · "
                    "attack planet <p> · challenge <seat> · ally ask <seats> for 2c · ally accept · loyal · "
                    "mf yes · roll · "
                    "tour repair · buy <card> · offer <seat> give 2c get card E01 · end · order … · help")
    command_example = "tribute; attack space"
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ("metal_adventures/table.css",)
    rules_document = "rules.md"

    # === WORDS ===
    seat_label = "Base starship"
    expel_fate = ("they leave the game as if they resigned: their credits to the bank, their cards back "
                  "to the decks; a question put to them gets its default answer")
    undo_since = "since your last standing order (every other command moves cards, credits or dice)"
    setup_status = "Choosing trophies"
    setup_prompt = "keep two of your three trophies"
    setup_timeout = "the clock keeps the two with the most glory for you"

    # === OPTIONS (the rest: api.py) ===
    def option_fields(self) -> dict[str, Any]:
        from django import forms

        from .state import DEFAULT_WINDOW_HOURS, MAX_WINDOW_HOURS, MIN_WINDOW_HOURS

        return {
            "window_hours": forms.IntegerField(
                min_value=MIN_WINDOW_HOURS, max_value=MAX_WINDOW_HOURS, initial=DEFAULT_WINDOW_HOURS,
                label="Hours to answer a question out of turn (W)"),
            "hunter_shuffle": forms.ChoiceField(
                choices=[("layered", "Layered (a Pirate Hunter goes back among its own colour)"),
                         ("full", "Full (the whole Space deck)")], initial="layered",
                # Radio buttons, whose words wrap: a closed select cut the first choice off on a phone.
                widget=forms.RadioSelect, label="Pirate Hunters shuffled back"),
            "perks": forms.BooleanField(
                required=False, initial=False, label="Base starship perks (site variant)",
                help_text="Each base starship gets a small perk of its own, such as 1₡ more for a rest or "
                          "no Judgment point for its first refusal (the rules page lists them)."),
            "two_player_house_rule": forms.BooleanField(
                required=False, initial=False, label="Two players (house rule)",
                help_text="The printed game is for 3 to 6. Tick this to play with 2; there are then no "
                          "cases for broken promises."),
        }

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        return "metal-adventures", "Metal Adventures"

    # === STATE ===
    def phase(self, state: GameState) -> str:
        return api.platform_phase(state)

    # === BOTS (bots/: they read only their seat's bot_state) ===
    bot_levels: tuple[str, ...] = LEVELS
    bot_hints = {"greedy": "weighs every battle, ally and deal by its odds"}

    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        return make_bot(level, rng)

    # === WHAT PEOPLE SEE ===
    def page_context(self, page_input: PageInput) -> dict[str, Any]:
        return page.page_context(page_input)

    def command_from_form(self, data: Mapping[str, str], state: GameState | None, seat: int | None,
                          user: Any = None) -> str:
        """A clicked button's command, or the command one of the page's forms spells out (the standing
        orders form's: only the orders that changed for this seat)."""
        return page.command_from_form(data, state, seat)

    def selection_after(self, commands: list[str], events: list[Any]) -> dict[str, str]:
        return {}


KIND = MetalAdventuresKind()
