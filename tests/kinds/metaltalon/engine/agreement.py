"""Listed == accepted, exhaustively: every command a seat could type in a position, played one by one.

The property tests check the DESIGN.md invariant on random states, which rarely reach the edges of a
command's range; the edge tests build those positions and compare the whole sets here."""

from itertools import permutations

from games.kinds.metaltalon.engine import GameState, IllegalCommand, legal_commands, play
from games.kinds.metaltalon.engine.commands import Command
from games.kinds.metaltalon.engine.firing import target_at
from games.kinds.metaltalon.engine.pieces import compositions, format_pieces
from games.kinds.metaltalon.engine.view import View, game_of

WORDS = ("keep", "redraw", "reroll", "accept", "end", "resign")


def candidates(state: GameState, seat: int) -> list[str]:
    """A superset of what `seat` may play: each verb over every cell, count and order value, one past
    each end of its range included."""
    game = game_of(state.edition)
    letters, cells = game.edition.letters, game.board.cells
    lo, hi = game.edition.die_range(state.dice_mode)
    out = list(WORDS)
    perms = ["".join(p) for p in permutations(letters)]
    out += [f"order damage {p}" for p in perms] + [f"order adapt {p}" for p in perms]
    out += ["order adapt same", "order adapt off"]
    for name in ("murphy", "clover"):
        out += [f"order {name} {n}" for n in range(max(lo - 1, 0), hi + 2)] + [f"order {name} off"]
    reserve = state.seats[seat].reserve
    stacks = [format_pieces(p, letters) for v in range(1, reserve + 2) for p in compositions(v)]
    out += [f"launch {s}" for s in stacks]
    for cell in dict.fromkeys(ship.cell for ship in state.ships):
        value = max(ship.value for ship in state.ships if ship.cell == cell)
        parts = [format_pieces(p, letters) for v in range(1, value + 1) for p in compositions(v)]
        for to in cells:
            out += [f"move {cell} {to}", f"fire {cell} {to}", f"fire {cell} {to} base"]
            out += [f"fire {cell} {to} {n}" for n in (1, 2, 3)]
            out += [f"split {cell} {to} {p}" for p in parts if to in game.board.neighbours(cell)]
    return out


def canonical(state: GameState, seat: int, cmd: Command) -> str:
    """The command's canonical text for `seat` now, as legal_commands lists it: Command.canonical, but a
    fire number that names the ship the bare `fire <shooter> <target>` names is left out. (Only this
    comparison needs it, so it lives here rather than in the engine.)"""
    edition = game_of(state.edition).edition
    letters = edition.letters
    if cmd.verb == "fire" and cmd.number:
        view = View(state)
        dst = cmd.cells[1]
        shields = edition.ship_shields_base
        try:
            _, _, named = target_at(view, seat, dst, False, cmd.number, shields_base=shields)
            _, _, bare = target_at(view, seat, dst, False, shields_base=shields)
        except IllegalCommand:
            return cmd.canonical(letters)
        if named is not None and bare is not None and named.id == bare.id:
            return f"fire {cmd.cells[0]} {dst}"
    return cmd.canonical(letters)


def accepted(state: GameState, seat: int) -> set[str]:
    """The canonical text of every candidate `play` accepts from `seat`."""
    parse = game_of(state.edition).parser.parse
    found = set()
    for text in candidates(state, seat):
        try:
            play(state, seat, text)
        except IllegalCommand:
            continue
        found.add(canonical(state, seat, parse(text)[0]))
    return found


def check_listed_is_accepted(state: GameState) -> None:
    for seat in range(state.players):
        listed = legal_commands(state, seat)
        assert len(listed) == len(set(listed)), f"seat {seat}: a command is listed twice"
        took = accepted(state, seat)
        assert set(listed) == took, (
            f"seat {seat}: listed but refused {sorted(set(listed) - took)}; "
            f"accepted but not listed {sorted(took - set(listed))}"
        )
