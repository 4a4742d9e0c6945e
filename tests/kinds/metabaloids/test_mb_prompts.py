"""What each awaited seat is asked (prompts.py): keys of PROMPT_KEY's form that change with each placement
turn and each turn, and the questions of a damage payment, in turn or in a timed window."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.prompts import prompts
from games.kinds.metabaloids.state import Decision
from games.kinds.protocol import PROMPT_KEY
from tests.kinds.metabaloids.helpers import position, seat_dict
from tests.kinds.metabaloids.random_games import random_game


@pytest.mark.random_games
def test_every_key_has_the_platforms_form_and_asks_the_seats_to_act() -> None:
    count = 0
    for seed in range(6):
        for step in random_game(seed, players=2 + seed % 3, quick=seed % 2 == 1, limit=200):
            from games.kinds.metabaloids.commands import to_act

            asked = prompts(step.after, None)
            assert sorted(p.seat for p in asked) == sorted(to_act(step.after))
            for prompt in asked:
                assert PROMPT_KEY.fullmatch(prompt.key), prompt.key
                count += 1
    assert count > 300


def test_the_key_changes_with_each_placement_turn_and_each_turn() -> None:
    placing: list[str] = []
    turns: dict[int, str] = {}
    last = None
    for step in random_game(11, players=3, quick=True, limit=300):
        state = step.after
        asked = prompts(state, None)
        if not asked or state.decision is not None:
            continue
        key = asked[0].key
        if state.phase == "place":
            where = (state.active, sum(len(c.cards) for c in state.seat(state.active).columns))
            if where != last:
                placing.append(key)
                last = where
        elif state.phase == "turn":
            turns.setdefault(state.turn, key)
    assert len(placing) >= 3 and len(set(placing)) == len(placing)
    assert len(turns) >= 3 and len(set(turns.values())) == len(turns)
    assert all(key == str(turn) for turn, key in turns.items())


def paying(window: bool):  # type: ignore[no-untyped-def]
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, "B", grid=[["crab"]], filler=5),
                     step="attack", window_minutes=4)
    state.decision = Decision(label=1 if not window else 2, kind="pay", window=window)
    return state


def test_the_active_seats_own_payment_is_part_of_its_turn() -> None:
    [prompt] = prompts(paying(window=False), None)
    assert prompt.seat == 0 and prompt.own_turn and prompt.seconds is None
    assert prompt.key == "3"  # the turn's own key: its notice was sent, its clock runs on
    assert "pay" in prompt.text


def test_a_window_out_of_turn_lasts_the_games_window_minutes() -> None:
    [prompt] = prompts(paying(window=True), None)
    assert prompt.seat == 1 and not prompt.own_turn
    assert prompt.seconds == 4 * 60
    assert prompt.key == "3-pay-0"


def test_a_grid_question_has_its_own_key() -> None:
    state = paying(window=True)
    state.decision = Decision(label=2, kind="grid", window=True)
    [prompt] = prompts(state, None)
    assert prompt.key == "3-grid-0" and "grid" in prompt.text


def test_the_turn_prompt_is_keyed_by_the_turn_number() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, grid=[["mite"]], filler=5),
                     turn=7, active=2)
    [prompt] = prompts(state, None)
    assert (prompt.seat, prompt.key, prompt.own_turn) == (1, "7", True)


def test_before_the_cut_every_seat_not_chosen_is_asked_for_its_deck() -> None:
    from games.kinds.metabaloids import commands, lobby
    from games.kinds.metabaloids.state import Options
    from tests.kinds.metabaloids.random_games import SeededDice

    state, _ = lobby.new_game(Options(players=3), SeededDice(1))
    state, _ = commands.play(state, 1, "deck b", SeededDice(2))
    asked = prompts(state, None)
    assert [p.seat for p in asked] == [0, 2]
    assert all(p.key == "deck" and p.own_turn and p.default == "deck a" for p in asked)


def test_a_payment_question_says_how_much_is_owed_and_what_the_clock_answers() -> None:
    from tests.kinds.metabaloids.helpers import play
    from tests.kinds.metabaloids.test_mb_scenarios_c import _window_12

    state, _ = _window_12()
    [prompt] = prompts(state, None)
    assert prompt.text == "pay the damage of the battle you lost (3 more points)"
    assert prompt.default == "pass (your standing orders pay the rest)"
    state, _ = play(state, 2, "pay discard", "pay discard", "pay discard")
    [prompt] = prompts(state, None)
    assert prompt.text == "pay the damage of the battle you lost (2 more points)"


def test_a_reaction_window_asks_for_a_reaction_and_the_clock_passes() -> None:
    from tests.kinds.metabaloids.helpers import play
    from tests.kinds.metabaloids.test_mb_window import battle

    state, _ = play(battle(), 1, "attack 1:1 p2 1:1")
    [prompt] = prompts(state, None)
    assert (prompt.seat, prompt.own_turn) == (1, False)
    assert prompt.text.startswith("react to the attack on you") and prompt.default.startswith("pass")
