"""factory-boy factories for web tests (W1 and W2 both use them).

Games are built through the actions, as players would build them, so every row they leave behind is one
the site itself could have written:

    game = started_game(players=2)                  # both seats kept their factions: status "active"
    game = started_game(players=3, keep=False)       # still in the faction deal: status "setup"
    seat = active_seat(game)                         # the Seat whose turn it is
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import factory
from allauth.account.models import EmailAddress
from django.db.models import F
from django.utils import timezone

from accounts.models import Profile, User, first_free_name
from games import actions
from games import dice as live_dice
from games.actions import Actor
from games.demo import play_with_stand_in
from games.kinds import get_kind
from games.kinds.metaltalon.engine import GameState
from games.models import Game, Notification, Seat, Snapshot

PLATFORM = ("kind", "players", "visibility", "clock", "rated")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", "pass-word-123")

    @factory.post_generation
    def profile(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        """Saving the user gave it a profile with a neutral name ("Player 12", accounts.names); the factory
        names it after its user name, as a player would choose a name at sign-up ("player7", or the first
        free numbered form of it); UserFactory(profile__display_name="Ada") names it instead."""
        if not create:
            return
        self.save()
        Profile.objects.get_or_create(user=self)
        profile = self.profile  # the instance the user holds, so that user.display_name reads the new name
        profile.display_name = kwargs.get("display_name") or first_free_name(self.username, but=profile)
        profile.save()
        EmailAddress.objects.get_or_create(user=self, email=self.email, defaults={"verified": True,
                                                                                  "primary": True})


class StaffFactory(UserFactory):
    is_staff = True
    username = factory.Sequence(lambda n: f"staff{n}")


class ModeratorFactory(StaffFactory):
    """Staff in the "moderator" group (games/moderators.py): what a site's moderator is."""

    username = factory.Sequence(lambda n: f"moderator{n}")

    @factory.post_generation
    def moderator_group(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create:
            from django.contrib.auth.models import Group

            from games.moderators import GROUP

            self.groups.add(Group.objects.get(name=GROUP))


def create(creator: User, **options: Any) -> Game:
    """actions.create_game with the kind's options given flat, as tests like to: create(u, edition="web2002",
    players=4, visibility="private") puts edition in the MetalTalon options and the rest on the game."""
    platform = {k: options.pop(k) for k in PLATFORM if k in options}
    return actions.create_game(Actor.player(creator), options=options, **platform)


def open_game(creator: User | None = None, **options: Any) -> Game:
    """An open game created through the lobby action; its creator holds the first seat."""
    return create(creator or UserFactory(), **options)


def full_game(players: int = 2, users: list[User] | None = None, seed: int = 1, **options: Any) -> Game:
    """Every seat taken (so the game has started: the last join starts it).

    The start draws from seeded dice here (the site draws from the OS's randomness) so that seats and dealt
    factions are the same on every run: a test must not pass or fail by the luck of the deal."""
    users = list(users or [])
    users += [UserFactory() for _ in range(players - len(users))]
    game = create(users[0], players=players, **options)
    real = live_dice.new_dice
    live_dice.new_dice = lambda: live_dice.SecretDice(random.Random(seed))
    try:
        for user in users[1:]:
            actions.join_game(game, Actor.player(user), invite_code=game.invite_code)
    finally:
        live_dice.new_dice = real
    game.refresh_from_db()
    return game


def started_game(players: int = 2, keep: bool = True, **options: Any) -> Game:
    """A started game; with keep=True every seat keeps its dealt faction, so play has begun."""
    game = full_game(players, **options)
    if keep and game.status == Game.Status.SETUP:
        for seat in game.seats.order_by("index"):
            actions.apply_command(game, Actor.player(seat.user), "keep")
        game.refresh_from_db()
    return game


def quiet_game() -> Game:
    """A two-player game in play whose start notices all went out long ago."""
    game = started_game(players=2)
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    return game


def finished_game(turns: int = 0, **options: Any) -> tuple[Game, Seat, Seat]:
    """A two-player game that ended when the seat to act resigned after `turns` turns ended: (game, winner's
    seat, loser's seat)."""
    game = started_game(players=2, **options)
    for _ in range(turns):
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    loser, winner = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(loser.user), "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, winner, loser


def finished_against_bots(kind: str = "metal-adventures", players: int = 4) -> tuple[Game, Seat]:
    """A game of `kind` played to its end through the platform: a player against greedy bots, the bots
    playing as the site's task plays them and the player's seat by a greedy bot of its own through
    apply_command (games/demo.py). The game's dice are live; (game, the player's seat). The caller lifts
    the command rate limits: the player answers at a bot's pace."""
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), kind=kind, players=players, level="greedy")
    play_with_stand_in(game, user, lambda kind, state: kind.phase(state) == "over", 5000)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, game.seats.get(user=user)


def fresh(row: Any) -> Any:
    """The row as the database has it now (after an action changed it)."""
    row.refresh_from_db()
    return row


def to_act(game: Game) -> tuple[int, ...]:
    """The seats the game waits for, as its kind says."""
    game.refresh_from_db()
    if game.state is None:
        return ()
    kind = get_kind(game.kind)
    return tuple(kind.to_act(kind.load(game.state)))


def active_seat(game: Game) -> Seat:
    return game.seats.select_related("user").get(index=to_act(game)[0])


def other_seat(game: Game) -> Seat:
    """A seated player who is not to act now."""
    return game.seats.select_related("user").exclude(index__in=to_act(game)).order_by("index").first()


def put(game: Game, state: GameState) -> Game:
    """A hand-built MetalTalon position as the game's state, keeping the game's own secret seed, and as its
    turn's snapshot (undo and replay start from it)."""
    game.refresh_from_db()
    real = GameState.from_dict(game.state)
    state = replace(state, seed=real.seed, rolls=real.rolls)
    Game.objects.filter(pk=game.pk).update(state=state.to_dict(), version=F("version") + 1)
    Snapshot.objects.filter(game=game).delete()
    Snapshot.objects.create(game=game, seq=game.actions.count(), turn=state.turn, state=state.to_dict())
    game.refresh_from_db()
    return game
