"""The end of a turn, the end of the game, its ranking, and leaving it (rules.md, "The end of a turn",
"The end of the game", "Leaving")."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event

from . import alliance, cards, cases, choices, offers, promises, trophies
from .battle_state import COUNTER, DECLINE, UNANSWERED
from .records import DISCARD, KEEP_TROPHY
from .state import BATTLE_PHASES, OVER, SETUP, GameState
from .turn import start_turn

GLORY_TO_WIN = 9
SPACE_DECK_END = 2  # the game ends at the end of a turn when the Space deck holds this many or fewer
REPAIR_DRONES = "E15"


def seats_in(state: GameState) -> tuple[int, ...]:
    return tuple(i for i, seat in enumerate(state.seats) if not seat.out)


def game_ends(state: GameState) -> bool:
    """The end check: a seat still in has 9 G or more, the Space deck holds 2 cards or fewer, or only one
    seat is left in the game."""
    players = seats_in(state)
    return (len(players) <= 1 or len(state.space_deck) <= SPACE_DECK_END
            or any(state.seats[i].glory >= GLORY_TO_WIN for i in players))


def next_seat(state: GameState, after: int) -> int:
    """The next seat still in, clockwise (seat order) after `after`."""
    n = state.players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not state.seats[seat].out:
            return seat
    raise ValueError("no seat is left in the game")


def finish_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """`end` (or the end of a rest), in order: the Repair Drones of the active seat remove 1 damage; the
    active seat's questions of cases it had when its turn began take their defaults, and the promises due
    now are settled (one moment: a guilty verdict counts as a promise broken then); a checkpoint; the
    active seat's open offers expire; the end check; then the next seat still in starts its turn."""
    seat = state.active
    events: list[Event] = []
    player = state.seats[seat]
    if REPAIR_DRONES in player.improvements and player.damage > 0:
        state = state.with_seat(seat, replace(player, damage=player.damage - 1))
        events.append({"type": "repair_drones", "seat": seat, "damage": player.damage - 1})
    state, judged, guilty = cases.end_of_turn(state)
    state, due = promises.at_end_of_turn(state, guilty)
    state, revealed = trophies.checkpoint(state)
    state, expired = offers.expire(state)
    events += [*judged, *due, *revealed, *expired, {"type": "end_turn", "seat": seat, "turn": state.turn}]
    return pass_turn(state, events)


