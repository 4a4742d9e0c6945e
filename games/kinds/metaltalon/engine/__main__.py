"""Terminal hot-seat MetalTalon: `python -m games.kinds.metaltalon.engine` (options may also be given as
flags, see --help)."""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from collections.abc import Callable

from . import EDITIONS, PLAYER_COUNTS, GameState, IllegalCommand, legal_commands, new_game, play
from .render import describe, render_text, seat_label

HELP = """\
Type a game command, or one of:
  board    show the board again
  legal    list every command you may give now
  help     this text
  quit     leave the game
Game commands (one per line, or several separated by ';'):
  keep | redraw                      keep your faction or draw a second one (setup)
  move D7 F8   |  move D7 E7 F8      move the active ship (shortest path, or the path given)
  fire D7 F9                         fire from D7 at the ship or base on F9
  fire D7 F9 2 | fire D7 F9 base     ship #2 on a shared space (see the board) | the base's reserve
  launch 3e 1w 1s                    launch from your home base (coins: 3p 1n 1d)
  split D7 E7 2e                     The Swarm: split a ship instead of launching
  reroll | accept                    answer a roll (Clovers)
  end                                end your turn (income is paid)
  order <name> <value>               standing orders: damage, adapt, murphy, clover
  resign                             leave the game
Another seat may speak out of turn by starting the line with its letter, e.g.
  B: order murphy 4                  (standing orders and resign are accepted from any seat)
"""


_SEAT_PREFIX = re.compile(r"^([A-Fa-f])\s*:\s*(.*)$")


class Quit(Exception):
    pass


def _ask(read: Callable[[str], str], prompt: str, default: str, check: Callable[[str], object]) -> str:
    while True:
        answer = read(f"{prompt} [{default}]: ").strip() or default
        try:
            check(answer)
        except ValueError as exc:
            print(f"  {exc}")
            continue
        return answer


def _check_edition(text: str) -> None:
    if text not in EDITIONS:
        raise ValueError(f"choose one of: {', '.join(EDITIONS)}")


def _check_players(text: str) -> None:
    if not text.isdigit() or int(text) not in PLAYER_COUNTS:
        raise ValueError(f"choose {', '.join(str(n) for n in PLAYER_COUNTS)} players (five are not offered)")


def _check_variant(text: str) -> None:
    if text not in ("none", "takeover", "spoils"):
        raise ValueError("choose none, takeover or spoils")


def _check_seed(text: str) -> None:
    if not text.isdigit():
        raise ValueError("a seed is a whole number")


def _check_dice(text: str) -> None:
    if text not in ("d6", "stopwatch"):
        raise ValueError("choose d6 or stopwatch")


def setup_game(args: argparse.Namespace, read: Callable[[str], str]) -> GameState:
    edition = args.edition or _ask(read, "Edition (token, metatalon, web2002)", "token", _check_edition)
    _check_edition(edition)
    players = args.players or int(_ask(read, "Players (2, 3, 4, 6)", "2", _check_players))
    _check_players(str(players))
    variant = args.variant
    if variant is None and EDITIONS[edition].variants:
        variant = _ask(read, "Variant (none, takeover, spoils)", "none", _check_variant)
    dice = args.dice or ("d6" if EDITIONS[edition].stopwatch is None else None)
    if dice is None:
        dice = _ask(read, "Dice (d6, stopwatch)", "d6", _check_dice)
    seed = args.seed
    if seed is None:
        seed = int(_ask(read, "Seed", str(secrets.randbelow(1_000_000)), _check_seed))
    variants = () if variant in (None, "none") else (variant,)
    return new_game(players=players, edition=edition, variants=variants, seed=seed, dice_mode=dice)


def _speaker(text: str, players: int, default: int) -> tuple[int, str]:
    """`B: order murphy 4` speaks for seat B (standing orders and resigning work out of turn)."""
    m = _SEAT_PREFIX.match(text)
    if m is None:
        return default, text
    seat = ord(m.group(1).upper()) - ord("A")
    return (seat, m.group(2).strip()) if seat < players else (default, text)


def _command(state: GameState, seat: int, text: str) -> GameState:
    """Apply one line of game commands for `seat`; print the events or why it was refused."""
    try:
        outcome = play(state, seat, text)
    except IllegalCommand as exc:
        print(f"  Not allowed: {exc}")
        return state
    for event in outcome.events:
        print(f"  {describe(event, outcome.state)}")
    return outcome.state


def run(state: GameState, read: Callable[[str], str]) -> int:
    shown_for: int | None = None  # pragma: no mutate (no seat shown yet: any value no seat has)
    while state.phase != "over":
        acting = state.to_act[0]
        if acting != shown_for:
            shown_for = acting
            print("\n" + render_text(state, seat=acting))
        line = read(f"{seat_label(state, acting)} > ").strip()
        seat, text = _speaker(line, state.players, acting)
        word = text.lower()
        if not text:
            continue
        if word in ("quit", "exit"):
            print("Game left unfinished.")
            return 0
        if word in ("help", "?"):
            print(HELP)
        elif word == "board":
            print("\n" + render_text(state, seat=seat))
        elif word == "legal":
            print("\n".join(f"  {c}" for c in legal_commands(state, seat)))
        else:
            state = _command(state, seat, text)
    print("\n" + render_text(state))
    return 0


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games.kinds.metaltalon.engine",
                                     description="Hot-seat MetalTalon.")
    parser.add_argument("--edition", choices=sorted(EDITIONS))
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS)
    parser.add_argument("--variant", choices=("none", "takeover", "spoils"))
    parser.add_argument("--dice", choices=("d6", "stopwatch"))
    parser.add_argument("--seed", type=int)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = arguments().parse_args(argv)

    def read(prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            raise Quit from None

    print("MetalTalon, hot seat. Type help at any prompt.")
    try:
        state = setup_game(args, read)
    except Quit:
        return 0
    except ValueError as exc:
        print(f"Cannot start: {exc}")
        return 2
    try:
        return run(state, read)
    except Quit:
        print("\nGame left unfinished.")
        return 0


if __name__ == "__main__":
    sys.exit(main())
