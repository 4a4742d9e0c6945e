"""MetalTalon behind the kinds' protocol (games/kinds/protocol.py): the engine's contract, adapted.

The engine (engine/ beside this module) is unchanged in behaviour; this module only translates: options into
new_game's arguments, IllegalCommand into Refused, the platform's dice into the engine's, and the state
into what each seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import games.kinds.metaltalon.engine as engine  # `engine.play`: `play` alone reads as the engine's module
from games.bots import Bot
from games.kinds.metaltalon import narration
from games.kinds.metaltalon import options as opts
from games.kinds.metaltalon.bots import LEVELS as bot_levels
from games.kinds.metaltalon.bots import make_bot
from games.kinds.metaltalon.engine import (
    ANYTIME_VERBS,
    EDITIONS,
    FACTIONS,
    VERBS,
    GameState,
    IllegalCommand,
    default_orders,
    describe,
    legal_commands,
    new_game,
    render_text,
    split_commands,
)
from games.kinds.protocol import (
    Dice,
    Event,
    Narration,
    PageInput,
    Prompt,
    Refused,
    SeatOutcome,
    turn_prompts,
)

# An action with one of these events cannot be taken back: dice were rolled, a card drawn, a seat left.
BARRIER_EVENTS = frozenset({"roll", "pending", "clover", "murphy", "redraw", "out", "win", "invade",
                            "takeover", "spoils"})
# The barriers that are dice (the game page says so where Undo was).
ROLL_EVENTS = frozenset({"roll", "pending", "clover", "murphy"})
# Answers to a Clovers roll settle that roll: nothing before them can be taken back either.
BARRIER_VERBS = ("accept", "reroll")
# What the clock plays for a seat out of time: the first of these that is legal.
TIMEOUT_ORDER = ("keep", "accept", "end")
# Never shown while a game is in play (shared/DESIGN.md: no seed of a game in play leaves the server).
SECRET_FIELDS = ("seed", "rolls")


def _verb(command: str) -> str:
    words = command.split(None, 1)
    return words[0].lower() if words else ""


class _EngineDice:
    """The platform's dice as the engine asks for them: a stopwatch reading (the engine's roll(10)) is a
    digit 0-9, which the platform draws as one of ten; everything else is a plain die or a draw."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def roll(self, sides: int) -> int:
        return self.dice.draw(10) if sides == 10 else self.dice.roll(sides)

    def draw(self, n: int) -> int:
        return self.dice.draw(n)


