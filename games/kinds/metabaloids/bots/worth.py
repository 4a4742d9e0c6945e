"""The greedy bot's cheap measures, read from one seat's bot state (view.bot_state: a dict) and the
printed cards alone: a card's worth on the table, a column's totals, the odds of a seat's bonus card, and
what an attack is worth in cards lost by each side (rules.md, "Battle resolution": totals, outcome,
damage). Nothing here looks at a hand or a draw pile the seat cannot see: an opponent's bonus card is
guessed from the cards of its deck nobody has seen yet (its draw pile and hand together)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import DECKS, card

View = Mapping[str, Any]
SeatView = Mapping[str, Any]

# A damage payment (rules.md, "Damage payment") takes the least card covering what is left, else the
# biggest: a card pays about 2 points on average, whatever the source.
POINTS_A_CARD = 2.0
# The opponent's own `boost` order (the default orders: Trapdoor Spider, Snapping Turtle) fires when its
# column defends and it holds a card to pay with.
DEFENSE_BOOSTS = ("trapdoor", "turtle")
ATTACK_BOOSTS = ("weaver", "salamander")


def seat_of(view: View, label: int) -> SeatView:
    seat: SeatView = view["seats"][label - 1]
    return seat


def table_worth(code: str) -> float:
    """What a card is worth standing in a column: its numbers, its column bonus, an ability a little."""
    data = card(code)
    bonus = data.column_bonus("attack") + data.column_bonus("defense")
    return data.atk + data.dfn + bonus + (0.5 if data.abilities else 0.0) + (0.5 if data.guard else 0.0)


def column_codes(seat: SeatView, col: int) -> list[str]:
    return [c["code"] for c in seat["columns"][col - 1]["cards"]]


def attack_total(seat: SeatView, col: int) -> int:
    """The attack total of a column before bonuses and boosts (rules.md, "Totals")."""
    codes = column_codes(seat, col)
    return sum(card(c).atk + card(c).column_bonus("attack") for c in codes)


def defense_total(seat: SeatView, col: int) -> float:
    """The defense total of a column, with the boost the seat's default order would add."""
    codes = column_codes(seat, col)
    total: float = sum(card(c).dfn + card(c).column_bonus("defense") for c in codes)
    used = {c["code"] for c in seat["columns"][col - 1]["cards"] if c["used"]}
    if seat["hand_count"] > 0 and any(c in DEFENSE_BOOSTS and c not in used for c in codes):
        total += 2
    return total


def unseen(seat: SeatView) -> Counter[str]:
    """The seat's deck minus every card of it in sight: for the reader its draw pile exactly, for
    another seat its draw pile and hand together."""
    deck = DECKS.get(str(seat["deck"]))
    left: Counter[str] = Counter(dict(deck) if deck else {})
    seen = [*seat["discard"], *seat["lost"], *seat["reserve"], *(seat["hand"] or [])]
    seen += [c["code"] for column in seat["columns"] for c in column["cards"]]
    seen += [x for x in (seat["event"], seat["bonus"]) if x]
    left.subtract(Counter(seen))
    return +left


def bonus_odds(view: View, seat: SeatView) -> list[tuple[int, float]]:
    """The chances of each bonus (a card's cost) the seat draws in a battle: from the cards it has not
    shown while its draw pile holds any, else from its discard pile reshuffled (a reshuffle game), else
    0."""
    pool: Counter[str] = Counter()
    if seat["draw_count"] > 0:
        pool = unseen(seat)
    elif view["options"]["length"] == "reshuffle":
        pool = Counter(seat["discard"])
    total = sum(pool.values())
    if not total:
        return [(0, 1.0)]
    costs: Counter[int] = Counter()
    for code, n in pool.items():
        costs[card(code).cost] += n
    return [(cost, n / total) for cost, n in sorted(costs.items())]


def cards_paid(points: float) -> float:
    """About how many cards a damage payment of `points` costs its payer."""
    if points <= 0:
        return 0.0
    return max(1.0, points / POINTS_A_CARD)


def battle_worth(view: View, me: int, col: int, stake: str, defender: int, target_col: int, target: str,
                 extra: int = 0) -> float:
    """What an attack is worth, in cards: the opponent's expected loss (weighed by how much its loss
    matters to my place) minus mine, over every pair of bonus cards."""
    mine = seat_of(view, me)
    theirs = seat_of(view, defender)
    at = attack_total(mine, col) + extra
    dt = defense_total(theirs, target_col)
    stake_def = card(stake).dfn
    target_def = card(target).dfn
    weight = loss_weight(view, me, defender)
    value = 0.0
    for a, pa in bonus_odds(view, mine):
        for d, pd in bonus_odds(view, theirs):
            margin = at + a - dt - d
            if margin > 0:
                # Their card goes and its column turns safe: its cards no longer attack me.
                gain = 1 + cards_paid(margin - target_def) + 0.1 * card(target).atk
                value += pa * pd * weight * gain
            elif margin < 0:
                value -= pa * pd * (1 + cards_paid(-margin - stake_def) + 0.1 * table_worth(stake))
            else:
                value += pa * pd * (weight - 1)
    return value


def loss_weight(view: View, me: int, other: int) -> float:
    """How much another seat's lost card counts for me: fully with two seats (the fewer lost wins), else
    fully for the seat ahead of the rest (fewest lost), half for the others."""
    live = [s for s in view["seats"] if s["status"] == "in" and s["label"] != me]
    if len(live) <= 1:
        return 1.0
    fewest = min(len(s["lost"]) for s in live)
    return 1.0 if len(seat_of(view, other)["lost"]) == fewest else 0.5


def shallowest(seat: SeatView, columns: Sequence[int]) -> int:
    """The column of these with the fewest cards (an empty one counts 0), the lowest number on a tie."""
    return min(columns, key=lambda col: (len(seat["columns"][col - 1]["cards"]), col))
