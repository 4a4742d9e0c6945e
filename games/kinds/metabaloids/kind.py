"""Metabaloids behind the platform's Kind protocol (games/kinds/protocol.py): the rules answer through api.py
(games/kinds/rules_kind.py hands each call on); this module adds the lobby's option fields, the page
(page.py builds its context) and the bots."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.bots import Bot
from games.kinds.protocol import PageInput, Prompt
from games.kinds.rules_kind import RulesKind

from . import api, board, page
from .bots import LEVELS, make_bot
from .state import MAX_WINDOW_MINUTES, GameState


class MetabaloidsKind(RulesKind):
    rules = api
    state_class = GameState
    name = "metabaloids"
    title = "Metabaloids"
    summary = ("A card battler: build a play area of creatures from your deck, attack several opponents a "
               "turn with a drawn bonus card, answer with abilities at any time, and lose the fewest cards.")
    player_counts: tuple[int, ...] = (2, 3, 4, 5, 6)
    live_template = "games/kinds/metabaloids/live.html"
    extras_template = ""
    command_help = ("deck a · place <card> <col> · done · discard <card> · move <c:r> <col> · "
                    "deploy <card> <col> · attack <c:r> <player> <c:r> · use <card> [ability] · "
                    "restock <card> [paying <cards>] · pass · end · pay … · order … · help")
    command_example = "attack 1:1 p2 1:1; end"
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ("metabaloids/table.css",)
    rules_document = "rules.md"
    # The deck builder (deck_pages.py), at /metabaloids/decks/, linked from the profile page.
    urls_module = "games.kinds.metabaloids.urls"
    profile_links: tuple[tuple[str, str], ...] = (("Your Metabaloids decks", "decks"),)

    # === WORDS ===
    seat_label = "Deck"
    expel_fate = ("they leave the game as if they resigned: their cards stay where they are, frozen, and "
                  "they rank below every player still in")
    undo_since = "since your last standing order (every other command moves or draws cards)"
    setup_status = "Picking decks and placing cards"
    setup_prompt = "pick your deck, then place your first cards"
    setup_timeout = "the clock picks deck A for you, or stops your placing"

    # `orders` lists the seat's standing orders, changing nothing: a mailed one is still played (its answer
    # is the list).
    queries: tuple[str, ...] = ("orders",)

    # === OPTIONS ===
    def option_fields(self) -> dict[str, Any]:
        from django import forms

        return {
            "length": forms.ChoiceField(
                choices=[("reshuffle", "Reshuffle (the discard pile becomes the new draw pile)"),
                         ("short", "Short (no reshuffle: the game ends when someone cannot draw)")],
                initial="reshuffle", widget=forms.RadioSelect, label="Game length"),
            "elimination": forms.BooleanField(
                required=False, initial=False, label="Elimination variant",
                help_text="A player who cannot draw is out, and play goes on until one is left."),
            "window_minutes": forms.IntegerField(
                min_value=0, max_value=MAX_WINDOW_MINUTES, initial=0,
                label="Minutes to answer a question out of turn (0: standing orders answer at once)"),
            "quick": forms.BooleanField(
                required=False, initial=False, label="Quick start (everyone plays deck A)"),
        }

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        return "metabaloids", "Metabaloids"

    # === STATE ===
    def phase(self, state: GameState) -> str:
        return api.platform_phase(state)

    def prompts(self, state: GameState, names: Sequence[str] | None) -> list[Prompt]:
        return api.prompts(state, names)

    # === BOTS (bots/: they read only their seat's bot_state) ===
    bot_levels: tuple[str, ...] = LEVELS
    bot_hints = {"greedy": "attacks where its column's odds are best and restocks its strongest cards"}

    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        return make_bot(level, rng)

    # === WHAT PEOPLE SEE ===
    def text_board(self, state: GameState, seat: int | None, names: Sequence[str] | None = None) -> str:
        legal = api.legal_commands(state, seat) if seat is not None else []
        return board.text_board(state, seat, names, legal)

    def board_svg(self, state: GameState, seat: int | None) -> str:
        return board.board_svg(state, seat)

    def page_context(self, page_input: PageInput) -> dict[str, Any]:
        context = page.page_context(page_input)
        if context["choosing"] and context["my_turn"]:
            from .saved import offered

            context["saved_decks"] = offered(page_input.game, page_input.seat)
        return context

    def command_from_form(self, data: Mapping[str, str], state: GameState | None, seat: int | None,
                          user: Any = None) -> str:
        """A clicked button's command; a saved deck's button (deck_id) means its `deck list` command, for
        the deck's owner only (saved.py)."""
        if data.get("deck_id"):
            from .saved import deck_command

            return deck_command(str(data["deck_id"]), user)
        return page.command_from_form(data, state, seat)


KIND = MetabaloidsKind()
