"""`manage.py simulate [--game <kind>] ...`: seeded games between bots, for every game that simulates
itself (docs/bots.md). A kind whose package (an app: the GAME_KINDS setting) holds a `simulate` command of
its own simulates that game; this command finds it by
`--game` and hands it every other argument, so each game keeps its own options and output:

    manage.py simulate --games 200 --players 2 --edition token          (MetalTalon, the default)
    manage.py simulate --game metal-adventures --games 200 --players 3,4,5,6

`manage.py simulate --game <kind> --help` shows the game's own options. Nothing here imports a kind:
Django loads the command from the app by its name, as it loads every app's commands."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command, find_commands, load_command_class
from django.core.management.base import BaseCommand, CommandError, CommandParser

DEFAULT_GAME = "metaltalon"
NAME = "simulate"


class ForwardingParser(CommandParser):
    """The dispatcher's parser: the options it does not know are the game's own, and go to its command
    in the order given."""

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:
        known, rest = self.parse_known_args(args, namespace)
        known.arguments = rest
        return known


def simulating_apps() -> dict[str, str]:
    """The games that simulate themselves: kind name -> the app (its package) that holds its `simulate`
    command."""
    packages = {name: path.rsplit(".", 2)[0] for name, path in settings.GAME_KINDS.items()}
    folders = {config.name: os.path.join(config.path, "management") for config in apps.get_app_configs()}
    return {name: package for name, package in packages.items()
            if package in folders and NAME in find_commands(folders[package])}


class Command(BaseCommand):
    help = ("Seeded games between bots: win rates, lengths and endings (--game picks the game, MetalTalon "
            "by default; --game <kind> --help shows its options).")

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # Help goes to the game's own command, which alone knows its options; no abbreviations, so that
        # none of the game's options is read as one of this command's.
        parser = super().create_parser(prog_name, subcommand, add_help=False, allow_abbrev=False, **kwargs)
        parser.__class__ = ForwardingParser
        return parser

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=DEFAULT_GAME,
                            help=f"the game to simulate (default {DEFAULT_GAME})")
        parser.add_argument("-h", "--help", action="store_true", dest="game_help",
                            help="show the game's own options")

    def handle(self, *args: Any, **options: Any) -> None:
        games = simulating_apps()
        game = options["game"]
        if game not in games:
            raise CommandError(f"No game called {game!r} simulates its bots here; games: "
                               f"{', '.join(sorted(games))}.")
        forwarded = [*options["arguments"], *(["--help"] if options["game_help"] else [])]
        command = load_command_class(games[game], NAME)
        call_command(command, *forwarded, stdout=options.get("stdout") or sys.stdout,
                     stderr=options.get("stderr") or sys.stderr)
