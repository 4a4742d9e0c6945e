"""Fair dice: nobody learns a roll before it is made (docs/architecture.md, "Fair dice").

Live games draw from the OS's randomness at the moment of play and record every value; no page, partial,
download or refusal lets a spectator or the opponent predict a roll, and a refused batch reveals nothing
that was not committed."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import actions, history
from games.actions import Actor
from games.kinds import get_kind
from games.kinds.metaltalon.engine import Dice, GameState
from games.kinds.metaltalon.engine.dice import Roller
from games.models import Game
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import UserFactory, full_game, put, started_game

pytestmark = pytest.mark.django_db
KIND = get_kind("metaltalon")


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def gunship_game(shooter: str = "bankers") -> Game:
    """Seat 0 to play with twelve weapons at I9; seat 1's well-shielded ship at I12 survives them all."""
    game = started_game(players=2)
    return put(game, position(players=2, factions=(shooter, "swarm"),
                              ships=((0, "I9", (1, 12, 0)), (1, "I12", (1, 0, 3))), reserves=(10, 10)))


def user_of(game: Game, index: int):
    return game.seats.get(index=index).user


def everything_reachable(client: Client, game: Game) -> dict[str, str]:
    """Every page, partial and download a visitor can open for this game."""
    pk = game.pk
    names = {"game": "games:game", "select": "games:select", "replay": "games:replay", "chat": "games:chat",
             "log": "games:log_txt", "record": "games:record_json", "board": "games:board_svg"}
    out = {}
    for name, route in names.items():
        response = client.get(reverse(route, args=[pk]), follow=True)
        out[name] = response.getvalue().decode()  # the downloads are streamed
    out["poll"] = client.get(reverse("games:poll", args=[pk]) + "?v=0", headers={"HX-Request": "true"}
                             ).content.decode()
    out["text"] = client.get(reverse("games:game", args=[pk]) + "?text=1").content.decode()
    return out


def test_no_page_or_download_shows_the_secret_seed_of_a_game_in_play():
    game = gunship_game()
    actions.apply_command(game, Actor.player(user_of(game, 0)), "fire I9 I12")
    seed = str(state_of(game).seed)
    opponent = Client()
    opponent.force_login(user_of(game, 1))
    for who, client in (("spectator", Client()), ("opponent", opponent)):
        for name, body in everything_reachable(client, game).items():
            assert not re.search(rf"\b{seed}\b", body), f"the {who} reads the seed in {name}"
            leaked = '"seed"' in body or '"rolls"' in body
            assert not leaked, f"the {who} reads the dice source in {name}"
    record = json.loads(Client().get(reverse("games:record_json", args=[game.pk])).getvalue())
    assert "dice" not in record["actions"][-1] and "seed" not in record["final_state"]


def test_knowing_even_the_true_seed_does_not_predict_the_rolls_of_a_live_game():
    """The attacker is given more than any channel shows (the state's own seed and roll counter, read
    from the database) and the engine's documented formula; the live rolls still do not follow it."""
    game = gunship_game()
    state = state_of(game)
    predictor = Roller(state.seed, state.rolls)
    predicted = [predictor.die(6) for _ in range(12)]
    actions.apply_command(game, Actor.player(user_of(game, 0)), "; ".join(["fire I9 I12"] * 12))
    played = [e["raw"] for a in game.actions.order_by("seq") for e in a.events if e["type"] == "roll"]
    assert len(played) == 12
    assert played != predicted  # by chance alone: 1 in 6^12
    recorded = [d[2] for a in game.actions.order_by("seq") for d in a.dice]
    assert recorded == played  # every value drawn is on its action


def test_a_batch_stopped_after_its_first_command_rolled_says_that_one_command_stands(live_dice):
    game = gunship_game()
    live_dice.script(1)
    applied = actions.apply_command(game, Actor.player(user_of(game, 0)), "fire I9 I12; fire I9 Q9")
    assert applied.stopped is not None and applied.stopped.code == "stopped_after_roll"
    assert "so command 1 stands; the rest were not played" in applied.stopped.message
    assert [a.command for a in applied.actions] == ["fire I9 I12"]


def test_a_batch_refused_after_a_roll_keeps_the_roll_and_sending_it_again_changes_nothing(live_dice):
    """The probe from the issue: a Clovers batch whose third command is refused once the roll is asked
    about. The roll it shows is committed; the same batch again is refused outright, rolling nothing."""
    game = put(started_game(players=2), position(
        players=2, factions=("clovers", "swarm"), ships=((0, "H9", (3, 2, 0)), (1, "L9", (1, 0, 3))),
        reserves=(10, 10)))
    clover = Actor.player(user_of(game, 0))
    live_dice.script(2)
    first = actions.apply_command(game, clover, "move H9 I9; fire I9 L9; fire I9 L9")
    assert first.stopped is not None and first.stopped.code == "stopped_after_roll"
    assert "You rolled 2" in first.stopped.message and "commands 1 to 2 stand" in first.stopped.message
    assert [a.command for a in first.actions] == ["move H9 I9", "fire I9 L9"]
    assert state_of(game).pending.roll == 2  # the roll shown is the roll that stands
    version, count = game.version, game.actions.count()

    with pytest.raises(actions.IllegalMove, match="Nothing was applied"):
        actions.apply_command(game, clover, "move H9 I9; fire I9 L9; fire I9 L9")
    game.refresh_from_db()
    assert (game.version, game.actions.count()) == (version, count)
    assert state_of(game).pending.roll == 2
    assert all(not d.draws for d in live_dice.made[1:])  # the second send drew nothing


