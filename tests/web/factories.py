"""factory-boy factories for web tests (W1 and W2 both use them).

Games are built through the services, as players would build them, so every row they leave behind is one
the site itself could have written:

    game = started_game(players=2)                  # both seats kept their factions: status "active"
    game = started_game(players=3, keep=False)       # still in the faction deal: status "setup"
    seat = active_seat(game)                         # the Seat whose turn it is
"""

from __future__ import annotations

from typing import Any

import factory
from allauth.account.models import EmailAddress

from accounts.models import Profile, User
from games import services
from games.models import Game, Seat


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", "pass-word-123")

    @factory.post_generation
    def profile(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if not create:
            return
        self.save()
        Profile.objects.get_or_create(user=self, defaults={"display_name": kwargs.get("display_name",
                                                                                        self.username.title())})
        EmailAddress.objects.get_or_create(user=self, email=self.email, defaults={"verified": True,
                                                                                  "primary": True})


class StaffFactory(UserFactory):
    is_staff = True
    username = factory.Sequence(lambda n: f"staff{n}")


def open_game(creator: User | None = None, **options: Any) -> Game:
    """An open game created through the lobby service; its creator holds the first seat."""
    return services.create_game(creator or UserFactory(), **options)


def full_game(players: int = 2, users: list[User] | None = None, seed: int = 1, **options: Any) -> Game:
    """Every seat taken (so the game has started: the last join starts it).

    The seed is fixed (the site draws one at random) so that seats and dealt factions are the same on every
    run: a test must not pass or fail by the luck of the deal."""
    users = list(users or [])
    users += [UserFactory() for _ in range(players - len(users))]
    game = services.create_game(users[0], players=players, **options)
    Game.objects.filter(pk=game.pk).update(seed=seed)
    game.refresh_from_db()
    for user in users[1:]:
        services.join_game(game, user, invite_code=game.invite_code)
    game.refresh_from_db()
    return game


def started_game(players: int = 2, keep: bool = True, **options: Any) -> Game:
    """A started game; with keep=True every seat keeps its dealt faction, so play has begun."""
    game = full_game(players, **options)
    if keep and game.status == Game.Status.SETUP:
        for seat in game.seats.order_by("index"):
            services.apply_command(game, seat.user, "keep")
        game.refresh_from_db()
    return game


def active_seat(game: Game) -> Seat:
    game.refresh_from_db()
    return game.seats.select_related("user").get(index=game.to_act[0])


def other_seat(game: Game) -> Seat:
    """A seated player who is not to act now."""
    game.refresh_from_db()
    return game.seats.select_related("user").exclude(index__in=game.to_act).order_by("index").first()
