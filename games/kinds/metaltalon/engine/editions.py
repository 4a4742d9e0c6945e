"""The three rule sets the site plays (docs/rules.md, "The three editions")."""

from dataclasses import dataclass

from .pieces import Pieces, value


@dataclass(frozen=True, slots=True)
class Edition:
    name: str
    board: str
    letters: tuple[str, str, str]  # command letters for 1-, 5- and 10-credit pieces
    piece_names: tuple[str, str, str]
    start: int
    start_two: int  # two-player games (token edition: 32)
    bankers: tuple[int, int]  # (normal, two-player) starting reserve
    vamps: tuple[int, int]
    wild_dimes: bool  # metatalon: a dime may be spent as one move or one shot
    dime_limit: int | None  # metatalon: a ship worth more than this needs a dime
    anarchist_dime_limit: int | None
    vamps_from_bank: bool  # metatalon: up to 3 from the bank, not capped by the target's loss
    ship_shields_base: bool  # metatalon: a ship on a base must be destroyed before the base is hit
    stopwatch: str | None  # None: d6 only; "ten": digit 0 counts 10; "zero": digit 0 counts 0
    variants: bool
    unique_factions: bool
    credit_word: str

    def start_credits(self, players: int, faction: str | None) -> int:
        two = 1 if players == 2 else 0
        if faction == "bankers":
            return self.bankers[two]
        if faction == "vamps":
            return self.vamps[two]
        return self.start_two if two else self.start

    def dime_ok(self, pieces: Pieces, faction: str | None) -> bool:
        """001: any ship worth more than 15 cents must have a dime in it (Anarchists: 20)."""
        limit = self.anarchist_dime_limit if faction == "anarchists" else self.dime_limit
        return limit is None or pieces[2] > 0 or value(pieces) <= limit

    def die_range(self, dice_mode: str) -> tuple[int, int]:
        if dice_mode == "d6":
            return (1, 6)
        return (1, 5) if self.stopwatch == "ten" else (0, 5)

    def stopwatch_value(self, digit: int) -> int:
        """The hundredths digit, halved and rounded up (001 counts a zero as ten)."""
        if self.stopwatch == "ten" and digit == 0:
            digit = 10
        return (digit + 1) // 2


TOKEN = Edition(
    name="token",
    board="token",
    letters=("e", "w", "s"),
    piece_names=("engine", "weapon", "shield"),
    start=25,
    start_two=32,
    # docs/rules.md, "Setting up": Bankers ceil(1.2 x start), Vamps ceil(0.8 x start), so 30 and
    # 20 from 25 credits, 39 and 26 from the two-player 32.
    bankers=(30, 39),
    vamps=(20, 26),
    wild_dimes=False,
    dime_limit=None,
    anarchist_dime_limit=None,
    vamps_from_bank=False,
    ship_shields_base=False,
    stopwatch=None,
    variants=True,
    unique_factions=True,
    credit_word="credit",
)
# 001 states its own figures for a 26-cent game: Bankers 31, Vamps 20.
METATALON = Edition(
    name="metatalon",
    board="coin",
    letters=("p", "n", "d"),
    piece_names=("penny", "nickel", "dime"),
    start=26,
    start_two=26,
    bankers=(31, 31),
    vamps=(20, 20),
    wild_dimes=True,
    dime_limit=15,
    anarchist_dime_limit=20,
    vamps_from_bank=True,
    ship_shields_base=True,
    stopwatch="ten",
    variants=False,
    unique_factions=False,
    credit_word="cent",
)
WEB2002 = Edition(
    name="web2002",
    board="coin",
    letters=("p", "n", "d"),
    piece_names=("penny", "nickel", "dime"),
    start=25,
    start_two=25,
    bankers=(30, 30),
    vamps=(20, 20),
    wild_dimes=False,
    dime_limit=None,
    anarchist_dime_limit=None,
    vamps_from_bank=False,
    ship_shields_base=False,
    stopwatch="zero",
    variants=True,
    unique_factions=False,
    credit_word="cent",
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (TOKEN, METATALON, WEB2002)}
PLAYER_COUNTS = (2, 3, 4, 6)
VARIANTS = ("takeover", "spoils")
# The bank holds what no ship or reserve holds; the total is fixed so credits can be checked for
# conservation. It is large enough that income never runs it dry in practice.
BANK_PER_SEAT = 1000


def credits_total(players: int) -> int:
    return BANK_PER_SEAT * players


def get_edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ValueError(f"Unknown edition {name!r}: choose token, metatalon or web2002") from None
