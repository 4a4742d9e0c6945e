"""What each reader sees of a game (rules.md, "Hidden information"; view.py): a hand to its owner, draw
piles as counts to everyone, orders and queued placements to their seat, and no id of a hidden card."""

from __future__ import annotations

import json
import re

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.state import Battle, Decision, Options
from games.kinds.metabaloids.view import bot_state, view
from tests.kinds.metabaloids.helpers import play, position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice

CARD_ID = re.compile(r"p\d+-[a-z]+-\d+")


def table():  # type: ignore[no-untyped-def]
    """p1 holds spores and molt (found nowhere else); p2 holds shell and ink; draw piles are set."""
    return position(
        seat_dict(1, hand=["spores", "molt", "wasp"], grid=[["spider"], ["mite"]], draw=["queen", "beetle"],
                  discard=["canopy"], lost=["mound"]),
        seat_dict(2, "B", hand=["shell", "ink"], grid=[["crab"]], draw=["snail", "toad"], discard=["frog"]),
        step="main")


def dump(data: object) -> str:
    return json.dumps(data)


def test_the_owner_sees_its_hand_as_sorted_codes() -> None:
    mine = view(table(), 0)["seats"][0]
    assert mine["hand"] == ["molt", "spores", "wasp"]
    assert mine["hand_count"] == 3


def test_other_seats_and_spectators_see_only_the_hand_count() -> None:
    for reader in (1, None):
        seen = view(table(), reader)["seats"][0]
        assert seen["hand"] is None
        assert seen["hand_count"] == 3
        text = dump(view(table(), reader))
        for hidden in ("spores", "molt"):
            assert hidden not in text


def test_nobody_sees_the_draw_pile_contents_not_even_its_owner() -> None:
    for reader in (0, 1, None):
        data = view(table(), reader)
        assert [s["draw_count"] for s in data["seats"]] == [2, 2]
        text = dump(data)
        for hidden in ("queen", "beetle", "snail", "toad"):
            assert hidden not in text


def test_no_view_carries_a_card_id() -> None:
    for reader in (0, 1, None):
        assert CARD_ID.search(dump(view(table(), reader))) is None


def test_discard_lost_and_the_grid_are_public() -> None:
    seen = view(table(), 1)["seats"][0]
    assert seen["discard"] == ["canopy"]
    assert seen["lost"] == ["mound"]
    assert [[c["code"] for c in col["cards"]] for col in seen["columns"]] == [["spider"], ["mite"], []]


def test_standing_orders_show_only_to_their_seat() -> None:
    state = table()
    assert view(state, 0)["seats"][0]["orders"]
    assert view(state, 1)["seats"][0]["orders"] is None
    assert view(state, None)["seats"][0]["orders"] is None
    assert "trapdoor" not in dump(view(state, 1)["seats"][0])


def test_queued_placements_show_only_to_their_seat() -> None:
    state, _ = lobby.new_game(Options(players=2, quick=True), SeededDice(7))
    waiting = state.lobby_seat(2)
    code = sorted(c.split("-")[1] for c in state.seat(2).hand
                  if c.split("-")[1] not in ("spores", "surge", "molt"))[0]
    after, _ = commands.play(state, waiting, f"place {code} 1", SeededDice(7))
    assert view(after, waiting)["seats"][1]["queue"] == [f"place {code} 1"]
    other = view(after, state.lobby_seat(1))["seats"][1]
    assert other["queue"] is None
    assert view(after, None)["seats"][1]["queue"] is None


def test_after_game_over_every_hand_is_open() -> None:
    state, _ = play(table(), 1, "resign")
    assert state.phase == "over"
    for reader in (1, None):
        seats = view(state, reader)["seats"]
        assert seats[0]["hand"] == ["molt", "spores", "wasp"]
        assert seats[1]["hand"] == ["ink", "shell"]


def test_an_open_decision_shows_who_and_what_to_everyone() -> None:
    state = table()
    state.decision = Decision(label=2, kind="pay", window=True)
    for reader in (0, 1, None):
        assert view(state, reader)["decision"] == {"seat": 2, "kind": "pay", "window": True}


def test_a_battle_shows_its_cards_as_codes_to_everyone() -> None:
    state = table()
    state.battle = Battle(attacker=1, defender=2, card="p1-spider-1", col=1, target="p2-crab-1", target_col=1,
                          bonuses=[[1, 2, "p1-queen-1"]], owed=3, loser=2, stage="paying")
    for reader in (0, 1, None):
        seen = view(state, reader)["battle"]
        assert seen["card"] == "spider" and seen["target"] == "crab"
        assert seen["bonuses"] == [[1, 2, "queen"]]
        assert (seen["owed"], seen["loser"], seen["stage"]) == (3, 2, "paying")
        assert CARD_ID.search(dump(seen)) is None


def test_the_reader_is_told_its_own_label() -> None:
    state = table()
    assert view(state, 1)["you"] == 2
    assert view(state, None)["you"] is None


def test_a_deck_choice_shows_to_its_seat_alone_until_all_have_chosen() -> None:
    state, _ = lobby.new_game(Options(players=3), SeededDice(7))
    state, _ = commands.play(state, 1, "deck b", SeededDice(7))
    assert view(state, 1)["choosing"][1] == {"lobby": 1, "chosen": True, "deck": "B"}
    for reader in (0, 2, None):
        assert view(state, reader)["choosing"][1] == {"lobby": 1, "chosen": True, "deck": None}
        assert view(state, reader)["choosing"][0] == {"lobby": 0, "chosen": False, "deck": None}


def test_the_bot_state_puts_every_hidden_card_out_of_reach() -> None:
    state = table()
    masked = bot_state(state, 1)
    seen = json.dumps(masked.to_dict())
    hidden = [*state.seat(1).hand, *state.seat(1).draw, *state.seat(2).draw]  # p1's hand, both draw piles
    assert hidden and not [card_id for card_id in hidden if card_id in seen]
    assert [c.split("-")[1] for c in masked.seat(2).hand] == ["shell", "ink"]
    assert len(masked.seat(1).hand) == 3 and len(masked.seat(1).draw) == 2 and len(masked.seat(2).draw) == 2
    assert masked.seat(1).orders.uses == ()


def test_the_bot_state_gives_the_seat_its_real_legal_commands() -> None:
    state = table()
    for seat in (0, 1):
        assert commands.legal_commands(bot_state(state, seat), seat) == commands.legal_commands(state, seat)


def test_the_bot_state_keeps_the_codes_of_another_seats_listed_deck_out_of_reach() -> None:
    state = table()
    state.seat(2).deck = "Fog Bank"
    state.seat(2).deck_codes = ["crab", "frog", "ink", "shell", "snail", "toad"]
    masked = bot_state(state, 0)
    assert masked.seat(2).deck_codes == [] and masked.seat(2).deck == "Fog Bank"
    assert masked.seat(1).deck_codes == state.seat(1).deck_codes  # its own
    assert bot_state(table(), 0).seat(2).deck_codes == table().seat(2).deck_codes  # deck B: public