def pass_turn(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The turn is over: the game ends, or the next seat still in starts the next turn."""
    if game_ends(state):
        return game_over(state, events)
    seat = next_seat(state, state.active)
    after = start_turn(state, seat, state.turn + 1)
    return after, [*events, {"type": "turn", "seat": seat, "turn": after.turn}]


def game_over(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The game ends during play. A choice still open closes unmade, as nothing left in hand scores
    (rules.md, "The end of the game"): the trophies looked at go to the bottom of the Trophy deck in the
    order drawn, a fifth improvement leaves play (choices.put_away); the others hold no card."""
    for choice in state.choices:
        if choice.kind == KEEP_TROPHY:
            state = replace(state, trophy_deck=state.trophy_deck + choice.cards)
        elif choice.kind == DISCARD:
            for card in choice.cards:
                state = choices.put_away(state, card)
    over = replace(state, phase=OVER, turn_done=(), choices=())
    return over, [*events, {"type": "game_over", "places": [list(p) for p in places(over)]}]


def places(state: GameState) -> tuple[tuple[int, ...], ...]:
    """The standings, best first, seats tied on every count sharing a place: most G (net of JP), then
    most credits, then fewest JP; seats that left the game come after every seat still in, ranked the
    same way among themselves."""
    def key(i: int) -> tuple[bool, int, int, int]:
        seat = state.seats[i]
        return (seat.out, -seat.glory, -seat.credits, seat.jp)
    groups: list[list[int]] = []
    for i in sorted(range(state.players), key=key):
        if groups and key(groups[-1][0]) == key(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return tuple(tuple(group) for group in groups)


def ranks(groups: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each group's place as players count them: a group shares its place, and the next one comes after
    every seat before it (1, 2, 2, 4)."""
    found, before = [], 0
    for group in groups:
        found.append(before + 1)
        before += len(group)
    return tuple(found)


def winners(state: GameState) -> tuple[int, ...]:
    """The seats sharing first place (several: a shared win); none before the game is over."""
    if state.phase != OVER:
        return ()
    first = places(state)[0]
    return tuple(i for i in first if not state.seats[i].out)


def in_battle(state: GameState, seat: int) -> bool:
    """The seat is a principal or a sealed ally of the battle in progress."""
    battle = state.battle
    if battle is None:
        return False
    return seat in (battle.attacker, battle.challenged, *battle.allies, *battle.defenders)


def resign(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """The seat leaves the game: its credits to the bank, its equipment to the bottom of the Improvement
    deck, its support cards to the Bazaar pile, its trophies (dealt ones too, while setting up) to the
    bottom of the Trophy deck, its wrecks out of the game; its promises, to it or from it, lapse and its
    open offers close. Its turns are skipped; on its own turn, the turn ends there (no end-of-turn effect
    of its own) and the end check runs. Its cases close without a verdict; its votes cast stand."""
    from .setup import begin_play  # setup imports nothing of this module; a late import keeps it so

    if state.phase in BATTLE_PHASES and in_battle(state, seat):
        raise ValueError("a seat in a battle cannot leave until it is over")
    player = state.seats[seat]
    equipment = tuple(c for c in player.improvements if cards.IMPROVEMENTS[c].equipment)
    support = tuple(c for c in player.improvements if not cards.IMPROVEMENTS[c].equipment)
    trophies = player.trophies
    # Its choices go with it: trophies it was looking at go under before its hand, a fifth improvement
    # waiting for its discard leaves play like the others.
    mine = tuple(c for c in state.choices if c.seat == seat)
    looked = tuple(t for c in mine if c.kind == KEEP_TROPHY for t in c.cards)
    incoming = tuple(card for c in mine if c.kind == DISCARD for card in c.cards)
    equipment += tuple(c for c in incoming if cards.IMPROVEMENTS[c].equipment)
    support += tuple(c for c in incoming if not cards.IMPROVEMENTS[c].equipment)
    deck = state.trophy_deck + looked + trophies
    after = replace(state, bank=state.bank + player.credits,
                    improvement_deck=state.improvement_deck + equipment,
                    bazaar_pile=state.bazaar_pile + support, out_of_game=state.out_of_game + player.wrecks,
                    choices=tuple(c for c in state.choices if c.seat != seat))
    if state.phase == SETUP:
        deck = deck + state.dealt[seat]
        after = replace(after, dealt=state.dealt[:seat] + ((),) + state.dealt[seat + 1:],
                        chosen=state.chosen[:seat] + (True,) + state.chosen[seat + 1:])
    after = choices.refill_row(replace(after, trophy_deck=deck))
    after = after.with_seat(seat, replace(player, credits=0, improvements=(), power=cards.BASE_POWER,
                                          trophies=(), wrecks=(), out=True))
    events: list[Event] = [{"type": "resign", "seat": seat, "credits": player.credits,
                            "equipment": list(equipment), "support": list(support),
                            "trophies": len(trophies), "wrecks": len(player.wrecks)}]
    # Its promises, to it or from it, lapse; its open offers close (rules.md, "Trades and promises").
    after, lapsed = promises.lapse(after, tuple(p.number for p in state.promises
                                                if seat in (p.debtor, p.creditor)), "resigned")
    after, closed = offers.drop_seat(after, seat)
    after, dropped = cases.drop_seat(after, seat)
    events += lapsed + closed + dropped
    if after.battle is not None:
        # A seat asked for help that leaves declines; the battle goes on.
        battle = after.battle
        asks = tuple(replace(a, answer=DECLINE) if a.seat == seat and a.answer in (UNANSWERED, COUNTER)
                     else a for a in battle.asks)
        after = replace(after, battle=replace(battle, asks=asks))
        if after.phase == alliance.RECRUIT:
            after, events = alliance.recruit_progress(after, events)
        return after, events
    if state.phase == SETUP:
        if len(seats_in(after)) <= 1:
            # Play never started: every trophy still dealt goes to the bottom too, in the order dealt.
            rest = tuple(t for dealt in after.dealt for t in dealt)
            over = replace(after, phase=OVER, turn=max(after.turn, 1), trophy_deck=after.trophy_deck + rest,
                           dealt=tuple(() for _ in after.dealt), chosen=tuple(True for _ in after.chosen))
            return over, [*events, {"type": "game_over", "places": [list(p) for p in places(over)]}]
        if after.awaiting_choice():
            return after, events
        return begin_play(after, events)
    if seat == state.active:
        # The turn ends: the other seats' promises due at its end still fall due.
        after, due = promises.at_end_of_turn(after)
        return pass_turn(after, events + due)
    if len(seats_in(after)) <= 1:
        return game_over(after, events)
    return after, events
