"""legal_commands(): every command `play` accepts now, in canonical text."""

from .actions import check_launch, split_ship, split_targets
from .errors import IllegalCommand
from .firing import fire_ranges, target_at
from .movement import UNLIMITED, explore, left
from .orders import order_commands
from .pieces import Pieces, compositions, count, format_pieces, minus
from .state import GameState
from .turn import acting_ship
from .view import Game, View, game_of


def legal_commands(state: GameState, seat: int, *, launches: bool = True) -> list[str]:
    """Every command play() accepts now. `launches=False` leaves out the launches, which grow with the
    cube of the reserve (61,666 commands at 256 credits): a bot that builds its own few launches and has
    play() check them does not pay for listing them all."""
    # As play() refuses them: True is an int to Python but names no seat.
    if (
        not isinstance(seat, int)
        or isinstance(seat, bool)
        or not 0 <= seat < state.players
        or state.phase == "over"
    ):
        return []
    me = state.seats[seat]
    if me.out:
        return []
    game = game_of(state.edition)
    pending = state.pending
    if pending is not None and pending.seat == seat:
        return ["reroll", "accept"]  # a Clovers roller is asked only with a credit to pay (firing._clovers)
    common = order_commands(game, state, seat) + ["resign"]
    if state.phase == "setup":
        return (["keep", "redraw"] if not me.decided else []) + common
    if pending is not None or seat != state.active:
        return common
    view = View(state)
    out = _ship_commands(game, state, view, seat)
    if launches:
        out += _launches(game, state, view, seat)
    out += _splits(game, state, view, seat)
    return out + ["end"] + common


def move_costs(state: GameState, seat: int, cell: str, *, within_moves: bool = True) -> dict[str, int]:
    """For each space the ship on `cell` may move to now, the moves `move <cell> <space>` uses: the steps
    of the shortest legal path, which is the one the move takes (docs/rules.md, "Moving"), so a detour
    around blocked spaces costs what it costs before it is made. `within_moves=False`: every space the
    ship could reach were its moves unlimited (how far a space out of reach is). Empty when the seat may
    not move that ship now."""
    if (
        not 0 <= seat < state.players
        or state.phase != "play"
        or state.pending is not None
        or seat != state.active
        or state.seats[seat].out
    ):
        return {}
    game = game_of(state.edition)
    view = View(state)
    try:
        ship = acting_ship(state, view, seat, cell)
    except IllegalCommand:
        return {}
    moves, _ = left(game.edition, state.seats[seat].faction, ship, state.activation)
    dist, _ = explore(game, state, view, ship, moves if within_moves else UNLIMITED)
    return {dest: steps for dest, steps in dist.items() if dest != cell}


def _ship_commands(game: Game, state: GameState, view: View, seat: int) -> list[str]:
    out: list[str] = []
    faction = state.seats[seat].faction
    cells = dict.fromkeys(s.cell for s in state.ships if s.owner == seat)
    for cell in cells:
        try:
            ship = acting_ship(state, view, seat, cell)
        except IllegalCommand:
            continue
        moves, shots = left(game.edition, faction, ship, state.activation)
        dist, _ = explore(game, state, view, ship, moves)  # with no moves left: only where it stands
        out += [f"move {cell} {dest}" for dest in dist if dest != cell]
        if shots > 0:
            out += _fires(game, view, seat, cell)
    return out


def _fires(game: Game, view: View, seat: int, cell: str) -> list[str]:
    out = []
    shields_base = game.edition.ship_shields_base
    for target in fire_ranges(game, view, seat, cell):
        bare = None
        for base in (False, True):
            try:
                _, _, ship = target_at(view, seat, target, base, shields_base=shields_base)
            except IllegalCommand:
                continue
            bare = ship if not base else bare
            out.append(f"fire {cell} {target}" + (" base" if base else ""))
        # The other enemy ships sharing the space, by their number there (the bare form names the first;
        # a lone ship is that one or the shooter's own, so it adds nothing).
        here = sorted(view.occ.get(target, []), key=lambda s: s.id)
        out += [f"fire {cell} {target} {n}" for n, ship in enumerate(here, 1)
                if ship.owner != seat and ship is not bare]
    return out


def _launches(game: Game, state: GameState, view: View, seat: int) -> list[str]:
    try:
        check_launch(state, view, seat)
    except IllegalCommand:
        return []
    me = state.seats[seat]
    letters, ok = game.edition.letters, game.edition.dime_ok
    return [
        "launch " + format_pieces(p, letters)
        for v in range(1, me.reserve + 1)
        for p in compositions(v)
        if ok(p, me.faction)
    ]


def _splits(game: Game, state: GameState, view: View, seat: int) -> list[str]:
    me = state.seats[seat]
    if me.faction != "swarm" or state.launched:
        return []
    out = []
    letters, ok = game.edition.letters, game.edition.dime_ok
    for cell in dict.fromkeys(s.cell for s in state.ships if s.owner == seat):
        ship = split_ship(state, view, seat, cell)
        parts = [
            p for p in _sub_stacks(ship.pieces) if ok(p, me.faction) and ok(minus(ship.pieces, p), me.faction)
        ]
        for dst in split_targets(game, view, cell):
            out += [f"split {cell} {dst} " + format_pieces(p, letters) for p in parts]
    return out


def _sub_stacks(pieces: Pieces) -> list[Pieces]:
    a, b, c = pieces
    subs = [(x, y, z) for x in range(a + 1) for y in range(b + 1) for z in range(c + 1)]
    return [p for p in subs if 0 < count(p) < count(pieces)]