class MetalTalon:
    name = "metaltalon"
    # Its own pages at /metaltalon/: the terrain picture behind the game page's board (board_views.py).
    urls_module = "games.kinds.metaltalon.urls"
    title = "MetalTalon"
    summary = ("A hex wargame: build ships from engines, weapons and shields, which are also your money, fly "
               "them across the board and invade your rivals' home bases.")
    player_counts: tuple[int, ...] = (2, 3, 4, 6)
    live_template = "games/kinds/metaltalon/live.html"
    extras_template = "games/kinds/metaltalon/extras.html"
    command_help = ("move <from> <to> · fire <ship> <target> [n | base] · launch 3e 1w 1s · split · reroll · "
                    "accept · end · resign · order <name> <value>")
    command_example = "move D7 F8; fire F8 G9; end"
    # Its page script and styles (static/metaltalon/): board clicks, the launch builder, the board's look.
    scripts: tuple[str, ...] = ("metaltalon/board.js",)
    # board-svg.css: what every cell, ship and mark of the board repeats (board_svg.py draws the rest).
    styles: tuple[str, ...] = ("metaltalon/board.css", "metaltalon/board-svg.css")
    # How the site plays MetalTalon: three editions and every ruling, shown at /rules/metaltalon/.
    rules_document = "rules.md"
    # The platform's words for MetalTalon's pages and mails (games.kinds.Words).
    seat_label = "Faction"
    expel_fate = "their ships go to the bank, as if eliminated"
    undo_since = "since the last die roll"
    # Answers to a roll the game waits on: in a mail written before the dice fell, one with no roll
    # waiting is passed over rather than refused (games/actions/mail.py).
    roll_answers: tuple[str, ...] = BARRIER_VERBS
    setup_status = "Choosing factions"
    setup_prompt = "choose before play starts"
    setup_timeout = "the clock makes your choice for you (keep)"
    # "Turn 48" of two players is each one's 24th turn: people read rounds (docs/state.md, rounds).
    turn_unit = "round"
    bot_hints = {"beginner": "plays sensibly but misses threats and slips: for a first game",
                 "greedy": "the best move it sees now",
                 "search": "looks ahead over its turn and the replies: the strongest"}

    # === OPTIONS ===
    def default_options(self) -> dict[str, Any]:
        return dict(opts.DEFAULTS)

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        return opts.check_options(options, players)

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return opts.describe_options(options)

    def option_fields(self) -> dict[str, Any]:
        from games.kinds.metaltalon.forms import option_fields

        return option_fields()

    def option_filters(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        return [("edition", "Edition", opts.EDITION_CHOICES)]

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        edition = str(options.get("edition") or opts.DEFAULTS["edition"])
        return edition, dict(opts.EDITION_CHOICES).get(edition, edition)

    # === STATE ===
    def new_state(self, options: Mapping[str, Any], players: int, dice: Dice) -> GameState:
        o = opts.check_options(options, players)
        factions = None
        if o["faction_mode"] == "fixed":
            pool = list(FACTIONS)
            factions = []
            for _ in range(players):
                pick = pool[dice.draw(len(pool))]
                factions.append(pick)
                if EDITIONS[o["edition"]].unique_factions:
                    pool.remove(pick)
        # The seed only backs draws a dice object could not make; every draw here goes through `dice`, so
        # it is one more secret, never shown while the game is in play (view()).
        seed = dice.draw(2**31)
        return new_game(players=players, edition=o["edition"], variants=tuple(o["variants"]),
                        factions=factions, seed=seed, dice_mode=o["dice_mode"], dice=_EngineDice(dice))

    def load(self, data: dict[str, Any]) -> GameState:
        return GameState.from_dict(data)

    def dump(self, state: GameState) -> dict[str, Any]:
        return state.to_dict()

    def phase(self, state: GameState) -> str:
        return state.phase

    def turn(self, state: GameState) -> int:
        return state.turn

    def shown_turn(self, state: GameState, turn: int) -> int:
        return state.round_of(turn)

    def prompts(self, state: GameState, names: Sequence[str] | None) -> list[Prompt]:
        # Nothing is asked out of turn: standing orders answer for the others (docs/rules.md).
        return turn_prompts(self, state)

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return state.to_act

    def seat_outcome(self, state: GameState, seat: int) -> SeatOutcome:
        s = state.seats[seat]
        label = s.faction or ""
        if s.out:
            return SeatOutcome("resigned" if s.out_reason == "resigned" else "out", label)
        if state.phase == "over":
            return SeatOutcome("won" if state.winner == seat else "lost", label)
        return SeatOutcome("playing", label)

    def result(self, state: GameState, events: Sequence[Event]) -> dict[str, Any]:
        """The winner first, then the others from the last to go out to the first."""
        out_order = [e["seat"] for e in events if e.get("type") == "out"]
        places: list[int] = [] if state.winner is None else [state.winner]
        places += [s for s in reversed(out_order) if s not in places]
        places += [s.index for s in state.seats if s.index not in places]
        return {"winner": state.winner, "places": places}

    def tallies(self, state: GameState) -> dict[int, dict[str, int]]:
        """Ships in play and credits (reserve plus the value of the ships), both public on the board."""
        out: dict[int, dict[str, int]] = {}
        for s in state.seats:
            mine = [x for x in state.ships if x.owner == s.index]
            out[s.index] = {"Ships": len(mine), "Credits": s.reserve + sum(x.value for x in mine)}
        return out

    # === COMMANDS ===
    def split(self, text: str) -> list[str]:
        try:
            return split_commands(text)
        except IllegalCommand as exc:
            raise Refused(str(exc)) from None

    def anytime(self, command: str) -> bool:
        return _verb(command) in ANYTIME_VERBS

    def is_command(self, text: str) -> bool:
        return _verb(text) in VERBS

    def command_words(self) -> Sequence[str]:
        return VERBS

    def legal_commands(self, state: GameState, seat: int) -> list[str]:
        return legal_commands(state, seat)

    def play(self, state: GameState, seat: int, command: str,
             dice: Dice | None) -> tuple[GameState, list[Event]]:
        """`dice` None: the state's own seeded generator (games logged before live dice, tests)."""
        try:
            outcome = engine.play(state, seat, command, dice=_EngineDice(dice) if dice is not None else None)
        except IllegalCommand as exc:
            raise Refused(str(exc)) from None
        return outcome.state, outcome.events

    def timeout_commands(self, state: GameState, seat: int) -> list[str]:
        """A setup decision times out to `keep` (docs/clock.md), a pending Clovers roll to `accept`, a
        turn to `end`: the first of those that is legal."""
        legal = legal_commands(state, seat)
        return next(([c] for c in TIMEOUT_ORDER if c in legal), [])

    def leave_commands(self, state: GameState, seat: int) -> list[str]:
        """`resign`: out, its ships and reserve to the bank (as if eliminated). A seat whose Clovers roll
        waits for its answer cannot resign before answering: it accepts the roll first (the roll was made;
        it stands, as a timeout would leave it)."""
        if state.pending is not None and state.pending.seat == seat:
            return ["accept", "resign"]
        return ["resign"]

    def undo_barrier(self, command: str, events: Sequence[Event]) -> bool:
        return _verb(command) in BARRIER_VERBS or any(e.get("type") in BARRIER_EVENTS for e in events)

    # === BOTS (docs/bots.md) ===
    bot_levels: tuple[str, ...] = bot_levels

    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        return make_bot(level, rng, rules=self, seconds=seconds, orders=orders)

    # === WHAT PEOPLE SEE ===
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The table is open in MetalTalon; the dice source is not, nor another seat's standing orders
        (a plan: the roll a Murphys seat forces away, what a hit ship keeps; rules.md, "Rerolls: Murphys
        and Clovers"), which read null. `seat`'s own orders stay."""
        data = state.to_dict()
        for name in SECRET_FIELDS:
            data.pop(name, None)
        for s in data["seats"]:
            if s["index"] != seat:
                s["orders"] = None
        return data

    def describe(self, event: Event, state: GameState | None, names: Sequence[str] | None) -> str:
        return describe(event, state, names)

    def bot_state(self, state: GameState, seat: int) -> GameState:
        """The seat's view loaded back: the table is open, and the dice source is not handed over (a live
        game draws from the operating system; a bot's simulations draw from a seed of its own). A rival's
        orders, which the view withholds, are taken to be the ones every seat starts with: what a player
        who cannot read them would assume."""
        data = self.view(state, seat)
        data.update(seed=0, rolls=0)
        assumed = default_orders(EDITIONS[state.edition]).to_dict()
        for s in data["seats"]:
            if s["orders"] is None:
                s["orders"] = dict(assumed)
        return GameState.from_dict(data)

    def narrate(self, state: GameState, seat: int | None, command: str, events: Sequence[Event],
                reader: int | None, names: Sequence[str] | None, you: int | None = None) -> Narration:
        """A standing order is its seat's only; everything else a seat types is open, and a roll is told
        once it is made (narration.py). Its sentences are said to `you` ("You fire", "... at your ship"),
        every other seat named (render.describe)."""
        return narration.narrate(state, seat, command, events, reader, names, you)

    def text_board(self, state: GameState, seat: int | None, names: Sequence[str] | None = None) -> str:
        del names  # its board names seats by letter and faction, as the mails' headers do
        return str(render_text(state, seat))

    def side_lines(self, state: GameState, seat: int, names: Sequence[str]) -> list[str]:
        """A mailed `rules`' summary of the sides (games/mail/asked_for.py): the reader's faction and its
        power, each rival's, then the goal and what each rival still has to lose, as the game page's
        players and goal panels show them."""
        from games.kinds.metaltalon import presenters as P

        def who(i: int) -> str:
            return "You" if i == seat else f"{P.seat_letter(i)} {names[i] if i < len(names) else ''}".strip()

        order = [seat, *(s.index for s in state.seats if s.index != seat)]
        lines = []
        for i in order:
            s = state.seats[i]
            power = P.faction_power(s.faction, state.edition)
            out = " (out)" if s.out else ""
            lines.append(f"{who(i)}{out}: {P.faction_name(s.faction)}" + (f" - {power}" if power else ""))
        if state.phase == "play" and not state.seats[seat].out:
            credit = EDITIONS[state.edition].credit_word
            lines.append(f"Goal: {engine.GOAL}")
            lines.extend(f"{who(r.seat)} ({P.faction_name(r.faction)}): {engine.rival_line(r, credit)}"
                         for r in engine.rivals(state, seat))
        return lines

    def board_svg(self, state: GameState, seat: int | None) -> str:
        from games.kinds.metaltalon.board_svg import board_svg

        return board_svg(state, viewer=seat)

    def board_png(self, state: GameState, seat: int | None, width: int) -> bytes:
        """board_svg(state, seat) as the mails' 256-colour PNG `width` pixels wide, drawn in milliseconds
        over a ground rasterised once per process (mail_picture.py)."""
        from games.kinds.metaltalon.mail_picture import board_png

        return board_png(state, seat, width)

    def page_context(self, page: PageInput) -> dict[str, Any]:
        from games.kinds.metaltalon.page import page_context

        return page_context(page)

    def command_from_form(self, data: Mapping[str, str], state: GameState | None, seat: int | None,
                          user: Any = None) -> str:
        from games.kinds.metaltalon.page import command_from_form

        return command_from_form(data, state, seat)

    def selection_after(self, commands: list[str], events: list[Event]) -> dict[str, str]:
        from games.kinds.metaltalon.page import selection_after

        return selection_after(commands, events)


KIND = MetalTalon()
