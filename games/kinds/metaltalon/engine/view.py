"""Lookups shared by the rules: the edition and board of a state, who stands where, whose home is where."""

from dataclasses import dataclass
from functools import lru_cache

from .board import Board, load_board
from .commands import Parser
from .editions import Edition, get_edition
from .state import GameState, Ship


@dataclass(frozen=True, slots=True)
class Game:
    edition: Edition
    board: Board
    parser: Parser


@lru_cache(maxsize=8)  # pragma: no mutate (a cache size: any size gives the same Game)
def game_of(edition: str) -> Game:
    ed = get_edition(edition)
    board = load_board(ed.board)
    return Game(ed, board, Parser(board.normalize, ed.letters, ed.piece_names))


class View:
    """Occupancy and owned home bases of one state, computed once per command."""

    __slots__ = ("occ", "homes")

    def __init__(self, state: GameState) -> None:
        occ: dict[str, list[Ship]] = {}
        for ship in state.ships:
            occ.setdefault(ship.cell, []).append(ship)
        self.occ = occ
        # Home bases of seats still in; every other base is unowned (docs/rules.md: "Income").
        self.homes = {s.home: s.index for s in state.seats if not s.out}

    def own_ships_at(self, cell: str, seat: int) -> list[Ship]:
        return [s for s in self.occ.get(cell, ()) if s.owner == seat]
