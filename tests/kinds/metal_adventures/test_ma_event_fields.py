"""Metal Adventures' Space events (events.py; rules.md, "Events"): each effect's events whole, every field
the log and the narration read (the event's type, the card that caused it), for one seat each."""

from __future__ import annotations

from .helpers import A, B, C
from .test_ma_events import apply, travelling


def test_customs_sweep_records_each_payment_to_the_bank_with_its_card() -> None:
    _, happened = apply(travelling(seats={A: {"credits": 6}}), "NE4")
    assert happened == [{"type": "pay", "seat": A, "credits": 2, "to": "bank", "card": "NE4"}]


def test_wanted_posters_record_the_damage_with_its_card() -> None:
    _, happened = apply(travelling(seats={C: {"glory": 6}}), "DE4")
    assert happened == [{"type": "damage", "seat": C, "amount": 1, "taken": 1, "source": "event", "damage": 1,
                         "card": "DE4"}]


def test_war_tax_records_each_payment_into_the_pot_with_its_card() -> None:
    _, happened = apply(travelling(seats={A: {"improvements": ("E01",), "credits": 5}}), "DE5")
    assert happened == [{"type": "pay", "seat": A, "credits": 1, "owed": 1, "to": "pot", "card": "DE5"}]


def test_brotherhood_feast_records_each_share_as_a_gain_from_the_pot() -> None:
    _, happened = apply(travelling(pot=3), "DE6")
    assert happened == [{"type": "gain", "seat": seat, "credits": 1, "from": "pot", "card": "DE6"}
                        for seat in range(3)]


def test_supernova_and_ion_storm_record_each_seats_damage_with_their_card() -> None:
    _, happened = apply(travelling(), "DE1")
    assert happened[0] == {"type": "damage", "seat": A, "amount": 2, "taken": 2, "source": "event",
                           "damage": 2, "card": "DE1"}
    _, happened = apply(travelling(), "NE3")
    assert happened[0] == {"type": "damage", "seat": A, "amount": 1, "taken": 1, "source": "event",
                           "damage": 1, "card": "NE3"}


def test_treasure_fleet_records_each_planets_payment_with_its_card() -> None:
    _, happened = apply(travelling(), "DE3")
    assert happened == [{"type": "treasury", "planet": planet, "credits": 2, "card": "DE3"}
                        for planet in ("exxalia", "bazaar", "karokum")]


def test_havana_carnival_and_general_pardon_record_their_card() -> None:
    _, happened = apply(travelling(), "NE2")
    assert happened[0] == {"type": "gain", "seat": A, "credits": 1, "from": "bank", "card": "NE2"}
    _, happened = apply(travelling(seats={B: {"jp": 1}}), "DE2")
    assert happened == [{"type": "jp_cancelled", "seat": B, "why": "GENERAL PARDON", "jp": 0, "glory": 1,
                         "card": "DE2"}]


def test_golden_vein_records_the_planet_paid_with_its_card() -> None:
    _, happened = apply(travelling(treasuries={"bazaar": 1, "karokum": 1}), "NE1")
    assert happened == [{"type": "treasury", "planet": "exxalia", "credits": 5, "card": "NE1"}]
