"""Which battle the greedy bot fights: what each battle command is worth to it now (attack.py weighs a
known target alone and with an ally). A Space attack draws starships it cannot know: its worth is the
mean of the best of the starships it would see, drawn from those it cannot place (the Space deck and the
other seats' wrecks, which its state deals back in a fixed order: view.bot_state)."""

from __future__ import annotations

from math import comb

from .. import cards, space, travel
from ..state import PLANET_IDS, GameState
from . import attack, stakes


def ship_worth(view: GameState, me: int, ship: str, kind: str = "space") -> float:
    battle = stakes.planned(view, me, kind, ship)
    return attack.worth_fighting(view, battle, me, stakes.ship_stake(view, me, ship), can_ask=True)


def planet_worth(view: GameState, me: int, planet: str) -> float:
    battle = stakes.planned(view, me, "planet", planet)
    return attack.worth_fighting(view, battle, me, stakes.planet_stake(view, me, planet))


def challenge_worth(view: GameState, me: int, other: int) -> float:
    battle = stakes.planned(view, me, "challenge", challenged=other)
    return attack.worth_fighting(view, battle, me, stakes.challenge_stake(view, me, other))


def unplaced(view: GameState, me: int, blue: bool) -> list[str]:
    """The starships of one back colour the seat cannot place: in the Space deck or another seat's
    wrecks (a bot's state deals them back in a fixed order, so only the pool is known)."""
    pool = [*view.space_deck, *(w for i, s in enumerate(view.seats) if i != me for w in s.wrecks)]
    return sorted(c for c in set(pool) if c in cards.STARSHIPS and cards.is_blue(c) == blue)


def expected_best(values: list[float], draws: int) -> tuple[list[float], list[float]]:
    """The distribution of the best of `draws` values drawn without replacement: (the values sorted,
    the chance each is the best)."""
    ordered = sorted(values)
    n = len(ordered)
    draws = min(draws, n)
    if draws <= 0:
        return [], []
    total = comb(n, draws)
    return ordered, [comb(i, draws - 1) / total for i in range(n)]


def space_worth(view: GameState, me: int) -> float:
    """The mean worth of the best starship an attack in Space would show: the deck's blue ships come
    first, then the red ones (the deck's counts and its events are public)."""
    wanted = space.face_up_wanted(view, me)
    blue_cards, _red_cards = view.space_counts()
    blue_events = sum(1 for c in view.space_deck if c in cards.EVENTS and cards.is_blue(c))
    red_events = sum(1 for c in view.space_deck if c in cards.EVENTS and not cards.is_blue(c))
    blue_ships = blue_cards - blue_events
    red_ships = len(view.space_deck) - blue_cards - red_events
    from_blue = min(wanted, blue_ships)
    from_red = min(wanted - from_blue, red_ships)
    if from_blue + from_red == 0:
        return 0.0
    parts = []
    for blue, draws in ((True, from_blue), (False, from_red)):
        if draws:
            pool = unplaced(view, me, blue)
            parts.append(expected_best([ship_worth(view, me, s) for s in pool], draws))
    return _mean_best(parts)


def _mean_best(parts: list[tuple[list[float], list[float]]]) -> float:
    """The mean of the best of independent draws, each given as (sorted values, chance each is best)."""
    points = sorted({v for values, _ in parts for v in values})

    def below(values: list[float], chances: list[float], x: float) -> float:
        return sum(c for v, c in zip(values, chances, strict=True) if v <= x)

    mean, last = 0.0, 0.0
    for x in points:
        cdf = 1.0
        for values, chances in parts:
            cdf *= below(values, chances, x)
        mean += x * (cdf - last)
        last = cdf
    return mean


def battle_options(view: GameState, me: int, legal: list[str]) -> list[tuple[float, str]]:
    """Every battle command legal now with its worth to the seat, best first."""
    found: list[tuple[float, str]] = []
    fee = travel.karokum_fee(view, me)
    for command in legal:
        words = command.split()
        if command == "attack space":
            found.append((space_worth(view, me), command))
        elif words[:2] == ["attack", "karokum"]:
            found.append((ship_worth(view, me, words[2], "karokum") - fee, command))
        elif words[:2] == ["attack", "planet"] and words[2] in PLANET_IDS:
            found.append((planet_worth(view, me, words[2]), command))
        elif words[0] == "challenge":
            found.append((challenge_worth(view, me, int(words[1]) - 1), command))
    found.sort(key=lambda pair: -pair[0])
    return found


def best_battle(view: GameState, me: int, legal: list[str]) -> tuple[float, str] | None:
    options = battle_options(view, me, legal)
    return options[0] if options else None
