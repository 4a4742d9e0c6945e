"""Standing orders (docs/rules.md: "Firing", "Rerolls: Murphys and Clovers"): which each faction may give,
the die numbers each edition's dice allow, what is stored and the event that says so."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play

from .helpers import position

TOKEN_DAMAGE = ["order damage " + p for p in ("ews", "esw", "wes", "wse", "sew", "swe")]


def orders_listed(state, seat):
    return [c for c in legal_commands(state, seat) if c.startswith("order ")]


def test_every_seat_may_order_its_damage_in_any_of_the_six_priorities():
    state = position(factions=("bankers", "swarm"))
    assert orders_listed(state, 1) == TOKEN_DAMAGE


def test_adapters_also_order_how_they_recompose():
    state = position(factions=("adapters", "swarm"))
    adapt = [c.replace("damage", "adapt") for c in TOKEN_DAMAGE] + ["order adapt same", "order adapt off"]
    assert orders_listed(state, 0) == TOKEN_DAMAGE + adapt


@pytest.mark.parametrize(
    ("edition", "dice_mode", "low", "high"),
    [("token", "d6", 1, 6), ("metatalon", "stopwatch", 1, 5), ("web2002", "stopwatch", 0, 5)],
)
def test_murphys_and_clovers_order_any_face_of_their_dice_or_off(edition, dice_mode, low, high):
    state = position(edition, factions=("murphys", "clovers"), dice_mode=dice_mode)
    for seat, name in ((0, "murphy"), (1, "clover")):
        numbers = [c for c in orders_listed(state, seat) if c.startswith(f"order {name} ")]
        assert numbers == [f"order {name} {n}" for n in range(low, high + 1)] + [f"order {name} off"]
        play(state, seat, f"order {name} {low}")
        play(state, seat, f"order {name} {high}")
        for outside in (low - 1, high + 1):
            if outside < 0:
                continue
            with pytest.raises(IllegalCommand) as refused:
                play(state, seat, f"order {name} {outside}")
            assert str(refused.value) == f"order {name} takes a die number from {low} to {high}, or off"


@pytest.mark.parametrize(
    ("name", "faction"), [("murphy", "Murphys"), ("clover", "Clovers"), ("adapt", "Adapters")]
)
def test_a_factions_order_is_refused_to_the_others(name, faction):
    state = position(factions=("bankers", "swarm"))
    with pytest.raises(IllegalCommand) as refused:
        play(state, 0, f"order {name} off")
    assert str(refused.value) == f"Only {faction} seats have a {name} order"


@pytest.mark.parametrize(
    ("faction", "text", "stored", "value"),
    [
        ("bankers", "order damage w", {"damage": "wse"}, "wse"),
        ("adapters", "order adapt es", {"adapt": "esw"}, "esw"),
        ("adapters", "order adapt off", {"adapt": "off"}, "off"),
        ("adapters", "order adapt same", {"adapt": None}, None),
        ("murphys", "order murphy 3", {"murphy": 3}, 3),
        ("murphys", "order murphy off", {"murphy": None}, None),
        ("clovers", "order clover 4", {"clover": 4}, 4),
        ("clovers", "order clover off", {"clover": None}, None),
    ],
)
def test_an_order_is_stored_and_announced(faction, text, stored, value):
    state = position(factions=(faction, "swarm"))
    after, events = play(state, 0, text)
    orders = after.seats[0].orders
    assert {k: getattr(orders, k) for k in stored} == stored
    name = text.split()[1]
    assert events == [{"type": "order", "seat": 0, "name": name, "value": value}]
    untouched = {k for k in ("damage", "adapt", "murphy", "clover") if k not in stored}
    assert all(getattr(orders, k) == getattr(state.seats[0].orders, k) for k in untouched)
