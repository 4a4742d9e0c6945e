"""A moderator's actions on a game (games/actions/moderation.py), one test each: the state after it, the
audit entry, the line in the game's own log, and the notice the players got."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from games import actions
from games.actions import Actor
from games.actions.clock import Fired, fire_due
from games.kinds import get_kind
from games.kinds.metaltalon.engine import GameState
from games.models import Action, AuditEntry, ClockDue, Game, Notification, Seat, Snapshot
from tests.kinds.metaltalon.engine.helpers import position
from tests.moderation.conftest import as_moderator, log_text, told
from tests.web.factories import UserFactory, active_seat, finished_game, fresh, other_seat, put, started_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def timeout_row(seat: Seat) -> ClockDue:
    return ClockDue.objects.get(seat=seat, kind=ClockDue.Kind.TIMEOUT, done_at__isnull=True)


def test_pausing_stops_moves_and_clocks_and_resuming_runs_them_from_where_they_stood(clock, moderator):
    game = started_game(players=2)
    mover, other = active_seat(game), other_seat(game)
    assert fresh(mover).due_at == T0 + timedelta(hours=72)

    entry = actions.pause_game(game, as_moderator(moderator, "a dispute over the rules"))

    game = fresh(game)
    assert game.paused_at == T0 and fresh(mover).paused and timeout_row(mover).due_at is None
    assert (entry.act, entry.moderator, entry.reason, entry.game) == ("pause", moderator,
                                                                     "a dispute over the rules", game)
    assert "Moderator: paused the game. Reason: a dispute over the rules" in log_text(game, other.user)
    assert told(mover.user, entry) and told(other.user, entry)
    with pytest.raises(actions.NotInPlay) as refused:
        actions.apply_command(game, Actor.player(mover.user), "end")
    assert refused.value.code == "paused"
    assert not Action.objects.filter(game=game, command="end").exists()
    with pytest.raises(actions.NotInPlay) as no_undo:
        actions.undo(game, Actor.player(mover.user))
    assert no_undo.value.code == "paused"

    clock.shift(timedelta(hours=10))
    resumed = actions.resume_game(game, as_moderator(moderator, "settled"))

    assert fresh(game).paused_at is None and not fresh(mover).paused
    assert fresh(mover).due_at == T0 + timedelta(hours=82)  # the 10 hours paused do not count
    assert timeout_row(mover).due_at == T0 + timedelta(hours=82)
    assert "Moderator: resumed the game. Reason: settled" in log_text(game, other.user)
    assert told(mover.user, resumed)
    actions.apply_command(game, Actor.player(mover.user), "end")  # moves are taken again


def test_a_clock_task_queued_before_the_pause_does_nothing_while_paused(clock, moderator):
    game = started_game(players=2)
    mover = active_seat(game)
    due = timeout_row(mover)
    before = fresh(game).version
    actions.pause_game(game, as_moderator(moderator))
    ClockDue.objects.filter(pk=due.pk).update(due_at=T0)  # as if the scan had queued it just before

    assert fire_due(due.pk, T0 + timedelta(minutes=1)) == Fired.NOT_YET
    assert fresh(game).version == before + 1  # the pause's bump alone: nothing was played
    assert fresh(mover).awaiting


def test_a_turn_that_starts_while_paused_starts_with_its_clock_stopped(clock, moderator):
    game = started_game(players=2)
    mover, other = active_seat(game), other_seat(game)
    actions.pause_game(game, as_moderator(moderator))
    # A moderator may still act in a paused game; the seat it hands the turn to waits, its clock stopped.
    actions.apply_command(game, as_moderator(moderator, "ending a stuck turn"), "end", seat=mover.index)

    assert fresh(other).awaiting and fresh(other).paused
    assert timeout_row(other).due_at is None


def test_pausing_refuses_a_game_paused_already_or_not_in_play(moderator):
    game = started_game(players=2)
    actions.pause_game(game, as_moderator(moderator))
    with pytest.raises(actions.Invalid, match="paused already"):
        actions.pause_game(game, as_moderator(moderator))
    over, _, _ = finished_game()
    with pytest.raises(actions.NotInPlay):
        actions.pause_game(over, as_moderator(moderator))
    with pytest.raises(actions.Invalid, match="not paused"):
        actions.resume_game(over, as_moderator(moderator))


def test_aborting_ends_the_game_without_a_result_and_stops_every_clock(clock, moderator, client):
    game = started_game(players=2)
    mover, other = active_seat(game), other_seat(game)

    entry = actions.abort_game(game, as_moderator(moderator, "both players asked"))

    game = fresh(game)
    assert game.status == Game.Status.ABORTED and game.finished_at == T0 and game.result is None
    assert not game.seats.filter(awaiting=True).exists()
    assert not ClockDue.objects.filter(game=game, done_at__isnull=True).exists()
    assert entry.act == AuditEntry.Act.ABORT and entry.reason == "both players asked"
    assert "Moderator: aborted the game. Reason: both players asked" in log_text(game, other.user)
    assert told(mover.user, entry) and told(other.user, entry)
    with pytest.raises(actions.NotInPlay):
        actions.apply_command(game, Actor.player(mover.user), "end")
    with pytest.raises(actions.NotInPlay, match="over already"):
        actions.abort_game(game, as_moderator(moderator))
    client.force_login(other.user)
    assert "A moderator aborted this game. Reason: both players asked" in client.get(
        f"/games/{game.pk}/").content.decode()


def test_the_game_page_says_why_a_game_is_paused(client, moderator):
    game = started_game(players=2)
    actions.pause_game(game, as_moderator(moderator, "checking a reported bug"))
    client.force_login(active_seat(game).user)

    html = client.get(f"/games/{game.pk}/").content.decode()

    assert "A moderator paused this game: no moves until it is resumed, and the clocks stop." in html
    assert "Reason: checking a reported bug" in html
    assert "paused: game paused by a moderator" in html.lower()  # the deadline says why it stands still


def test_replacing_a_player_hands_the_seat_its_clock_and_its_turn_to_another_user(moderator, queued):
    game = started_game(players=2)
    seat, other = active_seat(game), other_seat(game)
    old, new = seat.user, UserFactory(profile__display_name="Newcomer")
    owed_before = Notification.objects.create(game=game, user=old, seat=seat, kind=Notification.Kind.TURN,
                                              key=99)

    entry = actions.replace_player(game, as_moderator(moderator, "the player left the site"), seat.index, new)

    seat = fresh(seat)
    assert seat.user == new and seat.awaiting
    assert fresh(owed_before).dropped  # nothing more about the game goes to the old player
    assert Notification.objects.filter(user=new, game=game, kind=Notification.Kind.TURN).exists()
    assert entry.act == "replace" and entry.user == new and entry.details["from"] == old.pk
    assert f"Moderator: gave {old.display_name}'s seat to Newcomer." in log_text(game, other.user)
    assert told(old, entry) and told(new, entry) and told(other.user, entry)
    actions.apply_command(game, Actor.player(new), "launch 1e")  # the new player plays the seat
    with pytest.raises(actions.NotAllowed):
        actions.apply_command(game, Actor.player(old), "end")


def test_a_seat_goes_only_to_an_active_user_not_yet_in_the_game(moderator):
    game = started_game(players=2)
    seat, other = active_seat(game), other_seat(game)
    gone = UserFactory(is_active=False)
    with pytest.raises(actions.Invalid, match="already plays"):
        actions.replace_player(game, as_moderator(moderator), seat.index, other.user)
    with pytest.raises(actions.Invalid, match="active user"):
        actions.replace_player(game, as_moderator(moderator), seat.index, gone)
    with pytest.raises(actions.Invalid, match="no seat 7"):
        actions.replace_player(game, as_moderator(moderator), 7, UserFactory())
    assert fresh(seat).user_id == seat.user_id and not AuditEntry.objects.exists()


def test_removing_a_player_puts_them_out_as_if_eliminated_and_the_game_goes_on(moderator):
    game = started_game(players=3)
    gone = other_seat(game)
    others = [s for s in game.seats.exclude(pk=gone.pk)]

    entry = actions.remove_player(game, as_moderator(moderator, "abusive in chat"), gone.index)

    game = fresh(game)
    assert fresh(gone).status == Seat.Status.RESIGNED and game.status == Game.Status.ACTIVE
    action = game.actions.order_by("-seq").first()
    assert (action.command, action.source, action.actor, action.seat) == ("resign", "moderator", moderator,
                                                                       gone.index)
    log = log_text(game, others[0].user)
    assert f"Moderator: removed {gone.user.display_name} from the game. Reason: abusive in chat" in log
    assert "resigned and is out of the game" in log
    assert all(told(s.user, entry) for s in [gone, *others])


def test_removing_one_of_two_players_ends_the_game_for_the_other(moderator):
    game = started_game(players=2)
    gone, stays = other_seat(game), active_seat(game)

    actions.remove_player(game, as_moderator(moderator, "cheating"), gone.index)

    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.result["winner"] == stays.index


def test_removing_a_player_whose_clovers_roll_is_pending_accepts_the_roll_first(moderator, live_dice):
    game = put(started_game(players=3), position(
        players=3, factions=("clovers", "bankers", "swarm"),
        ships=((0, "I9", (3, 2, 0)), (1, "I12", (2, 0, 1)), (2, "C3", (1, 0, 0))), reserves=(10, 10, 10)))
    shooter = game.seats.get(index=0)
    live_dice.script(1)  # a 1: the Clovers shooter is asked to reroll or accept
    actions.apply_command(game, Actor.player(shooter.user), "fire I9 I12")
    kind = get_kind(game.kind)
    assert GameState.from_dict(fresh(game).state).pending is not None

    actions.remove_player(game, as_moderator(moderator, "left mid-shot"), 0)

    game = fresh(game)
    assert [a.command for a in game.actions.order_by("-seq")[:2]][::-1] == ["accept", "resign"]
    assert fresh(shooter).status == Seat.Status.RESIGNED
    assert kind.load(game.state).pending is None


def test_rolled_back_to_action_n_the_state_is_the_one_saved_at_n_and_the_rest_is_kept_voided(moderator):
    game = started_game(players=2)
    first, second = active_seat(game), other_seat(game)
    saved = {}
    for user, command in [(first.user, "launch 3e"), (first.user, "end"), (second.user, "launch 2e 1w"),
                          (second.user, "end"), (first.user, "end"), (second.user, "end")]:
        actions.apply_command(game, Actor.player(user), command)
        game = fresh(game)
        saved[game.actions.order_by("-seq").first().seq] = game.state
    n = sorted(saved)[2]  # after the second player's launch: mid-turn
    later = [seq for seq in saved if seq > n]

    entry = actions.rollback_game(game, as_moderator(moderator, "a bug ate a move"), n)

    game = fresh(game)
    assert game.state == saved[n]
    assert set(Action.objects.filter(game=game, undone=True).values_list("seq", flat=True)) == set(later)
    assert Action.objects.filter(game=game, seq__in=later).count() == len(later)  # voided, not deleted
    assert not Snapshot.objects.filter(game=game, seq__gt=n).exists()
    assert entry.details == {"to": n, "voided": later}
    assert f"Moderator: rolled the game back to action {n}. Reason: a bug ate a move" in log_text(game,
                                                                                                  first.user)
    assert told(first.user, entry) and told(second.user, entry)
    # Play goes on from there, and the log (with its voided rows skipped) still replays to the state.
    actions.apply_command(game, Actor.player(second.user), "end")
    from games.history import log_actions, state_after

    game = fresh(game)
    rows = log_actions(game)
    assert get_kind(game.kind).dump(state_after(game, rows, len(rows))) == game.state


def test_rolling_back_a_finished_game_puts_it_in_play_again(moderator):
    game, winner, loser = finished_game(turns=1)
    before_resign = game.actions.order_by("-seq")[1].seq

    actions.rollback_game(game, as_moderator(moderator, "resigned by mistake"), before_resign)

    game = fresh(game)
    assert game.status == Game.Status.ACTIVE and game.finished_at is None and game.result is None
    assert fresh(loser).status == Seat.Status.PLAYING and fresh(winner).status == Seat.Status.PLAYING
    assert fresh(loser).awaiting


def test_a_rollback_point_must_be_an_action_still_standing_with_something_after_it(moderator):
    game = started_game(players=2)
    actions.apply_command(game, Actor.player(active_seat(game).user), "launch 3e")
    actions.undo(game, Actor.player(active_seat(game).user))
    last = game.actions.order_by("-seq").first().seq
    with pytest.raises(actions.Invalid, match="not in the log"):
        actions.rollback_game(game, as_moderator(moderator), last)  # taken back by the player
    with pytest.raises(actions.Invalid, match="not in the log"):
        actions.rollback_game(game, as_moderator(moderator), last + 5)
    standing = game.actions.filter(undone=False).order_by("-seq").first().seq
    with pytest.raises(actions.Invalid, match="Nothing was played after"):
        actions.rollback_game(game, as_moderator(moderator), standing)
    assert not AuditEntry.objects.exists()


def test_extending_a_deadline_moves_the_timeout_and_the_reminders_later(clock, moderator):
    game = started_game(players=2)
    seat, other = active_seat(game), other_seat(game)
    before = {row.kind: row.due_at for row in ClockDue.objects.filter(seat=seat, done_at__isnull=True)}
    clock.shift(timedelta(hours=5))

    entry = actions.extend_deadline(game, as_moderator(moderator, "a power cut"), seat.index, 24)

    assert fresh(seat).due_at == T0 + timedelta(hours=96)
    after = {row.kind: row.due_at for row in ClockDue.objects.filter(seat=seat, done_at__isnull=True)}
    assert after == {kind: at + timedelta(hours=24) for kind, at in before.items()}
    assert entry.details == {"hours": 24}
    assert f"Moderator: gave {seat.user.display_name} 24 more hours. Reason: a power cut" in log_text(
        game, other.user)
    assert told(seat.user, entry) and not told(other.user, entry)  # only the player whose clock it is


def test_a_deadline_is_extended_only_for_a_seat_whose_clock_runs(moderator):
    game = started_game(players=2)
    with pytest.raises(actions.Invalid, match="no clock running"):
        actions.extend_deadline(game, as_moderator(moderator), other_seat(game).index, 24)
    with pytest.raises(actions.Invalid, match="between 1 and 336"):
        actions.extend_deadline(game, as_moderator(moderator), active_seat(game).index, 0)
    untimed = started_game(players=2, clock={"mode": "none"})
    with pytest.raises(actions.Invalid, match="no clock running"):
        actions.extend_deadline(untimed, as_moderator(moderator), active_seat(untimed).index, 24)


@pytest.mark.parametrize("act", ["pause", "abort", "remove", "rollback", "extend", "replace"])
def test_every_game_action_needs_a_moderator_and_a_reason(act, moderator):
    from tests.web.factories import StaffFactory

    game = started_game(players=2)
    actions.apply_command(game, Actor.player(active_seat(game).user), "launch 3e")
    seat = active_seat(game).index
    newcomer = UserFactory()
    run = {
        "pause": lambda a: actions.pause_game(game, a),
        "abort": lambda a: actions.abort_game(game, a),
        "remove": lambda a: actions.remove_player(game, a, seat),
        "rollback": lambda a: actions.rollback_game(game, a, 0),
        "extend": lambda a: actions.extend_deadline(game, a, seat, 5),
        "replace": lambda a: actions.replace_player(game, a, seat, newcomer),
    }[act]
    version = fresh(game).version
    for actor in (Actor.moderator(moderator, "  "), Actor.moderator(StaffFactory(), "reason"),
                  Actor.moderator(UserFactory(), "reason"), Actor.player(active_seat(game).user)):
        with pytest.raises(actions.NotAllowed):
            run(actor)
    assert fresh(game).version == version and not AuditEntry.objects.exists()
    run(as_moderator(moderator))
    assert AuditEntry.objects.get().act == act


def test_the_mail_a_player_gets_says_what_the_moderator_did_and_why(moderator, settings):
    from games.mail.outbound import compose

    game = started_game(players=2)
    player = active_seat(game).user
    entry = actions.pause_game(game, as_moderator(moderator, "a rules question to settle"))

    mail = compose(Notification.objects.select_related("user__profile", "game").get(user=player, key=entry.pk,
                                                                                     kind="moderation"))

    assert mail.subject == f"A moderator's notice about MetalTalon game {game.pk}"
    assert f"A moderator paused the game (MetalTalon game {game.pk})." in mail.body
    assert "Their reason: a rules question to settle" in mail.body
    assert f"{settings.SITE_URL}/games/{game.pk}/" in mail.body
    assert not mail.reply_to  # a reply to it plays nothing: it goes nowhere


def test_the_record_download_carries_the_moderators_public_lines(client, moderator):
    game = started_game(players=2)
    actions.pause_game(game, as_moderator(moderator, "dispute"))
    report = actions.report(game, Actor.player(active_seat(game).user), "game", "stuck")
    actions.handle_reports([report], as_moderator(moderator, "private note"), "dismissed")

    record = json.loads(client.get(f"/games/{game.pk}/record.json").getvalue())

    assert [(m["act"], m["summary"], m["reason"], m["after"]) for m in record["moderation"]] == [
        ("pause", "paused the game", "dispute", game.actions.order_by("-seq").first().seq)]


def test_the_turns_played_again_after_a_rollback_are_mailed_and_timed_afresh(clock, moderator, queued):
    game = started_game(players=2)
    first, second = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(first.user), "launch 3e")
    back_to = fresh(game).actions.order_by("-seq").first().seq  # first's turn, mid-way
    kind = get_kind(game.kind)
    turn = kind.turn(kind.load(fresh(game).state))
    clock.shift(timedelta(hours=30))
    actions.apply_command(game, Actor.player(first.user), "end")
    actions.apply_command(game, Actor.player(second.user), "end")  # first's next turn, mailed
    clock.shift(timedelta(hours=1))

    actions.rollback_game(game, as_moderator(moderator, "misclick"), back_to)

    first = fresh(first)
    assert first.awaiting and first.clock_prompt == str(turn)
    assert first.due_at == T0 + timedelta(hours=31 + 72)  # a fresh stint from the rollback
    owed = Notification.objects.filter(game=game, user=first.user, kind=Notification.Kind.TURN, key=turn)
    assert owed.filter(sent_at__isnull=True).exists()  # the turn is mailed again
    later = Notification.objects.filter(game=game, kind__in=("turn", "started"), key__gt=turn)
    assert not later.exists()  # the turns that no longer happened owe nothing


def test_after_a_rollback_the_undo_button_offers_what_undo_takes_back(moderator):
    game = started_game(players=2)
    first, second = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(first.user), "launch 3e")
    back_to = fresh(game).actions.order_by("-seq").first().seq
    for user in (first.user, second.user, first.user, second.user):
        actions.apply_command(game, Actor.player(user), "end")
    actions.rollback_game(game, as_moderator(moderator), back_to)
    game = fresh(game)
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    newest = list(Action.objects.filter(game=game).order_by("-seq")[:21])  # the page's first log page

    offered = actions.undoable_actions(game, first.index, state, newest)
    taken = actions.undo(game, Actor.player(first.user)).actions

    assert [a.seq for a in offered] == [a.seq for a in taken] == [back_to]


def test_a_game_that_ends_while_paused_is_over_not_paused(moderator):
    game = started_game(players=2)
    actions.pause_game(game, as_moderator(moderator))

    actions.remove_player(game, as_moderator(moderator, "left the site"), other_seat(game).index)

    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.paused_at is None


def test_a_paused_game_owes_no_turn_mail_until_it_is_resumed(moderator, queued):
    game = started_game(players=2)
    mover, other = active_seat(game), other_seat(game)
    actions.pause_game(game, as_moderator(moderator))
    actions.apply_command(game, as_moderator(moderator, "a stuck turn"), "end", seat=mover.index)
    kind = get_kind(game.kind)
    turn = kind.turn(kind.load(fresh(game).state))
    mail = Notification.objects.filter(game=game, user=other.user, kind=Notification.Kind.TURN, key=turn)
    assert not mail.exists()

    actions.resume_game(game, as_moderator(moderator))

    assert mail.exists()


def test_resuming_a_game_leaves_the_clock_of_a_player_on_vacation_stopped(clock, moderator):
    game = started_game(players=2)
    mover = active_seat(game)
    actions.start_vacation(Actor.player(mover.user))
    actions.pause_game(game, as_moderator(moderator))

    actions.resume_game(game, as_moderator(moderator))

    assert fresh(mover).paused and timeout_row(mover).due_at is None
    actions.end_vacation(Actor.player(mover.user))
    assert fresh(mover).due_at == T0 + timedelta(hours=72)  # back from vacation, the clock runs


def test_a_seat_out_of_the_game_is_neither_removed_again_nor_handed_on(moderator):
    game = started_game(players=3)
    gone = other_seat(game)
    actions.remove_player(game, as_moderator(moderator), gone.index)
    name = gone.user.display_name
    with pytest.raises(actions.Invalid, match=f"^{name} is out of the game already.$"):
        actions.remove_player(game, as_moderator(moderator), gone.index)
    with pytest.raises(actions.Invalid, match=f"^{name} is out of the game: there is no seat to hand on.$"):
        actions.replace_player(game, as_moderator(moderator), gone.index, UserFactory())
    assert AuditEntry.objects.count() == 1
