"""Seeded games for the web benchmark and the screenshots: real games played through games.actions.

    python bench/web_seed.py 6 2000     # a 6-player game with about 2,000 logged actions; prints its id
    python bench/web_seed.py 4 120 metal-adventures

MetalTalon's play is random but reproducible (random.Random(seed)): launches, moves and ends dominate, a
shot now and then, nobody resigns, so a long game stays in play with ships all over the board. Another
kind's seats are played by its own greedy bot (its first bot level if it has no greedy one), each reading
its seat's bot state as the site's bots do. The site draws its dice from the OS's randomness; here the
seating, the deal and every roll come from one generator seeded with the same seed (as the test factories
do), so the same seed gives the same game.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "metaltalon.settings")
    import django

    django.setup()


def bench_users(n: int, prefix: str = "bench") -> list[Any]:
    from allauth.account.models import EmailAddress

    from accounts.models import Profile, User, first_free_name

    users = []
    for i in range(n):
        email = f"{prefix}{i}@example.com"
        user, created = User.objects.get_or_create(username=f"{prefix}{i}", defaults={"email": email})
        if created:
            user.set_password("bench-pass-123")
            user.save()
        profile, _ = Profile.objects.get_or_create(user=user)
        # Names are unique (accounts.names): another prefix's "Ada" makes this one "Ada2". save(), not a
        # queryset update, so the name's unique key goes with it.
        wanted = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][i % 6] + ("" if i < 6 else str(i))
        profile.display_name = first_free_name(wanted, but=profile)
        profile.save(update_fields=["display_name"])
        EmailAddress.objects.get_or_create(user=user, email=email,
                                           defaults={"verified": True, "primary": True})
        users.append(user)
    return users


def _choose(rng: random.Random, commands: list[str], moved: int) -> str:
    by_verb: dict[str, list[str]] = {}
    for c in commands:
        by_verb.setdefault(c.split()[0], []).append(c)
    if "accept" in by_verb:
        return "accept"
    if "keep" in by_verb:
        return "keep"
    weights = {"launch": 5, "move": 8 if moved < 3 else 1, "fire": 1, "split": 1, "end": 3}
    verbs = [v for v in weights if v in by_verb]
    verb = rng.choices(verbs, weights=[weights[v] for v in verbs])[0]
    options = by_verb[verb]
    if verb == "launch":  # mid-sized ships, not 30 engines
        options = [o for o in options if 6 <= _worth(o) <= 14]
        options = options or by_verb[verb]
    return rng.choice(options)


def _worth(launch: str) -> int:
    units = {"e": 1, "w": 5, "s": 10, "p": 1, "n": 5, "d": 10}
    return sum(int(p[:-1]) * units[p[-1]] for p in launch.split()[1:])


@contextmanager
def seeded_dice(seed: int) -> Iterator[None]:
    """Every submission meanwhile draws from one random.Random(seed) instead of the OS's randomness."""
    from games import dice

    source = random.Random(seed)
    real = dice.new_dice
    dice.new_dice = lambda: dice.SecretDice(source)
    try:
        yield
    finally:
        dice.new_dice = real


def to_act(game: Any) -> tuple[int, ...]:
    from games.kinds import get_kind

    kind = get_kind(game.kind)
    return tuple(kind.to_act(kind.load(game.state)))


# choose(state, seat): the command the seat plays next.
Chooser = Callable[[Any, int], str]
OPTIONS = {"metaltalon": {"edition": "token"}}  # a kind not named here plays with its default options


def chooser(kind: Any, rng: random.Random) -> Chooser:
    """How the bench picks each seat's next command in a game of `kind`: MetalTalon's random mix above,
    another kind's bot (greedy, else its first level) on every seat."""
    if kind.name == "metaltalon":
        moved = 0

        def choose_metaltalon(state: Any, seat: int) -> str:
            nonlocal moved
            command = _choose(rng, [c for c in kind.legal_commands(state, seat)
                                    if not c.startswith(("order", "resign"))], moved)
            moved = 0 if command == "end" else moved + command.startswith("move")
            return command

        return choose_metaltalon
    level = "greedy" if "greedy" in kind.bot_levels else kind.bot_levels[0]
    bots: dict[int, Any] = {}

    def choose_by_bot(state: Any, seat: int) -> str:
        bot = bots.setdefault(seat, kind.bot(level, random.Random(f"{rng.random()}:{seat}")))
        return str(bot.choose(kind.bot_state(state, seat), seat))

    return choose_by_bot


def play_actions(game: Any, users_by_seat: dict[int, Any], actions: int, seed: int = 1) -> Any:
    from games import actions as game_actions
    from games.actions import Actor
    from games.kinds import get_kind

    kind = get_kind(game.kind)
    choose = chooser(kind, random.Random(seed))
    done = game.actions.count()
    with seeded_dice(seed):
        while done < actions:
            game.refresh_from_db()
            if game.status not in ("setup", "active"):
                break
            state = kind.load(game.state)
            seat = kind.to_act(state)[0]
            game_actions.apply_command(game, Actor.player(users_by_seat[seat]), choose(state, seat))
            done += 1
    game.refresh_from_db()
    return game


def seeded_game(players: int = 6, actions: int = 20, seed: int = 1, prefix: str = "bench",
                kind: str = "metaltalon") -> Any:
    """A public game of `kind` between `players` bench users with `actions` logged actions (the setup's
    choices included)."""
    from games import actions as game_actions
    from games.actions import Actor

    users = bench_users(players, prefix)
    game = game_actions.create_game(Actor.player(users[0]), kind=kind, players=players,
                                    options=OPTIONS.get(kind, {}))
    with seeded_dice(seed):
        for user in users[1:]:
            game_actions.join_game(game, Actor.player(user), invite_code=game.invite_code)
    game.refresh_from_db()
    by_seat = {s.index: s.user for s in game.seats.select_related("user")}
    return play_actions(game, by_seat, actions, seed)


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__)
        sys.exit(0)
    setup_django()
    n_players = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    n_actions = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    g = seeded_game(n_players, n_actions, kind=sys.argv[3] if len(sys.argv) > 3 else "metaltalon")
    print(g.pk, g.status, g.actions.count())