def test_no_free_reroll_a_refused_command_after_a_shot_leaves_the_shot_standing():
    game = gunship_game()
    before = state_of(game)
    applied = actions.apply_command(game, Actor.player(user_of(game, 0)), "fire I9 I12; launch 999e")
    assert applied.stopped is not None and len(applied.actions) == 1
    after = state_of(game)
    assert after.activation.shots == 1 and after.rolls == before.rolls + 1
    assert applied.actions[0].dice and applied.actions[0].dice[0][:2] == ["roll", 6]


def test_a_batch_refused_before_any_roll_changes_nothing_and_draws_nothing(live_dice):
    game = gunship_game()
    live_dice.seed(3)
    version, count = game.version, game.actions.count()
    with pytest.raises(actions.IllegalMove, match="Command 2 .*Nothing was applied"):
        actions.apply_command(game, Actor.player(user_of(game, 0)), "move I9 I10; move I9 I10; fire I10 I12")
    game.refresh_from_db()
    assert (game.version, game.actions.count()) == (version, count)
    assert all(not d.draws for d in live_dice.made)


def test_a_faction_redraw_comes_from_the_live_dice_and_is_recorded(live_dice):
    game = full_game(players=2)
    seat = game.seats.get(index=0)
    live_dice.script(0)
    applied = actions.apply_command(game, Actor.player(seat.user), "redraw")
    (action,) = applied.actions
    assert len(action.dice) == 1 and action.dice[0][0] == "draw" and action.dice[0][2] == 0
    event = next(e for e in action.events if e["type"] == "redraw")
    dealt_away = {s.faction for s in state_of(game).seats if s.index != 0} | {event["old"]}
    from games.kinds.metaltalon.engine import FACTIONS

    options = [f for f in FACTIONS if f not in dealt_away]
    assert event["faction"] == options[0]  # the draw's index picks the card, as the engine's rule says


def test_replay_of_a_finished_game_equals_its_saved_states():
    game = gunship_game()
    player0, player1 = Actor.player(user_of(game, 0)), Actor.player(user_of(game, 1))
    actions.apply_command(game, player0, "fire I9 I12; fire I9 I12; end")
    actions.apply_command(game, player1, "end")
    actions.apply_command(game, player0, "fire I9 I12; fire I9 I12")
    actions.apply_command(game, player1, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    logged = history.log_actions(game)
    assert history.state_after(game, logged, len(logged)) == state_of(game)
    for snapshot in game.snapshots.all():
        step = sum(1 for a in logged if a.seq <= snapshot.seq)
        assert history.state_after(game, logged, step) == KIND.load(snapshot.state)


def test_downloads_of_a_finished_game_show_everything():
    game = gunship_game()
    actions.apply_command(game, Actor.player(user_of(game, 0)), "fire I9 I12")
    actions.apply_command(game, Actor.player(user_of(game, 1)), "resign")
    record = json.loads(Client().get(reverse("games:record_json", args=[game.pk])).getvalue())
    assert record["final_state"]["seed"] == state_of(game).seed
    fire = next(a for a in record["actions"] if a["command"] == "fire I9 I12")
    assert fire["dice"][0][:2] == ["roll", 6]
    text = Client().get(reverse("games:log_txt", args=[game.pk])).getvalue().decode()
    assert f"fire I9 I12\t# dice {fire['dice'][0][2]}" in text


def test_undo_is_not_offered_after_a_clovers_accept_and_the_action_agrees(live_dice, client):
    game = put(started_game(players=2), position(
        players=2, factions=("clovers", "swarm"), ships=((0, "I9", (3, 2, 0)), (1, "I12", (1, 0, 3))),
        reserves=(10, 10)))
    user = user_of(game, 0)
    live_dice.script(2)
    actions.apply_command(game, Actor.player(user), "fire I9 I12")
    actions.apply_command(game, Actor.player(user), "accept")
    client.force_login(user)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "↶ Undo" not in page
    with pytest.raises(actions.NothingToUndo):
        actions.undo(game, Actor.player(user))


def test_one_submission_is_held_to_the_engines_limits():
    game = gunship_game()
    count = game.actions.count()
    with pytest.raises(actions.IllegalMove, match="at most 40"):
        actions.apply_command(game, Actor.player(user_of(game, 0)), "; ".join(["order murphy 5"] * 41))
    assert game.actions.count() == count


def test_a_custom_dice_object_without_draw_keeps_card_draws_seeded():
    """The engine's contract is extended, not changed: a dice object with roll() alone (as tests and bots
    pass) still leaves card draws to the state's seeded generator."""

    class Sixes:
        def roll(self, sides: int) -> int:
            return 6

    dice: Dice = Sixes()
    from games.kinds.metaltalon.engine import new_game, play

    state = new_game(players=2, seed=5)
    assert play(state, 0, "redraw", dice=dice).state == play(state, 0, "redraw").state


def test_stranger_cannot_use_a_live_game_to_roll():
    game = gunship_game()
    count = game.actions.count()
    with pytest.raises(actions.NotAllowed):
        actions.apply_command(game, Actor.player(UserFactory()), "fire I9 I12")
    assert game.actions.count() == count
