"""New games: player counts, bases, starting credits, the faction deal with keep / redraw once."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, new_game, play
from games.kinds.metaltalon.engine.editions import credits_total

from .helpers import board


def test_five_player_games_are_not_offered():
    with pytest.raises(ValueError, match="Five-player games are not offered"):
        new_game(5)


@pytest.mark.parametrize("players", [1, 7, 0])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError, match="2, 3, 4 or 6"):
        new_game(players)


@pytest.mark.parametrize("edition", ["token", "metatalon", "web2002"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seat_i_gets_the_ith_home_base_clockwise_and_credits_add_up(edition, players):
    state = new_game(players, edition, seed=players)
    assert tuple(s.home for s in state.seats) == board(edition).home_bases(players)
    assert state.credits() == credits_total(players)


def test_token_two_player_games_start_with_32_and_others_with_25():
    assert new_game(2, factions=("swarm", "rebels")).seats[0].reserve == 32
    assert new_game(3, factions=("swarm", "rebels", "zoomers")).seats[0].reserve == 25


def test_bankers_and_vamps_start_richer_and_poorer():
    state = new_game(3, factions=("bankers", "vamps", "rebels"))
    assert [s.reserve for s in state.seats] == [30, 20, 25]
    state = new_game(2, "metatalon", factions=("bankers", "vamps"))
    assert [s.reserve for s in state.seats] == [31, 20]


def test_fixed_factions_skip_the_setup_phase():
    state = new_game(2, factions=("swarm", "rebels"))
    assert state.phase == "play" and state.to_act == (0,)


def test_token_fixed_factions_may_not_repeat_but_coin_species_may():
    with pytest.raises(ValueError, match="no faction twice"):
        new_game(2, factions=("swarm", "swarm"))
    assert new_game(2, "web2002", factions=("swarm", "swarm")).seats[1].faction == "swarm"


def test_unknown_faction_edition_variant_and_dice_are_refused():
    with pytest.raises(ValueError, match="Unknown faction"):
        new_game(2, factions=("swarm", "pirates"))
    with pytest.raises(ValueError, match="Unknown edition"):
        new_game(2, "chess")
    with pytest.raises(ValueError, match="cannot be played together"):
        new_game(2, variants=("takeover", "spoils"))
    with pytest.raises(ValueError, match="no variants"):
        new_game(2, "metatalon", variants=("takeover",))
    with pytest.raises(ValueError, match="six-sided die"):
        new_game(2, dice_mode="stopwatch")


def test_token_deal_never_repeats_a_faction():
    for seed in range(30):
        factions = [s.faction for s in new_game(6, seed=seed).seats]
        assert len(set(factions)) == 6


def test_coin_editions_may_deal_a_species_twice():
    assert any(len({s.faction for s in new_game(6, "metatalon", seed=seed).seats}) < 6 for seed in range(30))


def test_the_deal_is_the_same_for_the_same_seed():
    assert new_game(4, seed=9) == new_game(4, seed=9)
    assert any(new_game(4, seed=9).seats != new_game(4, seed=s).seats for s in range(10, 15))


def test_every_seat_decides_at_once_and_play_starts_when_the_last_has():
    state = new_game(3, seed=2)
    assert state.phase == "setup" and state.to_act == (0, 1, 2)
    assert legal_commands(state, 2)[:2] == ["keep", "redraw"]
    state, _ = play(state, 2, "keep")
    state, _ = play(state, 0, "keep")
    assert state.phase == "setup" and state.to_act == (1,)
    with pytest.raises(IllegalCommand, match="has not started"):
        play(state, 0, "end")
    state, events = play(state, 1, "keep")
    assert state.phase == "play" and state.active == 0 and state.turn == 1
    assert events[-1] == {"type": "start", "seat": 0}


def test_a_redraw_is_final_and_gives_a_card_nobody_holds():
    for seed in range(20):
        state = new_game(6, seed=seed)
        old = state.seats[3].faction
        after, events = play(state, 3, "redraw")
        new = after.seats[3].faction
        assert new != old and new not in {s.faction for s in after.seats if s.index != 3}
        assert after.seats[3].decided and events[0]["old"] == old
        with pytest.raises(IllegalCommand, match="already chosen"):
            play(after, 3, "redraw")
        assert "redraw" not in legal_commands(after, 3)


def test_redrawing_bankers_or_vamps_changes_the_starting_reserve_and_keeps_credits():
    seen = set()
    for seed in range(60):
        state = new_game(2, seed=seed)
        after, _ = play(state, 0, "redraw")
        faction = after.seats[0].faction
        expected = {"bankers": 39, "vamps": 26}.get(faction, 32)
        assert after.seats[0].reserve == expected and after.credits() == credits_total(2)
        seen.add(expected)
    assert seen == {26, 32, 39}


def test_keep_or_redraw_after_setup_is_refused():
    state = new_game(2, factions=("swarm", "rebels"))
    with pytest.raises(IllegalCommand, match="Factions are settled"):
        play(state, 0, "redraw")


def test_a_seat_resigning_during_the_deal_is_no_longer_shown_choosing():
    state = new_game(3, "token", seed=2)
    after, _ = play(state, 1, "resign")
    assert after.seats[1].out and after.seats[1].decided  # pages list it as settled, not deciding
    assert after.to_act == (0, 2) and legal_commands(after, 1) == []


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"players": 5}, "Five-player games are not offered: choose 2, 3, 4 or 6 players"),
        ({"players": 7}, "MetalTalon is played by 2, 3, 4 or 6 players, not 7"),
        ({"players": "2"}, "MetalTalon is played by 2, 3, 4 or 6 players, not '2'"),
        ({"players": 2, "dice_mode": "coin"}, "dice_mode is 'd6' or 'stopwatch'"),
        (
            {"players": 2, "dice_mode": "stopwatch"},
            "The token edition rolls a six-sided die; stopwatch rolls are for metatalon and web2002",
        ),
        ({"players": 2, "factions": ["vamps"]}, "Give one faction per seat: 2 seats, 1 factions"),
        (
            {"players": 2, "factions": ["vamps", "vamps"]},
            "The token edition deals ten different faction cards: no faction twice",
        ),
        ({"players": 2, "variants": ("chaos",)}, "Unknown variant 'chaos': takeover or spoils"),
        (
            {"players": 2, "edition": "metatalon", "variants": ("takeover",)},
            "The metatalon edition has no variants",
        ),
        (
            {"players": 2, "variants": ("takeover", "spoils")},
            "Takeover and Spoils of War cannot be played together",
        ),
        ({"players": 2, "edition": "chess"}, "Unknown edition 'chess': choose token, metatalon or web2002"),
    ],
)
def test_a_new_game_with_bad_options_is_refused_saying_which(options, reason):
    with pytest.raises(ValueError) as refused:
        new_game(**options)
    assert str(refused.value) == reason


def test_a_variant_given_twice_counts_once_and_coin_species_may_repeat():
    assert new_game(2, variants=("spoils", "spoils")).variants == ("spoils",)
    assert [s.faction for s in new_game(2, "web2002", factions=["vamps", "vamps"]).seats] == [
        "vamps",
        "vamps",
    ]


def test_turn_one_begins_when_the_deal_ends():
    dealing = new_game(2, "token", seed=1)
    assert dealing.phase == "setup" and dealing.turn == 0
    started, _ = play(play(dealing, 0, "keep")[0], 1, "keep")
    assert started.phase == "play" and started.turn == 1
    fixed = new_game(2, "token", factions=["vamps", "rebels"], seed=1)
    assert fixed.phase == "play" and fixed.turn == 1


def test_a_new_game_without_a_seed_is_seed_zero_and_waits_for_every_seat():
    state = new_game(2)
    assert state.seed == 0 and [s.decided for s in state.seats] == [False, False]
    assert state.to_dict()["seats"][0]["decided"] is False
