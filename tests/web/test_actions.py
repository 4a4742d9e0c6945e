"""games.actions (the lobby, apply_command, undo, chat), games.queries and games.history (replay, downloads),
on the configured database."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import actions, history, queries
from games.actions import Actor
from games.dice import ReplayDice
from games.kinds import get_kind
from games.kinds.metaltalon.engine import GameState, Ship, legal_commands
from games.kinds.metaltalon.engine.board import load_board
from games.models import Action, Game, Invitation, Notice, Report, Seat
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    create,
    full_game,
    open_game,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def seqs(game: Game) -> list[int]:
    return list(game.actions.order_by("seq").values_list("seq", flat=True))


# === CREATING AND JOINING ===


def test_create_game_seats_the_creator_and_waits_for_players():
    user = UserFactory()
    options = {"edition": "web2002", "variants": ["spoils"], "dice_mode": "stopwatch"}
    game = actions.create_game(Actor.player(user), kind="metaltalon", players=4, options=options,
                               visibility="private", clock={"hours": 48})

    assert game.status == Game.Status.OPEN and game.state is None
    assert list(game.seats.values_list("user", flat=True)) == [user.pk]
    game.refresh_from_db()
    assert (game.kind, game.players, game.clock_rules.hours) == ("metaltalon", 4, 48)
    assert game.options == {"edition": "web2002", "variants": ["spoils"], "faction_mode": "deal",
                            "dice_mode": "stopwatch"}
    assert len(game.invite_code) >= 12


@pytest.mark.parametrize(("options", "says"), [
    ({"players": 5}, "Five-player games are not offered"),
    ({"players": 7}, "2, 3, 4 or 6"),
    ({"edition": "token", "dice_mode": "stopwatch"}, "stopwatch rolls are for coin editions"),
    ({"edition": "metatalon", "variants": ["takeover"]}, "metatalon edition has no variants"),
    ({"variants": ["takeover", "spoils"]}, "cannot be played together"),
    ({"edition": "chess"}, "Unknown edition"),
    ({"clock": {"hours": 0}}, "between 1 hour and 30 days"),
])
def test_create_game_refuses_options_the_edition_does_not_allow_and_creates_nothing(options, says):
    with pytest.raises(actions.BadOptions, match=says):
        create(UserFactory(), **options)
    assert not Game.objects.exists()


def test_last_join_starts_the_game_with_every_seat_in_turn_order_and_a_first_snapshot():
    game = full_game(players=3)

    assert game.status == Game.Status.SETUP
    assert sorted(game.seats.values_list("index", flat=True)) == [0, 1, 2]
    assert set(game.seats.values_list("status", flat=True)) == {Seat.Status.PLAYING}
    assert set(game.seats.values_list("awaiting", flat=True)) == {True}  # every seat keeps or redraws
    snapshot = game.snapshots.get()
    assert snapshot.seq == 0 and snapshot.state == game.state
    assert game.started_at is not None
    assert Notice.objects.filter(game=game, kind=Notice.Kind.STARTED).count() == 3


def test_fixed_faction_mode_deals_factions_and_goes_straight_to_play():
    game = full_game(players=2, faction_mode="fixed")

    assert game.status == Game.Status.ACTIVE
    factions = list(game.seats.values_list("faction", flat=True))
    assert all(factions) and len(set(factions)) == 2  # token cards never repeat
    assert state_of(game).phase == "play"


def test_join_refuses_a_seated_player_a_full_game_and_a_started_game():
    game = open_game(players=3)
    creator = game.created_by
    with pytest.raises(actions.Invalid, match="already have a seat"):
        actions.join_game(game, Actor.player(creator))
    actions.join_game(game, Actor.player(UserFactory()))
    actions.join_game(game, Actor.player(UserFactory()))
    with pytest.raises(actions.NotInPlay, match="already started"):
        actions.join_game(game, Actor.player(UserFactory()))
    assert game.seats.count() == 3


def test_private_game_takes_only_invited_players_or_holders_of_the_link():
    game = open_game(players=4, visibility="private")
    stranger, invited, linked = UserFactory(), UserFactory(), UserFactory()

    with pytest.raises(actions.NotAllowed, match="private game"):
        actions.join_game(game, Actor.player(stranger))
    with pytest.raises(actions.NotAllowed, match="private game"):
        actions.join_game(game, Actor.player(stranger), invite_code="wrong-code")
    actions.invite_user(game, Actor.player(game.created_by), invited.username)
    actions.join_game(game, Actor.player(invited))
    actions.join_game(game, Actor.player(linked), invite_code=game.invite_code)

    assert set(game.seats.values_list("user", flat=True)) == {game.created_by.pk, invited.pk, linked.pk}
    assert Invitation.objects.get(user=invited).accepted_at is not None


def test_invite_by_name_creates_an_invitation_and_a_notice_once():
    game = open_game()
    friend = UserFactory(username="marta")

    creator = Actor.player(game.created_by)
    actions.invite_user(game, creator, "MARTA")

    assert Invitation.objects.filter(game=game, user=friend, invited_by=game.created_by).exists()
    assert Notice.objects.get(user=friend, kind=Notice.Kind.INVITE).game == game
    # Invited again: nothing new. A name nobody has is recorded, inviting no one (no name oracle).
    assert actions.invite_user(game, creator, "marta") is None
    assert actions.invite_user(game, creator, "nobody-here").user is None
    with pytest.raises(actions.NotAllowed, match="Only the game's players"):
        actions.invite_user(game, Actor.player(UserFactory()), "marta")
    assert Invitation.objects.filter(user__isnull=False).count() == 1
    assert Notice.objects.filter(kind=Notice.Kind.INVITE).count() == 1


def test_leave_before_the_start_frees_the_seat_and_the_last_to_leave_aborts_the_game():
    game = open_game(players=3)
    joiner = UserFactory()
    actions.join_game(game, Actor.player(joiner))

    actions.leave_game(game, Actor.player(joiner))
    assert game.seats.count() == 1
    actions.leave_game(game, Actor.player(game.created_by))
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and not game.seats.exists()


def test_leave_after_the_start_is_refused():
    game = full_game(players=2)
    with pytest.raises(actions.NotInPlay, match="only resign"):
        actions.leave_game(game, Actor.player(game.created_by))
    assert game.seats.count() == 2


def test_start_game_refuses_a_game_not_full_and_anyone_but_the_creator():
    game = open_game(players=3)
    actions.join_game(game, Actor.player(UserFactory()))
    with pytest.raises(actions.NotAllowed, match="Only the game's creator"):
        actions.start_game(game, Actor.player(UserFactory()))
    with pytest.raises(actions.NotInPlay, match="all 3 seats"):
        actions.start_game(game, Actor.player(game.created_by))
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


# === COMMANDS ===


def test_apply_command_appends_one_action_per_command_numbered_without_gaps():
    game = started_game(players=2)
    seat = active_seat(game)
    before = game.version
    first = seqs(game)

    home = state_of(game).seats[seat.index].home
    step = first_step(home)

    applied = actions.apply_command(game, Actor.player(seat.user), f"launch 1e; move {home} {step}",
                                    expected_version=before)

    assert [a.command for a in applied.actions] == ["launch 1e", f"move {home} {step}"]
    assert seqs(game) == list(range(1, len(first) + 3))
    game.refresh_from_db()
    assert game.version == before + 2
    last = game.actions.order_by("-seq").first()
    assert last.version_after == game.version and last.seat == seat.index and last.actor == seat.user
    assert last.source == Action.Source.WEB and last.events
    assert [a.dice for a in applied.actions] == [[], []]  # neither command drew anything


def first_step(home: str) -> str:
    """A neighbour of a token-board home base that is not itself a base."""
    board = load_board("token")
    return next(n for n in board.neighbours(home) if n not in board.base_cells)


def test_a_submission_is_all_or_nothing():
    game = started_game(players=2)
    seat = active_seat(game)
    before = (game.version, game.state, seqs(game))

    with pytest.raises(actions.IllegalMove, match=r"Command 2.*Nothing was applied\."):
        actions.apply_command(game, Actor.player(seat.user), "launch 1e; fly to the moon")

    game.refresh_from_db()
    assert (game.version, game.state, seqs(game)) == before


def test_stale_expected_version_is_refused_with_the_game_has_moved_on_and_changes_nothing():
    game = started_game(players=2)
    seat = active_seat(game)
    stale = game.version
    actions.apply_command(game, Actor.player(seat.user), "launch 1e", expected_version=stale)
    game.refresh_from_db()
    after = (game.version, game.state, seqs(game))

    with pytest.raises(actions.GameMovedOn, match="The game has moved on"):
        actions.apply_command(game, Actor.player(seat.user), "launch 1e", expected_version=stale)

    game.refresh_from_db()
    assert (game.version, game.state, seqs(game)) == after


def test_nobody_acts_for_someone_else():
    game = started_game(players=2)
    waiting = other_seat(game)
    active = active_seat(game)
    state_before = game.state

    with pytest.raises(actions.NotAllowed, match="not playing in this game"):
        actions.apply_command(game, Actor.player(UserFactory()), "end")
    with pytest.raises(actions.NotYourTurn, match="not your turn"):
        actions.apply_command(game, Actor.player(waiting.user), "end")
    with pytest.raises(actions.NotAllowed, match="your own seat"):
        actions.apply_command(game, Actor.player(waiting.user), "end", seat=active.index)
    with pytest.raises(actions.NotAllowed, match="Only moderators"):
        actions.apply_command(game, Actor.moderator(waiting.user, "testing"), "end", seat=active.index)
    game.refresh_from_db()
    assert game.state == state_before


def test_a_waiting_player_may_change_standing_orders_out_of_turn():
    game = started_game(players=2)
    waiting = other_seat(game)

    actions.apply_command(game, Actor.player(waiting.user), "order damage ews")

    assert game.actions.order_by("-seq").first().seat == waiting.index


def test_a_moderator_may_act_for_a_seat():
    game = started_game(players=2)
    active = active_seat(game)
    staff = ModeratorFactory()

    actions.apply_command(game, Actor.moderator(staff, "the player asked"), "end", seat=active.index)

    action = game.actions.order_by("-seq").first()
    assert (action.seat, action.actor, action.source) == (active.index, staff, "moderator")
    assert state_of(game).active != active.index


def test_engine_refusal_is_an_illegal_move_with_the_engines_words():
    game = started_game(players=2)
    seat = active_seat(game)
    reserve = state_of(game).seats[seat.index].reserve
    with pytest.raises(actions.IllegalMove) as caught:
        actions.apply_command(game, Actor.player(seat.user), f"launch {reserve + 1}e")
    assert str(reserve) in caught.value.message
    assert not game.actions.filter(seat=seat.index, command__startswith="launch").exists()


def test_a_snapshot_is_written_when_each_turn_starts_and_equals_the_state_then():
    game = started_game(players=2)
    for _ in range(3):
        seat = active_seat(game)
        actions.apply_command(game, Actor.player(seat.user), "end")
    game.refresh_from_db()

    snapshots = list(game.snapshots.order_by("seq"))
    turns = [s.turn for s in snapshots]
    assert turns == [0, 1, 2, 3, 4]  # the deal, then play turns 1-4
    assert snapshots[-1].state == game.state
    for snap in snapshots[1:]:
        assert history.state_after(game, history.log_actions(game),
                                   [a.seq for a in history.log_actions(game)].index(snap.seq) + 1
                                   ).to_dict() == snap.state


def test_replaying_the_action_log_with_its_recorded_dice_gives_the_saved_state():
    game = started_game(players=3)
    for _ in range(6):
        game.refresh_from_db()
        state = GameState.from_dict(game.state)
        seat = active_seat(game)
        legal = legal_commands(state, seat.index)
        some = [c for c in legal if c.startswith("launch")] or [c for c in legal if c.startswith("move")]
        actions.apply_command(game, Actor.player(seat.user), f"{some[len(some) // 2]}; end")
    game.refresh_from_db()

    kind = get_kind(game.kind)
    start = kind.load(game.snapshots.get(seq=0).state)  # the start, as dealt: its draws are not replayed
    assert all(a.dice is not None for a in history.log_actions(game))
    replayed = history.replay(kind, start, history.log_actions(game))
    assert kind.dump(replayed) == game.state


def test_resigning_in_a_two_player_game_finishes_it_with_a_result():
    game = started_game(players=2)
    quitter = other_seat(game)
    winner = active_seat(game)

    actions.apply_command(game, Actor.player(quitter.user), "resign")

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert game.result == {"winner": winner.index, "places": [winner.index, quitter.index]}
    statuses = dict(game.seats.values_list("index", "status"))
    assert statuses == {winner.index: Seat.Status.WON, quitter.index: Seat.Status.RESIGNED}
    assert not game.seats.filter(awaiting=True).exists()
    with pytest.raises(actions.NotInPlay, match="not in play"):
        actions.apply_command(game, Actor.player(winner.user), "end")


def test_your_turn_count_follows_state_to_act():
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    assert queries.your_turn_count(active.user) == 1
    assert queries.your_turn_count(waiting.user) == 0

    actions.apply_command(game, Actor.player(active.user), "end")

    assert queries.your_turn_count(active.user) == 0
    assert queries.your_turn_count(waiting.user) == 1


def test_a_command_that_passes_no_turn_keeps_the_cached_counts_and_one_that_does_drops_them(
        django_assert_num_queries):
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    assert (queries.your_turn_count(active.user), queries.your_turn_count(waiting.user)) == (1, 0)
    legal = legal_commands(state_of(game), active.index)
    some = [c for c in legal if c.startswith("launch")] or [c for c in legal if c.startswith("move")]

    actions.apply_command(game, Actor.player(active.user), some[0])

    with django_assert_num_queries(0):  # still cached: nobody's count changed
        assert (queries.your_turn_count(active.user), queries.your_turn_count(waiting.user)) == (1, 0)
    actions.apply_command(game, Actor.player(active.user), "end")
    assert (queries.your_turn_count(active.user), queries.your_turn_count(waiting.user)) == (0, 1)


def test_a_turns_end_drops_the_counts_and_the_pulses_version_in_one_cache_call_now_and_one_at_commit(
        monkeypatch, django_capture_on_commit_callbacks):
    from django.core.cache import cache

    from games import pulse

    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    calls: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(cache, "delete", lambda key, *a, **k: calls.append(("delete", [key])))
    monkeypatch.setattr(cache, "delete_many", lambda keys, *a, **k: calls.append(("delete_many", list(keys))))

    with django_capture_on_commit_callbacks(execute=True):
        actions.apply_command(game, Actor.player(active.user), "end")

    dropped = {pulse.head_key(game.pk), queries.turn_count_key(active.user_id),
               queries.turn_count_key(waiting.user_id)}
    ours = [(name, set(keys)) for name, keys in calls if set(keys) & dropped]
    assert ours == [("delete_many", dropped), ("delete_many", dropped)]


def test_a_turns_end_writes_both_seats_in_one_statement_as_they_stand_after_it():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.actions import clock

    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    with CaptureQueriesContext(connection) as queries_made:
        applied = actions.apply_command(game, Actor.player(active.user), "end")

    one_each = connection.vendor != "postgresql"  # games.actions.common.update_seats: elsewhere, one each
    assert sum(q["sql"].startswith('UPDATE "games_seat"') for q in queries_made.captured_queries) == (
        2 if one_each else 1)
    fields = ["faction", "awaiting", "prompt", "status", *clock.CLOCK_FIELDS]
    stored = {s.pk: s for s in Seat.objects.filter(game=game)}
    for seat in applied.game.seats.all():
        assert [getattr(stored[seat.pk], f) for f in fields] == [getattr(seat, f) for f in fields]
    done, asked = stored[active.pk], stored[waiting.pk]
    assert not done.awaiting and done.prompt == "" and done.awaited_since is None and done.clock_since is None
    assert asked.awaiting and asked.prompt and asked.awaited_since is not None
    assert asked.clock_left == asked.clock_allowed and asked.clock_left is not None


def test_a_move_that_asks_players_without_webhooks_reads_no_webhooks_and_one_with_a_hook_owes_its_delivery():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Webhook, WebhookDelivery

    game = started_game(players=2)
    with CaptureQueriesContext(connection) as queries_made:
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    assert not any(q["sql"].startswith('SELECT "games_webhook"') for q in queries_made.captured_queries)

    asked_next = other_seat(game)  # the seat the next end asks
    Webhook.objects.create(user=asked_next.user, url="https://hooks.example/x", secret="s" * 48)
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")

    assert WebhookDelivery.objects.filter(game=game, webhook__user=asked_next.user).count() == 1


def test_the_counts_are_held_for_one_save_only_and_never_across_a_new_status():
    game = started_game(players=2)
    active = active_seat(game)
    legal = legal_commands(state_of(game), active.index)
    some = [c for c in legal if c.startswith("launch")] or [c for c in legal if c.startswith("move")]
    applied = actions.apply_command(game, Actor.player(active.user), some[0])  # its save kept the counts
    assert queries.your_turn_count(active.user) == 1

    applied.game.status = Game.Status.ABORTED  # a later save of the same object, by any path
    applied.game.save()
    assert queries.your_turn_count(active.user) == 0

    queries.turn_counts_hold(applied.game)  # a writer that saw no change, then the status changes anyway
    applied.game.status = Game.Status.ACTIVE
    applied.game.save()
    assert queries.your_turn_count(active.user) == 1


def test_my_games_lists_the_games_awaiting_me_first():
    me = UserFactory()
    waiting_on_other = full_game(players=2, users=[me], faction_mode="fixed")
    if active_seat(waiting_on_other).user == me:
        actions.apply_command(waiting_on_other, Actor.player(me), "end")
    open_one = open_game(creator=me)
    mine_to_play = full_game(players=2, users=[me], faction_mode="fixed")
    if active_seat(mine_to_play).user != me:
        actions.apply_command(mine_to_play, Actor.player(active_seat(mine_to_play).user), "end")

    listed = list(queries.my_games(me))

    assert listed[0] == mine_to_play and listed[0].mine_awaiting
    assert set(listed) == {waiting_on_other, open_one, mine_to_play}
    assert not any(g.mine_awaiting for g in listed[1:])


# === UNDO ===


def put_ships_side_by_side(game: Game) -> tuple[str, str, str]:
    """A start-of-turn position: the active seat's 2e 1w ship next to an opponent's 1e ship, and a free
    cell beside the shooter. Written to the game and its turn snapshot, as a turn start would be."""
    state = state_of(game)
    board = load_board(state.board)
    me, them = state.active, (state.active + 1) % state.players
    occupied = set(board.base_cells)
    for cell in board.cells:
        if cell in occupied:
            continue
        free = [n for n in board.neighbours(cell) if n not in occupied]
        if len(free) >= 2:
            target, spare = free[0], free[1]
            break
    ships = (Ship(1, me, cell, (2, 1, 0)), Ship(2, them, target, (1, 0, 0)))
    state = replace(state, ships=ships, next_ship=3, bank=state.bank - 8)
    game.state = state.to_dict()
    game.save(update_fields=["state"])
    snap = game.snapshots.order_by("-seq").first()
    snap.state = game.state
    snap.save(update_fields=["state"])
    return cell, target, spare


def test_undo_takes_back_this_turns_moves_and_rebuilds_the_turn_start():
    game = started_game(players=2)
    seat = active_seat(game)
    at_turn_start = state_of(game).to_dict()
    home = state_of(game).seats[seat.index].home
    actions.apply_command(game, Actor.player(seat.user), "launch 1e")
    actions.apply_command(game, Actor.player(seat.user), f"move {home} {first_step(home)}")
    game.refresh_from_db()
    version = game.version

    applied = actions.undo(game, Actor.player(seat.user), expected_version=version)

    assert [a.command.split()[0] for a in applied.actions] == ["launch", "move"]
    game.refresh_from_db()
    assert game.state == at_turn_start and game.version == version + 1
    assert game.actions.filter(undone=True).count() == 2  # append-only: the rows stay
    kind = get_kind(game.kind)
    assert history.replay(kind, kind.load(game.snapshots.get(seq=0).state),
                          history.log_actions(game)).to_dict() == game.state


def test_undo_stops_at_the_last_die_roll(live_dice):
    live_dice.seed(3)  # a known roll: the shot's outcome never decides what this test checks
    game = started_game(players=2)
    seat = active_seat(game)
    shooter, target, spare = put_ships_side_by_side(game)
    actions.apply_command(game, Actor.player(seat.user), f"fire {shooter} {target}")
    if state_of(game).pending is not None:  # a Clovers shooter answers its own roll first
        actions.apply_command(game, Actor.player(seat.user), "accept")
    assert game.actions.get(command=f"fire {shooter} {target}").dice  # the roll is recorded on the action
    after_fire = state_of(game).to_dict()
    actions.apply_command(game, Actor.player(seat.user), f"move {shooter} {spare}")

    applied = actions.undo(game, Actor.player(seat.user))

    assert [a.command for a in applied.actions] == [f"move {shooter} {spare}"]
    game.refresh_from_db()
    assert game.state == after_fire
    with pytest.raises(actions.NothingToUndo, match="Nothing to take back"):
        actions.undo(game, Actor.player(seat.user))


def test_undo_keeps_other_seats_standing_orders_given_during_the_turn():
    game = started_game(players=2)
    seat, waiting = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "launch 1e")
    actions.apply_command(game, Actor.player(waiting.user), "order damage ews")

    actions.undo(game, Actor.player(seat.user))

    orders = state_of(game).seats[waiting.index].orders
    assert orders.damage == "ews"
    assert state_of(game).ships == ()


def test_only_the_active_player_may_undo_and_a_stale_page_is_refused():
    game = started_game(players=2)
    seat, waiting = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "launch 1e")
    game.refresh_from_db()

    with pytest.raises(actions.NotAllowed, match="whose turn it is"):
        actions.undo(game, Actor.player(waiting.user))
    with pytest.raises(actions.GameMovedOn):
        actions.undo(game, Actor.player(seat.user), expected_version=game.version - 1)
    assert not game.actions.filter(undone=True).exists()


def test_undo_cannot_reach_into_a_previous_turn():
    game = started_game(players=2)
    seat = active_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "launch 1e; end")
    nxt = active_seat(game)
    with pytest.raises(actions.NothingToUndo, match="Nothing to take back"):
        actions.undo(game, Actor.player(nxt.user))


# === REPLAY AND DOWNLOADS ===


def test_state_after_each_step_matches_playing_the_log_by_hand():
    game = started_game(players=2)
    seat = active_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "launch 1e; end")
    logged = history.log_actions(game)

    kind = get_kind(game.kind)
    state = kind.load(game.snapshots.get(seq=0).state)
    for step, action in enumerate(logged, start=1):
        dice = ReplayDice(action.dice)
        state = kind.play(state, action.seat, action.command, dice)[0]
        dice.check_spent()
        assert history.state_after(game, logged, step) == state
    assert history.state_after(game, logged, 0).to_dict() == game.snapshots.get(seq=0).state


def test_command_log_and_record_list_every_counted_command():
    game = started_game(players=2)
    seat = active_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "launch 1e")
    actions.undo(game, Actor.player(seat.user))
    actions.apply_command(game, Actor.player(seat.user), "end")

    game.refresh_from_db()
    text = history.command_log(game)
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert [line.split("\t")[2] for line in lines] == ["keep", "keep", "end"]
    record = history.record(game)
    assert [a["command"] for a in record["actions"]] == ["keep", "keep", "launch 1e", "end"]
    assert [a["undone"] for a in record["actions"]] == [False, False, True, False]
    assert (record["kind"], record["options"]) == ("metaltalon", game.options)
    # In play: the public view of the state (no seed, no draw counter) and no recorded dice.
    kind = get_kind(game.kind)
    assert record["final_state"] == kind.view(state_of(game), None)
    assert "seed" not in record["final_state"] and "rolls" not in record["final_state"]
    assert "seed" not in record["initial_state"] and "rolls" not in record["initial_state"]
    assert not any("dice" in a for a in record["actions"])


# === CHAT ===


def test_players_chat_and_others_may_report_a_message_once():
    game = started_game(players=2)
    a, b = active_seat(game), other_seat(game)

    message = actions.post_chat(game, Actor.player(a.user), "  good luck <b>all</b>  ")
    assert message.text == "good luck <b>all</b>"
    with pytest.raises(actions.NotAllowed, match="Only the game's players"):
        actions.post_chat(game, Actor.player(UserFactory()), "hi")
    with pytest.raises(actions.Invalid, match="at most 1000"):
        actions.post_chat(game, Actor.player(a.user), "x" * 1001)

    actions.report_chat(message, Actor.player(b.user), "rude")
    with pytest.raises(actions.Invalid, match="already reported"):
        actions.report_chat(message, Actor.player(b.user), "rude")
    with pytest.raises(actions.Invalid, match="your own message"):
        actions.report_chat(message, Actor.player(a.user))
    assert Report.objects.get().reason == "rude"


def test_private_games_are_visible_to_their_players_invitees_and_moderators_only():
    game = full_game(players=2, visibility="private")
    invitee = UserFactory()
    Invitation.objects.create(game=game, user=invitee, invited_by=game.created_by)
    player = game.seats.first().user

    assert queries.can_view(game, player)
    assert queries.can_view(game, invitee)
    assert queries.can_view(game, ModeratorFactory())
    assert not queries.can_view(game, StaffFactory())  # staff outside the moderator group are outsiders
    assert not queries.can_view(game, UserFactory())

